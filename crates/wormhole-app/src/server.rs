//! `wormhole serve`: the app hosted over SSH for players elsewhere (issue
//! #40). [`store`] keeps accounts, games, moves and ratings in SQLite.

// The hub and the SSH server use the store from their own branches; until
// `wormhole serve` is wired up, parts of its API have no caller here.
#[allow(dead_code)]
pub mod store;
