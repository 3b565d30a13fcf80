//! `wormhole perft`: node counts for checking and timing move generation.

use std::fmt::{self, Display};
use std::str::FromStr;
use std::time::Instant;

use anyhow::Context;
use wormhole::{Position, Variant, perft, porthole};

/// Arguments of `wormhole perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// Depth in plies.
    depth: u32,
    /// Start from this FEN (a PFEN for porthole) instead of the initial position.
    #[arg(long)]
    fen: Option<String>,
    /// Game: classic or fairy (Wormhole chess piece sets), or porthole.
    #[arg(long, default_value_t)]
    variant: PerftVariant,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
}

/// The game whose move tree perft counts: a Wormhole piece set, or
/// Porthole chess (a small dispatch until variants are chosen in one
/// place for every tool, issue 12 item 3).
#[derive(Debug, Clone, Copy)]
enum PerftVariant {
    Wormhole(Variant),
    Porthole,
}

const PORTHOLE: &str = "porthole";

impl Default for PerftVariant {
    fn default() -> PerftVariant {
        PerftVariant::Wormhole(Variant::default())
    }
}

impl Display for PerftVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftVariant::Wormhole(v) => v.fmt(f),
            PerftVariant::Porthole => f.write_str(PORTHOLE),
        }
    }
}

impl FromStr for PerftVariant {
    type Err = String;
    fn from_str(s: &str) -> Result<PerftVariant, String> {
        if s.eq_ignore_ascii_case(PORTHOLE) {
            return Ok(PerftVariant::Porthole);
        }
        let names: Vec<String> = Variant::ALL.iter().map(|v| format!("'{v}'")).collect();
        s.parse()
            .map(PerftVariant::Wormhole)
            .map_err(|_| format!("unknown variant '{s}' (expected {} or '{PORTHOLE}')", names.join(", ")))
    }
}

/// Runs perft and prints `Nodes searched: N` last; timing goes to stderr.
pub fn run(args: &PerftArgs) -> anyhow::Result<()> {
    let bad_fen = |fen: &str| format!("bad FEN '{fen}'");
    let start = Instant::now();
    let nodes = match args.variant {
        PerftVariant::Wormhole(variant) => {
            let pos = match &args.fen {
                Some(fen) => Position::from_fen(fen, variant).with_context(|| bad_fen(fen))?,
                None => Position::new(variant),
            };
            count(args.divide, || perft::divide(&mut pos.clone(), args.depth), || perft(&mut pos.clone(), args.depth))
        }
        PerftVariant::Porthole => {
            let pos = match &args.fen {
                Some(fen) => porthole::Position::from_fen(fen).with_context(|| bad_fen(fen))?,
                None => porthole::Position::new(),
            };
            let divide = || porthole::perft::divide(&mut pos.clone(), args.depth);
            count(args.divide, divide, || porthole::perft(&mut pos.clone(), args.depth))
        }
    };
    let secs = start.elapsed().as_secs_f64();
    println!("Nodes searched: {nodes}");
    eprintln!("time {:.3} s, {:.1} Mnps", secs, nodes as f64 / secs.max(1e-9) / 1e6);
    Ok(())
}

/// The total, printing each root move's count first when `divide`.
fn count<M: Display>(divide: bool, by_move: impl FnOnce() -> Vec<(M, u64)>, total: impl FnOnce() -> u64) -> u64 {
    if !divide {
        return total();
    }
    by_move()
        .into_iter()
        .map(|(m, n)| {
            println!("{m}: {n}");
            n
        })
        .sum()
}
