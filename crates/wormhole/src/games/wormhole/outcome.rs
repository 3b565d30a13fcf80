//! How a game ends: the side to move with no legal move loses.

use std::fmt;

use crate::Color;

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
    pub fn result_str(self) -> &'static str {
        Outcome::result_for(self.winner)
    }

    /// The PGN result string of a game `winner` won, whatever the reason
    /// (a resignation or a flag too): `1-0` or `0-1`.
    ///
    /// ```
    /// use wormhole::{Color, Outcome};
    /// assert_eq!(Outcome::result_for(Color::Black), "0-1");
    /// assert_eq!(Outcome::winner_of("0-1"), Some(Color::Black));
    /// assert_eq!(Outcome::winner_of("*"), None);
    /// ```
    pub const fn result_for(winner: Color) -> &'static str {
        match winner {
            Color::White => "1-0",
            Color::Black => "0-1",
        }
    }

    /// The winner a PGN result string names: `1-0` White, `0-1` Black;
    /// `None` for anything else (`*`, an unfinished game).
    pub fn winner_of(result: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| Outcome::result_for(c) == result)
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
