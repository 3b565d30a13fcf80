//! Text a player sends other players (chat lines), made inert: whatever
//! reaches another terminal holds no control character, so no escape
//! sequence can move a cursor, recolour or retitle it.

use super::CHAT_MAX_CHARS;

/// `text` with every escape sequence and control character removed,
/// whitespace runs turned into one space, cut to [`CHAT_MAX_CHARS`]
/// characters; `None` when nothing is left.
pub fn inert_line(text: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    let mut space = false;
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => skip_escape(&mut chars),
            c if c.is_whitespace() => space = !out.is_empty(),
            c if crate::printable::acts_on_terminal(c) => {}
            c => {
                if space {
                    out.push(' ');
                    space = false;
                }
                out.push(c);
            }
        }
        if out.chars().count() >= CHAT_MAX_CHARS {
            break;
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Skips the rest of an escape sequence after ESC: a CSI (`ESC [` up to a
/// final byte), an OSC or other string (`ESC ]`, `P`, `X`, `^`, `_` up to
/// BEL or `ESC \`), or a two-character escape.
fn skip_escape(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    match chars.next() {
        Some('[') => {
            for c in chars.by_ref() {
                if ('\u{40}'..='\u{7e}').contains(&c) {
                    break;
                }
            }
        }
        Some(']' | 'P' | 'X' | '^' | '_') => {
            while let Some(c) = chars.next() {
                if c == '\u{7}' || (c == '\u{1b}' && chars.next_if_eq(&'\\').is_some()) {
                    break;
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_and_controls_are_removed() {
        let evil = "hi \u{1b}[2J\u{1b}[31mthere\u{1b}]0;owned\u{7} \u{9b}x\r\n\u{202e}ok\u{1b}P1;2q\u{1b}\\!";
        assert_eq!(inert_line(evil).as_deref(), Some("hi there x ok!"));
        assert_eq!(inert_line("\u{1b}[1m\u{7}  \t"), None);
    }

    #[test]
    fn a_line_is_bounded() {
        let long = "é".repeat(CHAT_MAX_CHARS * 3);
        assert_eq!(inert_line(&long).unwrap().chars().count(), CHAT_MAX_CHARS);
    }
}
