//! Text that quotes input, made safe to print on a terminal: a control
//! character (ESC, BEL, a carriage return...) in a FEN, a PGN tag, a path or
//! a UCI line would otherwise reach the terminal raw and could set its
//! title, move the cursor or hide what follows. Every subcommand's output
//! and error messages go through [`printable`]; the TUI's view does the same.

use std::borrow::Cow;

/// `text` with every control character but the line break and the tab
/// shown escaped (`\u{1b}`), as Rust writes them.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_raw) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().map(|c| if is_raw(c) { c.escape_default().to_string() } else { c.to_string() }).collect())
}

/// Whether `c` must not reach a terminal as it is.
fn is_raw(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_lines_kept() {
        assert_eq!(printable("k7/8 w \x1b]2;TITLE\x07"), "k7/8 w \\u{1b}]2;TITLE\\u{7}");
        assert_eq!(printable("a\r\nb\tc\u{9b}"), "a\\r\nb\tc\\u{9b}");
        assert!(matches!(printable("plain é"), Cow::Borrowed("plain é")));
    }
}
