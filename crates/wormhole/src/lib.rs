//! Wormhole chess: rules and engine.
//!
//! Every time a piece moves, the square it left becomes a hole; movement
//! counts only the squares that are not holes. The side with no legal move
//! loses. The repository's `docs/` gives each game's rules in full
//! (`docs/wormhole.md`, `docs/porthole.md`, `docs/linked.md`,
//! `docs/twoboard.md`).
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use wormhole::engine::{Engine, EngineOptions, Limits};
//! use wormhole::{Position, Rules, Variant};
//!
//! // The diagram from the rules: Black to move, 14 holes, 17 plies played.
//! let fen = "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17";
//! let mut pos = Position::from_fen(fen, Variant::Classic)?;
//!
//! // Every legal move in SAN, generated once.
//! let sans: Vec<String> = pos.san_moves().into_iter().map(|(_, san)| san).collect();
//! assert!(sans.contains(&"Nxf6".to_string()));
//!
//! // Read a move (SAN, a long form such as Nd3f6, or UCI d3f6) and play it.
//! let m = pos.parse_move("Nxf6")?;
//! pos.play(m)?;
//! assert_eq!(pos.fen(), "rbkxxxbn/ppxppppx/2qxxn2/4x2p/3P1x2/3x1x2/PPPxPPPP/RBxxxNKR w 18");
//!
//! // A move that is not legal is refused with a reason.
//! let err = pos.parse_move("Ke3").unwrap_err();
//! assert_eq!(err.to_string(), "no king can reach e3");
//!
//! // A short search.
//! let mut engine = Engine::new(EngineOptions::default());
//! let limits = Limits { depth: Some(3), ..Limits::default() };
//! let result = engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
//! assert!(pos.is_legal(result.best_move.expect("White has a move")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The main types are re-exported here: [`Position`] (a legal position:
//! [`Position::from_fen`], [`Position::legal_moves`],
//! [`Position::parse_move`], the checked [`Rules::play`] and, for hot
//! paths, [`Position::play_unchecked`]), [`Move`], [`Square`], [`Bitboard`],
//! [`Role`], [`Color`], [`Board`], [`Setup`] (what a FEN says, before it is
//! checked), [`Outcome`], and the errors [`FenError`], [`MoveError`],
//! [`IllegalMoveError`]. The modules hold the rest, one concept each:
//! [`attacks`] (what each piece reaches), [`fen`], [`san`] (move notation),
//! [`zobrist`], [`eval`] (its evaluation terms), [`solve`] (its
//! proof-number solver), and, for every game, [`pgn`],
//! [`perft`](mod@perft) and the search in [`engine`].
//!
//! Two more games share the squares, bitboards, colours and roles:
//! [`porthole`], Porthole chess (orthodox chess with neutral, mobile
//! portholes), [`linked`], Linked-portal chess (orthodox chess with one
//! portal per player, the two joined into one square), and [`twoboard`],
//! Two-board portal chess (two boards joined by fixed portals).
//!
//! Each game's own path is under [`games`] (`wormhole::games::porthole::Position`,
//! `wormhole::games::wormhole::Position`, ...); the root paths above are
//! re-exports of those, kept so that code written before stays as it is.
//!
//! # One Cargo feature per game
//!
//! Each game is compiled only with its feature: `wormhole` (Wormhole chess,
//! both piece sets, with its solver and the root paths above), `porthole`,
//! `linked` and `twoboard`. All four are on by default. A program that
//! embeds one game builds only that game's folder, with the shared base,
//! the engine, analysis, PGN and puzzles for it:
//!
//! ```toml
//! [dependencies]
//! wormhole = { version = "0.1", default-features = false, features = ["porthole"] }
//! ```
//!
//! [`GameKind`], [`GAMES`] and the "any game" types then list only the
//! games built. At least one game must be enabled.
//!
//! Each game's public path is its module of [`games`] (`wormhole::games::porthole`,
//! `wormhole::games::wormhole`, ...). The crate root keeps the paths it had
//! before as re-exports of these (`wormhole::porthole`, and Wormhole
//! chess's own `wormhole::Position`, `wormhole::Move`, ...): the same types.
//!
//! ```
//! // The root paths name the very types of the games' paths.
//! fn wormhole_chess(p: wormhole::Position) -> wormhole::games::wormhole::Position {
//!     p
//! }
//! fn porthole(p: wormhole::porthole::Position) -> wormhole::games::porthole::Position {
//!     p
//! }
//! fn linked(m: wormhole::linked::Move) -> wormhole::games::linked::Move {
//!     m
//! }
//! fn twoboard(p: wormhole::twoboard::Position) -> wormhole::games::twoboard::Position {
//!     p
//! }
//! ```

#![warn(missing_docs)]
// A build of some games only leaves parts of the shared orthodox base and
// of the engine unused (each game uses its own share).
#![cfg_attr(
    not(all(feature = "wormhole", feature = "porthole", feature = "linked", feature = "twoboard")),
    allow(dead_code, unused_imports)
)]

#[cfg(not(any(feature = "wormhole", feature = "porthole", feature = "linked", feature = "twoboard")))]
compile_error!(
    "the wormhole crate needs at least one game: enable a feature of wormhole, porthole, linked or twoboard"
);

pub mod analysis;
mod any;
pub mod core;
pub mod engine;
pub mod facts;
pub mod game;
mod game_info;
mod game_kind;
pub mod games;
pub mod perft;
pub mod pgn;
mod puzzle_themes;
pub mod puzzles;
pub mod rules;

pub use crate::core::excerpt;
pub use crate::core::{Bitboard, Board, Color, ParseSquareError, Piece, Placement, Role, RoleText, Roles, Square};
pub use game_info::{FenClaim, GameInfo, GameKinds};
pub use game_kind::ParseGameKindError;
// Wormhole chess, the crate's first game, at the root: its main types and
// its modules (evaluation terms and solver included), the paths it had
// before the game got its folder; re-exports of `games::wormhole`.
#[cfg(feature = "wormhole")]
pub use games::wormhole::{
    EndReason, FenError, IllegalMoveError, KingSafety, Move, MoveError, MoveList, Outcome, ParseVariantError, Position,
    Setup, Undo, Variant, attacks, eval, fen, san, solve, zobrist,
};
// Every game's module (`wormhole::porthole`, ...: re-exports of
// `wormhole::games::porthole`, ...) and the types the games' list generates (`GameKind`, `GAMES`, `AnyPosition`, ...): a new game in
// `games.rs` needs no line here.
pub use games::*;
pub use perft::perft;
pub use rules::Rules;

// The crate's README, its example run as a doctest so it stays true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
