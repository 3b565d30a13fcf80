//! Moves and fixed-capacity move lists.

use std::fmt;

use crate::core::packed;
use crate::core::{Role, Square};
use crate::rules::{GameMove, MoveBuffer, MoveSet};

/// A move: from, to, and the promotion role if a pawn promotes. Packed into
/// 16 bits so that move lists and transposition tables stay small.
///
/// Moves come from a position, never from thin air: [`Position::legal_moves`]
/// lists them and [`Position::parse_move`] reads one from SAN, a long form or
/// UCI coordinates (`e2e4`, `b7a8q`), refusing what is not legal there. A
/// move from another position is refused by the checked [`Rules::play`](crate::rules::Rules::play).
///
/// ```
/// use wormhole::{Position, Variant};
/// let pos = Position::new(Variant::Classic);
/// let m = pos.parse_move("e2e4").unwrap();
/// assert_eq!((m.from().to_string(), m.to().to_string(), m.promotion()), ("e2".into(), "e4".into(), None));
/// assert_eq!(m.to_string(), "e2e4");
/// ```
///
/// [`Position::legal_moves`]: crate::games::wormhole::Position::legal_moves
/// [`Position::parse_move`]: crate::games::wormhole::Position::parse_move
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl Move {
    /// A move from `from` to `to`, promoting to `promotion` if given. Crate
    /// only: outside the rules, moves are found, not built.
    #[inline]
    pub(crate) const fn new(from: Square, to: Square, promotion: Option<Role>) -> Move {
        // Fits in 16 bits: 12 of squares, 4 of a promotion code (at most 9).
        Move((packed::squares(from, to) | packed::promotion_code(promotion) << 12) as u16)
    }

    /// The square the piece leaves (it becomes a hole).
    #[inline]
    pub const fn from(self) -> Square {
        packed::from(self.0 as u32)
    }

    /// The square the piece arrives on.
    #[inline]
    pub const fn to(self) -> Square {
        packed::to(self.0 as u32)
    }

    /// The role a pawn promotes to, if this is a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        packed::promotion((self.0 >> 12) as u32)
    }

    /// The packed 16-bit form: from in bits 0-5, to in bits 6-11, the
    /// promotion role's index + 1 in bits 12-15 (0: none).
    #[inline]
    pub const fn to_bits(self) -> u16 {
        self.0
    }
}

impl GameMove for Move {
    #[inline(always)]
    fn from(self) -> Square {
        Move::from(self)
    }
    #[inline(always)]
    fn to(self) -> Square {
        Move::to(self)
    }
    #[inline(always)]
    fn promotion(self) -> Option<Role> {
        Move::promotion(self)
    }
    #[inline(always)]
    fn to_bits(self) -> u32 {
        u32::from(self.0)
    }
}

/// Coordinate form: `d3f6`, promotions with a lower-case letter (`b7a8q`).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        packed::write_promotion(f, self.promotion(), super::ROLES)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The most moves any position can have, with room to spare: the capacity of a [`MoveList`].
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack: move generation never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList { moves: [Move(0); MAX_MOVES], len: 0 }
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a mutable slice (for sorting).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl MoveSet<Move> for MoveList {
    #[inline]
    fn len(&self) -> usize {
        self.len
    }
    #[inline]
    fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves[..self.len].iter().copied()
    }
    fn contains(&self, m: Move) -> bool {
        self.moves[..self.len].contains(&m)
    }
}

impl MoveBuffer<Move> for MoveList {
    #[inline(always)]
    fn clear(&mut self) {
        self.len = 0;
    }
    #[inline(always)]
    fn len(&self) -> usize {
        self.len
    }
    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
