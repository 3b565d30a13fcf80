//! The root: planning a search, starting helper threads (lazy SMP: they
//! share the table and search the same root at staggered depths), and
//! iterative deepening with aspiration windows and MultiPV on the main thread.
//! After it, at full strength, the proof-number solver may try to settle
//! the game ([`Features::proof_search`](super::Features::proof_search)),
//! a lost side looks for its longest defence in the time left, and a
//! won side for its shortest win (see `defence`).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::Searchable;
use super::defence::{defend, shorten};
use super::levels::LevelSettings;
use super::negamax::is_proof_node;
use super::ordering::History;
use super::prove::MIN_PROOF_TIME;
use super::score::{INFINITY, MATE, MAX_PLY, is_mate, no_move_value, to_score};
use super::search::{SearchShared, Searcher};
use super::time::TimePlan;
use super::{Engine, Info, Limits, Proof, PvLine, SearchResult, SolveLimits};
use crate::rules::MoveSet;

/// The caps and deadlines of one search.
struct Plan {
    max_depth: u32,
    node_limit: u64,
    time: TimePlan,
    /// No prover follows the search on its thread ([`proves_after`]): a
    /// fixed move time is searched to its end.
    whole: bool,
}

/// The plan of a search from `pos`, where `legal` moves are legal.
fn plan<P: Searchable>(
    engine: &Engine,
    pos: &P,
    legal: usize,
    limits: &Limits<P::Move>,
    settings: &LevelSettings,
    start: Instant,
) -> Plan {
    let depth_cap = (MAX_PLY - 8) as u32;
    let max_depth = limits.depth.unwrap_or(depth_cap).min(settings.max_depth.unwrap_or(depth_cap)).clamp(1, depth_cap);
    let node_limit = limits.nodes.unwrap_or(u64::MAX).min(settings.max_nodes.unwrap_or(u64::MAX)).max(1);
    let default = limits.is_unset().then_some(settings.default_movetime);
    let mut time = TimePlan::new(start, limits, pos.moves_to_plan(), default);
    if legal == 1 && !limits.infinite {
        // A forced move: think only long enough to report a score.
        let short = start + FORCED_MOVE_TIME;
        time.hard = time.hard.map(|h| h.min(short));
        time.soft = time.soft.map(|s| s.min(short));
    }
    Plan { max_depth, node_limit, time, whole: !proves_after(engine, pos, limits, settings) }
}

/// How long a forced move is thought over: long enough to report a score.
const FORCED_MOVE_TIME: Duration = Duration::from_millis(20);

/// The result of a search where no move may be played.
fn no_move<P: Searchable>(pos: &P) -> SearchResult<P::Move> {
    let score = to_score(no_move_value::<P>(pos.is_check(), 0));
    SearchResult { best_move: None, info: Info { score, exact: true, ..Info::default() } }
}

