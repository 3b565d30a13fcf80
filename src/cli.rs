//! The `wormhole` command line: its subcommands and what runs each.

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::{
    analyze, bench, cli_docs, match_cmd, perft_cmd, play, printable, puzzles_cmd, server, signals, solve, uci,
};

/// Five games in the terminal: Wormhole chess (classic and fairy pieces), Porthole, Linked-portal and Two-board portal chess.
///
/// In Wormhole chess every square a piece leaves becomes a hole; the Portal
/// games join squares by portholes or portals. With no subcommand, starts a game in the terminal (as `wormhole play`).
#[derive(Debug, Parser)]
#[command(name = "wormhole", version, about, long_about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: play::PlayArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a game in the terminal (the default).
    Play(play::PlayArgs),
    /// Speak the UCI protocol on stdin/stdout (for GUIs and tournament managers).
    Uci,
    /// Search a fixed list of positions to a fixed depth; prints nodes and speed.
    Bench(bench::BenchArgs),
    /// Play games between two engine settings and print the score.
    Match(match_cmd::MatchArgs),
    /// Review a game from a PGN file: writes it back annotated (evaluations, ?!/?/?? and better lines).
    Analyze(analyze::AnalyzeArgs),
    /// Count the leaf nodes of the legal move tree (move generator check and benchmark).
    Perft(perft_cmd::PerftArgs),
    /// Prove who wins a position (proof-number search); the last line is `Result: 1-0|0-1|unknown`.
    Solve(solve::SolveArgs),
    /// Puzzles: alone, the trainer (of the game last chosen, on the shipped sets;
    /// $WORMHOLE_PUZZLE_FILE names another puzzle file); `generate` finds them in engine games, `check` re-proves a puzzle file.
    Puzzles(puzzles_cmd::PuzzlesArgs),
    /// Print the shell completion script of wormhole for bash, zsh, fish, elvish or powershell.
    Completions(cli_docs::CompletionsArgs),
    /// Print the man page of wormhole, or of one of its commands (`wormhole man match`).
    Man(cli_docs::ManArgs),
    /// Host the game over SSH: a lobby, games between people, watching, ratings.
    Serve(server::serve::ServeArgs),
}

/// Runs the `wormhole` command with the process's arguments.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    signals::fail_oversized_writes();
    let done = |result: anyhow::Result<()>| result.map(|()| ExitCode::SUCCESS);
    let result = match cli.command {
        None => play::run(cli.play),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Uci) => done(uci::run()),
        Some(Command::Bench(args)) => done(bench::run(&args)),
        Some(Command::Match(args)) => done(match_cmd::run(&args)),
        Some(Command::Perft(args)) => done(perft_cmd::run(&args)),
        Some(Command::Solve(args)) => done(solve::run(&args)),
        Some(Command::Analyze(args)) => done(analyze::run(&args)),
        Some(Command::Puzzles(args)) => puzzles_cmd::run(&args),
        Some(Command::Completions(args)) => done(cli_docs::print_completions(args.shell, Cli::command())),
        Some(Command::Man(args)) => done(cli_docs::print_man_page(Cli::command(), args.command.as_deref())),
        Some(Command::Serve(args)) => done(server::serve::run(&args)),
    };
    result.unwrap_or_else(|e| {
        eprintln!("error: {}", printable::printable(&format!("{e:#}")));
        ExitCode::from(2)
    })
}
