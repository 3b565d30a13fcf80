//! Linked-portal chess for the engine and the tools ([`Rules`]).

use super::{EvalParams, FenError, Move, MoveError, MoveList, Outcome, Position, Undo, eval};
use crate::core::zobrist::black_key;
use crate::core::{Bitboard, Board, Square};
use crate::engine::{LevelColumn, SearchHooks};
use crate::rules::Rules;

/// Stalemate, repetition, the fifty-move rule and king against king draw;
/// a checkmated side loses.
impl Rules for Position {
    type Move = Move;
    type Undo = Undo;
    type MoveList = MoveList;
    type Outcome = Outcome;
    type MoveError = MoveError;
    type FenError = FenError;
    type IllegalMove = super::IllegalMoveError;

    const DRAWS: bool = true;

    crate::rules::forward_rules!(orthodox);
    /// Counted without listing when no portal is active.
    #[inline]
    fn legal_move_count(&self) -> usize {
        Position::legal_move_count(self)
    }
    #[inline(always)]
    fn boards(&self) -> &[Board] {
        std::slice::from_ref(&self.board)
    }
    fn reach(&self, sq: Square) -> Bitboard {
        Position::landings(self, sq)
    }
}

super::super::one_kind_game!(
    "Linked-portal chess",
    "The default start: the orthodox armies, White's portal on e4, Black's on a5.",
    super::fen::START
);

/// Linked-portal chess's search hooks: legality is tested by playing each
/// move, so the king's safety is only whether it is in check.
impl SearchHooks for Position {
    type SearchList = Vec<Move>;
    type Safety = bool;
    #[inline]
    fn pass(&mut self) {
        // An en passant square stays: only the side that did not
        // double-step may use it, so passing twice restores the position.
        self.turn = !self.turn;
        self.hash ^= black_key();
    }
    #[inline]
    fn king_safety(&self) -> bool {
        Position::is_check(self)
    }
    #[inline]
    fn safety_in_check(safety: &bool) -> bool {
        *safety
    }
    #[inline]
    fn surely_has_move(&self, _: &bool) -> bool {
        self.has_legal_move()
    }
    fn levels(&self) -> &'static LevelColumn {
        super::INFO.levels
    }
    #[inline]
    fn generate(&self, _: &bool, list: &mut Vec<Move>, captures: bool) {
        let moves = Position::legal_moves(self);
        if captures {
            list.extend(moves.iter().filter(|&m| self.capture_square(m).is_some()));
        } else {
            list.extend(moves.iter());
        }
    }
}
