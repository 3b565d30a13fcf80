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

/// The levels in Linked-portal chess, measured with the shared tapered
/// orthodox evaluation (#56 item 5) by `wormhole match --variant linked
/// --engine-a level=A --engine-b level=B --games 20 --seed 11 --movetime
/// 600000` (only the levels' depth and node caps limit the search, so the
/// machine's load changes nothing), 20 games a pair. Porthole chess's
/// former column (two plies at softmax 220, 160 and 120, three plies at
/// 100, 50 and 25, then 10,000 to 400,000 nodes) climbed too steeply here:
/// beginner against newcomer 87.5%, learner 80%, novice 87.5%, casual
/// 92.5%, improver 77.5%, club player (10,000 nodes) against improver 100%.
///
/// Recalibrated from the bottom, each new setting measured against the one
/// below it (spelled `level=12,depth=D,temperature=T`, which plays exactly
/// as a level with that depth and softmax does): beginner (two plies,
/// softmax 185) against newcomer 70% (14/20), learner (two plies, 140)
/// against beginner 77.5% (15.5/20), novice (three plies, 115) against
/// learner 72.5% (14.5/20). Above the novice, three plies' softmax climbs
/// too steeply: a casual at softmax 70 scored 6.5/7 against the novice and
/// the improver (softmax 25) 4/4 against it (both matches stopped for
/// time), so the casual stays at softmax 50, stronger than softmax 70 and
/// so at least as far above the novice, and the improver's step stays
/// 77.5%. A softer novice, three plies at softmax 150, only drew level with
/// the learner (3.5/7 when stopped).
///
/// The club player's step stays far above the band (100%), and the figures
/// say twelve levels can hardly close it with these kinds of setting: a
/// full search on a few thousand positions beats the softmax levels by far
/// (7,000 nodes against four plies at softmax 25: 8/9 when stopped; 10,000
/// nodes against four plies at softmax 25: 87.5%, 17.5/20), and 2.5 times
/// the positions wins 92.5% (10,000 nodes against 4,000, 18.5/20). If that
/// holds higher up, steps of at most 85% need budgets at most about 1.9
/// times apart, from about 5,000 positions to the full engine's (about
/// 100,000 positions in 200 ms on this loaded machine, several times that
/// in the app's second): five to eight node steps, eleven to fourteen in
/// all with the five softmax steps and the one from softmax to nodes, where
/// the ladder has eleven, so only with every step at the band's top edge
/// (an estimate, not measured). Levels 8-12 are not measured with this
/// evaluation (with the former one: 8 against 7 85%, 9 against 8 75%, 10
/// against 9 85%).
///
/// Re-measured after the capture search's static exchange was switched on
/// (SEE_QSEARCH; same command, 20 games a pair): casual against novice
/// 100%, club player (then 10,000 nodes) against improver 100%. A full
/// search on 3,000 positions still won 92.5% (18.5/20) against the
/// improver, on 1,500 positions 77.5% (15.5/20), so the club player now
/// searches 1,500 positions and the budgets above it climb about 2.3 times
/// a level (3,500, 8,000, 18,000, 40,000) instead of 2.5 times from
/// 10,000: the capture search's static exchange halved Linked's nodes a
/// second (about 31,000 on the loaded machine, `wormhole bench`), so the
/// former 150,000 and 400,000 positions were more than the full engine
/// searches in its default second a move. The new budgets' steps above the
/// club player are measured in the README's levels table (8-7 and 9-8);
/// the casual's step (100%) is still above the band.
///
/// That step again with 40 games: 100%. A casual at softmax 90 would be
/// 75% above the novice, but the improver then wins 100% against it, and
/// no single rung fits between softmax 90 and 25 (the figures are in the
/// README's levels table and the paragraph below it), so the casual stays.
/// The lower steps measured again after SEE (20 games each): the novice
/// (then softmax 115) won 92.5% against the learner, so it now picks at
/// softmax 130: 80% against the learner, and the casual still wins 100%
/// against it (figures in the README's levels table).
///
/// Re-spaced: the beginner, learner and novice each a bit stronger (two
/// plies at softmax 150, three at 125 and at 80; the casual stays at 50,
/// the improver at 25), so that the narrow 2-1 step widens and the 5-4
/// step narrows ("stopped" for time; the three middle steps are a seed-11
/// match stopped for time plus 20 games at `--seed 12`): beginner against
/// newcomer 78.8% (31.5/40), learner against beginner 79.4% (24.5/31 +
/// 16/20), novice against learner 88.4% (19/23 + 19/20), casual against
/// novice 88.2% (16.5/18 + 17/20), improver against casual 85% (34/40;
/// unchanged settings). Tried and not kept: beginner at two
/// plies softmax 165 81.2% (32.5/40); learner at three plies softmax 140
/// against the newcomer 14/14; learner 115 and novice 70 (22/25 and 16/16,
/// casual against that novice 17/19); learner 120 and novice 75 (23.5/27
/// and 23/23, casual against that novice 22.5/28). Three plies' softmax
/// climbs steeply between 130 and 50 (20 games each: 75 against 130 100%,
/// 50 against 75 87.5%, 100 against 135 70%, 70 against 100 77.5%, 45
/// against 70 85%). The five steps from the newcomer to the improver add
/// up to about 1,450 Elo by the kept column's figures, about 84% a step
/// if they were even: the band's top edge, so no setting of these five
/// puts every step inside it with room to spare (an estimate from the
/// figures above); 4-3 and 5-4 stay above the band. Newcomer against `minimax=2`: 22.5% (9/40, Elo -215,
/// 95% interval -314 .. -140), under the 25-40% of Wormhole chess's band.
///
/// After the null move and the deeper pruning went on (#56; the same
/// command with `--games 40`, the three-ply settings as
/// `level=12,depth=3,temperature=T`): the three-ply steps widened (100
/// against 125 80%, 70 against 100 87.5%, 50 against 70 62.5%, 25 against
/// 50 93.8%, 80 against 100 62.5%), so the softmax levels take one more
/// rung, their temperatures about 1.5 times apart (125, 85, 55, 38, 25),
/// and the node levels one fewer (the 40,000-node level is gone): 85
/// against 125 90% (36/40), 55 against 85 81.2% (32.5/40), 38 against 55
/// 85% (34/40), 25 against 38 85% (34/40); 1,500 nodes against softmax 25
/// 85% (34/40), 3,500 against 1,500 80% (32/40). Softmax 90 instead of
/// 85 moved the excess up a step (90 against 125 76.2%, 55 against 90
/// 91.2%). The five steps from the beginner (then softmax 150) to the
/// club player (softmax 25) averaged about 86% by these figures (summed
/// as Elo): above the band's top edge.
///
/// The node levels above: 8,000 nodes against 3,500 77.5% (31/40), 18,000
/// against 8,000 92.5% (37/40), so the grandmaster searches 13,000
/// positions: 66.2% (26.5/40) against 8,000. The two-ply levels: learner
/// against beginner 85% (34/40), beginner against newcomer 88.8%
/// (35.5/40) and the newcomer against `minimax=2` 28.7% (11.5/40); a
/// newcomer at softmax 190: 73.8% and 18.8%; at softmax 175: 66.2%
/// (26.5/40) and 35% (14/40), so the newcomer now picks at softmax 175.
/// Then the beginner, two plies at softmax 130 (was 150): 73.8%
/// (29.5/40) against the newcomer, and the learner 70% (28/40) against it.
/// Then the learner, three plies at softmax 110 (was 125): 78.8%
/// (31.5/40) against the beginner, and the novice (softmax 85) 85%
/// (34/40) against it.
///
/// After the orthodox table was fitted to Stockfish's scores (same
/// command, 40 games a pair): 2-1 83.8%, 3-2 82.5%, 4-3 67.5%, 5-4 87.5%,
/// 6-5 81.2%, 7-6 87.5%, 8-7 82.5%, 9-8 77.5%, 10-9 77.5%, 11-10 76.2%.
/// A novice at softmax 75 (was 85) scored 95% (38/40) against the learner
/// and the casual 88.8% (35.5/40) against it, so the column is unchanged:
/// 5-4 and 7-6 are 2.5 points above the band, within 40 games' noise.
const LEVELS: LevelColumn = [
    LevelSettings::soft(2, 175),
    LevelSettings::soft(2, 130),
    LevelSettings::soft(3, 110),
    LevelSettings::soft(3, 85),
    LevelSettings::soft(3, 55),
    LevelSettings::soft(3, 38),
    LevelSettings::soft(3, 25),
    LevelSettings::nodes(1_500),
    LevelSettings::nodes(3_500),
    LevelSettings::nodes(8_000),
    LevelSettings::nodes(13_000),
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
