//! `wormhole solve`: proves who wins a position with the prover of its
//! game (see `wormhole::engine::Engine::prove`); a game without one is
//! refused by name.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{Context, bail};
use wormhole::engine::{Engine, EngineOptions, Proof, SolveLimits, SolveProgress};
use wormhole::{AnyPosition, GameKind, Rules};

use crate::{game_arg, limits};

/// Arguments of `wormhole solve`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The position to solve (FEN); the initial position if omitted.
    #[arg(long, long_help = game_arg::fen_help("The position to solve; the initial position if omitted."))]
    fen: Option<String>,
    /// Game: one with a prover (a game without one is refused, saying so).
    #[arg(long, default_value_t, value_parser = game_arg::any_game())]
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
    let kind = args.variant;
    let pos = match &args.fen {
        Some(fen) => AnyPosition::from_fen(kind, fen).with_context(|| format!("bad {kind} FEN '{fen}'"))?,
        None => AnyPosition::new(kind),
    };
    // The prover shares what it settles through the engine's table, which
    // nothing else fills here: the smallest does.
    let options = EngineOptions { hash_mb: *EngineOptions::HASH_MB.start(), ..EngineOptions::default() };
    let mut engine = Engine::new(options);
    engine.set_prover_mb(args.hash as usize).context("--hash")?;
    let limits = SolveLimits { time: Some(Duration::from_secs_f64(args.time)), ..SolveLimits::default() };
    let mut last = None;
    let proof = pos.prove_reporting(&mut engine, &limits, &AtomicBool::new(false), &mut |p| {
        print_progress(p);
        last = Some(*p);
    });
    let Some(proof) = proof else {
        bail!(
            "{} has no prover: solve proves who wins with the proof search a game brings, and this game has none",
            kind.title()
        );
    };
    if let Some(p) = last {
        let secs = p.time.as_secs_f64();
        eprintln!("{} positions in {secs:.2} s ({:.0} positions/s)", p.nodes, p.nodes as f64 / secs.max(1e-9));
    }
    print_result(&pos, proof)
}

/// One progress report on stderr.
fn print_progress(p: &SolveProgress) {
    eprintln!(
        "{:.1} s: {} positions, proof number {}, disproof number {}",
        p.time.as_secs_f64(),
        p.nodes,
        p.proof_number,
        p.disproof_number
    );
}

/// The winning move and the proof's size, if proved, then the result line.
fn print_result(pos: &AnyPosition, proof: Proof<wormhole::AnyMove>) -> anyhow::Result<()> {
    let mover = pos.turn();
    let winner = match proof {
        Proof::Win { first_move, plies, size } => {
            outln!("Winning move: {} ({first_move})", pos.san(first_move));
            outln!("Proof: {size} positions, longest line {plies} plies");
            Some(mover)
        }
        Proof::Loss { defence, plies, size } => {
            outln!("Winning move: none ({mover} to move loses whatever it plays)");
            if let Some(m) = defence {
                outln!("Longest defence: {} ({m})", pos.san(m));
            }
            outln!("Proof: {size} positions, longest line {plies} plies");
            Some(!mover)
        }
        Proof::Unknown => None,
    };
    let result = match winner {
        Some(winner) => wormhole::rules::result_str(Some(winner)),
        None => "unknown",
    };
    outln!("Result: {result}");
    Ok(())
}
