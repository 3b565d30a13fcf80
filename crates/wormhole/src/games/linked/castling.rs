//! The squares each castling uses, and the rights a position keeps (D13).

use super::{CastlingRights, CastlingSide};
use crate::{Board, Color, Piece, Role, Square};

/// The squares one castling uses, for one colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CastlingSquares {
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    /// Strictly between king and rook: must be empty.
    pub between: u64,
    /// From the king's square to the rook's, both included: no portal cell here.
    pub span: u64,
    /// The king's square, the one it crosses and its landing: none attacked.
    pub king_path: u64,
}

const fn files(first: u8, last: u8, rank: u8) -> u64 {
    let mut bits = 0u64;
    let mut f = first;
    while f <= last {
        bits |= 1 << (rank * 8 + f);
        f += 1;
    }
    bits
}

impl CastlingSquares {
    /// The squares of `color` castling on `side`.
    pub(crate) const fn of(color: Color, side: CastlingSide) -> CastlingSquares {
        let r = match color {
            Color::White => 0,
            Color::Black => 7,
        };
        match side {
            CastlingSide::King => CastlingSquares {
                king_from: Square::new(r * 8 + 4),
                king_to: Square::new(r * 8 + 6),
                rook_from: Square::new(r * 8 + 7),
                rook_to: Square::new(r * 8 + 5),
                between: files(5, 6, r),
                span: files(4, 7, r),
                king_path: files(4, 6, r),
            },
            CastlingSide::Queen => CastlingSquares {
                king_from: Square::new(r * 8 + 4),
                king_to: Square::new(r * 8 + 2),
                rook_from: Square::new(r * 8),
                rook_to: Square::new(r * 8 + 3),
                between: files(1, 3, r),
                span: files(0, 4, r),
                king_path: files(2, 4, r),
            },
        }
    }
}

/// Every castling, in FEN order.
const EACH: [(Color, CastlingSide); 4] = [
    (Color::White, CastlingSide::King),
    (Color::White, CastlingSide::Queen),
    (Color::Black, CastlingSide::King),
    (Color::Black, CastlingSide::Queen),
];

/// Whether `color`'s king and rook for `side` stand on their home squares.
pub(crate) fn pieces_at_home(board: &Board, color: Color, side: CastlingSide) -> bool {
    let s = CastlingSquares::of(color, side);
    board.piece_at(s.king_from) == Some(Piece { color, role: Role::King })
        && board.piece_at(s.rook_from) == Some(Piece { color, role: Role::Rook })
}

/// The rights of `rights` whose king and rook are still at home: after every
/// move a right is dropped otherwise (moved, captured, teleported or removed
/// by a black hole alike).
#[inline]
pub(crate) fn rights_kept(rights: CastlingRights, board: &Board) -> CastlingRights {
    if rights == CastlingRights::NONE {
        return rights;
    }
    EACH.into_iter()
        .filter(|&(c, s)| rights.has(c, s) && pieces_at_home(board, c, s))
        .fold(CastlingRights::NONE, |r, (c, s)| r.with(c, s))
}
