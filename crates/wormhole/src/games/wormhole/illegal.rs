//! Why a move is not legal in a position: the typed error that
//! [`Rules::play`](crate::rules::Rules::play) returns, and the explanation behind it.

use super::san::LongForm;
use crate::core::{Role, Square};
use crate::games::wormhole::{Move, Position, Variant};

/// Why a move is not legal where it was played. [`Rules::play`](crate::rules::Rules::play) returns
/// it; [`Position::parse_move`] wraps it in
/// [`MoveError::Illegal`](crate::games::wormhole::MoveError::Illegal) when the text names a
/// move that exists but is not legal.
///
/// ```
/// use wormhole::{IllegalMoveError, Position, Rules, Square, Variant};
/// let mut pos = Position::new(Variant::Classic);
/// let e4 = pos.parse_move("e4").unwrap();
/// pos.play(e4).unwrap();
/// // The same move again: the pawn has left e2, which is now a hole.
/// let err = pos.play(e4).unwrap_err();
/// assert_eq!(err, IllegalMoveError::Hole { square: "e2".parse::<Square>().unwrap() });
/// assert_eq!(err.to_string(), "e2 is a hole: no piece stands there");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMoveError {
    /// The side to move has no piece on the from-square.
    #[error("you have no piece on {square}")]
    NoPiece {
        /// The from-square.
        square: Square,
    },
    /// The from-square is a hole: no piece can stand there.
    #[error("{square} is a hole: no piece stands there")]
    Hole {
        /// The from-square.
        square: Square,
    },
    /// The piece on the from-square does not move to the target.
    #[error("the {} on {from} cannot reach {to}", super::ROLES.name(*.role))]
    CannotReach {
        /// The piece that was asked to move.
        role: Role,
        /// Where it stands.
        from: Square,
        /// The target it cannot reach.
        to: Square,
    },
    /// The piece could make the move, but its king would be left attacked
    /// (by the new hole, or because the move does not answer a check).
    #[error("illegal: {} leaves your king attacked", LongForm { role: *.role, mv: *.mv })]
    LeavesKingAttacked {
        /// The piece that moves.
        role: Role,
        /// The move.
        mv: Move,
    },
    /// The promotion role does not belong to the piece set in play.
    #[error("a pawn cannot promote to a {} in the {variant} piece set", super::ROLES.name(*.role))]
    PromotionNotInSet {
        /// The role asked for.
        role: Role,
        /// The piece set in play.
        variant: Variant,
    },
    /// A promotion was asked for a pawn move that is not a capture onto
    /// the last rank.
    #[error("a pawn promotes only by capturing: {to} would stay a pawn")]
    QuietPromotion {
        /// The pawn's target.
        to: Square,
    },
    /// A pawn capturing onto the last rank must say what it becomes.
    #[error("the pawn on {from} must promote when it captures on {to}")]
    MissingPromotion {
        /// Where the pawn stands.
        from: Square,
        /// The square it captures on.
        to: Square,
    },
}

impl Position {
    /// Why the side to move cannot move from `from`, where it has no piece:
    /// a hole, or no piece of its own.
    pub(crate) fn no_piece(&self, from: Square) -> IllegalMoveError {
        if self.board.is_hole(from) {
            IllegalMoveError::Hole { square: from }
        } else {
            IllegalMoveError::NoPiece { square: from }
        }
    }

    /// Why `m`, which is not legal here, is refused: the first of these that
    /// applies, in this order: no own piece on its from-square (or a hole),
    /// the king would be left attacked, a promotion problem, the piece
    /// cannot reach the target.
    pub(crate) fn why_illegal(&self, m: Move) -> IllegalMoveError {
        let (from, to) = (m.from(), m.to());
        let Some(piece) = self.board.piece_at(from).filter(|p| p.color == self.turn) else {
            return self.no_piece(from);
        };
        let role = piece.role;
        let pseudo = self.pseudo_legal_moves();
        if pseudo.contains(&m) {
            return IllegalMoveError::LeavesKingAttacked { role, mv: m };
        }
        if role == Role::Pawn {
            match m.promotion() {
                Some(p) if !self.variant.promotion_roles().contains(&p) => {
                    return IllegalMoveError::PromotionNotInSet { role: p, variant: self.variant };
                }
                Some(_) if pseudo.contains(&Move::new(from, to, None)) => {
                    return IllegalMoveError::QuietPromotion { to };
                }
                None if pseudo.iter().any(|o| o.from() == from && o.to() == to) => {
                    return IllegalMoveError::MissingPromotion { from, to };
                }
                _ => {}
            }
        }
        IllegalMoveError::CannotReach { role, from, to }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn each_reason_is_found() {
        let pos = Position::from_fen("r3k3/1P6/8/8/8/8/4r3/4K3 w 0", Variant::Classic).unwrap();
        let err = |from, to, promotion| pos.why_illegal(Move::new(sq(from), sq(to), promotion));
        assert_eq!(err("e8", "d8", None), IllegalMoveError::NoPiece { square: sq("e8") });
        assert_eq!(
            err("e1", "e3", None),
            IllegalMoveError::CannotReach { role: Role::King, from: sq("e1"), to: sq("e3") }
        );
        let kd2 = Move::new(sq("e1"), sq("d2"), None);
        assert_eq!(err("e1", "d2", None), IllegalMoveError::LeavesKingAttacked { role: Role::King, mv: kd2 });
        assert_eq!(err("e1", "d2", None).to_string(), "illegal: Ke1d2 leaves your king attacked");
        let lion = IllegalMoveError::PromotionNotInSet { role: Role::Lion, variant: Variant::Classic };
        assert_eq!(err("b7", "a8", Some(Role::Lion)), lion);
        assert_eq!(err("b7", "b8", Some(Role::Queen)), IllegalMoveError::QuietPromotion { to: sq("b8") });
        assert_eq!(err("b7", "a8", None), IllegalMoveError::MissingPromotion { from: sq("b7"), to: sq("a8") });
        assert_eq!(err("b7", "a8", None).to_string(), "the pawn on b7 must promote when it captures on a8");
    }
}
