//! Reading UCI commands from a byte stream: one line at a time, as bytes, so
//! that a line which is not UTF-8 or is absurdly long is reported and
//! skipped instead of ending the session.

use std::io::{self, BufRead};

/// The longest line accepted, in bytes. Real commands are far shorter: a
/// `position fen ... moves ...` line of a whole game is under 500 bytes.
pub const MAX_LINE: usize = 64 * 1024;

/// What one read from the GUI produced.
#[derive(Debug, PartialEq, Eq)]
pub enum GuiInput {
    /// A line of text, without its line ending.
    Line(String),
    /// A line that is not UTF-8: the byte offset and value of the first bad byte.
    NotUtf8 { offset: usize, byte: u8 },
    /// A line longer than [`MAX_LINE`] bytes: its length and its first word
    /// (the command it would have been: a refused `position` leaves none).
    TooLong { len: usize, command: String },
    /// The GUI closed its end.
    End,
}

impl GuiInput {
    /// Why a line that is not a command was skipped, for `info string error: ...`.
    pub fn problem(&self, number: u64) -> Option<String> {
        match self {
            GuiInput::NotUtf8 { offset, byte } => {
                Some(format!("line {number} is not UTF-8 text (byte 0x{byte:02x} at offset {offset}); it was ignored"))
            }
            GuiInput::TooLong { len, .. } => {
                Some(format!("line {number} is {len} bytes long, more than {MAX_LINE}; it was ignored"))
            }
            GuiInput::Line(_) | GuiInput::End => None,
        }
    }
}

/// How many bytes of a line past [`MAX_LINE`] are kept, for its command's name.
const HEAD: usize = 32;

/// Reads the next line. Never holds more than [`MAX_LINE`] bytes of it.
pub fn read_line(reader: &mut impl BufRead) -> io::Result<GuiInput> {
    let mut line = Vec::new();
    let mut len = 0;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if len == 0 {
                return Ok(GuiInput::End);
            }
            break;
        }
        let newline = chunk.iter().position(|&b| b == b'\n');
        let take = newline.map_or(chunk.len(), |i| i + 1);
        if len + take <= MAX_LINE {
            line.extend_from_slice(&chunk[..take]);
        } else {
            // Only the start is kept, for the command's name.
            let room = HEAD.saturating_sub(line.len());
            line.extend_from_slice(&chunk[..take.min(room)]);
            line.truncate(HEAD);
        }
        len += take;
        reader.consume(take);
        if newline.is_some() {
            break;
        }
    }
    if len > MAX_LINE {
        let command = String::from_utf8_lossy(&line).split_whitespace().next().unwrap_or_default().to_string();
        return Ok(GuiInput::TooLong { len, command });
    }
    while line.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
        line.pop();
    }
    String::from_utf8(line).map(GuiInput::Line).or_else(|e| {
        let offset = e.utf8_error().valid_up_to();
        Ok(GuiInput::NotUtf8 { offset, byte: e.as_bytes()[offset] })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8]) -> Vec<GuiInput> {
        // A small buffer so that lines span several reads.
        let mut reader = io::BufReader::with_capacity(7, bytes);
        let mut out = Vec::new();
        loop {
            let input = read_line(&mut reader).unwrap();
            let end = input == GuiInput::End;
            out.push(input);
            if end {
                return out;
            }
        }
    }

    #[test]
    fn lines_are_split_and_endings_dropped() {
        let got = all(b"uci\r\nisready\n\nposition startpos moves e2e4\ngo");
        let line = |s: &str| GuiInput::Line(s.to_string());
        assert_eq!(
            got,
            vec![
                line("uci"),
                line("isready"),
                line(""),
                line("position startpos moves e2e4"),
                line("go"),
                GuiInput::End
            ]
        );
    }

    #[test]
    fn a_line_that_is_not_utf8_is_reported_and_the_next_one_read() {
        let got = all(b"isready\nab\xffcd\nisready\n");
        assert_eq!(got[1], GuiInput::NotUtf8 { offset: 2, byte: 0xff });
        assert_eq!(got[1].problem(2).unwrap(), "line 2 is not UTF-8 text (byte 0xff at offset 2); it was ignored");
        assert_eq!(got[2], GuiInput::Line("isready".to_string()));
    }

    #[test]
    fn an_overlong_line_is_skipped_whole() {
        let mut bytes = vec![b'x'; MAX_LINE + 10];
        bytes.extend_from_slice(b"\nquit\n");
        let got = all(&bytes);
        let too_long = GuiInput::TooLong { len: MAX_LINE + 11, command: "x".repeat(HEAD) };
        assert_eq!(got, vec![too_long, GuiInput::Line("quit".to_string()), GuiInput::End]);
        let mut bytes = b"position startpos moves".to_vec();
        bytes.extend(std::iter::repeat_n(b" e2e4", MAX_LINE / 5).flatten());
        let got = all(&bytes);
        assert!(matches!(&got[0], GuiInput::TooLong { command, .. } if command == "position"), "{:?}", got[0]);
        assert!(got[0].problem(1).unwrap().contains("more than 65536"));
    }

    proptest::proptest! {
        /// Any bytes: one result per line, text exactly where the line is UTF-8.
        #[test]
        fn any_bytes_give_one_result_per_line(bytes in proptest::collection::vec(
            proptest::prop_oneof![proptest::num::u8::ANY, proptest::strategy::Just(b'\n')],
            0..200,
        )) {
            let got = all(&bytes);
            let mut lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
            if bytes.is_empty() || bytes.ends_with(b"\n") {
                lines.pop();
            }
            proptest::prop_assert_eq!(got.len(), lines.len() + 1);
            for (input, line) in got.iter().zip(lines) {
                let mut line = line;
                while let Some(rest) = line.strip_suffix(b"\r") {
                    line = rest;
                }
                match input {
                    GuiInput::Line(text) => proptest::prop_assert_eq!(text.as_bytes(), line),
                    GuiInput::NotUtf8 { .. } => proptest::prop_assert!(std::str::from_utf8(line).is_err()),
                    other => proptest::prop_assert!(false, "{:?}", other),
                }
            }
        }
    }
}
