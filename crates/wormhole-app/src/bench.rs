//! `wormhole bench`: a fixed list of positions searched to a fixed depth on
//! one thread: by default those of Wormhole chess's two piece sets, with
//! `--variant` those of one game. The node count is deterministic, a
//! regression check for search changes; the speed is a performance figure.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::Context;
use wormhole::engine::{Engine, EngineOptions, Limits};
use wormhole::rules::Searchable;
use wormhole::{GameKind, WithPosition};

/// Arguments of `wormhole bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Search depth in plies (default: 11 for Wormhole chess, 9 for Porthole and Linked-portal chess).
    #[arg(long)]
    depth: Option<u32>,
    /// Only the positions of this game (default: both Wormhole chess piece sets).
    #[arg(long)]
    variant: Option<GameKind>,
    /// Print one line per position.
    #[arg(long)]
    verbose: bool,
}

/// The depth used when none is given: the orthodox games (Porthole,
/// Linked-portal and Two-board portal chess) have more moves per position
/// and longer games, so they are searched less deep.
fn default_depth(kind: Option<GameKind>) -> u32 {
    match kind {
        Some(GameKind::Porthole | GameKind::Linked) => 9,
        Some(GameKind::Twoboard) => 7,
        _ => 11,
    }
}

/// The bench positions: the start positions and positions from engine
/// games at various stages, in every game.
pub const POSITIONS: &[(&str, GameKind)] = &[
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0", GameKind::Classic),
    ("rxxqkxnr/pxxppppp/b2x4/npx1P3/1P1xx3/P5P1/xxPxxbxP/RNBQKBNR w 14", GameKind::Classic),
    ("rxxxkxnr/pxxpxppp/bxxx4/xpx1P3/1PNxxK1P/x4xP1/xxPxxxxx/RxBQxBNq b 25", GameKind::Classic),
    ("xxxxkxnr/pxxxxxxp/xxxx1p2/xxxpx2P/rPxxxx1x/x1K2xP1/xxPxxxxx/xxBQxBNq w 36", GameKind::Classic),
    ("rnbqkxxr/xpxpxxpx/2xbpn1p/pP3P2/xx1Px3/x2B4/xxPxxPPP/RNBQKxNR b 17", GameKind::Classic),
    ("rnxxkxxr/xQxxxxpx/2xbxx1p/pp3qx1/xx1Px3/x2x1x2/xxxxxPPP/xRBxKxNR w 28", GameKind::Classic),
    ("xnxxxxxx/xxxxxxxx/Rxxxxxxp/px3qxk/xx1Px1p1/x2x1xP1/xxxxxPxP/xxBxKxNR b 39", GameKind::Classic),
    ("rnbxkbnr/xxppxppp/p2q4/1p2p3/2P2P1P/3PP3/PPxxxxPx/RNBQKBNR b 9", GameKind::Classic),
    ("rnbxkbnr/xxpxxppp/x2x4/1x2x3/1Nxp1P1P/3xxxK1/PPxxxxPx/RNBQxqxR w 20", GameKind::Classic),
    ("rxbxkxnr/xxPxxpxx/x2x3p/xx2x1x1/1bxpNx1P/Pn1xxxK1/xPxxxxPx/RxxxxQxR b 31", GameKind::Classic),
    ("rxbxxknx/xxxpxpxp/p1x2x1r/1px1x3/xx1x4/1KxxxP2/PPxxPxPP/RNxxxBRx w 26", GameKind::Classic),
    ("rxbxkxnr/pxxxxxqp/1x1xxxx1/RPpxxp2/Q1xx1B2/xxx2x2/pxxxPPPP/xxxxKBxR b 29", GameKind::Classic),
    ("xxbxxxxx/pxxxxxxp/rxkxxxxr/xxpxxx2/x1xx1BpP/xxx2x2/RxxxxPPx/xxxxKBxR w 40", GameKind::Classic),
    ("cnwmkwnc/pppppppp/8/8/8/8/PPPPPPPP/CNWMKWNC w 0", GameKind::Fairy),
    ("cnwmkxnc/pxppxxxp/1p3xp1/4px2/4P3/PP3xP1/xxPPxxPx/CNxMKWNC w 14", GameKind::Fairy),
    ("cxwmkxnc/pxxpxxxx/1pp2xx1/2n1px1x/2W1P1Pp/PPPxKxx1/xxxxxxPx/CNxMxxNC b 25", GameKind::Fairy),
    ("xxwmkxnx/pxxpxxxx/cxp2xx1/P1x1xx1x/x1nxP1Pp/xPxxKxx1/xxxxxxPx/xxxMxxNC w 36", GameKind::Fairy),
    ("cnwmkwxx/xppxxpxp/5xxc/p2p2px/P2P3x/4CxPx/xPPxPPxx/CNWMKWNx b 17", GameKind::Fairy),
    ("xnxmkxxx/xppxxpxp/2cx1xxx/xw1p2xx/Pp1P1N1x/4xxPx/xPPxPPxx/CNxMKxxx w 28", GameKind::Fairy),
    ("xxxxkxxx/xxpxxxxN/Cpxx1xxx/xx1p1pxx/xp1P1x1x/4xxPx/xPPxPxxx/xNxxKxxx b 39", GameKind::Fairy),
    ("cnwmkxxc/ppxpxppx/2p2x1p/4p3/1PP3x1/N2PWP2/PxxxxPPP/CxxMKxNx b 15", GameKind::Fairy),
    ("cxwxxxxk/ppxpxpxx/x1p2x1p/4p1Px/1xP3x1/N2xxP2/PxxxxPxP/nxxxKxNx w 26", GameKind::Fairy),
    ("cxwxkmxx/pppxxpxx/2np1xcp/2x1W3/3xP3/x4P2/PPPxxxPP/xNxMKxNC w 18", GameKind::Fairy),
    ("cxwxkxxx/xppxxpxx/2xx1xcp/x1x1x3/NK1xPp2/x1x2P2/PxPxxxPP/xxxMxxxC b 29", GameKind::Fairy),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b5,c5,f5,g5,b4,c4,f4,g4", GameKind::Porthole),
    ("rnb1k1nr/p3q1pp/1pp2p2/4p3/3PQ3/P7/1PP2PPP/RNB1KBNR w KQkq - 0 8 f8,b5,b4,c4,e4,f4*2,d1", GameKind::Porthole),
    ("rn2kbnr/pp2p2p/5p2/q2p2p1/2b3pP/1P6/P1PPPPP1/RNBQKB1R b KQkq - 0 8 c8,c6,c5,b4,c4,g4,d3,f3", GameKind::Porthole),
    ("r3kb1r/pp1np2p/3b1n2/q2p2B1/1p1P4/1PNQ4/P1P1PPP1/R3KB1R w KQkq - 0 14 c8,c6,c5,b4,c4*2,g4*2", GameKind::Porthole),
    ("rn4nr/6Np/1pp2k2/p3p3/2Q5/P7/1PP2PPP/3RKBNR b K - 0 20 c8,b4,c4,e4*2,c3,d1*2", GameKind::Porthole),
    ("r3kb2/p7/2n5/rpnp4/1p6/1P1NP3/P2K1PP1/R4B1R w q - 3 28 c8,h8,c6,f6,a5,b4,c4*2", GameKind::Porthole),
    ("8/7p/Q1p1r1k1/1p6/8/P7/2P1BPPP/1R2K1NR b K - 0 36 f8,a6,f6,a5,c4,e4,c3,d1", GameKind::Porthole),
    ("2kn4/5r2/p7/1p2B3/3R4/1Q2PP2/6P1/2r1K3 w - - 13 45 c8,f8,a7,c6,f6,b3,a2*2", GameKind::Porthole),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4,a5", GameKind::Linked),
    ("rnbqkbnr/ppppp2p/8/3p2p1/8/1P1P3P/P1PQPPP1/RNB1KBNR b KQkq - 0 6 c5,d4", GameKind::Linked),
    ("1nbqkbnr/1p1p4/1pp2pp1/2P4p/1P6/r1P1pP2/P3P1PP/RNBQKBNR w KQk - 2 12 d4,c5", GameKind::Linked),
    ("r1q1kbnr/Qpp1p1pN/2n5/3bP3/8/P3B3/P3P1PP/RP2KBNR b KQkq - 4 15 c2,e6", GameKind::Linked),
    ("4k2r/1rp2pp1/pp4Pp/3p4/2pPP3/2P3P1/P4P1P/2R2R1K b k d3 0 12 a1,h7", GameKind::Linked),
    (
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w A KQ|kq -|- - 0 1",
        GameKind::Twoboard,
    ),
    (
        "rnbq1bnr/ppp2ppp/3pp3/P7/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/1pppppp1/7p/p7/8/6PP/PPPPPP2/RNBQ1BNR b B KQ|kq -|- wAa5 1 5",
        GameKind::Twoboard,
    ),
    (
        "rnbq1bnr/ppp2ppp/4p3/3pP3/8/8/PPPP1PPP/RNBQKBNR|rnbqkbnr/2pppppp/pp6/8/8/6PP/PPPPPP2/RNBQ1BNR w A KQ|kq d6|- - 0 5",
        GameKind::Twoboard,
    ),
    (
        "rn3bnr/pp2p1pp/2p2p2/3p3P/6bP/1P3N2/P1PBQ1P1/R3KB1R|1nbqkbnr/2ppppp1/7p/rp6/p2P1P1R/P5PN/1PP1P3/RNBQ1B2 w A KQ|k -|- wBh4! 2 21",
        GameKind::Twoboard,
    ),
    (
        "1nbq1bnr/2p1p3/1P1p2p1/5p1p/1P1P3p/N2r4/R1P1PPPP/3QKBNR|1nb1k1n1/1pqp2p1/2p1pp2/8/pb1P4/N4P1N/1BP1P1PP/2RQ1BR1 b A K|- -|- bBa4 5 32",
        GameKind::Twoboard,
    ),
    (
        "1nb1q3/4pr2/P7/2pP1p2/2P2Pnp/NPP3P1/PB6/1R2KBNR|r1b1k3/1pp2pp1/P1n1r3/r1P4q/4pN1R/3PB3/2N1P1P1/1R1Q1B2 b A -|- -|- bBh4! 0 58",
        GameKind::Twoboard,
    ),
    ("7K/8/8/7n/8/8/8/7r|k7/8/8/8/8/8/8/1N6 b B -|- -|- bAh5 0 39", GameKind::Twoboard),
];

