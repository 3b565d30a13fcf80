//! What the program says about Porthole chess: its line of
//! [`GAMES`](crate::games::GAMES) (names, start position, how the pieces move),
//! its level settings and its win-chance slope.

use super::fen::START;
use crate::core::Role;
use crate::engine::{LevelColumn, LevelSettings};
use crate::game_info::GameInfo;

/// Porthole chess.
pub(crate) const INFO: GameInfo = GameInfo {
    name: "porthole",
    aliases: &[],
    pgn_name: "Porthole",
    pgn_tag_words: &[],
    start_fen: START,
    fen_claim: super::fen::claim,
    bench_depth: BENCH_DEPTH,
    bench_positions: BENCH_POSITIONS,
    title: "Porthole chess",
    description: "Porthole chess: orthodox chess with neutral portholes that pieces travel through",
    roles: &[Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn],
    role_names: crate::core::Roles::ORTHODOX,
    promotions: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
    movement,
    levels: &LEVELS,
    win_chance_slope: WIN_CHANCE_SLOPE,
    boards: 1,
    themes: super::themes::THEMES,
    puzzles: Some(include_str!("puzzles/porthole.tsv")),
    board_names: &[],
    setup: None,
    flips: true,
};

/// The levels in Porthole chess, measured as Wormhole chess's were (100
/// games each against the level below). Orthodox chess has more moves per
/// position, so the same depth takes more positions, and close scores are
/// common, so a softmax at a given temperature errs more; the steps are
/// less even than Wormhole chess's (from 71% to 95%: a softmax's
/// temperature and a node budget matter more here), but each level beats
/// the one below. The two lowest levels, 40 games each: newcomer against
/// `minimax=2` 16% (here the two-ply bot is stronger than the newcomer),
/// beginner against newcomer 71%, learner against beginner 62%.
///
/// Re-measured with the shared tapered orthodox evaluation (#56 item 5;
/// `wormhole match --variant porthole --engine-a level=A --engine-b
/// level=B --games 20 --seed 11 --movetime 600000`, only depth and node
/// caps limiting the search): beginner against newcomer 68.8% (40 games),
/// learner 70%, novice 80%, then casual (softmax 50) won 100% against
/// novice, so casual's softmax is now 70: casual against novice 80%,
/// improver against casual 90%, club player against improver 75%, strong
/// club player against club player 87.5%. Softer steps need more than
/// this column's twelve levels can give (softmax 90 for the learner made
/// learner against beginner 95%; softmax 45 for casual, 90% against a
/// softmax-70 novice).
///
/// Tried since (same command, 20 games): an improver at softmax 40
/// instead of 25 scored 92.5% against the casual (softmax 70), no closer
/// than softmax 25's 90%, so the improver stays at 25. Improver against
/// casual (90%) and strong club player against club player (87.5%) remain
/// above the 65-85% band; levels 9-12 are not measured with this
/// evaluation.
///
/// Re-measured after the capture search's static exchange was switched on
/// (SEE_QSEARCH; same command, 20 games a pair): beginner against newcomer
/// 67.5%, learner (softmax 120) against beginner 55%, novice against that
/// learner 90%, casual against novice 80%, improver against casual 95%.
/// So the learner now picks at softmax 100: learner against beginner 82.5%
/// (16.5/20), novice against learner 67.5% (13.5/20), both measured as
/// `level=12,depth=2,temperature=100`. The improver's step (95%) is still
/// above the band. Club player against improver 80% (20 games); strong
/// club player (then 25,000 nodes) against club player 88.8% (35.5/40),
/// expert (60,000) against it 87.5% (17.5/20): 2.4-2.5 times the
/// positions is too big a step here, twice is not (20,000 nodes against
/// 10,000: 80%, 32/40). So the node levels double: 10,000, 20,000, 40,000,
/// 80,000 and 160,000 positions, the steps between the new budgets
/// measured as `level=12,nodes=N` in the README's levels table.
///
/// Three plies at softmax 25 still won 95% against softmax 70, and no
/// single softmax between them splits that step into two of at most 85%
/// while the 10,000-node level stays within 85% above it (that level won
/// 100% against softmax 45). So the softmax levels take one more rung
/// (three plies at softmax 40, between 70 and 25) and the node levels one
/// fewer: the grandmaster searches 80,000 positions, and the former
/// 160,000-position level (90% above 80,000) is gone. The figures are in
/// the README's levels table (row "Porthole, softmax-40 rung").
///
/// Re-measured after the null move and the deeper pruning went on (#56;
/// the same command with `--games 40`): 10,000 nodes against the club
/// player (three plies, softmax 25) 95% (38/40), 20,000 against 10,000
/// 83.8%, 40,000 against 20,000 70%, 80,000 against 40,000 80%; club
/// player against improver 75%. A 5,000-node rung splits the first step:
/// 5,000 nodes against the club player 82.5% (33/40), 10,000 against
/// 5,000 81.2% (32.5/40). So the node levels start
/// at 5,000 and the 80,000-node level is gone: the grandmaster searches
/// 40,000 positions.
///
/// The two-ply steps after the null move (same command, 40 games a pair):
/// beginner against newcomer 75% (30/40), learner (softmax 100) against
/// beginner 87.5% (35/40), novice against that learner 70% (28/40). The
/// beginner-to-novice climb is 485-570 Elo by these figures, so the
/// learner has little room: at softmax 130 it scored 73.8% (29.5/40)
/// against the beginner and the novice 88.8% (35.5/40) against it; at
/// 120, 14.5/22 and 10/11; at 115, 26.5/29 against the beginner; a
/// beginner at 130 won 16.5/18 against the newcomer (these four
/// stopped). They differ by about the noise of 40 games (±12 points).
/// The learner now picks at softmax 110: 85% (34/40) against the
/// beginner, the novice 82.5% (33/40) against it, both measured as
/// `level=12,depth=2,temperature=T`.
///
/// Re-measured after the threat terms and the exchange pruning
/// (`seeprune`; same command, 40 games a pair): 2-1 90% (36/40), 3-2 81.2%,
/// 4-3 86.2%, 5-4 78.8%, 6-5 85%, 7-6 80%, 8-7 95% (5,000 nodes against
/// three plies at softmax 25), 9-8 72.5%, 10-9 76.2%, 11-10 80%. The
/// pruning made a few positions worth more: 3,000 nodes against the club
/// player 88.8%, 10,000 against 3,000 88.8%, 2,000 against the club player
/// 80%, 5,000 against 2,000 92.5%, so the node levels need five rungs below
/// 40,000 where they had four. The ladder therefore starts one softmax
/// level higher and takes its node levels from 2,000: two plies at softmax
/// 130, 100, three plies at 100, 70, 40, 25, then 2,000, 3,500, 7,000,
/// 15,000 and 30,000 positions (35,000 against 15,000 scored 87.5%). Its
/// steps: 2-1 72.5%, 3-2 68.8%, 4-3 78.8%, 5-4 85%, 6-5 80%, 7-6 80%, 8-7
/// 81.2%, 9-8 82.5%, 10-9 83.8%, 11-10 80% (4-3 to 6-5 measured as the
/// former 5-4 to 7-6, the same settings). Tried and not kept: the novice
/// (three plies) at softmax 120, 60% against the learner then at 110; at
/// 110, 78.8% against that learner and the casual 92.5% against it.
///
/// After the orthodox table was fitted to Stockfish's scores (same command,
/// 40 games a pair): 2-1 72.5%, 3-2 82.5%, 4-3 85%, 5-4 98.8% (39.5/40:
/// three plies at softmax 40 against 70), 6-5 88.8%, 7-6 62.5% (2,000 nodes
/// against three plies at softmax 25), 8-7 78.8%. So the improver picks at
/// softmax 29 (was 25): 76.2% (30.5/40) against the casual, and the club
/// player 67.5% (27/40) against it (at softmax 32: 63.7% and 82.5%). The
/// node levels: 9-8 81.2%, 10-9 75%, 11-10 80%. The 5-4 step stays above
/// the band: the three-ply softmax levels from 100 to 29 span at least
/// about 1,070 Elo by these figures (5-4's 95% interval starts at +569),
/// more than three steps of at most 85% (about 300 Elo each) hold: a fourth
/// three-ply rung would cost a node level or need a weaker bottom (not
/// tried).
const LEVELS: LevelColumn = [
    LevelSettings::soft(2, 130),
    LevelSettings::soft(2, 100),
    LevelSettings::soft(3, 100),
    LevelSettings::soft(3, 70),
    LevelSettings::soft(3, 40),
    LevelSettings::soft(3, 29),
    LevelSettings::nodes(2_000),
    LevelSettings::nodes(3_500),
    LevelSettings::nodes(7_000),
    LevelSettings::nodes(15_000),
    LevelSettings::nodes(30_000),
    LevelSettings::FULL,
];

