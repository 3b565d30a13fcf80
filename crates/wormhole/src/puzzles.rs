//! Tactics puzzles for every game: a position where the side to move has
//! exactly one winning move, with the line that proves it.
//!
//! A [`Puzzle`] is one line of a puzzle file ([`Puzzle::parse`],
//! [`Puzzle::to_line`]): tab-separated fields under the header
//! [`HEADER`], like lichess's puzzle database (the FENs of our games hold
//! spaces, commas and `|`, never a tab). Its [`Theme`]s say what the
//! puzzle is about; the themes only one game knows (a hole that traps the
//! king, a capture through a porthole) are found by the game itself
//! ([`PuzzleThemes`], in the game's folder).
//!
//! ```
//! use wormhole::puzzles::{Puzzle, Theme};
//! use wormhole::GameKind;
//! let line = "w0001\tclassic\txxxxkxxr/ppxxxppp/xxpx1x1x/rxxxxx1P/xQ1xxpnx/1Pxxxx1N/xxxxxPxx/xxxxKxxR w 40\t\
//!             h3f4\tNxf4#\t900\tmate-in-1 capture\t120";
//! let puzzle = Puzzle::parse(line)?;
//! assert_eq!(puzzle.game, GameKind::Classic);
//! assert_eq!(puzzle.themes, [Theme::MateIn(1), Theme::Capture]);
//! assert_eq!(puzzle.to_line(), line);
//! // The moves are played from the FEN, each checked.
//! assert_eq!(puzzle.line()?.len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod exact;
mod generate;
mod judge;
mod material;
mod rating;
mod record;
mod repeats;
mod select;
mod solution;

pub use crate::puzzle_themes::{GameTheme, ParseThemeError, PuzzleThemes, Theme};
pub use generate::{CandidateCounts, GenerateSettings, Harvest, generate_game, resolve};
pub use judge::{Effort, Goal, Judge, win_shows};
pub use material::{FULL_PLIES, MARGIN, MIN_GAIN, is_material};
pub use rating::{Difficulty, TERMS, Terms, estimate};
pub use record::{FileLine, HEADER, LineError, ParsePuzzleError, Puzzle, PuzzleFileError, parse_file};
pub use repeats::{Repeat, repeats};
pub use select::{MATE_IN_ONE_SHARE, MIN_SET_SIZE, is_mate_in_one, is_plain_capture, select};
pub use solution::{MAX_PLAYED_ON, MAX_SOLVER_MOVES, Refusal};
