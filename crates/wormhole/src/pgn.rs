//! PGN: saving a game as text and loading it back.
//!
//! Written games carry the seven-tag roster plus `[Variant "Wormhole"]` (or
//! `"Wormhole fairy"`), and `[SetUp "1"]` with `[FEN "..."]` when the game did
//! not start from the initial position. Reading replays every SAN move
//! through [`Position::parse_move`], so the first bad move is reported by its
//! number.

use std::fmt::Write as _;

use crate::excerpt::Excerpt;
use crate::{Color, FenError, Move, MoveError, Outcome, Position, Variant};

/// Why a PGN text was refused. Messages quote at most 80 characters of the
/// offending text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    /// A tag line is not of the form `[Name "value"]`.
    #[error("line {line}: malformed tag '{}' (expected [Name \"value\"])", Excerpt(.text))]
    BadTag {
        /// The line number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// The `Variant` tag names a game this program does not play.
    #[error("unsupported variant \"{}\" (expected \"Wormhole\" or \"Wormhole fairy\")", Excerpt(.0))]
    Variant(String),
    /// The `FEN` tag is not a valid position. (The message includes the
    /// FEN error's, so it is not also given as the error's source.)
    #[error("bad FEN tag: {0}")]
    Fen(FenError),
    /// A move in the movetext is not a legal move where it stands.
    #[error("move {number} ({color}) '{}': {error}", Excerpt(.text))]
    BadMove {
        /// The move number (see [`Position::move_number`]).
        number: u32,
        /// The side that was to play it.
        color: Color,
        /// The move as written.
        text: String,
        /// Why it was refused.
        error: MoveError,
    },
}

/// A game as PGN describes it: tags, the start position and the moves.
///
/// ```
/// use wormhole::pgn::PgnGame;
/// let game = PgnGame::parse("[White \"Ann\"]\n\n1. e4 Nc6 2. Nf3 *").unwrap();
/// assert_eq!((game.moves.len(), game.tag("White")), (3, Some("Ann")));
/// let text = game.to_pgn();
/// assert!(text.contains("[Variant \"Wormhole\"]") && text.contains("1. e4 Nc6 2. Nf3 *"));
/// assert_eq!(PgnGame::parse(&text).unwrap().moves, game.moves);
/// let err = PgnGame::parse("1. e4 e5 2. Ke4 *").unwrap_err();
/// assert_eq!(err.to_string(), "move 2 (White) 'Ke4': no king can reach e4");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    /// Tags in the order they are written.
    pub tags: Vec<(String, String)>,
    /// The position before the first move.
    pub start: Position,
    /// The moves played, in order (each legal where it stands).
    pub moves: Vec<Move>,
}

impl PgnGame {
    /// A game from `start` with `moves`, tagged with placeholder names and today's date unknown.
    pub fn new(start: Position, moves: Vec<Move>) -> PgnGame {
        PgnGame { tags: default_tags(), start, moves }
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    /// Sets (or adds) a tag.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        set_tag(&mut self.tags, name, value);
    }

