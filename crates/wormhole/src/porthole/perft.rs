//! Perft: counting the leaf nodes of the legal move tree, to check move
//! generation against the reference counts. Draws are ignored, as in
//! orthodox perft.

use super::{Move, Position};

/// The number of legal move sequences of length `depth` from `pos`. The
/// last ply is bulk-counted: a [`super::MoveList`] knows its length without
/// listing its moves.
///
/// ```
/// use wormhole::porthole::{Position, perft};
/// assert_eq!(perft(&mut Position::new(), 2), 256);
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
    for m in &moves {
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
        .map(|m| {
            let undo = pos.play_unchecked(m);
            let n = perft(pos, depth.saturating_sub(1));
            pos.undo(m, undo);
            (m, n)
        })
        .collect()
}
