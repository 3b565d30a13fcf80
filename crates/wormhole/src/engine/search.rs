//! Negamax with alpha-beta and principal variation search, driven by
//! iterative deepening; helper threads (lazy SMP) share the table.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::eval::{EvalParams, evaluate};
use super::levels::LevelSettings;
use super::ordering::{History, Picker};
use super::score::{INFINITY, MATE, MATE_BOUND, MAX_PLY, from_score, from_tt, is_mate, mated_in, to_score, to_tt};
use super::time::TimePlan;
use super::tt::{Bound, Table};
use super::{Engine, Features, Info, Limits, PvLine, Score, SearchResult};
use crate::{Move, Position, zobrist};

/// See [`Searcher::eval_lazy`].
const LAZY_MARGIN: i32 = 500;

/// How often (in nodes) the clock and stop flags are polled.
const POLL_INTERVAL: u64 = 2048;

/// Everything one search thread needs, so the recursive functions keep
/// short signatures.
pub(super) struct Searcher<'a> {
    pub tt: &'a Table,
    pub history: &'a mut History,
    pub params: &'a EvalParams,
    pub features: Features,
    pub positional: bool,
    stop: &'a AtomicBool,
    helpers_done: Option<&'a AtomicBool>,
    shared_nodes: &'a AtomicU64,
    pub nodes: u64,
    reported: u64,
    node_limit: u64,
    hard: Option<Instant>,
    pub stopped: bool,
    pub seldepth: usize,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    lmr: Box<[[u8; 64]; 64]>,
    /// The best root move of the current iteration, once it is fully searched.
    pub root_best: Option<(Move, i32)>,
    /// The root moves this search may play (searchmoves); `None`: all.
    root_allowed: Option<Vec<Move>>,
    /// Root moves left out because they head better lines of this
    /// iteration (MultiPV).
    root_excluded: Vec<Move>,
}

