//! A Wormhole chess board: the pieces, on the board every game shares,
//! and the holes the moves have left, which are Wormhole chess's alone.

use std::ops::Deref;

use crate::core::{Bitboard, Piece, Placement, Square};

/// The pieces and the holes of a Wormhole chess position.
///
/// Reading the pieces goes through the shared board (it dereferences to
/// [`crate::core::Board`]); the holes are read here. A board is read from a FEN
/// (see [`Setup`](super::Setup)) and changed only by playing moves on a
/// [`Position`](super::Position), so its pieces and holes never overlap.
///
/// ```
/// use wormhole::{Position, Rules, Square, Variant};
/// let pos = Position::new(Variant::Classic);
/// let pos = pos.after(pos.parse_move("e4").unwrap());
/// let square = |name: &str| name.parse::<Square>().unwrap();
/// assert!(pos.board().is_hole(square("e2")));
/// assert_eq!(pos.board().squares_left(), 63);
/// assert!(pos.board().piece_at(square("e4")).is_some());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HoleBoard {
    pieces: crate::core::Board,
    holes: u64,
}

impl Deref for HoleBoard {
    type Target = crate::core::Board;

    /// The pieces, as every game's board holds them.
    #[inline(always)]
    fn deref(&self) -> &crate::core::Board {
        &self.pieces
    }
}

impl HoleBoard {
    /// A board of 64 empty squares and no hole.
    pub const fn empty() -> HoleBoard {
        HoleBoard { pieces: crate::core::Board::empty(), holes: 0 }
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

    /// The squares that are not holes, as the raw mask the hot paths (move
    /// generation, evaluation) pass around.
    #[inline]
    pub(crate) fn open(&self) -> u64 {
        !self.holes
    }

    /// The board as a FEN's placement field, a hole written
    /// [`HOLE`](super::fen::HOLE).
    ///
    /// ```
    /// use wormhole::{Position, Variant};
    /// let pos = Position::from_fen("k7/8/8/8/8/8/1x6/7K w 1", Variant::Classic).unwrap();
    /// assert_eq!(pos.board().placement().to_string(), "k7/8/8/8/8/8/1x6/7K");
    /// ```
    pub fn placement(&self) -> Placement<'_> {
        Placement::new(&self.pieces, super::ROLES).marking(self.holes(), super::fen::HOLE)
    }

    /// The number of squares that are not holes.
    pub fn squares_left(&self) -> u32 {
        64 - self.holes.count_ones()
    }

    /// Puts `piece` on `sq`, which must be empty and not a hole.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(!self.is_hole(sq));
        self.pieces.put(sq, piece);
    }

    /// Removes and returns the piece on `sq`.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> Option<Piece> {
        self.pieces.take(sq)
    }

    /// Turns the empty square `sq` into a hole, or a hole back into an empty square.
    #[inline]
    pub(crate) fn toggle_hole(&mut self, sq: Square) {
        debug_assert!(self.pieces.piece_at(sq).is_none());
        self.holes ^= 1 << sq.index();
    }
}
