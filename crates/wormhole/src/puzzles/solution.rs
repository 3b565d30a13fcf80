//! What a puzzle's solution must be, whichever way it is judged (a mate,
//! [`judge`](super::judge); material, [`material`](super::material)): how
//! long it may be, why one is refused ([`Refusal`]), and whether its win
//! shows where it ends ([`win_visible`]).

use super::record::LineError;
use crate::rules::{Evaluate, MoveSet, Rules};

/// The most moves of the solver a puzzle's solution has, unless it plays
/// on to make its win visible ([`MAX_PLAYED_ON`]).
pub const MAX_SOLVER_MOVES: u32 = 4;

/// The most moves of the solver a proved line (Wormhole chess) plays to
/// make its win visible: past [`MAX_SOLVER_MOVES`] only while it is not.
pub const MAX_PLAYED_ON: u32 = 8;

/// Why a position is no puzzle, or a puzzle's solution does not hold;
/// `ply` counts the solution's moves from 0 (the solver's first move).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The moves of the solution do not play.
    #[error(transparent)]
    Line(#[from] LineError),
    /// The solution has more moves of the solver than its game allows
    /// ([`MAX_SOLVER_MOVES`], or [`MAX_PLAYED_ON`] for a proved line).
    #[error("the solution has {moves} moves of the solver, more than {limit}")]
    TooLong {
        /// The solver's moves in the solution.
        moves: usize,
        /// The most allowed.
        limit: u32,
    },
    /// The line ends with its win not visible: the game goes on and the
    /// solver is behind in material, or a reply puts it behind.
    #[error("after move {}: the win does not show (no mate, and the solver is or can be put behind in material)", .ply + 1)]
    Unclear {
        /// The line's last move.
        ply: usize,
    },
    /// No move wins (within the moves left, in a game without a prover).
    #[error("move {}: no move wins{}", .ply + 1, within(*.moves))]
    NoWin {
        /// Where.
        ply: usize,
        /// The solver's moves left, in a game without a prover.
        moves: Option<u32>,
    },
    /// Two moves win.
    #[error("move {}: {first} and {second} both win", .ply + 1)]
    NotUnique {
        /// Where.
        ply: usize,
        /// The winning move found first (SAN).
        first: String,
        /// Another winning move (SAN).
        second: String,
    },
    /// The solution's move is not the one that wins.
    #[error("move {}: {written} does not win, {winner} does", .ply + 1)]
    WrongMove {
        /// Where.
        ply: usize,
        /// The solution's move (SAN).
        written: String,
        /// The only winning move (SAN).
        winner: String,
    },
    /// A question the search could not settle within the judge's effort.
    #[error("move {}: whether {mv} wins is not settled within the search's effort", .ply + 1)]
    Unsettled {
        /// Where.
        ply: usize,
        /// The move or position in question.
        mv: String,
    },
}

/// " within N moves" for a forced mate.
fn within(moves: Option<u32>) -> String {
    moves.map(|n| format!(" within {n} moves")).unwrap_or_default()
}

/// Whether the win shows where a line ends (`end`, the defender to move):
/// the game is over, or the solver is not behind in material (the game's
/// fixed values, [`Evaluate::judged_values`](crate::rules::Evaluate::judged_values)) and stays so
/// whatever the defender replies, if need be by winning material back at
/// once (a gain that lasts, not the middle of an exchange).
pub(crate) fn win_visible<P: Rules + Evaluate>(end: &mut P) -> bool {
    if end.outcome(&[]).is_some() {
        return true;
    }
    // `judged_material` is the side to move's: here the defender's.
    if end.judged_material() > 0 {
        return false;
    }
    let replies: Vec<P::Move> = end.legal_moves().iter().collect();
    replies.into_iter().all(|r| {
        let undo = end.play_unchecked(r);
        let holds = end.judged_material() >= 0 || wins_back(end);
        end.undo(r, undo);
        holds
    })
}

/// Whether the side to move of `pos` has a move after which it is not
/// behind in material.
fn wins_back<P: Rules + Evaluate>(pos: &mut P) -> bool {
    let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
    moves.into_iter().any(|m| {
        let undo = pos.play_unchecked(m);
        let mover = -pos.judged_material();
        pos.undo(m, undo);
        mover >= 0
    })
}
