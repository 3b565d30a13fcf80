//! Wormhole chess: every square a piece leaves becomes a hole, movement
//! counts only the squares that are not holes, and the side with no legal
//! move loses (`docs/wormhole.md` in the repository). Its parts, one concern each:
//! [`HoleBoard`] (the pieces and the holes), `threats` (hole-aware stepping with `core::steps`), [`attacks`], `movegen`,
//! `moves`, `position`, [`fen`], [`san`], `illegal` (why a move is refused),
//! `outcome`, `roles` (the fairy roles, every role's letter and name),
//! `variant` (the two piece sets), [`zobrist`], its evaluation
//! terms ([`eval`]), its proof-number solver ([`solve`]) and what the program
//! says about it (`info`: names, level settings, win-chance slopes, how
//! the pieces move). The crate root
//! re-exports its main types ([`crate::games::wormhole::Position`], [`crate::games::wormhole::Move`], ...).

pub mod attacks;
pub(crate) mod board;
pub mod eval;
pub(crate) mod facts;
pub mod fen;
pub(crate) mod illegal;
pub(crate) mod info;
mod kind;
pub(crate) mod movegen;
pub(crate) mod moves;
pub(crate) mod outcome;
pub(crate) mod position;
pub(crate) mod roles;
pub mod san;
pub mod solve;
pub(crate) mod themes;
pub(crate) mod threats;
pub(crate) mod variant;
pub mod zobrist;

pub use board::HoleBoard;
pub use fen::{FenError, Setup};
pub use illegal::IllegalMoveError;
pub use movegen::KingSafety;
pub use moves::{Move, MoveList};
pub use outcome::{EndReason, Outcome};
pub use position::{Position, Undo};
pub use roles::ROLES;
pub use san::MoveError;
pub use themes::HOLE_TRAPS_KING;
pub use variant::{ParseVariantError, Variant};
