//! `wormhole solve`: proves who wins a position with proof-number search
//! (see `wormhole::solve::Solver`).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{Context, bail};
use wormhole::engine::{Proof, SolveLimits};
use wormhole::solve::Solver;
use wormhole::{Color, GameKind, Position};

use crate::limits;

/// Arguments of `wormhole solve`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The position to solve (FEN); the initial position if omitted.
    #[arg(long)]
    fen: Option<String>,
    /// Game: classic or fairy (Wormhole chess piece sets). The other games
    /// are refused: the solver proves wins by running the loser out of moves
    /// and has no draws or repetitions.
    #[arg(long, default_value_t)]
    variant: GameKind,
    /// Give up after this many seconds (0.001 to 604800, a week).
    #[arg(long, default_value_t = 10.0, value_parser = limits::seconds)]
    time: f64,
    /// Size of the proof table in MiB (1 to 4096).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(limits::SOLVE_HASH_MB))]
    hash: u64,
}

/// Solves the position: progress on stderr; on stdout the winning move and
/// the proof's size, then `Result: 1-0`, `Result: 0-1` or `Result: unknown`
/// as the last line.
pub fn run(args: &SolveArgs) -> anyhow::Result<()> {
    let Some(variant) = args.variant.variant() else {
        bail!(
            "solve plays Wormhole chess only (classic or fairy): its proof search knows no draws or \
             repetitions, which the other games have"
        );
    };
    let pos = match &args.fen {
        Some(fen) => Position::from_fen(fen, variant).with_context(|| format!("bad FEN '{fen}'"))?,
        None => Position::new(variant),
    };
    let limits = SolveLimits { time: Some(Duration::from_secs_f64(args.time)), ..SolveLimits::default() };
    let mut solver = Solver::try_new(args.hash as usize).context("--hash")?;
    let result = solver.solve(&pos, &limits, &AtomicBool::new(false), &mut |p| {
        eprintln!(
            "{:.1} s: {} positions, proof number {}, disproof number {}",
            p.time.as_secs_f64(),
            p.nodes,
            p.proof_number,
            p.disproof_number
        );
    });
    let secs = result.time.as_secs_f64();
    eprintln!("{} positions in {secs:.2} s ({:.0} positions/s)", result.nodes, result.nodes as f64 / secs.max(1e-9));
    let mover = pos.turn();
    let winner = match result.proof {
        Proof::Win { first_move, plies, size } => {
            println!("Winning move: {} ({first_move})", pos.san(first_move));
            println!("Proof: {size} positions, longest line {plies} plies");
            Some(mover)
        }
        Proof::Loss { plies, size } => {
            println!("Winning move: none ({mover} to move loses whatever it plays)");
            println!("Proof: {size} positions, longest line {plies} plies");
            Some(!mover)
        }
        Proof::Unknown => None,
    };
    let result = match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "unknown",
    };
    println!("Result: {result}");
    Ok(())
}
