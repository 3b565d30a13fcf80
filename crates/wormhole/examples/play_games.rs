//! Plays games between two engine levels and writes each as a PGN file,
//! for `wormhole analyze` and other tools that read games. The levels take
//! White in turn; the first `RANDOM_PLIES` plies of each game are random
//! (seeded), so the games differ.
//!
//! ```text
//! cargo run --release --example play_games -- <level A> <level B> <games> <movetime ms> <out dir> [game] [seed]
//! cargo run --release --example play_games -- 10 3 20 100 games/
//! cargo run --release --example play_games -- 1 10 2 100 games/ twoboard 5
//! ```
//! The game is any of the five (`classic`, `fairy`, `porthole`, `linked`,
//! `twoboard`); a game that reaches no end ends at 400 plies.
//! writes `games/game-01.pgn` ... with `White`/`Black` tags such as `level 10`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use wormhole::engine::{Engine, EngineOptions, Level, Limits};
use wormhole::pgn::PgnGame;
use wormhole::{AnyPosition, Color, GameKind, Rules};

/// Random plies at the start of each game.
const RANDOM_PLIES: usize = 4;

/// A game still going after this many plies stops there, unfinished.
const MAX_PLIES: usize = 400;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            eprintln!("usage: play_games <level A> <level B> <games> <movetime ms> <out dir> [game] [seed]");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let [a, b, games, movetime, dir, rest @ ..] = args else { return Err("missing arguments".into()) };
    let levels: [Level; 2] = [a.parse().map_err(|e| format!("{e}"))?, b.parse().map_err(|e| format!("{e}"))?];
    let games: usize = games.parse().map_err(|_| format!("bad game count '{games}'"))?;
    let movetime = Duration::from_millis(movetime.parse().map_err(|_| format!("bad movetime '{movetime}'"))?);
    let kind: GameKind = match rest.first() {
        Some(v) => v.parse().map_err(|e| format!("{e}"))?,
        None => GameKind::Classic,
    };
    let seed: u64 = match rest.get(1) {
        Some(s) => s.parse().map_err(|_| format!("bad seed '{s}'"))?,
        None => 1,
    };
    let dir = PathBuf::from(dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut rng = SmallRng::seed_from_u64(seed);
    let limits = Limits { movetime: Some(movetime), ..Limits::default() };
    for g in 0..games {
        // Level A plays White in even games.
        let white = g % 2;
        let mut engines = levels.map(|level| {
            Engine::new(EngineOptions { level, hash_mb: 16, seed: Some(rng.random()), ..EngineOptions::default() })
        });
        let start = AnyPosition::new(kind);
        let mut pos = start.clone();
        let mut moves = Vec::new();
        let mut earlier = Vec::new();
        while pos.outcome(&earlier).is_none() && moves.len() < MAX_PLIES {
            let m = if moves.len() < RANDOM_PLIES {
                let legal = pos.legal_moves();
                legal[rng.random_range(0..legal.len())]
            } else {
                let side = if pos.turn() == Color::White { white } else { 1 - white };
                let result = pos.search(&mut engines[side], &limits, &AtomicBool::new(false), &mut |_| {});
                result.best_move.ok_or("a search found no move in a position with one")?
            };
            earlier.push(pos.hash());
            pos.play_unchecked(m);
            moves.push(m);
        }
        let mut game = PgnGame::new(start, moves);
        game.set_tag("Event", "play_games example");
        game.set_tag("White", &format!("level {}", levels[white].number()));
        game.set_tag("Black", &format!("level {}", levels[1 - white].number()));
        let path = dir.join(format!("game-{:02}.pgn", g + 1));
        std::fs::write(&path, game.to_pgn()).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("{}: {} plies, {}", path.display(), game.moves.len(), game.result());
    }
    Ok(())
}
