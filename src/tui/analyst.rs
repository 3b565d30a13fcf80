//! The review's game analysis on its own thread: the library's
//! [`analyse`] runs there and each position's result comes back through a
//! channel as soon as it is searched. Only the effects runner owns one.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;

use wormhole::analysis::{AnalysisOptions, PositionEval, analyse};
use wormhole::{AnyMove, AnyPosition};

/// A report from the analysis thread, tagged with the review it belongs to.
#[derive(Debug, Clone)]
pub enum AnalysisEvent {
    /// Position `index` of the game is searched.
    Position { review: u64, index: usize, eval: PositionEval },
    /// Every position is searched.
    Done { review: u64 },
}

struct AnalysisJob {
    stop: Arc<AtomicBool>,
    events: Receiver<AnalysisEvent>,
    handle: JoinHandle<()>,
}

/// The game analysis, idle or running.
#[derive(Default)]
pub struct Analyst {
    job: Option<AnalysisJob>,
}

impl Analyst {
    /// Starts analysing the game from `start` with `moves` (stopping any
    /// analysis in progress); its reports carry `review`.
    pub fn start(&mut self, review: u64, start: AnyPosition, moves: Vec<AnyMove>, options: AnalysisOptions) {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, events) = channel();
        let flag = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            let result = analyse(&start, &moves, &options, &flag, &mut |partial, index| {
                if let Some(eval) = partial.eval(index) {
                    let _ = tx.send(AnalysisEvent::Position { review, index, eval: eval.clone() });
                }
            });
            if result.is_ok_and(|a| a.is_complete()) {
                let _ = tx.send(AnalysisEvent::Done { review });
            }
        });
        self.job = Some(AnalysisJob { stop, events, handle });
    }

    /// Stops the analysis and waits for its thread (a few milliseconds: the
    /// searches poll the flag every couple of thousand nodes).
    pub fn stop(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::Relaxed);
            let _ = job.handle.join();
        }
    }

    /// Stops the analysis without waiting for its thread (when quitting).
    pub fn abandon(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::Relaxed);
        }
    }

    /// The reports since the last call; the thread is joined once it is done.
    pub fn poll(&mut self) -> Vec<AnalysisEvent> {
        let Some(job) = &self.job else { return Vec::new() };
        let events: Vec<AnalysisEvent> = job.events.try_iter().collect();
        if job.handle.is_finished() {
            // Whatever the thread sent before it ended is in the channel.
            let mut rest: Vec<AnalysisEvent> = job.events.try_iter().collect();
            if let Some(job) = self.job.take() {
                let _ = job.handle.join();
            }
            let mut events = events;
            events.append(&mut rest);
            return events;
        }
        events
    }

    /// Whether an analysis thread is running.
    #[cfg(test)]
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }
}

impl Drop for Analyst {
    fn drop(&mut self) {
        self.abandon();
    }
}
