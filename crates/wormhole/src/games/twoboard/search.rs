//! Two-board portal chess for the engine and the tools: the [`Rules`],
//! [`Evaluate`] and [`SearchHooks`] traits. A forced move (teleport,
//! landing, lost move) and a pass are moves like any other; the search's
//! null move is refused while an intent is pending
//! ([`SearchHooks::may_pass`]), where passing is no neutral test.

use super::{FenError, IllegalMoveError, Move, MoveError, MoveList, Outcome, Position, Undo, zobrist};
use crate::core::Board;
use crate::engine::{LevelColumn, SearchHooks};
use crate::rules::Rules;

/// What the search works out about the side to move once per node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Safety {
    /// Whether a pass would leave the king attacked where the opponent
    /// plays first: with no legal move, checkmate rather than stalemate
    /// (docs/twoboard.md#how-a-game-ends).
    in_check: bool,
}

/// Two-board portal chess for the engine and the tools: checkmate wins;
/// stalemate, repetition, the fifty-move rule and king against king draw.
impl Rules for Position {
    crate::rules::forward_rules!(orthodox);
    /// Counted in a list of this frame (returning the list copies it).
    #[inline]
    fn legal_move_count(&self) -> usize {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list.len()
    }
    /// Boards A and B.
    #[inline(always)]
    fn boards(&self) -> &[Board] {
        &self.boards
    }
    #[inline(always)]
    fn board_to_play(&self) -> usize {
        self.board.index()
    }
}

/// Two-board portal chess's search hooks.
impl SearchHooks for Position {
    type SearchList = Vec<Move>;
    type Safety = Safety;

    /// Measured together with [`SearchHooks::DEEP_PRUNING`] (README, "Null
    /// move and deep pruning", 35,000 nodes a move, seed 31, against the
    /// search without them at 628356b): 211 / 384 (54.9%, +34 Elo, 95%
    /// +8 .. +62), stopped before an SPRT verdict.
    const NULL_MOVE: bool = true;
    /// Measured with [`SearchHooks::NULL_MOVE`]: see there.
    const DEEP_PRUNING: bool = true;
    /// The search takes the whole move time: see the README, "Time".
    const PROVE_AFTER_SEARCH: bool = false;

    /// The null move swaps the side and the board to play: from (White, A)
    /// that is the turn order's next ply, and twice it restores the
    /// position. Only called where [`SearchHooks::may_pass`] allows, so no
    /// intent is pending and every board is a valid one to play.
    #[inline]
    fn pass(&mut self) {
        self.hash ^= zobrist::turn_key(self.turn, self.board);
        self.turn = !self.turn;
        self.board = self.board.other();
        self.hash ^= zobrist::turn_key(self.turn, self.board);
    }
    /// No null move while either side has an intent: the forced moves
    /// that follow are not what a free pass would test.
    #[inline]
    fn may_pass(&self) -> bool {
        self.intents.iter().all(Option::is_none)
    }
    /// Both boards' pieces and the piece in transit: counting the board to
    /// play alone, the count changed with the board every other ply and
    /// hid every repetition once the boards held different numbers.
    #[inline]
    fn pieces_in_play(&self) -> u32 {
        self.piece_count()
    }
    #[inline]
    fn king_safety(&self) -> Safety {
        Safety { in_check: !self.pass_is_safe() }
    }
    #[inline]
    fn safety_in_check(safety: &Safety) -> bool {
        safety.in_check
    }
    #[inline]
    fn surely_has_move(&self, _safety: &Safety) -> bool {
        Position::surely_has_move(self)
    }
    fn levels(&self) -> &'static LevelColumn {
        super::INFO.levels
    }
    #[inline]
    fn generate(&self, _safety: &Safety, list: &mut Vec<Move>, captures: bool) {
        let mut moves = MoveList::new();
        self.generate_legal(&mut moves);
        list.extend(moves.iter().filter(|&m| !captures || self.captured_by(m).is_some()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};

    /// `surely_has_move` is never wrong over random games, and it says
    /// yes often enough to spare the quiescence search its generation.
    #[test]
    fn surely_has_move_is_never_wrong() {
        let mut rng = SmallRng::seed_from_u64(20);
        let (mut positions, mut sure) = (0, 0);
        for _ in 0..40 {
            let mut pos = Position::new();
            for _ in 0..200 {
                let moves = pos.legal_moves();
                positions += 1;
                if pos.surely_has_move() {
                    sure += 1;
                    assert!(!moves.is_empty(), "{}", pos.fen());
                }
                if moves.is_empty() || pos.is_rule_draw() {
                    break;
                }
                pos.play_unchecked(moves.as_slice()[rng.random_range(0..moves.len())]);
            }
        }
        assert!(sure * 2 > positions, "{sure} of {positions}");
        // The mated side of docs/twoboard.md#worked-examples, example 4, has no move.
        let mated = Position::from_fen("7K/8/8/8/8/8/8/7r|k7/8/8/7n/8/8/8/1N6 w B -|- -|- - 1 40").unwrap();
        assert!(mated.legal_moves().is_empty() && !mated.surely_has_move());
    }

    /// The search's "in check" is whether a pass would leave the king
    /// attacked (docs/twoboard.md#how-a-game-ends), not the rules' check:
    /// here White's king on B:h5 swaps with its own intent away from Black's
    /// arrival there, so it is not in check (a piece that will swap away is
    /// not attacked, docs/twoboard.md#check-and-legality), but a pass drops
    /// that intent and leaves the king to the arrival. Found by the
    /// properties harness.
    #[test]
    fn the_search_check_is_an_unsafe_pass() {
        let pos = Position::from_fen("8/8/8/7r/8/8/8/8|7k/8/8/7K/8/8/8/8 w A -|- -|- wBh5,bAh5 100 80").unwrap();
        assert!(!pos.is_check());
        assert!(pos.king_safety().in_check);
    }
}
