//! Quiescence search: at the horizon, resolve captures before trusting
//! the static evaluation. Positions with no legal move are still game
//! ends, and a side in check searches all its evasions.

use super::Searchable;
use super::ordering::{Hints, loses_material};
use super::score::{INFINITY, MAX_PLY, from_tt, is_mate, no_move_value};
use super::search::Searcher;
use super::tt::{Bound, Entry};

/// Beyond this many capture-search plies, a side in check stands pat too,
/// so long chains of checks cannot blow the search up.
const MAX_CHECK_PLIES: usize = 6;

impl<P: Searchable> Searcher<'_, P> {
    /// The value of `pos` once the captures are resolved (fail-soft).
    pub fn qsearch(&mut self, pos: &mut P, mut alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        if let Some(v) = self.settled_before_moves(pos, alpha, beta, ply) {
            return v;
        }
        let mut best = -INFINITY;
        let safety = pos.king_safety();
        let in_check = P::safety_in_check(&safety);
        if !in_check && ply < MAX_PLY - 1 && pos.surely_has_move(&safety) {
            // Not out of moves, so it may stand pat before generating anything.
            let stand = self.stand_pat(pos, alpha, beta, ply, qply);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            self.pickers[ply].generate_captures(pos, &safety, self.capture_history.then_some(&*self.history));
        } else {
            let picker = &mut self.pickers[ply];
            picker.generate(pos, &safety, false);
            if picker.is_empty() {
                return no_move_value::<P>(in_check, ply);
            }
            if ply >= MAX_PLY - 1 {
                return self.eval(pos);
            }
            if in_check && qply < MAX_CHECK_PLIES {
                let hints = Hints { capture_history: self.capture_history, ..Hints::none() };
                self.pickers[ply].score_all(pos, &hints, self.history, false);
            } else {
                let stand = self.stand_pat(pos, alpha, beta, ply, qply);
                if stand >= beta {
                    return stand;
                }
                alpha = alpha.max(stand);
                best = stand;
                self.pickers[ply].keep_captures(pos, self.capture_history.then_some(&*self.history));
            }
        }
        let best = self.search_picked(pos, alpha, beta, ply, qply, best, !in_check);
        if self.features.qsearch_checks && qply == 0 && !in_check && best < beta && !self.stopped {
            let alpha = alpha.max(best);
            self.pickers[ply].generate(pos, &safety, false);
            self.pickers[ply].keep_quiet_checks(pos, &mut self.see_list);
            return self.search_picked(pos, alpha, beta, ply, qply, best, false);
        }
        best
    }

    /// Searches the moves of the picker at `ply` (skipping those that lose
    /// material by static exchange when `may_skip` and the game's default
    /// says so), from `best` so far; fail-soft.
    #[allow(clippy::too_many_arguments)]
    fn search_picked(
        &mut self,
        pos: &mut P,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
        mut best: i32,
        may_skip: bool,
    ) -> i32 {
        let skip_losing = self.see_qsearch && may_skip;
        while let Some(m) = self.pickers[ply].next_move(pos, &mut self.see_list) {
            if skip_losing && loses_material(pos, m, &mut self.see_list) {
                continue;
            }
            let undo = pos.play_unchecked(m);
            self.prefetch_eval(pos);
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

    /// The value of standing pat at `pos`, `qply` plies into the capture
    /// search at `ply`: its static evaluation (lazy, see
    /// [`Self::eval_lazy`]) with the correction history's (the previous
    /// move known only at the capture search's first ply: its captures
    /// record none).
    #[inline]
    fn stand_pat(&mut self, pos: &P, alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        let previous = if qply == 0 { self.previous_piece(ply) } else { None };
        let key = self.correction_key(pos, previous);
        let eval = self.eval_lazy(pos, alpha, beta);
        self.corrected_by(key, eval)
    }

    /// The value of a capture-search node known before any move is
    /// generated: a stop, a draw or a ply limit (`enter`), or, with
    /// [`Features::qsearch_tt`](super::Features::qsearch_tt), a table entry
    /// that settles the window.
    #[inline]
    fn settled_before_moves(&mut self, pos: &P, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        if let Some(v) = self.enter(pos, ply) {
            return Some(v);
        }
        if !self.features.qsearch_tt {
            return None;
        }
        self.tt.probe(pos.hash()).and_then(|e| table_bound(e, alpha, beta, ply))
    }
}

/// The value a table entry settles for a capture-search node with the
/// window (alpha, beta), if it does: an exact value, a lower bound at or
/// above beta, an upper bound at or below alpha. Any entry is searched at
/// least as deep as the capture search; game ends are left to the search.
#[inline]
fn table_bound(e: Entry, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    let v = from_tt(e.score, ply);
    let settles = match e.bound {
        Bound::Exact => true,
        Bound::Lower => v >= beta,
        Bound::Upper => v <= alpha,
    };
    (settles && !is_mate(v)).then_some(v)
}
