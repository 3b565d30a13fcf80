//! Linked-portal chess: the orthodox armies plus one portal per player; the
//! two portal squares are joined into one square (Ian Buckley's version of
//! "Portal chess", its open points settled by this program; the rules in
//! full: `docs/linked.md` in the repository).
//!
//! A piece arriving on either portal cell arrives on the joined square J and
//! comes out on the other cell; sliders and double steps may go on from there
//! in the same direction. A friendly resident of J blocks it, an enemy one is
//! captured. On its turn a player moves a piece or steps his own portal one
//! square: onto an empty square, onto a piece (which is teleported to the
//! other portal's cell), or onto the other portal (a black hole: the nine
//! squares around are cleared and both portals freeze). With no portals the
//! game is orthodox chess.
//!
//! The parts, one concern each: [`Portals`], [`Move`] and [`MoveList`]
//! (piece moves by origin and landing square, portal moves `Z@e5`),
//! `routes` (where a piece can land, directly or through the portal, and
//! attacks), `movegen` (legal moves), [`Position`] (make/unmake, check,
//! game end), [`fen`] (the 7-field FEN), [`zobrist`] and [`Game`] (history:
//! repetition).
//!
//! ```
//! use wormhole::linked::Position;
//! let pos = Position::new();
//! assert_eq!(pos.legal_moves().len(), 28); // 20 orthodox moves and 8 portal steps
//! let e4: wormhole::linked::Move = pos.legal_moves().iter().find(|m| m.to_string() == "e2a5").unwrap();
//! let next = pos.after(e4);
//! assert_eq!(next.fen(), "rnbqkbnr/pppppppp/8/P7/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 e4,a5");
//! ```

mod castling;
pub mod eval;
mod facts;
pub mod fen;
mod game;
mod illegal;
mod info;
mod legality;
mod movegen;
mod moves;
mod portals;
mod position;
mod routes;
mod rules;
pub mod san;
mod see;
mod themes;
pub mod zobrist;

pub use crate::core::castling::{CastlingRights, CastlingSide};
pub use crate::perft::{self, perft};
pub use eval::EvalParams;
pub use facts::SETUP;
pub use fen::{FenError, Setup};
pub use game::Game;
pub use illegal::IllegalMoveError;
// The refusals of orthodox chess, shared with the other orthodox games.
pub use crate::core::orthodox_errors::{OrthodoxMoveError, OrthodoxSetupError};
pub(crate) use info::INFO;
pub use info::movement;
pub use movegen::{LinkedCastlingObstacle, PortalObstacle};
pub use moves::{Move, MoveKind, MoveList};
// How a game ends (docs/linked.md#how-a-game-ends), shared with the other
// orthodox games: the same position counts the portal squares, frozen or
// not, castling and en passant; a black hole that removes a piece resets
// the fifty-move count.
pub use crate::core::outcome::{DrawReason, OrthodoxOutcome as Outcome};
pub use portals::{ParsePortalsError, Portals};
pub use position::{Position, Undo};
pub use san::{LinkedPieceText, MoveError, MoveText, SyntaxProblem};
pub use themes::PORTAL_STEP;

// What every game of one kind writes alike: its evaluation, its kind,
// the engine's seal, `Position::new` and `Default`.
super::one_kind_game!(
    "Linked-portal chess",
    "The default start: the orthodox armies, White's portal on e4, Black's on a5.",
    fen::START
);

/// The rules in a nutshell, before each piece's move ([`movement`]), for a
/// rules page 72 columns wide.
pub const RULES_BEFORE_PIECES: &[&str] = &[
    "Orthodox chess (castling, en passant, promotion) plus two PORTALS, one",
    "per player (White's on rank 4, Black's on rank 5 at the start; e4 and",
    "a5 by default). The two portal squares are ONE square, J: a piece",
    "arriving on either comes out of the other. A friendly piece on J blocks",
    "it, an enemy piece on J is captured; on an empty J sliders and double",
    "steps go on from the other cell in the same direction (once).",
];

/// The rules in a nutshell, after each piece's move.
pub const RULES_AFTER_PIECES: &[&str] = &[
    "Instead of a piece, a player may step HIS PORTAL one square (Z@d3):",
    "onto an empty square; onto a piece, which is TELEPORTED to the other",
    "portal (only if that cell is empty, never a pawn to its last rank); or",
    "onto the other portal: a BLACK HOLE clears it and its 8 neighbours",
    "(not allowed next to a king) and both portals freeze for good.",
    "Checks and mates go through the portal. SAN: e4>a5 (in at e4, out at",
    "a5), Ra4>e8#, bxc7>h8=Q+; coordinates e2a5, b6h8q, Z@e5.",
    "DRAWS: stalemate, threefold repetition, 50 moves without a pawn move,",
    "capture or black hole that removed a piece; king against king.",
];
