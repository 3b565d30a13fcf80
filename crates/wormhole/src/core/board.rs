//! Where the pieces are: bitboards per role and per colour, plus a
//! square-indexed array for fast lookups. What else a game's boards hold
//! (Wormhole chess's holes) is the game's.

use crate::core::{Bitboard, Color, Piece, Role, Square};

/// The contents of the 64 squares. Holds no side to move and no history.
///
/// A board is read from a FEN and changed only by playing moves on a
/// game's position, so its role, colour and square records always agree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    roles: [u64; Role::MAX],
    colors: [u64; 2],
    squares: [Option<Piece>; 64],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// A board of 64 empty squares.
    pub const fn empty() -> Board {
        Board { roles: [0; Role::MAX], colors: [0; 2], squares: [None; 64] }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// All squares holding a piece.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.colors[0] | self.colors[1])
    }

    /// The pieces of one colour.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        Bitboard(self.colors[color.index()])
    }

    /// The pieces of one role, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        Bitboard(self.roles[role.index()])
    }

    /// The pieces of one role and colour.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        Bitboard(self.roles[role.index()] & self.colors[color.index()])
    }

    /// The square of `color`'s king (the first one, if a set-up has several).
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King).first()
    }

    /// Puts `piece` on `sq`, which must be empty.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.squares[sq.index()].is_none());
        let bit = 1 << sq.index();
        self.roles[piece.role.index()] |= bit;
        self.colors[piece.color.index()] |= bit;
        self.squares[sq.index()] = Some(piece);
    }

    /// Removes and returns the piece on `sq`.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.squares[sq.index()].take()?;
        let bit = !(1 << sq.index());
        self.roles[piece.role.index()] &= bit;
        self.colors[piece.color.index()] &= bit;
        Some(piece)
    }
}
