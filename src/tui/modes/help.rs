//! The help overlay: its pages, and its own update.

use super::Then;
use crate::tui::action::UserAction;

/// Which help page is up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpPage {
    Keys,
    /// The legend: the pieces in play and how they move.
    Pieces,
    Rules,
}

impl HelpPage {
    /// The page Tab goes to.
    pub fn next(self) -> HelpPage {
        match self {
            HelpPage::Keys => HelpPage::Pieces,
            HelpPage::Pieces => HelpPage::Rules,
            HelpPage::Rules => HelpPage::Keys,
        }
    }
}

/// The help's own update (`Mode::Help`'s fields): scroll, switch pages;
/// any other key closes it.
pub fn update(scroll: &mut u16, page: &mut HelpPage, action: UserAction) -> Then {
    match action {
        UserAction::Scroll(d) => *scroll = (i32::from(*scroll) + d).clamp(0, 200) as u16,
        UserAction::TogglePage => (*scroll, *page) = (0, page.next()),
        _ => return Then::Rest,
    }
    Then::Stays
}
