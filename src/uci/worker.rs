//! The engine's own thread. Everything slow (searching, perft) runs here, one job after another, so the thread
//! that reads the GUI's commands answers `isready`, `stop` and `quit` at once.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use wormhole::ListedGame;
use wormhole::engine::{Engine, EngineOptions, Features, Info, Level, Limits, Score, SearchResult};
use wormhole::perft;
use wormhole::rules::{GameMove, MoveSet};

use super::{output_gone, say};

/// Perft below this depth runs without checking for `stop` (a few milliseconds of work).
const PERFT_CHUNK_DEPTH: u32 = 4;

/// How a search or perft is told to end.
#[derive(Debug, Default)]
pub struct Control {
    stop: AtomicBool,
    /// Set by `ponderhit`: the ponder search ends without a `bestmove`,
    /// because the real search that follows gives it.
    superseded: AtomicBool,
}

impl Control {
    /// Ends the search (it still gives its `bestmove`).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Ends the search without a `bestmove`: another search replaces it.
    pub fn supersede(&self) {
        self.superseded.store(true, Ordering::Relaxed);
        self.stop();
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// A search or perft for the engine thread, in whichever game the session
/// plays (written once, generically: see [`SearchJob`] and [`PerftJob`]).
pub trait Task: Send {
    /// Does the work and says what the GUI is owed (`bestmove`, the counts).
    fn run(&self, engine: &mut Engine);
    /// After `run` panicked: says what the GUI is still owed.
    fn recover(&self);
    /// Counts the clock from `now` (a ponder search's real limits, at `ponderhit`).
    fn restart_clock(&mut self, now: Instant);
}

/// A search as `go` asked for it.
pub struct SearchJob<P: ListedGame> {
    pub pos: P,
    pub limits: Limits<P::Move>,
    pub control: Arc<Control>,
    /// When the GUI asked: time spent waiting for earlier jobs counts against the clock.
    pub asked: Instant,
}

/// `go perft <depth>`.
pub struct PerftJob<P> {
    pub pos: P,
    pub depth: u32,
    pub control: Arc<Control>,
}

/// A `go` without a position to search (the last `position` was refused):
/// says why, then `bestmove (none)`.
pub struct NoPosition {
    pub why: String,
}

/// Work for the engine thread.
pub enum UciJob {
    Hash(usize),
    Threads(usize),
    Level(Level),
    /// The `Settings` option.
    Settings(EngineSettings),
    NewGame,
    Task(Box<dyn Task>),
}

/// The `Settings` option: the search's features and the evaluation's
/// weights, as `wormhole match` takes them.
#[derive(Clone)]
pub struct EngineSettings {
    /// The search's switches and numbers.
    pub features: Features,
    /// Sets the weights the option named on an engine (the game's
    /// defaults when it named none).
    pub weights: Arc<dyn Fn(&mut Engine) + Send + Sync>,
}

impl Default for EngineSettings {
    fn default() -> EngineSettings {
        EngineSettings { features: Features::default(), weights: Arc::new(Engine::clear_eval_params) }
    }
}

impl EngineSettings {
    /// Sets these settings on `engine`.
    fn apply(&self, engine: &mut Engine) {
        engine.set_features(self.features);
        (self.weights)(engine);
    }
}

/// The engine thread and the queue of its jobs.
pub struct Worker {
    jobs: Sender<UciJob>,
    /// Set when the session ends: settings still queued are skipped, searches
    /// (already stopped) still give their `bestmove`.
    quitting: Arc<AtomicBool>,
    /// Searches and perfts sent and not yet finished: their output is owed.
    owed: Arc<AtomicUsize>,
    thread: JoinHandle<()>,
}

impl Worker {
    /// Starts the engine thread; the engine (and its hash table) is built there.
    pub fn start(options: EngineOptions) -> Worker {
        let (jobs, queue) = channel();
        let quitting = Arc::new(AtomicBool::new(false));
        let owed = Arc::new(AtomicUsize::new(0));
        let (flag, count) = (Arc::clone(&quitting), Arc::clone(&owed));
        let thread = std::thread::spawn(move || serve(&queue, options, &flag, &count));
        Worker { jobs, quitting, owed, thread }
    }

    /// Queues a job behind the ones already sent.
    pub fn send(&self, job: UciJob) {
        if job.gives_output() {
            self.owed.fetch_add(1, Ordering::SeqCst);
        }
        // The thread only ends when the queue closes, so sending cannot fail.
        let _ = self.jobs.send(job);
    }

    /// Lets the queued searches give their `bestmove`, then ends the
    /// thread. With no search owed, it does not wait for a hash resize in
    /// progress: the program is ending, the table is of no use.
    pub fn finish(self) {
        self.quitting.store(true, Ordering::SeqCst);
        drop(self.jobs);
        if self.owed.load(Ordering::SeqCst) > 0 {
            let _ = self.thread.join();
        }
    }
}

impl UciJob {
    /// Whether the GUI waits for this job's output (`bestmove`, perft counts).
    fn gives_output(&self) -> bool {
        matches!(self, UciJob::Task(_))
    }
}

/// The engine thread: runs jobs until the queue closes.
fn serve(queue: &Receiver<UciJob>, mut options: EngineOptions, quitting: &AtomicBool, owed: &AtomicUsize) {
    let mut engine = Engine::new(options.clone());
    let mut settings = EngineSettings::default();
    for job in queue {
        if quitting.load(Ordering::SeqCst) && !job.gives_output() {
            continue;
        }
        run_guarded(&mut engine, &mut options, &mut settings, &job);
        if job.gives_output() {
            owed.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Runs one job. One that panics is reported, a search still gives a
/// `bestmove`, and a fresh engine takes the next job.
fn run_guarded(engine: &mut Engine, options: &mut EngineOptions, settings: &mut EngineSettings, job: &UciJob) {
    if catch_unwind(AssertUnwindSafe(|| run(engine, options, settings, job))).is_ok() {
        return;
    }
    say("info string error: the engine failed (details on standard error); starting a fresh engine");
    *engine = Engine::new(options.clone());
    settings.apply(engine);
    if let UciJob::Task(task) = job {
        task.recover();
    }
}

/// Runs one job; `options` and `settings` keep what the jobs set, for a fresh engine.
fn run(engine: &mut Engine, options: &mut EngineOptions, settings: &mut EngineSettings, job: &UciJob) {
    match job {
        UciJob::Hash(mb) => match engine.set_hash_mb(*mb) {
            Ok(()) => options.hash_mb = *mb,
            Err(e) => say(&format!("info string error: {e}; the table stays at {} MiB", options.hash_mb)),
        },
        UciJob::Threads(n) => {
            options.threads = *n;
            engine.set_threads(*n);
        }
        UciJob::Level(level) => {
            options.level = *level;
            engine.set_level(*level);
        }
        UciJob::Settings(new) => {
            *settings = new.clone();
            settings.apply(engine);
        }
        UciJob::NewGame => engine.new_game(),
        UciJob::Task(task) => task.run(engine),
    }
}

impl<P: ListedGame> Task for SearchJob<P> {
    /// Runs one search and gives its `bestmove` (after `stop` for infinite and ponder searches).
    fn run(&self, engine: &mut Engine) {
        let limits = limits_from_now(&self.limits, self.asked.elapsed());
        let mut last_nodes = None;
        let result = engine.search(&self.pos, &limits, &self.control.stop, &mut |info| {
            last_nodes = Some(info.nodes);
            info_lines(info).iter().for_each(|l| say(l));
            // Nobody reads the output any more: stop working for them.
            if output_gone() {
                self.control.stop();
            }
        });
        // UCI: after `go infinite` or `go ponder` the best move is sent only after `stop`.
        while limits.infinite && !self.control.stopped() && !output_gone() {
            std::thread::sleep(Duration::from_millis(2));
        }
        if self.control.superseded.load(Ordering::Relaxed) {
            return;
        }
        // A search stopped mid-iteration has figures not yet reported.
        if last_nodes != Some(result.info.nodes) && result.best_move.is_some() {
            info_lines(&result.info).iter().for_each(|l| say(l));
        }
        say(&result_line(&result));
    }

    /// A legal move the search was allowed to play, so the GUI gets its `bestmove`.
    fn recover(&self) {
        let allowed = |m: &P::Move| self.limits.searchmoves.is_empty() || self.limits.searchmoves.contains(m);
        let fallback = self.pos.legal_moves().iter().find(allowed);
        say(&bestmove_line(fallback, &[]));
    }

    fn restart_clock(&mut self, now: Instant) {
        self.asked = now;
    }
}

impl Task for NoPosition {
    fn run(&self, _engine: &mut Engine) {
        say(&format!("info string error: {}", self.why));
        self.recover();
    }

    fn recover(&self) {
        say(NO_BEST_MOVE);
    }

    fn restart_clock(&mut self, _now: Instant) {}
}

impl<P: ListedGame> Task for PerftJob<P> {
    fn run(&self, _engine: &mut Engine) {
        run_perft(&self.pos, self.depth, &self.control);
    }

    /// Perft owes nothing more once it failed.
    fn recover(&self) {}

    fn restart_clock(&mut self, _now: Instant) {}
}

/// The limits with the time already spent in the queue taken off the clock.
fn limits_from_now<M: Clone>(limits: &Limits<M>, waited: Duration) -> Limits<M> {
    let mut limits = limits.clone();
    limits.movetime = limits.movetime.map(|t| t.saturating_sub(waited));
    if let Some(clock) = &mut limits.clock {
        clock.remaining = clock.remaining.saturating_sub(waited);
    }
    limits
}

fn result_line<M: GameMove>(result: &SearchResult<M>) -> String {
    let pv = &result.info.pv;
    let reply = if pv.first() == result.best_move.as_ref() { pv.get(1..).unwrap_or(&[]) } else { &[] };
    bestmove_line(result.best_move, reply)
}

/// The answer to `go` without a move to play.
const NO_BEST_MOVE: &str = "bestmove (none)";

/// `bestmove <move> [ponder <reply>]`, or `bestmove (none)` when there is no legal move.
fn bestmove_line<M: GameMove>(best: Option<M>, reply: &[M]) -> String {
    match (best, reply.first()) {
        (Some(m), Some(r)) => format!("bestmove {m} ponder {r}"),
        (Some(m), None) => format!("bestmove {m}"),
        (None, _) => NO_BEST_MOVE.to_string(),
    }
}

/// `go perft`: the count below each root move, then the total; `stop` ends it early.
fn run_perft<P: ListedGame>(pos: &P, depth: u32, control: &Control) {
    let mut pos = pos.clone();
    let mut total = 0;
    let moves = pos.legal_moves();
    for m in moves.iter() {
        let undo = pos.play_unchecked(m);
        let count = if depth <= 1 { Some(1) } else { stoppable_perft(&mut pos, depth - 1, control) };
        pos.undo(m, undo);
        let Some(n) = count else {
            say("info string perft stopped");
            return;
        };
        say(&format!("{m}: {n}"));
        total += n;
    }
    say("");
    say(&format!("Nodes searched: {total}"));
}

/// [`perft`], checking `control` between subtrees small enough to count in
/// milliseconds; `None` once stopped.
fn stoppable_perft<P: ListedGame>(pos: &mut P, depth: u32, control: &Control) -> Option<u64> {
    if control.stopped() {
        return None;
    }
    if depth <= PERFT_CHUNK_DEPTH {
        return Some(perft(pos, depth));
    }
    let mut nodes = 0;
    let moves = pos.legal_moves();
    for m in moves.iter() {
        let undo = pos.play_unchecked(m);
        let n = stoppable_perft(pos, depth - 1, control);
        pos.undo(m, undo);
        nodes += n?;
    }
    Some(nodes)
}

/// The `info ...` lines for a completed iteration: one, or with MultiPV
/// one per line, numbered from the best (`multipv 1`).
fn info_lines<M: GameMove>(info: &Info<M>) -> Vec<String> {
    if info.lines.len() <= 1 {
        return vec![info_line(info, None, info.score, &info.pv)];
    }
    info.lines.iter().enumerate().map(|(i, l)| info_line(info, Some(i + 1), l.score, &l.pv)).collect()
}

/// One `info` line: the iteration's figures with a line's score and moves.
fn info_line<M: GameMove>(info: &Info<M>, multipv: Option<usize>, score: Score, pv: &[M]) -> String {
    let mut s = format!("info depth {} seldepth {}", info.depth.max(1), info.seldepth);
    if let Some(k) = multipv {
        s += &format!(" multipv {k}");
    }
    s += &format!(" score {} nodes {} nps {} time {}", score.uci(), info.nodes, info.nps, info.time.as_millis());
    if !pv.is_empty() {
        s.push_str(" pv");
        for m in pv {
            s.push(' ');
            s.push_str(&m.to_string());
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use wormhole::{Position, Variant};

    #[test]
    fn stoppable_perft_counts_as_perft_and_stops() {
        let mut pos = Position::new(Variant::Classic);
        let control = Control::default();
        assert_eq!(stoppable_perft(&mut pos, 5, &control), Some(perft(&mut pos.clone(), 5)));
        control.stop();
        assert_eq!(stoppable_perft(&mut pos, 5, &control), None);
        assert_eq!(pos.fen(), Position::new(Variant::Classic).fen(), "the position is restored");
    }

    #[test]
    fn waiting_in_the_queue_counts_against_the_clock() {
        let limits: Limits<wormhole::Move> = Limits { movetime: Some(Duration::from_millis(300)), ..Limits::default() };
        let now = limits_from_now(&limits, Duration::from_millis(100));
        assert_eq!(now.movetime, Some(Duration::from_millis(200)));
        let now = limits_from_now(&limits, Duration::from_secs(1));
        assert_eq!(now.movetime, Some(Duration::ZERO));
    }
}
