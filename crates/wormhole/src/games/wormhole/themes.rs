//! The puzzle themes only Wormhole chess has: [`THEMES`], found by its
//! [`PuzzleThemes`].

use super::attacks;
use crate::games::wormhole::Position;
use crate::puzzle_themes::{GameTheme, PuzzleThemes, Theme};

/// At the end, holes close some of the losing king's directions (it could
/// step there on a board without holes).
pub const HOLE_TRAPS_KING: GameTheme = GameTheme { name: "hole-traps-king", description: "holes trap the king" };

/// Wormhole chess's own themes (both piece sets).
pub(crate) const THEMES: &[GameTheme] = &[HOLE_TRAPS_KING];

/// A hole that traps the king: at the end, holes close a direction the
/// losing king could step in on a board without holes (every square beyond
/// it that way is a hole).
impl PuzzleThemes for Position {
    fn end_themes(&self) -> Vec<Theme> {
        let Some(king) = self.board().king_of(self.turn()) else {
            return Vec::new();
        };
        let open = !self.board().holes().0;
        let s = king.index();
        let trapped = attacks::king(s, open).count_ones() < attacks::king(s, u64::MAX).count_ones();
        if trapped { vec![Theme::Game(HOLE_TRAPS_KING)] } else { Vec::new() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wormhole::Variant;

    #[test]
    fn holes_next_to_the_losing_king_trap_it() {
        // Holes from Black's king on e8 to both edges of the rank: it could
        // step east and west on a board without holes.
        let trapped = Position::from_fen("xxxxkxxx/8/8/8/8/8/8/4K3 b 8", Variant::Classic).unwrap();
        assert_eq!(trapped.end_themes(), [Theme::Game(HOLE_TRAPS_KING)]);
        let free = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b 8", Variant::Classic).unwrap();
        assert!(free.end_themes().is_empty());
    }
}
