//! One connection's app: a thread that owns the screens' state and runs
//! the local app's event loop ([`crate::tui::event_loop`]) on the
//! session's own input and output: a [`ChannelInput`] of [`Input`]s (key
//! and mouse events parsed from the client's bytes by terminput, window
//! changes, the hub's events, the end of the connection) and a ratatui
//! terminal over a [`Sink`] of [`Out`]s that the SSH side sends to the client.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crossterm::event::Event;
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

use super::hub::{Hub, HubEvent};
use super::inbox::{Identity, Input};
use super::relay::SessionRelay;
use super::screens::ConnectionApp;
use crate::term_input::{InputSource, Next};
use crate::tui::{FrameStats, event_loop};

/// What the app thread sends to the client.
#[derive(Debug)]
pub enum Out {
    /// Bytes of a frame, and when the keys of the moves of other sessions
    /// it shows first were read (the server's relay times).
    Data(Vec<u8>, Vec<Instant>),
    /// The app ended: close the channel.
    Close,
}

/// Everything a session starts from.
pub struct SessionStart {
    pub hub: Hub,
    pub identity: Identity,
    pub size: (u16, u16),
    /// How long the lobby may wait for a key before it closes.
    pub idle: Duration,
    /// The client's address, for the log.
    pub peer: String,
    /// Where the hub's events for this session go (the session's own inputs).
    pub to: std::sync::mpsc::Sender<Input>,
    /// Every player's drawing settings.
    pub settings: std::sync::Arc<super::settings::Settings>,
    /// A line for the status line at the start (the window drawn smaller).
    pub note: Option<String>,
    /// What the client's terminal can show (from its TERM).
    pub display: crate::tui::theme::Display,
    /// The session's part in the server's relay times.
    pub relay: Arc<SessionRelay>,
}

/// Parses the client's raw bytes into events with terminput, as a
/// terminal's reader would: one byte at a time until a whole event is read;
/// a lone escape byte is a key only when no byte follows it in the chunk.
#[derive(Default)]
pub struct InputParser {
    pending: Vec<u8>,
}

/// The longest unfinished sequence kept; longer garbage is dropped.
const MAX_PENDING: usize = 64;

impl InputParser {
    /// The events in `bytes` (with what was left unfinished before).
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        for (i, &b) in bytes.iter().enumerate() {
            self.pending.push(b);
            let more = i + 1 < bytes.len();
            if self.pending == [0x1b] && more {
                continue;
            }
            match terminput::Event::parse_from(&self.pending) {
                Ok(Some(event)) => {
                    self.pending.clear();
                    events.extend(terminput_crossterm::to_crossterm(event).ok());
                }
                Ok(None) if self.pending.len() < MAX_PENDING => {}
                Ok(None) | Err(_) => self.pending.clear(),
            }
        }
        events
    }
}

/// The most frame bytes waiting for one client. A client that reads
/// nothing while its frames pile up past this ends its session (its games
/// go on, and it may reconnect), so it cannot take the server's memory.
pub const MAX_QUEUED_BYTES: usize = 4 << 20;

/// Where a session's frames go: to the task that writes them to the
/// client, counting the bytes not yet taken.
#[derive(Clone)]
pub struct Outbox {
    tx: UnboundedSender<Out>,
    queued: Arc<AtomicUsize>,
}

/// The writing task's end of an [`Outbox`].
pub struct Outgoing {
    rx: UnboundedReceiver<Out>,
    queued: Arc<AtomicUsize>,
}

/// A new outbox and its receiving end.
pub fn outbox() -> (Outbox, Outgoing) {
    let (tx, rx) = unbounded_channel();
    let queued = Arc::new(AtomicUsize::new(0));
    (Outbox { tx, queued: Arc::clone(&queued) }, Outgoing { rx, queued })
}

impl Outbox {
    /// Queues a frame; an error when the client has not taken the last
    /// [`MAX_QUEUED_BYTES`].
    fn frame(&self, bytes: Vec<u8>, relayed: Vec<Instant>) -> io::Result<()> {
        let n = bytes.len();
        if self.queued.fetch_add(n, Ordering::SeqCst) + n > MAX_QUEUED_BYTES {
            self.queued.fetch_sub(n, Ordering::SeqCst);
            return Err(io::Error::other("the client reads nothing"));
        }
        // A client that is gone takes no more bytes, and that is no error:
        // the loop learns of it from `Input::Closed`.
        let _ = self.tx.send(Out::Data(bytes, relayed));
        Ok(())
    }

    /// Asks the writing task to close the channel.
    fn close(&self) {
        let _ = self.tx.send(Out::Close);
    }
}

impl Outgoing {
    /// The next thing to send, once there is one; `None` when the session is gone.
    pub async fn next(&mut self) -> Option<Out> {
        let out = self.rx.recv().await?;
        if let Out::Data(bytes, _) = &out {
            self.queued.fetch_sub(bytes.len(), Ordering::SeqCst);
        }
        Some(out)
    }
}

