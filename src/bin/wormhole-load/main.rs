//! `wormhole-load`: the load benchmarks of `wormhole serve`, a binary of
//! their own so that the server's module tree is the server and the
//! `wormhole` binary does not carry them (nor `vt100`, which keeps the SSH
//! clients' screens). Without `--ssh` ([`hub`]): the hub in this process
//! with sessions as notifiers on a SQLite store; with `--ssh` ([`ssh`]):
//! the real `wormhole serve` in a process of its own and SSH clients with a
//! pty each. Both print the relay latency, CPU and memory, and fail if a
//! move was lost.

mod hub;
mod ssh;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

/// Load benchmark of `wormhole serve`: games moving every interval, engine
/// games, watchers; its hub in this process, or with --ssh the real server
/// and SSH clients; prints relay latency, CPU, memory, lost moves.
#[derive(Debug, Parser)]
#[command(name = "wormhole-load", version, about, long_about)]
pub struct LoadArgs {
    /// Sessions in all: two per game between players, one per engine game, the rest watch.
    #[arg(long, default_value_t = 200)]
    pub sessions: usize,
    /// Games between two players, each making a move every --interval-ms.
    #[arg(long, default_value_t = 50)]
    pub games: usize,
    /// Games of a player against the engine, at the same time.
    #[arg(long, default_value_t = 10)]
    pub engine_games: usize,
    /// How long the load runs, in seconds.
    #[arg(long, default_value_t = 60)]
    pub seconds: u64,
    /// The time between two moves of a game, in milliseconds.
    #[arg(long, default_value_t = 100)]
    pub interval_ms: u64,
    /// With --ssh, the games between players have this clock (MIN+INC, as
    /// the lobby's `challenge` takes it, e.g. 10+0); none by default.
    #[arg(long)]
    pub clock: Option<String>,
    /// With --ssh, every game moves at the same instant (the worst burst
    /// the interval can make), instead of the games' moves spread evenly
    /// over it as independent players' are.
    #[arg(long)]
    pub in_step: bool,
    /// The engine's level (1-12).
    #[arg(long, default_value_t = 3)]
    pub engine_level: u8,
    /// Engine workers (default: one per core).
    #[arg(long)]
    pub engine_threads: Option<usize>,
    /// Over SSH, end to end: `wormhole serve` runs in a process of its own,
    /// and the sessions are SSH clients with a pty each, as players type.
    #[arg(long)]
    pub ssh: bool,
    /// With --ssh, the `wormhole` program that serves (default: the one
    /// next to this program, as `cargo build` leaves them).
    #[arg(long)]
    pub server: Option<PathBuf>,
    /// With --ssh, run N server nodes sharing one PostgreSQL database
    /// (`--database`, or a throwaway cluster this program starts) and
    /// spread the sessions over them: each game's players on two nodes
    /// (with N > 1), its watchers on every node. Without it, one node on SQLite.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub nodes: Option<u16>,
    /// With --ssh, the PostgreSQL database the nodes share
    /// (`postgres://USER@HOST/DB`, new and empty: the benchmark registers
    /// its players); default with --nodes: a throwaway cluster.
    #[arg(long)]
    pub database: Option<String>,
}

fn main() -> ExitCode {
    let args = LoadArgs::parse();
    let result = if args.ssh { ssh::run(&args) } else { hub::run(&args) };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
