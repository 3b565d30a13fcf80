//! Perft: counting the leaf nodes of the legal move tree, to check move
//! generation against reference counts.

use crate::{Move, Position};

/// The number of legal move sequences of length `depth` from `pos`.
/// The last ply is bulk-counted (the moves are generated, not played).
///
/// ```
/// use wormhole::{Position, Variant, perft};
/// let mut pos = Position::new(Variant::Classic);
/// assert_eq!(perft(&mut pos, 2), 841);
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in moves.iter() {
        let undo = pos.play_unchecked(m);
        nodes += perft(pos, depth - 1);
        pos.undo(m, undo);
    }
    nodes
}

/// Perft split by root move: each legal move with the count below it.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&m| {
            let undo = pos.play_unchecked(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.undo(m, undo);
            (m, n)
        })
        .collect()
}
