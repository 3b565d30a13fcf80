//! The SSH side of `wormhole serve`: russh's server, the host key, who a
//! connection is (its public key's fingerprint, or a guest), what is
//! refused, the limits, and the bridge between a connection's channel and
//! its app thread ([`super::session`]).
//!
//! Why russh: a maintained, pure-Rust SSH server with a per-connection
//! handler for every request we must answer or refuse (pty, shell, exec,
//! subsystem, forwarding, agent, X11); built on `ring` so no C library.
//!
//! Only a session channel with a pty and a shell is served. `exec`
//! (`ssh host uname`) gets a one-line message and exit status 1;
//! subsystems (sftp), X11 and agent forwarding are refused; direct-tcpip
//! (`ssh -L`, `-W`) and `tcpip-forward` (`ssh -R`) are refused.

use super::screens::terminal::{self, TerminalInfo};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{HashAlg, PrivateKey};
use russh::server::{Auth, ChannelOpenHandle, Handler, Msg, Session};
use russh::{Channel, ChannelId, ChannelOpenFailure, MethodKind, MethodSet, Pty};

use super::hub::Hub;
use super::inbox::{Identity, Input};
use super::relay::{RelayTimes, SessionRelay};
use super::session::{self, InputParser, Out, Outgoing, SessionStart};
use super::settings::Settings;
use crate::limits;

/// The host key's file in the data folder.
pub const HOST_KEY_FILE: &str = "host_ed25519_key";
/// What a command (`ssh host uname`) is told.
pub const EXEC_REFUSED: &str = "wormhole: this server only hosts the game; connect without a command: ssh -p PORT host";
/// What a shell without a pty is told.
pub const NO_PTY: &str = "wormhole: the game needs a terminal; connect with ssh -t";

/// Who may connect without a known key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Guests {
    /// Connections without a key may watch games.
    Watch,
    /// Only connections with a key are let in.
    None,
}

/// How the server runs: the `serve` command's options.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// The host key file all the server's nodes share (`--host-key`);
    /// `None`: the data folder's own.
    pub host_key: Option<PathBuf>,
    pub listen: SocketAddr,
    /// The data folder (host key, database).
    pub data: PathBuf,
    pub guests: Guests,
    /// The most sessions at once.
    pub max_sessions: usize,
    /// The most sessions at once of one key.
    pub per_key: usize,
    /// A lobby with no key pressed for this long is closed.
    pub idle: Duration,
    /// Input bytes a connection may send per second before it is dropped.
    pub input_per_second: usize,
    /// New connections one address may open per minute.
    pub connections_per_minute: usize,
    /// No new session while the server's resident memory is at or past this (MiB).
    pub max_memory_mb: u64,
    /// A connection without a shell by then is closed, whatever its stage.
    pub login_grace: Duration,
    /// The most connections not yet signed in, server-wide (like sshd's `MaxStartups`).
    pub max_startups: usize,
    /// The most connections not yet signed in from one address.
    pub max_startups_per_address: usize,
}

/// The running server: its address, and a way to stop it.
pub struct ServerHandle {
    pub addr: SocketAddr,
    pub fingerprint: String,
    /// The server's relay times (see [`super::relay`]).
    pub relay_times: Arc<RelayTimes>,
    /// Never sent on while the server runs, but load-bearing: the server's
    /// thread waits on its receiver, and dropping this sender (with the
    /// whole handle, or in [`ServerHandle::stop`]) shuts the server down.
    /// So whoever starts the server keeps the handle for as long as it
    /// should run (`wormhole serve` holds it in [`ServerHandle::wait`]).
    #[allow(dead_code, reason = "only read by stop, which has no caller; held, it keeps the server up")]
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl ServerHandle {
    /// Waits until the server stops (never, unless [`ServerHandle::stop`]).
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// Stops accepting connections and ends the server's runtime.
    #[allow(
        dead_code,
        reason = "no caller: `wormhole serve` waits for ever, and the tests and the SSH load benchmark run the server as a child process"
    )]
    pub fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.wait();
    }
}

