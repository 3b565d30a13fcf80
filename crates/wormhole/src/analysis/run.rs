//! Running an analysis: every position searched once, several at a time
//! when more than one thread is allowed, all sharing one transposition
//! table.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use super::{AnalysisOptions, Comparison, Eval, GameAnalysis, IllegalGameMove, PositionEval};
use crate::engine::{Engine, EngineOptions, Limits};
use crate::{AnyMove, AnyPosition};

/// Analyses the game from `start` with `moves`: searches every position
/// with `options.limits` and returns the finished [`GameAnalysis`].
///
/// Where the game's move is not the engine's best, the two are searched
/// again side by side, to the depth the best move reached, so they compare
/// fairly (see [`GameAnalysis::review`]).
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
    start: &AnyPosition,
    moves: &[AnyMove],
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
    positions: &'a [AnyPosition],
    /// The moves of the game (`moves[i]` was played in `positions[i]`).
    moves: &'a [AnyMove],
    /// The order in which positions are searched.
    order: &'a [usize],
    /// How many positions of `order` the workers have taken.
    next: &'a AtomicUsize,
}

impl Worker<'_> {
    /// The engine's best move and the game's move searched side by side
    /// (MultiPV over just the two) as deep as the best move was: the same
    /// iterations score both, so the difference is not search noise.
    fn compare(
        &mut self,
        pos: &AnyPosition,
        best: AnyMove,
        played: AnyMove,
        depth: u32,
        options: &AnalysisOptions,
        stop: &AtomicBool,
    ) -> Option<Comparison> {
        let searchmoves = vec![best, played];
        let limits = Limits { depth: Some(depth.max(1)), searchmoves, multipv: 2, ..options.limits.clone() };
        let lines = pos.search(&mut self.engine, &limits, stop, &mut |_| {}).info.lines;
        let value = |m: AnyMove| {
            let line = lines.iter().find(|l| l.root_move() == Some(m))?;
            Some(Eval::from_score(line.score, pos.turn()))
        };
        Some(Comparison { best: value(best)?, played: value(played)? })
    }

    fn run(mut self, options: &AnalysisOptions, stop: &AtomicBool, results: &mpsc::Sender<(usize, PositionEval)>) {
        while !stop.load(Ordering::Relaxed) {
            let Some(&index) = self.order.get(self.next.fetch_add(1, Ordering::Relaxed)) else { break };
            let pos = &self.positions[index];
            let result = pos.search(&mut self.engine, &options.limits, stop, &mut |_| {});
            if stop.load(Ordering::Relaxed) {
                break; // cut short: not a result at the asked limit
            }
            let info = result.info;
            let compared = match (info.pv.first(), self.moves.get(index)) {
                (Some(&best), Some(&played)) if best != played => {
                    self.compare(pos, best, played, info.depth, options, stop)
                }
                _ => None,
            };
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let eval = Eval::from_score(info.score, pos.turn());
            let eval = PositionEval { eval, line: info.pv, depth: info.depth, exact: info.exact, compared };
            if results.send((index, eval)).is_err() {
                break;
            }
        }
    }
}
