//! PGN: saving a game as text and loading it back, in any game.
//!
//! Written games carry the seven-tag roster plus the game's `Variant` tag
//! (its [`GameInfo::pgn_name`](crate::game_info::GameInfo::pgn_name), e.g. `Wormhole`),
//! and `[SetUp "1"]` with `[FEN "..."]` when the game did not start from
//! the initial position. Reading replays every SAN move through the game's
//! own `parse_move`, so the first bad move is reported by its number.

use std::fmt::Write as _;

use crate::core::Color;
use crate::core::excerpt::Excerpt;
use crate::games::{AnyMove, AnyMoveError, AnyPosition, GameFenError, GameKind, PlayError};
use crate::rules::GameOutcome;
use crate::rules::MoveTextError;
use crate::rules::Rules;

/// Why a PGN text was refused. Messages quote at most 80 characters of the
/// offending text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    /// The text holds no game: no tag and no movetext (only white space,
    /// or nothing, as in an empty file).
    #[error("no game: the text is empty")]
    Empty,
    /// A tag line is not of the form `[Name "value"]`.
    #[error("line {line}: malformed tag '{}' (expected [Name \"value\"])", Excerpt(.text))]
    BadTag {
        /// The line number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// The `Variant` tag names a game this program does not play.
    #[error("unsupported variant \"{}\" (expected {})", Excerpt(.0), PgnNames)]
    Variant(String),
    /// The `FEN` tag is not a valid position. (The message includes the
    /// FEN error's, so it is not also given as the error's source.)
    #[error("bad FEN tag: {0}")]
    Fen(GameFenError),
    /// The `Result` tag and the result at the end of the movetext differ.
    #[error("the Result tag says {tag} but the moves end with {terminator}")]
    ResultMismatch {
        /// The `Result` tag's value.
        tag: String,
        /// The result that ends the movetext.
        terminator: String,
    },
    /// A move comes after the game had ended by its rules.
    #[error("move {number} ({color}) '{}': the game was already over ({end})", Excerpt(.text))]
    AfterTheEnd {
        /// The move number (see [`AnyPosition::move_number`]).
        number: u32,
        /// The side that was to play it.
        color: Color,
        /// The move as written.
        text: String,
        /// How the game had ended.
        end: String,
    },
    /// A move in the movetext is not a legal move where it stands.
    #[error("move {number} ({color}) '{}': {}", Excerpt(.text), Reason(.error))]
    BadMove {
        /// The move number (see [`AnyPosition::move_number`]).
        number: u32,
        /// The side that was to play it.
        color: Color,
        /// The move as written.
        text: String,
        /// Why it was refused.
        error: AnyMoveError,
    },
}

/// A move error's reason without the move's text, which
/// [`PgnError::BadMove`] quotes already: `not a move: unknown piece letter`.
struct Reason<'a>(&'a AnyMoveError);

impl std::fmt::Display for Reason<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0.syntax_problem() {
            Some(problem) => write!(f, "not a move: {problem}"),
            None => self.0.fmt(f),
        }
    }
}

/// The `Variant` tags of [`GAMES`](crate::games::GAMES), quoted: `"Wormhole", "Wormhole fairy", ... or "Twoboard"`.
struct PgnNames;

impl std::fmt::Display for PgnNames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        crate::game_kind::write_choices(f, '"', |g| g.pgn_name)
    }
}

/// A game as PGN describes it, in either game: tags, the start position
/// and the moves.
///
/// ```
/// use wormhole::pgn::PgnGame;
/// use wormhole::GameKind;
/// let game = PgnGame::parse("[White \"Ann\"]\n\n1. e4 Nc6 2. Nf3 *").unwrap();
/// assert_eq!((game.moves.len(), game.tag("White")), (3, Some("Ann")));
/// let text = game.to_pgn();
/// assert!(text.contains("[Variant \"Wormhole\"]") && text.contains("1. e4 Nc6 2. Nf3 *"));
/// assert_eq!(PgnGame::parse(&text).unwrap().moves, game.moves);
/// let err = PgnGame::parse("1. e4 e5 2. Ke4 *").unwrap_err();
/// assert_eq!(err.to_string(), "move 2 (White) 'Ke4': no king can reach e4");
/// // Porthole chess, with its porthole moves.
/// let porthole = PgnGame::parse("[Variant \"Porthole\"]\n\n1. f3 e5 2. fg4>c4 *").unwrap();
/// assert_eq!(porthole.kind(), GameKind::Porthole);
/// assert!(porthole.to_pgn().contains("1. f3 e5 2. fg4>c4 *"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    /// Tags in the order they are written.
    pub tags: Vec<(String, String)>,
    /// The position before the first move.
    pub start: AnyPosition,
    /// The moves played, in order (each legal where it stands).
    pub moves: Vec<AnyMove>,
}

