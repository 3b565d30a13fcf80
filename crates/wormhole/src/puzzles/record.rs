//! One puzzle, as a line of a puzzle file.

use std::num::ParseIntError;

use crate::core::excerpt::Excerpt;
use crate::game_kind::ParseGameKindError;
use crate::games::{AnyMove, AnyMoveError, AnyPosition, GameFenError, GameKind};
use crate::puzzle_themes::{ParseThemeError, Theme};
use crate::rules::Rules;

/// The first line of a puzzle file: the names of the tab-separated fields.
pub const HEADER: &str = "id\tgame\tfen\tmoves\tsan\trating\tthemes\tnodes";

/// How many fields a line has ([`HEADER`]).
const FIELDS: usize = 8;

/// A puzzle: a position, the side to move (the solver) wins with one move
/// only, and the line that proves it.
///
/// The solution alternates the solver's moves and the defender's replies,
/// the solver's first: at each of the solver's turns its move is the only
/// winning one, and each reply is the defender's longest resistance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// A short name, unique within its file (letters, digits, `-`, `_`).
    pub id: String,
    /// The game.
    pub game: GameKind,
    /// The position, a FEN of the game; the side to move is the solver.
    pub fen: String,
    /// The solution in coordinates (the game's UCI form): solver's move,
    /// reply, solver's move, ... ending with a solver's move.
    pub solution: Vec<String>,
    /// The same moves in SAN.
    pub san: Vec<String>,
    /// How hard it is, on a chess rating scale.
    pub rating: u16,
    /// What it is about.
    pub themes: Vec<Theme>,
    /// The positions the engine searched before it chose the first move.
    pub nodes: u64,
}

/// Why a line is no puzzle; says which field and what it held.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParsePuzzleError {
    /// Not the number of fields of [`HEADER`].
    #[error("a puzzle has {FIELDS} tab-separated fields, this line has {found}")]
    Fields {
        /// The number of fields found.
        found: usize,
    },
    /// The id is empty or holds other characters than letters, digits, `-` and `_`.
    #[error("bad puzzle id '{}' (letters, digits, '-' and '_' only)", Excerpt(.0))]
    Id(String),
    /// The game is unknown.
    #[error("puzzle game: {0}")]
    Game(#[from] ParseGameKindError),
    /// The FEN does not read in the game.
    #[error("puzzle FEN '{}': {source}", Excerpt(.fen))]
    Fen {
        /// The FEN.
        fen: String,
        /// Why it does not read.
        source: GameFenError,
    },
    /// The solution has no move, or a solver's move does not end it (an even number of moves).
    #[error("a solution has an odd number of moves, the solver's first and last; this one has {0}")]
    MoveCount(usize),
    /// The SAN field does not name as many moves as the solution.
    #[error("the solution has {moves} moves but its SAN has {san}")]
    SanCount {
        /// Moves in the solution.
        moves: usize,
        /// Moves in the SAN field.
        san: usize,
    },
    /// A number field does not read.
    #[error("puzzle {field} '{}': {source}", Excerpt(.text))]
    Number {
        /// The field's name.
        field: &'static str,
        /// What it held.
        text: String,
        /// Why it is no number.
        source: ParseIntError,
    },
    /// A theme is unknown.
    #[error(transparent)]
    Theme(#[from] ParseThemeError),
}

/// Why a puzzle's moves do not play from its position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The FEN does not read in the game.
    #[error("puzzle FEN: {0}")]
    Fen(#[from] GameFenError),
    /// A move is not legal where it is played.
    #[error("move {} of the solution, '{}', is not legal in {fen}: {source}", .ply + 1, Excerpt(.text))]
    Move {
        /// Its index in the solution (0: the solver's first move).
        ply: usize,
        /// The move as written.
        text: String,
        /// The position it is played in.
        fen: String,
        /// Why it is refused.
        source: AnyMoveError,
    },
    /// A move's SAN is not the one the file gives.
    #[error("move {} of the solution, {text}, is {actual} in SAN, not '{}'", .ply + 1, Excerpt(.written))]
    San {
        /// Its index in the solution.
        ply: usize,
        /// The move in coordinates.
        text: String,
        /// Its SAN.
        actual: String,
        /// The SAN the file gives.
        written: String,
    },
}

/// Why a puzzle file does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleFileError {
    /// The first line is not [`HEADER`].
    #[error("a puzzle file starts with the header line '{}', not '{}'", HEADER.replace('\t', " "), Excerpt(.0))]
    Header(String),
    /// A line is no puzzle.
    #[error("line {line}: {source}")]
    Line {
        /// Its number, from 1.
        line: usize,
        /// Why.
        source: ParsePuzzleError,
    },
}

