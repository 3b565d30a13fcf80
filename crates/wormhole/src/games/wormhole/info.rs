//! What the program says about Wormhole chess, one line of
//! [`GAMES`](crate::games::GAMES) per piece set: names, start position, how the
//! pieces move, the level settings and the win-chance slope.

use crate::core::Role;
use crate::engine::{LevelColumn, LevelSettings};
use crate::game_info::GameInfo;

/// Wormhole chess with the classic piece set.
pub(crate) const CLASSIC: GameInfo = GameInfo {
    name: "classic",
    aliases: &["wormhole", "wormhole2"],
    pgn_name: "Wormhole",
    pgn_tag_words: &["wormhole"],
    start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0",
    fen_claim: super::fen::claim_classic,
    bench_depth: BENCH_DEPTH,
    bench_positions: CLASSIC_BENCH,
    title: "Wormhole chess (classic)",
    description: "Wormhole chess: every square a piece leaves becomes a hole",
    roles: &[Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn],
    role_names: super::ROLES,
    promotions: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
    movement,
    levels: &LEVELS,
    win_chance_slope: CLASSIC_SLOPE,
    boards: 1,
    themes: super::themes::THEMES,
    puzzles: Some(include_str!("puzzles/classic.tsv")),
    board_names: &[],
    setup: None,
    flips: true,
};

/// Wormhole chess with the fairy piece set.
pub(crate) const FAIRY: GameInfo = GameInfo {
    name: "fairy",
    aliases: &["wormhole1", "wormhole fairy"],
    pgn_name: "Wormhole fairy",
    pgn_tag_words: &["wormhole", "fairy"],
    start_fen: "cnwmkwnc/pppppppp/8/8/8/8/PPPPPPPP/CNWMKWNC w 0",
    fen_claim: super::fen::claim_fairy,
    bench_depth: BENCH_DEPTH,
    bench_positions: FAIRY_BENCH,
    title: "Wormhole chess (fairy)",
    description: "Wormhole chess with Champion, Wizard and Lion for rook, bishop and queen",
    roles: &[Role::King, Role::Champion, Role::Wizard, Role::Lion, Role::Knight, Role::Pawn],
    role_names: super::ROLES,
    promotions: &[Role::Lion, Role::Champion, Role::Wizard, Role::Knight],
    movement,
    levels: &LEVELS,
    win_chance_slope: FAIRY_SLOPE,
    boards: 1,
    themes: super::themes::THEMES,
    puzzles: Some(include_str!("puzzles/fairy.tsv")),
    board_names: &[],
    setup: None,
    flips: true,
};

/// The levels in Wormhole chess (both piece sets): each scored 65-85%
/// against the one below over 100 games. The two lowest were added so that
/// the lowest loses clearly to a plain two-ply minimax on material
/// (`minimax=2`). Measured with `wormhole match --engine-a level=A
/// --engine-b B --games 100 --seed 11 --variant V` (classic / fairy, 100
/// games each): newcomer against `minimax=2` 30% / 40%, beginner against
/// newcomer 66% / 68%, learner against beginner 73% / 66% (and against
/// `minimax=2` 68% / 74%).
///
/// Checked again with the Portal games' new evaluation in the tree (#56
/// item 5; this column and Wormhole chess's evaluation unchanged): the
/// command above with 100 games gives newcomer against `minimax=2` 32% /
/// 41%; with `--movetime 600000` (only the depth caps limiting the search)
/// and 300 games 29.7% / 39.7% (95% interval of the fairy figure about
/// 34-45%); 100 games, `--movetime 600000`: beginner against newcomer 69%
/// (classic), learner against beginner 71% (fairy).
const LEVELS: LevelColumn = [
    LevelSettings::soft(2, 400),
    LevelSettings::soft(2, 250),
    LevelSettings::soft(2, 120),
    LevelSettings::soft(3, 100),
    LevelSettings::soft(3, 25),
    LevelSettings::nodes(2_500),
    LevelSettings::nodes(7_000),
    LevelSettings::nodes(20_000),
    LevelSettings::nodes(60_000),
    LevelSettings::nodes(200_000),
    LevelSettings::nodes(600_000),
    LevelSettings::FULL,
];

/// The win-chance slopes of the two piece sets, fitted as
/// `analysis::win_chance_slope` says:
///
/// ```text
/// wormhole match --engine-a level=10 --engine-b level=10 --games 200 --movetime 50 \
///     --variant classic --seed 11 --dump dump_classic.txt     (fairy: --seed 12)
/// cargo run --release --example fit_win_chances -- classic dump_classic.txt
/// ```
///
/// - classic: 200 games, 5,571 positions with a centipawn score,
///   k = 0.003891, mean log-loss 0.548 (0.693 for a coin);
/// - fairy: 200 games, 4,494 positions, k = 0.004463, log-loss 0.443.
const CLASSIC_SLOPE: f64 = 0.003891;

/// The fairy piece set's slope (see [`CLASSIC_SLOPE`]).
const FAIRY_SLOPE: f64 = 0.004463;