impl<'a> Searcher<'a> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        tt: &'a Table,
        history: &'a mut History,
        params: &'a EvalParams,
        features: Features,
        positional: bool,
        stop: &'a AtomicBool,
        helpers_done: Option<&'a AtomicBool>,
        shared_nodes: &'a AtomicU64,
        node_limit: u64,
        hard: Option<Instant>,
    ) -> Searcher<'a> {
        let mut lmr = Box::new([[0u8; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (i as f64).ln() / 2.25) as u8;
            }
        }
        let null = Move::new(crate::Square::new(0), crate::Square::new(0), None);
        Searcher {
            tt,
            history,
            params,
            features,
            positional,
            stop,
            helpers_done,
            shared_nodes,
            nodes: 0,
            reported: 0,
            node_limit,
            hard,
            stopped: false,
            seldepth: 0,
            killers: [[None; 2]; MAX_PLY + 1],
            pv: Box::new([[null; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            lmr,
            root_best: None,
            root_allowed: None,
            root_excluded: Vec::new(),
        }
    }

    /// Restricts the root to `moves` (all legal moves: no restriction).
    pub fn restrict_root(&mut self, moves: &[Move], legal: usize) {
        self.root_allowed = (moves.len() < legal).then(|| moves.to_vec());
    }

    /// Whether the root search leaves `m` out (searchmoves, MultiPV).
    #[inline]
    fn skips_root_move(&self, m: Move) -> bool {
        self.root_allowed.as_ref().is_some_and(|a| !a.contains(&m)) || self.root_excluded.contains(&m)
    }

    /// Whether the root search looks at only some of the legal moves, so
    /// its result says nothing about the position itself.
    fn root_restricted(&self) -> bool {
        self.root_allowed.is_some() || !self.root_excluded.is_empty()
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
        self.shared_nodes.fetch_add(self.nodes - self.reported, Ordering::Relaxed);
        self.reported = self.nodes;
        if self.stop.load(Ordering::Relaxed)
            || self.helpers_done.is_some_and(|d| d.load(Ordering::Relaxed))
            || self.nodes >= self.node_limit
            || self.hard.is_some_and(|h| Instant::now() >= h)
        {
            self.stopped = true;
        }
    }

    /// Adds this thread's uncounted nodes to the shared total.
    pub fn flush_nodes(&mut self) {
        self.shared_nodes.fetch_add(self.nodes - self.reported, Ordering::Relaxed);
        self.reported = self.nodes;
    }

    /// The static evaluation used by the search.
    #[inline]
    pub fn eval(&self, pos: &Position) -> i32 {
        evaluate(pos, self.params, self.positional)
    }

    /// The static evaluation, or a bound from material alone when that is
    /// already far outside the window (the positional terms rarely move a
    /// score by more than [`LAZY_MARGIN`]).
    #[inline]
    pub fn eval_lazy(&self, pos: &Position, alpha: i32, beta: i32) -> i32 {
        if self.positional && self.features.lazy_eval {
            let m = super::eval::material(pos, self.params);
            if m - LAZY_MARGIN >= beta {
                return m - LAZY_MARGIN;
            }
            if m + LAZY_MARGIN <= alpha {
                return m + LAZY_MARGIN;
            }
        }
        self.eval(pos)
    }

    #[inline]
    pub fn clear_pv(&mut self, ply: usize) {
        self.pv_len[ply] = 0;
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
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

    /// Negamax search of `pos` to `depth` plies with the window (alpha, beta);
    /// fail-soft: the value may lie outside the window.
    pub fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        self.count_node(ply);
        self.clear_pv(ply);
        if self.stopped {
            return 0;
        }
        if ply > 0 {
            // No line through here can beat a game end already found nearer the root.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        let key = pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            let v = from_tt(e.score, ply);
            // Proved game ends hold at any depth.
            if !pv_node && (e.depth >= depth || is_mate(v)) {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if cut {
                    return v;
                }
            }
        }

        let mut picker = Picker::new();
        let in_check = picker.generate(pos);
        if picker.is_empty() {
            return mated_in(ply);
        }
        // A side in check has few replies, and checks lead to the game ends
        // this search wants to prove: look one ply further.
        let depth = if in_check && self.features.check_extension { depth + 1 } else { depth };
        // The static evaluation only serves the pruning near the leaves.
        let needs_eval = !pv_node && !in_check && (depth <= 3 || self.features.null_move);
        let static_eval = if needs_eval { self.eval(pos) } else { -INFINITY };

        if needs_eval && ply > 0 {
            // Reverse futility: far above beta near the leaves, assume it holds.
            if self.features.futility
                && depth <= 3
                && !is_mate(beta)
                && static_eval - self.features.futility_margin * 4 / 5 * depth >= beta
            {
                return static_eval;
            }
            if self.features.null_move && depth >= 3 && static_eval >= beta && !is_mate(beta) && has_pieces(pos) {
                let r = 2 + depth / 4;
                pass(pos);
                let v = -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                pass(pos);
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    // Never claim a game end from a pass, which is not a legal move.
                    return if is_mate(v) { beta } else { v };
                }
            }
        }

        let killers = self.killers[ply];
        picker.score_all(pos, tt_move, killers, self.history);
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut count = 0;
        let mut quiets = [None::<Move>; 64];
        let mut n_quiets = 0;
        let original_alpha = alpha;
        let turn = pos.turn();

        while let Some(m) = picker.next_move() {
            if ply == 0 && self.skips_root_move(m) {
                continue;
            }
            let capture = pos.captured_by(m).is_some();
            let quiet = !capture && m.promotion().is_none();
            count += 1;
            // Futility: quiet moves cannot lift a hopeless position near the leaves.
            // Only once a move is known not to lose, so no loss is claimed unproved.
            if self.features.futility
                && !pv_node
                && !in_check
                && quiet
                && depth <= 2
                && best > -MATE_BOUND
                && needs_eval
                && static_eval + self.features.futility_margin * depth <= alpha
                && Some(m) != killers[0]
            {
                continue;
            }
            // Late-move pruning: near the leaves, quiet moves ordered last rarely matter.
            if self.features.late_move_pruning
                && !pv_node
                && !in_check
                && quiet
                && depth <= 3
                && best > -MATE_BOUND
                && count > 4 + 3 * (depth * depth) as usize
            {
                continue;
            }
            let undo = pos.play_unchecked(m);
            self.tt.prefetch(pos.hash());
            let new_depth = depth - 1;
            let mut v;
            if count == 1 {
                v = -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, pv_node);
            } else {
                // Checking moves are not reduced (the test is the costly part, so it comes last).
                let r = if self.features.lmr && depth >= 3 && quiet && !in_check && count > 2 && !pos.is_check() {
                    let mut r = self.lmr[depth.min(63) as usize][count.min(63)] as i32;
                    if pv_node {
                        r -= 1;
                    }
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                v = -self.negamax(pos, new_depth - r, -alpha - 1, -alpha, ply + 1, false);
                if v > alpha && r > 0 {
                    v = -self.negamax(pos, new_depth, -alpha - 1, -alpha, ply + 1, false);
                }
                if v > alpha && v < beta && pv_node {
                    v = -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, true);
                }
            }
            pos.undo(m, undo);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = Some(m);
                    alpha = v;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if ply == 0 {
                        self.root_best = Some((m, v));
                    }
                    if v >= beta {
                        if quiet {
                            self.reward_quiet(turn, m, ply, depth, &quiets[..n_quiets]);
                        }
                        break;
                    }
                }
            }
            if quiet && n_quiets < quiets.len() {
                quiets[n_quiets] = Some(m);
                n_quiets += 1;
            }
        }

        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if ply > 0 || !self.root_restricted() {
            self.tt.store(key, best_move, to_tt(best, ply), depth, bound);
        }
        best
    }

    fn reward_quiet(&mut self, turn: crate::Color, m: Move, ply: usize, depth: i32, tried: &[Option<Move>]) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = (depth * depth * 8).min(4000);
        self.history.update(turn, m, bonus);
        for q in tried.iter().flatten() {
            self.history.update(turn, *q, -bonus);
        }
    }
}

