//! Running an analysis: every position searched once by the full-strength
//! engine, several at a time when more than one thread is allowed, each
//! search on one thread with a table cleared for it, so that the results
//! do not depend on which thread searched what, or when.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use super::{AnalysisOptions, Comparison, Eval, GameAnalysis, IllegalGameMove, PositionEval};
use crate::engine::{Engine, EngineOptions, Limits, Proof, SearchResult, SolveLimits};
use crate::games::{AnyMove, AnyPosition};
use crate::rules::Rules;

/// Analyses the game from `start` with `moves`: searches every position
/// with `options.limits` and returns the finished [`GameAnalysis`].
///
/// Where the game's move is not the engine's best, the two are searched
/// again side by side, to the depth the best move reached, so they compare
/// fairly (see [`GameAnalysis::review`]).
///
/// Each position is searched on one thread, starting from an empty
/// transposition table and move-ordering history, so its result depends
/// only on the position, the limits and `options.hash_mb`: with a node
/// budget or a depth (not a movetime), the same game gives the same
/// analysis every time, on any number of threads. With `options.threads`
/// above one, that many positions are searched at once, each thread with
/// its own table.
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
    let next = AtomicUsize::new(0);
    let workers = options.threads.clamp(1, EngineOptions::MAX_THREADS).min(positions.len());
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let (positions, next, tx) = (&positions, &next, tx.clone());
            scope.spawn(move || {
                let mut engine =
                    Engine::new(EngineOptions { threads: 1, hash_mb: options.hash_mb, ..EngineOptions::default() });
                AnalysisWorker { engine: &mut engine, positions, moves, next }.run(options, stop, &tx)
            });
        }
        drop(tx);
        for (index, eval) in rx {
            analysis.record(index, eval);
            on_progress(&analysis, index);
        }
    });
    Ok(analysis)
}

/// Searches position `index` of a game as [`analyse`] does, on `engine`
/// (its table cleared first), for a caller that hands out the positions
/// itself (a server's shared pool of engines): `positions` are the game's
/// ([`GameAnalysis::position`]) and `moves` its moves. `None` when `stop`
/// cut the search short or there is no such position.
pub fn analyse_position(
    engine: &mut Engine,
    positions: &[AnyPosition],
    moves: &[AnyMove],
    index: usize,
    options: &AnalysisOptions,
    stop: &AtomicBool,
) -> Option<PositionEval> {
    let next = AtomicUsize::new(index);
    AnalysisWorker { engine, positions, moves, next: &next }.one(index, options, stop)
}

/// One analysis thread: takes the next position to search until none is left.
struct AnalysisWorker<'a> {
    engine: &'a mut Engine,
    positions: &'a [AnyPosition],
    /// The moves of the game (`moves[i]` was played in `positions[i]`).
    moves: &'a [AnyMove],
    /// How many positions the workers have taken, from the first on.
    next: &'a AtomicUsize,
}

impl AnalysisWorker<'_> {
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
        let lines = pos.search(&mut *self.engine, &limits, stop, &mut |_| {}).info.lines;
        let value = |m: AnyMove| {
            let line = lines.iter().find(|l| l.root_move() == Some(m))?;
            Some(Eval::from_score(line.score, pos.turn()))
        };
        Some(Comparison { best: value(best)?, played: value(played)? })
    }

    /// What the game's prover settles within `options.proof_nodes`
    /// positions, where the search proved nothing (and only where the
    /// engine proves in play, [`Engine::proves`]).
    fn proof(
        &mut self,
        pos: &AnyPosition,
        searched: &SearchResult<AnyMove>,
        options: &AnalysisOptions,
        stop: &AtomicBool,
    ) -> Option<Proof<AnyMove>> {
        let proved = searched.info.score.is_proved();
        let nodes = options.proof_nodes.filter(|_| !proved && pos.engine_proves(&*self.engine))?;
        pos.prove(&mut *self.engine, &SolveLimits { nodes: Some(nodes), time: None }, stop)
    }

    fn run(mut self, options: &AnalysisOptions, stop: &AtomicBool, results: &mpsc::Sender<(usize, PositionEval)>) {
        while !stop.load(Ordering::Relaxed) {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(eval) = self.one(index, options, stop) else { break };
            if results.send((index, eval)).is_err() {
                break;
            }
        }
    }

    /// Searches position `index`; `None` when stopped or past the end.
    fn one(&mut self, index: usize, options: &AnalysisOptions, stop: &AtomicBool) -> Option<PositionEval> {
        let pos = self.positions.get(index)?;
        self.engine.new_game();
        let mut result = pos.search(&mut *self.engine, &options.limits, stop, &mut |_| {});
        if let Some(proof) = self.proof(pos, &result, options, stop) {
            result.settle(proof);
        }
        if stop.load(Ordering::Relaxed) {
            return None; // cut short: not a result at the asked limit
        }
        let info = result.info;
        let compared = match (info.pv.first(), self.moves.get(index)) {
            (Some(&best), Some(&played)) if best != played => {
                self.compare(pos, best, played, info.depth, options, stop)
            }
            _ => None,
        };
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let eval = Eval::from_score(info.score, pos.turn());
        Some(PositionEval { eval, line: info.pv, depth: info.depth, exact: info.exact, compared })
    }
}