/// How a piece of Wormhole chess moves, in one line (distances count only
/// squares that are not holes), in either piece set.
pub const fn movement(role: Role) -> &'static str {
    match role {
        Role::Pawn => "1 forward, 2 from its start (no jumping); captures diagonally",
        Role::Knight => "1 step orthogonally, then 1 diagonally onward, jumping",
        Role::Bishop => "the 1st or 2nd square diagonally, jumping",
        Role::Rook => "the 1st or 2nd square orthogonally, jumping",
        Role::Queen => "the 1st or 2nd square in any direction, jumping",
        Role::King => "the 1st square in any direction",
        Role::Champion => "the 2nd square in any direction, or the 1st orthogonally",
        Role::Wizard => "the 1st diagonally, or the 2nd orthogonally then 1 diagonally on",
        Role::Lion => "the 2nd square in any direction; captures on the 1st too",
    }
}

/// The depth `wormhole bench` searches both piece sets to.
const BENCH_DEPTH: u32 = 11;

/// The bench positions of the classic piece set.
const CLASSIC_BENCH: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0",
    "rxxqkxnr/pxxppppp/b2x4/npx1P3/1P1xx3/P5P1/xxPxxbxP/RNBQKBNR w 14",
    "rxxxkxnr/pxxpxppp/bxxx4/xpx1P3/1PNxxK1P/x4xP1/xxPxxxxx/RxBQxBNq b 25",
    "xxxxkxnr/pxxxxxxp/xxxx1p2/xxxpx2P/rPxxxx1x/x1K2xP1/xxPxxxxx/xxBQxBNq w 36",
    "rnbqkxxr/xpxpxxpx/2xbpn1p/pP3P2/xx1Px3/x2B4/xxPxxPPP/RNBQKxNR b 17",
    "rnxxkxxr/xQxxxxpx/2xbxx1p/pp3qx1/xx1Px3/x2x1x2/xxxxxPPP/xRBxKxNR w 28",
    "xnxxxxxx/xxxxxxxx/Rxxxxxxp/px3qxk/xx1Px1p1/x2x1xP1/xxxxxPxP/xxBxKxNR b 39",
    "rnbxkbnr/xxppxppp/p2q4/1p2p3/2P2P1P/3PP3/PPxxxxPx/RNBQKBNR b 9",
    "rnbxkbnr/xxpxxppp/x2x4/1x2x3/1Nxp1P1P/3xxxK1/PPxxxxPx/RNBQxqxR w 20",
    "rxbxkxnr/xxPxxpxx/x2x3p/xx2x1x1/1bxpNx1P/Pn1xxxK1/xPxxxxPx/RxxxxQxR b 31",
    "rxbxxknx/xxxpxpxp/p1x2x1r/1px1x3/xx1x4/1KxxxP2/PPxxPxPP/RNxxxBRx w 26",
    "rxbxkxnr/pxxxxxqp/1x1xxxx1/RPpxxp2/Q1xx1B2/xxx2x2/pxxxPPPP/xxxxKBxR b 29",
    "xxbxxxxx/pxxxxxxp/rxkxxxxr/xxpxxx2/x1xx1BpP/xxx2x2/RxxxxPPx/xxxxKBxR w 40",
];

/// The bench positions of the fairy piece set.
const FAIRY_BENCH: &[&str] = &[
    "cnwmkwnc/pppppppp/8/8/8/8/PPPPPPPP/CNWMKWNC w 0",
    "cnwmkxnc/pxppxxxp/1p3xp1/4px2/4P3/PP3xP1/xxPPxxPx/CNxMKWNC w 14",
    "cxwmkxnc/pxxpxxxx/1pp2xx1/2n1px1x/2W1P1Pp/PPPxKxx1/xxxxxxPx/CNxMxxNC b 25",
    "xxwmkxnx/pxxpxxxx/cxp2xx1/P1x1xx1x/x1nxP1Pp/xPxxKxx1/xxxxxxPx/xxxMxxNC w 36",
    "cnwmkwxx/xppxxpxp/5xxc/p2p2px/P2P3x/4CxPx/xPPxPPxx/CNWMKWNx b 17",
    "xnxmkxxx/xppxxpxp/2cx1xxx/xw1p2xx/Pp1P1N1x/4xxPx/xPPxPPxx/CNxMKxxx w 28",
    "xxxxkxxx/xxpxxxxN/Cpxx1xxx/xx1p1pxx/xp1P1x1x/4xxPx/xPPxPxxx/xNxxKxxx b 39",
    "cnwmkxxc/ppxpxppx/2p2x1p/4p3/1PP3x1/N2PWP2/PxxxxPPP/CxxMKxNx b 15",
    "cxwxxxxk/ppxpxpxx/x1p2x1p/4p1Px/1xP3x1/N2xxP2/PxxxxPxP/nxxxKxNx w 26",
    "cxwxkmxx/pppxxpxx/2np1xcp/2x1W3/3xP3/x4P2/PPPxxxPP/xNxMKxNC w 18",
    "cxwxkxxx/xppxxpxx/2xx1xcp/x1x1x3/NK1xPp2/x1x2P2/PxPxxxPP/xxxMxxxC b 29",
];
