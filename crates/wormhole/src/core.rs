//! What every game shares: [`Square`], [`Bitboard`], [`Color`], [`Role`]
//! (the orthodox six named; a game names its others) with [`Roles`] (a
//! game's letters and names of them), [`Piece`], [`Board`], the shared
//! [`zobrist`] keys, [`excerpt`] (how an error quotes bad input), the
//! [`Placement`] field of a FEN, the move-text reader of [`notation`] and
//! `steps` (rays and slides on bitboards). What the orthodox games
//! (Porthole, Linked-portal and Two-board portal chess) share is here too:
//! `orthodox` (reach, repetition, clock plan, pawn helpers), `castling`,
//! `outcome` and
//! [`orthodox_errors`] (the refusals they share), each re-exported by the
//! games that use it. Each game's
//! rules live in its own folder under `games/`.

mod bitboard;
mod board;
pub(crate) mod castling;
mod color;
pub mod excerpt;
pub mod fields;
pub(crate) mod legal;
pub(crate) mod magic;
pub mod move_list;
pub mod notation;
pub(crate) mod orthodox;
pub mod orthodox_errors;
pub(crate) mod outcome;
pub(crate) mod packed;
pub(crate) mod pins;
mod placement;
mod role;
mod square;
pub(crate) mod steps;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use color::Color;
pub use placement::Placement;
pub use role::{Piece, Role, RoleText, Roles};
pub use square::{ParseSquareError, Square};
