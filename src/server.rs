//! `wormhole serve`: the app hosted over SSH for players elsewhere (issue
//! #40).
//!
//! - [`store`] keeps accounts, games, moves and ratings in SQLite.
//! - [`hub`]: everything between people that is neither SSH nor drawing
//!   (who is online, challenges, live games with server clocks, watchers,
//!   chat, engine games on a bounded pool, restore after a restart).
//! - [`ssh`]: the SSH server (russh): host key, who connects, refusals, limits.
//! - [`session`] and [`screens`]: one connection's app: its input, its
//!   screens (name, lobby, game) and their drawing; [`inbox`]: what reaches
//!   that app (who the client is, its inputs, the hub's notifier).
//! - [`settings`]: each player's theme and piece style, kept by the server.
//! - [`serve`]: the `serve` command. (The load benchmarks of the hub and of
//!   the whole server are the `wormhole-load` binary, src/bin/wormhole-load/.)

pub mod backup;
pub mod guard;
pub mod hub;
pub mod inbox;
pub mod log;
pub mod relay;
pub mod screens;
pub mod serve;
pub mod session;
pub mod settings;
pub mod ssh;
pub mod store;
