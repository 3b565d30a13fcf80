//! Why a move is not legal in a Porthole position: the typed error that
//! [`Rules::play`](crate::rules::Rules::play) returns, and the explanation behind it.

use std::fmt;

use super::{CastlingSide, Move, OrthodoxMoveError, PortholeCastlingObstacle, Position};
use crate::core::{Color, Role, Square};

/// Why a move is not legal where it was played. [`Rules::play`](crate::rules::Rules::play) returns
/// it; [`Position::parse_move`] wraps it in
/// [`MoveError::Illegal`](super::MoveError::Illegal) when the text names a
/// move that exists but is not legal.
///
/// ```
/// use wormhole::porthole::{IllegalMoveError, Move, Position};
/// use wormhole::{Rules, Square};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let mut pos = Position::from_fen("6k1/5ppp/8/8/4n3/p7/2B2PPP/6K1 w - - 0 25 h5,e4,a3,c2").unwrap();
/// let err = pos.play(Move::porthole(sq("c2"), sq("e4"), sq("a3"))).unwrap_err();
/// assert_eq!(err, IllegalMoveError::ExitOccupied { exit: sq("a3") });
/// assert_eq!(err.to_string(), "a3 is occupied: a piece leaves only from an open porthole");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMoveError {
    /// What orthodox chess refuses too (no piece, a target the piece does
    /// not reach, a promotion).
    #[error(transparent)]
    Orthodox(#[from] OrthodoxMoveError),
    /// The piece on the origin cannot capture on the entry (by its capture
    /// pattern, under the path rule).
    #[error("the {} on {from} cannot enter {entry}", crate::core::Roles::ORTHODOX.name(*.role))]
    CannotEnter {
        /// The piece that was asked to move.
        role: Role,
        /// Where it stands.
        from: Square,
        /// The entry it cannot reach.
        entry: Square,
    },
    /// A normal move onto a P-square: a move there goes through it.
    #[error("{square} is a porthole: a move onto it goes through it and names the exit")]
    OntoPorthole {
        /// The P-square.
        square: Square,
    },
    /// The entry or the exit of a porthole move holds no token.
    #[error("{square} is not a porthole")]
    NotAPorthole {
        /// The square.
        square: Square,
    },
    /// The entry holds a piece of the side to move.
    #[error("your own piece stands on {entry}: it cannot be entered")]
    OwnPieceOnEntry {
        /// The entry.
        entry: Square,
    },
    /// The exit is the entry (docs/porthole.md#moving: the exit is another porthole).
    #[error("a piece cannot leave by the porthole it enters ({entry})")]
    ExitIsEntry {
        /// The entry.
        entry: Square,
    },
    /// The exit holds a piece.
    #[error("{exit} is occupied: a piece leaves only from an open porthole")]
    ExitOccupied {
        /// The exit.
        exit: Square,
    },
    /// The piece could make the move, but its king would be left attacked.
    #[error("illegal: {} leaves your king attacked", PortholeLongForm { role: *.role, mv: *.mv })]
    LeavesKingAttacked {
        /// The piece that moves.
        role: Role,
        /// The move.
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
        reason: PortholeCastlingObstacle,
    },
}

/// Displays a move in the long form with piece letter: `Ng1f3`, `e7e8=Q`,
/// `Kg1h1>d4`, `O-O`.
pub(crate) struct PortholeLongForm {
    pub(crate) role: Role,
    pub(crate) mv: Move,
}

impl fmt::Display for PortholeLongForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(side) = self.mv.castling_side() {
            return f.write_str(side.san());
        }
        if self.role != Role::Pawn {
            write!(f, "{}", crate::core::Roles::ORTHODOX.letter(self.role))?;
        }
        write!(f, "{}", self.mv.from())?;
        if let Some(entry) = self.mv.entry() {
            write!(f, "{entry}>")?;
        }
        write!(f, "{}", self.mv.to())?;
        if let Some(p) = self.mv.promotion() {
            write!(f, "={}", crate::core::Roles::ORTHODOX.letter(p))?;
        }
        Ok(())
    }
}

impl Position {
    /// Why `m`, which is not legal here, is refused: the first of these that
    /// applies, in this order: castling not possible, no own piece on its
    /// origin, the king would be left attacked, what is wrong with its
    /// entry and exit or its target, the piece cannot get there.
    pub(crate) fn why_illegal(&self, m: Move) -> IllegalMoveError {
        if let Some(side) = m.castling_side() {
            let reason = self.castling_obstacle(side).unwrap_or(PortholeCastlingObstacle::NoRight);
            return IllegalMoveError::CannotCastle { color: self.turn, side, reason };
        }
        let from = m.from();
        let Some(piece) = self.board.piece_at(from).filter(|p| p.color == self.turn) else {
            return OrthodoxMoveError::NoPiece { square: from }.into();
        };
        let role = piece.role;
        if self.pseudo_legal_moves().contains(m) {
            return IllegalMoveError::LeavesKingAttacked { role, mv: m };
        }
        match m.entry() {
            Some(entry) => {
                self.porthole_obstacle(entry, m.to()).unwrap_or(IllegalMoveError::CannotEnter { role, from, entry })
            }
            None => self
                .normal_obstacle(role, m)
                .unwrap_or(OrthodoxMoveError::CannotReach { role, from, to: m.to() }.into()),
        }
    }

    /// What is wrong with the entry and exit of a porthole move, if
    /// anything is wrong with them alone.
    pub(crate) fn porthole_obstacle(&self, entry: Square, exit: Square) -> Option<IllegalMoveError> {
        let own = self.board.piece_at(entry).is_some_and(|p| p.color == self.turn);
        Some(if !self.tokens.contains(entry) {
            IllegalMoveError::NotAPorthole { square: entry }
        } else if own {
            IllegalMoveError::OwnPieceOnEntry { entry }
        } else if exit == entry {
            IllegalMoveError::ExitIsEntry { entry }
        } else if !self.tokens.contains(exit) {
            IllegalMoveError::NotAPorthole { square: exit }
        } else if self.board.piece_at(exit).is_some() {
            IllegalMoveError::ExitOccupied { exit }
        } else {
            return None;
        })
    }

    /// What is wrong with the target or the promotion of a normal move of
    /// a `role`, if anything is wrong with them alone.
    pub(crate) fn normal_obstacle(&self, role: Role, m: Move) -> Option<IllegalMoveError> {
        let (from, to) = (m.from(), m.to());
        if self.tokens.contains(to) {
            return Some(IllegalMoveError::OntoPorthole { square: to });
        }
        let last_rank = to.rank() == self.turn.last_rank();
        let could_promote = || self.pseudo_legal_moves().contains(Move::normal(from, to, Some(Role::Queen)));
        let pawn_to_last_rank = role == Role::Pawn && last_rank;
        OrthodoxMoveError::of_promotion(m.promotion(), last_rank, pawn_to_last_rank, (from, to), could_promote)
            .map(IllegalMoveError::from)
    }

    /// Why the side to move cannot castle on `side` now, or `None` if it can.
    pub(crate) fn castling_obstacle(&self, side: CastlingSide) -> Option<PortholeCastlingObstacle> {
        if self.is_check() {
            return Some(PortholeCastlingObstacle::InCheck);
        }
        self.castling_blocker(side, self.blockers().0)
    }
}
