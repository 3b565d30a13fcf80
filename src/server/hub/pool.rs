//! The engine's searches for every engine game on the server, on a bounded
//! pool of worker threads. The queue is fair: each game has at most one
//! search waiting or running, and a game whose move was played queues at
//! the back, so the games take turns (round robin) and none can starve
//! the others however many moves it asks for. Other work on the engine
//! (a review's positions, [`PoolTask`]) queues in the same line, one piece at
//! a time, so it takes its turn with the games.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use wormhole::engine::{Engine, EngineOptions, Level, Limits};
use wormhole::{AnyMove, AnyPosition};

use super::POOL_HASH_MB;
use super::contain::contained;
use crate::server::store::GameId;

/// A search to run: the engine's move at `ply` of `game`.
pub struct Job {
    pub game: GameId,
    pub ply: usize,
    pub position: AnyPosition,
    pub level: Level,
    pub limits: Limits<AnyMove>,
}

/// Work other than an engine move on a worker's engine (at full strength,
/// from a fresh table), stopped by the flag: one position of a review.
pub type PoolTask = Box<dyn FnOnce(&mut Engine, &AtomicBool) + Send>;

/// What waits in the queue: a game's search, or a task under its key.
enum Queued {
    Search(Box<Job>),
    Task(u64, PoolTask),
}

/// Whose work it is: a game's search, or the task of this key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Key {
    Game(GameId),
    Task(u64),
}

impl Queued {
    fn key(&self) -> Key {
        match self {
            Queued::Search(job) => Key::Game(job.game),
            Queued::Task(key, _) => Key::Task(*key),
        }
    }
}

/// Where a finished search's move goes: the game, the ply and the move
/// (`None` when the engine had no legal move).
pub type Deliver = Box<dyn Fn(GameId, usize, Option<AnyMove>) + Send + Sync>;

/// The queue and what runs, shared by the workers.
#[derive(Default)]
struct JobQueue {
    waiting: VecDeque<Queued>,
    /// The stop flag of each game's search (or task) that runs.
    running: HashMap<Key, Arc<AtomicBool>>,
    closed: bool,
}

struct PoolShared {
    queue: Mutex<JobQueue>,
    ready: Condvar,
}

impl PoolShared {
    fn lock(&self) -> MutexGuard<'_, JobQueue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The pool of engine workers.
pub struct EnginePool {
    shared: Arc<PoolShared>,
    workers: Vec<JoinHandle<()>>,
}

impl EnginePool {
    /// `threads` workers (at least one), each with its own engine.
    pub fn start(threads: usize, deliver: Deliver) -> EnginePool {
        let shared = Arc::new(PoolShared { queue: Mutex::new(JobQueue::default()), ready: Condvar::new() });
        let deliver = Arc::new(deliver);
        let workers = (0..threads.max(1))
            .map(|i| {
                let (shared, deliver) = (Arc::clone(&shared), Arc::clone(&deliver));
                std::thread::Builder::new()
                    .name(format!("hub-engine-{i}"))
                    .spawn(move || work(&shared, &**deliver))
                    .expect("the engine pool's threads start")
            })
            .collect();
        EnginePool { shared, workers }
    }

    /// Queues a search at the back; a search of the same game still
    /// waiting is replaced (its game moved on), so a game waits once.
    pub fn submit(&self, job: Job) {
        self.queue(Queued::Search(Box::new(job)));
    }

    /// Queues a task at the back; a task of the same key still waiting is replaced.
    pub fn submit_task(&self, key: u64, task: PoolTask) {
        self.queue(Queued::Task(key, task));
    }

    fn queue(&self, work: Queued) {
        let mut queue = self.shared.lock();
        let key = work.key();
        queue.waiting.retain(|w| w.key() != key);
        queue.waiting.push_back(work);
        drop(queue);
        self.shared.ready.notify_one();
    }

