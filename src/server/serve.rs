//! `wormhole serve`: its options, the data folder, and the start: the
//! store (SQLite in the data folder, or PostgreSQL with `--database`), the
//! hub on it, then the SSH server.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;

use super::hub::{Hub, HubConfig};
use super::ssh::{self, Guests, ServerConfig};
use super::store::{self, PgStore, Store};
use super::{backup, guard};
use crate::limits;

/// The options of `wormhole serve`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct ServeArgs {
    /// Without one, serve; or back the database up, or restore it.
    #[command(subcommand)]
    pub action: Option<ServeAction>,
    /// Address and port to listen on (loopback unless you say otherwise).
    #[arg(long, default_value = "127.0.0.1:2222")]
    pub listen: SocketAddr,
    /// The server's data folder (host key, database); default: the
    /// platform's data folder, wormhole/server/.
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Keep the server's data in this PostgreSQL database
    /// (`postgres://USER@HOST/DB`) instead of the SQLite file in the data
    /// folder (which still holds the host key); default: the environment's
    /// WORMHOLE_DATABASE_URL, if set.
    #[arg(long)]
    pub database: Option<String>,
    /// The SSH host key, an OpenSSH private key FILE that every node of one
    /// server shares (copy it to each), so that players see one server;
    /// default: the data folder's, made on first start.
    #[arg(long, value_name = "FILE")]
    pub host_key: Option<PathBuf>,
    /// What a connection without a known SSH key may do.
    #[arg(long, value_enum, default_value = "watch")]
    pub guests: Guests,
    /// Engine searches at once on the server (default: the number of cores).
    #[arg(long)]
    pub engine_threads: Option<usize>,
    /// The most sessions at once.
    #[arg(long, default_value_t = limits::SERVE_MAX_SESSIONS)]
    pub max_sessions: usize,
    /// The most sessions at once of one SSH key.
    #[arg(long, default_value_t = limits::SERVE_PER_KEY)]
    pub per_key: usize,
    /// Minutes a lobby may wait for a key before the session is closed.
    #[arg(long, default_value_t = 30)]
    pub idle_minutes: u64,
    /// The idle time in seconds instead (for the tests).
    #[arg(long, hide = true)]
    pub idle_seconds: Option<u64>,
    /// Seconds a player may be gone on their own move before the opponent may claim the win.
    #[arg(long, default_value_t = 120)]
    pub absence: u64,
    /// Seconds each side has for its first move in a timed game (at most
    /// the game's initial time) before the game is aborted, unrated.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(crate::limits::START_WINDOW_SECONDS))]
    pub start_window: u64,
    /// Input bytes a connection may send per second before it is disconnected.
    #[arg(long, default_value_t = limits::SERVE_INPUT_PER_SECOND)]
    pub input_per_second: usize,
    /// New connections one address may open per minute (beyond them it is refused).
    #[arg(long, default_value_t = limits::SERVE_CONNECTIONS_PER_MINUTE)]
    pub connections_per_minute: usize,
    /// No new session while the server's resident memory is at or past this many MiB.
    #[arg(long, default_value_t = limits::SERVE_MAX_MEMORY_MB)]
    pub max_memory_mb: u64,
    /// Serve even when the data folder is writable by others or the host
    /// key or database is readable by others (refused otherwise, with the chmod to run).
    #[arg(long)]
    pub unsafe_permissions: bool,
    /// Seconds a connection has to open its shell (at any stage) before it is closed.
    #[arg(long, default_value_t = limits::SERVE_LOGIN_GRACE_SECONDS)]
    pub login_grace: u64,
    /// The most connections not yet signed in at once; more are closed at once.
    #[arg(long, default_value_t = limits::SERVE_MAX_STARTUPS)]
    pub max_startups: usize,
    /// The most connections not yet signed in at once from one address.
    #[arg(long, default_value_t = limits::SERVE_MAX_STARTUPS_PER_ADDRESS)]
    pub max_startups_per_address: usize,
    /// Write the server's relay times (a move's keys read -> its frame
    /// handed to each other session's channel, a histogram) to FILE every
    /// second, for `wormhole-load --ssh`.
    #[arg(long, value_name = "FILE")]
    pub relay_times: Option<PathBuf>,
}