    /// The position after all the moves.
    pub fn final_position(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.play_unchecked(m);
        }
        pos
    }

    /// The result: the `Result` tag if it says who won (e.g. after a
    /// resignation), else the final position's outcome, else `*`.
    pub fn result(&self) -> String {
        match self.tag("Result").and_then(Outcome::winner_of) {
            Some(winner) => Outcome::result_for(winner).to_string(),
            None => self.final_position().outcome().map_or("*", |o| o.result_str()).to_string(),
        }
    }

    /// The game as PGN text.
    pub fn to_pgn(&self) -> String {
        self.to_pgn_annotated(&[])
    }

    /// The game as PGN text with `annotations[i]` written after move `i`
    /// (moves past the end of `annotations` get none).
    ///
    /// ```
    /// use wormhole::pgn::{Annotation, PgnGame};
    /// use wormhole::{Position, Variant};
    /// let start = Position::new(Variant::Classic);
    /// let e4 = start.parse_move("e4").unwrap();
    /// let d4 = start.parse_move("d4").unwrap();
    /// let note = Annotation { nag: Some(6), comment: Some("[%eval 0.10]".into()), variation: vec![d4] };
    /// let text = PgnGame::new(start, vec![e4]).to_pgn_annotated(&[note]);
    /// assert!(text.contains("1. e4 $6 {[%eval 0.10]} (1. d4) *"), "{text}");
    /// assert_eq!(PgnGame::parse(&text).unwrap().moves, vec![e4]);
    /// ```
    pub fn to_pgn_annotated(&self, annotations: &[Annotation]) -> String {
        let result = self.result();
        let set_up = (self.start != Position::new(self.start.variant())).then(|| self.start.fen());
        let mut out = header(&self.tags, &result, self.start.variant().pgn_name(), set_up.as_deref());
        let mut pos = self.start.clone();
        let numbered = self.moves.iter().enumerate().map(|(i, &m)| {
            let notes = annotations.get(i).map(|a| a.tokens(&pos)).unwrap_or_default();
            let entry = (pos.move_number(), pos.turn(), pos.san(m), notes);
            pos.play_unchecked(m);
            entry
        });
        out.push_str(&annotated_movetext(numbered, &result));
        out
    }

    /// Reads the first game of a PGN text.
    pub fn parse(text: &str) -> Result<PgnGame, PgnError> {
        let (tags, movetext) = sections(text).map_err(|(line, text)| PgnError::BadTag { line, text })?;
        let tag = |name: &str| find_tag(&tags, name);
        let variant = match tag("Variant") {
            None => None,
            Some(v) => Some(Variant::from_pgn_tag(v).ok_or_else(|| PgnError::Variant(v.to_ascii_lowercase()))?),
        };
        let start = match (tag("FEN"), variant) {
            (Some(fen), Some(variant)) => Position::from_fen(fen, variant).map_err(PgnError::Fen)?,
            (Some(fen), None) => Position::from_fen_auto(fen, Variant::default()).map_err(PgnError::Fen)?,
            (None, variant) => Position::new(variant.unwrap_or_default()),
        };
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for token in &movetext_tokens(&movetext) {
            let number = pos.move_number();
            let m = pos.parse_move(token).map_err(|error| PgnError::BadMove {
                number,
                color: pos.turn(),
                text: token.clone(),
                error,
            })?;
            pos.play_unchecked(m);
            moves.push(m);
        }
        Ok(PgnGame { tags, start, moves })
    }
}

// The text-level parts below are shared with Porthole chess's PGN
// (`crate::porthole::pgn`): tags, movetext tokens, numbering and wrapping.

/// Tag pairs `(name, value)` in the order they are written.
pub(crate) type Tags = Vec<(String, String)>;

/// The tags of a new game: placeholder names and an unknown date.
pub(crate) fn default_tags() -> Tags {
    [("Event", "Casual game"), ("Site", "wormhole"), ("Date", "????.??.??"), ("White", "?"), ("Black", "?")]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Sets (or adds) the tag `name` in `tags`.
pub(crate) fn set_tag(tags: &mut Tags, name: &str, value: &str) {
    match tags.iter_mut().find(|(k, _)| k == name) {
        Some(tag) => tag.1 = value.to_string(),
        None => tags.push((name.to_string(), value.to_string())),
    }
}

/// The value of the tag `name` in `tags`.
pub(crate) fn find_tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

/// The tags and the movetext of the first game in `text`; a malformed tag
/// line is returned as `Err((line number, line))`.
pub(crate) fn sections(text: &str) -> Result<(Tags, String), (usize, String)> {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    // Inside a { } comment that goes on to the next line, where a line
    // may start with `[` (as in `[%eval 0.17]`) without being a tag.
    let mut in_comment = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if !in_comment && line.starts_with('[') && movetext.trim().is_empty() {
            tags.push(parse_tag(line).ok_or_else(|| (i + 1, line.to_string()))?);
        } else if !in_comment && line.starts_with('[') {
            break; // the next game begins
        } else if in_comment || !line.starts_with('%') {
            in_comment = ends_in_comment(line, in_comment);
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    Ok((tags, movetext))
}

/// The tag section: the roster, `Result`, `Variant`, `SetUp` and `FEN` when
/// `set_up` gives a start FEN, the other tags, then a blank line.
pub(crate) fn header(tags: &[(String, String)], result: &str, variant: &str, set_up: Option<&str>) -> String {
    let mut out = String::new();
    let roster = ["Event", "Site", "Date", "White", "Black"];
    for name in roster {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(find_tag(tags, name).unwrap_or("?")));
    }
    let _ = writeln!(out, "[Result \"{result}\"]");
    let _ = writeln!(out, "[Variant \"{variant}\"]");
    if let Some(fen) = set_up {
        let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{fen}\"]");
    }
    let skip = ["Result", "Variant", "SetUp", "FEN"];
    for (k, v) in tags.iter().filter(|(k, _)| !roster.contains(&k.as_str()) && !skip.contains(&k.as_str())) {
        let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
    }
    out.push('\n');
    out
}

