//! The root: planning a search, starting helper threads (lazy SMP: they
//! share the table and search the same root at staggered depths), and
//! iterative deepening with aspiration windows and MultiPV on the main thread.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::levels::LevelSettings;
use super::ordering::History;
use super::score::{INFINITY, MATE, MAX_PLY, from_score, is_mate, to_score};
use super::search::{Searcher, Shared};
use super::time::TimePlan;
use super::{Engine, Info, Limits, PvLine, Score, SearchResult};
use crate::{Move, Position};

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
    let nodes = AtomicU64::new(0);
    let helpers_done = AtomicBool::new(false);
    let params = engine.eval_params(pos.variant());
    let shared = Shared {
        tt: &engine.tt,
        params: &params,
        features: engine.features,
        positional: settings.positional_eval && engine.features.positional_eval,
        stop,
        helpers_done: &helpers_done,
        nodes: &nodes,
        node_limit: plan.node_limit,
        hard_deadline: plan.time.hard,
        root_allowed: (root_moves.len() < legal).then_some(&root_moves[..]),
    };
    let threads = engine.options.threads;
    let history = &mut engine.history;
    std::thread::scope(|scope| {
        for id in 1..threads {
            let (shared, pos) = (&shared, pos.clone());
            scope.spawn(move || help(shared, pos, id, plan.max_depth));
        }
        let mut s = Searcher::new(&shared, history, true);
        let root = Root { moves: &root_moves, lines: limits.multipv.clamp(1, root_moves.len()) };
        let result = iterate(&mut s, pos, &root, &plan, start, on_info);
        helpers_done.store(true, Ordering::Relaxed);
        result
    })
}

/// A helper thread: searches the root at depths staggered by thread, so
/// the threads fill the table with different parts of the tree.
fn help(shared: &Shared, mut pos: Position, id: usize, max_depth: u32) {
    let mut history = History::new();
    let mut s = Searcher::new(shared, &mut history, false);
    let mut depth = 1 + (id as u32 % 2);
    while depth <= max_depth && !s.stopped {
        s.negamax(&mut pos, depth as i32, -INFINITY, INFINITY, 0, true);
        depth += 1;
    }
    s.flush_nodes();
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
        let nodes = s.shared.nodes.load(Ordering::Relaxed);
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