/// The host key: the file `given` (`serve --host-key`, which every node
/// of one server shares: it must exist), else `dir`'s, made (ed25519,
/// mode 0600) on first start.
pub fn host_key(dir: &Path, given: Option<&Path>) -> anyhow::Result<PrivateKey> {
    if let Some(path) = given {
        if !path.exists() {
            anyhow::bail!(
                "no host key at {}: copy another node's ({HOST_KEY_FILE} in its data folder) there, or make one with \
                 ssh-keygen -t ed25519 -N '' -f {}",
                path.display(),
                path.display()
            );
        }
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        return PrivateKey::from_openssh(text).with_context(|| format!("{} is not an OpenSSH key", path.display()));
    }
    let path = dir.join(HOST_KEY_FILE);
    if path.exists() {
        let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
        return PrivateKey::from_openssh(text).with_context(|| format!("{} is not an OpenSSH key", path.display()));
    }
    let mut seed = [0u8; 32];
    rand::fill(&mut seed);
    let key = PrivateKey::from(Ed25519Keypair::from_seed(&seed));
    let text = key.to_openssh(russh::keys::ssh_key::LineEnding::LF).context("cannot encode the host key")?;
    write_private(&path, text.as_bytes())?;
    Ok(key)
}

/// Writes a new file readable by its owner only.
fn write_private(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .with_context(|| format!("cannot create {}", path.display()))?;
    f.write_all(bytes).and_then(|()| f.sync_all()).with_context(|| format!("cannot write {}", path.display()))
}

/// Starts the server on `hub`: binds, then serves on its own runtime thread.
pub fn run(config: ServerConfig, hub: Hub) -> anyhow::Result<ServerHandle> {
    std::fs::create_dir_all(&config.data).with_context(|| format!("cannot create {}", config.data.display()))?;
    let key = host_key(&config.data, config.host_key.as_deref())?;
    let fingerprint = key.public_key().fingerprint(HashAlg::Sha256).to_string();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(config.listen))
        .with_context(|| format!("cannot listen on {}", config.listen))?;
    let addr = listener.local_addr()?;
    let russh_config = Arc::new(russh_config(key));
    let settings = Settings::open(&config.data)?;
    let shared = Arc::new(ConnectionsShared::new(config, hub, settings));
    let relay_times = Arc::clone(&shared.relay_times);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::Builder::new().name("ssh-server".into()).spawn(move || {
        runtime.block_on(async move {
            tokio::select! {
                () = accept(shared, russh_config, listener) => {}
                _ = stopped => {}
            }
        });
    })?;
    Ok(ServerHandle { addr, fingerprint, relay_times, stop: Some(stop), thread: Some(thread) })
}

