//! The puzzle themes only Porthole chess has ([`PuzzleThemes`]).

use super::Position;
use crate::puzzles::{PuzzleThemes, Theme};

/// Moves through a porthole: a capture, an escape from check, or a plain move.
impl PuzzleThemes for Position {
    fn move_themes(&self, m: Self::Move) -> Vec<Theme> {
        if !m.is_porthole() {
            return Vec::new();
        }
        let mut themes = vec![match self.captured_by(m) {
            Some(_) => Theme::CaptureThroughPorthole,
            None => Theme::ThroughPorthole,
        }];
        if self.is_check() {
            themes.push(Theme::EscapeThroughPorthole);
        }
        themes
    }
}