/// What `wormhole serve` does besides serving.
#[derive(Debug, clap::Subcommand)]
pub enum ServeAction {
    /// Apply the schema steps the database lacks, and say its version
    /// (serving applies them too).
    Migrate {
        /// The server's data folder (default: the platform's).
        #[arg(long)]
        data: Option<PathBuf>,
        /// The PostgreSQL database instead (default: WORMHOLE_DATABASE_URL).
        #[arg(long)]
        database: Option<String>,
    },
    /// Copy the database to a new FILE, consistent, while the server runs
    /// (SQLite's online backup API).
    Backup {
        /// The new file (an existing one is never overwritten).
        file: PathBuf,
        /// The server's data folder (default: the platform's).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Replace the database with the backup FILE (the server stopped); the
    /// database it replaces is kept beside it.
    Restore {
        /// A file made by `wormhole serve backup`.
        file: PathBuf,
        /// The server's data folder (default: the platform's).
        #[arg(long)]
        data: Option<PathBuf>,
    },
}

/// The default data folder: `<platform data folder>/wormhole/server`.
pub fn default_data_dir() -> anyhow::Result<PathBuf> {
    let base = dirs::data_dir().context("no data folder on this system: give one with --data DIR")?;
    Ok(base.join("wormhole").join("server"))
}

/// The data folder `data` names, or the default one.
fn data_dir(data: Option<&PathBuf>) -> anyhow::Result<PathBuf> {
    data.map_or_else(default_data_dir, |d| Ok(d.clone()))
}

/// The environment variable that names the PostgreSQL database when
/// `--database` does not.
pub const DATABASE_ENV: &str = "WORMHOLE_DATABASE_URL";

/// The PostgreSQL URL `--database` gives, or the environment's.
fn database_url(given: Option<&String>) -> Option<String> {
    given.cloned().or_else(|| std::env::var(DATABASE_ENV).ok().filter(|url| !url.is_empty()))
}

/// `wormhole serve migrate`: applies the schema steps and prints the version.
fn migrate(data: Option<&PathBuf>, database: Option<&String>) -> anyhow::Result<()> {
    let (version, place) = match database_url(database) {
        Some(url) => {
            let place = store::redact(&url);
            let mut store = PgStore::open(&url).with_context(|| format!("cannot open the database {place}"))?;
            (store.version()?, place)
        }
        None => {
            let dir = data_dir(data)?;
            let store = Store::open(&dir).with_context(|| format!("cannot open the database in {}", dir.display()))?;
            (store.version()?, dir.join(store::DB_FILE).display().to_string())
        }
    };
    println!("{place}: schema version {version}");
    Ok(())
}

/// Runs the server until it is killed, or backs up, restores or migrates its database.
pub fn run(args: &ServeArgs) -> anyhow::Result<()> {
    match &args.action {
        Some(ServeAction::Migrate { data, database }) => return migrate(data.as_ref(), database.as_ref()),
        Some(ServeAction::Backup { file, data }) => return backup::backup(&data_dir(data.as_ref())?, file),
        Some(ServeAction::Restore { file, data }) => return backup::restore(&data_dir(data.as_ref())?, file),
        None => {}
    }
    super::log::init();
    let data = data_dir(args.data.as_ref())?;
    create_private_dir(&data)?;
    if !args.unsafe_permissions {
        let absolute = |k: &PathBuf| std::path::absolute(k).unwrap_or_else(|_| k.clone()).display().to_string();
        let key = args.host_key.as_ref().map_or(ssh::HOST_KEY_FILE.into(), absolute);
        guard::check_permissions(&data, &[&key, store::DB_FILE])?;
    }
    let _lock = guard::lock(&data)?;
    backup::check(&data)?;
    let hub = start_hub(args, &data)?;
    let config = server_config(args, &data);
    let server = ssh::run(config, hub)?;
    if let Some(path) = &args.relay_times {
        let times = std::sync::Arc::clone(&server.relay_times);
        super::relay::keep_written(path.clone(), times)
            .with_context(|| format!("cannot write the relay times to {}", path.display()))?;
    }
    tracing::info!("serve: listening on {} (data in {})", server.addr, data.display());
    tracing::info!("serve: host key fingerprint {}", server.fingerprint);
    tracing::info!("serve: players connect with: ssh -p {} HOST", server.addr.port());
    server.wait();
    Ok(())
}

/// Opens the store the arguments name (PostgreSQL by URL, else SQLite in
/// `data`) and starts the hub on it.
fn start_hub(args: &ServeArgs, data: &std::path::Path) -> anyhow::Result<Hub> {
    let mut hub_config = HubConfig {
        absence: Duration::from_secs(args.absence),
        start_window: Duration::from_secs(args.start_window),
        ..HubConfig::default()
    };
    if let Some(n) = args.engine_threads {
        hub_config.engine_threads = n.max(1);
    }
    let hub = match database_url(args.database.as_ref()) {
        Some(url) => {
            let place = store::redact(&url);
            let store = PgStore::open(&url).with_context(|| format!("cannot open the database {place}"))?;
            tracing::info!("serve: data in the PostgreSQL database {place} (this node: {})", store.node());
            Hub::start(store, hub_config)
        }
        None => {
            let store = Store::open(data).with_context(|| format!("cannot open the database in {}", data.display()))?;
            Hub::start(store, hub_config)
        }
    };
    hub.context("cannot start the hub")
}

/// The SSH side's settings from the arguments, each clamped to a usable value.
fn server_config(args: &ServeArgs, data: &std::path::Path) -> ServerConfig {
    ServerConfig {
        host_key: args.host_key.clone(),
        listen: args.listen,
        data: data.to_path_buf(),
        guests: args.guests,
        max_sessions: args.max_sessions,
        per_key: args.per_key.max(1),
        idle: Duration::from_secs(args.idle_seconds.unwrap_or(args.idle_minutes.max(1) * 60).max(1)),
        input_per_second: args.input_per_second.max(1024),
        connections_per_minute: args.connections_per_minute.max(1),
        login_grace: Duration::from_secs(args.login_grace.max(1)),
        max_memory_mb: args.max_memory_mb.max(1),
        max_startups: args.max_startups.max(1),
        max_startups_per_address: args.max_startups_per_address.max(1),
    }
}

/// Creates the data folder, readable by its owner only.
fn create_private_dir(dir: &std::path::Path) -> anyhow::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .with_context(|| format!("cannot create the data folder {}", dir.display()))
}
