//! `wormhole play` (the default): the terminal game. Placeholder until the TUI lands.

/// Arguments of `wormhole play`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct PlayArgs {}

/// Starts the terminal game.
pub fn run(_args: PlayArgs) -> anyhow::Result<()> {
    anyhow::bail!("the terminal game is not built yet")
}
