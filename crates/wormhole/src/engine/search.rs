//! One search thread's state: what all threads share (table, weights,
//! switches, limits) in a [`SearchShared`] context, and what each keeps for
//! itself (history, killers, principal variation, move lists, the
//! positions on its path, node count) in a [`Searcher`]. The recursive
//! searches are in `negamax` and `qsearch`; the root and iterative
//! deepening in `root`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use super::Features;
use super::Searchable;
use super::correction::{CorrectionKey, CorrectionTables};
use super::eval_cache::EvalCache;
use super::ordering::{History, Picker};
use super::piece_to::PieceTo;
use super::score::{DRAW, MAX_PLY};
use super::tt::Table;
use crate::core::Color;

/// See [`Searcher::eval_lazy`].
const LAZY_MARGIN: i32 = 500;

/// How often (in nodes) the clock and stop flags are polled.
const POLL_INTERVAL: u64 = 2048;

/// What every thread of one search shares.
pub(super) struct SearchShared<'a, P: Searchable> {
    /// The transposition table.
    pub tt: &'a Table,
    /// The evaluation weights.
    pub params: &'a P::Params,
    /// The search and evaluation switches.
    pub features: Features,
    /// Whether the evaluation looks beyond material.
    pub positional: bool,
    /// Set by the caller to end the search.
    pub stop: &'a AtomicBool,
    /// Set by the main thread when it is done, to end the helpers.
    pub helpers_done: &'a AtomicBool,
    /// Set by the prover beside the search when it settled the root: ends the search.
    pub proved: &'a AtomicBool,
    /// Nodes searched by all threads.
    pub nodes: &'a AtomicU64,
    /// The main thread stops after about this many nodes.
    pub node_limit: u64,
    /// Every thread stops at this instant.
    pub hard_deadline: Option<Instant>,
    /// The root moves the search may play; `None`: every legal move.
    pub root_allowed: Option<&'a [P::Move]>,
    /// The positions of the game before the root, oldest first (games
    /// with draws: a return to one of them is a draw).
    pub history: &'a [u64],
}

/// Late-move reductions by depth and move number.
type LmrTable = [[u8; 64]; 64];

/// The late-move reduction table for a game, about ln(depth) * ln(move
/// number) / [`SearchHooks::LMR_DIVISOR`](crate::engine::SearchHooks::LMR_DIVISOR),
/// computed once per divisor (there are as few as there are games).
fn lmr_table(divisor: f64) -> &'static LmrTable {
    static TABLES: Mutex<Vec<(u64, &'static LmrTable)>> = Mutex::new(Vec::new());
    let mut tables = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&(_, table)) = tables.iter().find(|(bits, _)| *bits == divisor.to_bits()) {
        return table;
    }
    let mut lmr = [[0u8; 64]; 64];
    for (d, row) in lmr.iter_mut().enumerate().skip(1) {
        for (i, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.5 + (d as f64).ln() * (i as f64).ln() / divisor) as u8;
        }
    }
    let table: &'static LmrTable = Box::leak(Box::new(lmr));
    tables.push((divisor.to_bits(), table));
    table
}

/// The positions on the way to the node being searched, for games where
/// positions can repeat: the game's history, then one entry per ply.
struct Path {
    /// Hash and pieces in play (`SearchHooks::pieces_in_play`) of each
    /// position; a capture lowers the count for good, so a repetition is
    /// looked for only back to the last one.
    entries: Vec<(u64, u32)>,
    /// Where ply 0 (the root) is.
    root: usize,
}

/// A piece count that matches no position: written over a position that
/// passes (null move), so no repetition is seen through the pass.
const PASSED: u32 = u32::MAX;

