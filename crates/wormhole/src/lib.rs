//! Wormhole chess: rules and engine.
//!
//! Every time a piece moves, the square it left becomes a hole; movement
//! counts only the squares that are not holes. The side with no legal move
//! loses. See `RULES.md` in the repository for the exact rules.
//!
//! The rules live in small modules named after what they describe:
//! [`attacks`] (what each piece reaches), `movegen` (legal moves),
//! [`fen`], [`san`] (move notation), [`pgn`], [`zobrist`], [`perft`]; the
//! search is in [`engine`].

pub mod analysis;
pub mod attacks;
mod bitboard;
mod board;
mod color;
pub mod engine;
mod excerpt;
pub mod fen;
mod illegal;
mod movegen;
mod moves;
mod outcome;
pub mod perft;
pub mod pgn;
mod position;
mod role;
pub mod san;
mod square;
mod steps;
mod threats;
mod variant;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use color::Color;
pub use fen::{FenError, Setup};
pub use illegal::IllegalMoveError;
pub use moves::{MAX_MOVES, Move, MoveList};
pub use outcome::{EndReason, Outcome};
pub use perft::perft;
pub use position::{Position, Undo};
pub use role::{Piece, Role};
pub use san::MoveError;
pub use square::{ParseSquareError, Square};
pub use variant::{ParseVariantError, Variant};

pub(crate) use movegen::KingSafety;
