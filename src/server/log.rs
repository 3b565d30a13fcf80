//! The server's log: `tracing` events, written to stderr one a line by
//! [`EscapedLine`], which escapes every control character in the rendered event
//! (`\x1b` is written as the text `\x1b`), so that nothing a client sends
//! (a forwarding destination, a subsystem's name, a name in an error)
//! can forge a line or drive the terminal of whoever reads the log.
//! `RUST_LOG` filters (default `info`: refusals are `warn`, failures `error`).
//!
//! Why `tracing` with `tracing-subscriber`: the maintained structured
//! logger of the Rust ecosystem (levels, `RUST_LOG` filters, a formatter
//! of our own); tests read the events themselves rather than text.

use std::fmt::Write as _;

use tracing::{Event, Subscriber};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
use tracing_subscriber::registry::LookupSpan;

/// Writes an event as one line: its message and fields, every control
/// character (and bidirectional override) escaped.
pub struct EscapedLine;

impl<S, N> FormatEvent<S, N> for EscapedLine
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(&self, ctx: &FmtContext<'_, S, N>, mut writer: Writer<'_>, event: &Event<'_>) -> std::fmt::Result {
        let mut text = String::new();
        ctx.format_fields(Writer::new(&mut text), event)?;
        writeln!(writer, "{}", escape(&text))
    }
}

/// `text` with every character that acts on a terminal
/// ([`acts_on_terminal`](crate::printable::acts_on_terminal): controls,
/// bidirectional overrides...) written as an escape: `\x1b`, `\x0a`, `\u{202e}`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if (c as u32) < 0x100 && c.is_control() {
            let _ = write!(out, "\\x{:02x}", c as u32);
        } else if crate::printable::acts_on_terminal(c) {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

/// Sends the server's events to stderr, filtered by `RUST_LOG` (default `info`).
pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .event_format(EscapedLine)
        .try_init();
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    /// A writer into a shared buffer, for a subscriber in a test.
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Buffer {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_forged_field_is_one_line_without_a_control_byte() {
        let buffer = Buffer::default();
        let sink = buffer.clone();
        let subscriber = tracing_subscriber::fmt().with_writer(move || sink.clone()).event_format(EscapedLine).finish();
        let forged = "evil\x1b]0;LOGPWN\x07\x1b[2J\nserve: 1.2.3.4:22 registered as admin\u{202e}";
        tracing::subscriber::with_default(subscriber, || {
            tracing::warn!(host = forged, "serve: refused: forwarding to {forged}:22");
        });
        let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        assert_eq!(text.lines().count(), 1, "{text:?}");
        assert!(!text.trim_end().chars().any(|c| c.is_control()), "{text:?}");
        assert!(text.contains("evil\\x1b]0;LOGPWN\\x07\\x1b[2J\\x0aserve: 1.2.3.4:22"), "{text:?}");
        assert!(text.contains("\\u{202e}"), "{text:?}");
    }
}
