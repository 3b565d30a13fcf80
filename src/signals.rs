//! What ends a game from outside it, and how: signals (SIGTERM, SIGHUP,
//! SIGINT, SIGQUIT) and a terminal that closes or fails. Each ends the game
//! the way Ctrl-C does (the engine stops, the terminal is restored, an
//! unsaved game is autosaved and its FEN printed); only the exit status
//! differs ([`ExitCause::exit_code`]).
//!
//! Signals are caught with `signal-hook`, which sets a flag the event loop
//! reads; nothing but that store happens inside the handler.

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGXFSZ};
use signal_hook::low_level::signal_name;

/// The signals that end a game as Ctrl-C does.
pub const ENDING_SIGNALS: [i32; 4] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT];

/// Makes a write past the file size limit (`ulimit -f`) fail with an error
/// (EFBIG) that the command reports, instead of SIGXFSZ killing the
/// program in the middle of a record it would have cut back (`match --dump`).
pub fn fail_oversized_writes() {
    let _ = signal_hook::flag::register(SIGXFSZ, Arc::new(AtomicBool::new(false)));
}

/// The ending signals received so far (the latest one).
pub struct Signals {
    received: Arc<AtomicUsize>,
}

impl Signals {
    /// Catches the ending signals. One that was ignored when the program
    /// started (as `nohup` ignores SIGHUP) stays ignored. The same signal
    /// a second time ends the program at once, for when the orderly ending
    /// itself hangs. SIGXFSZ is caught too, so that a write past the file
    /// size limit fails with an error the game reports instead of killing it.
    pub fn install() -> std::io::Result<Signals> {
        let received = Arc::new(AtomicUsize::new(0));
        for signal in ENDING_SIGNALS {
            if ignored_at_start(signal) {
                continue;
            }
            let seen = Arc::new(AtomicBool::new(false));
            // Registered first, so it runs before `seen` is set: only a second signal exits.
            signal_hook::flag::register_conditional_shutdown(signal, 128 + signal, Arc::clone(&seen))?;
            signal_hook::flag::register(signal, seen)?;
            signal_hook::flag::register_usize(signal, Arc::clone(&received), signal as usize)?;
        }
        signal_hook::flag::register(SIGXFSZ, Arc::new(AtomicBool::new(false)))?;
        Ok(Signals { received })
    }

    /// The ending signal received, if any.
    pub fn received(&self) -> Option<i32> {
        match self.received.load(Ordering::SeqCst) {
            0 => None,
            n => Some(n as i32),
        }
    }
}

/// Whether `signal` was ignored when the program started, read from
/// `/proc/self/status` (Linux; elsewhere every signal counts as not ignored).
fn ignored_at_start(signal: i32) -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|status| ignored_in(&status, signal))
}

/// Whether the `SigIgn:` mask of a `/proc/<pid>/status` text has `signal`.
fn ignored_in(status: &str, signal: i32) -> bool {
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (signal - 1)) != 0)
}

/// The exit status after the reader of standard output went away: what
/// the shell shows for a program ended by SIGPIPE (128 + 13).
pub const CLOSED_OUTPUT_EXIT: i32 = 141;

/// Prints `text` on standard output, for the tools (SIGPIPE stays ignored,
/// as Rust sets it: `match` talks to engines through pipes, the game must
/// save first): when the reader has gone away (`wormhole bench | head -1`)
/// the program ends quietly with [`CLOSED_OUTPUT_EXIT`], as a command-line
/// program ended by SIGPIPE does; any other failure to write ends it with
/// the error and status 1.
pub fn print_or_end(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let text = crate::printable::printable(text);
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(CLOSED_OUTPUT_EXIT),
        Err(e) => {
            eprintln!("error: cannot write to standard output: {e}");
            std::process::exit(1);
        }
    }
}

/// How a game session ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExitCause {
    /// The player quit (Ctrl-C, `:quit`).
    Quit,
    /// One of [`ENDING_SIGNALS`] arrived.
    Signal(i32),
    /// The terminal closed (window closed, connection lost) or could not be
    /// read or written; why.
    TerminalLost(String),
}

impl ExitCause {
    /// 0 after quitting, 128 + the signal's number after a signal (the
    /// shell's convention), 1 when the terminal was lost.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            ExitCause::Quit => ExitCode::SUCCESS,
            ExitCause::Signal(n) => ExitCode::from(128 + *n as u8),
            ExitCause::TerminalLost(_) => ExitCode::FAILURE,
        }
    }

    /// Whether the terminal can no longer show anything (then the report goes to stderr).
    pub fn terminal_gone(&self) -> bool {
        matches!(self, ExitCause::TerminalLost(_))
    }

    /// What to tell the user about the ending, unless they quit themselves.
    pub fn describe(&self) -> Option<String> {
        match self {
            ExitCause::Quit => None,
            ExitCause::Signal(n) => Some(format!("Ended by {}", signal_name(*n).unwrap_or("a signal"))),
            ExitCause::TerminalLost(why) => Some(format!("Ended because the terminal was lost: {why}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_give_the_conventional_exit_codes() {
        assert_eq!(ExitCause::Quit.exit_code(), ExitCode::SUCCESS);
        assert_eq!(ExitCause::Signal(SIGTERM).exit_code(), ExitCode::from(143));
        assert_eq!(ExitCause::Signal(SIGHUP).exit_code(), ExitCode::from(129));
        assert_eq!(ExitCause::TerminalLost("closed".into()).exit_code(), ExitCode::FAILURE);
        assert_eq!(ExitCause::Signal(SIGINT).describe().unwrap(), "Ended by SIGINT");
        assert!(ExitCause::TerminalLost("closed".into()).terminal_gone());
    }

    #[test]
    fn the_ignored_mask_is_read() {
        // SIGHUP (1) and SIGPIPE (13) ignored, as under `nohup` in a Rust program.
        let status = "Name:\twormhole\nSigBlk:\t0000000000000000\nSigIgn:\t0000000000001001\nSigCgt:\t0\n";
        assert!(ignored_in(status, SIGHUP));
        assert!(ignored_in(status, signal_hook::consts::SIGPIPE));
        assert!(!ignored_in(status, SIGTERM));
        assert!(!ignored_in("no mask here", SIGHUP));
    }
}
