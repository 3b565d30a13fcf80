//! The games, one folder each: everything one game means (rules, notation,
//! FEN, evaluation terms, level settings, descriptions). The engine,
//! analysis and PGN reach a game through [`crate::rules::Rules`] and
//! [`crate::GameInfo`].
//!
//! The list below is the one place that names every game: it generates
//! [`crate::GameKind`], [`crate::GAMES`] and the "any game" types of
//! `any.rs`. A new game is its folder, a `mod` line and its entry here.
//!
//! Each game's public path is its module here (`wormhole::games::porthole`,
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

/// What a game of one kind, whose evaluation is its folder's `eval`
/// module with default weights, writes as every such game does: its
/// [`Evaluate`](crate::rules::Evaluate), its line in the list of games
/// ([`ListedGame`](crate::ListedGame): one kind, read from a FEN of its own),
/// the engine's seal, and its start position (`START` of its `fen` module) as
/// `Position::new`, documented by `$start`, and `Default`. Used in the
/// folders of Porthole, Linked-portal and Two-board chess, beside their
/// `Rules` and `SearchHooks`.
#[cfg(any(feature = "porthole", feature = "linked", feature = "twoboard"))]
macro_rules! one_kind_game {
    ($game:literal, $kind:ident, $start:literal) => {
        #[doc = concat!($game, "'s evaluation (its terms and weights).")]
        impl $crate::rules::Evaluate for Position {
            type Params = EvalParams;
            fn default_params(&self) -> EvalParams {
                EvalParams::default()
            }
            #[inline]
            fn evaluate(&self, params: &EvalParams, positional: bool) -> i32 {
                eval::evaluate(self, params, positional)
            }
            #[inline]
            fn material(&self, params: &EvalParams) -> i32 {
                eval::material(self, params)
            }
            fn eval_features(&self) -> Vec<i32> {
                eval::features(self).to_vec()
            }
        }

        #[doc = concat!($game, " in the list of games: one kind, [`GameKind::", stringify!($kind), "`](crate::GameKind).")]
        impl $crate::ListedGame for Position {
            fn from_fen_in(_kind: $crate::GameKind, fen: &str) -> Result<Position, FenError> {
                Position::from_fen(fen)
            }
            fn kind(&self) -> $crate::GameKind {
                $crate::GameKind::$kind
            }
        }

        impl $crate::engine::sealed::Sealed for Position {}

        impl Position {
            #[doc = $start]
            pub fn new() -> Position {
                match Position::from_fen(super::fen::START) {
                    Ok(pos) => pos,
                    Err(e) => unreachable!("the start position is valid: {e}"),
                }
            }
        }

        impl Default for Position {
            fn default() -> Position {
                Position::new()
            }
        }
    };
}
#[cfg(any(feature = "porthole", feature = "linked", feature = "twoboard"))]
use one_kind_game;

#[cfg(feature = "linked")]
pub mod linked;
#[cfg(feature = "porthole")]
pub mod porthole;
#[cfg(feature = "twoboard")]
pub mod twoboard;
#[cfg(feature = "wormhole")]
pub mod wormhole;

crate::any::games! {
    /// A Wormhole chess position (either piece set).
    Wormhole("Wormhole chess", feature = "wormhole"): wormhole::Position {
        /// Wormhole chess with the classic piece set.
        Classic: wormhole::info::CLASSIC,
        /// Wormhole chess with the fairy piece set.
        Fairy: wormhole::info::FAIRY,
    }
    /// A Porthole chess position.
    Porthole("Porthole chess", feature = "porthole"): porthole::Position {
        /// Porthole chess.
        Porthole: porthole::INFO,
    }
    /// A Linked-portal chess position.
    Linked("Linked-portal chess", feature = "linked"): linked::Position {
        /// Linked-portal chess.
        Linked: linked::INFO,
    }
    /// A Two-board portal chess position.
    Twoboard("Two-board portal chess", feature = "twoboard"): twoboard::Position {
        /// Two-board portal chess.
        Twoboard: twoboard::INFO,
    }
}
