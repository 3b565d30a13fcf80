//! The puzzle themes only Linked-portal chess has: [`THEMES`], found by
//! its [`PuzzleThemes`].

use super::{MoveKind, Position};
use crate::puzzle_themes::{GameTheme, PuzzleThemes, Theme};

/// A solver's move steps its own portal.
pub const PORTAL_STEP: GameTheme = GameTheme { name: "portal-step", description: "a step of the portal" };

/// Linked-portal chess's own themes.
pub(crate) const THEMES: &[GameTheme] = &[PORTAL_STEP];

/// A step of the solver's own portal.
impl PuzzleThemes for Position {
    fn move_themes(&self, m: Self::Move) -> Vec<Theme> {
        (m.kind() == MoveKind::Portal).then_some(Theme::Game(PORTAL_STEP)).into_iter().collect()
    }
}
