//! The hub's writer: one thread with its own handle to the storage that
//! commits the moves of every game together (group commit). A move is
//! checked under the hub's lock and queued here; the writer takes every
//! move queued since its last commit, commits them in one transaction (one
//! wait for the disk, outside the hub's lock), then hands each move with
//! its result back to the hub, which only then plays it in memory and
//! tells the players. So a move is on disk before anyone is told of it,
//! the hub's memory never runs ahead of the storage (a move that failed to
//! be stored is simply not played), and the wait for the disk is shared by
//! every game that moved meanwhile.
//!
//! Order: the queue is first in, first out, and a game has at most one
//! move queued or being committed (the hub waits for it before anything
//! else touches that game), so no move can overtake another of its game.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use wormhole::AnyMove;

use super::HubError;
use super::contain::contained;
use crate::server::store::{GameId, MoveWrite, Records, StoredMove};

/// A move checked by the hub, waiting to be stored before it is played.
pub struct PendingMove {
    pub game: GameId,
    /// Its ply, from 0.
    pub ply: usize,
    /// As stored: the canonical text, both clocks after it, its time.
    pub stored: StoredMove,
    /// The game's deadline once it is played ([`MoveWrite::deadline_ms`]).
    pub deadline_ms: Option<u64>,
    pub mv: AnyMove,
    pub san: String,
    /// Where the player who made it waits for the outcome (`None` for the engine).
    pub answer: Option<SyncSender<Result<(), HubError>>>,
    /// When the player's keys were read (the server's relay times).
    pub relay: Option<super::Relayed>,
}

/// Why a move was not stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The storage refused it (its error in words): the game goes on as it was.
    Refused(String),
    /// Another node stored a move at this ply first, or ended the game
    /// (its error in words): the game is read again.
    Raced(String),
    /// It was played at or after its clock's deadline, as stored (its
    /// error in words): the game is read again and flagged.
    Late(String),
    /// Writing it panicked (the panic's message): a bug, which ends its game.
    Panicked(String),
}

/// What the writer hands back: each move of a batch with whether it is stored.
pub type Done = Box<dyn Fn(Vec<(PendingMove, Result<(), Failure>)>) + Send + Sync>;

/// Transactions and moves committed so far.
#[derive(Debug, Default)]
pub struct Counts {
    pub transactions: AtomicU64,
    pub moves: AtomicU64,
    /// The most moves one transaction held.
    pub largest: AtomicU64,
}

#[derive(Default)]
struct WriteQueue {
    waiting: Vec<PendingMove>,
    closed: bool,
}

struct WriterShared {
    queue: Mutex<WriteQueue>,
    ready: Condvar,
    counts: Counts,
}

impl WriterShared {
    fn lock(&self) -> MutexGuard<'_, WriteQueue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The writer thread and its queue.
pub struct Writer {
    shared: Arc<WriterShared>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl Writer {
    /// Starts the writer on `records` (a handle of its own); each batch's
    /// moves go to `done` once committed (or refused).
    pub fn start(records: Box<dyn Records>, done: Done) -> Result<Writer, std::io::Error> {
        let shared =
            Arc::new(WriterShared { queue: Mutex::default(), ready: Condvar::new(), counts: Counts::default() });
        let worker = Arc::clone(&shared);
        let thread =
            std::thread::Builder::new().name("hub-writer".into()).spawn(move || write_loop(&worker, records, &done))?;
        Ok(Writer { shared, thread: Mutex::new(Some(thread)) })
    }

    /// Queues a move to store.
    pub fn submit(&self, pending: PendingMove) {
        self.shared.lock().waiting.push(pending);
        self.shared.ready.notify_one();
    }

    /// Transactions and moves committed so far.
    pub fn counts(&self) -> &Counts {
        &self.shared.counts
    }

    /// Stores what is queued, then stops the thread.
    pub fn stop(&self) {
        self.shared.lock().closed = true;
        self.shared.ready.notify_all();
        let thread = self.thread.lock().unwrap_or_else(PoisonError::into_inner).take();
        // The writer may drop the last hub itself (a notifier holding one): it cannot join itself.
        if let Some(thread) = thread.filter(|t| t.thread().id() != std::thread::current().id()) {
            let _ = thread.join();
        }
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The writer: every move queued since the last commit, committed together.
fn write_loop(shared: &WriterShared, mut records: Box<dyn Records>, done: &Done) {
    loop {
        let batch = {
            let mut queue = shared.lock();
            while queue.waiting.is_empty() && !queue.closed {
                queue = shared.ready.wait(queue).unwrap_or_else(PoisonError::into_inner);
            }
            if queue.waiting.is_empty() {
                return;
            }
            std::mem::take(&mut queue.waiting)
        };
        let writes: Vec<MoveWrite> = batch
            .iter()
            .map(|p| MoveWrite {
                game: p.game,
                ply: p.ply as u32,
                stored: p.stored.clone(),
                deadline_ms: p.deadline_ms,
            })
            .collect();
        let results = commit(&mut *records, &writes);
        let counts = &shared.counts;
        counts.transactions.fetch_add(1, Ordering::Relaxed);
        counts.moves.fetch_add(results.iter().filter(|r| r.is_ok()).count() as u64, Ordering::Relaxed);
        counts.largest.fetch_max(batch.len() as u64, Ordering::Relaxed);
        // The hub guards each game's part (Ctx::guarded); this keeps the
        // writer serving whatever else goes wrong in handing a batch back.
        if let Err(why) = contained(|| done(batch.into_iter().zip(results).collect())) {
            tracing::error!("hub: handing a batch of moves back panicked: {why}");
        }
    }
}

/// Why the storage refused a move: a race lost to another node, a flag
/// fallen, or else.
fn failure(e: crate::server::store::StoreError) -> Failure {
    use crate::server::store::StoreError::{GameOver, PastDeadline, WrongPly};
    match e {
        WrongPly { .. } | GameOver(_) => Failure::Raced(e.to_string()),
        PastDeadline { .. } => Failure::Late(e.to_string()),
        e => Failure::Refused(e.to_string()),
    }
}

/// Commits `writes` in one transaction. If that panics, each move is
/// written alone, so that only the moves whose writing panics fail with
/// [`Failure::Panicked`] and the rest are stored.
fn commit(records: &mut dyn Records, writes: &[MoveWrite]) -> Vec<Result<(), Failure>> {
    match contained(|| records.add_moves(writes)) {
        Ok(Ok(results)) => results.into_iter().map(|r| r.map_err(failure)).collect(),
        Ok(Err(e)) => vec![Err(Failure::Refused(e.to_string())); writes.len()],
        Err(why) if writes.len() == 1 => {
            tracing::error!(game = %writes[0].game, "hub: game {}: writing a move panicked: {why}", writes[0].game);
            vec![Err(Failure::Panicked(why))]
        }
        Err(_) => writes.iter().flat_map(|w| commit(records, std::slice::from_ref(w))).collect(),
    }
}
