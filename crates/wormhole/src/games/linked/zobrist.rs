//! Zobrist hashing for Linked-portal chess: pieces and the side to move use
//! the keys every game shares ([`crate::core::zobrist`]); on top, one key per square for
//! White's portal and one per square for Black's portal, one for frozen
//! portals, one per set of castling rights and one per en passant file. Two
//! positions hash alike when threefold repetition counts them as the same
//! (portal squares and frozen included). Clocks are not hashed.

use super::{CastlingRights, Portals};
use crate::core::zobrist::{black_key, fill, piece_key, splitmix};
use crate::core::{Board, Color, Square};

struct LinkedKeys {
    portals: [[u64; 64]; 2],
    frozen: u64,
    castling: [u64; 16],
    en_passant: [u64; 8],
}

static KEYS: LinkedKeys = {
    let mut keys = LinkedKeys { portals: [[0; 64]; 2], frozen: 0, castling: [0; 16], en_passant: [0; 8] };
    let mut state = 0x4c49_4e4b_4544_2121; // any fixed seed: the keys must be stable across runs
    state = fill(&mut keys.portals[0], state);
    state = fill(&mut keys.portals[1], state);
    // No rights hash as 0.
    state = fill(keys.castling.split_at_mut(1).1, state);
    state = fill(&mut keys.en_passant, state);
    keys.frozen = splitmix(state).1;
    keys
};

/// The key of the portals (0 for none).
#[inline]
pub fn portals_key(portals: Portals) -> u64 {
    match portals {
        Portals::None => 0,
        Portals::Active { white, black } => KEYS.portals[0][white.index()] ^ KEYS.portals[1][black.index()],
        Portals::Frozen(sq) => KEYS.portals[0][sq.index()] ^ KEYS.portals[1][sq.index()] ^ KEYS.frozen,
    }
}

/// The key of a set of castling rights (0 for none).
#[inline]
pub fn castling_key(rights: CastlingRights) -> u64 {
    KEYS.castling[rights.bits() as usize]
}

/// The key of an en passant square (0 for none).
#[inline]
pub fn en_passant_key(ep: Option<Square>) -> u64 {
    ep.map_or(0, |sq| KEYS.en_passant[sq.file() as usize])
}

/// The hash of a position's parts, computed from scratch.
pub fn hash(board: &Board, portals: Portals, turn: Color, castling: CastlingRights, ep: Option<Square>) -> u64 {
    let mut h = castling_key(castling) ^ portals_key(portals) ^ en_passant_key(ep);
    if turn == Color::Black {
        h ^= black_key();
    }
    for sq in Square::all() {
        if let Some(p) = board.piece_at(sq) {
            h ^= piece_key(p, sq);
        }
    }
    h
}
