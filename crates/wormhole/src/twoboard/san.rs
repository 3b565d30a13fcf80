//! Reading and writing moves: the coordinate form (`Ae2e4`, `Aa4a4`,
//! `Aa4Ba4`, `0000`).

use super::{BoardId, IllegalMoveError, Move, MoveKind, Position};
use crate::excerpt::Excerpt;
use crate::{Role, Square};

/// Why a typed move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is no move in any notation of the game.
    #[error("'{}' is not a move (expected e.g. A:e4, A:Qa4^, QAa4>Ba4, B:--, or coordinates Ae2e4, Aa4a4, Aa4Ba4, 0000)", Excerpt(.0))]
    Syntax(String),
    /// The text names a move that is not legal here.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
}

impl Position {
    /// The legal move `text` names: coordinates (`Ae2e4`, `Bd7d8q`,
    /// `Ae1g1`, `Aa4a4`, `Aa4Ba4`, `0000`).
    ///
    /// ```
    /// use wormhole::twoboard::Position;
    /// let pos = Position::new();
    /// assert_eq!(pos.parse_move("Ae2e4").unwrap().to_string(), "Ae2e4");
    /// assert!(pos.parse_move("Be7e5").is_err()); // White plays board A first
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let m = self.parse_coordinates(text.trim()).ok_or_else(|| MoveError::Syntax(text.to_string()))?;
        if self.is_legal(m) { Ok(m) } else { Err(self.why_illegal(m).into()) }
    }

    /// Reads the coordinate form; castling and en passant are recognised
    /// from the position.
    fn parse_coordinates(&self, text: &str) -> Option<Move> {
        if text == "0000" {
            return Some(Move::NULL);
        }
        let bytes = text.as_bytes();
        let board = BoardId::from_char(char::from(*bytes.first()?))?;
        let from = text.get(1..3)?.parse::<Square>().ok()?;
        if let Some(target) = text.get(3..4).and_then(|c| BoardId::from_char(c.chars().next()?)) {
            let to = text.get(4..)?.parse::<Square>().ok()?;
            return (target != board && to == from).then_some(Move::teleport(target, to));
        }
        let to = text.get(3..5)?.parse::<Square>().ok()?;
        let promotion = match text.get(5..)? {
            "" => None,
            p if p.len() == 1 => {
                Some(Role::from_char(p.chars().next()?).filter(|r| super::moves::PROMOTIONS.contains(r))?)
            }
            _ => return None,
        };
        if from == to {
            return promotion.is_none().then_some(Move::intent(board, from));
        }
        let normal = Move::normal(board, from, to, promotion);
        let legal = self.legal_moves();
        let special = legal.iter().find(|m| {
            matches!(m.kind(), MoveKind::Castle | MoveKind::EnPassant)
                && m.board() == board
                && m.from() == from
                && m.to() == to
        });
        Some(special.filter(|_| promotion.is_none()).unwrap_or(normal))
    }
}
