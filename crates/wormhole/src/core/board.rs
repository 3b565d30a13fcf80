//! Where the pieces and holes are: bitboards per role, per colour and for
//! holes, plus a square-indexed array for fast lookups.

use crate::{Bitboard, Color, Piece, Role, Square};

/// The contents of the 64 squares. Holds no side to move and no history.
///
/// A board is read from a FEN (see [`Setup`](crate::Setup)) and changed only
/// by playing moves on a [`Position`](crate::Position), so its piece and hole
/// sets always agree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    roles: [u64; 9],
    colors: [u64; 2],
    holes: u64,
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
        Board { roles: [0; 9], colors: [0; 2], holes: 0, squares: [None; 64] }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Whether `sq` is a hole.
    #[inline]
    pub fn is_hole(&self, sq: Square) -> bool {
        self.holes >> sq.index() & 1 != 0
    }

    /// All holes. The squares pieces can stand on and move through are `!holes`.
    #[inline]
    pub fn holes(&self) -> Bitboard {
        Bitboard(self.holes)
    }

    /// The squares that are not holes, as the raw mask the crate's hot paths
    /// (move generation, evaluation) pass around.
    #[inline]
    pub(crate) fn open(&self) -> u64 {
        !self.holes
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

    /// Puts `piece` on `sq`, which must be empty and not a hole.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.squares[sq.index()].is_none() && !self.is_hole(sq));
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

    /// Turns the empty square `sq` into a hole, or a hole back into an empty square.
    #[inline]
    pub(crate) fn toggle_hole(&mut self, sq: Square) {
        debug_assert!(self.squares[sq.index()].is_none());
        self.holes ^= 1 << sq.index();
    }

    /// The number of squares that are not holes.
    pub fn squares_left(&self) -> u32 {
        64 - self.holes.count_ones()
    }
}