impl PgnGame {
    /// A game from `start` with `moves`, tagged with placeholder names and an unknown date.
    pub fn new(start: impl Into<AnyPosition>, moves: impl IntoIterator<Item = impl Into<AnyMove>>) -> PgnGame {
        PgnGame { tags: default_tags(), start: start.into(), moves: moves.into_iter().map(Into::into).collect() }
    }

    /// The game.
    pub fn kind(&self) -> GameKind {
        self.start.kind()
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    /// Sets (or adds) a tag.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        set_tag(&mut self.tags, name, value);
    }

    /// Every position of the game, from the start to after the last move
    /// (or, for a game built with a move that cannot be played where it
    /// stands, to before that move: see [`PgnGame::check`]).
    pub fn positions(&self) -> Vec<AnyPosition> {
        let mut positions = vec![self.start.clone()];
        for &m in &self.moves {
            match positions[positions.len() - 1].after(m) {
                Ok(next) => positions.push(next),
                Err(_) => break,
            }
        }
        positions
    }

    /// Whether every move can be played where it stands: the first that
    /// cannot, with its index and why. [`PgnGame::parse`] only makes games
    /// that pass; [`PgnGame::new`] takes the moves as they are.
    pub fn check(&self) -> Result<(), (usize, PlayError)> {
        let mut pos = self.start.clone();
        self.moves.iter().enumerate().try_for_each(|(i, &m)| pos.play(m).map(drop).map_err(|e| (i, e)))
    }

    /// The position after all the moves.
    pub fn final_position(&self) -> AnyPosition {
        self.positions().pop().unwrap_or_else(|| self.start.clone())
    }

    /// The result: the final position's outcome if it ends the game (a
    /// repetition of the game's positions included), else the `Result` tag
    /// if it gives one (a resignation, a loss on time, an agreed draw),
    /// else `*`.
    pub fn result(&self) -> String {
        let positions = self.positions();
        let (last, earlier) = positions.split_last().unwrap_or((&self.start, &[]));
        let hashes: Vec<u64> = earlier.iter().map(AnyPosition::hash).collect();
        match (last.outcome(&hashes), self.tag("Result")) {
            (Some(outcome), _) => outcome.result_str().to_string(),
            (None, Some(r @ ("1-0" | "0-1" | "1/2-1/2"))) => r.to_string(),
            _ => "*".to_string(),
        }
    }

    /// The game as PGN text.
    pub fn to_pgn(&self) -> String {
        self.to_pgn_annotated(&[])
    }

    /// The game as PGN text with `annotations[i]` written after move `i`
    /// (moves past the end of `annotations` get none). The moves are
    /// written up to the first that cannot be played ([`PgnGame::check`]).
    ///
    /// ```
    /// use wormhole::pgn::{Annotation, PgnGame};
    /// use wormhole::{Position, Variant};
    /// let start = Position::new(Variant::Classic);
    /// let e4 = start.parse_move("e4").unwrap();
    /// let d4 = start.parse_move("d4").unwrap();
    /// let note = Annotation { nag: Some(6), comment: Some("[%eval 0.10]".into()), variations: vec![vec![d4.into()]] };
    /// let text = PgnGame::new(start, [e4]).to_pgn_annotated(&[note]);
    /// assert!(text.contains("1. e4 $6 {[%eval 0.10]} (1. d4) *"), "{text}");
    /// assert_eq!(PgnGame::parse(&text).unwrap().moves, vec![e4.into()]);
    /// ```
    pub fn to_pgn_annotated(&self, annotations: &[Annotation]) -> String {
        let result = self.result();
        let kind = self.kind();
        let set_up = (self.start != AnyPosition::new(kind)).then(|| self.start.fen());
        let mut out = header(&self.tags, &result, kind.pgn_name(), set_up.as_deref());
        let mut pos = self.start.clone();
        let numbered = self.moves.iter().enumerate().map_while(|(i, &m)| {
            let notes = annotations.get(i).map(|a| a.tokens(&pos)).unwrap_or_default();
            let entry = (pos.move_number(), pos.turn(), pos.san(m), notes);
            pos.play(m).ok()?;
            Some(entry)
        });
        out.push_str(&annotated_movetext(numbered, &result));
        out
    }

