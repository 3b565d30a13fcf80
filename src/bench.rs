//! `wormhole bench`: each game's fixed list of positions searched to its
//! fixed depth on one thread, both from the game's folder
//! ([`wormhole::GameInfo::bench_positions`]): by default those of Wormhole
//! chess's two piece sets, with `--variant` those of one game. The node
//! count is deterministic, a regression check for search changes; the
//! speed is a performance figure.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::Context;
use wormhole::engine::{Engine, EngineOptions, Limits};
use wormhole::{GameKind, ListedGame, WithPosition};

use crate::game_arg;

/// Arguments of `wormhole bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Search depth in plies (default: each game's own bench depth).
    #[arg(long)]
    depth: Option<u32>,
    /// Only the positions of this game (default: both Wormhole chess piece sets).
    #[arg(long, value_parser = game_arg::any_game())]
    variant: Option<GameKind>,
    /// Print one line per position.
    #[arg(long)]
    verbose: bool,
    /// Instead of searching: draw this many frames of the game screen at
    /// 120x40, as the server does for each screen a move reaches, and
    /// print the frames a second.
    #[arg(long, value_name = "FRAMES", conflicts_with_all = ["depth", "variant", "verbose"])]
    draw: Option<u32>,
}

/// Runs the benchmark: `Nodes searched: N` and `Nodes/second: N` are the last two lines.
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    if let Some(frames) = args.draw {
        return draw(frames);
    }
    let (nodes, elapsed) = run_positions(args.variant, args.depth, args.verbose)?;
    outln!("Nodes searched: {nodes}");
    outln!("Nodes/second: {}", (nodes as f64 / elapsed.max(1e-9)) as u64);
    Ok(())
}

/// `wormhole bench --draw FRAMES`: `Frames/second: N` is the last line.
fn draw(frames: u32) -> anyhow::Result<()> {
    let figures = crate::tui::draw_bench::run(frames.max(1), (120, 40))?;
    println!("Frames drawn: {} at 120x40, {} bytes written", figures.frames, figures.bytes);
    println!("Microseconds/frame: {:.1}", figures.seconds * 1e6 / f64::from(figures.frames));
    println!("Frames/second: {}", (f64::from(figures.frames) / figures.seconds.max(1e-9)) as u64);
    Ok(())
}

/// Searches the bench positions ([`wormhole::GameInfo::bench_positions`]) of `kind`
/// (default: the games played by the rules of the first game, both
/// Wormhole chess piece sets) to `depth` (default: each game's own) with a
/// fresh table; returns the total nodes and seconds.
fn run_positions(kind: Option<GameKind>, depth: Option<u32>, verbose: bool) -> anyhow::Result<(u64, f64)> {
    let mut engine = Engine::new(EngineOptions { threads: 1, hash_mb: 16, ..EngineOptions::default() });
    let chosen = |k: GameKind| kind.map_or(k.same_rules(GameKind::default()), |kind| kind == k);
    let positions = GameKind::ALL
        .into_iter()
        .filter(|&k| chosen(k))
        .flat_map(|k| k.info().bench_positions.iter().map(move |fen| (k, fen)));
    let mut total = 0;
    let start = Instant::now();
    for (i, (kind, fen)) in positions.enumerate() {
        engine.new_game();
        let job = BenchSearch { engine: &mut engine, depth: depth.unwrap_or(kind.info().bench_depth) };
        let (nodes, score, best) =
            kind.with_position(Some(fen), job).with_context(|| format!("bench position {}: {fen}", i + 1))?;
        total += nodes;
        if verbose {
            outln!("{:2} {:<8} {:>10} {:<8} {fen}", i + 1, score, nodes, best);
        }
    }
    Ok((total, start.elapsed().as_secs_f64()))
}

/// One bench search: nodes, score and best move.
struct BenchSearch<'a> {
    engine: &'a mut Engine,
    depth: u32,
}

impl WithPosition for BenchSearch<'_> {
    type Output = (u64, String, String);

    fn run<P: ListedGame>(self, pos: P) -> Self::Output {
        let limits = Limits { depth: Some(self.depth), ..Limits::default() };
        let result = self.engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
        let best = result.best_move.map_or("(none)".to_string(), |m| m.to_string());
        (result.info.nodes, result.info.score.uci(), best)
    }
}
