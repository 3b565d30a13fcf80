//! Negamax with alpha-beta and principal variation search, in named steps:
//! mate-distance bounds, the transposition-table probe, pruning before the
//! moves (reverse futility, null move), the move loop with its per-move
//! pruning (futility, late moves), the principal variation search of each
//! move with late-move reductions, and the table store.
//!
//! Game ends are exact. A win found is a fact (a line exists whatever was
//! pruned), and so is a loss (every defence was searched), but a distance
//! is exact only if no shorter win was pruned away. So a *proof node*, one
//! whose window asks only about game ends (alpha is a win, "is there a
//! shorter one?", or beta a loss, "does a defence last longer?") and whose
//! depth reaches all of them, prunes nothing and trusts only proved table
//! entries; its result is itself a proof, valid at any depth. The root
//! verifies each claimed game end with such a search (see `root`).

use super::Searchable;
use super::ordering::{HISTORY_MAX, Hints, gives_check, loses_material, moving_role, quiet_score};
use super::piece_to::PieceTo;
use super::score::{INFINITY, MATE, MATE_BOUND, MAX_PLY, from_tt, is_mate, mated_in, no_move_value, to_tt};
use super::search::Searcher;
use super::tt::{Bound, Entry};
use crate::core::{Color, Role};
use crate::rules::GameMove;

/// What the steps of one node need to know about it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// Plies from the root.
    pub(super) ply: usize,
    /// The remaining depth, check extension included.
    pub(super) depth: i32,
    /// Whether the node is on the principal variation (searched with an open window).
    pub(super) pv: bool,
    /// Whether the side to move is in check.
    pub(super) in_check: bool,
    /// The static evaluation, computed only when the pruning near the leaves needs it.
    pub(super) static_eval: Option<i32>,
    /// Whether the window asks only about game ends (see the module docs):
    /// nothing is pruned.
    pub(super) proof: bool,
    /// Whether the static evaluation is above the one two plies earlier
    /// (four when that side was in check), as far as the deep pruning
    /// knows ([`Features::deep_pruning`](super::Features::deep_pruning); false when off).
    pub(super) improving: bool,
    /// The table move's bits when it is singular: searched a ply deeper
    /// ([`Features::singular`](super::Features::singular)).
    pub(super) extend: Option<u32>,
}

