//! `wormhole serve`: the app hosted over SSH for players elsewhere (issue
//! #40).
//!
//! - [`store`] keeps accounts, games, moves and ratings in SQLite.
//! - [`hub`]: everything between people that is neither SSH nor drawing
//!   (who is online, challenges, live games with server clocks, watchers,
//!   chat, engine games on a bounded pool, restore after a restart).

// The SSH server (branch `srv`) is the hub's user outside tests.
#[cfg_attr(not(test), allow(dead_code))]
pub mod hub;
// The hub and the SSH server use the store from their own branches; until
// `wormhole serve` is wired up, parts of its API have no caller here.
#[allow(dead_code)]
pub mod store;
