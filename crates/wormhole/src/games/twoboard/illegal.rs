//! Why a move is refused, and the checked way to play one.

use super::{BoardId, DrawReason, Move, MoveKind, MoveList, Outcome, Position};
use crate::core::Color;

/// Why a move is not legal in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMoveError {
    /// The move is on the other board (docs/twoboard.md#whose-turn-on-which-board).
    #[error("{turn} must play board {to_play} now, not board {played}")]
    WrongBoard {
        /// The side to move.
        turn: Color,
        /// The board it must play.
        to_play: BoardId,
        /// The board the move was on.
        played: BoardId,
    },
    /// A pending intent forces this move (a teleport, landing or lost move).
    #[error("the intent declared last turn forces {0} now")]
    Forced(Move),
    /// A pass while some other move is legal, or no legal move at all.
    #[error("a pass (0000) is legal only when there is no other move")]
    NoPass,
    /// The game is over.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The move would leave the mover's king attacked where the opponent plays first
    /// (docs/twoboard.md#check-and-legality).
    #[error("{0} would leave the king attacked on a board the opponent plays first")]
    KingLeftAttacked(Move),
    /// No piece can make this move.
    #[error("{0} is not a move of any piece there")]
    NoSuchMove(Move),
}

impl Position {
    /// Why `m` is not legal here.
    pub fn why_illegal(&self, m: Move) -> IllegalMoveError {
        let legal = self.legal_moves();
        if legal.is_empty() {
            let outcome = self.outcome().unwrap_or(Outcome::Draw(DrawReason::Stalemate));
            return IllegalMoveError::GameOver(outcome);
        }
        let mut candidates = MoveList::new();
        self.candidates(&mut candidates);
        if self.intent(self.turn).is_some() {
            return match candidates.iter().next() {
                Some(f) if f == m => IllegalMoveError::KingLeftAttacked(m),
                _ => IllegalMoveError::Forced(legal.iter().next().unwrap_or(Move::NULL)),
            };
        }
        match m.kind() {
            MoveKind::Null => IllegalMoveError::NoPass,
            _ if m.board() != self.board => {
                IllegalMoveError::WrongBoard { turn: self.turn, to_play: self.board, played: m.board() }
            }
            _ if candidates.contains(m) => IllegalMoveError::KingLeftAttacked(m),
            _ => IllegalMoveError::NoSuchMove(m),
        }
    }
}