impl<P: Searchable> Searcher<'_, P> {
    /// Negamax search of `pos` to `depth` plies with the window (alpha, beta);
    /// fail-soft: the value may lie outside the window.
    pub fn negamax(
        &mut self,
        pos: &mut P,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        if let Some(v) = self.enter(pos, ply) {
            return v;
        }
        if ply > 0 {
            // No line through here can beat a game end already found nearer the root.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let proof = is_proof_node(alpha, beta, depth, ply);
        let entry = self.tt.probe(pos.hash());
        // A search without a move (singular extensions) asks another question than the entry answered.
        let excluding = self.excluded[ply] != 0;
        if let Some(v) =
            entry.filter(|_| !excluding).and_then(|e| tt_cutoff(e, depth, alpha, beta, ply, pv_node, proof))
        {
            return v;
        }
        let safety = pos.king_safety();
        let in_check = P::safety_in_check(&safety);
        // The moves are listed before the pruning only when it is not
        // plain that there are some: a side without moves has lost, which
        // no pruning may overlook. Otherwise a pruned node never lists them.
        let listed = in_check || !pos.surely_has_move(&safety);
        if listed {
            self.pickers[ply].generate(pos, &safety, false);
            if self.pickers[ply].is_empty() {
                return no_move_value::<P>(in_check, ply);
            }
        }
        let node = self.node(pos, depth, ply, pv_node, in_check, proof);
        let node = self.refine_eval(node, entry);
        if ply > 0
            && !excluding
            && let Some(v) = self.prune_node(pos, &node, beta)
        {
            return v;
        }
        let singular = self.singular(pos, &node, entry);
        if !listed || singular.is_some() {
            self.pickers[ply].generate(pos, &safety, false);
        }
        let tt_move = entry.and_then(|e| e.best);
        let node = self.reduce_unknown(Node { extend: singular.flatten(), ..node }, tt_move);
        let Some((best, best_move)) = self.search_moves(pos, &node, alpha, beta, tt_move) else {
            return 0;
        };
        self.store(pos.hash(), &node, best, best_move, alpha, beta);
        self.correct(pos, &node, best, best_move, alpha, beta);
        best
    }

    /// Teaches the correction history ([`Features::correction`](super::Features::correction))
    /// the node's result `best` (searched with the window (alpha, beta))
    /// where it says more than the static evaluation: not in check, no
    /// capture or promotion the best move, no game end, and a bound only
    /// on the side of the evaluation it proves.
    fn correct(&mut self, pos: &P, node: &Node, best: i32, best_move: Option<P::Move>, alpha: i32, beta: i32) {
        let tables = self.correction;
        let Some(eval) = self.static_evals[node.ply].filter(|_| tables.any()) else { return };
        let quiet = best_move.is_none_or(|m| pos.captured_by(m).is_none() && m.promotion().is_none());
        let proves = if best >= beta {
            best > eval
        } else if best <= alpha {
            best < eval
        } else {
            true
        };
        if quiet && proves && !node.in_check && !is_mate(best) && self.excluded[node.ply] == 0 {
            // The key `node` computed with the evaluation: the same position, reached by the same move.
            self.history.correction.update(self.correction_keys[node.ply], tables, eval, best, node.depth);
        }
    }

    /// The node's facts: the check extension and, when pruning will need
    /// it, the static evaluation.
    fn node(&mut self, pos: &P, depth: i32, ply: usize, pv: bool, in_check: bool, proof: bool) -> Node {
        // A side in check has few replies, and checks lead to the game ends
        // this search wants to prove: look one ply further.
        let depth = if in_check && self.features.check_extension { depth + 1 } else { depth };
        // The static evaluation serves the pruning near the leaves and,
        // with the deep pruning, tells the nodes two plies down whether
        // they improve on it.
        let needs_eval = !pv && !in_check && !proof && (depth <= 3 || self.null_move || self.deep_pruning);
        let eval = (needs_eval || (self.deep_pruning && !in_check)).then(|| {
            let key = self.correction_key(pos, self.previous_piece(ply));
            self.correction_keys[ply] = key;
            let e = self.eval(pos);
            self.corrected_by(key, e)
        });
        self.static_evals[ply] = eval;
        let improving = self.deep_pruning && self.improving(ply, eval);
        Node { ply, depth, pv, in_check, static_eval: eval.filter(|_| needs_eval), proof, improving, extend: None }
    }

    /// Whether the static evaluation `eval` at `ply` is above the one two
    /// plies earlier (four when that side was in check; true when neither
    /// is known): the deep pruning prunes less where the side to move improves.
    fn improving(&self, ply: usize, eval: Option<i32>) -> bool {
        let Some(eval) = eval else { return false };
        let earlier = |back: usize| ply.checked_sub(back).and_then(|p| self.static_evals[p]);
        earlier(2).or_else(|| earlier(4)).is_none_or(|e| eval > e)
    }

    /// Internal iterative reduction ([`Features::iir`](super::Features::iir)):
    /// a node deep enough with no table move is searched a ply shallower.
    #[inline]
    fn reduce_unknown(&self, node: Node, tt_move: Option<u32>) -> Node {
        if self.features.iir && tt_move.is_none() && node.depth >= 4 && !node.proof && !node.in_check {
            Node { depth: node.depth - 1, ..node }
        } else {
            node
        }
    }

    /// Pruning before any move is searched: reverse futility (far above
    /// beta near the leaves, assume it holds) and the null move, whose
    /// cutoff at [`NULL_VERIFY_DEPTH`] plies or more holds only if a
    /// search of the node without it agrees (see [`Self::null_verified`]).
    /// Never claims a game end.
    fn prune_node(&mut self, pos: &mut P, node: &Node, beta: i32) -> Option<i32> {
        let static_eval = node.static_eval?;
        if self.reverse_futile(node, static_eval, beta) {
            return Some(static_eval);
        }
        if let Some(v) = self.razor(pos, node, static_eval, beta) {
            return Some(v);
        }
        if !self.tries_null_move(pos, node, static_eval, beta) {
            return None;
        }
        // Reduced more the deeper the node and the further above beta.
        let r = self.features.tuning.null_reduction + node.depth / 3 + ((static_eval - beta) / 200).min(3);
        let v = self.search_pass(pos, node, node.depth - 1 - r, beta);
        if self.stopped {
            return Some(0);
        }
        if v < beta {
            return None;
        }
        // Never claim a game end from a pass, which is not a legal move.
        let v = if is_mate(v) { beta } else { v };
        let verified = node.depth < NULL_VERIFY_DEPTH
            || self.null_verify.is_some()
            || self.null_verified(pos, node, (node.depth - r).max(1), beta);
        verified.then_some(v)
    }

    /// Whether the node tries a null move: deep enough, its static
    /// evaluation `eval` at or above beta, never two passes in a row, never
    /// with king and pawns alone (where zugzwang is common), and never for
    /// the side whose null move is being verified, within the plies that
    /// verification bars.
    fn tries_null_move(&self, pos: &P, node: &Node, eval: i32, beta: i32) -> bool {
        // The first pass would be restored by the second.
        let after_pass = node.ply > 0 && self.played[node.ply - 1].is_none();
        let barred = self.null_verify.is_some_and(|(side, until)| side == pos.turn() && node.ply < until);
        self.null_move
            && node.depth >= 3
            && eval >= beta
            && !is_mate(beta)
            && !after_pass
            && !barred
            && has_pieces(pos, pos.turn())
            && pos.may_pass()
    }

    /// The value of passing at the node, searched `depth` plies deep with
    /// a null window at beta.
    fn search_pass(&mut self, pos: &mut P, node: &Node, depth: i32, beta: i32) -> i32 {
        self.played[node.ply] = None;
        self.played_piece[node.ply] = None;
        self.mark_pass(pos, node.ply, true);
        pos.pass();
        let v = -self.negamax(pos, depth, -beta, -beta + 1, node.ply + 1, false);
        pos.pass();
        self.mark_pass(pos, node.ply, false);
        v
    }

    /// Whether the node, its null move having failed high, still reaches
    /// beta when searched `depth` plies deep without that side's null move
    /// (for the first three quarters of those plies): a pass proves nothing
    /// where every move loses (zugzwang), as in Morphy's mate in two
    /// `kbK5/pp6/1P6/8/8/8/8/R7 w` (1.Ra6!). True when stopped.
    fn null_verified(&mut self, pos: &mut P, node: &Node, depth: i32, beta: i32) -> bool {
        self.null_verify = Some((pos.turn(), node.ply + (3 * depth / 4) as usize));
        let v = self.negamax(pos, depth, beta - 1, beta, node.ply, false);
        self.null_verify = None;
        // That search used this ply's move list: the node lists its moves again.
        let safety = pos.king_safety();
        self.pickers[node.ply].generate(pos, &safety, false);
        self.stopped || v >= beta
    }

    /// Searches the moves best first; returns the best value and the move
    /// that raised alpha, or `None` if the search was stopped.
    fn search_moves(
        &mut self,
        pos: &mut P,
        node: &Node,
        mut alpha: i32,
        beta: i32,
        tt_move: Option<u32>,
    ) -> Option<(i32, Option<P::Move>)> {
        let hints = self.hints(pos, node, tt_move);
        self.pickers[node.ply].score_all(pos, &hints, self.history, self.see_order);
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut count = 0;
        let mut tried = Tried::default();
        while let Some(m) = self.pickers[node.ply].next_move(pos, &mut self.see_list) {
            if (node.ply == 0 && self.skips_root_move(m)) || m.to_bits() == self.excluded[node.ply] {
                continue;
            }
            let quiet = pos.captured_by(m).is_none() && m.promotion().is_none();
            count += 1;
            if self.prunes_move(pos, node, m, quiet, count, best, alpha, hints.killers[0]) {
                continue;
            }
            let v = self.search_move(pos, m, node, count, quiet, alpha, beta);
            if self.stopped {
                return None;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = Some(m);
                    alpha = v;
                    self.record_improvement(node, m, v);
                    if v >= beta {
                        self.reward_cutoff(pos, m, quiet, node, &tried);
                        break;
                    }
                }
            }
            tried.push(pos, m, quiet);
        }
        Some((best, best_move))
    }

    /// Whether the node's static evaluation `eval` is so far above beta
    /// that the search assumes it holds (reverse futility): within three
    /// plies of the leaves by a margin of four fifths of
    /// [`Features::futility_margin`](super::Features::futility_margin) a ply, or with the
    /// deep pruning within
    /// [`Tuning::deep_rfp_depth`](super::Tuning::deep_rfp_depth) plies by
    /// [`Tuning::deep_rfp_margin`](super::Tuning::deep_rfp_margin) a ply,
    /// one ply fewer when the position improves.
    fn reverse_futile(&self, node: &Node, eval: i32, beta: i32) -> bool {
        let (f, t) = (self.features, self.features.tuning);
        if !f.futility || is_mate(beta) {
            return false;
        }
        let (max_depth, margin) = if self.deep_pruning {
            (t.deep_rfp_depth, t.deep_rfp_margin * (node.depth - node.improving as i32))
        } else {
            (3, f.futility_margin * 4 / 5 * node.depth)
        };
        node.depth <= max_depth && eval - margin >= beta
    }

    /// What orders the node's moves besides their kind: the table move,
    /// the killers, the counter move to the move that led here, the moves
    /// one and two plies earlier (continuation history).
    fn hints(&self, pos: &P, node: &Node, tt_move: Option<u32>) -> Hints<P::Move> {
        let previous = node.ply.checked_sub(1).and_then(|p| self.played[p]);
        let counter = match previous {
            Some(prev) if self.counter_moves => self.history.counter(pos.turn(), prev),
            _ => 0,
        };
        Hints {
            tt_move: tt_move.unwrap_or(0),
            killers: self.killers[node.ply],
            counter,
            capture_history: self.capture_history,
            continuation: self.before(node.ply),
        }
    }

    /// The pieces and targets of the moves one and two plies before `ply`
    /// (`None` where unknown, and always with the continuation history off).
    #[inline]
    pub(super) fn before(&self, ply: usize) -> [Option<PieceTo>; 2] {
        let at = |back: usize| {
            ply.checked_sub(back).and_then(|p| self.played_piece[p]).filter(|_| self.continuation_history)
        };
        [at(1), at(2)]
    }

    /// Per-move pruning near the leaves: futility (a quiet move cannot lift
    /// a hopeless position) and late-move pruning (quiet moves ordered last
    /// rarely matter). Only once a move is known not to lose, so no loss is
    /// claimed without every defence searched. With the deep pruning, whose
    /// futility reaches six plies from the leaves, a quiet check is never
    /// futile: it may be the mate the static evaluation cannot see
    /// (Morphy's `kbK5/pp6/1P6/8/8/8/8/R7 w`, 1.Ra6 bxa6 2.b7#, was missed
    /// by depth 26 with its mating check pruned), as in Stockfish. The
    /// switches of `engine/prune.rs` add history pruning of quiet moves
    /// and, on the principal variation and for captures too, exchange
    /// pruning.
    #[allow(clippy::too_many_arguments)]
    fn prunes_move(
        &mut self,
        pos: &mut P,
        node: &Node,
        m: P::Move,
        quiet: bool,
        count: usize,
        best: i32,
        alpha: i32,
        killer: Option<P::Move>,
    ) -> bool {
        if node.ply == 0 || node.proof || node.in_check || best <= -MATE_BOUND {
            return false;
        }
        if node.pv || !quiet {
            return self.see_prunes(pos, node, m, quiet);
        }
        self.late(node, count)
            || (self.features.futility
                && node.static_eval.is_some_and(|e| self.futile(node, e, alpha))
                && Some(m) != killer
                && !(self.deep_pruning && gives_check(pos, m)))
            || (Some(m) != killer && self.history_prunes(pos, node, m))
            || self.see_prunes(pos, node, m, quiet)
    }

    /// Whether no quiet move can lift the static evaluation `eval` to
    /// alpha (futility): within two plies of the leaves by
    /// [`Features::futility_margin`](super::Features::futility_margin) a
    /// ply, or with the deep pruning within
    /// [`Tuning::deep_futility_depth`](super::Tuning::deep_futility_depth)
    /// plies by [`Tuning::deep_futility_base`](super::Tuning::deep_futility_base)
    /// and [`Tuning::deep_futility_margin`](super::Tuning::deep_futility_margin) a ply.
    fn futile(&self, node: &Node, eval: i32, alpha: i32) -> bool {
        let t = &self.features.tuning;
        if self.deep_pruning {
            node.depth <= t.deep_futility_depth
                && eval + t.deep_futility_base + t.deep_futility_margin * node.depth <= alpha
        } else {
            node.depth <= 2 && eval + self.features.futility_margin * node.depth <= alpha
        }
    }

    /// Whether the `count`-th move, quiet, comes too late to be searched
    /// (late-move pruning): with [`Features::late_move_pruning`](super::Features::late_move_pruning)
    /// past 4 + 3 d² moves within three plies of the leaves, or with the
    /// deep pruning (whatever that switch says) past
    /// [`Tuning::deep_lmp_base`](super::Tuning::deep_lmp_base) + d² moves,
    /// twice as many when the position improves, within
    /// [`Tuning::deep_lmp_depth`](super::Tuning::deep_lmp_depth) plies.
    fn late(&self, node: &Node, count: usize) -> bool {
        let d2 = (node.depth * node.depth) as usize;
        let t = &self.features.tuning;
        if self.deep_pruning {
            node.depth <= t.deep_lmp_depth && count > (t.deep_lmp_base as usize + d2) * (1 + node.improving as usize)
        } else {
            self.features.late_move_pruning && node.depth <= 3 && count > 4 + 3 * d2
        }
    }

    /// Plays and searches `m`, the `count`-th move: the first with the
    /// node's window, later ones with a null window (reduced when late and
    /// quiet), searched again when they beat alpha.
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        pos: &mut P,
        m: P::Move,
        node: &Node,
        count: usize,
        quiet: bool,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let stat = match quiet && self.history_lmr {
            true => quiet_score(pos, m, pos.turn(), self.history, self.before(node.ply)),
            false => 0,
        };
        let reducible = quiet || self.reduces_capture(pos, node, m, count);
        self.played[node.ply] = Some(m);
        self.played_piece[node.ply] = match self.continuation_history || self.correction.previous {
            true => PieceTo::of(pos, m),
            false => None,
        };
        let undo = pos.play_unchecked(m);
        self.prefetch(pos);
        let extended = node.extend == Some(m.to_bits());
        let (depth, ply) = (node.depth - 1 + extended as i32, node.ply + 1);
        let mut v;
        if count == 1 {
            v = -self.negamax(pos, depth, -beta, -alpha, ply, node.pv);
        } else {
            let r = self.reduction(pos, node, count, reducible, stat);
            v = -self.negamax(pos, depth - r, -alpha - 1, -alpha, ply, false);
            if v > alpha && r > 0 {
                v = -self.negamax(pos, depth, -alpha - 1, -alpha, ply, false);
            }
            if v > alpha && v < beta && node.pv {
                v = -self.negamax(pos, depth, -beta, -alpha, ply, true);
            }
        }
        pos.undo(m, undo);
        v
    }

    /// Whether the capture `m`, the `count`-th move, is reduced as a late
    /// quiet move is ([`Features::capture_lmr`](super::Features::capture_lmr)):
    /// late enough and losing material by static exchange.
    fn reduces_capture(&mut self, pos: &mut P, node: &Node, m: P::Move, count: usize) -> bool {
        self.features.capture_lmr
            && count > 2
            && node.depth >= 3
            && pos.captured_by(m).is_some()
            && loses_material(pos, m, &mut self.see_list)
    }

    /// The late-move reduction of the `count`-th move, already played in
    /// `pos` and `reducible` (quiet, or a losing capture with
    /// [`Features::capture_lmr`](super::Features::capture_lmr)); `stat`
    /// is its quiet history (with its continuation history when that is
    /// on) when reductions follow it
    /// ([`Features::history_lmr`](super::Features::history_lmr)), else 0.
    /// A ply more where the position does not improve, with
    /// [`Features::improving_lmr`](super::Features::improving_lmr) and
    /// the deep pruning.
    fn reduction(&self, pos: &P, node: &Node, count: usize, reducible: bool, stat: i32) -> i32 {
        // Checking moves are not reduced (the test is the costly part, so it comes last).
        if !(self.features.lmr
            && node.depth >= 3
            && reducible
            && !node.in_check
            && !node.proof
            && count > 2
            && !pos.is_check())
        {
            return 0;
        }
        let not_improving = self.features.improving_lmr && self.deep_pruning && !node.improving;
        let r = self.lmr[node.depth.min(63) as usize][count.min(63)] as i32 - node.pv as i32 + not_improving as i32;
        (r - history_adjustment(stat)).clamp(0, node.depth - 2)
    }

    /// A move raised alpha: it heads the principal variation, and at the
    /// root it is the best move so far.
    fn record_improvement(&mut self, node: &Node, m: P::Move, v: i32) {
        if node.pv {
            self.update_pv(node.ply, m);
        }
        if node.ply == 0 {
            self.root_best = Some((m, v));
        }
    }

    /// `m` caused a cutoff. A quiet move becomes a killer and the counter
    /// move to the move that led here, and gains history (and continuation
    /// history), the quiet moves tried before it losing some; a capture
    /// gains capture history. The captures tried before it lose capture
    /// history either way.
    fn reward_cutoff(&mut self, pos: &P, m: P::Move, quiet: bool, node: &Node, tried: &Tried<P::Move>) {
        let turn = pos.turn();
        let bonus = self.features.tuning.history_bonus(node.depth);
        if quiet {
            self.reward_quiet(pos, m, node, tried, bonus);
        } else if let Some((attacker, victim)) = capture_roles(pos, m).filter(|_| self.capture_history) {
            self.history.update_capture(turn, attacker, m, victim, bonus);
        }
        if self.capture_history {
            for c in tried.captures() {
                if let Some((attacker, victim)) = capture_roles(pos, c) {
                    self.history.update_capture(turn, attacker, c, victim, -bonus);
                }
            }
        }
    }

    /// The quiet move `m` caused a cutoff: see [`Self::reward_cutoff`].
    fn reward_quiet(&mut self, pos: &P, m: P::Move, node: &Node, tried: &Tried<P::Move>, bonus: i32) {
        let turn = pos.turn();
        let k = &mut self.killers[node.ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        self.history.update(turn, m, bonus);
        for q in tried.quiets() {
            self.history.update(turn, q, -bonus);
        }
        if let Some(prev) = node.ply.checked_sub(1).and_then(|p| self.played[p]) {
            self.history.set_counter(turn, prev, m);
        }
        let before = self.before(node.ply);
        if before == [None, None] {
            return;
        }
        if let Some(pt) = PieceTo::of(pos, m) {
            self.history.update_continuation(before, pt, bonus);
        }
        for pt in tried.quiets().filter_map(|q| PieceTo::of(pos, q)) {
            self.history.update_continuation(before, pt, -bonus);
        }
    }

    /// Stores the node's result; `alpha` and `beta` are the window it was
    /// searched with. A root restricted to some moves, or a node searched
    /// without one (singular extensions), is not stored: its value is not
    /// the position's.
    fn store(&self, key: u64, node: &Node, best: i32, best_move: Option<P::Move>, alpha: i32, beta: i32) {
        if (node.ply == 0 && self.root_restricted()) || self.excluded[node.ply] != 0 {
            return;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, best_move.map(GameMove::to_bits), to_tt(best, node.ply), node.depth, bound, node.proof);
    }
}

