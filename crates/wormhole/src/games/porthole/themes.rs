//! The puzzle themes only Porthole chess has: [`THEMES`], found by its
//! [`PuzzleThemes`].

use super::Position;
use crate::puzzle_themes::{GameTheme, PuzzleThemes, Theme};

/// A solver's move captures through a porthole.
pub const CAPTURE_THROUGH_PORTHOLE: GameTheme =
    GameTheme { name: "capture-through-porthole", description: "a capture through a porthole" };

/// A solver's move through a porthole gets out of check.
pub const ESCAPE_THROUGH_PORTHOLE: GameTheme =
    GameTheme { name: "escape-through-porthole", description: "an escape through a porthole" };

/// A solver's move goes through a porthole without capturing.
pub const THROUGH_PORTHOLE: GameTheme =
    GameTheme { name: "through-porthole", description: "a move through a porthole" };

/// Porthole chess's own themes.
pub(crate) const THEMES: &[GameTheme] = &[CAPTURE_THROUGH_PORTHOLE, ESCAPE_THROUGH_PORTHOLE, THROUGH_PORTHOLE];

/// Moves through a porthole: a capture, an escape from check, or a plain move.
impl PuzzleThemes for Position {
    fn move_themes(&self, m: Self::Move) -> Vec<Theme> {
        if !m.is_porthole() {
            return Vec::new();
        }
        let mut themes = vec![match self.captured_by(m) {
            Some(_) => Theme::Game(CAPTURE_THROUGH_PORTHOLE),
            None => Theme::Game(THROUGH_PORTHOLE),
        }];
        if self.is_check() {
            themes.push(Theme::Game(ESCAPE_THROUGH_PORTHOLE));
        }
        themes
    }
}
