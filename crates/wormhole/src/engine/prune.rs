//! Pruning near the leaves beyond the usual steps of `negamax`, each
//! behind a switch of its own ([`Features`](super::Features)), off unless
//! measured to gain: moves losing material by static exchange
//! ([`Features::see_prune`](super::Features::see_prune)), quiet moves
//! with a bad history ([`Features::history_prune`](super::Features::history_prune)),
//! the table's score as a better static evaluation
//! ([`Features::tt_eval`](super::Features::tt_eval)) and razoring
//! ([`Features::razoring`](super::Features::razoring)).

use super::Searchable;
use super::negamax::Node;
use super::ordering::{gives_check, quiet_score, see_at_least};
use super::score::{from_tt, is_mate};
use super::search::Searcher;
use super::tt::{Bound, Entry};

/// How many plies from the leaves the exchange pruning reaches.
const SEE_PRUNE_DEPTH: i32 = 8;
/// How many plies from the leaves the history pruning reaches.
const HISTORY_PRUNE_DEPTH: i32 = 3;
/// A quiet move is skipped when its history is below minus this a ply
/// of depth (the history's bound is 16,384).
const HISTORY_PRUNE_UNIT: i32 = 1024;
/// How many plies from the leaves razoring reaches.
const RAZOR_DEPTH: i32 = 3;
/// Razoring's margin below beta at any depth, in centipawns.
const RAZOR_BASE: i32 = 300;
/// Razoring's margin per ply of depth squared, in centipawns.
const RAZOR_MARGIN: i32 = 250;

impl<P: Searchable> Searcher<'_, P> {
    /// Whether the move `m` (`quiet` or not) loses so much by static
    /// exchange that the node skips it: a quiet move whose square the
    /// opponent wins more than
    /// [`Tuning::see_quiet_margin`](super::Tuning::see_quiet_margin) a ply
    /// on, a capture losing more than
    /// [`Tuning::see_capture_margin`](super::Tuning::see_capture_margin)
    /// times the depth squared, within [`SEE_PRUNE_DEPTH`] plies of the leaves. A quiet check is
    /// never skipped: it may mate where the exchange sees a pawn lost
    /// (Morphy's `kbK5/pp6/1P6/8/8/8/8/R7 w`, 1.Ra6 bxa6 2.b7#, as for the
    /// futility pruning in `negamax`). The caller has made sure a move not
    /// losing was searched first.
    pub(super) fn see_prunes(&mut self, pos: &mut P, node: &Node, m: P::Move, quiet: bool) -> bool {
        if !self.see_prune || node.depth > SEE_PRUNE_DEPTH {
            return false;
        }
        let d = node.depth;
        let t = &self.features.tuning;
        let threshold = if quiet { -t.see_quiet_margin * d } else { -t.see_capture_margin * d * d };
        !(see_at_least(pos, m, threshold, &mut self.see_list) || quiet && gives_check(pos, m))
    }

    /// Whether the quiet move `m` has so bad a history (with its
    /// continuation history when that is on) that the node skips it:
    /// below minus [`HISTORY_PRUNE_UNIT`] a ply, within
    /// [`HISTORY_PRUNE_DEPTH`] plies of the leaves.
    pub(super) fn history_prunes(&self, pos: &P, node: &Node, m: P::Move) -> bool {
        self.features.history_prune
            && node.depth <= HISTORY_PRUNE_DEPTH
            && quiet_score(pos, m, pos.turn(), self.history, self.before(node.ply)) < -HISTORY_PRUNE_UNIT * node.depth
    }

    /// The node with the table's score as its static evaluation where
    /// the entry says the true value lies beyond the evaluation on that
    /// side (a lower bound above it, an upper bound below it, or an exact
    /// score), never a game end.
    pub(super) fn refine_eval(&self, node: Node, entry: Option<Entry>) -> Node {
        let (true, Some(eval), Some(e)) = (self.features.tt_eval, node.static_eval, entry) else { return node };
        let v = from_tt(e.score, node.ply);
        let better = match e.bound {
            Bound::Exact => true,
            Bound::Lower => v > eval,
            Bound::Upper => v < eval,
        };
        if better && !is_mate(v) { Node { static_eval: Some(v), ..node } } else { node }
    }

    /// Razoring: a node within [`RAZOR_DEPTH`] plies of the leaves whose
    /// static evaluation `eval` lies more than [`RAZOR_BASE`] and
    /// [`RAZOR_MARGIN`] times the depth squared below beta takes the
    /// capture search's value when that is below beta too (never a game
    /// end). When the capture search disagrees, the node's move list,
    /// which it used, is generated again.
    pub(super) fn razor(&mut self, pos: &mut P, node: &Node, eval: i32, beta: i32) -> Option<i32> {
        let margin = RAZOR_BASE + RAZOR_MARGIN * node.depth * node.depth;
        if !self.features.razoring || node.depth > RAZOR_DEPTH || is_mate(beta) || eval + margin >= beta {
            return None;
        }
        let v = self.qsearch(pos, beta - 1, beta, node.ply, 0);
        if self.stopped {
            return Some(0);
        }
        if v < beta && !is_mate(v) {
            return Some(v);
        }
        let safety = pos.king_safety();
        self.pickers[node.ply].generate(pos, &safety, false);
        None
    }
}