/// One search thread: the shared context plus what the thread learns.
pub(super) struct Searcher<'a, P: Searchable> {
    pub shared: &'a SearchShared<'a, P>,
    pub tt: &'a Table,
    pub history: &'a mut History,
    pub features: Features,
    /// Whether this is the main thread (which alone obeys the node limit).
    main: bool,
    /// This thread stops at this instant: the shared hard deadline, or
    /// sooner for an iteration that must end by then (see `root::may_go_on`).
    pub deadline: Option<Instant>,
    pub nodes: u64,
    reported: u64,
    pub stopped: bool,
    pub seldepth: usize,
    pub killers: [[Option<P::Move>; 2]; MAX_PLY + 1],
    /// The principal variation found below each ply.
    pv: Vec<Vec<P::Move>>,
    /// One move list per ply, reused from node to node.
    pub pickers: Vec<Picker<P>>,
    path: Path,
    pub lmr: &'static LmrTable,
    /// The best root move of the current iteration, once it is fully searched.
    pub root_best: Option<(P::Move, i32)>,
    /// Root moves left out because they head better lines of this
    /// iteration (MultiPV).
    pub root_excluded: Vec<P::Move>,
    /// Static evaluations of positions met recently.
    evals: EvalCache,
    /// Whether losing captures (by static exchange) are ordered last in the main search.
    pub see_order: bool,
    /// Whether the capture search skips losing captures (by static exchange).
    pub see_qsearch: bool,
    /// The list the static exchange evaluation generates into, reused.
    pub see_list: P::SearchList,
    /// Whether captures are ordered by their history.
    pub capture_history: bool,
    /// Whether late-move reductions follow the quiet history.
    pub history_lmr: bool,
    /// Whether counter moves are ordered after the killers.
    pub counter_moves: bool,
    /// Whether quiet moves are ordered by their continuation history too.
    pub continuation_history: bool,
    /// Whether a singular table move is searched a ply deeper.
    pub singular: bool,
    /// The move (its bits; 0: none) left out of the node at each ply: a
    /// search of the node without its table move (singular extensions).
    pub excluded: [u32; MAX_PLY + 1],
    /// Whether the search tries null moves.
    pub null_move: bool,
    /// While a null move's cutoff is verified (see `negamax`): the side
    /// that tries no null move, and the ply from which it may again.
    pub null_verify: Option<(Color, usize)>,
    /// Whether the pruning near the leaves reaches deep (see [`Features::deep_pruning`]).
    pub deep_pruning: bool,
    /// Whether moves losing material by static exchange are skipped near
    /// the leaves (see [`Features::see_prune`]).
    pub see_prune: bool,
    /// The correction history's tables the static evaluation is
    /// corrected by (see [`Features::correction`] and the switches after it).
    pub correction: CorrectionTables,
    /// The static evaluation of the node at each ply of the current line
    /// (`None`: in check, or not computed), to tell whether a position improves.
    pub static_evals: [Option<i32>; MAX_PLY + 1],
    /// What the correction history knows the node at each ply of the
    /// current line by, computed with its static evaluation (with
    /// `static_evals`) and read again where the node's result teaches it.
    pub correction_keys: [CorrectionKey; MAX_PLY + 1],
    /// The move played at each ply of the current line (`None`: a null
    /// move, or not known), so a node knows the move that led to it.
    pub played: [Option<P::Move>; MAX_PLY + 1],
    /// The piece and target of the move played at each ply of the current
    /// line (`None`: a null move, or the continuation history off).
    pub played_piece: [Option<PieceTo>; MAX_PLY + 1],
}

