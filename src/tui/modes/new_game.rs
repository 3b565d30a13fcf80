//! The new-game screen ([`NewGameForm`], `newgame.rs`): its own update.

use super::Then;
use crate::tui::action::UserAction;
use crate::tui::newgame::NewGameForm;

impl NewGameForm {
    /// The screen's own update: arrows choose and change, Enter starts
    /// ([`Then::Done`]), `o` lists the saved games, Esc goes back to the
    /// game (or the puzzle) as it was.
    pub fn update(&mut self, action: UserAction) -> Then {
        match action {
            UserAction::Cursor(0, dy) => self.move_field(-i32::from(dy)),
            UserAction::Cursor(dx, _) => self.change(i32::from(dx)),
            UserAction::Submit => return Then::Done,
            UserAction::OpenList => return Then::OpenList,
            UserAction::Escape => return Then::Resume,
            _ => {}
        }
        Then::Stays
    }
}
