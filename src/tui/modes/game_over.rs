//! The game has ended and its banner is up (`Mode::GameOver`): its own
//! update. It keeps no state of its own; the game's keys work under it.

use super::Then;
use crate::tui::action::UserAction;

/// The banner's own keys: a new game, the review, Esc puts the banner
/// away; the rest are the game's.
pub fn update(action: UserAction) -> Then {
    match action {
        UserAction::NewGame => Then::NewGameScreen,
        UserAction::Review => Then::Review,
        UserAction::Escape => Then::Game,
        other => Then::Keys(other),
    }
}
