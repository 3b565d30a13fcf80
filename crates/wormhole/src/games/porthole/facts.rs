//! What Porthole chess shows besides its pieces ([`Facts`]): its
//! portholes, each a ring with the height of its stack.

use super::Position;
use crate::facts::{Facts, Mark, MarkKind};

/// Each porthole with its height, on the one board.
impl Facts for Position {
    fn marks(&self) -> Vec<Mark> {
        let ring = |(square, height)| Mark { board: 0, square, kind: MarkKind::Ring { height } };
        self.tokens().iter().map(ring).collect()
    }
}
