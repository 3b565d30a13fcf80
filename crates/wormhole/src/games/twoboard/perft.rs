//! Perft for Two-board portal chess: a pass or lost move counts as one
//! move, and draws are ignored.

use super::{Move, Position};

/// The number of legal move sequences of length `depth` from `pos`; the
/// last ply is bulk-counted.
///
/// ```
/// use wormhole::twoboard::{Position, perft};
/// assert_eq!(perft(&mut Position::new(), 2), 400);
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => return 1,
        1 => return pos.legal_moves().len() as u64,
        _ => {}
    }
    let moves = pos.legal_moves();
    let mut nodes = 0;
    for m in moves.iter() {
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
