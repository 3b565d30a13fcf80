//! What the program says about Linked-portal chess: its line of
//! [`GAMES`](crate::games::GAMES) (names, start position, how the pieces move),
//! its level settings and its win-chance slope.

use super::fen::START;
use crate::core::Role;
use crate::engine::{LevelColumn, LevelSettings};
use crate::game_info::GameInfo;

/// Linked-portal chess.
pub(crate) const INFO: GameInfo = GameInfo {
    name: "linked",
    aliases: &["linked-portal"],
    pgn_name: "Linked",
    pgn_tag_words: &[],
    start_fen: START,
    fen_claim: super::fen::claim,
    bench_depth: BENCH_DEPTH,
    bench_positions: BENCH_POSITIONS,
    title: "Linked-portal chess",
    description: "Linked-portal chess: each player's portal joins two squares into one; portals step, teleport and explode",
    roles: &[Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn],
    role_names: crate::core::Roles::ORTHODOX,
    promotions: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
    movement,
    levels: &LEVELS,
    win_chance_slope: WIN_CHANCE_SLOPE,
    boards: 1,
    themes: super::themes::THEMES,
    puzzles: Some(include_str!("puzzles/linked.tsv")),
    board_names: &[],
    setup: Some(super::facts::SETUP),
    flips: true,
};

/// The levels in Linked-portal chess: Porthole chess's column (the same
/// orthodox armies, about as many moves per position), measured in this
/// game with `wormhole match --variant linked --engine-a level=A --engine-b
/// B --games 20 --seed 11 --movetime 600000` (only the levels' depth and
/// node caps limit the search, so the machine's load changes nothing), 20
/// games a pair: newcomer against `minimax=2` 20% (a true newcomer),
/// beginner against newcomer 87.5%, learner against beginner 75%, level 4
/// against learner 82.5%, 5 against 4 97.5%, 6 against 5 85%, 7 (10,000
/// nodes) against 6 (three plies, softmax 25) 97.5%, 8 against 7 85%, 9
/// against 8 75%, 10 (150,000 nodes) against 9 85%: every level climbs,
/// so the column stays. Levels 11 and 12 are not measured in this game yet.
const LEVELS: LevelColumn = [
    LevelSettings::soft(2, 220),
    LevelSettings::soft(2, 160),
    LevelSettings::soft(2, 120),
    LevelSettings::soft(3, 100),
    LevelSettings::soft(3, 50),
    LevelSettings::soft(3, 25),
    LevelSettings::nodes(10_000),
    LevelSettings::nodes(25_000),
    LevelSettings::nodes(60_000),
    LevelSettings::nodes(150_000),
    LevelSettings::nodes(400_000),
    LevelSettings::FULL,
];

/// The win-chance slope, fitted as
/// `analysis::win_chance_slope` says, from 32
/// self-play games at 20,000 nodes a move (6 random plies, seed 203, draws
/// counted as half a win), every second position: 2,092 positions with a
/// centipawn score, k = 0.004519, log-loss 0.497 (0.693 for a coin). Few
/// games, so the buckets are rough: predicted and observed win rates agree
/// within 5 points in the widest ones and in 50..300 cp, but differ by up
/// to 28 elsewhere (300..600 cp: 85% predicted, 58% observed over 181
/// positions). `wormhole match --variant linked --engine-a nodes=20000
/// --engine-b nodes=20000 --games 40 --random-plies 6 --seed 203 --movetime
/// 600000 --dump dump_linked.txt` (stopped after 32 games), then `awk
/// 'NR%2==0' dump_linked.txt > sub_linked.txt` and `fit_win_chances --
/// linked sub_linked.txt`. (The earlier fit, 30 games at 3,000 nodes a
/// move, gave k = 0.001597: weak players convert a lead far less often,
/// and the review judges by the full-strength engine.)
const WIN_CHANCE_SLOPE: f64 = 0.004519;

/// How a piece of Linked-portal chess moves, in one line.
///
/// ```
/// use wormhole::Role;
/// assert!(wormhole::linked::movement(Role::Knight).contains("portal"));
/// ```
pub const fn movement(role: Role) -> &'static str {
    match role {
        Role::Pawn => "1 forward, 2 from its start, captures 1 diagonally; may pass a portal and promote beyond it",
        Role::Knight => "a jump 2 one way and 1 across; a portal cell it lands on sends it out of the other",
        Role::Bishop => "any number of squares diagonally, on through an empty portal in the same direction",
        Role::Rook => "any number of squares orthogonally, on through an empty portal in the same direction",
        Role::Queen => "any number of squares in a line, on through an empty portal in the same direction",
        Role::King => "the 1st square in any direction (through a portal too); castles as in chess",
        _ => "not a piece of Linked-portal chess",
    }
}

/// The depth `wormhole bench` searches this game to: as deep as Porthole chess, with as many moves per position.
const BENCH_DEPTH: u32 = 9;

/// The bench positions.
const BENCH_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4,a5",
    "rnbqkbnr/ppppp2p/8/3p2p1/8/1P1P3P/P1PQPPP1/RNB1KBNR b KQkq - 0 6 c5,d4",
    "1nbqkbnr/1p1p4/1pp2pp1/2P4p/1P6/r1P1pP2/P3P1PP/RNBQKBNR w KQk - 2 12 d4,c5",
    "r1q1kbnr/Qpp1p1pN/2n5/3bP3/8/P3B3/P3P1PP/RP2KBNR b KQkq - 4 15 c2,e6",
    "4k2r/1rp2pp1/pp4Pp/3p4/2pPP3/2P3P1/P4P1P/2R2R1K b k d3 0 12 a1,h7",
];
