//! Squares of the 8x8 board.

use std::fmt;
use std::str::FromStr;

use crate::core::excerpt::Excerpt;

/// A square, `a1 = 0`, `b1 = 1`, ..., `h8 = 63`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with index `i` (`0..64`).
    ///
    /// # Panics
    /// If `i >= 64`.
    #[inline]
    pub const fn new(i: u8) -> Square {
        assert!(i < 64);
        Square(i)
    }

    /// The square with the given 0-based file and rank, if both are `0..8`.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 { Some(Square(rank * 8 + file)) } else { None }
    }

    /// The index `0..64`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The 0-based file (`a` = 0).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The 0-based rank (`1` = 0).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The king's distance to `other`: the larger of the file and the
    /// rank differences.
    #[inline]
    pub const fn distance(self, other: Square) -> u8 {
        let (files, ranks) = (self.file().abs_diff(other.file()), self.rank().abs_diff(other.rank()));
        if files > ranks { files } else { ranks }
    }

    /// The file letter, `a`..`h`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `1`..`8`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// Parses the first two bytes of `s` as a square name (`e4`), if they are one.
    pub(crate) fn parse_prefix(s: &[u8]) -> Option<Square> {
        match s {
            [f @ b'a'..=b'h', r @ b'1'..=b'8', ..] => Square::from_coords(f - b'a', r - b'1'),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// The error for a malformed square name; holds the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a square (expected a1..h8)", Excerpt(.0))]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match Square::parse_prefix(s.as_bytes()) {
            Some(sq) if s.len() == 2 => Ok(sq),
            _ => Err(ParseSquareError(s.to_string())),
        }
    }
}
