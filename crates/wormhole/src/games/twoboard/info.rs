//! What the program says about Two-board portal chess: its line of
//! [`GAMES`](crate::GAMES) (names, start position, how the pieces move),
//! its level settings and its win-chance slope.

use super::fen::START;
use crate::engine::{LevelColumn, LevelSettings};
use crate::{GameInfo, GameKind, Role};

/// Two-board portal chess.
pub(crate) const INFO: GameInfo = GameInfo {
    kind: GameKind::Twoboard,
    name: "twoboard",
    aliases: &["two-board"],
    pgn_name: "Twoboard",
    start_fen: START,
    fen_claim: super::fen::claim,
    title: "Two-board portal chess",
    description: "Two-board portal chess: two boards joined by portals on a4, a5, h4 and h5; players alternate boards",
    roles: &[Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn],
    promotions: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
    movement,
    levels: &LEVELS,
    win_chance_slope: WIN_CHANCE_SLOPE,
    boards: 2,
};

/// The levels: not measured in this game yet. They are Porthole chess's
/// settings (orthodox pieces on an orthodox board), a starting point until
/// a ladder of matches sets them.
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

/// The win-chance slope: not fitted in this game yet. Porthole chess's
/// fitted slope (its evaluation has the same piece values) stands in until
/// self-play games of this game are fitted as
/// [`win_chance_slope`](crate::analysis::win_chance_slope) says.
const WIN_CHANCE_SLOPE: f64 = 0.002146;

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
        Role::Champion | Role::Wizard | Role::Lion => "not a piece of Two-board portal chess",
    }
}
