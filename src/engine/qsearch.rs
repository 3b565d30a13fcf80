//! Quiescence search: at the horizon, resolve captures before trusting
//! the static evaluation. Positions with no legal move are still losses,
//! and a side in check searches all its evasions.

use super::ordering::Picker;
use super::score::{INFINITY, MAX_PLY, mated_in};
use super::search::Searcher;
use crate::Position;

/// Beyond this many capture-search plies, a side in check stands pat too,
/// so long chains of checks cannot blow the search up.
const MAX_CHECK_PLIES: usize = 6;

impl Searcher<'_> {
    /// The value of `pos` once the captures are resolved (fail-soft).
    pub fn qsearch(&mut self, pos: &mut Position, mut alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        self.count_node(ply);
        self.clear_pv(ply);
        if self.stopped {
            return 0;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return mated_in(ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.eval(pos);
        }
        let evasions = qply < MAX_CHECK_PLIES && pos.is_check();
        let mut best = -INFINITY;
        let mut picker = if evasions {
            Picker::new(pos, moves, None, [None; 2], self.history)
        } else {
            let stand = self.eval(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            Picker::captures(pos, &moves)
        };
        while let Some(m) = picker.next_move() {
            let undo = pos.play(m);
            let v = -self.qsearch(pos, -beta, -alpha, ply + 1, qply + 1);
            pos.undo(m, undo);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
