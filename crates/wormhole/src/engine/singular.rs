//! Singular extensions ([`Features::singular`](super::Features::singular)):
//! a table move that is much better than every other move of its node
//! (a shallower search of the node without it fails low below the
//! table's score by a margin) is searched a ply deeper. The search
//! without it is the node's own negamax with the move excluded: no table
//! cutoff, no pruning before the moves, nothing stored.

use super::Searchable;
use super::negamax::Node;
use super::score::{from_tt, is_mate};
use super::search::Searcher;
use super::tt::{Bound, Entry};

/// The shallowest node whose table move may be extended.
const SINGULAR_MIN_DEPTH: i32 = 8;
/// How much shallower than the node its table entry may be.
const SINGULAR_TT_DEPTH_SLACK: i32 = 3;
/// The margin below the table's score, in centipawns per ply of depth.
const SINGULAR_MARGIN: i32 = 2;

impl<P: Searchable> Searcher<'_, P> {
    /// Whether the table move `entry` gives the node is singular: with
    /// the switch on, at depth [`SINGULAR_MIN_DEPTH`] or more, from a
    /// lower bound no game end searched at most
    /// [`SINGULAR_TT_DEPTH_SLACK`] plies shallower, the node searched to
    /// half its depth without the move fails low below the bound less
    /// [`SINGULAR_MARGIN`] a ply. `Some` when that search ran (it reused
    /// the node's move list, which must be generated again), with the
    /// move's bits if it is singular.
    pub(super) fn singular(&mut self, pos: &mut P, node: &Node, entry: Option<Entry>) -> Option<Option<u32>> {
        let e = entry?;
        let tt_move = e.best?;
        if !self.singular
            || node.ply == 0
            || node.proof
            || node.depth < SINGULAR_MIN_DEPTH
            || self.excluded[node.ply] != 0
            || e.bound == Bound::Upper
            || e.depth < node.depth - SINGULAR_TT_DEPTH_SLACK
        {
            return None;
        }
        let tt_score = from_tt(e.score, node.ply);
        if is_mate(tt_score) {
            return None;
        }
        let singular_beta = tt_score - SINGULAR_MARGIN * node.depth;
        self.excluded[node.ply] = tt_move;
        let depth = (node.depth - 1) / 2;
        let v = self.negamax(pos, depth, singular_beta - 1, singular_beta, node.ply, false);
        self.excluded[node.ply] = 0;
        Some((v < singular_beta && !self.stopped).then_some(tt_move))
    }
}
