//! The refusals the orthodox games share (Porthole and Linked-portal
//! chess, each re-exporting these types): [`OrthodoxMoveError`], what is
//! wrong with a move of a piece by the rules of orthodox chess, and
//! [`OrthodoxSetupError`], what makes a board unplayable by them. Each
//! game's own error wraps them beside what is its own (portholes,
//! portals).

use crate::core::castling::{CastlingRights, CastlingSquares};
use crate::core::packed::PROMOTIONS;
use crate::core::{Board, Color, Role, Square};

/// Why a move of a piece is not legal, by the rules every orthodox game
/// keeps: the game's `IllegalMoveError` holds it as its `Orthodox` variant.
///
/// ```
/// use wormhole::porthole::{IllegalMoveError, Move, OrthodoxMoveError, Position};
/// use wormhole::{Role, Rules, Square};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let mut pos = Position::new();
/// let err = pos.play(Move::normal(sq("b1"), sq("b3"), None)).unwrap_err();
/// assert_eq!(err, IllegalMoveError::Orthodox(OrthodoxMoveError::CannotReach { role: Role::Knight, from: sq("b1"), to: sq("b3") }));
/// assert_eq!(err.to_string(), "the knight on b1 cannot reach b3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum OrthodoxMoveError {
    /// The side to move has no piece on the origin.
    #[error("you have no piece on {square}")]
    NoPiece {
        /// The origin.
        square: Square,
    },
    /// The piece on the origin does not get to the target (by any path
    /// the game gives it).
    #[error("the {} on {from} cannot reach {to}", crate::core::Roles::ORTHODOX.name(*.role))]
    CannotReach {
        /// The piece that was asked to move.
        role: Role,
        /// Where it stands.
        from: Square,
        /// The target it cannot reach.
        to: Square,
    },
    /// A promotion to a king or a pawn.
    #[error("a pawn cannot promote to a {}: choose Q, R, B or N", crate::core::Roles::ORTHODOX.name(*.role))]
    PromotionRole {
        /// The role asked for.
        role: Role,
    },
    /// A promotion asked for a move that does not reach the last rank.
    #[error("a pawn promotes only on its last rank, and {to} is not on it")]
    PromotionOffLastRank {
        /// The pawn's target.
        to: Square,
    },
    /// A pawn's move to its last rank must say what it becomes.
    #[error("the pawn on {from} must promote when it reaches {to}")]
    MissingPromotion {
        /// Where the pawn stands.
        from: Square,
        /// Its target on the last rank.
        to: Square,
    },
}

impl OrthodoxMoveError {
    /// What is wrong with the `promotion` of a move from `from` to `to`, if
    /// anything: a role no pawn becomes; a promotion where the game allows
    /// none (`may_promote` false); none where a pawn reaches its last rank
    /// (`pawn_to_last_rank`) and `could_promote()` (the move exists with one).
    #[inline]
    pub(crate) fn of_promotion(
        promotion: Option<Role>,
        may_promote: bool,
        pawn_to_last_rank: bool,
        (from, to): (Square, Square),
        could_promote: impl FnOnce() -> bool,
    ) -> Option<OrthodoxMoveError> {
        match promotion {
            Some(role) if !PROMOTIONS.contains(&role) => Some(OrthodoxMoveError::PromotionRole { role }),
            Some(_) if !may_promote => Some(OrthodoxMoveError::PromotionOffLastRank { to }),
            None if pawn_to_last_rank && could_promote() => Some(OrthodoxMoveError::MissingPromotion { from, to }),
            _ => None,
        }
    }
}

/// What makes a board unplayable by the rules every orthodox game keeps:
/// the game's `FenError` holds it as its `Setup` variant.
///
/// ```
/// use wormhole::linked::{FenError, OrthodoxSetupError, Position};
/// use wormhole::Color;
/// let err = Position::from_fen("4k3/8/8/8/8/8/8/4KK2 w - - 0 1").unwrap_err();
/// assert_eq!(err, FenError::Setup(OrthodoxSetupError::KingCount { color: Color::White, count: 2 }));
/// assert_eq!(err.to_string(), "White has 2 kings (expected exactly 1)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum OrthodoxSetupError {
    /// A side without exactly one king.
    #[error("{color} has {count} kings (expected exactly 1)")]
    KingCount {
        /// The side.
        color: Color,
        /// How many it has.
        count: u32,
    },
    /// A castling right whose king or rook is not on its home square.
    #[error("castling right '{letter}' needs the {color} king on {king} and a rook on {rook}")]
    CastlingWithoutPieces {
        /// The right, as its FEN letter.
        letter: char,
        /// The side.
        color: Color,
        /// The king's home square.
        king: Square,
        /// The rook's home square.
        rook: Square,
    },
    /// The side that has just moved is in check.
    #[error("the side not to move ({0}) is in check")]
    OppositeCheck(Color),
}

impl OrthodoxSetupError {
    /// `color` with other than one king on `board`.
    pub(crate) fn king_count(board: &Board, color: Color) -> Result<(), OrthodoxSetupError> {
        match board.pieces(color, Role::King).count() {
            1 => Ok(()),
            count => Err(OrthodoxSetupError::KingCount { color, count }),
        }
    }

    /// The first of the `castling` rights whose king or rook is not at home
    /// on `board`.
    pub(crate) fn castling(board: &Board, castling: CastlingRights) -> Result<(), OrthodoxSetupError> {
        match castling.first_without_pieces(board) {
            Some((color, side)) => {
                let (s, letter) = (CastlingSquares::of(color, side), CastlingRights::letter(color, side));
                Err(OrthodoxSetupError::CastlingWithoutPieces { letter, color, king: s.king_from, rook: s.rook_from })
            }
            None => Ok(()),
        }
    }
}
