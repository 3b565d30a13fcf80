//! Porthole chess: the orthodox army on one board plus neutral, mobile
//! portholes (Mike Hidden's version of "Portal chess", its open points
//! settled by this program; the rules in full: `docs/porthole.md` in the
//! repository).
//!
//! Tokens (the portholes) are never owned and never captured. A square with
//! one or more of them is a *P-square*; a piece enters one by a
//! capture-shaped move, leaves from another *open* P-square, and the token it
//! used moves to the square the piece came from. Lines stop at pieces and
//! tokens alike. With no tokens the game is orthodox chess without en passant.
//!
//! The parts, one concern each: [`Tokens`] (the portholes and their heights),
//! [`CastlingRights`], [`Move`] and [`MoveList`] (a porthole move has three
//! squares), `attacks` (orthodox reach, shared: `core/orthodox.rs`), `movegen`
//! (legal moves), [`Position`] (make/unmake, check, game end),
//! [`IllegalMoveError`] (why a move is refused), [`fen`] (the
//! 7-field PFEN), [`san`] (`Kh1>d4`, `fg4>c4`, and the coordinate form
//! `g1h1d4`), [`zobrist`], [`perft()`], [`Game`] (history: repetition and
//! checked play) and `info` (what the program says about the game: names,
//! level settings, win-chance slope, [`movement`]). PGN is shared with Wormhole chess (the crate's `pgn` module).
//!
//! ```
//! use wormhole::Rules;
//! use wormhole::porthole::{Position, perft};
//! let mut pos = Position::new();
//! assert_eq!(pos.legal_moves().len(), 16); // b, c, f and g pawns cannot double-step
//! assert_eq!(perft(&mut pos, 3), 7118);
//! for text in ["f3", "e5", "fg4>c4"] {
//!     let m = pos.parse_move(text).unwrap();
//!     pos.play(m).unwrap();
//! }
//! // The pawn went in at g4 and out at c4; g4's token moved to f3.
//! assert_eq!(
//!     pos.fen(),
//!     "rnbqkbnr/pppp1ppp/8/4p3/2P5/8/PPPPP1PP/RNBQKBNR b KQkq - 0 2 b5,c5,f5,g5,b4,c4,f4,f3"
//! );
//! ```

use crate::core::orthodox as attacks;
mod castling;
pub mod eval;
mod facts;
pub mod fen;
mod game;
mod illegal;
mod info;
mod movegen;
mod moves;
mod position;
pub mod san;
mod see;
mod themes;
mod tokens;
pub mod zobrist;

pub use crate::core::castling::{CastlingRights, CastlingSide, ParseCastlingError};
pub use crate::perft::{self, perft};
pub use castling::PortholeCastlingObstacle;
pub use eval::EvalParams;
pub use fen::{FenError, Setup};
pub use game::Game;
pub use illegal::IllegalMoveError;
// The refusals of orthodox chess, shared with the other orthodox games.
pub use crate::core::orthodox_errors::{OrthodoxMoveError, OrthodoxSetupError};
pub(crate) use info::INFO;
pub use info::movement;
pub use movegen::PortholeKingSafety;
pub use moves::{Move, MoveKind, MoveList, Moves, PortholeGroup};
// How a game ends, shared with the other orthodox games: the same
// position counts the tokens with their heights and the castling rights.
pub use crate::core::outcome::{DrawReason, OrthodoxOutcome as Outcome};
pub use position::{Position, Undo};
pub use san::{MoveError, MoveText, PortholePieceText, SyntaxProblem};
pub use themes::{CAPTURE_THROUGH_PORTHOLE, ESCAPE_THROUGH_PORTHOLE, THROUGH_PORTHOLE};
pub use tokens::Tokens;

// What every game of one kind writes alike: its evaluation, its kind,
// the engine's seal, `Position::new` and `Default`.
super::one_kind_game!(
    "Porthole chess",
    "The default start: the orthodox armies and one token on each of b4 c4 f4 g4 b5 c5 f5 g5.",
    fen::START
);

/// The most pieces a side may have: a [`MoveList`] is sized for it.
pub const MAX_PIECES_PER_SIDE: u32 = 16;

/// The most tokens a position may hold (so every height fits the hash tables).
pub const MAX_TOKENS: u32 = 64;
