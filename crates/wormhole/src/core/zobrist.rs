//! The Zobrist keys every game shares: one random key per (piece, square),
//! per marked square (a hole of Wormhole chess) and for the side to move,
//! drawn at compile time. Each game XORs them, with keys of its own, into
//! its hash (`zobrist` in the game's folder).

use crate::core::{Piece, Square};

/// One step of the SplitMix64 generator: the next state and a key. Every
/// Zobrist table in the crate is drawn from it, at compile time.
pub const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

/// Fills `keys` with the next keys of the generator from `state`, in
/// order, and returns the state after them: how each game's tables draw
/// their keys, one run per table, at compile time.
pub(crate) const fn fill(keys: &mut [u64], mut state: u64) -> u64 {
    let mut i = 0;
    while i < keys.len() {
        let (next, key) = splitmix(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    state
}

struct BoardKeys {
    pieces: [[[u64; 64]; 9]; 2],
    holes: [u64; 64],
    black: u64,
}

static KEYS: BoardKeys = {
    let mut keys = BoardKeys { pieces: [[[0; 64]; 9]; 2], holes: [0; 64], black: 0 };
    let mut state = 0x5752_4d48_4f4c_4521; // any fixed seed: the keys must be stable across runs
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 9 {
            state = fill(&mut keys.pieces[c][r], state);
            r += 1;
        }
        c += 1;
    }
    state = fill(&mut keys.holes, state);
    keys.black = splitmix(state).1;
    keys
};

/// The key of `piece` standing on `sq`.
#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.color.index()][piece.role.index()][sq.index()]
}

/// The key of a marked square `sq` (a hole of Wormhole chess).
#[inline]
pub fn hole_key(sq: Square) -> u64 {
    KEYS.holes[sq.index()]
}

/// The key XORed in when Black is to move.
#[inline]
pub fn black_key() -> u64 {
    KEYS.black
}
