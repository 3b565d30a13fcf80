//! The `wormhole` command: play in the terminal, or use the engine tools.

mod perft_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Wormhole chess: every square a piece leaves becomes a hole.
#[derive(Debug, Parser)]
#[command(name = "wormhole", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (move generator check and benchmark).
    Perft(perft_cmd::PerftArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft(args)) => perft_cmd::run(&args),
        None => {
            eprintln!("the terminal game is coming; try `wormhole perft 5`");
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
