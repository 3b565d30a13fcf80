//! A review's analysis of a server game on the hub's engine pool
//! ([`Hub::submit_task`]): one position at a time, the next queued once the
//! last has reported, so a review takes its turn with the engine games and
//! no session has an analysis thread of its own.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, Sender, channel};

use wormhole::analysis::{AnalysisOptions, GameAnalysis, PositionEval, analyse_position};
use wormhole::pgn::PgnGame;
use wormhole::{AnyMove, AnyPosition};

use crate::server::hub::Hub;
use crate::tui::analyst::AnalysisEvent;

/// A position's result: its index and its evaluation (`None`: stopped).
type Reported = (usize, Option<PositionEval>);

/// The game analysed and what is shared with the pool's tasks.
struct AnalysedGame {
    positions: Vec<AnyPosition>,
    moves: Vec<AnyMove>,
    options: AnalysisOptions,
}

/// A review's analysis in progress.
pub struct PoolAnalysis {
    review: u64,
    /// The pool's key of this analysis' tasks.
    key: u64,
    game: Arc<AnalysedGame>,
    reports: (Sender<Reported>, Receiver<Reported>),
}

impl PoolAnalysis {
    /// Starts analysing `pgn` for the review `review`: its first position is queued.
    pub fn start(hub: &Hub, review: u64, pgn: &PgnGame, options: AnalysisOptions) -> Option<PoolAnalysis> {
        let analysis = GameAnalysis::new(&pgn.start, &pgn.moves).ok()?;
        let positions = (0..analysis.len()).filter_map(|i| analysis.position(i).cloned()).collect();
        let game = Arc::new(AnalysedGame { positions, moves: pgn.moves.clone(), options });
        let job = PoolAnalysis { review, key: hub.task_key(), game, reports: channel() };
        job.submit(hub, 0);
        Some(job)
    }

    /// Queues position `index`.
    fn submit(&self, hub: &Hub, index: usize) {
        let (game, done) = (Arc::clone(&self.game), self.reports.0.clone());
        hub.submit_task(
            self.key,
            Box::new(move |engine, stop: &AtomicBool| {
                let g = &*game;
                let _ = done.send((index, analyse_position(engine, &g.positions, &g.moves, index, &g.options, stop)));
            }),
        );
    }

    /// The reports since the last call, the next position queued after
    /// each; `Done` after the last. Whether the analysis goes on.
    pub fn poll(&mut self, hub: &Hub, out: &mut Vec<AnalysisEvent>) -> bool {
        let review = self.review;
        while let Ok((index, eval)) = self.reports.1.try_recv() {
            let Some(eval) = eval else { return false };
            out.push(AnalysisEvent::Position { review, index, eval });
            if index + 1 >= self.game.positions.len() {
                out.push(AnalysisEvent::Done { review });
                return false;
            }
            self.submit(hub, index + 1);
        }
        true
    }

    /// Stops the analysis: its waiting position is dropped, a running one stopped.
    pub fn stop(&self, hub: &Hub) {
        hub.cancel_task(self.key);
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use wormhole::{GameKind, Rules};

    use super::*;
    use crate::server::hub::HubConfig;
    use crate::server::store::Store;

    #[test]
    fn a_review_is_analysed_position_by_position_on_the_pools_workers() {
        let config = HubConfig { engine_threads: 1, ..HubConfig::default() };
        let dir = tempfile::tempdir().unwrap();
        let hub = Hub::start(Store::open(dir.path()).unwrap(), config).unwrap();
        let start = AnyPosition::new(GameKind::Classic);
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for text in ["e2e4", "e7e5", "g1f3"] {
            let m = pos.parse_move(text).unwrap();
            pos.play(m).unwrap();
            moves.push(m);
        }
        let pgn = PgnGame::new(start, moves);
        // Where the pool runs its work: the analysis' positions must run there.
        let (tx, threads) = channel();
        hub.submit_task(
            hub.task_key(),
            Box::new(move |_, _| drop(tx.send(std::thread::current().name().map(String::from)))),
        );
        assert_eq!(threads.recv_timeout(Duration::from_secs(10)).unwrap().as_deref(), Some("hub-engine-0"));
        let mut analysis = PoolAnalysis::start(&hub, 7, &pgn, AnalysisOptions::with_nodes(2000, 4)).unwrap();
        let (mut events, end) = (Vec::new(), Instant::now() + Duration::from_secs(60));
        while analysis.poll(&hub, &mut events) && Instant::now() < end {
            std::thread::sleep(Duration::from_millis(10));
        }
        let indices: Vec<usize> = events
            .iter()
            .filter_map(|e| match e {
                AnalysisEvent::Position { review: 7, index, .. } => Some(*index),
                _ => None,
            })
            .collect();
        assert_eq!(indices, [0, 1, 2, 3], "every position, in order, one at a time");
        assert!(matches!(events.last(), Some(AnalysisEvent::Done { review: 7 })), "{events:?}");
    }
}
