//! Perft: counting the leaf nodes of the legal move tree, to check move
//! generation against reference counts. One function for every game of
//! the crate ([`Rules`]); draws are ignored, as in orthodox perft.

use crate::rules::{MoveSet, Rules};

/// The number of legal move sequences of length `depth` from `pos`.
/// The last ply is bulk-counted ([`Rules::legal_move_count`]: the moves
/// are counted, not played).
///
/// ```
/// use wormhole::{Position, Variant, perft, porthole};
/// assert_eq!(perft(&mut Position::new(Variant::Classic), 2), 841);
/// assert_eq!(perft(&mut porthole::Position::new(), 2), 256);
/// ```
pub fn perft<P: Rules>(pos: &mut P, depth: u32) -> u64 {
    match depth {
        0 => return 1,
        1 => return pos.legal_move_count() as u64,
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
pub fn divide<P: Rules>(pos: &mut P, depth: u32) -> Vec<(P::Move, u64)> {
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