/// From how many plies deep a null move's cutoff is verified by a
/// search without it (see `prune_node`).
const NULL_VERIFY_DEPTH: i32 = 8;

/// Whether a node searched to `depth` with the window (alpha, beta) can
/// prove its result exactly: the window asks only about game ends (alpha
/// is a win, "is there a shorter one?", or beta a loss, "does a defence
/// last longer?"), and the depth reaches past every game end it speaks of
/// (mate-distance bounds cut everything beyond). Such a node prunes
/// nothing, and so neither do its descendants. See the module docs.
#[inline]
pub(super) fn is_proof_node(alpha: i32, beta: i32, depth: i32, ply: usize) -> bool {
    let horizon = if alpha >= MATE_BOUND {
        MATE - alpha
    } else if beta <= -MATE_BOUND {
        MATE + beta
    } else {
        return false;
    };
    depth > horizon - ply as i32
}

/// The value a table entry proves for a node searched to `depth` with the
/// window (alpha, beta), if it ends the search there. Never on the
/// principal variation, which is searched in full to report its line.
///
/// A bound holds at any depth when it is a proof: a win as a lower bound,
/// a loss as an upper bound, or an entry marked `proof`. Other bounds are
/// estimates, trusted when searched deep enough, but never in a proof
/// window: a shallow or pruned search may have missed a shorter game end.
fn tt_cutoff(e: Entry, depth: i32, alpha: i32, beta: i32, ply: usize, pv_node: bool, proof: bool) -> Option<i32> {
    if pv_node {
        return None;
    }
    let v = from_tt(e.score, ply);
    let estimate = !proof && e.depth >= depth;
    let lower = (estimate || e.proof || v >= MATE_BOUND) && v >= beta;
    let upper = (estimate || e.proof || v <= -MATE_BOUND) && v <= alpha;
    let cut = match e.bound {
        Bound::Exact => lower || upper || estimate || e.proof,
        Bound::Lower => lower,
        Bound::Upper => upper,
    };
    cut.then_some(v)
}

