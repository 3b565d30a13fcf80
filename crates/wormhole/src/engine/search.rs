//! One search thread's state: what all threads share (table, weights,
//! switches, limits) in a [`Shared`] context, and what each keeps for
//! itself (history, killers, principal variation, node count) in a
//! [`Searcher`]. The recursive searches are in `negamax` and `qsearch`; the
//! root and iterative deepening in `root`.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::Features;
use super::eval::{self, EvalParams, evaluate};
use super::ordering::History;
use super::score::MAX_PLY;
use super::tt::Table;
use crate::{Move, Position, Square};

/// See [`Searcher::eval_lazy`].
const LAZY_MARGIN: i32 = 500;

/// How often (in nodes) the clock and stop flags are polled.
const POLL_INTERVAL: u64 = 2048;

/// What every thread of one search shares.
pub(super) struct Shared<'a> {
    /// The transposition table.
    pub tt: &'a Table,
    /// The evaluation weights.
    pub params: &'a EvalParams,
    /// The search and evaluation switches.
    pub features: Features,
    /// Whether the evaluation looks beyond material.
    pub positional: bool,
    /// Set by the caller to end the search.
    pub stop: &'a AtomicBool,
    /// Set by the main thread when it is done, to end the helpers.
    pub helpers_done: &'a AtomicBool,
    /// Nodes searched by all threads.
    pub nodes: &'a AtomicU64,
    /// The main thread stops after about this many nodes.
    pub node_limit: u64,
    /// Every thread stops at this instant.
    pub hard_deadline: Option<Instant>,
    /// The root moves the search may play; `None`: every legal move.
    pub root_allowed: Option<&'a [Move]>,
}

/// Late-move reductions by depth and move number.
type LmrTable = [[u8; 64]; 64];

/// The late-move reduction table, about ln(depth) * ln(move number) / 2.25,
/// computed once.
fn lmr_table() -> &'static LmrTable {
    static TABLE: OnceLock<LmrTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut lmr = [[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (i as f64).ln() / 2.25) as u8;
            }
        }
        lmr
    })
}

/// One search thread: the shared context plus what the thread learns.
pub(super) struct Searcher<'a> {
    pub shared: &'a Shared<'a>,
    pub tt: &'a Table,
    pub history: &'a mut History,
    pub features: Features,
    /// Whether this is the main thread (which alone obeys the node limit).
    main: bool,
    pub nodes: u64,
    reported: u64,
    pub stopped: bool,
    pub seldepth: usize,
    pub killers: [[Option<Move>; 2]; MAX_PLY + 1],
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    pub lmr: &'static LmrTable,
    /// The best root move of the current iteration, once it is fully searched.
    pub root_best: Option<(Move, i32)>,
    /// Root moves left out because they head better lines of this
    /// iteration (MultiPV).
    pub root_excluded: Vec<Move>,
}

impl<'a> Searcher<'a> {
    /// A thread's searcher; `main` for the thread that reports and obeys
    /// the node limit.
    pub fn new(shared: &'a Shared<'a>, history: &'a mut History, main: bool) -> Searcher<'a> {
        let null = Move::new(Square::new(0), Square::new(0), None);
        Searcher {
            shared,
            tt: shared.tt,
            history,
            features: shared.features,
            main,
            nodes: 0,
            reported: 0,
            stopped: false,
            seldepth: 0,
            killers: [[None; 2]; MAX_PLY + 1],
            pv: Box::new([[null; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            lmr: lmr_table(),
            root_best: None,
            root_excluded: Vec::new(),
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
            || helper_done
            || out_of_nodes
            || s.hard_deadline.is_some_and(|h| Instant::now() >= h)
        {
            self.stopped = true;
        }
    }

    /// Adds this thread's uncounted nodes to the shared total.
    pub fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.nodes - self.reported, Ordering::Relaxed);
        self.reported = self.nodes;
    }

    /// The static evaluation used by the search.
    #[inline]
    pub fn eval(&self, pos: &Position) -> i32 {
        evaluate(pos, self.shared.params, self.shared.positional)
    }

    /// The static evaluation, or a bound from material alone when that is
    /// already far outside the window (the positional terms rarely move a
    /// score by more than [`LAZY_MARGIN`]).
    #[inline]
    pub fn eval_lazy(&self, pos: &Position, alpha: i32, beta: i32) -> i32 {
        if self.shared.positional && self.features.lazy_eval {
            let m = eval::material(pos, self.shared.params);
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
        self.pv_len[ply] = 0;
    }

    /// Makes `m` followed by the child's line the principal variation at `ply`.
    pub fn update_pv(&mut self, ply: usize, m: Move) {
        let child = self.pv_len[ply + 1].min(MAX_PLY - ply - 1);
        self.pv[ply][0] = m;
        for i in 0..child {
            self.pv[ply][i + 1] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child + 1;
    }

    /// The principal variation of the last root search.
    pub fn root_pv(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]].to_vec()
    }

    /// Whether the root search leaves `m` out (searchmoves, MultiPV).
    #[inline]
    pub fn skips_root_move(&self, m: Move) -> bool {
        self.shared.root_allowed.is_some_and(|a| !a.contains(&m)) || self.root_excluded.contains(&m)
    }

    /// Whether the root search looks at only some of the legal moves, so
    /// its result says nothing about the position itself.
    pub fn root_restricted(&self) -> bool {
        self.shared.root_allowed.is_some() || !self.root_excluded.is_empty()
    }
}
