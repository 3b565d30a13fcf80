//! One SSH session of the load benchmark: a russh client with a pty, the
//! screen it is shown kept by a vt100 parser, and waits for text on it
//! that record the moment the text appeared.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use russh::client::{self, Handle, Msg};
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg};
use russh::{ChannelMsg, ChannelWriteHalf};
use tokio::sync::oneshot;

/// The pty every session asks for.
pub const COLS: u16 = 120;
pub const ROWS: u16 = 40;

/// Accepts the benchmark's own server, whatever its host key.
pub struct TrustAny;

impl client::Handler for TrustAny {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _key: &russh::keys::PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// Text someone waits to see, and where to say when it showed.
struct Waiter {
    text: String,
    found: oneshot::Sender<Instant>,
}

/// The screen of one session and who waits on it.
#[derive(Default)]
struct ClientScreen {
    parser: Option<vt100::Parser>,
    waiters: Vec<Waiter>,
    closed: bool,
}

impl ClientScreen {
    fn contents(&self) -> String {
        self.parser.as_ref().map_or_else(String::new, |p| p.screen().contents())
    }

    /// Feeds bytes, then answers every waiter whose text now shows.
    fn feed(&mut self, bytes: &[u8]) {
        self.parser
            .get_or_insert_with(|| {
                vt100::Parser::new(ROWS.try_into().expect("rows"), COLS.try_into().expect("cols"), 0)
            })
            .process(bytes);
        if self.waiters.is_empty() {
            return;
        }
        let now = Instant::now();
        let text = self.contents();
        let (found, waiting) = std::mem::take(&mut self.waiters).into_iter().partition(|w| text.contains(&w.text));
        self.waiters = waiting;
        for w in found {
            let _: Result<(), Instant> = w.found.send(now);
        }
    }
}

/// The most sessions signing in at once (connected, not yet in their
/// shell): under the server's `--max-startups` (100).
pub const CONNECTING_AT_ONCE: usize = 40;

/// How many sessions connect from one loopback address: each address's
/// connections stay under the server's `--connections-per-minute` (60)
/// and, connecting at most [`CONNECTING_AT_ONCE`] at a time in turn over
/// the addresses, its `--max-startups-per-address` (10), as players from
/// many addresses do; so no limit is raised for them.
const PER_ADDRESS: usize = 30;

/// Where the benchmark's sessions connect from, and how many at once.
#[derive(Clone)]
pub struct Dialer {
    permits: Arc<tokio::sync::Semaphore>,
    /// Sessions that connected (or tried) so far: the next one's address.
    dialed: Arc<std::sync::atomic::AtomicUsize>,
    /// Loopback addresses in turn (127.0.x.y).
    addresses: usize,
}

impl Dialer {
    /// A dialer for `sessions` in all.
    pub fn new(sessions: usize) -> Dialer {
        Dialer {
            permits: Arc::new(tokio::sync::Semaphore::new(CONNECTING_AT_ONCE)),
            dialed: Arc::default(),
            addresses: sessions.div_ceil(PER_ADDRESS).max(CONNECTING_AT_ONCE),
        }
    }

    /// How many loopback addresses the sessions connect from.
    pub fn addresses(&self) -> usize {
        self.addresses
    }

    /// The next session's source address: 127.0.1.1, 127.0.1.2, ... round them.
    fn next_address(&self) -> std::net::Ipv4Addr {
        let n = self.dialed.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % self.addresses;
        std::net::Ipv4Addr::new(127, 0, 1 + (n / 250) as u8, 1 + (n % 250) as u8)
    }

    /// Connects a session to `port` (see [`LoadSession::connect`]) once
    /// fewer than [`CONNECTING_AT_ONCE`] are signing in.
    pub async fn connect(&self, port: u16, key: Option<PrivateKey>) -> anyhow::Result<LoadSession> {
        let _permit = self.permits.acquire().await.context("the dialer closed")?;
        LoadSession::connect(port, self.next_address(), key).await
    }
}

/// A connected session.
pub struct LoadSession {
    _handle: Handle<TrustAny>,
    write: ChannelWriteHalf<Msg>,
    screen: Arc<Mutex<ClientScreen>>,
}

impl LoadSession {
    /// Connects to `port` on 127.0.0.1 from the loopback address `from`
    /// with `key` (a guest without one), asks for a pty and a shell, and
    /// starts reading the screen.
    async fn connect(port: u16, from: std::net::Ipv4Addr, key: Option<PrivateKey>) -> anyhow::Result<LoadSession> {
        let socket = tokio::net::TcpSocket::new_v4()?;
        socket.bind((from, 0).into()).with_context(|| format!("cannot connect from {from}"))?;
        // No Nagle, as OpenSSH's client for an interactive session: a
        // move's keys would otherwise wait for the ACK of what went before
        // (up to the server's delayed ACK, 40 ms).
        socket.set_nodelay(true)?;
        let stream = socket.connect(([127, 0, 0, 1], port).into()).await.context("cannot connect")?;
        let config = Arc::new(client::Config { nodelay: true, ..Default::default() });
        let mut handle = client::connect_stream(config, stream, TrustAny).await.context("cannot connect")?;
        let admitted = match key {
            Some(key) => {
                let key = PrivateKeyWithHashAlg::new(Arc::new(key), None);
                handle.authenticate_publickey("player", key).await?.success()
            }
            // Guests come in by keyboard-interactive, with no question asked.
            None => matches!(
                handle.authenticate_keyboard_interactive_start("guest", None).await?,
                client::KeyboardInteractiveAuthResponse::Success
            ),
        };
        if !admitted {
            bail!("the server refused the session");
        }
        let channel = handle.channel_open_session().await?;
        channel.request_pty(false, "xterm-256color", COLS.into(), ROWS.into(), 0, 0, &[]).await?;
        channel.request_shell(false).await?;
        let (mut read, write) = channel.split();
        let screen = Arc::new(Mutex::new(ClientScreen::default()));
        let shared = Arc::clone(&screen);
        tokio::spawn(async move {
            while let Some(msg) = read.wait().await {
                if let ChannelMsg::Data { data } = msg {
                    shared.lock().unwrap().feed(&data);
                }
            }
            shared.lock().unwrap().closed = true;
        });
        Ok(LoadSession { _handle: handle, write, screen })
    }

    /// Sends raw bytes, as keys typed.
    pub async fn send(&self, bytes: &[u8]) -> anyhow::Result<()> {
        self.write.data(bytes).await.context("the session was closed")
    }

    /// Types `line` and Enter.
    pub async fn enter(&self, line: &str) -> anyhow::Result<()> {
        self.send(format!("{line}\r").as_bytes()).await
    }

    /// What the screen shows now.
    pub fn contents(&self) -> String {
        self.screen.lock().unwrap().contents()
    }

    /// Waits until the screen shows `text`; the moment it showed (now if it
    /// already does).
    pub async fn wait_for(&self, text: &str, within: Duration) -> anyhow::Result<Instant> {
        let (found, shown) = oneshot::channel();
        {
            let mut screen = self.screen.lock().unwrap();
            if screen.contents().contains(text) {
                return Ok(Instant::now());
            }
            if screen.closed {
                bail!("the session closed before showing {text:?}");
            }
            screen.waiters.push(Waiter { text: text.to_string(), found });
        }
        match tokio::time::timeout(within, shown).await {
            Ok(Ok(at)) => Ok(at),
            _ => bail!("{text:?} not shown within {within:?}; the screen:\n{}", self.contents()),
        }
    }
}
