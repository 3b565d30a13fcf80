//! What the program says about Porthole chess: its line of
//! [`GAMES`](crate::GAMES) (names, start position, how the pieces move),
//! its level settings and its win-chance slope.

use super::fen::START;
use crate::engine::{LevelColumn, LevelSettings};
use crate::{GameInfo, GameKind, Role};

/// Porthole chess.
pub(crate) const INFO: GameInfo = GameInfo {
    kind: GameKind::Porthole,
    name: "porthole",
    aliases: &[],
    pgn_name: "Porthole",
    start_fen: START,
    fen_claim: super::fen::claim,
    title: "Porthole chess",
    description: "Porthole chess: orthodox chess with neutral portholes that pieces travel through",
    roles: &[Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn],
    promotions: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
    movement,
    levels: &LEVELS,
    win_chance_slope: WIN_CHANCE_SLOPE,
    boards: 1,
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
/// [`win_chance_slope`](crate::analysis::win_chance_slope) says, from 241
/// games (20,000 nodes a move, 6 random plies, seed 101, draws counted as
/// half a win), 30,945 positions, k = 0.002146, log-loss 0.542:
/// `wormhole match --variant porthole --engine-a level=10,nodes=20000
/// --engine-b level=10,nodes=20000 --games 400 --random-plies 6 --seed 101
/// --dump dump_porthole.txt` (stopped after 241 games), then
/// `fit_win_chances -- porthole dump_porthole.txt`.
const WIN_CHANCE_SLOPE: f64 = 0.002146;

/// How a piece of Porthole chess moves, in one line (Wormhole chess's
/// pieces move otherwise: [`GameKind::movement`](crate::GameKind::movement)).
///
/// ```
/// use wormhole::Role;
/// assert!(wormhole::porthole::movement(Role::Rook).starts_with("any number of squares"));
/// ```
pub const fn movement(role: Role) -> &'static str {
    match role {
        Role::Pawn => "1 forward, 2 from its start; captures or enters a porthole 1 diagonally forward",
        Role::Knight => "a jump 2 one way and 1 across; captures or enters a porthole there",
        Role::Bishop => "any number of squares diagonally, stopped by pieces and portholes",
        Role::Rook => "any number of squares orthogonally, stopped by pieces and portholes",
        Role::Queen => "any number of squares in a line, stopped by pieces and portholes",
        Role::King => "the 1st square in any direction; castles as in chess",
        Role::Champion | Role::Wizard | Role::Lion => "not a piece of Porthole chess",
    }
}