/// Takes connections until the runtime ends: each is admitted as a
/// startup (or closed at once when too many wait to sign in) and served
/// on its own task under the login grace.
async fn accept(shared: Arc<ConnectionsShared>, config: Arc<russh::server::Config>, listener: tokio::net::TcpListener) {
    loop {
        let (socket, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of descriptors, say: wait a moment rather than spin.
                tracing::error!("serve: cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let startup = match shared.startup(peer.ip()) {
            Ok(startup) => startup,
            Err(why) => {
                tracing::warn!("serve: connection from {peer} refused: {why}");
                continue;
            }
        };
        let (started, shell) = tokio::sync::oneshot::channel();
        let handler = Connection::new(Arc::clone(&shared), peer, startup, started);
        tokio::spawn(serve_connection(Arc::clone(&config), socket, handler, shell, shared.config.login_grace));
    }
}

/// Serves one connection; closes it at the login grace unless it opened
/// its shell by then (at any stage: silent, in key exchange, signed in
/// without a channel, a channel without a shell).
async fn serve_connection(
    config: Arc<russh::server::Config>,
    socket: tokio::net::TcpStream,
    handler: Connection,
    shell: tokio::sync::oneshot::Receiver<()>,
    grace: Duration,
) {
    let peer = handler.peer.clone();
    let _ = socket.set_nodelay(true);
    // A second descriptor of the socket: shutting it down ends the
    // connection whatever russh waits for (a key exchange never finished
    // holds back its own disconnect).
    let (socket, killer) = match socket.into_std().and_then(|s| Ok((s.try_clone()?, s))) {
        Ok((s, killer)) => match tokio::net::TcpStream::from_std(s) {
            Ok(s) => (s, killer),
            Err(e) => return tracing::warn!("serve: {peer} dropped: {e}"),
        },
        Err(e) => return tracing::warn!("serve: {peer} dropped: {e}"),
    };
    tokio::spawn(async move {
        if let Ok(session) = russh::server::run_stream(config, socket, handler).await {
            let _ = session.await;
        }
    });
    // Ok(Ok): the shell started; Ok(Err): the connection ended before.
    if tokio::time::timeout(grace, shell).await.is_err() {
        tracing::warn!("serve: {peer} closed: no shell within the login grace ({} s)", grace.as_secs());
        let _ = killer.shutdown(std::net::Shutdown::Both);
    }
}

/// russh's settings: our key, public key and keyboard-interactive (guests) only.
fn russh_config(key: PrivateKey) -> russh::server::Config {
    let methods = MethodSet::from(&[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..]);
    russh::server::Config {
        keys: vec![key],
        methods,
        auth_rejection_time: Duration::from_millis(500),
        auth_rejection_time_initial: Some(Duration::ZERO),
        max_auth_attempts: AUTH_ATTEMPTS,
        inactivity_timeout: None,
        keepalive_interval: Some(Duration::from_secs(30)),
        nodelay: true,
        ..Default::default()
    }
}

/// Authentication attempts allowed on one connection.
const AUTH_ATTEMPTS: usize = 6;

/// Addresses in the rate limit's map past which it is pruned (of those
/// with no connection in the last minute).
const RECENT_PRUNE_AT: usize = 1024;

/// What every connection shares.
struct ConnectionsShared {
    config: ServerConfig,
    hub: Hub,
    settings: Arc<Settings>,
    sessions: AtomicUsize,
    per_key: Mutex<HashMap<String, usize>>,
    /// Recent connection times per address (the rate limit).
    recent: Mutex<HashMap<std::net::IpAddr, Vec<Instant>>>,
    /// Connections not yet signed in, per address.
    startups: Mutex<HashMap<std::net::IpAddr, usize>>,
    /// The server's relay times, counted by every session.
    relay_times: Arc<RelayTimes>,
}

impl ConnectionsShared {
    fn new(config: ServerConfig, hub: Hub, settings: Settings) -> ConnectionsShared {
        ConnectionsShared {
            config,
            hub,
            settings: Arc::new(settings),
            sessions: AtomicUsize::new(0),
            per_key: Mutex::new(HashMap::new()),
            recent: Mutex::new(HashMap::new()),
            startups: Mutex::new(HashMap::new()),
            relay_times: Arc::default(),
        }
    }

    /// Counts a new connection from `ip` among those not signed in yet, or
    /// says why it is refused (too many such, server-wide or from `ip`).
    fn startup(self: &Arc<Self>, ip: std::net::IpAddr) -> Result<Startup, String> {
        let mut startups = self.startups.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let total: usize = startups.values().sum();
        if total >= self.config.max_startups {
            return Err(format!("{total} connections are signing in (--max-startups)"));
        }
        let here = startups.entry(ip).or_default();
        if *here >= self.config.max_startups_per_address {
            return Err(format!("{here} connections from this address are signing in (--max-startups-per-address)"));
        }
        *here += 1;
        Ok(Startup { shared: Arc::clone(self), ip })
    }

    /// Whether `ip` may open one more connection now. Only admitted
    /// connections count; addresses with none in the last minute are
    /// dropped from the map, so it holds a minute of addresses at most.
    fn admit(&self, ip: std::net::IpAddr) -> bool {
        let minute = Duration::from_secs(60);
        let mut recent = self.recent.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if recent.len() > RECENT_PRUNE_AT {
            recent.retain(|_, times| times.last().is_some_and(|t| t.elapsed() < minute));
        }
        let times = recent.entry(ip).or_default();
        times.retain(|t| t.elapsed() < minute);
        if times.len() >= self.config.connections_per_minute {
            return false;
        }
        times.push(Instant::now());
        true
    }

    /// Takes a session slot for `key`, or says why not.
    fn take_slot(self: &Arc<Self>, key: Option<&str>) -> Result<SessionSlot, String> {
        if self.sessions.fetch_add(1, Ordering::SeqCst) >= self.config.max_sessions {
            self.sessions.fetch_sub(1, Ordering::SeqCst);
            return Err(format!("wormhole: the server is full ({} sessions); try later", self.config.max_sessions));
        }
        if let Some(key) = key {
            let mut per_key = self.per_key.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let n = per_key.entry(key.to_string()).or_default();
            if *n >= self.config.per_key {
                self.sessions.fetch_sub(1, Ordering::SeqCst);
                return Err(format!(
                    "wormhole: this key has as many sessions open as it may ({})",
                    self.config.per_key
                ));
            }
            *n += 1;
        }
        Ok(SessionSlot { shared: Arc::clone(self), key: key.map(str::to_string) })
    }
}

/// A session counted in the limits until it is dropped.
struct SessionSlot {
    shared: Arc<ConnectionsShared>,
    key: Option<String>,
}

impl Drop for SessionSlot {
    fn drop(&mut self) {
        self.shared.sessions.fetch_sub(1, Ordering::SeqCst);
        if let Some(key) = &self.key {
            let mut per_key = self.shared.per_key.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(n) = per_key.get_mut(key) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    per_key.remove(key);
                }
            }
        }
    }
}

