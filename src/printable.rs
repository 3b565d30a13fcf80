//! Text that quotes input, made safe to print on a terminal: a control
//! character (ESC, BEL, a carriage return...) in a FEN, a PGN tag, a path or
//! a UCI line would otherwise reach the terminal raw and could set its
//! title, move the cursor or hide what follows; a bidirectional override
//! would reorder what follows it. This module is the one place that says
//! which characters act on a terminal ([`acts_on_terminal`]); each place
//! that shows outside text then escapes them ([`printable`]: every
//! subcommand's output and error messages, the TUI's view; the server's
//! log writes its own escapes), shows them as `?` ([`inert`]: names and
//! refusals on the server's screens) or drops them (chat lines).

use std::borrow::Cow;

/// Whether `c` must not reach a terminal as it is: a control character
/// (ESC, BEL, a carriage return, a line break...), or a format character
/// that reorders or hides the text around it (bidirectional overrides and
/// isolates, zero-width spaces and marks).
pub fn acts_on_terminal(c: char) -> bool {
    c.is_control() || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every character that acts on a terminal but the line break
/// and the tab shown escaped (`\u{1b}`), as Rust writes them.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_raw) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().map(|c| if is_raw(c) { c.escape_default().to_string() } else { c.to_string() }).collect())
}

/// `text` on one line with every character that acts on a terminal shown
/// as `?`: outside text (a name, what a refusal quotes) on a screen.
pub fn inert(text: &str) -> String {
    text.chars().map(|c| if acts_on_terminal(c) { '?' } else { c }).collect()
}

/// Whether `c` is escaped by [`printable`], which keeps lines and tabs.
fn is_raw(c: char) -> bool {
    acts_on_terminal(c) && c != '\n' && c != '\t'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_lines_kept() {
        assert_eq!(printable("k7/8 w \x1b]2;TITLE\x07"), "k7/8 w \\u{1b}]2;TITLE\\u{7}");
        assert_eq!(printable("a\r\nb\tc\u{9b}"), "a\\r\nb\tc\\u{9b}");
        assert_eq!(printable("abc\u{202e}fed"), "abc\\u{202e}fed", "a right-to-left override");
        assert_eq!(inert("bob\x1b[2J\u{2067}\n"), "bob?[2J??");
        assert!(matches!(printable("plain é"), Cow::Borrowed("plain é")));
    }
}
