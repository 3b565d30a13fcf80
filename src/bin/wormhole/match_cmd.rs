//! `wormhole match`: games between two engine settings. Placeholder until the engine lands.

/// Arguments of `wormhole match`.
#[derive(Debug, clap::Args)]
pub struct MatchArgs {}

/// Plays the match.
pub fn run(_args: &MatchArgs) -> anyhow::Result<()> {
    anyhow::bail!("match is not built yet")
}
