//! Stand-in with the agreed `wormhole::engine` API, used until the engine
//! lands on main: it "thinks" for the budget and plays the first legal capture
//! or else the first legal move.
#![allow(dead_code)] // temporary: mirrors the agreed engine API until it lands

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use wormhole::{Move, Position};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    Win(u32),
    Loss(u32),
}

#[derive(Debug, Clone)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
}

#[derive(Debug, Clone, Copy)]
pub struct Clock {
    pub remaining: Duration,
    pub increment: Duration,
}

#[derive(Debug, Clone, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    pub infinite: bool,
}

#[derive(Debug, Clone)]
pub struct EngineOptions {
    pub level: u8,
    pub hash_mb: usize,
    pub threads: usize,
    pub seed: Option<u64>,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions { level: 10, hash_mb: 64, threads: 1, seed: None }
    }
}

#[derive(Debug, Clone)]
pub struct SearchResult {
    pub best_move: Option<Move>,
    pub info: Info,
}

pub struct Engine {
    options: EngineOptions,
}

impl Engine {
    pub fn new(options: EngineOptions) -> Engine {
        Engine { options }
    }
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }
    pub fn set_level(&mut self, level: u8) {
        self.options.level = level;
    }
    pub fn new_game(&mut self) {}
}

pub enum Event {
    Info(Info),
    Done(SearchResult),
}

pub struct SearchThread {
    stop: Arc<AtomicBool>,
    rx: Receiver<Event>,
    handle: JoinHandle<Engine>,
}

impl SearchThread {
    pub fn spawn(engine: Engine, pos: Position, limits: Limits) -> SearchThread {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = channel();
        let flag = stop.clone();
        let handle = std::thread::spawn(move || {
            let start = Instant::now();
            let budget = limits.movetime.unwrap_or(Duration::from_millis(300));
            let moves = pos.legal_moves();
            let best = moves.iter().copied().find(|&m| pos.captured_by(m).is_some()).or(moves.first().copied());
            let mut info = Info {
                depth: 0,
                seldepth: 0,
                score: Score::Cp(0),
                nodes: 0,
                nps: 0,
                time: Duration::ZERO,
                pv: best.into_iter().collect(),
            };
            while !flag.load(Ordering::Relaxed) && !limits.infinite && start.elapsed() < budget {
                std::thread::sleep(Duration::from_millis(10));
                info.depth += 1;
                info.nodes += 1000;
                info.time = start.elapsed();
                let _ = tx.send(Event::Info(info.clone()));
            }
            let _ = tx.send(Event::Done(SearchResult { best_move: best, info }));
            engine
        });
        SearchThread { stop, rx, handle }
    }
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
    pub fn try_recv(&self) -> Option<Event> {
        self.rx.try_recv().ok()
    }
    pub fn recv_timeout(&self, d: Duration) -> Option<Event> {
        self.rx.recv_timeout(d).ok()
    }
    pub fn join(self) -> Engine {
        self.stop();
        match self.handle.join() {
            Ok(e) => e,
            Err(_) => Engine::new(EngineOptions::default()),
        }
    }
}
