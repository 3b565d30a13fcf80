//! The placement field of a FEN, which every game writes the same way.

use std::fmt::{self, Write as _};

use crate::{Board, Square};

/// Displays a board as a FEN placement field: ranks 8 to 1 separated by
/// `/`, a letter per piece, `x` per hole and a digit per run of empty
/// squares (the first field of every game's FEN).
///
/// ```
/// use wormhole::{Position, Variant, fen::Placement};
/// let pos = Position::new(Variant::Fairy);
/// assert_eq!(Placement(pos.board()).to_string(), "cnwmkwnc/pppppppp/8/8/8/8/PPPPPPPP/CNWMKWNC");
/// ```
pub struct Placement<'a>(pub &'a Board);

impl fmt::Display for Placement<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let Some(sq) = Square::from_coords(file, rank) else { continue };
                let c = if self.0.is_hole(sq) {
                    'x'
                } else if let Some(p) = self.0.piece_at(sq) {
                    p.char()
                } else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                f.write_char(c)?;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_char('/')?;
            }
        }
        Ok(())
    }
}
