//! Intents: a piece on a portal declared to teleport on its owner's next
//! turn (docs/twoboard.md#intents-and-teleports).

use std::fmt;

use super::BoardId;
use crate::core::{Color, Piece, Role, Square};

/// What became of an intent since it was declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IntentState {
    /// The piece will teleport on its owner's next turn.
    Live,
    /// The owner's next turn is lost: the intent was blocked by a friendly
    /// piece on the receiving portal, or the piece was captured
    /// (docs/twoboard.md#intents-and-teleports: blocked and void intents).
    Lost,
    /// The piece (of this role) was lifted off the receiving board by an
    /// enemy teleport onto it (a swap, docs/twoboard.md#intents-and-teleports);
    /// its owner's next turn lands it on the intent's portal of the other
    /// board.
    InTransit(Role),
}

/// One side's pending intent: the owner, the board and portal it was
/// declared on, and its state. FEN token: `wAa4`, `wAa4!`, `bBa5=p`.
///
/// ```
/// use wormhole::Color;
/// use wormhole::twoboard::{BoardId, Intent, IntentState};
/// let intent = Intent { owner: Color::White, source: BoardId::A, square: "a4".parse().unwrap(), state: IntentState::Live };
/// assert_eq!(intent.to_string(), "wAa4");
/// assert_eq!(intent.target(), (BoardId::B, intent.square));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Intent {
    /// Whose intent.
    pub owner: Color,
    /// The board it was declared on.
    pub source: BoardId,
    /// The portal the piece stands on (and arrives on, on the other board).
    pub square: Square,
    /// Live, lost or with its piece in transit.
    pub state: IntentState,
}

impl Intent {
    /// Where the piece arrives: the same portal on the other board.
    #[inline]
    pub const fn target(self) -> (BoardId, Square) {
        (self.source.other(), self.square)
    }

    /// Whether the intent's piece will arrive (live, or in transit): a
    /// pending arrival, which attacks its target.
    #[inline]
    pub const fn arrives(self) -> bool {
        !matches!(self.state, IntentState::Lost)
    }

    /// Whether the intent is live from `square` of `board`.
    #[inline]
    pub fn is_live_from(self, board: BoardId, square: Square) -> bool {
        self.state == IntentState::Live && self.source == board && self.square == square
    }

    /// The piece in transit, if any.
    #[inline]
    pub const fn in_transit(self) -> Option<Piece> {
        match self.state {
            IntentState::InTransit(role) => Some(Piece { color: self.owner, role }),
            _ => None,
        }
    }
}

impl fmt::Display for Intent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.owner.char(), self.source, self.square)?;
        match self.state {
            IntentState::Live => Ok(()),
            IntentState::Lost => f.write_str("!"),
            IntentState::InTransit(role) => {
                write!(f, "={}", crate::core::Roles::ORTHODOX.piece_letter(Piece { color: self.owner, role }))
            }
        }
    }
}
