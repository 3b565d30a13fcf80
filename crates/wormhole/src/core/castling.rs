//! Castling in the orthodox games (Porthole, Linked-portal and Two-board
//! portal chess, the last with one set of rights per board): the
//! two sides, the rights a FEN gives (`KQkq`), the squares each castling
//! uses and moving the rook. What stops a castling is each game's own.

use std::fmt;

use crate::core::excerpt::Excerpt;
use crate::core::zobrist::piece_key;
use crate::core::{Bitboard, Board, Color, Piece, Role, Square};

/// Kingside (`O-O`) or queenside (`O-O-O`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file: the king goes to g1/g8, the rook to f1/f8.
    King,
    /// Towards the a-file: the king goes to c1/c8, the rook to d1/d8.
    Queen,
}

impl CastlingSide {
    /// Both sides, kingside first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

    /// The SAN of this castling: `O-O` or `O-O-O`.
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::King => "O-O",
            CastlingSide::Queen => "O-O-O",
        }
    }

    /// `"kingside"` or `"queenside"`.
    pub const fn name(self) -> &'static str {
        match self {
            CastlingSide::King => "kingside",
            CastlingSide::Queen => "queenside",
        }
    }
}

/// The squares one castling uses, for one colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CastlingSquares {
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    /// Strictly between king and rook: no piece (and no token) may stand here.
    pub between: Bitboard,
    /// From the king's square to the rook's, both included (no portal cell
    /// may stand here in Linked-portal chess).
    pub span: Bitboard,
    /// The squares the king stands on, passes and lands on: none may be attacked.
    pub king_path: Bitboard,
}

const fn sq(file: u8, rank: u8) -> Square {
    Square::new(rank * 8 + file)
}

const fn files(first: u8, last: u8, rank: u8) -> Bitboard {
    let mut bits = 0u64;
    let mut f = first;
    while f <= last {
        bits |= 1 << (rank * 8 + f);
        f += 1;
    }
    Bitboard(bits)
}

const fn squares_of(color: Color, side: CastlingSide) -> CastlingSquares {
    let r = match color {
        Color::White => 0,
        Color::Black => 7,
    };
    match side {
        CastlingSide::King => CastlingSquares {
            king_from: sq(4, r),
            king_to: sq(6, r),
            rook_from: sq(7, r),
            rook_to: sq(5, r),
            between: files(5, 6, r),
            span: files(4, 7, r),
            king_path: files(4, 6, r),
        },
        CastlingSide::Queen => CastlingSquares {
            king_from: sq(4, r),
            king_to: sq(2, r),
            rook_from: sq(0, r),
            rook_to: sq(3, r),
            between: files(1, 3, r),
            span: files(0, 4, r),
            king_path: files(2, 4, r),
        },
    }
}

impl CastlingSquares {
    /// The squares of `color` castling on `side`.
    #[inline]
    pub(crate) const fn of(color: Color, side: CastlingSide) -> CastlingSquares {
        squares_of(color, side)
    }
}

/// Moves the rook of the castling on `side` whose king left `king_from`
/// to its square after castling (`forward`) or back to its home; returns
/// the change of hash (none when no piece stands there).
#[inline]
pub(crate) fn shift_rook(board: &mut Board, king_from: Square, side: CastlingSide, forward: bool) -> u64 {
    let color = if king_from.rank() == 0 { Color::White } else { Color::Black };
    let s = CastlingSquares::of(color, side);
    let (from, to) = if forward { (s.rook_from, s.rook_to) } else { (s.rook_to, s.rook_from) };
    match board.take(from) {
        Some(rook) => {
            board.put(to, rook);
            piece_key(rook, from) ^ piece_key(rook, to)
        }
        None => 0,
    }
}