/// A connection counted among those not signed in yet, until dropped.
struct Startup {
    shared: Arc<ConnectionsShared>,
    ip: std::net::IpAddr,
}

impl Drop for Startup {
    fn drop(&mut self) {
        let mut startups = self.shared.startups.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = startups.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                startups.remove(&self.ip);
            }
        }
    }
}

impl Connection {
    /// A new connection from `peer`; `started` is told when its shell starts.
    fn new(
        shared: Arc<ConnectionsShared>,
        peer: SocketAddr,
        startup: Startup,
        started: tokio::sync::oneshot::Sender<()>,
    ) -> Connection {
        let refused = !shared.admit(peer.ip());
        if refused {
            tracing::warn!("serve: connection from {peer} refused: too many");
        } else {
            tracing::info!("serve: connection from {peer}");
        }
        Connection {
            shared,
            peer: peer.to_string(),
            refused,
            startup: Some(startup),
            started: Some(started),
            identity: None,
            channel: None,
            pty: None,
            terminal: TerminalInfo::default(),
            capped: false,
            unsigned: None,
            resizes: Resizes::default(),
            shell: false,
            input: None,
            parser: InputParser::default(),
            meter: Meter::default(),
        }
    }
}

/// Input bytes as a token bucket: [`limits::SERVE_INPUT_BURST_SECONDS`]
/// of the rate may come at once, the rate holds over time (a fixed
/// one-second window dropped bursty clients under the rate).
#[derive(Default)]
struct Meter {
    /// Bytes the client may still send now.
    tokens: f64,
    /// When `tokens` was last filled; `None` before the first input (full).
    at: Option<Instant>,
}

impl Meter {
    /// Takes `n` bytes at `now` under `rate` bytes a second; whether the
    /// bucket held them.
    fn within_at(&mut self, n: usize, rate: usize, now: Instant) -> bool {
        let rate = rate as f64;
        let full = rate * limits::SERVE_INPUT_BURST_SECONDS;
        let filled = self.at.map_or(full, |t| self.tokens + now.saturating_duration_since(t).as_secs_f64() * rate);
        self.at = Some(now);
        self.tokens = filled.min(full) - n as f64;
        self.tokens >= 0.0
    }

    /// [`Meter::within_at`] now.
    fn within(&mut self, n: usize, rate: usize) -> bool {
        self.within_at(n, rate, Instant::now())
    }
}

/// One client connection.
struct Connection {
    shared: Arc<ConnectionsShared>,
    peer: String,
    refused: bool,
    /// Counted among the connections signing in, until signed in.
    startup: Option<Startup>,
    /// Told when the shell starts (the login grace ends).
    started: Option<tokio::sync::oneshot::Sender<()>>,
    identity: Option<Identity>,
    channel: Option<ChannelId>,
    /// The pty's size, once asked for.
    pty: Option<(u16, u16)>,
    /// The client's terminal: its name (TERM) and COLORTERM, if sent.
    terminal: TerminalInfo,
    /// Whether the client was told its window is drawn smaller.
    capped: bool,
    /// A key offered whose signature never came or was refused: a guest
    /// after it is told so (never a silent guest).
    unsigned: Option<String>,
    resizes: Resizes,
    /// Whether the channel asked for its shell (it gets one; a second
    /// `shell` or a `pty-req` after it is answered with failure).
    shell: bool,
    /// The app thread's inputs, once the shell started.
    input: Option<Sender<Input>>,
    parser: InputParser,
    meter: Meter,
}

impl Drop for Connection {
    fn drop(&mut self) {
        if let Some(input) = &self.input {
            let _ = input.send(Input::Closed);
        }
        tracing::info!("serve: {} disconnected", self.peer);
    }
}

