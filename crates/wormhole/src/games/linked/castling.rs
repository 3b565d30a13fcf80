//! The castling rights a position keeps (D13): only while king and rook
//! stand at home (the squares are the orthodox games', `core::castling`).

use super::{CastlingRights, CastlingSide};
use crate::{Board, Color, Piece, Role};

/// Whether `color`'s king and rook for `side` stand on their home squares.
pub(crate) fn pieces_at_home(board: &Board, color: Color, side: CastlingSide) -> bool {
    let s = crate::core::castling::CastlingSquares::of(color, side);
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
    rights.iter().filter(|&(c, s)| pieces_at_home(board, c, s)).fold(CastlingRights::NONE, |r, (c, s)| r.with(c, s))
}