/// How many plies less a late quiet move with history `stat` is reduced
/// (more when negative): a ply per [`HISTORY_LMR_UNIT`], at most two.
#[inline]
fn history_adjustment(stat: i32) -> i32 {
    (stat / HISTORY_LMR_UNIT).clamp(-2, 2)
}

/// See [`history_adjustment`]: a sixteenth of the history's bound. A
/// quarter of it changed nothing in Porthole chess at 5,000 nodes a move
/// (199 of 200 game pairs scored as main's): histories rarely grow that
/// far within a search of that size.
const HISTORY_LMR_UNIT: i32 = HISTORY_MAX / 16;

/// The capturing and the captured role of the capture `m`.
#[inline]
fn capture_roles<P: Searchable>(pos: &P, m: P::Move) -> Option<(Role, Role)> {
    Some((moving_role(pos, m)?, pos.captured_by(m)?.role))
}

/// The moves a node searched without a cutoff, to punish when a later
/// one cuts: up to 64 quiet moves and 32 captures (the rest are not
/// remembered).
struct Tried<M> {
    quiets: [Option<M>; 64],
    n_quiets: usize,
    captures: [Option<M>; 32],
    n_captures: usize,
}

impl<M: GameMove> Default for Tried<M> {
    fn default() -> Tried<M> {
        Tried { quiets: [None; 64], n_quiets: 0, captures: [None; 32], n_captures: 0 }
    }
}

