//! [`PieceTo`]: a move as the continuation history and the correction
//! history know it, by the piece it moves and its target square.

use super::Searchable;
use crate::core::{Piece, Role};
use crate::rules::GameMove;

/// The piece a move moves and its target square, as the continuation
/// history knows a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo(u16);

impl PieceTo {
    /// How many there are: by colour, role and square.
    pub(super) const COUNT: usize = 2 * Role::MAX * 64;

    /// The piece `m` moves in `pos` and its target (`None` for a move of no piece).
    #[inline]
    pub fn of<P: Searchable>(pos: &P, m: P::Move) -> Option<PieceTo> {
        let Piece { color, role } = pos.boards()[pos.board_to_play()].piece_at(m.from())?;
        Some(PieceTo(((color.index() * Role::MAX + role.index()) * 64 + m.to().index()) as u16))
    }

    #[inline(always)]
    pub(super) fn index(self) -> usize {
        self.0 as usize
    }
}
