//! The castling rights a position keeps (docs/linked.md#how-the-pieces-move):
//! only while king and rook stand at home (the squares are the orthodox
//! games', `core::castling`).

use super::CastlingRights;
use crate::core::Board;
use crate::core::castling::pieces_at_home;

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
