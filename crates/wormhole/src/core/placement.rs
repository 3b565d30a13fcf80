//! The placement field of a FEN, which every game writes the same way.

use std::fmt::{self, Write as _};

use crate::core::{Bitboard, Board, Roles, Square};

/// Displays a board as a FEN placement field: ranks 8 to 1 separated by
/// `/`, a letter per piece, a digit per run of empty squares, and a game's
/// own letter on the squares it marks (Wormhole chess's `x` per hole): the
/// first field of every game's FEN.
///
/// ```
/// use wormhole::games::wormhole::ROLES;
/// use wormhole::{Bitboard, Placement, Position, Square, Variant};
/// let pos = Position::new(Variant::Fairy);
/// assert_eq!(Placement::new(pos.board(), ROLES).to_string(), "cnwmkwnc/pppppppp/8/8/8/8/PPPPPPPP/CNWMKWNC");
/// let marked = Placement::new(pos.board(), ROLES).marking(Bitboard::from_square("e4".parse::<Square>().unwrap()), 'x');
/// assert_eq!(marked.to_string(), "cnwmkwnc/pppppppp/8/8/4x3/8/PPPPPPPP/CNWMKWNC");
/// ```
pub struct Placement<'a> {
    board: &'a Board,
    roles: Roles,
    marked: Bitboard,
    mark: char,
}

impl<'a> Placement<'a> {
    /// The placement of `board`'s pieces, written with the game's letters.
    pub fn new(board: &'a Board, roles: Roles) -> Placement<'a> {
        Placement { board, roles, marked: Bitboard::EMPTY, mark: ' ' }
    }

    /// The same, with `mark` written on each of the `marked` squares (which
    /// hold no piece).
    pub fn marking(self, marked: Bitboard, mark: char) -> Placement<'a> {
        Placement { marked, mark, ..self }
    }
}

impl fmt::Display for Placement<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let Some(sq) = Square::from_coords(file, rank) else { continue };
                let c = if self.marked.contains(sq) {
                    self.mark
                } else if let Some(p) = self.board.piece_at(sq) {
                    self.roles.piece_letter(p)
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
