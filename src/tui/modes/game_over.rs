//! The game has ended and its banner is up (`Mode::GameOver`): its own
//! update. It keeps no state of its own; the game's keys work under it.

use super::Next;
use crate::tui::action::UserAction;

/// The banner's own keys: a new game, the review, Esc puts the banner
/// away; the rest are the game's.
pub fn update(action: UserAction) -> Next {
    match action {
        UserAction::NewGame => Next::NewGameScreen,
        UserAction::Review => Next::Review,
        UserAction::Escape => Next::Game,
        other => Next::Keys(other),
    }
}
