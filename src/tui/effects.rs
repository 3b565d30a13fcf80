//! Effects: what the session asks the outside world to do (files, the
//! clipboard, the engine's thread), as data; `runner.rs` does it.

use std::path::PathBuf;

use wormhole::engine::Level;
use wormhole::pgn::PgnGame;
use wormhole::puzzles::Puzzle;
use wormhole::{AnyPosition, GameKind};

use wormhole::analysis::AnalysisOptions;

use super::action::AutosaveReason;
use super::ai::{Purpose, SearchLimits};
use super::config::{ConfigKey, Prefs};
use crate::puzzle_record::Attempt;

/// Something `update` wants done outside the state.
#[derive(Debug, Clone)]
pub enum Effect {
    /// Start a search (stopping any other).
    StartSearch { position: AnyPosition, limits: SearchLimits, level: Level, purpose: Purpose },
    /// Think on the human's time about `position` (the human to move at
    /// `ply`) on `threads` threads, until stopped (stopping any other search).
    Ponder { position: AnyPosition, limits: SearchLimits, threads: usize, ply: usize },
    /// Stop the search and drop its result.
    CancelSearch,
    /// Ask the search to finish now with its best move so far.
    MoveNow,
    /// Stop the search without waiting for it (quitting).
    AbandonSearch,
    /// A new game: the engine forgets the last one.
    ResetEngine,
    /// Write the game as PGN to this file, or to a fresh name in the games folder.
    Save { pgn: PgnGame, path: Option<PathBuf> },
    /// Save the game to `path` if no file has that name; else ask first
    /// ([`Msg::WouldReplace`](super::action::Msg::WouldReplace)).
    SaveIfNew { pgn: PgnGame, path: PathBuf },
    /// Write the game to a fresh file in the autosave folder.
    Autosave { pgn: PgnGame, reason: AutosaveReason },
    /// Set these keys of the config file to their values in `prefs`, the
    /// rest of the file as it is on the disk (see [`Prefs::merged_into`]).
    SaveConfig { path: PathBuf, prefs: Prefs, keys: Vec<ConfigKey> },
    /// Read a PGN file.
    OpenPgn(PathBuf),
    /// List the saved games and autosaves.
    ListGames,
    /// Complete the path at the end of the input line `line` (after `before`).
    CompletePath { line: String, before: String, path: String },
    /// Ask the terminal to copy this text (OSC 52).
    Copy(String),
    /// Analyse the game for the review tagged `review` with these options
    /// (stopping any other analysis).
    StartAnalysis { review: u64, pgn: PgnGame, options: AnalysisOptions },
    /// Stop the review's analysis.
    StopAnalysis,
    /// Write text (an annotated game) to this file, or to a fresh name in the games folder.
    SaveText { text: String, path: Option<PathBuf> },
    /// Read a game's puzzles and the player's record (the trainer).
    LoadPuzzles(GameKind),
    /// Add a puzzle's attempt to the player's record in `game`, rated again
    /// from the rating on the disk (another running trainer may have
    /// changed it) on a puzzle rated `puzzle`.
    SavePuzzleAttempt { game: GameKind, attempt: Attempt, puzzle: f64 },
    /// Re-prove a puzzle made of a missed win, rate it at the player's
    /// rating and add it to the player's personal set.
    MakePersonal(Box<Puzzle>),
    /// Ask the server of a remote game (see [`super::remote`]).
    Remote(super::remote::RemoteCall),
}
