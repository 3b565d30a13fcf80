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
//! # the same, then the game played on by the two engines from the first
//! # position proved (the figure is the plies from it to that game's end,
//! # as in self-play, where the loser's defence counts too):
//! cargo run --release --example proof_horizon -- playout MS START dump.txt [THREADS]
//! ```
//!
//! The figures in the commits that cite this example used the dumps of
//! `wormhole match --engine-a threads=1 --engine-b threads=1 --movetime
//! 1000 --games 24 --seed 7 --variant classic|fairy --dump FILE`.
//!
//! What speed buys: on the dumps of `--movetime 300 --seed 7` (24 classic
//! and 16 fairy games), the prover at 1,000,000 positions a move instead
//! of 500,000 proves classic 22 / 23.25 plies out instead of 22 / 22.33
//! (median / mean), fairy 22 / 23.12 instead of 20 / 22.75: about a ply
//! for twice the positions.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use wormhole::engine::{Engine, EngineOptions, Limits, Proof, SearchHooks, SolveLimits};
use wormhole::solve::Solver;
use wormhole::{Move, Position, Variant};

/// Who tries to prove the result, and with how much effort a move.
#[derive(Clone, Copy)]
enum Prover {
    /// The proof-number solver alone, this many positions a move.
    Solver(u64),
    /// The engine (alpha-beta search and prover), this long a move on
    /// this many threads.
    Engine(Duration, usize),
}

/// Where a game's figure ends: the recorded game's end, or the end of the
/// game the two sides play on from the first position proved.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Until {
    Recorded,
    PlayedOut,
}

fn main() -> ExitCode {
    match run(&std::env::args().skip(1).collect::<Vec<_>>()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("proof_horizon: {e}");
            eprintln!("usage: proof_horizon prover N START FILE | engine|playout MS START FILE [THREADS]");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let [mode, effort, start, file, rest @ ..] = args else {
        return Err("four arguments at least".into());
    };
    let number = |s: &str| s.parse::<u64>().map_err(|_| format!("not a number: '{s}'"));
    let (prover, until) = match mode.as_str() {
        "prover" => (Prover::Solver(number(effort)?), Until::Recorded),
        "engine" | "playout" => {
            let threads = rest.first().map_or(Ok(2), |t| number(t))?.max(1) as usize;
            let until = if mode == "engine" { Until::Recorded } else { Until::PlayedOut };
            (Prover::Engine(Duration::from_millis(number(effort)?), threads), until)
        }
        _ => return Err(format!("unknown mode '{mode}' (prover, engine or playout)")),
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let games = games(&text)?;
    let start = number(start)? as usize;
    let distances: Vec<usize> = games.iter().map(|g| first_proof(g, start, prover, until)).collect();
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
/// trying from `start` plies before the end (0: never); the end is the
/// recorded one, or that of the game played on from there.
fn first_proof(game: &[Position], start: usize, prover: Prover, until: Until) -> usize {
    let end = game.len();
    let mut sides = [Side::new(prover), Side::new(prover)];
    for i in end.saturating_sub(start)..end {
        let (proved, m) = sides[i % 2].think(&game[i]);
        if proved {
            return match (until, m) {
                (Until::PlayedOut, Some(m)) => 1 + play_out(game[i].after(m), i + 1, &mut sides),
                _ => end - i,
            };
        }
    }
    0
}

/// The plies of the game played on from `pos`, the `ply`th position of
/// its game, by the two sides to its end.
fn play_out(mut pos: Position, ply: usize, sides: &mut [Side; 2]) -> usize {
    let mut played = 0;
    while pos.has_legal_move() {
        let m = sides[(ply + played) % 2].think(&pos).1.unwrap_or_else(|| pos.legal_moves()[0]);
        pos.play_unchecked(m);
        played += 1;
    }
    played
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
    /// the solver only from the move the engine starts it), and the move
    /// it plays, if it knows one.
    fn think(&mut self, pos: &Position) -> (bool, Option<Move>) {
        let stop = AtomicBool::new(false);
        match self {
            Side::Solver(solver, nodes) => {
                if pos.move_number() < pos.proof_from_move() {
                    return (false, None);
                }
                let limits = SolveLimits { nodes: Some(*nodes), time: None };
                match solver.solve(pos, &limits, &stop, &mut |_| {}).proof {
                    Proof::Win { first_move, .. } => (true, Some(first_move)),
                    Proof::Loss { defence, .. } => (true, defence),
                    Proof::Unknown => (false, None),
                }
            }
            Side::Engine(engine, time) => {
                let limits = Limits { movetime: Some(*time), ..Limits::default() };
                let result = engine.search(pos, &limits, &stop, &mut |_| {});
                (result.info.score.is_proved(), result.best_move)
            }
        }
    }
}
