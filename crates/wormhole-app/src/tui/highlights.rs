//! What the board marks: the last move, check, the chosen piece and
//! where it can go, porthole exits, the cursor. The play screen, the
//! review and the live analysis each build one; the board view draws it.

use wormhole::{AnyMove, AnyPosition, Bitboard, Square};

/// What the board marks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Highlights {
    pub last_move: Option<AnyMove>,
    /// The king in check.
    pub check: Option<Square>,
    /// The piece about to move.
    pub selected: Bitboard,
    /// Where it (or the typed candidates) can go; for a porthole move, the
    /// porthole it enters.
    pub targets: Bitboard,
    /// The portholes its porthole moves can leave by (Porthole chess).
    pub exits: Bitboard,
    /// The keyboard cursor.
    pub cursor: Option<Square>,
}

impl Highlights {
    /// Marks `m`: the piece, where it goes (a porthole move: the porthole
    /// it enters, and its exit).
    pub fn show_move(&mut self, m: AnyMove) {
        self.selected |= Bitboard::from_square(m.from());
        match m.entry() {
            Some(entry) => {
                self.targets |= Bitboard::from_square(entry);
                self.exits |= Bitboard::from_square(m.to());
            }
            None => self.targets |= Bitboard::from_square(m.to()),
        }
    }

    /// Marks the legal moves of the piece on `from` in `pos`; once the
    /// porthole `entry` is chosen, only the exits of that porthole (the
    /// piece and the porthole shown as picked).
    pub fn show_moves_of(&mut self, pos: &AnyPosition, from: Square, entry: Option<Square>) {
        self.selected |= Bitboard::from_square(from);
        if let Some(e) = entry {
            self.selected |= Bitboard::from_square(e);
        }
        for m in pos.moves_from(from) {
            match entry {
                Some(e) if m.entry() == Some(e) => self.exits |= Bitboard::from_square(m.to()),
                Some(_) => {}
                None => self.show_move(m),
            }
        }
    }
}
