//! The screens over the game, each a type (or its variant's fields) with
//! its own state and its own update, which says what it asks of the app
//! ([`Then`]); `AppState::update` dispatches on the mode and follows the
//! answer. Here: the help ([`help`]), browsing earlier positions
//! ([`browse`]), a finished game's banner ([`game_over`]), a yes-or-no
//! question ([`confirm`], and what its yes does), the new-game screen
//! ([`new_game`], and the game it starts) and the list of saved games
//! ([`open_game`], its list's own update in `picker.rs`). The others
//! have theirs beside their state: the game's screen (`Playing`'s,
//! `update/play.rs`), the review and the live analysis
//! (`Study`'s, `update/review.rs`), the puzzle trainer (`Trainer`'s,
//! `update/puzzles.rs`), a server's game (`Remote`'s, `update/remote.rs`).

pub mod browse;
pub mod confirm;
pub mod game_over;
pub mod help;
pub mod new_game;
pub mod open_game;

use super::action::UserAction;
use confirm::Pending;
use help::HelpPage;

/// What a mode's own update asks of the app, beyond the mode's own state
/// (changed in place); the updates of the game and of what the board is
/// for (`Core`'s, `Activity`'s, `Playing`'s) answer with it too, so that
/// they change the mode only through the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Then {
    /// Nothing more: the mode stays.
    Stays,
    /// Back to the mode under this one: the game, its end, or the puzzle.
    Rest,
    /// Back to the mode under this one, where the game goes on (the engine
    /// may move: at start-up, nothing started under the new-game screen).
    Resume,
    /// Back to the mode under this one, whose keys take this action.
    RestKeys(UserAction),
    /// The game's keys take this action, the mode left as it is.
    Keys(UserAction),
    /// The game's screen, even after its end (the banner put away).
    Game,
    /// The new-game screen, with the current game's choices.
    NewGameScreen,
    /// The review of the game.
    Review,
    /// The live analysis of the position shown.
    Analyze,
    /// The trainer's puzzle on the board, from its start.
    Puzzle,
    /// The list of saved games, Esc coming back to this mode as it is.
    OpenList,
    /// The list of saved games, Esc coming back to the mode under this one.
    OpenListAtRest,
    /// The list of saved games closed: back to the mode it keeps.
    Back,
    /// What the mode was for: the new-game screen's game starts, the
    /// question's yes is done.
    Done,
    /// The game has ended: its banner goes up.
    Over,
    /// The game goes on: its end's banner, if up, is put away (any other
    /// screen stays up).
    GoesOn,
    /// The help, at this page.
    Help(HelpPage),
    /// Browsing the game: the position after this many moves.
    Browse(usize),
    /// A question (y/n) before what waits for its yes.
    Ask(Pending),
    /// The position shown as FEN, copied.
    ShowFen,
    /// The trainer took the board, its puzzle set up: the review of the
    /// game it replaced is dropped.
    Trainer,
}