    /// Drops `game`'s waiting search and stops its running one (its move is not played).
    pub fn cancel(&self, game: GameId) {
        self.stop(Key::Game(game));
    }

    /// Drops the task of `key` waiting and stops it if it runs.
    pub fn cancel_task(&self, key: u64) {
        self.stop(Key::Task(key));
    }

    fn stop(&self, key: Key) {
        let mut queue = self.shared.lock();
        queue.waiting.retain(|w| w.key() != key);
        if let Some(stop) = queue.running.get(&key) {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// How many searches wait for a worker.
    #[cfg(test)]
    pub fn waiting(&self) -> usize {
        self.shared.lock().waiting.len()
    }
}

impl Drop for EnginePool {
    fn drop(&mut self) {
        let mut queue = self.shared.lock();
        queue.closed = true;
        queue.waiting.clear();
        queue.running.values().for_each(|stop| stop.store(true, Ordering::Relaxed));
        drop(queue);
        self.shared.ready.notify_all();
        let me = std::thread::current().id();
        // A worker that drops the last hub (a notifier holding one) cannot join itself.
        for worker in self.workers.drain(..).filter(|w| w.thread().id() != me) {
            let _ = worker.join();
        }
    }
}

/// The workers' niceness: a search yields the processor to the sessions,
/// so a move between players is relayed at once however many engine games
/// are thinking (an engine move is a search of its own time anyway).
pub(super) const WORKER_NICE: i32 = 10;

/// A worker: takes the oldest search, runs it, hands its move on.
fn work(shared: &PoolShared, deliver: &(dyn Fn(GameId, usize, Option<AnyMove>) + Send + Sync)) {
    if let Err(e) = rustix::process::setpriority_process(Some(rustix::thread::gettid()), WORKER_NICE) {
        tracing::warn!("hub: an engine worker keeps the sessions' priority: {e}");
    }
    let options = EngineOptions { hash_mb: POOL_HASH_MB, ..EngineOptions::default() };
    let mut engine = Engine::new(options.clone());
    // The rules the engine's table holds positions of.
    let mut last_kind = None;
    loop {
        let (work, stop) = {
            let mut queue = shared.lock();
            loop {
                if queue.closed {
                    return;
                }
                if let Some(work) = queue.waiting.pop_front() {
                    let stop = Arc::new(AtomicBool::new(false));
                    queue.running.insert(work.key(), Arc::clone(&stop));
                    break (work, stop);
                }
                queue = shared.ready.wait(queue).unwrap_or_else(PoisonError::into_inner);
            }
        };
        let job = match work {
            Queued::Search(job) => *job,
            Queued::Task(key, task) => {
                engine.new_game();
                engine.set_level(Level::MAX);
                last_kind = None;
                if let Err(why) = contained(|| task(&mut engine, &stop)) {
                    tracing::error!("hub: an engine task panicked: {why}");
                    engine = Engine::new(options.clone());
                }
                shared.lock().running.remove(&Key::Task(key));
                continue;
            }
        };
        if last_kind != Some(job.position.kind()) {
            // A position's key means the same position only under the same
            // rules: another game of them keeps the table (an engine move
            // no longer costs a fresh 16 MB table), other rules clear it.
            engine.new_game();
            last_kind = Some(job.position.kind());
        }
        engine.set_level(job.level);
        // A search that panics leaves the engine fresh and hands back no
        // move, which ends that game by error; the worker serves on.
        let best = contained(|| job.position.search(&mut engine, &job.limits, &stop, &mut |_| {}).best_move)
            .unwrap_or_else(|why| {
                tracing::error!(game = %job.game, "hub: game {}: the engine's search panicked: {why}", job.game);
                engine = Engine::new(options.clone());
                last_kind = None;
                None
            });
        shared.lock().running.remove(&Key::Game(job.game));
        if !stop.load(Ordering::Relaxed) {
            deliver(job.game, job.ply, best);
        }
    }
}
