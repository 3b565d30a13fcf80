//! The engine on its own thread: one search at a time, to play a move, to
//! give the human a hint, or to think on the human's time (pondering: the
//! position with the human to move, so that the hint, a proved result and
//! the table the reply search starts from are ready sooner). The effects runner starts and polls it; it never
//! blocks the UI except for the moment a cancelled search takes to stop.

use std::time::{Duration, Instant};

use wormhole::{AnyMove, AnyPosition, Color};

pub use engine::{Clock, EngineOptions, Score};
use engine::{Engine, Event, Level, SearchThread};
use wormhole::engine;

/// A search's report, its moves those of whichever game is played.
pub type EngineReport = engine::Info<AnyMove>;
/// What may end a search, in whichever game is played.
pub type SearchLimits = engine::Limits<AnyMove>;

/// Why a search runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// The engine's own move, at this ply of the game.
    Move { ply: usize },
    /// A suggestion for the human to move at this ply.
    Hint { ply: usize },
    /// Live analysis (see `explore.rs`), tagged by its id.
    Analysis { id: u64 },
    /// The puzzle trainer: the best reply to a wrong move, played at this ply.
    Refutation { ply: usize },
    /// Thinking on the human's time: the position at this ply, the human
    /// to move, searched until stopped (see `update/engine.rs`).
    Ponder { ply: usize },
}

/// A finished search.
#[derive(Debug, Clone)]
pub struct Finished {
    pub purpose: Purpose,
    pub best: Option<AnyMove>,
    pub info: Option<EngineReport>,
    pub elapsed: Duration,
}

/// A message from the engine's thread.
#[derive(Debug, Clone)]
pub enum EngineEvent {
    /// A search iteration completed.
    Info(EngineReport),
    /// The search ended.
    Done(Finished),
}

/// The search in progress.
struct RunningSearch {
    thread: SearchThread<AnyMove>,
    purpose: Purpose,
    started: Instant,
    /// The last iteration's report (the final result may carry none).
    info: Option<EngineReport>,
}

/// The engine, idle or thinking. Only the effects runner owns one.
pub struct Ai {
    idle: Option<Engine>,
    job: Option<RunningSearch>,
    /// Whether the table holds a full-strength search's work (thinking on
    /// the human's time, a hint): a weaker level's move starts from an
    /// empty table instead, or it would play above its level.
    strong_table: bool,
}

impl Ai {
    pub fn new(seed: Option<u64>) -> Ai {
        let options = EngineOptions { seed, ..EngineOptions::default() };
        Ai { idle: Some(Engine::new(options)), job: None, strong_table: false }
    }

    /// Forgets what the engine learnt about the last game.
    pub fn new_game(&mut self) {
        self.cancel();
        if let Some(e) = &mut self.idle {
            e.new_game();
        }
    }

    /// Starts a search at `level` (cancelling any other), on one thread.
    pub fn start(&mut self, position: &AnyPosition, limits: SearchLimits, level: Level, purpose: Purpose) {
        self.spawn(position, limits, level, purpose, 1);
    }

    /// Starts thinking on the human's time at full strength, on `threads`
    /// threads (cancelling any other search): the human to move at `ply`.
    pub fn ponder(&mut self, position: &AnyPosition, limits: SearchLimits, threads: usize, ply: usize) {
        self.spawn(position, limits, Level::MAX, Purpose::Ponder { ply }, threads);
    }

    fn spawn(&mut self, position: &AnyPosition, limits: SearchLimits, level: Level, purpose: Purpose, threads: usize) {
        self.cancel();
        let Some(mut engine) = self.idle.take() else { return };
        if level < Level::MAX && self.strong_table {
            engine.new_game();
        }
        self.strong_table = level == Level::MAX;
        engine.set_level(level);
        engine.set_threads(threads);
        let thread = SearchThread::spawn_any(engine, position.clone(), limits);
        self.job = Some(RunningSearch { thread, purpose, started: Instant::now(), info: None });
    }

    /// Stops and forgets the search in progress (its result is dropped).
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.thread.stop();
            self.idle = Some(job.thread.join());
        }
    }

    /// Stops the search without waiting for its thread (when quitting: Ctrl-C is immediate).
    pub fn abandon(&mut self) {
        if let Some(job) = self.job.take() {
            job.thread.stop();
            std::mem::forget(job.thread);
        }
    }

    /// Asks the search to finish now; its best move so far arrives from `poll`.
    pub fn move_now(&self) {
        if let Some(job) = &self.job {
            job.thread.stop();
        }
    }

    #[cfg(test)]
    pub fn is_thinking(&self) -> bool {
        self.job.is_some()
    }

    /// The engine's reports since the last call; a finished search comes last.
    pub fn poll(&mut self) -> Vec<EngineEvent> {
        let mut out = Vec::new();
        let Some(job) = self.job.as_mut() else { return out };
        while let Some(event) = job.thread.try_recv() {
            match event {
                Event::Info(info) => {
                    job.info = Some(info.clone());
                    out.push(EngineEvent::Info(info));
                }
                Event::Done(result) => {
                    let Some(job) = self.job.take() else { break };
                    let elapsed = job.started.elapsed();
                    let info = Some(result.info).filter(|i| i.depth > 0).or(job.info);
                    self.idle = Some(job.thread.join());
                    out.push(EngineEvent::Done(Finished {
                        purpose: job.purpose,
                        best: result.best_move,
                        info,
                        elapsed,
                    }));
                    break;
                }
            }
        }
        out
    }
}

