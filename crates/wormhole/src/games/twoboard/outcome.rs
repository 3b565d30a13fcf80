//! How a game of Two-board portal chess ends (D13, D14): checkmate wins;
//! stalemate, threefold repetition, the fifty-move rule and king against
//! king draw.

use std::fmt;

use crate::Color;

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// No legal move, the king on the board to play and not attacked after a pass.
    Stalemate,
    /// The same FEN, clocks aside, for the third time.
    Repetition,
    /// 100 plies over both boards without a capture or a pawn move.
    FiftyMoves,
    /// Only the two kings are left.
    KingVersusKing,
}

impl DrawReason {
    /// A short phrase for the reason, e.g. `"threefold repetition"`.
    pub const fn name(self) -> &'static str {
        match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::Repetition => "threefold repetition",
            DrawReason::FiftyMoves => "the fifty-move rule",
            DrawReason::KingVersusKing => "king against king",
        }
    }
}

/// The result of a finished game.
///
/// ```
/// use wormhole::Color;
/// use wormhole::twoboard::Outcome;
/// let mate = Outcome::Checkmate { winner: Color::Black };
/// assert_eq!(mate.result_str(), "0-1");
/// assert_eq!(mate.to_string(), "Black wins by checkmate");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move has no legal move and a pass would leave its king
    /// attacked where the opponent plays first: `winner` won.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// Neither side won.
    Draw(DrawReason),
}

impl Outcome {
    /// The winner, if the game was not drawn.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result_str(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "{winner} wins by checkmate"),
            Outcome::Draw(reason) => write!(f, "draw by {}", reason.name()),
        }
    }
}

impl crate::rules::GameOutcome for Outcome {
    fn winner(self) -> Option<Color> {
        Outcome::winner(self)
    }
}
