//! Castling rights, kept per board (D4).

use std::fmt;

use crate::{Color, Square};

pub use crate::core::castling::CastlingSide;

/// The castling rights left on one board: a subset of `KQkq`.
///
/// ```
/// use wormhole::Color;
/// use wormhole::twoboard::{CastlingRights, CastlingSide};
/// let rights: CastlingRights = "Kq".parse().unwrap();
/// assert!(rights.has(Color::White, CastlingSide::King));
/// assert!(!rights.has(Color::White, CastlingSide::Queen));
/// assert_eq!(rights.to_string(), "Kq");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

/// A castling field that is neither `-` nor a subset of `KQkq` written in that order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("castling rights of a board must be '-' or a subset of KQkq in that order, found '{}'", crate::excerpt::Excerpt(.0))]
pub struct ParseCastlingError(pub String);

const LETTERS: [char; 4] = ['K', 'Q', 'k', 'q'];

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);

    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    /// Whether `color` may still castle on `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & CastlingRights::bit(color, side) != 0
    }

    /// The rights as 4 bits (`K` = 1, `Q` = 2, `k` = 4, `q` = 8), for hash tables.
    #[inline]
    pub const fn bits(self) -> usize {
        self.0 as usize
    }

    /// The rights left after a move that starts or captures on `sq` of this board.
    #[inline]
    pub const fn after_touching(self, sq: Square) -> CastlingRights {
        let lost = match sq.index() {
            0 => CastlingRights::bit(Color::White, CastlingSide::Queen),
            4 => {
                CastlingRights::bit(Color::White, CastlingSide::King)
                    | CastlingRights::bit(Color::White, CastlingSide::Queen)
            }
            7 => CastlingRights::bit(Color::White, CastlingSide::King),
            56 => CastlingRights::bit(Color::Black, CastlingSide::Queen),
            60 => {
                CastlingRights::bit(Color::Black, CastlingSide::King)
                    | CastlingRights::bit(Color::Black, CastlingSide::Queen)
            }
            63 => CastlingRights::bit(Color::Black, CastlingSide::King),
            _ => 0,
        };
        CastlingRights(self.0 & !lost)
    }

    /// Every right these hold, as (colour, side).
    pub fn iter(self) -> impl Iterator<Item = (Color, CastlingSide)> {
        [Color::White, Color::Black]
            .into_iter()
            .flat_map(|c| CastlingSide::ALL.map(|s| (c, s)))
            .filter(move |&(c, s)| self.has(c, s))
    }
}

impl std::str::FromStr for CastlingRights {
    type Err = ParseCastlingError;
    fn from_str(s: &str) -> Result<CastlingRights, ParseCastlingError> {
        if s == "-" {
            return Ok(CastlingRights::NONE);
        }
        let mut bits = 0u8;
        let mut next = 0;
        for c in s.chars() {
            match LETTERS[next.min(4)..].iter().position(|&l| l == c) {
                Some(i) => {
                    bits |= 1 << (next + i);
                    next += i + 1;
                }
                None => return Err(ParseCastlingError(s.to_string())),
            }
        }
        if bits == 0 { Err(ParseCastlingError(s.to_string())) } else { Ok(CastlingRights(bits)) }
    }
}

impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("-");
        }
        LETTERS.iter().enumerate().filter(|&(i, _)| self.0 >> i & 1 != 0).try_for_each(|(_, c)| write!(f, "{c}"))
    }
}

/// The squares one castling uses.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CastlingSquares {
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    /// The squares between king and rook, which must be empty.
    pub between: u64,
    /// The squares the king stands on, crosses and reaches: none may be attacked.
    pub king_path: [Square; 3],
}

impl CastlingSquares {
    /// The squares of `color` castling on `side`.
    pub(crate) const fn of(color: Color, side: CastlingSide) -> CastlingSquares {
        let rank = match color {
            Color::White => 0,
            Color::Black => 56,
        };
        match side {
            CastlingSide::King => CastlingSquares {
                king_from: Square::new(rank + 4),
                king_to: Square::new(rank + 6),
                rook_from: Square::new(rank + 7),
                rook_to: Square::new(rank + 5),
                between: 0b0110_0000 << rank,
                king_path: [Square::new(rank + 4), Square::new(rank + 5), Square::new(rank + 6)],
            },
            CastlingSide::Queen => CastlingSquares {
                king_from: Square::new(rank + 4),
                king_to: Square::new(rank + 2),
                rook_from: Square::new(rank),
                rook_to: Square::new(rank + 3),
                between: 0b0000_1110 << rank,
                king_path: [Square::new(rank + 4), Square::new(rank + 3), Square::new(rank + 2)],
            },
        }
    }
}

impl CastlingRights {
    /// The FEN letter of one right: `K`, `Q`, `k` or `q`.
    pub const fn letter(color: Color, side: CastlingSide) -> char {
        LETTERS[color as usize * 2 + side as usize]
    }
}