impl<'a, P: Searchable> Searcher<'a, P> {
    /// A thread's searcher; `main` for the thread that reports and obeys
    /// the node limit.
    pub fn new(shared: &'a SearchShared<'a, P>, history: &'a mut History, main: bool) -> Searcher<'a, P> {
        let mut entries = Vec::new();
        if P::DRAWS {
            entries.reserve(shared.history.len() + MAX_PLY + 1);
            entries.extend(shared.history.iter().map(|&h| (h, 0)));
            // Piece counts of the history are unknown: compare them all.
            entries.resize(shared.history.len() + MAX_PLY + 1, (0, 0));
        }
        Searcher {
            shared,
            tt: shared.tt,
            history,
            features: shared.features,
            main,
            deadline: shared.hard_deadline,
            nodes: 0,
            reported: 0,
            stopped: false,
            seldepth: 0,
            killers: [[None; 2]; MAX_PLY + 1],
            pv: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            pickers: (0..=MAX_PLY).map(|_| Picker::default()).collect(),
            path: Path { entries, root: shared.history.len() },
            lmr: lmr_table(shared.features.lmr_divisor.map_or(P::LMR_DIVISOR, |d| f64::from(d) / 100.0)),
            root_best: None,
            root_excluded: Vec::new(),
            evals: EvalCache::new(),
            see_order: shared.features.see_order.unwrap_or(P::SEE_ORDER),
            see_qsearch: shared.features.see_qsearch.unwrap_or(P::SEE_QSEARCH),
            see_list: P::SearchList::default(),
            capture_history: shared.features.capture_history.unwrap_or(P::CAPTURE_HISTORY),
            history_lmr: shared.features.history_lmr.unwrap_or(P::HISTORY_LMR),
            counter_moves: shared.features.counter_moves.unwrap_or(P::COUNTER_MOVES),
            continuation_history: shared.features.continuation_history.unwrap_or(P::CONTINUATION_HISTORY),
            singular: shared.features.singular.unwrap_or(P::SINGULAR),
            excluded: [0; MAX_PLY + 1],
            null_move: shared.features.null_move.unwrap_or(P::NULL_MOVE),
            null_verify: None,
            deep_pruning: shared.features.deep_pruning.unwrap_or(P::DEEP_PRUNING),
            see_prune: shared.features.see_prune.unwrap_or(P::SEE_PRUNE),
            correction: CorrectionTables::chosen::<P>(&shared.features),
            static_evals: [None; MAX_PLY + 1],
            correction_keys: [CorrectionKey::default(); MAX_PLY + 1],
            played: [None; MAX_PLY + 1],
            played_piece: [None; MAX_PLY + 1],
        }
    }

    /// Counts a node and, every [`POLL_INTERVAL`] nodes, checks whether to stop.
    #[inline]
    pub fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.nodes & (POLL_INTERVAL - 1) == 0 {
            self.poll();
        }
    }

    fn poll(&mut self) {
        self.flush_nodes();
        let s = self.shared;
        let helper_done = !self.main && s.helpers_done.load(Ordering::Relaxed);
        let out_of_nodes = self.main && self.nodes >= s.node_limit;
        if s.stop.load(Ordering::Relaxed)
            || s.proved.load(Ordering::Relaxed)
            || helper_done
            || out_of_nodes
            || self.deadline.is_some_and(|h| Instant::now() >= h)
        {
            self.stopped = true;
        }
    }

