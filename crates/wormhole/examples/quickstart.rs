//! A first program with the `wormhole` library: read a position, list its
//! legal moves in SAN, play one, see a bad move refused with its reason,
//! and ask the engine for the best reply.
//!
//! ```text
//! cargo run --release -p wormhole --example quickstart
//! cargo run --release -p wormhole --example quickstart -- "<FEN>" <MOVE>
//! ```
//!
//! Without arguments it uses the diagram from the rules and plays `Nxf6`.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use wormhole::engine::{Engine, EngineOptions, Limits};
use wormhole::{Position, Rules, Variant};

/// The diagram from the rules: Black to move, 17 plies played, 14 holes.
const DIAGRAM: &str = "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let fen = args.next().unwrap_or_else(|| DIAGRAM.to_string());
    let text = args.next().unwrap_or_else(|| "Nxf6".to_string());

    // The pieces tell the piece set (Q R B: classic, C W M: fairy).
    let mut pos = match Position::from_fen_auto(&fen, Variant::Classic) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{} ({}) to move: {}", pos.turn(), pos.variant(), pos.fen());
    let sans: Vec<String> = pos.san_moves().into_iter().map(|(_, san)| san).collect();
    println!("{} legal moves: {}", sans.len(), sans.join(" "));

    // parse_move reads SAN, long forms (Nd3f6, Nd3xf6) and UCI (d3f6), and
    // refuses what is not legal here with a reason.
    let m = match pos.parse_move(&text) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("cannot play '{text}': {e}");
            return ExitCode::FAILURE;
        }
    };
    let san = pos.san(m);
    if let Err(e) = pos.play(m) {
        eprintln!("cannot play {san}: {e}");
        return ExitCode::FAILURE;
    }
    println!("after {san}: {}", pos.fen());
    // The same move again is not legal: its from-square is a hole now.
    if let Err(e) = pos.play(m) {
        println!("{san} again is refused: {e}");
    }

    if let Some(outcome) = pos.outcome() {
        println!("game over: {outcome} ({})", outcome.result_str());
        return ExitCode::SUCCESS;
    }
    let mut engine = Engine::new(EngineOptions::default());
    let limits = Limits { depth: Some(6), ..Limits::default() };
    let result = engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
    if let Some(best) = result.best_move {
        let info = &result.info;
        println!("engine, depth {}: {} (score {}, {} nodes)", info.depth, pos.san(best), info.score.uci(), info.nodes);
    }
    ExitCode::SUCCESS
}