/// Whether the side to move has a piece other than king and pawns (null-move
/// pruning is unsafe without one).
fn has_pieces(pos: &Position) -> bool {
    let b = pos.board();
    let us = b.by_color(pos.turn());
    let pawns_king = b.by_role(crate::Role::Pawn) | b.by_role(crate::Role::King);
    (us & !pawns_king).any()
}

/// Passes the turn (a null move: no hole is made). Calling it twice restores the position.
fn pass(pos: &mut Position) {
    pos.turn = !pos.turn;
    pos.hash ^= zobrist::black_key();
}

/// The caps and deadlines of one search.
struct Plan {
    max_depth: u32,
    node_limit: u64,
    time: TimePlan,
}

fn plan(pos: &Position, limits: &Limits, settings: &LevelSettings, start: Instant) -> Plan {
    let depth_cap = (MAX_PLY - 8) as u32;
    let max_depth = limits.depth.unwrap_or(depth_cap).min(settings.max_depth.unwrap_or(depth_cap)).clamp(1, depth_cap);
    let node_limit = limits.nodes.unwrap_or(u64::MAX).min(settings.max_nodes.unwrap_or(u64::MAX)).max(1);
    let default = limits.is_unset().then_some(settings.default_movetime);
    Plan { max_depth, node_limit, time: TimePlan::new(start, limits, pos.plies(), default) }
}

/// Runs a whole search for [`Engine::search`].
pub(super) fn run(
    engine: &mut Engine,
    pos: &Position,
    limits: &Limits,
    settings: &LevelSettings,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&Info),
) -> SearchResult {
    let start = Instant::now();
    let legal = pos.legal_moves().len();
    let root_moves = limits.root_moves(pos);
    if root_moves.is_empty() {
        let info = Info { score: Score::Loss(0), ..Info::default() };
        return SearchResult { best_move: None, info };
    }
    let mut plan = plan(pos, limits, settings, start);
    if legal == 1 && !limits.infinite {
        // A forced move: think only long enough to report a score.
        plan.max_depth = plan.max_depth.min(8);
        let short = start + std::time::Duration::from_millis(20);
        plan.time.hard = plan.time.hard.map(|h| h.min(short));
        plan.time.soft = plan.time.soft.map(|s| s.min(short));
    }
    engine.tt.new_search();
    engine.history.age();
    let positional = settings.positional_eval && engine.features.positional_eval;
    let shared_nodes = AtomicU64::new(0);
    let helpers_done = AtomicBool::new(false);
    let threads = engine.options.threads;
    let tt: &Table = &engine.tt;
    let params = &engine.eval_params(pos.variant());
    let features = engine.features;
    let history = &mut engine.history;
    let root_moves = &root_moves;

    std::thread::scope(|scope| {
        for id in 1..threads {
            let (shared_nodes, helpers_done) = (&shared_nodes, &helpers_done);
            let mut pos = pos.clone();
            let max_depth = plan.max_depth;
            scope.spawn(move || {
                let mut history = History::new();
                let mut s = Searcher::new(
                    tt,
                    &mut history,
                    params,
                    features,
                    positional,
                    stop,
                    Some(helpers_done),
                    shared_nodes,
                    u64::MAX,
                    plan.time.hard,
                );
                s.restrict_root(root_moves, legal);
                // Helpers start at staggered depths so they fill the table
                // with different parts of the tree.
                let mut depth = 1 + (id as u32 % 2);
                while depth <= max_depth && !s.stopped {
                    s.negamax(&mut pos, depth as i32, -INFINITY, INFINITY, 0, true);
                    depth += 1;
                }
                s.flush_nodes();
            });
        }
        let mut s = Searcher::new(
            tt,
            history,
            params,
            features,
            positional,
            stop,
            None,
            &shared_nodes,
            plan.node_limit,
            plan.time.hard,
        );
        s.restrict_root(root_moves, legal);
        let root = Root { moves: root_moves, lines: limits.multipv.clamp(1, root_moves.len()) };
        let result = iterate(&mut s, pos, &root, &plan, start, &shared_nodes, on_info);
        helpers_done.store(true, Ordering::Relaxed);
        result
    })
}

/// The root moves a search may play and how many best lines it reports.
struct Root<'a> {
    moves: &'a [Move],
    lines: usize,
}

