//! `wormhole-load --ssh`: the load benchmark of `wormhole serve`
//! over SSH, as issue #40 asks. The server runs in a process of its own
//! (`wormhole serve` on a fresh data folder), and this process holds
//! the sessions: SSH clients (russh's client, a pty each, the screen kept
//! by vt100), by default 200: 50 games between players, each making a move
//! every 100 ms for 60 s (their moves spread evenly over the 100 ms, or all
//! at once with --in-step; a finished game is followed by a rematch), 10
//! games against the engine, and guests watching the rest. It prints the
//! relay latency (from the mover's keys sent to the moment the opponent's
//! and the watchers' screens show the move: the full path through SSH,
//! the server's session, the hub, the SQLite commit and back, plus this
//! side's vt100), the server's CPU and resident memory, the memory per
//! connected session, and checks that no game lost a move: every move
//! sent is in the server's database, and every screen of its game showed
//! it.

mod client;
mod drive;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use wormhole_app::process_use::Process;

use crate::LoadArgs as Args;
use client::LoadSession;
use drive::{EngineGame, PlayerGame, Stats};

/// Runs the benchmark; fails if a move was lost.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let players = 2 * args.games + args.engine_games;
    if players > args.sessions {
        bail!(
            "{players} sessions play ({} games, {} engine games): --sessions must be at least that",
            args.games,
            args.engine_games
        );
    }
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(measure(args))
}

/// The server's process, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
    data: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start(args: &Args, data: &Path) -> anyhow::Result<Server> {
        let binary = server_binary(args)?;
        let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
        let mut cmd = Command::new(&binary);
        cmd.args(["serve", "--listen", &format!("127.0.0.1:{port}"), "--data"]).arg(data);
        cmd.args(["--max-sessions", &(args.sessions + 10).to_string(), "--input-per-second", "1000000"]);
        cmd.args(["--per-key", "1", "--connections-per-minute", &(args.sessions + 10).to_string()]);
        if let Some(n) = args.engine_threads {
            cmd.args(["--engine-threads", &n.to_string()]);
        }
        let log = std::fs::File::create(data.with_extension("log"))?;
        let child = cmd
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .with_context(|| format!("cannot run {}", binary.display()))?;
        let server = Server { child, port, data: data.to_path_buf() };
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if Instant::now() > deadline {
                bail!("the server did not listen within 20 s");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(server)
    }

    /// The server's CPU time so far, in seconds.
    fn cpu_seconds(&self) -> f64 {
        Process::Id(self.child.id()).cpu_seconds()
    }

    /// The server's resident memory now and at its peak, in KiB.
    fn memory_kib(&self) -> (u64, u64) {
        Process::Id(self.child.id()).memory_kib()
    }
}

/// The `wormhole` program to serve with: `--server`, or the one next to
/// this program.
fn server_binary(args: &Args) -> anyhow::Result<PathBuf> {
    if let Some(path) = &args.server {
        return Ok(path.clone());
    }
    let me = std::env::current_exe().context("cannot find this program")?;
    let beside = me.with_file_name(format!("wormhole{}", std::env::consts::EXE_SUFFIX));
    if !beside.is_file() {
        bail!(
            "no `wormhole` program at {} to serve with: build it (cargo build --release) or name one with --server",
            beside.display()
        );
    }
    Ok(beside)
}

async fn measure(args: &Args) -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let server = Server::start(args, &dir.path().join("data"))?;
    let (rss_empty, _) = server.memory_kib();
    eprintln!("wormhole-load --ssh: server on port {}, connecting {} sessions", server.port, args.sessions);
    let setup = Instant::now();
    let games = drive::player_games(server.port, args.games, args.clock.as_deref()).await?;
    let engine_games = drive::engine_games(server.port, args.engine_games, args.engine_level).await?;
    let ids: Vec<u64> = games.iter().map(|g| g.id).collect();
    let watchers = drive::watchers(server.port, args.sessions - 2 * args.games - args.engine_games, &ids).await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (rss_connected, _) = server.memory_kib();
    eprintln!(
        "wormhole-load --ssh: {} sessions connected in {:.1} s; load for {} s",
        args.sessions,
        setup.elapsed().as_secs_f64(),
        args.seconds
    );
    let cpu_before = server.cpu_seconds();
    let started = Instant::now();
    let stats = load(args, &server, games, engine_games, watchers).await;
    let wall = started.elapsed().as_secs_f64();
    let cpu = server.cpu_seconds() - cpu_before;
    let (rss, peak) = server.memory_kib();
    let mut stats =
        Arc::try_unwrap(stats).map_err(|_| anyhow::anyhow!("a game is still running"))?.into_inner().unwrap();
    stats.check_stored(&server.data)?;
    let per_session = (rss_connected.saturating_sub(rss_empty)) as f64 / args.sessions as f64;
    println!("{}", stats.summary(args, wall, cpu));
    println!(
        "server memory: {rss_empty} KiB with no session, {rss_connected} KiB with {} connected ({per_session:.0} KiB a session), {rss} KiB after the load, peak {peak} KiB",
        args.sessions
    );
    if !stats.lost.is_empty() {
        bail!("{} moves lost", stats.lost.len());
    }
    Ok(())
}

/// Runs every game until the time is up; what they measured.
async fn load(
    args: &Args,
    server: &Server,
    games: Vec<PlayerGame>,
    engine_games: Vec<EngineGame>,
    watchers: Vec<Vec<LoadSession>>,
) -> Arc<Mutex<Stats>> {
    let stats = Arc::new(Mutex::new(Stats::default()));
    let end = Instant::now() + Duration::from_secs(args.seconds);
    let interval = Duration::from_millis(args.interval_ms);
    let mut tasks = Vec::new();
    let n = games.len().max(1) as u32;
    for (i, (game, watching)) in (0..).zip(games.into_iter().zip(watchers)) {
        // Game i's moves start i/n of an interval in (or all at once).
        let phase = if args.in_step { Duration::ZERO } else { interval * i / n };
        let stats = Arc::clone(&stats);
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(phase).await;
            drive::play_game(game, watching, end, interval, stats).await;
        }));
    }
    for game in engine_games {
        tasks.push(tokio::spawn(drive::play_engine(game, server.data.clone(), end, interval, Arc::clone(&stats))));
    }
    for t in tasks {
        if let Err(e) = t.await {
            stats.lock().unwrap().lost.push(format!("a game's task failed: {e}"));
        }
    }
    stats
}
