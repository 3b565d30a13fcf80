//! The storage `wormhole serve` runs the hub on.
//!
//! Interim: until the SQLite store (branch `store`) lands, the server keeps
//! its records in memory with the hub's own double (nothing survives a
//! restart yet).

#[path = "hub/tests/memory.rs"]
#[allow(dead_code, clippy::duplicate_mod, reason = "the hub's test double, until the store lands")]
mod memory;

use std::path::Path;

/// The records of the data folder `dir`.
pub fn open(_dir: &Path) -> anyhow::Result<impl super::hub::records::Records + 'static> {
    Ok(memory::Memory::default())
}
