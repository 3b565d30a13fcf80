//! What the program says about Two-board portal chess: its line of
//! [`GAMES`](crate::games::GAMES) (names, start position, how the pieces move),
//! its level settings and its win-chance slope.

use super::fen::START;
use crate::core::Role;
use crate::engine::{LevelColumn, LevelSettings};
use crate::game_info::GameInfo;

/// Two-board portal chess.
pub(crate) const INFO: GameInfo = GameInfo {
    name: "twoboard",
    aliases: &["two-board"],
    pgn_name: "Twoboard",
    pgn_tag_words: &[],
    start_fen: START,
    fen_claim: super::fen::claim,
    bench_depth: BENCH_DEPTH,
    bench_positions: BENCH_POSITIONS,
    title: "Two-board portal chess",
    description: "Two-board portal chess: two boards joined by portals on a4, a5, h4 and h5; players alternate boards",
    roles: &[Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn],
    role_names: crate::core::Roles::ORTHODOX,
    promotions: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
    movement,
    levels: &LEVELS,
    win_chance_slope: WIN_CHANCE_SLOPE,
    boards: 2,
    themes: super::themes::THEMES,
    puzzles: Some(include_str!("puzzles/twoboard.tsv")),
    board_names: &["A", "B"],
    setup: None,
    flips: false,
};

/// The levels in Two-board portal chess, measured with `wormhole match
/// --variant twoboard --engine-a level=A --engine-b B --games 20 --seed 11
/// --movetime 600000` (only the levels' depth and node caps limit the
/// search), 20 games a pair. Porthole chess's column did not climb here:
/// its learner (two plies, softmax 120) scored 45% against its beginner
/// (two plies, 160), as two plies are one move on each board; the learner
/// now searches three plies. Newcomer against `minimax=2` 32.5% (a true
/// newcomer), beginner against newcomer 60%, learner against beginner
/// 87.5%, novice against learner 80%, casual against novice 70%,
/// improver against casual 70% (these six with the hand-set evaluation
/// weights, kingzone -8). The capped levels (Porthole chess's budgets),
/// measured with the self-play-tuned weights (kingzone -16): club player
/// (10,000 nodes) against improver 85% (17/20), strong club player against
/// club player 70% (14/20), expert against strong club player 75% (15/20);
/// levels 10 and 11 are not measured in this game yet.
///
/// Re-measured with the shared tapered orthodox evaluation (#56 item 5;
/// same command, 20 games a pair): beginner against newcomer 60%, learner
/// 70%, novice 80%, casual 70%, then the improver (three plies, softmax
/// 25) scored only 57.5% against casual and the club player 92.5% against
/// it, so the improver's softmax is now 10: improver against casual 80%,
/// club player against improver 72.5%, strong club player against club
/// player 80%.
///
/// The beginner's 60% against the newcomer was below the 65-85% band, so
/// the newcomer (two plies) picks more at random, softmax 300 instead of
/// 220 (no other level changed): beginner against newcomer 70% (14/20,
/// Elo +147, 95% interval +59 .. +259; same command, `--engine-b
/// level=12,depth=2,temperature=300`, which plays as this newcomer does).
/// The newcomer is thus weaker than the one that scored 32.5% against
/// `minimax=2` above (not measured again).
///
/// The node-capped levels above, measured with this evaluation (same
/// command): expert (60,000 nodes) against strong club player (25,000) 70%
/// (14/20, Elo +147, 95% interval +34 .. +304), master (150,000) against
/// expert 60% (12/20, Elo +70, -60 .. +226), and 16/20 more at `--seed
/// 12`: 70% (28/40), so the budgets are unchanged. Grandmaster (400,000)
/// against master: 3.5/4 when stopped for time (four games took about 28
/// minutes on the loaded machine). The full engine's step depends on
/// the machine's load (it is limited by time), so it is not measured.
///
/// After the null move and the deeper pruning went on here (same
/// command, 40 games a pair): casual against novice 83.8% (33.5/40),
/// improver against casual 80% (32/40), club player against improver
/// 80% (32/40), strong club player against club player 71.2% (28.5/40),
/// expert against strong club player 5.5/8 (stopped for time); the
/// column is unchanged.
///
/// Measured after the shared evaluation's threat terms (same command, 40
/// games a pair): beginner against newcomer 78.8% (31.5/40), learner
/// against beginner 67.5% (27/40), novice against learner 87.5% (35/40),
/// expert against strong club player 77.5% (31/40). So the learner picks
/// at softmax 145 (was 160): 75% (30/40) against the beginner, the novice
/// 73.8% (29.5/40) against it (measured as
/// `level=12,depth=3,temperature=145`). At softmax 130 it scored 90%
/// (36/40) against the beginner (the novice against it 10.5/13, stopped).
/// Master against expert 14.5/22 when stopped for time; 11-10 not measured.
///
/// After the orthodox table was fitted to Stockfish's scores (same command,
/// 40 games a pair): 2-1 73.8%, 3-2 76.2%, 4-3 77.5%, 5-4 87.5% (three
/// plies at softmax 50 against 100), 6-5 75%, 7-6 83.8%, 8-7 70%. So the
/// casual picks at softmax 65 (was 50): 81.2% (32.5/40) against the novice,
/// and the improver 80% (32/40) against it. The node levels: 9-8 71.8%
/// (28/39, stopped for time), 10-9 78.8% (31.5/40); 11-10 is not measured
/// (40 games would take about 50 minutes here, an estimate).
const LEVELS: LevelColumn = [
    LevelSettings::soft(2, 300),
    LevelSettings::soft(2, 160),
    LevelSettings::soft(3, 145),
    LevelSettings::soft(3, 100),
    LevelSettings::soft(3, 65),
    LevelSettings::soft(3, 10),
    LevelSettings::nodes(10_000),
    LevelSettings::nodes(25_000),
    LevelSettings::nodes(60_000),
    LevelSettings::nodes(150_000),
    LevelSettings::nodes(400_000),
    LevelSettings::FULL,
];