impl<M: GameMove> Tried<M> {
    /// Remembers `m`, quiet or a capture in `pos` (a quiet promotion is neither).
    #[inline]
    fn push<P: Searchable<Move = M>>(&mut self, pos: &P, m: M, quiet: bool) {
        if quiet {
            if self.n_quiets < self.quiets.len() {
                self.quiets[self.n_quiets] = Some(m);
                self.n_quiets += 1;
            }
        } else if self.n_captures < self.captures.len() && pos.captured_by(m).is_some() {
            self.captures[self.n_captures] = Some(m);
            self.n_captures += 1;
        }
    }

    fn quiets(&self) -> impl Iterator<Item = M> + '_ {
        self.quiets[..self.n_quiets].iter().flatten().copied()
    }

    fn captures(&self) -> impl Iterator<Item = M> + '_ {
        self.captures[..self.n_captures].iter().flatten().copied()
    }
}

/// Whether `color` has a piece other than king and pawns (null-move
/// pruning is unsafe without one).
fn has_pieces<P: Searchable>(pos: &P, color: Color) -> bool {
    let b = &pos.boards()[pos.board_to_play()];
    let pawns_king = b.by_role(Role::Pawn) | b.by_role(Role::King);
    (b.by_color(color) & !pawns_king).any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_moves_a_reduction_by_at_most_two_plies_each_way() {
        assert_eq!(history_adjustment(0), 0);
        assert_eq!(history_adjustment(HISTORY_LMR_UNIT - 1), 0);
        assert_eq!(history_adjustment(HISTORY_LMR_UNIT), 1);
        assert_eq!(history_adjustment(-HISTORY_LMR_UNIT), -1);
        assert_eq!(history_adjustment(HISTORY_MAX), 2);
        assert_eq!(history_adjustment(-HISTORY_MAX), -2);
        assert_eq!(history_adjustment(i32::MAX), 2);
    }
}
