//! `wormhole bench`: fixed-depth search over fixed positions. Placeholder until the engine lands.

/// Arguments of `wormhole bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {}

/// Runs the benchmark.
pub fn run(_args: &BenchArgs) -> anyhow::Result<()> {
    anyhow::bail!("bench is not built yet")
}