/// The win-chance slope, fitted as
/// `analysis::win_chance_slope` says, from 241
/// games (20,000 nodes a move, 6 random plies, seed 101, draws counted as
/// half a win), 30,945 positions, k = 0.002146, log-loss 0.542:
/// `wormhole match --variant porthole --engine-a level=10,nodes=20000
/// --engine-b level=10,nodes=20000 --games 400 --random-plies 6 --seed 101
/// --dump dump_porthole.txt` (stopped after 241 games), then
/// `fit_win_chances -- porthole dump_porthole.txt`.
const WIN_CHANCE_SLOPE: f64 = 0.002146;

/// How a piece of Porthole chess moves, in one line (Wormhole chess's
/// pieces move otherwise: [`GameKind::movement`](crate::games::GameKind::movement)).
///
/// ```
/// use wormhole::Role;
/// assert!(wormhole::porthole::movement(Role::Rook).starts_with("any number of squares"));
/// ```
pub const fn movement(role: Role) -> &'static str {
    match role {
        Role::Pawn => "1 forward, 2 from its start; captures or enters a porthole 1 diagonally forward",
        Role::Knight => "a jump 2 one way and 1 across; captures or enters a porthole there",
        Role::Bishop => {
            "any number of squares diagonally, stopped by pieces and portholes; enters the first porthole on its line"
        }
        Role::Rook => {
            "any number of squares orthogonally, stopped by pieces and portholes; enters the first porthole on its line"
        }
        Role::Queen => {
            "any number of squares in a line, stopped by pieces and portholes; enters the first porthole on its line"
        }
        Role::King => "the 1st square in any direction; castles as in chess; enters a porthole next to it",
        _ => "not a piece of Porthole chess",
    }
}