/// Runs a whole search for [`Engine::search`].
pub(super) fn run<P: Searchable>(
    engine: &mut Engine,
    pos: &P,
    limits: &Limits<P::Move>,
    settings: &LevelSettings,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&Info<P::Move>),
) -> SearchResult<P::Move> {
    let start = Instant::now();
    let legal = pos.legal_moves().len();
    let root_moves = limits.root_moves(pos);
    if root_moves.is_empty() {
        return no_move(pos);
    }
    let plan = plan(engine, pos, legal, limits, settings, start);
    engine.tt.new_search();
    engine.history.age();
    let (nodes, helpers_done) = (AtomicU64::new(0), AtomicBool::new(false));
    let beside = prover_beside(engine, pos, limits, settings);
    let (prover_done, proved) = (AtomicBool::new(false), AtomicBool::new(false));
    let params = engine.eval_params(pos);
    let shared = SearchShared {
        tt: &engine.tt,
        params: &params,
        features: engine.features,
        positional: settings.positional_eval && engine.features.positional_eval,
        stop,
        helpers_done: &helpers_done,
        proved: &proved,
        nodes: &nodes,
        node_limit: plan.node_limit,
        hard_deadline: plan.time.hard,
        root_allowed: (root_moves.len() < legal).then_some(&root_moves[..]),
        history: if P::DRAWS { &limits.history } else { &[] },
    };
    // The prover beside the search takes one of the threads.
    let threads = engine.options.threads - beside.is_some() as usize;
    // The prover draws the game's repetitions as the search does (in a
    // game without draws, it reads the table with one indirection fewer).
    let in_game = super::InGame::new(&*engine.tt, shared.history);
    let table: &dyn super::ProvedTable = if P::DRAWS { &in_game } else { &*engine.tt };
    let (history, prover, tt) = (&mut engine.history, &mut engine.prover, table);
    let (result, proof) = std::thread::scope(|scope| {
        for id in 1..threads {
            let (shared, pos) = (&shared, pos.clone());
            scope.spawn(move || help(shared, pos, id, plan.max_depth));
        }
        let beside = beside.map(|prove| {
            let (pos, done, proved) = (pos.clone(), &prover_done, &proved);
            let time = plan.time.soft.map_or(BESIDE_TIME, |soft| soft.saturating_duration_since(start));
            scope.spawn(move || prove_beside(prove, &pos, time, prover, tt, done, proved))
        });
        let mut s = Searcher::new(&shared, history, true);
        let root = Root { moves: &root_moves, lines: limits.multipv.clamp(1, root_moves.len()) };
        let result = iterate(&mut s, pos, &root, &plan, beside.is_some(), start, on_info);
        helpers_done.store(true, Ordering::Relaxed);
        let proof = beside.map(|prover| finish_beside(prover, &result, plan.time.soft.is_some(), stop, &prover_done));
        (result, proof)
    });
    let result = match (proof, P::PROVER, proof_time(engine, pos, limits, settings, &plan, &result)) {
        (Some(proof), ..) => with_proof(result, proof, &nodes, start, on_info),
        (None, Some(prove), Some(time)) if !stop.load(Ordering::Relaxed) => {
            let limits = SolveLimits { time: Some(time), nodes: None };
            let proof = prove(pos, &mut engine.prover, &limits, stop, table);
            with_proof(result, proof, &nodes, start, on_info)
        }
        _ => result,
    };
    let deadline = plan.time.soft.filter(|_| proof_allowed(engine, pos, limits, settings));
    let exact = deadline.and_then(|d| exact_distance(&shared, pos, &root_moves, &result, d));
    exact.map_or(result, |exact| reported(exact, &nodes, start, on_info))
}

/// `result` with its proved distance made exact in the time left before
/// `deadline`: a lost side's longest defence, a won side's shortest win;
/// `None` when the distance is exact already or nothing was found.
fn exact_distance<P: Searchable>(
    shared: &SearchShared<P>,
    pos: &P,
    moves: &[P::Move],
    result: &SearchResult<P::Move>,
    deadline: Instant,
) -> Option<SearchResult<P::Move>> {
    let mut exact = result.clone();
    match defend(shared, pos, moves, result, deadline) {
        Some(defence) => exact.take_defence(defence),
        None => exact.take_win(shorten(shared, pos, moves, result, deadline)?),
    }
    Some(exact)
}

/// Reports to `on_info` a result changed after the search (by a proof or
/// a defence check), with the `nodes` of every search, timed from `start`.
fn reported<M: Copy>(
    mut result: SearchResult<M>,
    nodes: &AtomicU64,
    start: Instant,
    on_info: &mut dyn FnMut(&Info<M>),
) -> SearchResult<M> {
    let info = &mut result.info;
    (info.nodes, info.time) = (nodes.load(Ordering::Relaxed), start.elapsed());
    info.nps = nps(info.nodes, info.time);
    on_info(info);
    result
}

/// How long the prover beside a search without a time limit may run at
/// most: it ends with the search.
const BESIDE_TIME: Duration = Duration::from_secs(7 * 24 * 3600);

