//! Zobrist hashing for Porthole chess: the pieces and the side to move
//! share the keys of [`crate::core::zobrist`]; tokens have one key per
//! square and height, and castling rights one key per set of rights. Two
//! positions hash alike when they agree on pieces, tokens with their
//! heights, side to move and castling rights: exactly what threefold
//! repetition compares (docs/porthole.md#how-a-game-ends). Clocks are not
//! hashed.

use super::{CastlingRights, MAX_TOKENS, Tokens};
use crate::core::zobrist::{black_key, fill, piece_key};
use crate::core::{Board, Color, Square};

const HEIGHTS: usize = MAX_TOKENS as usize + 1;

struct PortholeKeys {
    /// `tokens[s][h]`: `s` holds `h` tokens (`h = 0` has key 0).
    tokens: [[u64; HEIGHTS]; 64],
    castling: [u64; 16],
}

static KEYS: PortholeKeys = {
    let mut keys = PortholeKeys { tokens: [[0; HEIGHTS]; 64], castling: [0; 16] };
    let mut state = 0x504f_5254_484f_4c45; // any fixed seed: the keys must be stable across runs
    let mut s = 0;
    while s < 64 {
        // No token hashes as 0.
        state = fill(keys.tokens[s].split_at_mut(1).1, state);
        s += 1;
    }
    // No rights hash as 0.
    fill(keys.castling.split_at_mut(1).1, state);
    keys
};

/// The key of `height` tokens on `sq` (0 for none).
#[inline]
pub fn token_key(sq: Square, height: u8) -> u64 {
    KEYS.tokens[sq.index()][height as usize]
}

/// The key of a set of castling rights (0 for none).
#[inline]
pub fn castling_key(rights: CastlingRights) -> u64 {
    KEYS.castling[rights.bits() as usize]
}

/// The hash of a position's parts, computed from scratch.
pub fn hash(board: &Board, tokens: &Tokens, turn: Color, castling: CastlingRights) -> u64 {
    let mut h = castling_key(castling) ^ if turn == Color::Black { black_key() } else { 0 };
    for sq in Square::all() {
        if let Some(p) = board.piece_at(sq) {
            h ^= piece_key(p, sq);
        }
        h ^= token_key(sq, tokens.height(sq));
    }
    h
}
