//! The portholes: neutral tokens on squares, stacked to a height.

use std::fmt;

use crate::core::{Bitboard, Square};

/// Where the tokens are and how many stand on each square. A square with
/// one or more tokens is a *P-square*; a stack acts as one porthole.
///
/// ```
/// use wormhole::Square;
/// use wormhole::porthole::Tokens;
/// let c2: Square = "c2".parse().unwrap();
/// let mut tokens = Tokens::empty();
/// tokens.add(c2);
/// tokens.add(c2);
/// assert_eq!(tokens.height(c2), 2);
/// assert_eq!(tokens.to_string(), "c2*2");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Tokens {
    squares: Bitboard,
    heights: [u8; 64],
}

impl Default for Tokens {
    fn default() -> Tokens {
        Tokens::empty()
    }
}

impl Tokens {
    /// No tokens (orthodox chess without en passant).
    pub const fn empty() -> Tokens {
        Tokens { squares: Bitboard::EMPTY, heights: [0; 64] }
    }

    /// The default start (docs/porthole.md#the-board-the-pieces-the-portholes):
    /// one token on each of b4 c4 f4 g4 b5 c5 f5 g5.
    pub fn start() -> Tokens {
        let mut tokens = Tokens::empty();
        for rank in [3, 4] {
            for file in [1, 2, 5, 6] {
                if let Some(sq) = Square::from_coords(file, rank) {
                    tokens.add(sq);
                }
            }
        }
        tokens
    }

    /// The P-squares: every square holding at least one token.
    #[inline]
    pub fn squares(&self) -> Bitboard {
        self.squares
    }

    /// The number of tokens on `sq` (0 if it is not a P-square).
    #[inline]
    pub fn height(&self, sq: Square) -> u8 {
        self.heights[sq.index()]
    }

    /// Whether `sq` is a P-square.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.squares.contains(sq)
    }

    /// The number of tokens in all.
    pub fn count(&self) -> u32 {
        self.heights.iter().map(|&h| u32::from(h)).sum()
    }

    /// Puts one more token on `sq`.
    #[inline]
    pub fn add(&mut self, sq: Square) {
        self.heights[sq.index()] += 1;
        self.squares |= Bitboard::from_square(sq);
    }

    /// Takes one token off `sq`, which must be a P-square.
    #[inline]
    pub fn take(&mut self, sq: Square) {
        let h = &mut self.heights[sq.index()];
        debug_assert!(*h > 0, "no token on {sq}");
        *h -= 1;
        if *h == 0 {
            self.squares.0 &= !(1 << sq.index());
        }
    }

    /// The P-squares with their heights, in FEN order (rank 8 to 1, file a to h).
    pub fn iter(&self) -> impl Iterator<Item = (Square, u8)> + '_ {
        (0..8u8).rev().flat_map(move |rank| {
            (0..8u8).filter_map(move |file| {
                let sq = Square::from_coords(file, rank)?;
                self.contains(sq).then(|| (sq, self.height(sq)))
            })
        })
    }
}

/// The PFEN seventh field: `-`, or the P-squares in FEN order separated by
/// commas, with `*h` after a square of height 2 or more (`b5,c2*2`).
impl fmt::Display for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.squares.is_empty() {
            return f.write_str("-");
        }
        for (i, (sq, h)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{sq}")?;
            if h > 1 {
                write!(f, "*{h}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tokens({self})")
    }
}
