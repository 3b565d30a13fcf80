//! Moves of Linked-portal chess and lists of them.

use std::fmt;

use super::CastlingSide;
use crate::core::castling::CastlingSquares;
use crate::core::move_list::MoveStack;
use crate::core::packed;
pub(crate) use crate::core::packed::PROMOTIONS;
use crate::core::{Color, Role, Square};

/// What kind of move a [`Move`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece moves to its landing square, directly or through the portal
    /// (with a promotion when a pawn lands on its last rank).
    Normal,
    /// A pawn takes en passant.
    EnPassant,
    /// The king's two-square castling move; the rook moves too.
    Castle,
    /// The side to move steps its own portal to a neighbouring square.
    Portal,
}

/// A move, packed into 32 bits: origin, landing square, kind and promotion.
/// A piece move is known by its origin, landing square and promotion (two
/// paths to the same landing are one move); a portal move by its target
/// (its origin is the mover's portal).
///
/// ```
/// use wormhole::linked::{Move, MoveKind};
/// let sq = |s: &str| s.parse().unwrap();
/// let m = Move::normal(sq("b6"), sq("h8"), Some(wormhole::Role::Queen));
/// assert_eq!(m.to_string(), "b6h8q");
/// let z = Move::portal(sq("e4"), sq("e5"));
/// assert_eq!((z.kind(), z.to_string()), (MoveKind::Portal, "Z@e5".to_string()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u32);

const EN_PASSANT: u32 = 1;
const CASTLE: u32 = 2;
const PORTAL: u32 = 3;

impl Move {
    #[inline]
    const fn pack(from: Square, to: Square, kind: u32, promotion: u32) -> Move {
        Move(packed::squares(from, to) | kind << 12 | promotion << 14)
    }

    /// A piece move from `from` to the landing square `to`, promoting to
    /// `promotion` if given.
    #[inline]
    pub const fn normal(from: Square, to: Square, promotion: Option<Role>) -> Move {
        Move::pack(from, to, 0, packed::promotion_code(promotion))
    }

    /// A pawn on `from` taking en passant on `to`.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, EN_PASSANT, 0)
    }

    /// `color` castling on `side` (the king's move, `e1g1`).
    #[inline]
    pub const fn castle(color: Color, side: CastlingSide) -> Move {
        let s = CastlingSquares::of(color, side);
        Move::pack(s.king_from, s.king_to, CASTLE, 0)
    }

    /// The portal on `from` steps to `to`.
    #[inline]
    pub const fn portal(from: Square, to: Square) -> Move {
        Move::pack(from, to, PORTAL, 0)
    }

    /// What kind of move this is.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 & 3 {
            EN_PASSANT => MoveKind::EnPassant,
            CASTLE => MoveKind::Castle,
            PORTAL => MoveKind::Portal,
            _ => MoveKind::Normal,
        }
    }

    /// Whether this is a portal move.
    #[inline]
    pub const fn is_portal(self) -> bool {
        matches!(self.kind(), MoveKind::Portal)
    }

    /// The side a castling move castles on.
    #[inline]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        match self.kind() {
            MoveKind::Castle if self.to().file() == 6 => Some(CastlingSide::King),
            MoveKind::Castle => Some(CastlingSide::Queen),
            _ => None,
        }
    }
}

crate::rules::packed_move! {
    from: "The square the piece (or the portal) leaves.",
    to: "The square the piece lands on (or the portal's target).",
    promotion_at: 14,
    GameMove {
        fn moves_piece(self) -> bool {
            !self.is_portal()
        }
    }
}

/// Coordinate form: origin and landing square (`e2a5`, `b6h8q`), castling as
/// the king's move (`e1g1`), a portal move as `Z@` and its target (`Z@e5`).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_portal() {
            return write!(f, "Z@{}", self.to());
        }
        write!(f, "{}{}", self.from(), self.to())?;
        packed::write_promotion(f, self.promotion(), crate::core::Roles::ORTHODOX)
    }
}

/// The most moves a list holds (orthodox positions have at most 218; the
/// portal adds landings and eight portal steps).
const MAX_MOVES: usize = 384;

/// A list of moves on the stack.
pub type MoveList = MoveStack<Move, MAX_MOVES>;
