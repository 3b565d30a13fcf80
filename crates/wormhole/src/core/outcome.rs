//! How a game of the orthodox games ends (Porthole, Linked-portal and
//! Two-board portal chess, each re-exporting these types): checkmate wins;
//! stalemate, threefold repetition, the fifty-move rule and king against
//! king draw. What counts as check, as the same position and as a
//! capture or pawn move is each game's own (its folder says).

use std::fmt;

use crate::core::Color;

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position (everything the FEN says but the clocks) arose
    /// for the third time.
    Repetition,
    /// 100 plies without a capture or a pawn move.
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

/// The result of a finished game under the orthodox ends (checkmate and
/// the draws), shared by the three Portal games, whose folders name it
/// `Outcome` (`porthole::Outcome`, ...).
///
/// ```
/// use wormhole::Color;
/// use wormhole::porthole::{DrawReason, Outcome};
/// let draw = Outcome::Draw(DrawReason::Repetition);
/// assert_eq!(draw.result_str(), "1/2-1/2");
/// assert_eq!(draw.to_string(), "draw by threefold repetition");
/// let mate = Outcome::Checkmate { winner: Color::Black };
/// assert_eq!((mate.result_str(), mate.to_string().as_str()), ("0-1", "Black wins by checkmate"));
/// // The three games share the type.
/// assert_eq!(wormhole::linked::Outcome::Draw(DrawReason::Stalemate), Outcome::Draw(DrawReason::Stalemate));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrthodoxOutcome {
    /// The side to move is in check with no legal move: `winner` won.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// Neither side won.
    Draw(DrawReason),
}

impl OrthodoxOutcome {
    /// The winner, if the game was not drawn.
    pub const fn winner(self) -> Option<Color> {
        match self {
            OrthodoxOutcome::Checkmate { winner } => Some(winner),
            OrthodoxOutcome::Draw(_) => None,
        }
    }

    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result_str(self) -> &'static str {
        result_str(self.winner())
    }

    /// The result a position gives by itself, from what its game counts:
    /// with no legal move (`has_move` false) checkmate if `mated()` (the
    /// side to move, `turn`, loses), else stalemate; then king against king
    /// and the fifty-move rule (100 `halfmoves`). Threefold repetition
    /// needs the game's history.
    #[inline]
    pub(crate) fn of_position(
        turn: Color,
        has_move: bool,
        mated: impl FnOnce() -> bool,
        king_versus_king: bool,
        halfmoves: u32,
    ) -> Option<OrthodoxOutcome> {
        if !has_move {
            Some(if mated() {
                OrthodoxOutcome::Checkmate { winner: !turn }
            } else {
                OrthodoxOutcome::Draw(DrawReason::Stalemate)
            })
        } else if king_versus_king {
            Some(OrthodoxOutcome::Draw(DrawReason::KingVersusKing))
        } else if halfmoves >= 100 {
            Some(OrthodoxOutcome::Draw(DrawReason::FiftyMoves))
        } else {
            None
        }
    }
}

impl fmt::Display for OrthodoxOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrthodoxOutcome::Checkmate { winner } => write!(f, "{winner} wins by checkmate"),
            OrthodoxOutcome::Draw(reason) => write!(f, "draw by {}", reason.name()),
        }
    }
}

/// The PGN result of a game `winner` won, whatever the reason (a
/// resignation or a flag too), or of a draw (`None`): `1-0`, `0-1` or
/// `1/2-1/2`.
///
/// ```
/// use wormhole::Color;
/// use wormhole::rules::{result_str, winner_of};
/// assert_eq!(result_str(Some(Color::Black)), "0-1");
/// assert_eq!(winner_of("0-1"), Some(Color::Black));
/// assert_eq!(winner_of("*"), None);
/// ```
pub const fn result_str(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}