/// The movetext from (move number, mover, SAN) triples and the result,
/// wrapped at 79 columns.
pub(crate) fn movetext(moves: impl Iterator<Item = (u32, Color, String)>, result: &str) -> String {
    annotated_movetext(moves.map(|(number, color, san)| (number, color, san, Vec::new())), result)
}

/// The movetext from (move number, mover, SAN, annotation tokens) and the
/// result, wrapped at 79 columns. Black's move gets its number (`12...`)
/// first in the movetext and after a comment or variation.
fn annotated_movetext(moves: impl Iterator<Item = (u32, Color, String, Vec<String>)>, result: &str) -> String {
    let mut tokens = Vec::new();
    let mut numbered = true;
    for (number, color, san, notes) in moves {
        if color == Color::White {
            tokens.push(format!("{number}."));
        } else if numbered {
            tokens.push(format!("{number}..."));
        }
        tokens.push(san);
        numbered = notes.iter().any(|t| !t.starts_with('$'));
        tokens.extend(notes);
    }
    tokens.push(result.to_string());
    let mut out = String::new();
    let mut line_len = 0;
    for t in tokens {
        if line_len > 0 && line_len + 1 + t.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(&t);
        line_len += t.len();
    }
    out.push('\n');
    out
}

/// What an annotated PGN adds after a move: a numeric annotation glyph, a
/// comment and a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotation {
    /// A numeric annotation glyph, written `$n` (e.g. 2 for `?`, 4 for `??`, 6 for `?!`).
    pub nag: Option<u8>,
    /// A comment, written in braces (a `}` in it is dropped).
    pub comment: Option<String>,
    /// Moves that could have been played instead of this one, from the
    /// position before it, written in parentheses (empty: none).
    pub variation: Vec<Move>,
}

impl Annotation {
    /// The movetext tokens of this annotation after a move played in `pos`.
    fn tokens(&self, pos: &Position) -> Vec<String> {
        let mut tokens = Vec::new();
        if let Some(nag) = self.nag {
            tokens.push(format!("${nag}"));
        }
        if let Some(comment) = &self.comment {
            // One token, so that a wrapped line never starts inside a comment.
            tokens.push(format!("{{{}}}", comment.replace('}', "")));
        }
        let mut pos = pos.clone();
        let mut line = Vec::new();
        for &m in &self.variation {
            if !pos.is_legal(m) {
                break;
            }
            line.push((pos.move_number(), pos.turn(), pos.san(m), Vec::new()));
            pos.play_unchecked(m);
        }
        if !line.is_empty() {
            // The variation's own movetext, without a result.
            let text = annotated_movetext(line.into_iter(), "");
            let words: Vec<&str> = text.split_whitespace().collect();
            if let Some(last) = words.len().checked_sub(1) {
                for (i, w) in words.iter().enumerate() {
                    let open = if i == 0 { "(" } else { "" };
                    let close = if i == last { ")" } else { "" };
                    tokens.push(format!("{open}{w}{close}"));
                }
            }
        }
        tokens
    }
}

/// Whether a movetext line that starts inside a brace comment (or not, as
/// `inside` says) ends inside one.
fn ends_in_comment(line: &str, inside: bool) -> bool {
    let mut inside = inside;
    for c in line.chars() {
        match c {
            '}' if inside => inside = false,
            '{' if !inside => inside = true,
            ';' if !inside => break, // the rest of the line is a comment
            _ => {}
        }
    }
    inside
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    Some((name.to_string(), value.replace("\\\"", "\"").replace("\\\\", "\\")))
}

