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
