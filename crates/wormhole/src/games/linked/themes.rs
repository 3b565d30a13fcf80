//! The puzzle themes only Linked-portal chess has ([`PuzzleThemes`]).

use super::{MoveKind, Position};
use crate::puzzles::{PuzzleThemes, Theme};

/// A step of the solver's own portal.
impl PuzzleThemes for Position {
    fn move_themes(&self, m: Self::Move) -> Vec<Theme> {
        (m.kind() == MoveKind::Portal).then_some(Theme::PortalStep).into_iter().collect()
    }
}