/// A terminal size as the server draws it: at most
/// [`limits::SERVE_MAX_COLS`] x [`limits::SERVE_MAX_ROWS`].
fn dim(cols: u32, rows: u32) -> (u16, u16) {
    (cols.clamp(1, limits::SERVE_MAX_COLS) as u16, rows.clamp(1, limits::SERVE_MAX_ROWS) as u16)
}

/// The server's resident memory in MiB (Linux's /proc), if known.
fn resident_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// Window changes on their way to the app: one at most every
/// [`limits::SERVE_RESIZE_EVERY_MS`], the latest size winning.
#[derive(Default, Clone)]
struct Resizes(Arc<Mutex<ResizeState>>);

#[derive(Default)]
struct ResizeState {
    /// The size not forwarded yet.
    pending: Option<(u16, u16)>,
    /// When the last size was forwarded.
    last: Option<Instant>,
}

impl Resizes {
    /// Forwards `size` now, or when its turn comes if one went lately.
    fn change(&self, size: (u16, u16), input: &Sender<Input>) {
        let every = Duration::from_millis(limits::SERVE_RESIZE_EVERY_MS);
        let wait = {
            let mut state = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let waiting = state.pending.replace(size).is_some();
            if waiting {
                return;
            }
            state.last.map_or(Duration::ZERO, |t| every.saturating_sub(t.elapsed()))
        };
        if wait.is_zero() {
            return self.send(input);
        }
        let (me, input) = (self.clone(), input.clone());
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            me.send(&input);
        });
    }

    fn send(&self, input: &Sender<Input>) {
        let mut state = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((w, h)) = state.pending.take() {
            state.last = Some(Instant::now());
            let _ = input.send(Input::Resize(w, h));
        }
    }
}

impl Connection {
    /// Tells the client `text`, sets the exit status and closes the channel.
    fn refuse(&self, channel: ChannelId, text: &str, session: &mut Session) -> Result<(), russh::Error> {
        session.data(channel, format!("{text}\r\n").into_bytes())?;
        session.exit_status_request(channel, 1)?;
        session.eof(channel)?;
        session.close(channel)
    }

    /// The size drawn for a client's `cols` x `rows`; a larger window is
    /// logged (once a connection) and the session's status line says so.
    fn size(&mut self, cols: u32, rows: u32) -> (u16, u16) {
        let size = dim(cols, rows);
        if (u32::from(size.0), u32::from(size.1)) != (cols.max(1), rows.max(1)) && !self.capped {
            self.capped = true;
            tracing::warn!("serve: {} window {cols}x{rows} drawn at {}x{}", self.peer, size.0, size.1);
        }
        size
    }

    /// What the session's status line says at the start: the window drawn
    /// smaller, a key that did not sign in.
    fn note(&self) -> Option<String> {
        let capped = self.capped.then(|| {
            let (w, h) = (limits::SERVE_MAX_COLS, limits::SERVE_MAX_ROWS);
            format!("your window is drawn at {w}x{h}, the most this server draws")
        });
        let unsigned = self.unsigned.as_ref().map(|fp| format!("your key {fp} did not sign in: you are a guest"));
        let notes: Vec<String> = unsigned.into_iter().chain(capped).collect();
        (!notes.is_empty()).then(|| notes.join(" - "))
    }

    /// Disconnects a client that sent more input than its rate.
    fn flooded(&self, channel: ChannelId, session: &mut Session) -> Result<(), russh::Error> {
        let limit = self.shared.config.input_per_second;
        tracing::warn!("serve: {} disconnected: more than {limit} input bytes a second", self.peer);
        let _ = session.data(channel, b"\r\nwormhole: too much input; disconnected\r\n".to_vec());
        session.disconnect(russh::Disconnect::ByApplication, "too much input", "")
    }

