//! PGN for Porthole chess: `[Variant "Porthole"]`, with `[SetUp "1"]` and
//! `[FEN "<PFEN>"]` for any other start. Tags, comments, variations and
//! line wrapping are read and written as for Wormhole chess ([`crate::pgn`]).

use super::{FenError, Game, MoveError, Position};
use crate::Color;
use crate::excerpt::Excerpt;
use crate::pgn::{default_tags, find_tag, header, movetext, movetext_tokens, sections, set_tag};

/// The `Variant` tag value of Porthole chess.
pub const VARIANT: &str = "Porthole";

/// Why a PGN text was refused.
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
    /// The `Variant` tag names another game.
    #[error("this is a \"{}\" game, not Porthole chess (expected [Variant \"Porthole\"])", Excerpt(.0))]
    Variant(String),
    /// The `FEN` tag is not a valid position. (The message includes the
    /// FEN error's, so it is not also given as the error's source.)
    #[error("bad FEN tag: {0}")]
    Fen(FenError),
    /// A move in the movetext is not a legal move where it stands.
    #[error("move {number} ({color}) '{}': {error}", Excerpt(.text))]
    BadMove {
        /// The move number.
        number: u32,
        /// The side that was to move.
        color: Color,
        /// The move as written.
        text: String,
        /// Why it was refused.
        error: MoveError,
    },
}

/// A Porthole game as PGN describes it: tags and the game itself.
///
/// ```
/// use wormhole::porthole::Game;
/// use wormhole::porthole::pgn::PgnGame;
/// let mut game = Game::default();
/// for text in ["f3", "e5", "fg4>c4"] {
///     game.play_text(text).unwrap();
/// }
/// let text = PgnGame::new(game).to_pgn();
/// assert!(text.contains("[Variant \"Porthole\"]"));
/// assert!(text.contains("1. f3 e5 2. fg4>c4 *"));
/// assert_eq!(PgnGame::parse(&text).unwrap().game.moves().count(), 3);
/// ```
#[derive(Debug, Clone)]
pub struct PgnGame {
    /// Tags in the order they are written.
    pub tags: Vec<(String, String)>,
    /// The start position and the moves.
    pub game: Game,
}

impl PgnGame {
    /// `game` tagged with placeholder names and an unknown date.
    pub fn new(game: Game) -> PgnGame {
        PgnGame { tags: default_tags(), game }
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    /// Sets (or adds) a tag.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        set_tag(&mut self.tags, name, value);
    }

    /// The result: the game's outcome if its last position ends it, else
    /// the `Result` tag if it gives one (a resignation, an agreed draw),
    /// else `*`.
    pub fn result(&self) -> String {
        match (self.game.outcome(), self.tag("Result")) {
            (Some(outcome), _) => outcome.result_str().to_string(),
            (None, Some(r @ ("1-0" | "0-1" | "1/2-1/2"))) => r.to_string(),
            _ => "*".to_string(),
        }
    }

    /// The game as PGN text.
    pub fn to_pgn(&self) -> String {
        let result = self.result();
        let start = self.game.start();
        let set_up = (*start != Position::new()).then(|| start.fen());
        let mut out = header(&self.tags, &result, VARIANT, set_up.as_deref());
        let mut pos = start.clone();
        let numbered = self.game.moves().map(|m| {
            let entry = (pos.move_number(), pos.turn(), pos.san(m));
            pos.play_unchecked(m);
            entry
        });
        out.push_str(&movetext(numbered, &result));
        out
    }

    /// Reads the first game of a PGN text. A missing `Variant` tag is
    /// taken to mean Porthole chess.
    pub fn parse(text: &str) -> Result<PgnGame, PgnError> {
        let (tags, moves) = sections(text).map_err(|(line, text)| PgnError::BadTag { line, text })?;
        if let Some(v) = find_tag(&tags, "Variant")
            && !v.eq_ignore_ascii_case(VARIANT)
        {
            return Err(PgnError::Variant(v.to_string()));
        }
        let start = match find_tag(&tags, "FEN") {
            Some(fen) => Position::from_fen(fen).map_err(PgnError::Fen)?,
            None => Position::new(),
        };
        let mut game = Game::new(start);
        for token in movetext_tokens(&moves) {
            let (number, color) = (game.position().move_number(), game.position().turn());
            game.play_text(&token).map_err(|error| PgnError::BadMove { number, color, text: token.clone(), error })?;
        }
        Ok(PgnGame { tags, game })
    }
}