/// Which castlings are still allowed: `KQkq` in a FEN.
///
/// ```
/// use wormhole::Color;
/// use wormhole::porthole::{CastlingRights, CastlingSide};
/// let rights: CastlingRights = "Kq".parse().unwrap();
/// assert!(rights.has(Color::White, CastlingSide::King));
/// assert!(!rights.has(Color::White, CastlingSide::Queen));
/// assert_eq!(rights.to_string(), "Kq");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No castling.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four castlings (`KQkq`).
    pub const ALL: CastlingRights = CastlingRights(15);

    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    /// Whether `color` may still castle on `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & CastlingRights::bit(color, side) != 0
    }

    /// These rights plus `color` castling on `side`.
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 | CastlingRights::bit(color, side))
    }

    /// The rights as a number `0..16` (for hash tables).
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The rights left after a move that leaves or captures on `sq`: moving
    /// the king loses both, moving a rook from its home square or capturing
    /// on it loses that one.
    #[inline]
    pub(crate) const fn after_touching(self, sq: Square) -> CastlingRights {
        CastlingRights(self.0 & KEEP[sq.index()])
    }

    /// The FEN letter of one castling: `K`, `Q`, `k` or `q`.
    pub const fn letter(color: Color, side: CastlingSide) -> char {
        match (color, side) {
            (Color::White, CastlingSide::King) => 'K',
            (Color::White, CastlingSide::Queen) => 'Q',
            (Color::Black, CastlingSide::King) => 'k',
            (Color::Black, CastlingSide::Queen) => 'q',
        }
    }

    /// Each castling these rights allow, White kingside first.
    pub fn iter(self) -> impl Iterator<Item = (Color, CastlingSide)> {
        EACH.into_iter().filter(move |&(c, s)| self.has(c, s))
    }

    /// The first castling these rights allow whose king or rook is not on
    /// its home square of `board` (a FEN that gives such a right is refused).
    pub(crate) fn first_without_pieces(self, board: &Board) -> Option<(Color, CastlingSide)> {
        self.iter().find(|&(color, side)| !pieces_at_home(board, color, side))
    }
}

/// Whether `color`'s king and rook for `side` stand on their home squares of `board`.
pub(crate) fn pieces_at_home(board: &Board, color: Color, side: CastlingSide) -> bool {
    let s = CastlingSquares::of(color, side);
    board.piece_at(s.king_from) == Some(Piece { color, role: Role::King })
        && board.piece_at(s.rook_from) == Some(Piece { color, role: Role::Rook })
}

/// Every castling, in FEN order (`KQkq`).
const EACH: [(Color, CastlingSide); 4] = [
    (Color::White, CastlingSide::King),
    (Color::White, CastlingSide::Queen),
    (Color::Black, CastlingSide::King),
    (Color::Black, CastlingSide::Queen),
];

/// `KEEP[sq]`: the rights that survive a move from or a capture on `sq`.
const KEEP: [u8; 64] = {
    let mut keep = [15u8; 64];
    let mut c = 0;
    while c < 2 {
        let color = if c == 0 { Color::White } else { Color::Black };
        let king = squares_of(color, CastlingSide::King);
        let queen = squares_of(color, CastlingSide::Queen);
        let k = CastlingRights::bit(color, CastlingSide::King);
        let q = CastlingRights::bit(color, CastlingSide::Queen);
        keep[king.king_from.index()] &= !(k | q);
        keep[king.rook_from.index()] &= !k;
        keep[queen.rook_from.index()] &= !q;
        c += 1;
    }
    keep
};

/// The FEN castling field: `KQkq`, a subset in that order, or `-`.
impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("-");
        }
        for (c, s) in self.iter() {
            write!(f, "{}", CastlingRights::letter(c, s))?;
        }
        Ok(())
    }
}

/// The error for a castling field that is not `-` or letters from `KQkq`;
/// holds the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("castling field must be '-' or letters from 'KQkq' (each once), found '{}'", Excerpt(.0))]
pub struct ParseCastlingError(pub String);

impl std::str::FromStr for CastlingRights {
    type Err = ParseCastlingError;
    fn from_str(s: &str) -> Result<CastlingRights, ParseCastlingError> {
        if s == "-" {
            return Ok(CastlingRights::NONE);
        }
        let mut rights = CastlingRights::NONE;
        for ch in s.chars() {
            let found = EACH.into_iter().find(|&(c, side)| CastlingRights::letter(c, side) == ch);
            match found {
                Some((c, side)) if !rights.has(c, side) => rights = rights.with(c, side),
                _ => return Err(ParseCastlingError(s.to_string())),
            }
        }
        if rights == CastlingRights::NONE {
            return Err(ParseCastlingError(s.to_string()));
        }
        Ok(rights)
    }
}
