//! Wormhole chess: every square a piece leaves becomes a hole, movement
//! counts only the squares that are not holes, and the side with no legal
//! move loses (`RULES.md` in the repository). Its parts, one concern each:
//! `steps` and `threats` (hole-aware stepping), [`attacks`], `movegen`,
//! `moves`, `position`, [`fen`], [`san`], `illegal` (why a move is refused),
//! `outcome`, `variant` (the two piece sets), [`zobrist`], its evaluation
//! terms ([`eval`]) and its proof-number solver ([`solve`]). The crate root
//! re-exports its main types ([`crate::Position`], [`crate::Move`], ...).

pub mod attacks;
pub mod eval;
pub mod fen;
pub(crate) mod illegal;
pub(crate) mod movegen;
pub(crate) mod moves;
pub(crate) mod outcome;
pub(crate) mod position;
pub mod san;
pub mod solve;
pub(crate) mod steps;
pub(crate) mod threats;
pub(crate) mod variant;
pub mod zobrist;

pub use fen::{FenError, Setup};
pub use illegal::IllegalMoveError;
pub use movegen::KingSafety;
pub use moves::{Move, MoveList};
pub use outcome::{EndReason, Outcome};
pub use position::{Position, Undo};
pub use san::MoveError;
pub use variant::{ParseVariantError, Variant};

use crate::Role;

/// How a piece of Wormhole chess moves, in one line (distances count only
/// squares that are not holes), in either piece set.
pub(crate) const fn movement(role: Role) -> &'static str {
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
