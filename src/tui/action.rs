//! What can happen to a session: the user's [`UserAction`]s (decoded from keys
//! and the mouse by the keymap) and every other [`Msg`]: time passing, the
//! engine's reports, and the results of effects.

use std::path::PathBuf;
use std::time::Instant;

use wormhole::pgn::PgnGame;
use wormhole::{GameKind, Square};

use super::ai::EngineEvent;
use super::analyst::AnalysisEvent;
use super::game_settings::Replacement;
use crate::glicko::Rating;
use crate::puzzle_record::LoadedPuzzles;
use crate::saved_games::{PathCompletion, SavedGame};

/// Why an unsaved game is autosaved.
#[derive(Debug, Clone)]
pub enum AutosaveReason {
    /// Another game (or the puzzle trainer) replaces it: what replaces it
    /// travels with the autosave and takes over once it succeeded (if it
    /// failed, the current game stays and this is dropped).
    Replaced(Box<Replacement>),
    /// The program ends.
    Quit,
}

/// Everything the user can ask for, already decoded from keys and mouse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UserAction {
    Quit,
    Char(char),
    Backspace,
    DeleteWord,
    ClearInput,
    Submit,
    Complete,
    Escape,
    Help,
    /// The help's page of the pieces in play.
    Legend,
    /// In the help: the next page (keys, pieces, rules).
    TogglePage,
    /// The answer to a yes/no question.
    Answer(bool),
    Undo,
    Redo,
    Flip,
    Hint,
    MoveNow,
    ShowFen,
    Save,
    /// Puts a command in the input line for the user to finish (`:load `).
    Prefill(&'static str),
    /// The list of saved games and autosaves, to pick one to open.
    OpenList,
    NewGame,
    Review,
    BrowseBack,
    BrowseForward,
    BrowseStart,
    BrowseEnd,
    /// Moves the board cursor by (files, ranks) as seen on screen.
    Cursor(i8, i8),
    /// Picks the piece or target under the board cursor.
    Select,
    /// A square of the board to play was clicked.
    ClickSquare(Square),
    /// A square of another board was clicked (a game of several boards):
    /// the board's index and the square.
    ClickBoard(usize, Square),
    /// Shows another board, when only one fits on the screen.
    OtherBoard,
    /// Scrolls the move list (or the help) by rows; negative is up.
    Scroll(i32),
    /// In the review: the next / previous move judged a mistake (or an inaccuracy or blunder).
    NextJudged,
    PreviousJudged,
    /// Live analysis of the position shown (leaves it when on).
    Analyze,
    /// In the puzzle trainer, after a puzzle: the next one.
    NextPuzzle,
    /// After a wrong move: the puzzle again from its start.
    Retry,
    /// After a wrong move: the whole solution.
    ShowSolution,
    /// After a puzzle: the next theme filter.
    NextTheme,
    /// In the review: the missed win of the move viewed becomes a personal puzzle.
    Personal,
}

/// Everything the session reacts to.
#[derive(Debug, Clone)]
pub enum Msg {
    /// The user asked for something.
    User(UserAction),
    /// Text pasted in one go (bracketed paste): taken as one input.
    Paste(String),
    /// Time passed: clocks, the spinner, flags.
    Tick(Instant),
    /// The engine reported.
    Engine(EngineEvent),
    /// A save the user asked for finished: the path written (in the games
    /// folder, or where the user named it), or what went wrong.
    Saved { result: Result<PathBuf, String>, in_games_folder: bool },
    /// `:save FILE` found a file of that name: nothing was written yet.
    WouldReplace(PathBuf),
    /// An autosave finished: the path written, or what went wrong.
    Autosaved { reason: AutosaveReason, result: Result<PathBuf, String> },
    /// The config file was written: its path, or what went wrong.
    ConfigSaved(Result<PathBuf, String>),
    /// The saved games and autosaves, newest first, and the folders looked in.
    GamesListed { games: Vec<SavedGame>, folders: [PathBuf; 2] },
    /// Tab on a path in the input line `line`: its completion (after `before`), if any.
    PathCompleted { line: String, before: String, completion: Option<PathCompletion> },
    /// A PGN file was read (`:open`): the game, or what went wrong.
    Opened { path: PathBuf, result: Result<Box<PgnGame>, String> },
    /// The review's analysis reported.
    Analysis(AnalysisEvent),
    /// The puzzles of a game and the player's record, read for the trainer.
    PuzzlesLoaded { game: GameKind, loaded: Box<LoadedPuzzles> },
    /// A puzzle's attempt was added to the record, or why not.
    PuzzleSaved(Result<(GameKind, Rating), String>),
    /// A personal puzzle was saved: its id and the file, or why not.
    PersonalSaved(Result<(String, PathBuf), String>),
    /// The server of a remote game told something (see [`super::remote`]).
    Remote(super::remote::RemoteEvent),
}

impl From<UserAction> for Msg {
    fn from(action: UserAction) -> Msg {
        Msg::User(action)
    }
}