impl Drop for Ai {
    /// A search nobody will read (an infinite one, thinking on the human's
    /// time) must not outlive its engine's owner.
    fn drop(&mut self) {
        self.abandon();
    }
}

/// A score as the panel shows it: White's view in pawns ("+1.4"), or who
/// wins once the search has proved it, counting the winner's moves as chess
/// players count "mate in N" (the engine counts plies). A distance the
/// search has not verified (`exact` false) is a bound: "in at most N".
pub fn score_text(score: Score, exact: bool, side_to_move: Color) -> String {
    let bound = if exact { "" } else { "at most " };
    let moves = |n: u32| if n == 1 { format!("{bound}1 move") } else { format!("{bound}{n} moves") };
    match score {
        Score::Cp(cp) => {
            let white = if side_to_move == Color::White { cp } else { -cp };
            format!("{:+.1}", white as f64 / 100.0)
        }
        Score::Win(plies) => format!("{side_to_move} wins in {}", moves(plies.div_ceil(2))),
        Score::Loss(plies) => format!("{} wins in {}", !side_to_move, moves(plies / 2)),
    }
}

/// [`score_text`] saying from whose side a number is: "+0.6 for White"
/// (a proved win names its winner already).
pub fn score_for_white(score: Score, exact: bool, side_to_move: Color) -> String {
    let text = score_text(score, exact, side_to_move);
    if matches!(score, Score::Cp(_)) { format!("{text} for White") } else { text }
}

/// The principal variation in SAN from `pos` (stops at the first move that
/// does not fit, should the engine send a stale one).
pub fn pv_san(pos: &AnyPosition, pv: &[AnyMove], max: usize) -> String {
    wormhole::analysis::line_san(pos, pv, max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wormhole::{GameKind, Rules};

    #[test]
    fn scores_are_shown_from_whites_side_or_as_a_proved_win() {
        assert_eq!(score_text(Score::Cp(140), false, Color::White), "+1.4");
        assert_eq!(score_text(Score::Cp(140), true, Color::Black), "-1.4");
        assert_eq!(score_text(Score::Win(7), true, Color::White), "White wins in 4 moves");
        assert_eq!(score_text(Score::Win(1), true, Color::Black), "Black wins in 1 move");
        assert_eq!(score_text(Score::Loss(4), true, Color::White), "Black wins in 2 moves");
        assert_eq!(score_text(Score::Win(7), false, Color::White), "White wins in at most 4 moves");
    }

    #[test]
    fn a_cancelled_search_stops_promptly_and_the_engine_can_search_again() {
        let mut ai = Ai::new(Some(1));
        let pos = AnyPosition::new(GameKind::Classic);
        let limits = SearchLimits { movetime: Some(Duration::from_secs(30)), ..SearchLimits::default() };
        ai.start(&pos, limits.clone(), Level::MAX, Purpose::Move { ply: 0 });
        std::thread::sleep(Duration::from_millis(50));
        let t = Instant::now();
        ai.cancel();
        // A deadline, far from the 30 s search a cancel that did not reach it would wait for.
        assert!(t.elapsed() < Duration::from_secs(10), "cancel took {:?}", t.elapsed());
        assert!(!ai.is_thinking());
        // "Move now": the search ends at once with a legal move.
        ai.start(&pos, limits, Level::MAX, Purpose::Move { ply: 0 });
        std::thread::sleep(Duration::from_millis(50));
        ai.move_now();
        let t = Instant::now();
        let done = loop {
            if let Some(EngineEvent::Done(done)) = ai.poll().pop() {
                break done;
            }
            assert!(t.elapsed() < Duration::from_secs(10), "no move after stop");
            std::thread::sleep(Duration::from_millis(5));
        };
        assert_eq!(done.purpose, Purpose::Move { ply: 0 });
        assert!(pos.is_legal(done.best.unwrap()));
    }

    #[test]
    fn pv_is_numbered_san() {
        let pos = AnyPosition::new(GameKind::Classic);
        let moves: Vec<AnyMove> = {
            let mut p = pos.clone();
            ["e4", "e5", "Nf3"]
                .iter()
                .map(|s| {
                    let m = p.parse_move(s).unwrap();
                    p.play(m).unwrap();
                    m
                })
                .collect()
        };
        assert_eq!(pv_san(&pos, &moves, 8), "1.e4 e5 2.Nf3");
        assert_eq!(pv_san(&pos.after(moves[0]).unwrap(), &moves[1..], 8), "1...e5 2.Nf3");
    }
}

#[cfg(test)]
mod porthole_tests {
    use super::*;
    use wormhole::{GameKind, Rules};

    #[test]
    fn the_engine_plays_porthole_chess_and_writes_its_line_in_san() {
        let pos = AnyPosition::from_fen(GameKind::Porthole, "6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1 a8,b4").unwrap();
        let mut ai = Ai::new(Some(1));
        let limits = SearchLimits { depth: Some(3), ..SearchLimits::default() };
        ai.start(&pos, limits, Level::MAX, Purpose::Move { ply: 0 });
        let t = Instant::now();
        let done = loop {
            if let Some(EngineEvent::Done(done)) = ai.poll().pop() {
                break done;
            }
            assert!(t.elapsed() < Duration::from_secs(10), "no move");
            std::thread::sleep(Duration::from_millis(5));
        };
        let best = done.best.unwrap();
        assert_eq!(pos.san(best), "Rb4>a8#");
        assert_eq!(pv_san(&pos, &[best], 8), "1.Rb4>a8#");
    }
}

#[cfg(test)]
mod ponder_tests;