    /// Starts the app thread for the shell on `channel`.
    fn start_app(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), russh::Error> {
        let Some((w, h)) = self.pty else { return self.refuse(channel, NO_PTY, session) };
        let Some(identity) = self.identity.clone() else {
            return self.refuse(channel, "wormhole: not signed in", session);
        };
        if let Some(mb) = resident_mb().filter(|&mb| mb >= self.shared.config.max_memory_mb) {
            tracing::warn!("serve: {} refused: the server uses {mb} MiB (--max-memory-mb)", self.peer);
            return self.refuse(channel, "wormhole: the server is short of memory; try later", session);
        }
        let slot = match self.shared.take_slot(identity.key_fp()) {
            Ok(slot) => slot,
            Err(why) => {
                tracing::warn!("serve: {} refused: {why}", self.peer);
                return self.refuse(channel, &why, session);
            }
        };
        let (input, inputs) = std::sync::mpsc::channel();
        let (out, outs) = session::outbox();
        let relay = Arc::new(SessionRelay::new(Arc::clone(&self.shared.relay_times)));
        tokio::spawn(forward_output(session.handle(), channel, (outs, Arc::clone(&relay)), self.peer.clone()));
        let start = SessionStart {
            hub: self.shared.hub.clone(),
            identity,
            size: (w, h),
            idle: self.shared.config.idle,
            peer: self.peer.clone(),
            to: input.clone(),
            settings: Arc::clone(&self.shared.settings),
            note: self.note(),
            display: self.terminal.display(),
            relay,
        };
        let spawned = std::thread::Builder::new().name("session".into()).spawn(move || {
            let _slot = slot;
            session::run(start, &inputs, out);
        });
        match spawned {
            Ok(_) => {
                self.input = Some(input);
                if let Some(started) = self.started.take() {
                    let _ = started.send(());
                }
            }
            Err(e) => return self.refuse(channel, &format!("wormhole: cannot start a session: {e}"), session),
        }
        Ok(())
    }
}

/// How long one frame may wait for a client that takes no bytes before
/// the connection is dropped (its games go on).
const STALLED: Duration = Duration::from_secs(60);

/// Sends the app thread's frames to the client; closes the channel when
/// the app ends, and drops a client that has taken nothing for [`STALLED`].
/// The relays of the frames it sends are counted in `relay`.
async fn forward_output(
    handle: russh::server::Handle,
    channel: ChannelId,
    (mut outs, relay): (Outgoing, Arc<SessionRelay>),
    peer: String,
) {
    while let Some(out) = outs.next().await {
        match out {
            Out::Data(bytes, relayed) => match tokio::time::timeout(STALLED, handle.data(channel, bytes)).await {
                Ok(Ok(())) => relay.written(&relayed),
                Ok(Err(_)) => return,
                Err(_) => {
                    tracing::warn!("serve: {peer} dropped: took no output for {} s", STALLED.as_secs());
                    let why = "the client took no output".to_string();
                    let _ = handle.disconnect(russh::Disconnect::ByApplication, why, String::new()).await;
                    return;
                }
            },
            Out::Close => break,
        }
    }
    let _ = handle.exit_status_request(channel, 0).await;
    let _ = handle.eof(channel).await;
    let _ = handle.close(channel).await;
}

