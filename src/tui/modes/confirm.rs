//! A question (y/n) before something that cannot be undone: what waits
//! for the answer, and its own update.

use std::path::PathBuf;

use super::Then;
use crate::tui::action::UserAction;
use crate::tui::game_settings::GameSettings;

/// What waits for a yes or no, with what it needs to be done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pending {
    Resign,
    /// `:new` with these settings.
    NewGame(GameSettings),
    /// `:save FILE` over this existing file.
    Replace(PathBuf),
    /// `:load FEN` of this FEN over a game in progress.
    Load(String),
}

impl Pending {
    pub fn question(&self) -> &'static str {
        match self {
            Pending::Resign => "Resign this game?",
            Pending::NewGame(_) => "End the game in progress and start a new one? (it is autosaved)",
            Pending::Replace(_) => "A file of that name exists. Replace it with this game?",
            Pending::Load(_) => "End the game in progress and load this position? (it is autosaved)",
        }
    }
}

impl Pending {
    /// The question's own update: yes does what waits ([`Then::Done`]),
    /// no or Esc goes back; other keys wait for the answer.
    pub fn update(&self, action: UserAction) -> Then {
        match action {
            UserAction::Answer(true) => Then::Done,
            UserAction::Answer(false) | UserAction::Escape => Then::Rest,
            _ => Then::Stays,
        }
    }
}
