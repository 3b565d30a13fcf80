//! What the program says about Linked-portal chess: its line of
//! [`GAMES`](crate::GAMES) (names, start position, how the pieces move),
//! its level settings and its win-chance slope.

use super::fen::START;
use crate::games::porthole;
use crate::{GameInfo, GameKind, Role};

/// Linked-portal chess.
pub(crate) const INFO: GameInfo = GameInfo {
    kind: GameKind::Linked,
    name: "linked",
    aliases: &["linked-portal"],
    pgn_name: "Linked",
    start_fen: START,
    fen_claim: super::fen::claim,
    title: "Linked-portal chess",
    description: "Linked-portal chess: each player's portal joins two squares into one; portals step, teleport and explode",
    roles: &[Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn],
    promotions: &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
    movement,
    // Not measured for this game yet: Porthole chess's column and slope
    // (the same orthodox armies, and about as many moves per position).
    levels: porthole::INFO.levels,
    win_chance_slope: porthole::INFO.win_chance_slope,
    boards: 1,
};

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
        Role::Champion | Role::Wizard | Role::Lion => "not a piece of Linked-portal chess",
    }
}
