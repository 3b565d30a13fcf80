//! How far before the end of a game its result is first proved, on the
//! same recorded games every time (so two builds compare game by game,
//! without the noise of new games). Wormhole chess only.
//!
//! Input: a file written by `wormhole match --dump FILE` (one game after
//! another, the positions of each in order). From `START` plies before the
//! end of each game, each position is given in turn to one side's prover
//! or engine, which keeps its tables between its moves as in a game; the
//! game's figure is the distance to the end of the first position proved.
//!
//! ```text
//! # the prover alone, N positions a move (deterministic):
//! cargo run --release --example proof_horizon -- prover N START dump.txt
//! # the whole engine, MS milliseconds a move on THREADS threads:
//! cargo run --release --example proof_horizon -- engine MS START dump.txt [THREADS]
//! ```
//!
//! The figures in the commits that cite this example used the dumps of
//! `wormhole match --engine-a threads=1 --engine-b threads=1 --movetime
//! 1000 --games 24 --seed 7 --variant classic|fairy --dump FILE`.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use wormhole::engine::{Engine, EngineOptions, Limits, Proof, Score, SolveLimits};
use wormhole::rules::SearchHooks;
use wormhole::solve::Solver;
use wormhole::{Position, Variant};

/// Who tries to prove the result, and with how much effort a move.
#[derive(Clone, Copy)]
enum Prover {
    /// The proof-number solver alone, this many positions a move.
    Solver(u64),
    /// The engine (alpha-beta search and prover), this long a move on
    /// this many threads.
    Engine(Duration, usize),
}

fn main() -> ExitCode {
    match run(&std::env::args().skip(1).collect::<Vec<_>>()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("proof_horizon: {e}");
            eprintln!("usage: proof_horizon prover N START FILE | engine MS START FILE [THREADS]");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let [mode, effort, start, file, rest @ ..] = args else {
        return Err("four arguments at least".into());
    };
    let number = |s: &str| s.parse::<u64>().map_err(|_| format!("not a number: '{s}'"));
    let prover = match mode.as_str() {
        "prover" => Prover::Solver(number(effort)?),
        "engine" => {
            let threads = rest.first().map_or(Ok(2), |t| number(t))?.max(1) as usize;
            Prover::Engine(Duration::from_millis(number(effort)?), threads)
        }
        _ => return Err(format!("unknown mode '{mode}' (prover or engine)")),
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let games = games(&text)?;
    let start = number(start)? as usize;
    let distances: Vec<usize> = games.iter().map(|g| first_proof(g, start, prover)).collect();
    let mut sorted = distances.clone();
    sorted.sort_unstable();
    let mean = sorted.iter().sum::<usize>() as f64 / sorted.len().max(1) as f64;
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0);
    println!("{} games: median {median}, mean {mean:.2} plies; per game {distances:?}", sorted.len());
    Ok(())
}

/// The games of a dump: a game starts where the ply count stops growing.
fn games(text: &str) -> Result<Vec<Vec<Position>>, String> {
    let variant = if text.contains('W') { Variant::Fairy } else { Variant::Classic };
    let mut games: Vec<Vec<Position>> = Vec::new();
    let mut last_ply = None;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fen = line.split(';').next().unwrap_or(line);
        let pos = Position::from_fen(fen, variant).map_err(|e| format!("{fen}: {e}"))?;
        let ply = pos.plies();
        if last_ply.is_none_or(|last| ply <= last) {
            games.push(Vec::new());
        }
        last_ply = Some(ply);
        games.last_mut().expect("a game was started").push(pos);
    }
    Ok(games)
}

/// How many plies before the end of `game` its result is first proved,
/// trying from `start` plies before the end (0: never).
fn first_proof(game: &[Position], start: usize, prover: Prover) -> usize {
    let end = game.len();
    let mut sides = [Side::new(prover), Side::new(prover)];
    (end.saturating_sub(start)..end).find(|&i| sides[i % 2].proves(&game[i])).map_or(0, |i| end - i)
}

/// One side's prover, keeping its tables between its moves.
enum Side {
    Solver(Solver, u64),
    Engine(Box<Engine>, Duration),
}

impl Side {
    fn new(prover: Prover) -> Side {
        match prover {
            Prover::Solver(nodes) => Side::Solver(Solver::new(64), nodes),
            Prover::Engine(time, threads) => {
                let options = EngineOptions { hash_mb: 16, threads, seed: Some(1), ..EngineOptions::default() };
                Side::Engine(Box::new(Engine::new(options)), time)
            }
        }
    }

    /// Whether it proves the result of `pos` (as the engine would in play:
    /// the solver only from the move the engine starts it).
    fn proves(&mut self, pos: &Position) -> bool {
        let stop = AtomicBool::new(false);
        match self {
            Side::Solver(solver, nodes) => {
                if pos.move_number() < pos.proof_from_move() {
                    return false;
                }
                let limits = SolveLimits { nodes: Some(*nodes), time: None };
                !matches!(solver.solve(pos, &limits, &stop, &mut |_| {}).proof, Proof::Unknown)
            }
            Side::Engine(engine, time) => {
                let limits = Limits { movetime: Some(*time), ..Limits::default() };
                let result = engine.search(pos, &limits, &stop, &mut |_| {});
                matches!(result.info.score, Score::Win(_) | Score::Loss(_))
            }
        }
    }
}
