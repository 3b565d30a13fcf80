//! Linked-portal chess for the engine and the tools ([`Rules`]).

use super::{FenError, IllegalMoveError, Move, MoveError, MoveList, Outcome, Position, Undo};
use crate::core::zobrist::black_key;
use crate::engine::see::{SeeValues, see_by_moves};
use crate::engine::{LevelColumn, SearchHooks};
use crate::rules::Rules;

/// Stalemate, repetition, the fifty-move rule and king against king draw;
/// a checkmated side loses.
impl Rules for Position {
    crate::rules::forward_rules!(orthodox, one_board);
    /// Counted without listing when no portal is active.
    #[inline]
    fn legal_move_count(&self) -> usize {
        Position::legal_move_count(self)
    }
}

/// Linked-portal chess's search hooks: legality is tested by playing each
/// move, so the king's safety is only whether it is in check.
impl SearchHooks for Position {
    type SearchList = Vec<Move>;
    type Safety = bool;
    /// Measured to gain against the search without it, 3,000 nodes a
    /// move (README, "Static exchange evaluation").
    const SEE_QSEARCH: bool = true;
    /// Measured together with [`SearchHooks::DEEP_PRUNING`] (README,
    /// "Search switches measured", 20,000 nodes a move, against main at
    /// aded5ea): 110 / 192 (57.3%, +51 Elo, 95% +14 .. +90), stopped
    /// before an SPRT verdict.
    const NULL_MOVE: bool = true;
    /// Measured with [`SearchHooks::NULL_MOVE`]: see there.
    const DEEP_PRUNING: bool = true;
    /// The search takes the whole move time: see the README, "Time".
    const PROVE_AFTER_SEARCH: bool = false;
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
    /// On bitboards for a piece move (`see_bitboards`, in `see.rs`), the
    /// same value as the generic evaluation's, faster.
    #[inline]
    fn see(&mut self, m: Move, values: &SeeValues, scratch: &mut Vec<Move>) -> i32 {
        match self.see_bitboards(m, values) {
            Some(value) => value,
            None => see_by_moves(self, m, values, scratch),
        }
    }
    #[inline]
    fn generate(&self, _: &bool, list: &mut Vec<Move>, captures: bool) {
        let mut moves = MoveList::new();
        if captures {
            self.generate_legal_captures(&mut moves);
        } else {
            self.generate_legal(&mut moves);
        }
        list.extend(moves.iter());
    }
}