/// The depth `wormhole bench` searches this game to: more moves per position than Wormhole chess and longer games, so less deep.
const BENCH_DEPTH: u32 = 9;

/// The bench positions.
const BENCH_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b5,c5,f5,g5,b4,c4,f4,g4",
    "rnb1k1nr/p3q1pp/1pp2p2/4p3/3PQ3/P7/1PP2PPP/RNB1KBNR w KQkq - 0 8 f8,b5,b4,c4,e4,f4*2,d1",
    "rn2kbnr/pp2p2p/5p2/q2p2p1/2b3pP/1P6/P1PPPPP1/RNBQKB1R b KQkq - 0 8 c8,c6,c5,b4,c4,g4,d3,f3",
    "r3kb1r/pp1np2p/3b1n2/q2p2B1/1p1P4/1PNQ4/P1P1PPP1/R3KB1R w KQkq - 0 14 c8,c6,c5,b4,c4*2,g4*2",
    "rn4nr/6Np/1pp2k2/p3p3/2Q5/P7/1PP2PPP/3RKBNR b K - 0 20 c8,b4,c4,e4*2,c3,d1*2",
    "r3kb2/p7/2n5/rpnp4/1p6/1P1NP3/P2K1PP1/R4B1R w q - 3 28 c8,h8,c6,f6,a5,b4,c4*2",
    "8/7p/Q1p1r1k1/1p6/8/P7/2P1BPPP/1R2K1NR b K - 0 36 f8,a6,f6,a5,c4,e4,c3,d1",
    "2kn4/5r2/p7/1p2B3/3R4/1Q2PP2/6P1/2r1K3 w - - 13 45 c8,f8,a7,c6,f6,b3,a2*2",
];
