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
//!
//! How `threads=2` is spent in a game with a prover: the alpha-beta search
//! on one thread (no lazy-SMP helper), the proof-number solver on the
//! other, sharing the transposition table (`engine/root.rs`); the search
//! deepens until the move's soft target while the prover runs.
//!
//! The search's thread as a second prover (tried and dropped; the code and
//! its tests are commit 9956915, "Second prover (issue #44 item 4, the
//! attempt ...)", reverted by the next and merged with it): once a timed search beside the
//! prover reached a decisive score (400 cp either way after an iteration
//! of 8 plies, not a game end; with the table warm, that was within a few
//! milliseconds of most moves from the proving move on), it stopped
//! deepening and proved the position where the side that seemed to lose
//! had to move (the root, or the root after the search's best move),
//! each of that side's moves in turn for its share of the time left, the
//! search's expected move last, with a second solver memory; what it
//! settled went to the shared table, which the first prover read on
//! entering a position (one table read a position: no measurable cost).
//! Every claim stayed sound and exact after the checks (the brute-force
//! suite with a hand-over at any score after one ply: 101 of 101 decided
//! positions proved, 78 exact, at 60 ms). At 1,000 ms a move on two
//! threads (`engine 1000 40 DUMP 2` on the `--movetime 300 --seed 7`
//! dumps, 24 classic and 16 fairy games), main and it back to back at a
//! load of about 2 on 2 cores, median / mean plies: classic 23 / 23.71 ->
//! 23 / 23.88 (four games a ply earlier, none later), fairy 23 / 23.31 ->
//! 23 / 23.31 (one game two plies earlier, two a ply later). Handing over
//! from 150 cp: classic 23 / 23.58 (one game two plies earlier, one five
//! later), fairy 24 / 23.31 (two games a ply earlier, two later). A first
//! form, one df-pn on the position after the best move (sharing as
//! above): classic 22 / 22.79 -> 22 / 22.92, fairy 23 / 23.38 -> 21 /
//! 22.81 (load 3.4 to 5.7). Run to run, main itself moved by about a
//! ply of mean with the machine's load (classic 22 / 22.79 at load 3.4,
//! 23 / 23.71 at 2). The second prover rarely settled anything itself
//! (instrumented on three classic games: never): the two follow the same
//! most-proving lines, and the deeper search it replaced fed the first
//! prover game ends too. Where to start next: a second prover over a part
//! of the tree the first will not reach soon (its first numbers, or its
//! choice of child, made different), or one proof table the two share
//! with virtual proof numbers on the lines in work.
//!
//! What the self-play figure measures since the winner's claims are exact
//! (its shortest win, 9db98de): the plies from the first proof to the end
//! are the proved distance itself, where before a winner often took longer
//! than it had to. On the classic dump above, at 1,000 ms on two threads:
//! `engine` (first proof against the recorded end) 23 / 23.50 at 22bf0e7
//! (the round before exact winners) and 22 / 23.50 at 5ddbdf8, the same
//! games proved at the same plies but two; `playout` (the game played on
//! by the engines from the first proof) 24 / 23.92 at 22bf0e7 and
//! 21 / 20.67 at 5ddbdf8. So the fall of the 96-game classic cell from
//! 23 (last round) to 20 is the games ending sooner after the proof, not a
//! later proof.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use wormhole::engine::{Engine, EngineOptions, Limits, Proof, SearchHooks, SolveLimits};
use wormhole::solve::Solver;
use wormhole::{Move, Position, Variant};

/// Who tries to prove the result, and with how much effort a move.
#[derive(Clone, Copy)]
enum ProofMethod {
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
        "prover" => (ProofMethod::Solver(number(effort)?), Until::Recorded),
        "engine" | "playout" => {
            let threads = rest.first().map_or(Ok(2), |t| number(t))?.max(1) as usize;
            let until = if mode == "engine" { Until::Recorded } else { Until::PlayedOut };
            (ProofMethod::Engine(Duration::from_millis(number(effort)?), threads), until)
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
fn first_proof(game: &[Position], start: usize, prover: ProofMethod, until: Until) -> usize {
    let end = game.len();
    let mut sides = [Contestant::new(prover), Contestant::new(prover)];
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
fn play_out(mut pos: Position, ply: usize, sides: &mut [Contestant; 2]) -> usize {
    let mut played = 0;
    while pos.has_legal_move() {
        let m = sides[(ply + played) % 2].think(&pos).1.unwrap_or_else(|| pos.legal_moves()[0]);
        pos.play_unchecked(m);
        played += 1;
    }
    played
}

/// One side's prover, keeping its tables between its moves.
enum Contestant {
    Solver(Solver, u64),
    Engine(Box<Engine>, Duration),
}

impl Contestant {
    fn new(prover: ProofMethod) -> Contestant {
        match prover {
            ProofMethod::Solver(nodes) => Contestant::Solver(Solver::new(64), nodes),
            ProofMethod::Engine(time, threads) => {
                let options = EngineOptions { hash_mb: 16, threads, seed: Some(1), ..EngineOptions::default() };
                Contestant::Engine(Box::new(Engine::new(options)), time)
            }
        }
    }

    /// Whether it proves the result of `pos` (as the engine would in play:
    /// the solver only from the move the engine starts it), and the move
    /// it plays, if it knows one.
    fn think(&mut self, pos: &Position) -> (bool, Option<Move>) {
        let stop = AtomicBool::new(false);
        match self {
            Contestant::Solver(solver, nodes) => {
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
            Contestant::Engine(engine, time) => {
                let limits = Limits { movetime: Some(*time), ..Limits::default() };
                let result = engine.search(pos, &limits, &stop, &mut |_| {});
                (result.info.score.is_proved(), result.best_move)
            }
        }
    }
}