    /// Reads the first game of a PGN text. Without a `Variant` tag, the
    /// `FEN` tag tells the game when it can ([`GameKind::detect_fen`]);
    /// otherwise it is Wormhole chess.
    pub fn parse(text: &str) -> Result<PgnGame, PgnError> {
        if text.trim().is_empty() {
            return Err(PgnError::Empty);
        }
        let (tags, movetext) = sections(text).map_err(|(line, text)| PgnError::BadTag { line, text })?;
        let tag = |name: &str| find_tag(&tags, name);
        let kind = match tag("Variant") {
            None => None,
            Some(v) => Some(GameKind::from_pgn_tag(v).ok_or_else(|| PgnError::Variant(v.to_ascii_lowercase()))?),
        };
        let start = match (tag("FEN"), kind) {
            (Some(fen), Some(kind)) => AnyPosition::from_fen(kind, fen),
            (Some(fen), None) => AnyPosition::from_fen_auto(fen, GameKind::default()),
            (None, kind) => Ok(AnyPosition::new(kind.unwrap_or_default())),
        }
        .map_err(PgnError::Fen)?;
        check_terminator(tag("Result"), &movetext)?;
        let moves = replay(&start, &movetext_tokens(&movetext))?;
        Ok(PgnGame { tags, start, moves })
    }
}

/// The moves of `tokens` played from `start`. A move that is not legal, or
/// that comes after the game has ended by its rules (a repetition
/// included), is refused: the game is one rule for every reader.
fn replay(start: &AnyPosition, tokens: &[String]) -> Result<Vec<AnyMove>, PgnError> {
    let mut pos = start.clone();
    let mut earlier = Vec::new();
    let mut moves = Vec::new();
    for token in tokens {
        let (number, color, text) = (pos.move_number(), pos.turn(), token.clone());
        if let Some(end) = pos.outcome(&earlier) {
            return Err(PgnError::AfterTheEnd { number, color, text, end: end.to_string() });
        }
        earlier.push(pos.hash());
        let m = pos.play_text(token).map_err(|error| PgnError::BadMove { number, color, text, error })?;
        moves.push(m);
    }
    Ok(moves)
}

/// The results a game can end with (`*`, still going, aside).
const DECIDED: [&str; 3] = ["1-0", "0-1", "1/2-1/2"];

/// A decided `Result` tag and a decided terminator that disagree are refused.
fn check_terminator(tag: Option<&str>, movetext: &str) -> Result<(), PgnError> {
    let last = movetext.split_whitespace().last();
    match (tag, last) {
        (Some(tag), Some(end)) if DECIDED.contains(&tag) && DECIDED.contains(&end) && tag != end => {
            Err(PgnError::ResultMismatch { tag: tag.to_string(), terminator: end.to_string() })
        }
        _ => Ok(()),
    }
}

// The text-level parts: tags, movetext tokens, numbering and wrapping.

/// Tag pairs `(name, value)` in the order they are written.
type Tags = Vec<(String, String)>;