    /// Adds this thread's uncounted nodes to the shared total.
    pub fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.nodes - self.reported, Ordering::Relaxed);
        self.reported = self.nodes;
    }

    /// What every node does first: counts itself, forgets the line below
    /// it, and ends at once with a value when the search is stopped (the
    /// value is not used) or the position is drawn.
    #[inline(always)]
    pub fn enter(&mut self, pos: &P, ply: usize) -> Option<i32> {
        self.count_node(ply);
        self.clear_pv(ply);
        if self.stopped {
            return Some(0);
        }
        self.is_draw(pos, ply).then_some(DRAW)
    }

    /// Records `pos` as the position at `ply` on the search path and says
    /// whether it is drawn there: a repetition of a position earlier on
    /// the path or in the game, or a draw by rule. Never in a game without
    /// draws, where it compiles to nothing.
    #[inline(always)]
    fn is_draw(&mut self, pos: &P, ply: usize) -> bool {
        if !P::DRAWS {
            return false;
        }
        let hash = pos.hash();
        let count = pos.pieces_in_play();
        let at = self.path.root + ply;
        self.path.entries[at] = (hash, count);
        if ply == 0 {
            return false;
        }
        let earlier = &self.path.entries[..at];
        let repeated = earlier.iter().rev().take_while(|&&(_, c)| c == count || c == 0).any(|&(h, _)| h == hash);
        repeated || pos.is_rule_draw()
    }

    /// Marks the position at `ply` as passing (a null move) or, with
    /// `false`, restores it: no repetition is seen through a pass.
    #[inline(always)]
    pub fn mark_pass(&mut self, pos: &P, ply: usize, passing: bool) {
        if P::DRAWS {
            let count = if passing { PASSED } else { pos.pieces_in_play() };
            self.path.entries[self.path.root + ply].1 = count;
        }
    }

    /// Hints the processor to load what the search reads first of the
    /// position just played: its table entry and its remembered evaluation.
    #[inline]
    pub fn prefetch(&self, pos: &P) {
        self.tt.prefetch(pos.hash());
        self.prefetch_eval(pos);
    }

    /// Hints the processor to load the remembered evaluation of `pos`.
    #[inline]
    pub fn prefetch_eval(&self, pos: &P) {
        self.evals.prefetch(pos.hash());
    }

    /// The static evaluation used by the search (remembered by position).
    #[inline]
    pub fn eval(&mut self, pos: &P) -> i32 {
        let (params, positional) = (self.shared.params, self.shared.positional);
        self.evals.get_or(pos.hash(), || pos.evaluate(params, positional))
    }

    /// `eval`, a static evaluation of the position the correction history
    /// ([`Features::correction`](super::Features::correction)) knows by
    /// `key`, corrected by it.
    #[inline]
    pub fn corrected_by(&self, key: CorrectionKey, eval: i32) -> i32 {
        if !self.correction.any() {
            return eval;
        }
        eval + self.history.correction.of(key, self.correction)
    }

    /// What the correction history knows `pos`, reached by the move
    /// `previous` (its piece and target, `None`: not known), by (only the
    /// tables on are hashed); their entries for it are prefetched, so
    /// ask before the static evaluation.
    #[inline]
    pub fn correction_key(&self, pos: &P, previous: Option<PieceTo>) -> CorrectionKey {
        let key = CorrectionKey::of(pos, previous, self.correction);
        self.history.correction.prefetch(key, self.correction);
        key
    }

    /// The piece and target of the move played to reach `ply` (`None`:
    /// the root, a null move, or not recorded).
    #[inline]
    pub fn previous_piece(&self, ply: usize) -> Option<PieceTo> {
        ply.checked_sub(1).and_then(|p| self.played_piece[p])
    }

    /// The static evaluation, or a bound from material alone when that is
    /// already far outside the window (the positional terms rarely move a
    /// score by more than [`LAZY_MARGIN`]).
    #[inline]
    pub fn eval_lazy(&mut self, pos: &P, alpha: i32, beta: i32) -> i32 {
        if self.shared.positional && self.features.lazy_eval {
            let m = pos.material(self.shared.params);
            if m - LAZY_MARGIN >= beta {
                return m - LAZY_MARGIN;
            }
            if m + LAZY_MARGIN <= alpha {
                return m + LAZY_MARGIN;
            }
        }
        self.eval(pos)
    }

    /// Forgets the principal variation below `ply`.
    #[inline]
    pub fn clear_pv(&mut self, ply: usize) {
        self.pv[ply].clear();
    }

    /// Makes `m` followed by the child's line the principal variation at `ply`.
    pub fn update_pv(&mut self, ply: usize, m: P::Move) {
        let (line, below) = self.pv.split_at_mut(ply + 1);
        let (line, child) = (&mut line[ply], &below[0]);
        line.clear();
        line.push(m);
        line.extend_from_slice(&child[..child.len().min(MAX_PLY - ply - 1)]);
    }

    /// The principal variation of the last root search.
    pub fn root_pv(&self) -> Vec<P::Move> {
        self.pv[0].clone()
    }

    /// Whether the root search leaves `m` out (searchmoves, MultiPV).
    #[inline]
    pub fn skips_root_move(&self, m: P::Move) -> bool {
        self.shared.root_allowed.is_some_and(|a| !a.contains(&m)) || self.root_excluded.contains(&m)
    }

    /// Whether the root search looks at only some of the legal moves, so
    /// its result says nothing about the position itself.
    pub fn root_restricted(&self) -> bool {
        self.shared.root_allowed.is_some() || !self.root_excluded.is_empty()
    }
}

/// Runs `f` with what one search of `pos` (a Wormhole chess position)
/// shares: the table `tt`, the default features and weights, no limit.
#[cfg(test)]
pub(super) fn with_shared<R>(
    pos: &crate::games::wormhole::Position,
    tt: &Table,
    f: impl FnOnce(&SearchShared<crate::games::wormhole::Position>) -> R,
) -> R {
    use crate::rules::Evaluate;
    let (stop, done, proved, nodes) =
        (AtomicBool::new(false), AtomicBool::new(false), AtomicBool::new(false), AtomicU64::new(0));
    let params = pos.default_params();
    f(&SearchShared {
        tt,
        params: &params,
        features: Features::default(),
        positional: true,
        stop: &stop,
        helpers_done: &done,
        proved: &proved,
        nodes: &nodes,
        node_limit: u64::MAX,
        hard_deadline: None,
        root_allowed: None,
        history: &[],
    })
}