/// The sink ratatui's backend writes to: a frame's bytes go out on flush.
pub struct Sink {
    out: Outbox,
    buffer: Vec<u8>,
    /// The screen's sink: its frames carry the relay stamps of the moves they show.
    relay: Option<Arc<SessionRelay>>,
}

impl Sink {
    /// A sink with nothing written yet that sends to `out`.
    pub fn new(out: Outbox) -> Sink {
        Sink { out, buffer: Vec::new(), relay: None }
    }

    /// The screen's sink, whose frames carry `relay`'s stamps.
    fn screen(out: Outbox, relay: Arc<SessionRelay>) -> Sink {
        Sink { out, buffer: Vec::new(), relay: Some(relay) }
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.buffer.extend_from_slice(buf);
        Ok(buf.len())
    }

    /// Sends the frame. A client that is gone is no error here (ratatui's
    /// terminal, dropped after it, would print its failure to show the
    /// cursor into the server's log at every disconnection); one that reads
    /// nothing is, and ends the session.
    fn flush(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let relayed = self.relay.as_ref().map(|r| r.take_shown()).unwrap_or_default();
        self.out.frame(std::mem::take(&mut self.buffer), relayed)
    }
}

/// The session's input for the app's event loop: its channel (the
/// client's events, window changes, the hub's events, the end), and
/// where the moment the latest event was read is kept.
pub struct ChannelInput<'a>(pub &'a Receiver<Input>, pub &'a SessionRelay);

impl ChannelInput<'_> {
    /// An input as the loop takes it.
    fn next_of(&self, input: Input) -> Next<HubEvent> {
        match input {
            Input::Event(ev, read) => {
                self.1.input_read(read);
                Next::Event(ev)
            }
            Input::Resize(w, h) => Next::Event(Event::Resize(w, h)),
            Input::Hub(event) => Next::Message(event),
            Input::Closed => Next::Lost("the connection closed".to_string()),
        }
    }
}

impl InputSource for ChannelInput<'_> {
    type Message = HubEvent;

    fn next(&mut self, timeout: Duration) -> Next<HubEvent> {
        match self.0.recv_timeout(timeout) {
            Ok(input) => self.next_of(input),
            Err(RecvTimeoutError::Timeout) => Next::Idle,
            Err(RecvTimeoutError::Disconnected) => Next::Lost("the session's channel closed".to_string()),
        }
    }

    /// What waits is handled before the next frame: a line typed or pasted
    /// at once, or a burst of the hub's events, costs one frame.
    fn waiting(&mut self) -> Option<Next<HubEvent>> {
        self.0.try_recv().ok().map(|input| self.next_of(input))
    }
}

