//! Why a move is not legal in a Linked-portal position: the typed error
//! that [`Rules::play`](crate::rules::Rules::play) returns.

use super::routes;
use super::{
    CastlingSide, LinkedCastlingObstacle, Move, MoveKind, OrthodoxMoveError, PortalObstacle, Portals, Position,
};
use crate::core::{Color, Role, Square};

/// Why a move is not legal where it was played.
///
/// ```
/// use wormhole::Rules;
/// use wormhole::linked::{IllegalMoveError, Move, Position};
/// let sq = |s: &str| s.parse().unwrap();
/// let mut pos = Position::from_fen("8/8/3p1k2/8/4B3/8/8/6K1 w - - 0 1 d4,e5").unwrap();
/// let err = pos.play(Move::portal(sq("d4"), sq("e5"))).unwrap_err();
/// assert_eq!(err.to_string(), "Z@e5 is not possible: the black hole would swallow the king on f6");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMoveError {
    /// What orthodox chess refuses too (no piece, a landing the piece does
    /// not reach, a promotion).
    #[error(transparent)]
    Orthodox(#[from] OrthodoxMoveError),
    /// The target is an active portal cell the piece enters: it comes out of
    /// the other cell, so the move names where it lands (`e2a5`, `e4>a5`).
    #[error("{cell} is a portal: the {} on {from} enters it and comes out of the other cell", crate::core::Roles::ORTHODOX.name(*.role))]
    EntersPortal {
        /// The piece that was asked to move.
        role: Role,
        /// Where it stands.
        from: Square,
        /// The portal cell written as the target.
        cell: Square,
    },
    /// The piece could make the move, but its king would be left attacked.
    #[error("illegal: {mv} leaves your king attacked")]
    LeavesKingAttacked {
        /// The move (coordinates).
        mv: Move,
    },
    /// Castling is not possible now.
    #[error("{color} cannot castle {}: {reason}", .side.name())]
    CannotCastle {
        /// The side to move.
        color: Color,
        /// Kingside or queenside.
        side: CastlingSide,
        /// What stops it.
        reason: LinkedCastlingObstacle,
    },
    /// A portal move without active portals.
    #[error("there are no active portals to move")]
    NoPortals,
    /// A portal move to a square that is not next to the mover's portal.
    #[error("your portal on {portal} steps only to a neighbouring square, and {to} is not one")]
    PortalTooFar {
        /// The mover's portal.
        portal: Square,
        /// The target asked for.
        to: Square,
    },
    /// A portal step the rules forbid.
    #[error("Z@{to} is not possible: {reason}")]
    PortalStep {
        /// The target.
        to: Square,
        /// Why not.
        reason: PortalObstacle,
    },
}

impl Position {
    /// Why `m`, which is not legal here, is refused.
    pub(crate) fn why_illegal(&self, m: Move) -> IllegalMoveError {
        match m.kind() {
            MoveKind::Castle => {
                let side = m.castling_side().unwrap_or(CastlingSide::King);
                match self.castling_obstacle(side) {
                    Some(reason) => IllegalMoveError::CannotCastle { color: self.turn, side, reason },
                    None => IllegalMoveError::LeavesKingAttacked { mv: m },
                }
            }
            MoveKind::Portal => self.why_portal_illegal(m),
            MoveKind::Normal | MoveKind::EnPassant => self.why_piece_illegal(m),
        }
    }

    fn why_portal_illegal(&self, m: Move) -> IllegalMoveError {
        let (Some(own), Some(other)) = (self.portals.of(self.turn), self.portals.of(!self.turn)) else {
            return IllegalMoveError::NoPortals;
        };
        if !self.portals.is_active() {
            return IllegalMoveError::NoPortals;
        }
        let to = m.to();
        if m.from() != own || routes::king(own.index()) & 1 << to.index() == 0 {
            return IllegalMoveError::PortalTooFar { portal: own, to };
        }
        match self.portal_step_obstacle(other, to) {
            Some(reason) => IllegalMoveError::PortalStep { to, reason },
            None => IllegalMoveError::LeavesKingAttacked { mv: m },
        }
    }

    fn why_piece_illegal(&self, m: Move) -> IllegalMoveError {
        let (from, to) = (m.from(), m.to());
        let Some(piece) = self.board.piece_at(from).filter(|p| p.color == self.turn) else {
            return OrthodoxMoveError::NoPiece { square: from }.into();
        };
        if self.pseudo_legal_moves().contains(m) {
            return IllegalMoveError::LeavesKingAttacked { mv: m };
        }
        let pawn_to_last_rank = piece.role == Role::Pawn && to.rank() == self.turn.last_rank();
        let could_promote = || self.pseudo_legal_moves().contains(Move::normal(from, to, Some(Role::Queen)));
        let promotion = OrthodoxMoveError::of_promotion(
            m.promotion(),
            pawn_to_last_rank,
            pawn_to_last_rank,
            (from, to),
            could_promote,
        );
        match promotion {
            Some(e) => e.into(),
            None if self.enters(from, to) => IllegalMoveError::EntersPortal { role: piece.role, from, cell: to },
            None => OrthodoxMoveError::CannotReach { role: piece.role, from, to }.into(),
        }
    }

    /// Whether the piece on `from` enters the active portal cell `cell`
    /// (and comes out of the other one).
    fn enters(&self, from: Square, cell: Square) -> bool {
        let Portals::Active { white, .. } = self.portals else { return false };
        self.portals.cells().contains(cell) && self.routes(from).is_some_and(|r| r.via[usize::from(cell != white)] != 0)
    }
}