/// The prover on its own thread beside the alpha-beta search, sharing the
/// table: runs for `time` at most, until it settles the root (then ends
/// the search through `proved`) or it is `done`.
fn prove_beside<P: Searchable>(
    prove: crate::engine::Prover<P>,
    pos: &P,
    time: Duration,
    memory: &mut super::ProverSlot,
    tt: &dyn super::ProvedTable,
    done: &AtomicBool,
    proved: &AtomicBool,
) -> Proof<P::Move> {
    let limits = SolveLimits { time: Some(time), nodes: None };
    let proof = prove(pos, memory, &limits, done, tt);
    if !matches!(proof, Proof::Unknown) {
        proved.store(true, Ordering::Relaxed);
    }
    proof
}

/// Ends the prover beside the search once the search has returned
/// `result`, and reads its proof. With a time limit, when the search
/// proved nothing, the prover keeps the rest of the move's planned time
/// (the search returns about then, see [`may_go_on`]), as the prover after
/// a one-thread search does; otherwise, or when `stop` is set, it is told
/// it is `done` at once.
fn finish_beside<M>(
    prover: std::thread::ScopedJoinHandle<'_, Proof<M>>,
    result: &SearchResult<M>,
    timed: bool,
    stop: &AtomicBool,
    done: &AtomicBool,
) -> Proof<M> {
    let proved = result.info.score.is_proved();
    if proved || !timed {
        done.store(true, Ordering::Relaxed);
    }
    while !prover.is_finished() && !done.load(Ordering::Relaxed) {
        if stop.load(Ordering::Relaxed) {
            done.store(true, Ordering::Relaxed);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    prover.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// The game's prover, to run on its own thread beside the alpha-beta
/// search: when two or more threads are allowed and the prover would run
/// after the search on one thread (see [`proof_allowed`]), whatever the
/// time limit, infinite analysis included.
fn prover_beside<P: Searchable>(
    engine: &Engine,
    pos: &P,
    limits: &Limits<P::Move>,
    settings: &LevelSettings,
) -> Option<crate::engine::Prover<P>> {
    let allowed = engine.options.threads >= 2 && proof_allowed(engine, pos, limits, settings);
    P::PROVER.filter(|_| allowed)
}

/// Whether the game's prover may try to settle the root: the engine plays
/// at full strength (no caps on depth or positions), with no depth or
/// node limit, one line and every root move, and proves `pos`
/// ([`Engine::proves`]).
fn proof_allowed<P: Searchable>(engine: &Engine, pos: &P, limits: &Limits<P::Move>, settings: &LevelSettings) -> bool {
    let capped = settings.max_depth.is_some() || settings.max_nodes.is_some();
    let limited = limits.depth.is_some() || limits.nodes.is_some() || limits.multipv > 1;
    let every_move = limits.searchmoves.is_empty();
    engine.proves(pos) && !capped && !limited && every_move
}

/// Whether the prover may run after the alpha-beta search on its thread:
/// where it may run at all ([`proof_allowed`]) and the game leaves it part
/// of the move's time ([`SearchHooks::PROVE_AFTER_SEARCH`](super::SearchHooks::PROVE_AFTER_SEARCH)).
fn proves_after<P: Searchable>(engine: &Engine, pos: &P, limits: &Limits<P::Move>, settings: &LevelSettings) -> bool {
    P::PROVE_AFTER_SEARCH && proof_allowed(engine, pos, limits, settings)
}

/// How long the proof-number solver may try to settle the root after the
/// alpha-beta search: the rest of the move's planned time (the search
/// starts no iteration past half of it, so part is left). Only when the
/// search proved nothing, with a time limit, where the prover may run
/// after it ([`proves_after`]).
fn proof_time<P: Searchable>(
    engine: &Engine,
    pos: &P,
    limits: &Limits<P::Move>,
    settings: &LevelSettings,
    plan: &Plan,
    result: &SearchResult<P::Move>,
) -> Option<Duration> {
    let proved = result.info.score.is_proved();
    if proved || !proves_after(engine, pos, limits, settings) {
        return None;
    }
    let left = plan.time.soft?.checked_duration_since(Instant::now())?;
    (left >= MIN_PROOF_TIME).then_some(left)
}

/// The alpha-beta search's result, told what the solver proved when the
/// search did not prove as much itself: a proved win plays the solver's
/// winning move and scores a win within the proof's longest line; a proved
/// loss plays the proof's longest defence and scores the loss.
/// Neither distance is exact. Reports the changed result ([`reported`]).
fn with_proof<M: Copy>(
    mut result: SearchResult<M>,
    proof: Proof<M>,
    nodes: &AtomicU64,
    start: Instant,
    on_info: &mut dyn FnMut(&Info<M>),
) -> SearchResult<M> {
    if result.settle(proof) { reported(result, nodes, start, on_info) } else { result }
}

/// A helper thread: searches the root at depths staggered by thread, so
/// the threads fill the table with different parts of the tree.
fn help<P: Searchable>(shared: &SearchShared<P>, mut pos: P, id: usize, max_depth: u32) {
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
struct Root<'a, M> {
    moves: &'a [M],
    lines: usize,
}

/// One line of an iteration, as the root search found it.
#[derive(Clone, Debug)]
struct Line<M> {
    /// The root-relative value.
    value: i32,
    /// The line, starting with its root move.
    pv: Vec<M>,
    /// Whether the value is a game end verified exact: searched in a proof
    /// window deep enough to see every shorter game end (see `negamax`).
    exact: bool,
}

impl<M: Copy> Line<M> {
    /// The distance in plies of a claimed game end that is not yet exact.
    fn unverified_distance(&self) -> Option<i32> {
        (is_mate(self.value) && !self.exact).then(|| MATE - self.value.abs())
    }

    fn to_pv_line(&self) -> PvLine<M> {
        PvLine { score: to_score(self.value), exact: self.exact, pv: self.pv.clone() }
    }
}

/// Iterative deepening on the main thread: each iteration searches the
/// root once per reported line, leaving out the moves of the better lines.
/// A game end claimed by one iteration is verified by the next, searched
/// deep enough for that (see [`search_line`]); the search ends early once
/// every line is an exact game end.
fn iterate<P: Searchable>(
    s: &mut Searcher<P>,
    pos: &P,
    root: &Root<P::Move>,
    plan: &Plan,
    beside: bool,
    start: Instant,
    on_info: &mut dyn FnMut(&Info<P::Move>),
) -> SearchResult<P::Move> {
    let mut pos = pos.clone();
    let first = root.moves[0];
    let mut info =
        Info { pv: vec![first], lines: vec![PvLine { pv: vec![first], ..PvLine::default() }], ..Info::default() };
    // The last completed iteration's lines, best first.
    let mut prev: Vec<Line<P::Move>> = Vec::new();
    let (mut depth, mut extra) = (0, 0);
    while let Some(next) = next_depth(depth, &prev, plan.max_depth, &mut extra) {
        depth = next;
        s.seldepth = 0;
        let lines = search_lines(s, &mut pos, root, depth, &prev);
        s.flush_nodes();
        let nodes = s.shared.nodes.load(Ordering::Relaxed);
        let elapsed = start.elapsed();
        if s.stopped {
            let done = keep_unfinished(s, lines, &prev);
            if !done.is_empty() {
                info.lines = merge_lines(&done, &info.lines, root.lines);
                (info.score, info.exact, info.pv) =
                    (info.lines[0].score, info.lines[0].exact, info.lines[0].pv.clone());
            }
            (info.nodes, info.time, info.nps) = (nodes, elapsed, nps(nodes, elapsed));
            break;
        }
        prev = lines;
        let pv_lines: Vec<PvLine<P::Move>> = prev.iter().map(Line::to_pv_line).collect();
        info = Info {
            depth: depth as u32,
            seldepth: s.seldepth as u32,
            score: pv_lines[0].score,
            exact: pv_lines[0].exact,
            nodes,
            nps: nps(nodes, elapsed),
            time: elapsed,
            pv: pv_lines[0].pv.clone(),
            lines: pv_lines,
        };
        on_info(&info);
        if prev.iter().all(|l| l.exact) || !may_go_on(s, plan, beside, start) {
            break;
        }
    }
    SearchResult { best_move: info.pv.first().copied(), info }
}

/// Whether another iteration may start now: before half the soft target,
/// or, with a fixed move time and no prover after the search, before the
/// limit ([`TimePlan::may_start_iteration`](super::time::TimePlan::may_start_iteration));
/// or, with a prover `beside` the search (which runs until the soft
/// target), until the soft target, the iteration then stopping at it.
/// The thread would otherwise idle while the prover runs, and what a
/// deeper search settles the prover reads from the shared table.
fn may_go_on<P: Searchable>(s: &mut Searcher<P>, plan: &Plan, beside: bool, start: Instant) -> bool {
    let now = Instant::now();
    if plan.time.may_start_iteration(start, now, plan.whole) {
        return true;
    }
    let Some(deadline) = plan.time.iteration_beside_prover(now).filter(|_| beside) else {
        return false;
    };
    s.deadline = Some(deadline);
    true
}

/// How many iterations may follow the deepest one to verify game ends it
/// claimed (each search at most `max_depth` deep).
const EXTRA_VERIFICATIONS: u32 = 2;

/// How far past the last iteration's depth the next may jump to verify a
/// claimed game end. A farther claim (a bound the prover beside the
/// search published: "within the squares left") stays unverified until
/// the iterations come near it.
const VERIFY_REACH: i32 = 8;

/// The depth of the iteration after one at `depth`: one deeper, or deep
/// enough to verify a claimed game end (two plies past it, at most
/// [`VERIFY_REACH`] deeper), within `max_depth`. Past `max_depth`, a few
/// more iterations that can verify game ends claimed there (counted in
/// `extra`); otherwise `None`.
fn next_depth<M: Copy>(depth: i32, prev: &[Line<M>], max_depth: u32, extra: &mut u32) -> Option<i32> {
    let max_depth = max_depth as i32;
    let within_reach = |v: &i32| *v <= depth + VERIFY_REACH;
    let verify = prev.iter().filter_map(|l| l.unverified_distance()).map(|n| n + 2).filter(within_reach).max();
    if depth < max_depth {
        return Some((depth + 1).max(verify.unwrap_or(0)).min(max_depth));
    }
    *extra += 1;
    verify.filter(|&v| v <= max_depth && *extra <= EXTRA_VERIFICATIONS)
}

/// Searches the root once per line, each time leaving out the moves of
/// the lines before; returns the lines best first (fewer if stopped).
fn search_lines<P: Searchable>(
    s: &mut Searcher<P>,
    pos: &mut P,
    root: &Root<P::Move>,
    depth: i32,
    prev: &[Line<P::Move>],
) -> Vec<Line<P::Move>> {
    s.root_excluded.clear();
    let mut lines: Vec<Line<P::Move>> = Vec::with_capacity(root.lines);
    for k in 0..root.lines {
        s.root_best = None;
        let (value, exact) = search_line(s, pos, depth, prev.get(k).map(|l| l.value));
        if s.stopped {
            break;
        }
        let pv = s.root_pv();
        let Some(&m) = pv.first().or(s.root_best.as_ref().map(|(m, _)| m)) else { break };
        s.root_excluded.push(m);
        lines.push(Line { value, pv: if pv.is_empty() { vec![m] } else { pv }, exact });
    }
    // A later line may come out better than an earlier one (the search is
    // not perfectly stable): report them best first.
    lines.sort_by_key(|l| std::cmp::Reverse(l.value));
    lines
}

/// The lines of a stopped iteration worth reporting: those it completed
/// or, if none, a root move that beat the previous best (it was fully
/// searched: trust it), with its line ([`unfinished_line`]).
fn keep_unfinished<P: Searchable>(
    s: &Searcher<P>,
    mut lines: Vec<Line<P::Move>>,
    prev: &[Line<P::Move>],
) -> Vec<Line<P::Move>> {
    if lines.is_empty()
        && let Some((m, value)) = s.root_best
        && prev.first().is_some_and(|p| value > p.value)
    {
        lines.push(Line { value, pv: unfinished_line(s, m, prev), exact: false });
    }
    lines
}

/// The line of the root move `m` that beat the previous best in a stopped
/// iteration: the line the root recorded when `m` raised alpha (its reply
/// fully searched), else the last complete iteration's line of `m`, else
/// `m` alone. A lone move would end the reported line at its first move
/// (a review's "Best line: 1.d4").
fn unfinished_line<P: Searchable>(s: &Searcher<P>, m: P::Move, prev: &[Line<P::Move>]) -> Vec<P::Move> {
    let recorded = s.root_pv();
    if recorded.first() == Some(&m) && recorded.len() > 1 {
        return recorded;
    }
    prev.iter().find(|l| l.pv.first() == Some(&m)).map_or_else(|| vec![m], |l| l.pv.clone())
}

/// The root search of one line, given the line's value in the previous
/// iteration; returns the value and whether it is an exact game end.
///
/// A claimed game end is searched in a proof window just wide enough to
/// contain it (a win: "is there a win at least this short?"; a loss: "does
/// no defence last longer?"), so nothing is pruned and the result, if it
/// falls in the window and the depth reaches past it, is exact.
fn search_line<P: Searchable>(s: &mut Searcher<P>, pos: &mut P, depth: i32, prev: Option<i32>) -> (i32, bool) {
    let proof_window = |p: i32| if p > 0 { (p - 1, INFINITY) } else { (-INFINITY, p + 1) };
    let Some((alpha, beta)) = prev.filter(|&p| is_mate(p)).map(proof_window) else {
        return (aspiration(s, pos, depth, prev), false);
    };
    let exact = is_proof_node(alpha, beta, depth, 0);
    let v = s.negamax(pos, depth, alpha, beta, 0, true);
    if s.stopped || (alpha < v && v < beta) {
        return (v, exact);
    }
    // The claim did not hold at this depth (a shallower iteration's view
    // of another line, say): search the whole window.
    (s.negamax(pos, depth, -INFINITY, INFINITY, 0, true), false)
}

/// The lines of an unfinished iteration (`new`, searched deeper) first,
/// then the lines of the last complete one whose moves they do not cover.
fn merge_lines<M: Copy + PartialEq>(new: &[Line<M>], old: &[PvLine<M>], n: usize) -> Vec<PvLine<M>> {
    let mut lines: Vec<PvLine<M>> = new.iter().map(Line::to_pv_line).collect();
    for line in old {
        if lines.len() < n && !lines.iter().any(|l| l.root_move() == line.root_move()) {
            lines.push(line.clone());
        }
    }
    lines
}

/// The root search with a narrow window around the previous score, widened on failure.
fn aspiration<P: Searchable>(s: &mut Searcher<P>, pos: &mut P, depth: i32, prev: Option<i32>) -> i32 {
    let Some(p) = prev.filter(|_| depth >= 5) else {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Score;
    use crate::games::wormhole::{Position, Variant};

    /// A search result for `m` with `score`, as the alpha-beta search left it.
    fn searched(m: crate::games::wormhole::Move, score: Score) -> SearchResult<crate::games::wormhole::Move> {
        let line = PvLine { score, exact: false, pv: vec![m] };
        SearchResult { best_move: Some(m), info: Info { score, pv: vec![m], lines: vec![line], ..Info::default() } }
    }

    #[test]
    fn a_proof_the_search_lacked_is_reported_and_played() {
        let pos = Position::new(Variant::Classic);
        let (e4, d4) = (pos.parse_move("e4").unwrap(), pos.parse_move("d4").unwrap());
        let mut reported = Vec::new();
        let win = Proof::Win { first_move: d4, plies: 7, size: 30 };
        let result = with_proof(searched(e4, Score::Cp(120)), win, &AtomicU64::new(0), Instant::now(), &mut |i| {
            reported.push(i.score)
        });
        assert_eq!(result.best_move, Some(d4));
        assert_eq!((result.info.score, result.info.exact, &result.info.pv[..]), (Score::Win(7), false, &[d4][..]));
        assert_eq!(result.info.lines[0].score, Score::Win(7));
        assert_eq!(reported, [Score::Win(7)]);
        // A proved loss plays the proof's longest defence; without one, the
        // search's move.
        let loss = Proof::Loss { defence: Some(d4), plies: 6, size: 30 };
        let result = with_proof(searched(e4, Score::Cp(-300)), loss, &AtomicU64::new(0), Instant::now(), &mut |_| {});
        assert_eq!((result.best_move, result.info.score, result.info.exact), (Some(d4), Score::Loss(6), false));
        assert_eq!((&result.info.pv[..], &result.info.lines[0].pv[..]), (&[d4][..], &[d4][..]));
        let loss = Proof::Loss { defence: None, plies: 6, size: 30 };
        let result = with_proof(searched(e4, Score::Cp(-300)), loss, &AtomicU64::new(0), Instant::now(), &mut |_| {});
        assert_eq!((result.best_move, result.info.score), (Some(e4), Score::Loss(6)));
    }

    #[test]
    fn a_search_that_proved_the_result_keeps_its_own() {
        let pos = Position::new(Variant::Classic);
        let (e4, d4) = (pos.parse_move("e4").unwrap(), pos.parse_move("d4").unwrap());
        let win = Proof::Win { first_move: d4, plies: 9, size: 30 };
        let mut calls = 0;
        let result =
            with_proof(searched(e4, Score::Win(5)), win, &AtomicU64::new(0), Instant::now(), &mut |_| calls += 1);
        assert_eq!((result.best_move, result.info.score, calls), (Some(e4), Score::Win(5), 0));
        // A longer win the search did not verify gives way to a shorter
        // proof; a verified one stays.
        let result = with_proof(searched(e4, Score::Win(11)), win, &AtomicU64::new(0), Instant::now(), &mut |_| {});
        assert_eq!((result.best_move, result.info.score), (Some(d4), Score::Win(9)));
        let mut exact = searched(e4, Score::Win(11));
        exact.info.exact = true;
        let result = with_proof(exact, win, &AtomicU64::new(0), Instant::now(), &mut |_| calls += 1);
        assert_eq!((result.best_move, result.info.score, calls), (Some(e4), Score::Win(11), 0));
        let result =
            with_proof(searched(e4, Score::Cp(10)), Proof::Unknown, &AtomicU64::new(0), Instant::now(), &mut |_| {
                calls += 1
            });
        assert_eq!((result.best_move, result.info.score, calls), (Some(e4), Score::Cp(10), 0));
    }

    #[test]
    fn the_prover_beside_keeps_the_moves_time_unless_the_search_settled_it_or_stopped() {
        let pos = Position::new(Variant::Classic);
        let e4 = pos.parse_move("e4").unwrap();
        let win = Proof::Win { first_move: e4, plies: 7, size: 30 };
        // A stand-in prover: proves `win` after half a second, unless told
        // before that it is done.
        let run = |score: Score, timed: bool, stopped: bool| {
            let (done, stop) = (AtomicBool::new(false), AtomicBool::new(stopped));
            std::thread::scope(|scope| {
                let told = &done;
                let prover = scope.spawn(move || {
                    let end = Instant::now() + Duration::from_millis(500);
                    while Instant::now() < end {
                        if told.load(Ordering::Relaxed) {
                            return Proof::Unknown;
                        }
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    win
                });
                finish_beside(prover, &searched(e4, score), timed, &stop, &done)
            })
        };
        assert_eq!(run(Score::Cp(30), true, false), win, "a timed search that proved nothing waits for the prover");
        assert_eq!(run(Score::Win(5), true, false), Proof::Unknown, "the search proved the result itself");
        assert_eq!(run(Score::Cp(30), false, false), Proof::Unknown, "no time limit: the search's end ends it");
        assert_eq!(run(Score::Cp(30), true, true), Proof::Unknown, "stopped");
    }
}
