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
use russh::server::{Auth, ChannelOpenHandle, Handler, Msg, Server, Session};
use russh::{Channel, ChannelId, ChannelOpenFailure, MethodKind, MethodSet, Pty};

use super::hub::Hub;
use super::inbox::{Identity, Input};
use super::session::{self, InputParser, Out, Outgoing, SessionStart};
use super::settings::Settings;

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
}

/// The running server: its address, and a way to stop it.
pub struct ServerHandle {
    pub addr: SocketAddr,
    pub fingerprint: String,
    #[allow(dead_code, reason = "read by stop")]
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
    #[allow(dead_code, reason = "for in-process use: tests and the load benchmark")]
    pub fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.wait();
    }
}

/// The host key of `dir`, made (ed25519, mode 0600) on first start.
pub fn host_key(dir: &Path) -> anyhow::Result<PrivateKey> {
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
    let key = host_key(&config.data)?;
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
    let mut server = Wormhole { shared: Arc::new(Shared::new(config, hub, settings)) };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::Builder::new().name("ssh-server".into()).spawn(move || {
        runtime.block_on(async move {
            let running = server.run_on_socket(russh_config, &listener);
            let handle = running.handle();
            tokio::select! {
                r = running => if let Err(e) = r { eprintln!("serve: error: {e}") },
                _ = stopped => handle.shutdown("the server stops".into()),
            }
        });
    })?;
    Ok(ServerHandle { addr, fingerprint, stop: Some(stop), thread: Some(thread) })
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

/// What every connection shares.
struct Shared {
    config: ServerConfig,
    hub: Hub,
    settings: Arc<Settings>,
    sessions: AtomicUsize,
    per_key: Mutex<HashMap<String, usize>>,
    /// Recent connection times per address (the rate limit).
    recent: Mutex<HashMap<std::net::IpAddr, Vec<Instant>>>,
}

impl Shared {
    fn new(config: ServerConfig, hub: Hub, settings: Settings) -> Shared {
        Shared {
            config,
            hub,
            settings: Arc::new(settings),
            sessions: AtomicUsize::new(0),
            per_key: Mutex::new(HashMap::new()),
            recent: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `ip` may open one more connection now.
    fn admit(&self, ip: std::net::IpAddr) -> bool {
        let mut recent = self.recent.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let times = recent.entry(ip).or_default();
        times.retain(|t| t.elapsed() < Duration::from_secs(60));
        times.push(Instant::now());
        times.len() <= self.config.connections_per_minute
    }

    /// Takes a session slot for `key`, or says why not.
    fn take_slot(self: &Arc<Self>, key: Option<&str>) -> Result<Slot, String> {
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
        Ok(Slot { shared: Arc::clone(self), key: key.map(str::to_string) })
    }
}

/// A session counted in the limits until it is dropped.
struct Slot {
    shared: Arc<Shared>,
    key: Option<String>,
}

impl Drop for Slot {
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

/// The server: makes one [`Connection`] per client.
struct Wormhole {
    shared: Arc<Shared>,
}

impl Server for Wormhole {
    type Handler = Connection;

    fn new_client(&mut self, peer: Option<SocketAddr>) -> Connection {
        let refused = peer.is_some_and(|p| !self.shared.admit(p.ip()));
        let peer_text = peer.map_or("?".to_string(), |p| p.to_string());
        eprintln!("serve: connection from {peer_text}{}", if refused { " refused: too many" } else { "" });
        Connection {
            shared: Arc::clone(&self.shared),
            peer: peer_text,
            refused,
            identity: None,
            channel: None,
            pty: None,
            input: None,
            parser: InputParser::default(),
            meter: Meter::default(),
        }
    }
}

/// Input bytes counted over the last second.
#[derive(Default)]
struct Meter {
    since: Option<Instant>,
    bytes: usize,
}

impl Meter {
    /// Counts `n` bytes; whether the last second's total is within `limit`.
    fn within(&mut self, n: usize, limit: usize) -> bool {
        let now = Instant::now();
        if self.since.is_none_or(|t| now.duration_since(t) >= Duration::from_secs(1)) {
            self.since = Some(now);
            self.bytes = 0;
        }
        self.bytes += n;
        self.bytes <= limit
    }
}

/// One client connection.
struct Connection {
    shared: Arc<Shared>,
    peer: String,
    refused: bool,
    identity: Option<Identity>,
    channel: Option<ChannelId>,
    /// The pty's size, once asked for.
    pty: Option<(u16, u16)>,
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
        eprintln!("serve: {} disconnected", self.peer);
    }
}

/// A terminal size as u16, within what a screen can be.
fn dim(n: u32) -> u16 {
    n.clamp(1, 1000) as u16
}

impl Connection {
    /// Tells the client `text`, sets the exit status and closes the channel.
    fn refuse(&self, channel: ChannelId, text: &str, session: &mut Session) -> Result<(), russh::Error> {
        session.data(channel, format!("{text}\r\n").into_bytes())?;
        session.exit_status_request(channel, 1)?;
        session.eof(channel)?;
        session.close(channel)
    }

    /// Starts the app thread for the shell on `channel`.
    fn start_app(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), russh::Error> {
        let Some((w, h)) = self.pty else { return self.refuse(channel, NO_PTY, session) };
        let Some(identity) = self.identity.clone() else {
            return self.refuse(channel, "wormhole: not signed in", session);
        };
        let slot = match self.shared.take_slot(identity.key_fp()) {
            Ok(slot) => slot,
            Err(why) => {
                eprintln!("serve: {} refused: {why}", self.peer);
                return self.refuse(channel, &why, session);
            }
        };
        let (input, inputs) = std::sync::mpsc::channel();
        let (out, outs) = session::outbox();
        tokio::spawn(forward_output(session.handle(), channel, outs, self.peer.clone()));
        let start = SessionStart {
            hub: self.shared.hub.clone(),
            identity,
            size: (w, h),
            idle: self.shared.config.idle,
            peer: self.peer.clone(),
            to: input.clone(),
            settings: Arc::clone(&self.shared.settings),
        };
        let spawned = std::thread::Builder::new().name("session".into()).spawn(move || {
            let _slot = slot;
            session::run(start, &inputs, out);
        });
        match spawned {
            Ok(_) => self.input = Some(input),
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
async fn forward_output(handle: russh::server::Handle, channel: ChannelId, mut outs: Outgoing, peer: String) {
    while let Some(out) = outs.next().await {
        match out {
            Out::Data(bytes) => match tokio::time::timeout(STALLED, handle.data(channel, bytes)).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) => return,
                Err(_) => {
                    eprintln!("serve: {peer} dropped: took no output for {} s", STALLED.as_secs());
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

    async fn auth_publickey(
        &mut self,
        _user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        if self.refused {
            return Ok(Auth::reject());
        }
        let fp = key.public_key.fingerprint(HashAlg::Sha256).to_string();
        let text = key.public_key.to_openssh().unwrap_or_default();
        self.identity = Some(Identity::Key { fp, text });
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
        self.identity = Some(Identity::Guest);
        Ok(Auth::Accept)
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
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
        eprintln!("serve: {} refused: forwarding to {host}:{port}", self.peer);
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
        _term: &str,
        cols: u32,
        rows: u32,
        _pix_w: u32,
        _pix_h: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.pty = Some((dim(cols), dim(rows)));
        session.channel_success(channel)
    }

    async fn shell_request(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), Self::Error> {
        session.channel_success(channel)?;
        self.start_app(channel, session)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        eprintln!("serve: {} refused: a command ({} bytes)", self.peer, data.len());
        session.channel_success(channel)?;
        self.refuse(channel, EXEC_REFUSED, session)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        eprintln!("serve: {} refused: subsystem {:?}", self.peer, name.chars().take(32).collect::<String>());
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
        eprintln!("serve: {} refused: remote forwarding", self.peer);
        Ok(false)
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_w: u32,
        _pix_h: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.pty = Some((dim(cols), dim(rows)));
        if let Some(input) = &self.input {
            let _ = input.send(Input::Resize(dim(cols), dim(rows)));
        }
        Ok(())
    }

    async fn data(&mut self, channel: ChannelId, data: &[u8], session: &mut Session) -> Result<(), Self::Error> {
        if !self.meter.within(data.len(), self.shared.config.input_per_second) {
            eprintln!(
                "serve: {} disconnected: more than {} input bytes a second",
                self.peer, self.shared.config.input_per_second
            );
            let _ = session.data(channel, b"\r\nwormhole: too much input; disconnected\r\n".to_vec());
            session.disconnect(russh::Disconnect::ByApplication, "too much input", "")?;
            return Ok(());
        }
        let Some(input) = &self.input else { return Ok(()) };
        for event in self.parser.feed(data) {
            if input.send(Input::Event(event)).is_err() {
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