/// The tags of a new game: placeholder names and an unknown date.
fn default_tags() -> Tags {
    [("Event", "Casual game"), ("Site", "wormhole"), ("Date", "????.??.??"), ("White", "?"), ("Black", "?")]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Sets (or adds) the tag `name` in `tags`.
fn set_tag(tags: &mut Tags, name: &str, value: &str) {
    match tags.iter_mut().find(|(k, _)| k == name) {
        Some(tag) => tag.1 = value.to_string(),
        None => tags.push((name.to_string(), value.to_string())),
    }
}

/// The value of the tag `name` in `tags`.
fn find_tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

/// The tags and the movetext of the first game in `text`; a malformed tag
/// line is returned as `Err((line number, line))`.
fn sections(text: &str) -> Result<(Tags, String), (usize, String)> {
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
fn header(tags: &[(String, String)], result: &str, variant: &str, set_up: Option<&str>) -> String {
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
    /// Lines that could have been played instead of this move, each from
    /// the position before it, written in parentheses one after the other
    /// (empty: none).
    pub variations: Vec<Vec<AnyMove>>,
}

impl Annotation {
    /// The movetext tokens of this annotation after a move played in `pos`.
    fn tokens(&self, pos: &AnyPosition) -> Vec<String> {
        let mut tokens = Vec::new();
        if let Some(nag) = self.nag {
            tokens.push(format!("${nag}"));
        }
        if let Some(comment) = &self.comment {
            // One token, so that a wrapped line never starts inside a comment.
            tokens.push(format!("{{{}}}", comment.replace('}', "")));
        }
        for variation in &self.variations {
            tokens.extend(variation_tokens(pos, variation));
        }
        tokens
    }
}

/// The movetext tokens of one variation played from `pos`, in
/// parentheses (none when its first move is not legal there).
fn variation_tokens(pos: &AnyPosition, variation: &[AnyMove]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut line = Vec::new();
    for &m in variation {
        let san = pos.san(m);
        let entry = (pos.move_number(), pos.turn(), san, Vec::new());
        if pos.play(m).is_err() {
            break;
        }
        line.push(entry);
    }
    // The variation's own movetext, without a result.
    let text = annotated_movetext(line.into_iter(), "");
    let words: Vec<&str> = text.split_whitespace().collect();
    let last = words.len().saturating_sub(1);
    words
        .iter()
        .enumerate()
        .map(|(i, w)| format!("{}{w}{}", if i == 0 { "(" } else { "" }, if i == last { ")" } else { "" }))
        .collect()
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
fn movetext_tokens(text: &str) -> Vec<String> {
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
    use crate::games::wormhole::{Position, Variant};

    #[test]
    fn a_result_tag_and_a_terminator_that_disagree_are_refused() {
        let err = PgnGame::parse("[Result \"1-0\"]\n\n1. e4 e5 0-1\n").unwrap_err();
        assert_eq!(err.to_string(), "the Result tag says 1-0 but the moves end with 0-1");
        assert!(PgnGame::parse("[Result \"1-0\"]\n\n1. e4 e5 1-0\n").is_ok());
        assert!(PgnGame::parse("[Result \"*\"]\n\n1. e4 e5 0-1\n").is_ok(), "an unknown result is no claim");
    }

    #[test]
    fn an_empty_text_is_no_game() {
        for text in ["", "\n\n", " \t\r\n"] {
            assert_eq!(PgnGame::parse(text).unwrap_err(), PgnError::Empty);
        }
        assert!(PgnGame::parse("*").is_ok(), "a game with no moves is a game");
    }

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
        assert_eq!(back.kind(), GameKind::Classic);
        assert_eq!(back.tag("White"), Some("Ann \"the hole\""));
    }

    #[test]
    fn reports_the_first_bad_move_by_number() {
        let text = "[Variant \"Wormhole\"]\n\n1. e4 {a comment} e5 2. Nf3 (2. d4) Nf6 3. Qh9 *\n";
        let err = PgnGame::parse(text).unwrap_err();
        assert!(err.to_string().starts_with("move 3 (White) 'Qh9': "), "{err}");
        let err = PgnGame::parse("1. e4 e5 2. Zz9 *").unwrap_err();
        assert_eq!(err.to_string(), "move 2 (White) 'Zz9': not a move: unknown piece letter");
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
            Annotation { nag: Some(2), comment: Some(long.to_string()), variations: vec![vec![d4.into(), d5.into()]] },
            Annotation { nag: None, comment: Some("[%eval #-3]".into()), variations: Vec::new() },
            Annotation { nag: Some(4), comment: None, variations: Vec::new() },
        ];
        let text = PgnGame::new(start, moves.clone()).to_pgn_annotated(&notes);
        let moves: Vec<AnyMove> = moves.into_iter().map(Into::into).collect();
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
        assert_eq!(game.kind(), GameKind::Fairy);
        assert!(game.to_pgn().contains("[Variant \"Wormhole fairy\"]"));
        let err = PgnGame::parse("[Variant \"Atomic\"]\n\n*").unwrap_err();
        assert_eq!(
            err.to_string(),
            "unsupported variant \"atomic\" (expected \"Wormhole\", \"Wormhole fairy\", \"Porthole\", \"Linked\" or \"Twoboard\")"
        );
    }

    #[test]
    fn porthole_games_with_their_tag_a_set_up_start_and_a_draw() {
        // The knights go out and back twice: a draw by threefold repetition.
        let text = "[Variant \"Porthole\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n";
        let game = PgnGame::parse(text).unwrap();
        assert_eq!((game.kind(), game.moves.len(), game.result()), (GameKind::Porthole, 8, "1/2-1/2".to_string()));
        assert!(game.to_pgn().contains("4. Ng1 Ng8 1/2-1/2"));
        // A move after that end is refused, by every reader of the file.
        let err = PgnGame::parse(&text.replace("Ng8 *", "Ng8 5. e4 *")).unwrap_err();
        assert_eq!(err.to_string(), "move 5 (White) 'e4': the game was already over (draw by threefold repetition)");
        // A set-up start is written as a 7-field FEN, and read back.
        let fen = "6k1/5ppp/8/8/8/8/5PPP/4r1K1 w - - 0 30 a6,d4,b3,h1";
        let start = AnyPosition::from_fen(GameKind::Porthole, fen).unwrap();
        let m = start.parse_move("Kh1>d4").unwrap();
        let written = PgnGame::new(start.clone(), [m]).to_pgn();
        assert!(written.contains(&format!("[FEN \"{fen}\"]")) && written.contains("30. Kh1>d4 *"), "{written}");
        let back = PgnGame::parse(&written).unwrap();
        assert_eq!((back.start, back.moves), (start, vec![m]));
        // A move that is not legal is reported by number, in the game's words.
        let err = PgnGame::parse("[Variant \"Porthole\"]\n\n1. f3 e5 2. fg4>d4 *").unwrap_err();
        assert_eq!(err.to_string(), "move 2 (White) 'fg4>d4': d4 is not a porthole");
    }
}
