//! The puzzle themes only Two-board portal chess has: [`THEMES`], found
//! by its [`PuzzleThemes`].

use super::{MoveKind, Position};
use crate::puzzle_themes::{GameTheme, PuzzleThemes, Theme};

/// A solver's move declares an intent on a portal or teleports a piece to
/// the other board.
pub const TELEPORT: GameTheme = GameTheme { name: "teleport", description: "a teleport to the other board" };

/// Two-board portal chess's own themes.
pub(crate) const THEMES: &[GameTheme] = &[TELEPORT];

/// An intent declared on a portal, or a teleport to the other board.
impl PuzzleThemes for Position {
    fn move_themes(&self, m: Self::Move) -> Vec<Theme> {
        matches!(m.kind(), MoveKind::Intent | MoveKind::Teleport).then_some(Theme::Game(TELEPORT)).into_iter().collect()
    }
}