impl Handler for Connection {
    type Error = russh::Error;

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        offer: russh::server::PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        if self.refused {
            return Ok(Auth::reject());
        }
        self.unsigned = Some(offer.public_key.fingerprint(HashAlg::Sha256).to_string());
        Ok(Auth::Accept)
    }

    async fn auth_publickey(
        &mut self,
        _user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        if self.refused {
            return Ok(Auth::reject());
        }
        self.unsigned = None;
        let fp = key.public_key.fingerprint(HashAlg::Sha256).to_string();
        let text = key.public_key.to_openssh().unwrap_or_default();
        self.identity = Some(Identity::Key { fp, text });
        self.startup = None;
        Ok(Auth::Accept)
    }

    /// With `--guests none`, the client is told before it gives up that a
    /// key is needed, and how to make one.
    async fn authentication_banner(&mut self) -> Result<Option<String>, Self::Error> {
        Ok((self.shared.config.guests == Guests::None).then(|| crate::server::screens::KEY_NEEDED.to_string()))
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        _user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        if self.refused || self.shared.config.guests == Guests::None {
            return Ok(Auth::reject());
        }
        if let Some(fp) = &self.unsigned {
            tracing::warn!("serve: {} offered key {fp} without a valid signature; a guest", self.peer);
        }
        self.identity = Some(Identity::Guest);
        self.startup = None;
        Ok(Auth::Accept)
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // One session channel per connection, for the connection's life (a
        // channel closed is not reopened): so one app session at most.
        if self.channel.is_some() {
            tracing::warn!("serve: {} refused: a second session channel", self.peer);
            reply.reject(ChannelOpenFailure::AdministrativelyProhibited).await;
            return Ok(());
        }
        self.channel = Some(channel.id());
        reply.accept().await;
        Ok(())
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        host: &str,
        port: u32,
        _originator: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        tracing::warn!("serve: {} refused: forwarding to {host}:{port}", self.peer);
        reply.reject(ChannelOpenFailure::AdministrativelyProhibited).await;
        Ok(())
    }

    async fn channel_open_x11(
        &mut self,
        _channel: Channel<Msg>,
        _address: &str,
        _port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        reply.reject(ChannelOpenFailure::AdministrativelyProhibited).await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        cols: u32,
        rows: u32,
        _pix_w: u32,
        _pix_h: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.shell || self.channel != Some(channel) {
            tracing::warn!("serve: {} refused: a pty request after the shell", self.peer);
            return session.channel_failure(channel);
        }
        self.pty = Some(self.size(cols, rows));
        self.terminal.name = terminal::kept(term);
        session.channel_success(channel)
    }

    /// COLORTERM, if the client sends it (`ssh -o SetEnv=COLORTERM=truecolor`),
    /// says whether the terminal shows 24-bit colour; other variables are ignored.
    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if name == "COLORTERM" && self.channel == Some(channel) && !self.shell {
            self.terminal.colorterm = Some(terminal::kept(value));
        }
        Ok(())
    }

    async fn shell_request(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), Self::Error> {
        if self.shell || self.channel != Some(channel) {
            tracing::warn!("serve: {} refused: a second shell", self.peer);
            return session.channel_failure(channel);
        }
        self.shell = true;
        session.channel_success(channel)?;
        self.start_app(channel, session)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        tracing::warn!("serve: {} refused: a command ({} bytes)", self.peer, data.len());
        session.channel_success(channel)?;
        self.refuse(channel, EXEC_REFUSED, session)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        tracing::warn!("serve: {} refused: subsystem {:?}", self.peer, name.chars().take(32).collect::<String>());
        session.channel_failure(channel)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single: bool,
        _protocol: &str,
        _cookie: &str,
        _screen: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn agent_request(&mut self, _channel: ChannelId, _session: &mut Session) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        tracing::warn!("serve: {} refused: remote forwarding", self.peer);
        Ok(false)
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_w: u32,
        _pix_h: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.meter.within(limits::SERVE_WINDOW_CHANGE_COST, self.shared.config.input_per_second) {
            return self.flooded(channel, session);
        }
        let size = self.size(cols, rows);
        self.pty = Some(size);
        if let Some(input) = &self.input {
            self.resizes.change(size, input);
        }
        Ok(())
    }

    async fn data(&mut self, channel: ChannelId, data: &[u8], session: &mut Session) -> Result<(), Self::Error> {
        if !self.meter.within(data.len(), self.shared.config.input_per_second) {
            return self.flooded(channel, session);
        }
        let Some(input) = &self.input else { return Ok(()) };
        let read = Instant::now();
        for event in self.parser.feed(data) {
            if input.send(Input::Event(event, read)).is_err() {
                break;
            }
        }
        Ok(())
    }

    async fn channel_eof(&mut self, _channel: ChannelId, _session: &mut Session) -> Result<(), Self::Error> {
        if let Some(input) = &self.input {
            let _ = input.send(Input::Closed);
        }
        Ok(())
    }

    async fn channel_close(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), Self::Error> {
        self.channel_eof(channel, session).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bursty_client_under_the_rate_passes_and_a_flood_does_not() {
        let rate = 64 * 1024;
        let start = Instant::now();
        // 112 KiB every 2 s: 56 KiB/s, under the rate, in bursts a fixed
        // one-second window refused.
        let mut meter = Meter::default();
        for burst in 0..50u32 {
            let at = start + Duration::from_secs(u64::from(burst) * 2);
            for chunk in 0..112u64 {
                assert!(meter.within_at(1024, rate, at + Duration::from_micros(chunk)), "burst {burst}");
            }
        }
        // Twice the rate, steadily: refused within the burst allowance and a bit.
        let mut meter = Meter::default();
        let refused = (0..20_000u64).find(|i| !meter.within_at(1024, rate, start + Duration::from_micros(i * 7_800)));
        let at = refused.expect("a flood is refused");
        assert!(at > 256 && at < 1024, "refused after {at} KiB");
    }
}
