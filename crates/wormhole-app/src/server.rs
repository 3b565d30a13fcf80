//! `wormhole serve`: the app hosted over SSH for players elsewhere.
//!
//! - [`hub`]: everything between people that is neither SSH nor drawing
//!   (who is online, challenges, live games with server clocks, watchers,
//!   chat, engine games on a bounded pool, restore after a restart).

// The SSH server (branch `srv`) is the hub's user outside tests.
#[cfg_attr(not(test), allow(dead_code))]
pub mod hub;
