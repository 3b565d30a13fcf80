//! Browsing the game's earlier positions (`Mode::Browse`, its state the
//! ply shown): its own update, given the [`Core`].

use super::Then;
use crate::tui::action::UserAction;
use crate::tui::shared::Core;

/// Browsing's own update: the stepping keys move through the game (onto
/// the live position: browsing ends); a move typed or Enter goes back to
/// the live position first; anything else goes back and is the game's.
pub fn update(ply: &mut usize, core: &mut Core, action: UserAction) -> Then {
    match action {
        UserAction::BrowseBack => step(ply, core, ply.saturating_sub(1)),
        UserAction::BrowseForward => step(ply, core, *ply + 1),
        UserAction::BrowseStart => step(ply, core, 0),
        UserAction::BrowseEnd | UserAction::Escape | UserAction::Select => Then::Rest,
        UserAction::Cursor(..) => Then::Stays,
        UserAction::Scroll(d) => {
            core.view.scroll_moves(d, core.game.line().len());
            Then::Stays
        }
        UserAction::Char(_) | UserAction::Submit => leave(core, action),
        other => Then::RestKeys(other),
    }
}

/// Shows the position after `to` moves; the live one ends browsing.
fn step(ply: &mut usize, core: &mut Core, to: usize) -> Then {
    let to = to.min(core.game.line().len());
    core.view.scroll = None;
    if to == core.game.line().len() {
        return Then::Rest;
    }
    *ply = to;
    Then::Stays
}

/// A move typed or Enter while browsing an earlier position: back to
/// the live position first, where moves are played, and say so; Enter
/// plays nothing until the player has seen that position.
fn leave(core: &mut Core, action: UserAction) -> Then {
    let text = core.view.input.text().trim().to_string();
    if text.starts_with(':') || (text.is_empty() && action == UserAction::Char(':')) {
        return Then::RestKeys(action);
    }
    match action {
        UserAction::Submit if text.is_empty() => core.view.info("back to the live position"),
        UserAction::Submit => {
            core.view.info(format!("back to the live position, where moves are played: Enter again plays {text}"))
        }
        _ => {
            core.view.info("back to the live position: moves are played there");
            return Then::RestKeys(action);
        }
    }
    Then::Rest
}

/// Where browsing starts: the position after `ply` moves (at most the
/// live one), the move list following it.
pub fn enter(core: &mut Core, ply: usize) -> usize {
    core.view.scroll = None;
    ply.min(core.game.line().len())
}
