//! One connection's app: a thread that owns the screens' state, waits on a
//! channel of [`Input`]s (key and mouse events parsed from the client's
//! bytes by terminput, window changes, the hub's events, the end of the
//! connection), updates the state and draws it with ratatui into an
//! [`Out`] sink that the SSH side sends to the client.

use std::io::{self, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crossterm::event::Event;
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use tokio::sync::mpsc::UnboundedSender;

use super::hub::Hub;
use super::inbox::{Identity, Input};
use super::screens::{App, Msg};

/// What the app thread sends to the client.
#[derive(Debug)]
pub enum Out {
    /// Bytes of a frame.
    Data(Vec<u8>),
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

/// The sink ratatui's backend writes to: a frame's bytes go out on flush.
pub struct Sink {
    out: UnboundedSender<Out>,
    buffer: Vec<u8>,
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.buffer.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let bytes = std::mem::take(&mut self.buffer);
        // A client that is gone takes no more bytes, and that is no error:
        // the loop learns of it from `Input::Closed`, and ratatui's terminal,
        // dropped after it, would print its failure to show the cursor into
        // the server's log at every disconnection.
        let _ = self.out.send(Out::Data(bytes));
        Ok(())
    }
}

/// The terminal a session draws on.
type SshTerminal = Terminal<CrosstermBackend<Sink>>;

/// The longest wait between two looks at the clocks.
const FRAME: Duration = Duration::from_millis(200);

/// Runs a session until the player quits or the connection ends.
pub fn run(start: SessionStart, inputs: &Receiver<Input>, out: UnboundedSender<Out>) {
    let sink = Sink { out: out.clone(), buffer: Vec::new() };
    let (w, h) = start.size;
    let options = TerminalOptions { viewport: Viewport::Fixed(Rect::new(0, 0, w, h)) };
    let Ok(mut terminal) = Terminal::with_options(CrosstermBackend::new(sink), options) else { return };
    let _ = crossterm::execute!(
        terminal.backend_mut(),
        crossterm::terminal::EnterAlternateScreen,
        crossterm::cursor::Hide,
        crossterm::event::EnableMouseCapture
    );
    let mut app = App::new(
        start.hub.clone(),
        start.identity.clone(),
        start.peer.clone(),
        start.to.clone(),
        start.settings.clone(),
    );
    event_loop(&mut terminal, &mut app, inputs, start.idle);
    app.finish();
    let _ = crossterm::execute!(
        terminal.backend_mut(),
        crossterm::event::DisableMouseCapture,
        crossterm::cursor::Show,
        crossterm::terminal::LeaveAlternateScreen
    );
    let _ = out.send(Out::Close);
}

/// Draws, waits for an input and updates the app until it ends.
fn event_loop(terminal: &mut SshTerminal, app: &mut App, inputs: &Receiver<Input>, idle: Duration) {
    let mut last_key = Instant::now();
    let mut dirty = true;
    loop {
        if app.should_quit() {
            return;
        }
        if dirty {
            if terminal.draw(|f| app.draw(f)).is_err() {
                return;
            }
            dirty = false;
        }
        let msg = match inputs.recv_timeout(FRAME) {
            Ok(Input::Event(ev)) => {
                last_key = Instant::now();
                Msg::Event(ev)
            }
            Ok(Input::Resize(w, h)) => {
                if terminal.resize(Rect::new(0, 0, w, h)).is_err() {
                    return;
                }
                dirty = true;
                continue;
            }
            Ok(Input::Hub(event)) => Msg::Hub(event),
            Ok(Input::Closed) | Err(RecvTimeoutError::Disconnected) => return,
            Err(RecvTimeoutError::Timeout) => {
                if app.in_lobby() && last_key.elapsed() >= idle {
                    return;
                }
                dirty |= app.clocks_running();
                continue;
            }
        };
        app.update(msg);
        dirty = true;
    }
}
