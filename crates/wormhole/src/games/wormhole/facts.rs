//! What Wormhole chess shows besides its pieces ([`Facts`]): its holes.

use crate::facts::{Facts, Mark, MarkKind};
use crate::games::wormhole::Position;

/// Every hole, on the one board.
impl Facts for Position {
    fn marks(&self) -> Vec<Mark> {
        self.board().holes().map(|square| Mark { board: 0, square, kind: MarkKind::Hole }).collect()
    }
}
