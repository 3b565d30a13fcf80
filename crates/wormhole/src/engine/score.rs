//! Internal score values: centipawns, and game ends as `MATE - plies`.
//!
//! A win found `n` plies from the root scores `MATE - n`, a loss `n` plies
//! away `-(MATE - n)`, so the shortest win and the longest loss score best.

use super::Score;
use super::Searchable;

/// The score of having no legal move, negated: a win at the root.
pub const MATE: i32 = 32_000;
/// Larger than any score.
pub const INFINITY: i32 = 32_001;
/// The deepest ply any line can reach (a Wormhole game has at most 64
/// plies; longer games are cut there).
pub const MAX_PLY: usize = 128;
/// Scores at least this large in absolute value are proved game ends.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// The score of the side to move that has no legal move, `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// The score of a drawn position, for both sides (no contempt).
pub const DRAW: i32 = 0;

/// The score of the side to move that has no legal move, `ply` plies from
/// the root: a loss, except a stalemate in a game where that draws.
#[inline(always)]
pub fn no_move_value<P: Searchable>(in_check: bool, ply: usize) -> i32 {
    if P::DRAWS && !in_check { DRAW } else { mated_in(ply) }
}

/// Whether `v` is a proved game end.
#[inline]
pub const fn is_mate(v: i32) -> bool {
    v >= MATE_BOUND || v <= -MATE_BOUND
}

/// Converts a root-relative search value to a [`Score`].
pub fn to_score(v: i32) -> Score {
    if v >= MATE_BOUND {
        Score::Win((MATE - v) as u32)
    } else if v <= -MATE_BOUND {
        Score::Loss((MATE + v) as u32)
    } else {
        Score::Cp(v)
    }
}

/// A value from the node at `ply` made independent of the path, for the
/// transposition table: game-end distances are counted from the node.
#[inline]
pub fn to_tt(v: i32, ply: usize) -> i32 {
    if v >= MATE_BOUND {
        v + ply as i32
    } else if v <= -MATE_BOUND {
        v - ply as i32
    } else {
        v
    }
}

/// The inverse of [`to_tt`] at the probing node's ply.
#[inline]
pub fn from_tt(v: i32, ply: usize) -> i32 {
    if v >= MATE_BOUND {
        v - ply as i32
    } else if v <= -MATE_BOUND {
        v + ply as i32
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        assert_eq!(to_score(MATE - 3), Score::Win(3));
        assert_eq!(to_score(mated_in(4)), Score::Loss(4));
        assert_eq!(to_score(-57), Score::Cp(-57));
        assert_eq!(from_tt(to_tt(MATE - 9, 4), 4), MATE - 9);
        assert_eq!(from_tt(to_tt(mated_in(9), 2), 5), mated_in(12));
        assert_eq!(Score::Win(3).uci(), "mate 2");
        assert_eq!(Score::Loss(2).uci(), "mate -1");
    }
}
