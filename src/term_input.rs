//! The event loop's input: the [`InputSource`] seam it waits on (the local
//! terminal here, an SSH channel in `server::session`), and the local
//! terminal's source, [`LocalInput`]: key and mouse events read on their
//! own thread, a watch for the terminal going away, and the signals.
//!
//! Why a thread: once the terminal is gone, crossterm's reader gets
//! end-of-file forever and never returns (it retries in a loop), so the
//! loop must never wait inside it. The loop waits on a channel instead,
//! with a timeout, and between waits checks the signals and whether the
//! terminal has hung up.

use std::fs::File;
use std::io::{self, IsTerminal};
use std::os::fd::{AsFd, BorrowedFd};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use crossterm::event::{self, Event};
use rustix::event::{PollFd, PollFlags, Timespec, poll};

use crate::signals::{ExitCause, Signals};

/// Where the event loop's input comes from: the local terminal, or an SSH
/// channel. The loop waits on [`InputSource::next`], takes what is already
/// waiting with [`InputSource::waiting`] before it draws again, and ends
/// when [`InputSource::ended`] says so or the input is lost.
pub trait InputSource {
    /// What arrives for the app besides terminal events.
    type Message;
    /// Waits up to `timeout` for the next input.
    fn next(&mut self, timeout: Duration) -> Next<Self::Message>;
    /// An input already waiting, taken without waiting (none by default:
    /// every input is drawn before the next).
    fn waiting(&mut self) -> Option<Next<Self::Message>> {
        None
    }
    /// What ends the loop from outside the input (a signal).
    fn ended(&self) -> Option<ExitCause> {
        None
    }
    /// Why the output failed with `error`, as the ending says it.
    fn lost(&self, error: String) -> String {
        error
    }
}

/// What the input did while the loop waited.
#[derive(Debug)]
pub enum Next<M = std::convert::Infallible> {
    /// A key, mouse, paste or resize event.
    Event(Event),
    /// A message for the app from elsewhere (an SSH session: the hub's events).
    Message(M),
    /// Nothing happened within the timeout.
    Idle,
    /// The terminal is gone or cannot be read; why.
    Lost(String),
}

/// Events from the terminal, read on their own thread.
pub struct TerminalInput {
    events: Receiver<io::Result<Event>>,
    /// The terminal device crossterm reads: standard input, or `/dev/tty`
    /// (opened here) when standard input is not a terminal.
    tty: Option<File>,
}

impl TerminalInput {
    /// Starts reading the terminal's events.
    pub fn start() -> TerminalInput {
        let (send, events) = channel();
        std::thread::spawn(move || {
            loop {
                let event = event::read();
                let failed = event.is_err();
                if send.send(event).is_err() || failed {
                    return;
                }
            }
        });
        let tty = if io::stdin().is_terminal() { None } else { File::open("/dev/tty").ok() };
        TerminalInput { events, tty }
    }

    /// Waits up to `timeout` for the next event.
    pub fn next(&self, timeout: Duration) -> Next {
        if self.hung_up() {
            return Next::Lost("the terminal was closed".to_string());
        }
        match self.events.recv_timeout(timeout) {
            Ok(Ok(event)) => Next::Event(event),
            Ok(Err(e)) => Next::Lost(format!("cannot read the terminal: {e}")),
            Err(RecvTimeoutError::Timeout) => Next::Idle,
            Err(RecvTimeoutError::Disconnected) => Next::Lost("the terminal's reader stopped".to_string()),
        }
    }

    /// Whether the terminal has hung up (its window closed, its connection lost).
    pub fn hung_up(&self) -> bool {
        let stdin = io::stdin();
        let fd: BorrowedFd = match &self.tty {
            Some(tty) => tty.as_fd(),
            None => stdin.as_fd(),
        };
        let mut fds = [PollFd::from_borrowed_fd(fd, PollFlags::IN)];
        let now = Timespec { tv_sec: 0, tv_nsec: 0 };
        poll(&mut fds, Some(&now)).is_ok()
            && fds[0].revents().intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL)
    }
}

/// The local terminal's input and the signals that end the app.
pub struct LocalInput<'a> {
    pub terminal: TerminalInput,
    pub signals: &'a Signals,
}

impl InputSource for LocalInput<'_> {
    type Message = std::convert::Infallible;

    fn next(&mut self, timeout: Duration) -> Next {
        self.terminal.next(timeout)
    }

    fn ended(&self) -> Option<ExitCause> {
        self.signals.received().map(ExitCause::Signal)
    }

    /// A terminal that hung up says so rather than the write's error.
    fn lost(&self, error: String) -> String {
        if self.terminal.hung_up() { "the terminal was closed".to_string() } else { error }
    }
}
