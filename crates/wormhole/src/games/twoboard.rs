//! Two-board portal chess (David Howe's "Portal chess", 1997, its open
//! points settled by this program; the rules in full: `docs/twoboard.md`
//! in the repository).
//!
//! Two orthodox boards, A and B, each holding one full army and the other
//! army without its king. The plies go (White, A), (Black, B), (White, B),
//! (Black, A), ... (docs/twoboard.md#whose-turn-on-which-board). A piece on
//! a portal (a4, a5, h4, h5) may declare an intent; on its owner's next
//! turn, on the other board, it teleports to the same square there,
//! capturing what stands on it.
//!
//! The parts, one concern each: [`BoardId`] and [`PORTALS`], [`Intent`],
//! [`CastlingRights`] (per board), [`Move`] and [`MoveList`], `attacks`
//! (orthodox reach), `movegen` (legal moves, by
//! docs/twoboard.md#check-and-legality and
//! docs/twoboard.md#how-a-game-ends), [`Position`]
//! (make/unmake, attacks including pending arrivals), [`fen`], [`san`]
//! (notation), [`zobrist`], [`perft()`] and [`Game`] (history: repetition).
//! The engine plays it through [`crate::rules::Rules`] (`search`), with its own
//! evaluation ([`eval`]).
//!
//! ```
//! use wormhole::Rules;
//! use wormhole::twoboard::{Position, perft};
//! let mut pos = Position::new();
//! assert_eq!(perft(&mut pos, 3), 8400);
//! // Example 3 of the rules: Black's teleport uncovers his own king on B,
//! // which is legal because Black plays B next.
//! let mut pos = Position::from_fen("r7/8/8/8/8/8/8/4K3|7k/8/8/7n/8/7R/8/8 b A -|- -|- bBh5 2 21").unwrap();
//! let m = pos.parse_move("Bh5Ah5").unwrap();
//! pos.play(m).unwrap();
//! assert_eq!(pos.fen(), "r7/8/8/7n/8/8/8/4K3|7k/8/8/8/8/7R/8/8 w A -|- -|- - 3 22");
//! ```

use crate::core::orthodox as attacks;
mod board_id;
mod castling;
pub mod eval;
mod facts;
pub mod fen;
mod game;
mod illegal;
mod info;
mod intent;
mod movegen;
mod moves;
mod position;
pub mod san;
mod search;
mod themes;
pub mod zobrist;

pub use crate::perft::{self, perft};
pub use board_id::{BoardId, PORTALS, is_portal};
pub use castling::{CastlingRights, CastlingSide, ParseCastlingError};
pub use eval::EvalParams;
pub use fen::FenError;
pub use game::Game;
pub use illegal::IllegalMoveError;
pub(crate) use info::INFO;
pub use info::movement;
pub use intent::{Intent, IntentState};
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList};
// How a game ends (docs/twoboard.md#how-a-game-ends), shared with the
// other orthodox games: stalemate is no legal move with the king on the
// board to play not attacked after a pass; a checkmated side's pass would
// leave its king attacked where the opponent plays first; the fifty moves
// count both boards.
pub use crate::core::outcome::{DrawReason, OrthodoxOutcome as Outcome};
pub use position::{Position, Undo};
pub use san::MoveError;
pub use search::Safety;
pub use themes::TELEPORT;

// What every game of one kind writes alike: its evaluation, its kind,
// the engine's seal, `Position::new` and `Default`.
super::one_kind_game!(
    "Two-board portal chess",
    "The start: White's army and Black's without its king on A, Black's army and White's without its king on B; White plays A.",
    fen::START
);
