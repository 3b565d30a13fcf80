//! Running a search on its own thread, reporting through a channel.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;
use std::time::Duration;

use super::Searchable;
use super::{Engine, Info, Limits, SearchResult};

/// A message from a search thread; `M` is the game's move type.
#[derive(Clone, Debug)]
pub enum Event<M> {
    /// An iteration completed.
    Info(Info<M>),
    /// The search ended; the last event.
    Done(SearchResult<M>),
}

/// A search running on its own thread, so the caller never blocks.
pub struct SearchThread<M> {
    stop: Arc<AtomicBool>,
    events: Receiver<Event<M>>,
    handle: JoinHandle<Engine>,
}

impl<M: Copy + Send + 'static> SearchThread<M> {
    /// Starts searching `pos` with `engine` on a new thread.
    pub fn spawn<P: Searchable<Move = M>>(engine: Engine, pos: P, limits: Limits<M>) -> SearchThread<M> {
        SearchThread::start(engine, move |engine, stop, on_info| engine.search(&pos, &limits, stop, on_info))
    }

    /// Runs `search` on a new thread with `engine`, a stop flag and a
    /// callback that reports each iteration as an event.
    pub(crate) fn start(
        mut engine: Engine,
        search: impl FnOnce(&mut Engine, &AtomicBool, &mut dyn FnMut(&Info<M>)) -> SearchResult<M> + Send + 'static,
    ) -> SearchThread<M> {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, events) = channel();
        let flag = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            let result = search(&mut engine, &flag, &mut |info| {
                let _ = tx.send(Event::Info(info.clone()));
            });
            let _ = tx.send(Event::Done(result));
            engine
        });
        SearchThread { stop, events, handle }
    }

    /// Asks the search to stop; a [`Event::Done`] with the best move so far follows within a few milliseconds.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The next event, if one is waiting.
    pub fn try_recv(&self) -> Option<Event<M>> {
        self.events.try_recv().ok()
    }

    /// The next event, waiting at most `timeout`.
    pub fn recv_timeout(&self, timeout: Duration) -> Option<Event<M>> {
        self.events.recv_timeout(timeout).ok()
    }

    /// Waits for the thread to finish (call [`SearchThread::stop`] first to
    /// end an infinite search) and gives the engine back.
    pub fn join(self) -> Engine {
        match self.handle.join() {
            Ok(engine) => engine,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
}