/// Runs a session until the player quits or the connection ends.
pub fn run(start: SessionStart, inputs: &Receiver<Input>, out: Outbox) {
    let sink = Sink::screen(out.clone(), Arc::clone(&start.relay));
    let (w, h) = start.size;
    let options = TerminalOptions { viewport: Viewport::Fixed(Rect::new(0, 0, w, h)) };
    let Ok(mut terminal) = Terminal::with_options(CrosstermBackend::new(sink), options) else { return };
    let _ = crossterm::execute!(
        terminal.backend_mut(),
        crossterm::terminal::EnterAlternateScreen,
        crossterm::cursor::Hide,
        crossterm::event::EnableMouseCapture
    );
    let mut app = ConnectionApp::new(
        start.hub.clone(),
        start.identity.clone(),
        start.peer.clone(),
        start.to.clone(),
        start.settings.clone(),
        std::sync::Arc::new(std::sync::Mutex::new(Sink::new(out.clone()))),
    )
    .with_idle(start.idle)
    .with_size(start.size)
    .with_display(start.display)
    .with_relay(Arc::clone(&start.relay));
    if let Some(note) = start.note {
        app.status = if app.status.is_empty() { note } else { format!("{} - {note}", app.status) };
    }
    let mut stats = FrameStats::default();
    event_loop(&mut terminal, &mut app, &mut ChannelInput(inputs, &start.relay), &mut stats);
    if std::env::var_os("WORMHOLE_STATS").is_some() {
        tracing::info!("serve: {} {}", start.peer, stats.report());
    }
    app.finish();
    let _ = crossterm::execute!(
        terminal.backend_mut(),
        crossterm::event::DisableMouseCapture,
        crossterm::cursor::Show,
        crossterm::terminal::LeaveAlternateScreen
    );
    out.close();
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crossterm::event::{KeyCode, KeyEvent};

    use super::*;
    use crate::server::hub::HubConfig;

    use crate::server::settings::Settings;
    use crate::server::store::Store;

    /// The bytes a guest's session sends for `inputs`, all waiting before
    /// it starts, then the end of the connection: (frames, bytes).
    fn sent_for(inputs: Vec<Input>) -> (usize, usize) {
        let (to, from) = std::sync::mpsc::channel();
        for input in inputs.into_iter().chain([Input::Closed]) {
            to.send(input).unwrap();
        }
        let (out, mut sent) = outbox();
        run_guest(to, &from, out);
        let (mut frames, mut bytes) = (0, 0);
        while let Ok(Out::Data(data, _)) = sent.rx.try_recv() {
            frames += 1;
            bytes += data.len();
        }
        (frames, bytes)
    }

    /// Runs a guest's session on a new hub until its inputs end.
    fn run_guest(to: std::sync::mpsc::Sender<Input>, from: &Receiver<Input>, out: Outbox) {
        let dir = tempfile::tempdir().unwrap();
        let hub = Hub::start(Store::open(dir.path()).unwrap(), HubConfig::default()).unwrap();
        let settings = Arc::new(Settings::open(dir.path()).unwrap());
        let idle = Duration::from_secs(60);
        let start = SessionStart {
            hub,
            identity: Identity::Guest,
            size: (100, 30),
            idle,
            peer: "test".into(),
            to,
            settings,
            note: None,
            display: crate::tui::theme::Display::default(),
            relay: Arc::new(SessionRelay::new(Arc::default())),
        };
        run(start, from, out);
    }

    #[test]
    fn a_client_that_reads_nothing_ends_its_session_before_its_frames_pass_the_bound() {
        let (to, from) = std::sync::mpsc::channel();
        let (out, Outgoing { mut rx, queued }) = outbox();
        let session = std::thread::spawn(move || run_guest(std::sync::mpsc::channel().0, &from, out));
        // Frames keep coming (a window changing size redraws everything),
        // one at a time: each window change waits for the frame it drew.
        // Nobody takes them: the test looks at the channel without going
        // through `Outgoing::next`, so every byte stays counted as queued.
        let runtime = tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap();
        let next_out = |rx: &mut UnboundedReceiver<Out>| {
            let out = runtime.block_on(async { tokio::time::timeout(Duration::from_secs(60), rx.recv()).await });
            out.expect("no frame nor end of the session within a minute of a window change")
        };
        let mut sent = 0u32;
        let ended_by_itself = loop {
            let (w, h) = (80 + (sent % 40) as u16, 24 + (sent % 10) as u16);
            // The session drops its inputs when it ends.
            if to.send(Input::Resize(w, h)).is_err() {
                break true;
            }
            sent += 1;
            match next_out(&mut rx) {
                Some(Out::Data(..)) if sent < 20_000 => {}
                Some(Out::Data(..)) => break false,
                Some(Out::Close) | None => break true,
            }
        };
        drop(to);
        session.join().unwrap();
        let queued = queued.load(Ordering::SeqCst);
        assert!(ended_by_itself, "the session still ran after {sent} frames nobody took ({queued} bytes queued)");
        assert!(
            queued <= MAX_QUEUED_BYTES && queued > MAX_QUEUED_BYTES / 2,
            "{queued} bytes queued after {sent} frames"
        );
    }

    #[test]
    fn a_session_thread_that_panics_still_leaves_the_hub() {
        let dir = tempfile::tempdir().unwrap();
        let hub = Hub::start(Store::open(dir.path()).unwrap(), HubConfig::default()).unwrap();
        hub.register("pan", "SHA256:pan", "ssh-ed25519 AAAA").unwrap();
        let settings = Arc::new(Settings::open(dir.path()).unwrap());
        let (to, _inputs) = std::sync::mpsc::channel();
        let (out, _outs) = outbox();
        let on = hub.clone();
        let session = std::thread::spawn(move || {
            let identity = Identity::Key { fp: "SHA256:pan".into(), text: "ssh-ed25519 AAAA".into() };
            let requests = Arc::new(std::sync::Mutex::new(Sink::new(out)));
            let app = ConnectionApp::new(on.clone(), identity, "test".into(), to, settings, requests);
            let watcher = on.connect(super::super::hub::Who::Guest, Box::new(|_| {})).unwrap();
            assert_eq!(on.lobby(watcher).unwrap().online, vec!["pan".to_string()], "online");
            let _still_held = app;
            panic!("a bug in the session");
        });
        assert!(session.join().is_err(), "the thread panicked");
        let watcher = hub.connect(super::super::hub::Who::Guest, Box::new(|_| {})).unwrap();
        assert!(hub.lobby(watcher).unwrap().online.is_empty(), "pan left the hub");
    }

    #[test]
    fn inputs_waiting_together_cost_one_frame() {
        let keys = "open 12"
            .chars()
            .map(|c| Input::Event(Event::Key(KeyEvent::from(KeyCode::Char(c))), Instant::now()))
            .collect();
        // The line typed at once is read before the next frame: the session
        // ends (the connection closed right after) without drawing it key by key.
        assert_eq!(sent_for(keys).0, sent_for(Vec::new()).0);
    }
}
