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
/// The tests' throwaway PostgreSQL cluster (shared with them).
#[path = "../../../tests/common/pg.rs"]
mod pg;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use anyhow::{Context, bail};

use wormhole_app::process_use::Process;
use wormhole_app::server::relay::RelayHistogram;
use wormhole_app::server::store::{PgStore, Records, Store};

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
    // Started, and dropped, outside the runtime: the PostgreSQL client blocks.
    let dir = tempfile::tempdir()?;
    let server = Server::start(args, dir.path())?;
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(measure(args, &server))
}

/// One server node's process, stopped when dropped.
struct ServerNode {
    child: Child,
    port: u16,
    /// Where it writes its relay times (`serve --relay-times`).
    relay_times: PathBuf,
}

impl Drop for ServerNode {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl ServerNode {
    /// Starts `wormhole serve` on a free port with its data in `data`, on
    /// `database` (PostgreSQL) if given, with the host key `host_key` if given.
    fn start(args: &Args, data: &Path, database: Option<&str>, host_key: Option<&Path>) -> anyhow::Result<ServerNode> {
        let binary = server_binary(args)?;
        let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
        let mut cmd = Command::new(&binary);
        cmd.args(["serve", "--listen", &format!("127.0.0.1:{port}"), "--data"]).arg(data);
        cmd.args(["--max-sessions", &(args.sessions + 10).to_string(), "--input-per-second", "1000000"]);
        // The sessions connect from many loopback addresses, each within
        // the default per-address limits (see `client::Dialer`): no other is raised.
        cmd.args(["--per-key", "1"]);
        let relay_times = data.with_extension("relay");
        cmd.arg("--relay-times").arg(&relay_times);
        if let Some(n) = args.engine_threads {
            cmd.args(["--engine-threads", &n.to_string()]);
        }
        // The nodes' database is named here only: never one from the environment.
        cmd.env_remove("WORMHOLE_DATABASE_URL");
        if let Some(url) = database {
            cmd.args(["--database", url]);
        }
        if let Some(key) = host_key {
            cmd.arg("--host-key").arg(key);
        }
        let log = std::fs::File::create(data.with_extension("log"))?;
        let child = cmd
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .with_context(|| format!("cannot run {}", binary.display()))?;
        let mut node = ServerNode { child, port, relay_times };
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Some(status) = node.child.try_wait()? {
                bail!("the server node stopped ({status}): see {}", data.with_extension("log").display());
            }
            if Instant::now() > deadline {
                bail!("the server did not listen within 20 s");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(node)
    }
}

/// The server: its nodes, and a handle on its database.
struct Server {
    nodes: Vec<ServerNode>,
    /// What the benchmark reads of the server's database.
    store: Arc<Mutex<Box<dyn Records>>>,
    /// The database's URL (PostgreSQL), to name it.
    database: Option<String>,
}

impl Server {
    /// One node on SQLite in `dir`, or `--nodes` nodes on PostgreSQL.
    fn start(args: &Args, dir: &Path) -> anyhow::Result<Server> {
        let Some(count) = args.nodes.map(usize::from).or(args.database.as_ref().map(|_| 1)) else {
            let data = dir.join("data");
            let node = ServerNode::start(args, &data, None, None)?;
            let store: Box<dyn Records> = Box::new(Store::open(&data)?);
            return Ok(Server { nodes: vec![node], store: Arc::new(Mutex::new(store)), database: None });
        };
        let url = match &args.database {
            Some(url) => url.clone(),
            None => std::panic::catch_unwind(pg::database)
                .map_err(|_| anyhow::anyhow!("cannot start a throwaway PostgreSQL cluster (see above)"))?,
        };
        let mut nodes = vec![ServerNode::start(args, &dir.join("node0"), Some(&url), None)?];
        // The first node made the host key: the others share it, as an operator copies it.
        let key = dir.join("node0").join(wormhole_app::server::ssh::HOST_KEY_FILE);
        for n in 1..count {
            nodes.push(ServerNode::start(args, &dir.join(format!("node{n}")), Some(&url), Some(&key))?);
        }
        let store: Box<dyn Records> = Box::new(PgStore::open(&url)?);
        Ok(Server { nodes, store: Arc::new(Mutex::new(store)), database: Some(url) })
    }

    /// The nodes' ports, in order.
    fn ports(&self) -> Vec<u16> {
        self.nodes.iter().map(|n| n.port).collect()
    }