/// Iterative deepening on the main thread: each iteration searches the
/// root once per reported line, leaving out the moves of the better lines.
fn iterate(
    s: &mut Searcher,
    pos: &Position,
    root: &Root,
    plan: &Plan,
    start: Instant,
    shared_nodes: &AtomicU64,
    on_info: &mut dyn FnMut(&Info),
) -> SearchResult {
    let mut pos = pos.clone();
    let first = root.moves[0];
    let mut info =
        Info { pv: vec![first], lines: vec![PvLine { score: Score::default(), pv: vec![first] }], ..Info::default() };
    // The values of the last completed iteration's lines, best first.
    let mut prev: Vec<i32> = Vec::new();
    for depth in 1..=plan.max_depth {
        s.seldepth = 0;
        s.root_excluded.clear();
        let mut lines: Vec<(i32, Vec<Move>)> = Vec::with_capacity(root.lines);
        for k in 0..root.lines {
            s.root_best = None;
            let v = aspiration(s, &mut pos, depth as i32, prev.get(k).copied());
            if s.stopped {
                break;
            }
            let pv = s.root_pv();
            let Some(&m) = pv.first().or(s.root_best.as_ref().map(|(m, _)| m)) else { break };
            s.root_excluded.push(m);
            lines.push((v, if pv.is_empty() { vec![m] } else { pv }));
        }
        s.flush_nodes();
        let elapsed = start.elapsed();
        let nodes = shared_nodes.load(Ordering::Relaxed);
        if s.stopped {
            if lines.is_empty() {
                // A root move that beat the previous best in the unfinished
                // iteration was fully searched: trust it.
                if let Some((m, v)) = s.root_best
                    && depth > 1
                    && prev.first().is_some_and(|&p| v > p)
                {
                    lines.push((v, vec![m]));
                }
            }
            if !lines.is_empty() {
                info.lines = merge_lines(&lines, &info.lines, root.lines);
                info.score = info.lines[0].score;
                info.pv = info.lines[0].pv.clone();
            }
            info.nodes = nodes;
            info.time = elapsed;
            info.nps = nps(nodes, elapsed);
            break;
        }
        // A later line may come out better than an earlier one (the search
        // is not perfectly stable): report them best first.
        lines.sort_by_key(|(v, _)| std::cmp::Reverse(*v));
        let lines: Vec<PvLine> = lines.into_iter().map(|(v, pv)| PvLine { score: to_score(v), pv }).collect();
        prev = lines.iter().map(|l| from_score(l.score)).collect();
        info = Info {
            depth,
            seldepth: s.seldepth as u32,
            score: lines[0].score,
            nodes,
            nps: nps(nodes, elapsed),
            time: elapsed,
            pv: lines[0].pv.clone(),
            lines,
        };
        on_info(&info);
        // Proved, and deep enough to have seen every shorter game end.
        if prev.iter().all(|&v| is_mate(v) && depth as i32 > MATE - v.abs()) {
            break;
        }
        if !plan.time.may_start_iteration(start, Instant::now()) {
            break;
        }
    }
    SearchResult { best_move: info.pv.first().copied(), info }
}

/// The lines of an unfinished iteration (`new`, searched deeper) first,
/// then the lines of the last complete one whose moves they do not cover.
fn merge_lines(new: &[(i32, Vec<Move>)], old: &[PvLine], n: usize) -> Vec<PvLine> {
    let mut lines: Vec<PvLine> = new.iter().map(|(v, pv)| PvLine { score: to_score(*v), pv: pv.clone() }).collect();
    for line in old {
        if lines.len() < n && !lines.iter().any(|l| l.root_move() == line.root_move()) {
            lines.push(line.clone());
        }
    }
    lines
}

/// The root search with a narrow window around the previous score, widened on failure.
fn aspiration(s: &mut Searcher, pos: &mut Position, depth: i32, prev: Option<i32>) -> i32 {
    let Some(p) = prev.filter(|p| depth >= 5 && !is_mate(*p)) else {
        return s.negamax(pos, depth, -INFINITY, INFINITY, 0, true);
    };
    let mut delta = 40;
    let (mut alpha, mut beta) = (p - delta, p + delta);
    loop {
        let v = s.negamax(pos, depth, alpha, beta, 0, true);
        if s.stopped {
            return v;
        }
        if v <= alpha {
            alpha = (alpha - delta).max(-INFINITY);
        } else if v >= beta {
            beta = (beta + delta).min(INFINITY);
        } else {
            return v;
        }
        delta *= 2;
        if delta > 1000 {
            alpha = -INFINITY;
            beta = INFINITY;
        }
    }
}

fn nps(nodes: u64, elapsed: std::time::Duration) -> u64 {
    (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64
}
