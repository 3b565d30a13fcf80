//! `wormhole perft`: node counts for checking and timing move generation.

use std::time::Instant;

use anyhow::Context;
use wormhole::{GameKind, Rules, WithPosition, perft};

use crate::game_arg;

/// Arguments of `wormhole perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// Depth in plies.
    depth: u32,
    /// Start from this FEN instead of the initial position.
    #[arg(long, long_help = game_arg::fen_help("Start from this FEN instead of the initial position."))]
    fen: Option<String>,
    /// Game.
    #[arg(long, default_value_t, value_parser = game_arg::any_game())]
    variant: GameKind,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
}

/// Runs perft and prints `Nodes searched: N` last; timing goes to stderr.
pub fn run(args: &PerftArgs) -> anyhow::Result<()> {
    let start = Instant::now();
    let job = Perft { depth: args.depth, divide: args.divide };
    let nodes = args
        .variant
        .with_position(args.fen.as_deref(), job)
        .with_context(|| format!("bad {} FEN '{}'", args.variant, args.fen.as_deref().unwrap_or_default()))?;
    let secs = start.elapsed().as_secs_f64();
    outln!("Nodes searched: {nodes}");
    eprintln!("time {:.3} s, {:.1} Mnps", secs, nodes as f64 / secs.max(1e-9) / 1e6);
    Ok(())
}

/// Perft of one position: the total, with each root move's count printed
/// first when `divide`.
struct Perft {
    depth: u32,
    divide: bool,
}

impl WithPosition for Perft {
    type Output = u64;

    fn run<P: Rules>(self, mut pos: P) -> u64 {
        if !self.divide {
            return perft(&mut pos, self.depth);
        }
        perft::divide(&mut pos, self.depth)
            .into_iter()
            .map(|(m, n)| {
                outln!("{m}: {n}");
                n
            })
            .sum()
    }
}