    /// The nodes' CPU time so far, in seconds, in all.
    fn cpu_seconds(&self) -> f64 {
        self.nodes.iter().map(|n| Process::Id(n.child.id()).cpu_seconds()).sum()
    }

    /// The nodes' resident memory now and at its peak, in KiB, in all.
    fn memory_kib(&self) -> (u64, u64) {
        let each = self.nodes.iter().map(|n| Process::Id(n.child.id()).memory_kib());
        each.fold((0, 0), |(rss, peak), (r, p)| (rss + r, peak + p))
    }

    /// The nodes' relay times together, as written after `after` (each
    /// node writes its own every second).
    fn relay_times(&self, after: SystemTime) -> anyhow::Result<RelayHistogram> {
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut all = RelayHistogram::default();
        for node in &self.nodes {
            let path = &node.relay_times;
            let fresh = || std::fs::metadata(path).and_then(|m| m.modified()).is_ok_and(|at| at > after);
            while !fresh() {
                if Instant::now() > deadline {
                    bail!("the server did not write its relay times to {} within 10 s", path.display());
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
            let one = RelayHistogram::parse(&text).with_context(|| format!("{} is no histogram", path.display()))?;
            all.merge(&one);
        }
        Ok(all)
    }

    /// Where the server runs, in words.
    fn describe(&self) -> String {
        let ports: Vec<String> = self.ports().iter().map(u16::to_string).collect();
        match &self.database {
            None => format!("one node on SQLite, port {}", ports.join("")),
            Some(url) => format!(
                "{} node(s) on PostgreSQL {}, ports {}",
                self.nodes.len(),
                wormhole_app::server::store::redact(url),
                ports.join(", ")
            ),
        }
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

async fn measure(args: &Args, server: &Server) -> anyhow::Result<()> {
    let (rss_empty, _) = server.memory_kib();
    eprintln!("wormhole-load --ssh: {}; connecting {} sessions", server.describe(), args.sessions);
    let setup = Instant::now();
    let ports = server.ports();
    let dial = client::Dialer::new(args.sessions);
    let (games, engine_games) = tokio::try_join!(
        drive::player_games(&dial, &ports, args.games, args.clock.as_deref()),
        drive::engine_games(&dial, &ports, args.engine_games, args.engine_level)
    )?;
    let ids: Vec<u64> = games.iter().map(|g| g.id).collect();
    let watchers = drive::watchers(&dial, &ports, args.sessions - 2 * args.games - args.engine_games, &ids).await?;
    let connected = setup.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (rss_connected, _) = server.memory_kib();
    eprintln!(
        "wormhole-load --ssh: {} sessions connected in {connected:.1} s; load for {} s",
        args.sessions, args.seconds
    );
    let cpu_before = server.cpu_seconds();
    let started = Instant::now();
    let stats = load(args, server, games, engine_games, watchers).await;
    let wall = started.elapsed().as_secs_f64();
    let cpu = server.cpu_seconds() - cpu_before;
    let (rss, peak) = server.memory_kib();
    let mut stats =
        Arc::try_unwrap(stats).map_err(|_| anyhow::anyhow!("a game is still running"))?.into_inner().unwrap();
    let store = Arc::clone(&server.store);
    stats = tokio::task::spawn_blocking(move || stats.check_stored(&store).map(|()| stats)).await??;
    // Every frame the clients saw was handed to its channel before now.
    let ended = SystemTime::now();
    let relayed = tokio::task::block_in_place(|| server.relay_times(ended))?;
    let per_session = (rss_connected.saturating_sub(rss_empty)) as f64 / args.sessions as f64;
    println!("{}", server.describe());
    println!(
        "connected {} sessions in {connected:.1} s ({} signing in at once, from {} loopback addresses)",
        args.sessions,
        client::CONNECTING_AT_ONCE,
        dial.addresses()
    );
    println!("{}", stats.summary(args, wall, cpu, &relayed));
    println!(
        "server memory (all nodes): {rss_empty} KiB with no session, {rss_connected} KiB with {} connected ({per_session:.0} KiB a session), {rss} KiB after the load, peak {peak} KiB",
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
        tasks.push(tokio::spawn(drive::play_engine(
            game,
            Arc::clone(&server.store),
            end,
            interval,
            Arc::clone(&stats),
        )));
    }
    for t in tasks {
        if let Err(e) = t.await {
            stats.lock().unwrap().lost.push(format!("a game's task failed: {e}"));
        }
    }
    stats
}