/// Runs the benchmark: `Nodes searched: N` and `Nodes/second: N` are the last two lines.
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let depth = args.depth.unwrap_or(default_depth(args.variant));
    let (nodes, elapsed) = run_positions(args.variant, depth, args.verbose)?;
    println!("Nodes searched: {nodes}");
    println!("Nodes/second: {}", (nodes as f64 / elapsed.max(1e-9)) as u64);
    Ok(())
}

/// Searches every bench position of `kind` (default: Wormhole chess) to
/// `depth` with a fresh table; returns the total nodes and seconds.
fn run_positions(kind: Option<GameKind>, depth: u32, verbose: bool) -> anyhow::Result<(u64, f64)> {
    let mut engine = Engine::new(EngineOptions { threads: 1, hash_mb: 16, ..EngineOptions::default() });
    let chosen = |k: GameKind| kind.map_or(k.variant().is_some(), |kind| kind == k);
    let mut total = 0;
    let start = Instant::now();
    for (i, &(fen, k)) in POSITIONS.iter().enumerate().filter(|(_, (_, k))| chosen(*k)) {
        engine.new_game();
        let job = Search { engine: &mut engine, depth };
        let (nodes, score, best) =
            k.with_position(Some(fen), job).with_context(|| format!("bench position {}: {fen}", i + 1))?;
        total += nodes;
        if verbose {
            println!("{:2} {:<8} {:>10} {:<8} {fen}", i + 1, score, nodes, best);
        }
    }
    Ok((total, start.elapsed().as_secs_f64()))
}

/// One bench search: nodes, score and best move.
struct Search<'a> {
    engine: &'a mut Engine,
    depth: u32,
}

impl WithPosition for Search<'_> {
    type Output = (u64, String, String);

    fn run<P: Searchable>(self, pos: P) -> Self::Output {
        let limits = Limits { depth: Some(self.depth), ..Limits::default() };
        let result = self.engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
        let best = result.best_move.map_or("(none)".to_string(), |m| m.to_string());
        (result.info.nodes, result.info.score.uci(), best)
    }
}
