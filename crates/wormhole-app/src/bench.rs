//! `wormhole bench`: a fixed list of positions from both variants searched
//! to a fixed depth on one thread. The node count is deterministic, a
//! regression check for search changes; the speed is a performance figure.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::Context;
use wormhole::engine::{Engine, EngineOptions, Limits};
use wormhole::{Position, Variant};

/// Arguments of `wormhole bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Search depth in plies.
    #[arg(long, default_value_t = DEFAULT_DEPTH)]
    depth: u32,
    /// Print one line per position.
    #[arg(long)]
    verbose: bool,
}

/// The depth used when none is given.
pub const DEFAULT_DEPTH: u32 = 11;

/// The bench positions: the two start positions and positions from engine
/// games at various stages, in both piece sets.
pub const POSITIONS: &[(&str, Variant)] = &[
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0", Variant::Classic),
    ("rxxqkxnr/pxxppppp/b2x4/npx1P3/1P1xx3/P5P1/xxPxxbxP/RNBQKBNR w 14", Variant::Classic),
    ("rxxxkxnr/pxxpxppp/bxxx4/xpx1P3/1PNxxK1P/x4xP1/xxPxxxxx/RxBQxBNq b 25", Variant::Classic),
    ("xxxxkxnr/pxxxxxxp/xxxx1p2/xxxpx2P/rPxxxx1x/x1K2xP1/xxPxxxxx/xxBQxBNq w 36", Variant::Classic),
    ("rnbqkxxr/xpxpxxpx/2xbpn1p/pP3P2/xx1Px3/x2B4/xxPxxPPP/RNBQKxNR b 17", Variant::Classic),
    ("rnxxkxxr/xQxxxxpx/2xbxx1p/pp3qx1/xx1Px3/x2x1x2/xxxxxPPP/xRBxKxNR w 28", Variant::Classic),
    ("xnxxxxxx/xxxxxxxx/Rxxxxxxp/px3qxk/xx1Px1p1/x2x1xP1/xxxxxPxP/xxBxKxNR b 39", Variant::Classic),
    ("rnbxkbnr/xxppxppp/p2q4/1p2p3/2P2P1P/3PP3/PPxxxxPx/RNBQKBNR b 9", Variant::Classic),
    ("rnbxkbnr/xxpxxppp/x2x4/1x2x3/1Nxp1P1P/3xxxK1/PPxxxxPx/RNBQxqxR w 20", Variant::Classic),
    ("rxbxkxnr/xxPxxpxx/x2x3p/xx2x1x1/1bxpNx1P/Pn1xxxK1/xPxxxxPx/RxxxxQxR b 31", Variant::Classic),
    ("rxbxxknx/xxxpxpxp/p1x2x1r/1px1x3/xx1x4/1KxxxP2/PPxxPxPP/RNxxxBRx w 26", Variant::Classic),
    ("rxbxkxnr/pxxxxxqp/1x1xxxx1/RPpxxp2/Q1xx1B2/xxx2x2/pxxxPPPP/xxxxKBxR b 29", Variant::Classic),
    ("xxbxxxxx/pxxxxxxp/rxkxxxxr/xxpxxx2/x1xx1BpP/xxx2x2/RxxxxPPx/xxxxKBxR w 40", Variant::Classic),
    ("cnwmkwnc/pppppppp/8/8/8/8/PPPPPPPP/CNWMKWNC w 0", Variant::Fairy),
    ("cnwmkxnc/pxppxxxp/1p3xp1/4px2/4P3/PP3xP1/xxPPxxPx/CNxMKWNC w 14", Variant::Fairy),
    ("cxwmkxnc/pxxpxxxx/1pp2xx1/2n1px1x/2W1P1Pp/PPPxKxx1/xxxxxxPx/CNxMxxNC b 25", Variant::Fairy),
    ("xxwmkxnx/pxxpxxxx/cxp2xx1/P1x1xx1x/x1nxP1Pp/xPxxKxx1/xxxxxxPx/xxxMxxNC w 36", Variant::Fairy),
    ("cnwmkwxx/xppxxpxp/5xxc/p2p2px/P2P3x/4CxPx/xPPxPPxx/CNWMKWNx b 17", Variant::Fairy),
    ("xnxmkxxx/xppxxpxp/2cx1xxx/xw1p2xx/Pp1P1N1x/4xxPx/xPPxPPxx/CNxMKxxx w 28", Variant::Fairy),
    ("xxxxkxxx/xxpxxxxN/Cpxx1xxx/xx1p1pxx/xp1P1x1x/4xxPx/xPPxPxxx/xNxxKxxx b 39", Variant::Fairy),
    ("cnwmkxxc/ppxpxppx/2p2x1p/4p3/1PP3x1/N2PWP2/PxxxxPPP/CxxMKxNx b 15", Variant::Fairy),
    ("cxwxxxxk/ppxpxpxx/x1p2x1p/4p1Px/1xP3x1/N2xxP2/PxxxxPxP/nxxxKxNx w 26", Variant::Fairy),
    ("cxwxkmxx/pppxxpxx/2np1xcp/2x1W3/3xP3/x4P2/PPPxxxPP/xNxMKxNC w 18", Variant::Fairy),
    ("cxwxkxxx/xppxxpxx/2xx1xcp/x1x1x3/NK1xPp2/x1x2P2/PxPxxxPP/xxxMxxxC b 29", Variant::Fairy),
];

/// Runs the benchmark: `Nodes searched: N` and `Nodes/second: N` are the last two lines.
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let (nodes, elapsed) = run_positions(args.depth, args.verbose)?;
    println!("Nodes searched: {nodes}");
    println!("Nodes/second: {}", (nodes as f64 / elapsed.max(1e-9)) as u64);
    Ok(())
}

/// Searches every bench position to `depth` with a fresh table; returns the
/// total nodes and seconds.
fn run_positions(depth: u32, verbose: bool) -> anyhow::Result<(u64, f64)> {
    let mut engine = Engine::new(EngineOptions { threads: 1, hash_mb: 16, ..EngineOptions::default() });
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let stop = AtomicBool::new(false);
    let mut total = 0;
    let start = Instant::now();
    for (i, &(fen, variant)) in POSITIONS.iter().enumerate() {
        let pos = Position::from_fen(fen, variant).with_context(|| format!("bench position {}: {fen}", i + 1))?;
        engine.new_game();
        let result = engine.search(&pos, &limits, &stop, &mut |_| {});
        total += result.info.nodes;
        if verbose {
            let best = result.best_move.map_or("(none)".to_string(), |m| m.to_string());
            println!("{:2} {:<8} {:>10} {:<8} {fen}", i + 1, result.info.score.uci(), result.info.nodes, best);
        }
    }
    Ok((total, start.elapsed().as_secs_f64()))
}