/// The move tokens of a movetext: comments, variations, NAGs, move numbers
/// and the result are left out.
pub(crate) fn movetext_tokens(text: &str) -> Vec<String> {
    let mut plain = String::with_capacity(text.len());
    let mut depth = 0usize; // nesting of ( ) variations
    let mut in_brace = false;
    let mut in_line_comment = false;
    for c in text.chars() {
        match c {
            _ if in_brace => in_brace = c != '}',
            _ if in_line_comment => in_line_comment = c != '\n',
            '{' => in_brace = true,
            ';' => in_line_comment = true,
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            _ => {
                plain.push(c);
                continue;
            }
        }
        plain.push(' ');
    }
    plain
        .split_whitespace()
        .filter(|t| !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*") && !t.starts_with('$'))
        .map(|t| t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_from_a_set_up_position() {
        let start =
            Position::from_fen("rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17", Variant::Classic)
                .unwrap();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for _ in 0..6 {
            let Some(&m) = pos.legal_moves().first() else { break };
            pos.play_unchecked(m);
            moves.push(m);
        }
        let mut game = PgnGame::new(start, moves);
        game.set_tag("White", "Ann \"the hole\"");
        let text = game.to_pgn();
        assert!(text.contains("[SetUp \"1\"]"), "{text}");
        assert!(text.contains("9... "), "{text}");
        let back = PgnGame::parse(&text).unwrap();
        assert_eq!(back.moves, game.moves);
        assert_eq!(back.start, game.start);
        assert_eq!(back.tag("White"), Some("Ann \"the hole\""));
    }

    #[test]
    fn reports_the_first_bad_move_by_number() {
        let text = "[Variant \"Wormhole\"]\n\n1. e4 {a comment} e5 2. Nf3 (2. d4) Nf6 3. Qh9 *\n";
        let err = PgnGame::parse(text).unwrap_err();
        assert!(err.to_string().starts_with("move 3 (White) 'Qh9': "), "{err}");
        let err = PgnGame::parse("1. e4 e5 2. Ke4 *").unwrap_err();
        assert_eq!(err.to_string(), "move 2 (White) 'Ke4': no king can reach e4");
    }

    #[test]
    fn annotated_game_reads_back() {
        let start = Position::new(Variant::Classic);
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for san in ["e4", "e5", "Nf3", "Nc6", "d4"] {
            let m = pos.parse_move(san).unwrap();
            pos.play_unchecked(m);
            moves.push(m);
        }
        let d4 = start.parse_move("d4").unwrap();
        let d5 = start.after(d4).parse_move("d5").unwrap();
        let long = "[%eval -0.35] a long comment that does not fit on one line with the moves around it";
        let notes = vec![
            Annotation { nag: Some(2), comment: Some(long.to_string()), variation: vec![d4, d5] },
            Annotation { nag: None, comment: Some("[%eval #-3]".into()), variation: Vec::new() },
            Annotation { nag: Some(4), comment: None, variation: Vec::new() },
        ];
        let text = PgnGame::new(start, moves.clone()).to_pgn_annotated(&notes);
        assert!(text.contains("1. e4 $2\n{[%eval -0.35] a long"), "{text}");
        assert!(text.contains("(1. d4 d5) 1... e5 {[%eval #-3]} 2. Nf3 $4 Nc6 3. d4 *"), "{text}");
        let movetext = text.split("\n\n").nth(1).unwrap();
        assert!(movetext.lines().all(|l| !l.starts_with('[')), "{text}");
        assert_eq!(PgnGame::parse(&text).unwrap().moves, moves);
    }

    #[test]
    fn a_comment_line_starting_with_a_bracket_is_not_a_tag() {
        let text = "[Event \"x\"]\n\n1. e4 { a comment over two lines:\n[%eval 0.17] } e5 2. Nf3 *\n";
        let game = PgnGame::parse(text).unwrap();
        assert_eq!(game.moves.len(), 3);
        assert!(ends_in_comment("1. e4 { open", false));
        assert!(!ends_in_comment("1. e4 ; { a line comment", false));
        assert!(!ends_in_comment("closed } e5", true));
    }

    #[test]
    fn fairy_variant_tag() {
        let game = PgnGame::parse("[Variant \"Wormhole fairy\"]\n\n1. e4 Nc6 *").unwrap();
        assert_eq!(game.start.variant(), Variant::Fairy);
        assert!(game.to_pgn().contains("[Variant \"Wormhole fairy\"]"));
        assert!(matches!(PgnGame::parse("[Variant \"Atomic\"]\n\n*"), Err(PgnError::Variant(_))));
    }
}
