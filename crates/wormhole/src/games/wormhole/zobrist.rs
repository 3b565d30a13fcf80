//! Zobrist hashing: one random key per (piece, square), per hole and for the
//! side to move, XORed together. Holes are part of the position: two boards
//! with the same pieces but different holes are different positions. The
//! keys are the shared ones of [`crate::core::zobrist`].

use super::HoleBoard;
pub use crate::core::zobrist::{black_key, hole_key, piece_key};
use crate::core::{Color, Square};

/// The hash of a board and side to move, computed from scratch (what
/// [`Position::hash`](crate::games::wormhole::Position::hash) keeps up to date as moves are played).
pub fn hash(board: &HoleBoard, turn: Color) -> u64 {
    let mut h = if turn == Color::Black { black_key() } else { 0 };
    for sq in Square::all() {
        if let Some(p) = board.piece_at(sq) {
            h ^= piece_key(p, sq);
        }
        if board.is_hole(sq) {
            h ^= hole_key(sq);
        }
    }
    h
}
