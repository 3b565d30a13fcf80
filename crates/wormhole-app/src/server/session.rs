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

/// Inputs handled together before the next frame: a line typed or pasted
/// at once, or a burst of the hub's events, costs one frame, not one each.
const MOST_PER_FRAME: usize = 64;

/// Draws, waits for inputs and updates the app until it ends.
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
        let first = match inputs.recv_timeout(FRAME) {
            Ok(input) => input,
            Err(RecvTimeoutError::Disconnected) => return,
            Err(RecvTimeoutError::Timeout) => {
                if app.in_lobby() && last_key.elapsed() >= idle {
                    return;
                }
                dirty |= app.clocks_running();
                continue;
            }
        };
        let waiting = std::iter::from_fn(|| inputs.try_recv().ok()).take(MOST_PER_FRAME - 1);
        for input in std::iter::once(first).chain(waiting) {
            if matches!(&input, Input::Hub(event) if app.unmoved_by(event)) {
                continue;
            }
            if handle(terminal, app, input, &mut last_key).is_none() || app.should_quit() {
                return;
            }
            dirty = true;
        }
    }
}

/// Applies one input to the app; `None` when the session ends.
fn handle(terminal: &mut SshTerminal, app: &mut App, input: Input, last_key: &mut Instant) -> Option<()> {
    let msg = match input {
        Input::Event(ev) => {
            *last_key = Instant::now();
            Msg::Event(ev)
        }
        Input::Resize(w, h) => return terminal.resize(Rect::new(0, 0, w, h)).ok(),
        Input::Hub(event) => Msg::Hub(event),
        Input::Closed => return None,
    };
    app.update(msg);
    Some(())
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
        let dir = tempfile::tempdir().unwrap();
        let hub = Hub::start(Store::open_in_memory().unwrap(), HubConfig::default()).unwrap();
        let (to, from) = std::sync::mpsc::channel();
        for input in inputs.into_iter().chain([Input::Closed]) {
            to.send(input).unwrap();
        }
        let (out, mut sent) = tokio::sync::mpsc::unbounded_channel();
        let settings = Arc::new(Settings::open(dir.path()).unwrap());
        let idle = Duration::from_secs(60);
        let start =
            SessionStart { hub, identity: Identity::Guest, size: (100, 30), idle, peer: "test".into(), to, settings };
        run(start, &from, out);
        let (mut frames, mut bytes) = (0, 0);
        while let Ok(Out::Data(data)) = sent.try_recv() {
            frames += 1;
            bytes += data.len();
        }
        (frames, bytes)
    }

    #[test]
    fn inputs_waiting_together_cost_one_frame() {
        let keys = "open 12".chars().map(|c| Input::Event(Event::Key(KeyEvent::from(KeyCode::Char(c))))).collect();
        // The line typed at once is read before the next frame: the session
        // ends (the connection closed right after) without drawing it key by key.
        assert_eq!(sent_for(keys).0, sent_for(Vec::new()).0);
    }
}
