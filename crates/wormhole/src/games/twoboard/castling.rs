//! Castling rights, kept per board (docs/twoboard.md#moves-on-one-board):
//! the orthodox rights and squares of `core::castling`, one set of rights
//! for each board.

pub use crate::core::castling::{CastlingRights, CastlingSide, ParseCastlingError};
pub(crate) use crate::core::castling::{CastlingSquares, pieces_at_home};
