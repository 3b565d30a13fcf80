//! The two boards, A and B, and the portals that join them
//! (docs/twoboard.md#the-boards).

use std::fmt;
use std::ops::{Index, IndexMut, Not};

use crate::core::{Bitboard, Square};

/// One of the two boards. White's king starts on A, Black's on B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BoardId {
    /// The left board: White's full army and Black's without its king.
    A = 0,
    /// The right board: Black's full army and White's without its king.
    B = 1,
}

impl BoardId {
    /// Both boards, A first.
    pub const BOTH: [BoardId; 2] = [BoardId::A, BoardId::B];

    /// `0` for A, `1` for B.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other board.
    #[inline]
    pub const fn other(self) -> BoardId {
        match self {
            BoardId::A => BoardId::B,
            BoardId::B => BoardId::A,
        }
    }

    /// The letter, `A` or `B`.
    pub const fn char(self) -> char {
        match self {
            BoardId::A => 'A',
            BoardId::B => 'B',
        }
    }

    /// Parses `A` or `B`.
    pub const fn from_char(c: char) -> Option<BoardId> {
        match c {
            'A' => Some(BoardId::A),
            'B' => Some(BoardId::B),
            _ => None,
        }
    }
}

impl Not for BoardId {
    type Output = BoardId;
    #[inline]
    fn not(self) -> BoardId {
        self.other()
    }
}

impl fmt::Display for BoardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl<T> Index<BoardId> for [T; 2] {
    type Output = T;
    #[inline]
    fn index(&self, id: BoardId) -> &T {
        &self[id.index()]
    }
}

impl<T> IndexMut<BoardId> for [T; 2] {
    #[inline]
    fn index_mut(&mut self, id: BoardId) -> &mut T {
        &mut self[id.index()]
    }
}

/// The portal squares a4, a5, h4 and h5, the same on both boards; each is
/// linked to the same square of the other board (docs/twoboard.md#the-boards).
///
/// ```
/// use wormhole::twoboard::PORTALS;
/// let names: Vec<String> = PORTALS.map(|s| s.to_string()).collect();
/// assert_eq!(names, ["a4", "h4", "a5", "h5"]);
/// ```
pub const PORTALS: Bitboard = Bitboard(1 << 24 | 1 << 31 | 1 << 32 | 1 << 39);

/// Whether `sq` is a portal.
#[inline]
pub const fn is_portal(sq: Square) -> bool {
    PORTALS.contains(sq)
}
