//! What every game shares: [`Square`], [`Bitboard`], [`Color`], [`Role`]
//! (the letters and names of the pieces), [`Piece`], [`Board`], the shared
//! [`zobrist`] keys and [`excerpt`] (how an error quotes bad input). Each
//! game's rules live in its own folder under `games/`.

mod bitboard;
mod board;
mod color;
pub mod excerpt;
mod role;
mod square;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use color::Color;
pub use role::{Piece, Role};
pub use square::{ParseSquareError, Square};
