//! Running an analysis: every position searched once, several at a time
//! when more than one thread is allowed, all sharing one transposition
//! table.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use super::{AnalysisOptions, Eval, GameAnalysis, IllegalGameMove, PositionEval};
use crate::engine::{Engine, EngineOptions, Limits};
use crate::{Move, Position};

/// Analyses the game from `start` with `moves`: searches every position
/// with `options.limits` and returns the finished [`GameAnalysis`].
///
/// Where the game's move is not the engine's best, that move is searched
/// too, from the same position to the depth the best move reached, so the
/// two compare fairly (see [`GameAnalysis::review`]).
///
/// Positions are searched from the end of the game backwards: the last
/// positions are proved quickly, and what their searches store in the
/// shared table helps prove the earlier ones. With `options.threads` above
/// one, that many positions are searched at once, one search thread each.
///
/// `on_progress` is called on the caller's thread after each position,
/// with the analysis so far and the index of the position just searched,
/// so a caller can show results as they arrive. Setting `stop` ends the
/// analysis early: positions not searched to their limit stay unsearched.
pub fn analyse(
    start: &Position,
    moves: &[Move],
    options: &AnalysisOptions,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&GameAnalysis, usize),
) -> Result<GameAnalysis, IllegalGameMove> {
    let mut analysis = GameAnalysis::new(start, moves)?;
    let positions = analysis.positions.clone();
    let order: Vec<usize> = (0..positions.len()).rev().collect();
    let next = AtomicUsize::new(0);
    let workers = options.threads.clamp(1, EngineOptions::MAX_THREADS).min(order.len());
    let engine = Engine::new(EngineOptions { threads: 1, hash_mb: options.hash_mb, ..EngineOptions::default() });
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let worker =
                Worker { engine: engine.sharing_table(), positions: &positions, moves, order: &order, next: &next };
            let tx = tx.clone();
            scope.spawn(move || worker.run(options, stop, &tx));
        }
        drop(tx);
        for (index, eval) in rx {
            analysis.record(index, eval);
            on_progress(&analysis, index);
        }
    });
    Ok(analysis)
}

/// One analysis thread: takes the next position to search until none is left.
struct Worker<'a> {
    engine: Engine,
    positions: &'a [Position],
    /// The moves of the game (`moves[i]` was played in `positions[i]`).
    moves: &'a [Move],
    /// The order in which positions are searched.
    order: &'a [usize],
    /// How many positions of `order` the workers have taken.
    next: &'a AtomicUsize,
}

impl Worker<'_> {
    fn run(mut self, options: &AnalysisOptions, stop: &AtomicBool, results: &mpsc::Sender<(usize, PositionEval)>) {
        while !stop.load(Ordering::Relaxed) {
            let Some(&index) = self.order.get(self.next.fetch_add(1, Ordering::Relaxed)) else { break };
            let pos = &self.positions[index];
            let result = self.engine.search(pos, &options.limits, stop, &mut |_| {});
            if stop.load(Ordering::Relaxed) {
                break; // cut short: not a result at the asked limit
            }
            let info = result.info;
            let played = self.moves.get(index).copied().filter(|&m| info.pv.first() != Some(&m));
            let played = played.map(|m| {
                // As deep as the best move was searched, not deeper: a lone
                // root move would get further in the same time.
                let depth = Some(info.depth.max(1));
                let limits = Limits { depth, searchmoves: vec![m], multipv: 1, ..options.limits.clone() };
                Eval::from_score(self.engine.search(pos, &limits, stop, &mut |_| {}).info.score, pos.turn())
            });
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let eval = Eval::from_score(info.score, pos.turn());
            let eval = PositionEval { eval, line: info.pv, depth: info.depth, played };
            if results.send((index, eval)).is_err() {
                break;
            }
        }
    }
}
