//! `wormhole uci`: the UCI protocol. Placeholder until the engine lands.

/// Runs the UCI loop on stdin/stdout.
pub fn run() -> anyhow::Result<()> {
    anyhow::bail!("the UCI mode is not built yet")
}
