//! Figures, not a check: how long the server's SQLite store takes to
//! commit one move on this disk (each commit waits for the disk), a batch
//! of moves in one transaction (what the hub's writer does), and the read
//! of the games in progress at a restart. Run with
//! `cargo run --release --example commit_latency`.

use std::time::Instant;

use wormhole::{AnyPosition, GameKind, Rules};
use wormhole_app::server::store::{MoveWrite, NewGame, Seat, Store, StoredMove};

/// Moves committed one at a time, then in one batch.
const ONE_BY_ONE: u32 = 500;
const BATCH: u32 = 50;

fn main() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let mut store = Store::open(dir.path())?;
    let ann = store.register("ann", "SHA256:ann", "k")?;
    let kind = GameKind::Classic;
    let new = NewGame {
        kind,
        start_fen: AnyPosition::new(kind).fen(),
        seats: [Seat::Player(ann), Seat::Engine { level: 1 }],
        rated: false,
        clock: Some((300_000, 2_000)),
    };
    let game = store.create_game(&new, 0)?;
    let mv = StoredMove { mv: "e2e4".into(), white_ms: 1, black_ms: 1, at_ms: 1 };
    // The game's deadline goes with each move, as the hub writes it.
    let write = |ply| MoveWrite { game, ply, stored: mv.clone(), deadline_ms: Some(2) };
    let mut micros = Vec::new();
    for ply in 0..ONE_BY_ONE {
        let start = Instant::now();
        // The writer's path with one move waiting: a transaction of one.
        let stored = store.add_moves(&[write(ply)])?;
        micros.push(start.elapsed().as_micros());
        anyhow::ensure!(stored.iter().all(Result::is_ok), "move {ply} was refused: {stored:?}");
    }
    micros.sort_unstable();
    let at = |q: usize| micros[micros.len() * q / 100];
    let max = micros[micros.len() - 1];
    println!("add_moves, {ONE_BY_ONE} commits of one move: p50 {} us, p99 {} us, max {max} us", at(50), at(99));
    let batch: Vec<_> = (ONE_BY_ONE..ONE_BY_ONE + BATCH).map(write).collect();
    let start = Instant::now();
    let stored = store.add_moves(&batch)?;
    println!("add_moves, one batch of {BATCH}: {} us", start.elapsed().as_micros());
    anyhow::ensure!(stored.iter().all(Result::is_ok), "a move of the batch was refused: {stored:?}");
    let start = Instant::now();
    let games = store.active_games()?;
    let moves = games.first().map_or(0, |g| g.moves.len());
    println!("active_games with one game of {moves} moves: {} us", start.elapsed().as_micros());
    anyhow::ensure!(moves == (ONE_BY_ONE + BATCH) as usize, "{moves} moves read back");
    Ok(())
}
