//! The list of saved games on screen (`Mode::OpenGame`): the list's own
//! update ([`GamePicker::update`], `picker.rs`) and what it asks of the app.

use super::Then;
use crate::tui::action::UserAction;
use crate::tui::effects::Effect;
use crate::tui::picker::{GamePicker, Picked};
use crate::tui::shared::Core;

/// The list's own update; once it closes, back to the mode it keeps
/// ([`Then::Back`]), and the game chosen opens.
pub fn update<Back>(picker: &mut GamePicker<Back>, core: &mut Core, action: UserAction) -> Then {
    match picker.update(action) {
        Picked::Stays => Then::Stays,
        Picked::NoMatch => {
            core.view.info("no saved game matches what you typed (Backspace, or Esc to go back)");
            Then::Stays
        }
        Picked::Closed(open) => {
            if let Some(path) = open {
                core.out.push(Effect::OpenPgn(path));
            }
            Then::Back
        }
    }
}
