//! The puzzle themes only Two-board portal chess has ([`PuzzleThemes`]).

use super::{MoveKind, Position};
use crate::puzzles::{PuzzleThemes, Theme};

/// An intent declared on a portal, or a teleport to the other board.
impl PuzzleThemes for Position {
    fn move_themes(&self, m: Self::Move) -> Vec<Theme> {
        matches!(m.kind(), MoveKind::Intent | MoveKind::Teleport).then_some(Theme::Teleport).into_iter().collect()
    }
}
