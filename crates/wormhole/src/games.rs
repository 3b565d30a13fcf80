//! The games, one folder each: everything one game means (rules, notation,
//! FEN, evaluation terms, level settings, descriptions). The engine,
//! analysis and PGN reach a game through [`crate::rules::Rules`] and
//! [`crate::GameInfo`].

pub mod porthole;
pub mod twoboard;
pub(crate) mod wormhole;