/// The win-chance slope, fitted as
/// `analysis::win_chance_slope` says, from 60
/// self-play games at 20,000 nodes a move (6 random plies, seed 202, draws
/// counted as half a win), every fifth position: 2,162 positions with a
/// centipawn score, k = 0.001636, log-loss 0.492 (0.693 for a coin).
/// Predicted and observed win rates agree within 6 points in the widest
/// buckets (600 cp or more: 88.5% predicted, 90.4% observed over 542
/// positions; -600 cp or less: 11.7% and 8.8% over 533), within 16 in the
/// middle ones (50..150 cp: 53.8% and 38.2% over 161). `wormhole match
/// --variant twoboard --engine-a nodes=20000 --engine-b nodes=20000 --games
/// 60 --random-plies 6 --seed 202 --movetime 600000 --dump
/// dump_twoboard.txt`, then `awk 'NR%5==0' dump_twoboard.txt >
/// sub_twoboard.txt` and `fit_win_chances -- twoboard sub_twoboard.txt`.
/// (The earlier fit, 30 games at 3,000 nodes, gave k = 0.001312: weaker
/// players convert a material lead less often.)
const WIN_CHANCE_SLOPE: f64 = 0.001636;

/// How a piece of Two-board portal chess moves, in one line.
///
/// ```
/// use wormhole::{GameKind, Role};
/// assert!(GameKind::Twoboard.movement(Role::Pawn).contains("portal"));
/// ```
pub fn movement(role: Role) -> &'static str {
    match role {
        Role::Pawn => "as in chess on its board; on a portal it may declare an intent to teleport",
        Role::Knight => "as in chess on its board; on a portal it may declare an intent to teleport",
        Role::Bishop => "any number of squares diagonally on its board; teleports from a portal",
        Role::Rook => "any number of squares orthogonally on its board; teleports from a portal",
        Role::Queen => "any number of squares in a line on its board; teleports from a portal",
        Role::King => "one square, castling as in chess on its board; teleports from a portal",
        _ => "not a piece of Two-board portal chess",
    }
}

/// The depth `wormhole bench` searches this game to: two boards and intents make more moves per position, so less deep still.
const BENCH_DEPTH: u32 = 7;

/// The bench positions.
const BENCH_POSITIONS: &[&str] = &[
    "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w A KQ|kq -|- - 0 1",
    "rnbq1bnr/ppp2ppp/3pp3/P7/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/1pppppp1/7p/p7/8/6PP/PPPPPP2/RNBQ1BNR b B KQ|kq -|- wAa5 1 5",
    "rnbq1bnr/ppp2ppp/4p3/3pP3/8/8/PPPP1PPP/RNBQKBNR|rnbqkbnr/2pppppp/pp6/8/8/6PP/PPPPPP2/RNBQ1BNR w A KQ|kq d6|- - 0 5",
    "rn3bnr/pp2p1pp/2p2p2/3p3P/6bP/1P3N2/P1PBQ1P1/R3KB1R|1nbqkbnr/2ppppp1/7p/rp6/p2P1P1R/P5PN/1PP1P3/RNBQ1B2 w A KQ|k -|- wBh4! 2 21",
    "1nbq1bnr/2p1p3/1P1p2p1/5p1p/1P1P3p/N2r4/R1P1PPPP/3QKBNR|1nb1k1n1/1pqp2p1/2p1pp2/8/pb1P4/N4P1N/1BP1P1PP/2RQ1BR1 b A K|- -|- bBa4 5 32",
    "1nb1q3/4pr2/P7/2pP1p2/2P2Pnp/NPP3P1/PB6/1R2KBNR|r1b1k3/1pp2pp1/P1n1r3/r1P4q/4pN1R/3PB3/2N1P1P1/1R1Q1B2 b A -|- -|- bBh4! 0 58",
    "7K/8/8/7n/8/8/8/7r|k7/8/8/8/8/8/8/1N6 b B -|- -|- bAh5 0 39",
];
