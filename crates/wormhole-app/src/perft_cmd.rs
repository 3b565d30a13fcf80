//! `wormhole perft`: node counts for checking and timing move generation.

use std::time::Instant;

use anyhow::Context;
use wormhole::{Position, Variant, perft};

/// Arguments of `wormhole perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// Depth in plies.
    depth: u32,
    /// Start from this FEN instead of the initial position.
    #[arg(long)]
    fen: Option<String>,
    /// Piece set: classic or fairy.
    #[arg(long, default_value_t)]
    variant: Variant,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
}

/// Runs perft and prints `Nodes searched: N` last; timing goes to stderr.
pub fn run(args: &PerftArgs) -> anyhow::Result<()> {
    let mut pos = match &args.fen {
        Some(fen) => Position::from_fen(fen, args.variant).with_context(|| format!("bad FEN '{fen}'"))?,
        None => Position::new(args.variant),
    };
    let start = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        for (m, n) in perft::divide(&mut pos, args.depth) {
            println!("{m}: {n}");
            total += n;
        }
        total
    } else {
        perft(&mut pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("Nodes searched: {nodes}");
    eprintln!("time {:.3} s, {:.1} Mnps", secs, nodes as f64 / secs.max(1e-9) / 1e6);
    Ok(())
}