impl Puzzle {
    /// Reads a line of a puzzle file (without its end of line). Checks the
    /// fields and that the FEN reads in the game; [`Puzzle::line`] checks
    /// the moves.
    pub fn parse(line: &str) -> Result<Puzzle, ParsePuzzleError> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, game, fen, moves, san, rating, themes, nodes] = fields[..] else {
            return Err(ParsePuzzleError::Fields { found: fields.len() });
        };
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(ParsePuzzleError::Id(id.to_string()));
        }
        let game: GameKind = game.parse()?;
        AnyPosition::from_fen(game, fen).map_err(|source| ParsePuzzleError::Fen { fen: fen.to_string(), source })?;
        let solution = words(moves);
        if solution.len().is_multiple_of(2) {
            return Err(ParsePuzzleError::MoveCount(solution.len()));
        }
        let san = words(san);
        if san.len() != solution.len() {
            return Err(ParsePuzzleError::SanCount { moves: solution.len(), san: san.len() });
        }
        let own = game.info().themes;
        let themes = themes.split_whitespace().map(|t| Theme::read(t, own)).collect::<Result<Vec<Theme>, _>>()?;
        Ok(Puzzle {
            id: id.to_string(),
            game,
            fen: fen.to_string(),
            solution,
            san,
            rating: number("rating", rating)?,
            themes,
            nodes: number("nodes", nodes)?,
        })
    }

    /// The line of a puzzle file that [`Puzzle::parse`] reads back.
    pub fn to_line(&self) -> String {
        let themes: Vec<String> = self.themes.iter().map(Theme::to_string).collect();
        [
            self.id.clone(),
            self.game.to_string(),
            self.fen.clone(),
            self.solution.join(" "),
            self.san.join(" "),
            self.rating.to_string(),
            themes.join(" "),
            self.nodes.to_string(),
        ]
        .join("\t")
    }

    /// The position, the solver to move.
    pub fn position(&self) -> Result<AnyPosition, GameFenError> {
        AnyPosition::from_fen(self.game, &self.fen)
    }

    /// The solution's moves, each checked legal where it is played and
    /// its SAN checked against the file's.
    pub fn line(&self) -> Result<Vec<AnyMove>, LineError> {
        let mut pos = self.position()?;
        let mut line = Vec::with_capacity(self.solution.len());
        for (ply, (text, written)) in self.solution.iter().zip(&self.san).enumerate() {
            let m = pos.parse_move(text).map_err(|source| LineError::Move {
                ply,
                text: text.clone(),
                fen: pos.fen(),
                source,
            })?;
            let actual = pos.san(m);
            if actual != *written {
                return Err(LineError::San { ply, text: text.clone(), actual, written: written.clone() });
            }
            pos.play(m).expect("a move parsed in this position is legal");
            line.push(m);
        }
        Ok(line)
    }

    /// The number of the solver's moves.
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// N when the puzzle is a mate in N ([`Theme::MateIn`]).
    pub fn mate_in(&self) -> Option<u8> {
        self.themes.iter().find_map(|t| match t {
            Theme::MateIn(n) => Some(*n),
            _ => None,
        })
    }

    /// N when the puzzle wins by stalemate in N ([`Theme::StalemateIn`]).
    pub fn stalemate_in(&self) -> Option<u8> {
        self.themes.iter().find_map(|t| match t {
            Theme::StalemateIn(n) => Some(*n),
            _ => None,
        })
    }
}

/// The space-separated words of a field.
fn words(field: &str) -> Vec<String> {
    field.split_whitespace().map(str::to_string).collect()
}

/// A number field.
fn number<T: std::str::FromStr<Err = ParseIntError>>(field: &'static str, text: &str) -> Result<T, ParsePuzzleError> {
    text.parse().map_err(|source| ParsePuzzleError::Number { field, text: text.to_string(), source })
}

/// A line of a puzzle file: its number (from 1) and its puzzle, or why it is none.
pub type FileLine = (usize, Result<Puzzle, ParsePuzzleError>);

/// Reads a puzzle file: [`HEADER`], then a puzzle a line (empty lines are
/// skipped). Each puzzle comes with its line number (from 1), or why that
/// line is no puzzle; only a missing header fails the whole file.
///
/// ```
/// use wormhole::puzzles::{HEADER, parse_file};
/// let text = format!("{HEADER}\nnot a puzzle\n");
/// let lines = parse_file(&text)?;
/// assert_eq!(lines[0].0, 2);
/// assert_eq!(lines[0].1.as_ref().unwrap_err().to_string(), "a puzzle has 8 tab-separated fields, this line has 1");
/// assert!(parse_file("id game").is_err());
/// # Ok::<(), wormhole::puzzles::PuzzleFileError>(())
/// ```
pub fn parse_file(text: &str) -> Result<Vec<FileLine>, PuzzleFileError> {
    let mut lines = text.lines().enumerate().map(|(i, line)| (i + 1, line.strip_suffix('\r').unwrap_or(line)));
    match lines.next() {
        Some((_, HEADER)) => {}
        other => return Err(PuzzleFileError::Header(other.map_or("", |(_, l)| l).to_string())),
    }
    Ok(lines.filter(|(_, line)| !line.trim().is_empty()).map(|(n, line)| (n, Puzzle::parse(line))).collect())
}
