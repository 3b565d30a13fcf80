//! How a game ends: the side to move with no legal move loses.

use std::fmt;

use crate::core::Color;

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The loser is in check and has no legal move.
    Checkmate,
    /// The loser is not in check but has no legal move (a loss in this game).
    Stalemate,
}

/// The result of a finished game. There are no draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The side that won.
    pub winner: Color,
    /// How.
    pub reason: EndReason,
}

impl Outcome {
    /// The outcome when `winner`'s opponent has no legal move, in check or not.
    pub fn new(winner: Color, in_check: bool) -> Outcome {
        let reason = if in_check { EndReason::Checkmate } else { EndReason::Stalemate };
        Outcome { winner, reason }
    }

    /// The PGN result string, `1-0` or `0-1`.
    pub const fn result_str(self) -> &'static str {
        crate::rules::result_str(Some(self.winner))
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reason {
            EndReason::Checkmate => write!(f, "{} wins by checkmate", self.winner),
            EndReason::Stalemate => write!(f, "{} wins: {} has no legal move", self.winner, !self.winner),
        }
    }
}

impl crate::rules::GameOutcome for Outcome {
    fn winner(self) -> Option<Color> {
        Some(self.winner)
    }
}
