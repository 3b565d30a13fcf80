//! What the board marks: the last move, check, the chosen piece and
//! where it can go, porthole exits, the cursor. The play screen, the
//! review and the live analysis each build one; the board view draws it.

use wormhole::rules::GameMove;
use wormhole::{AnyMove, AnyPosition, Bitboard, Rules, Square};

/// What the board marks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Highlights {
    pub last_move: Option<AnyMove>,
    /// Squares the last move changed besides its target, marked as its
    /// too: where a piece it teleported lands (Linked-portal chess).
    pub last_also: Bitboard,
    /// The king in check: its board and square.
    pub check: Option<(usize, Square)>,
    /// The board the piece about to move, its targets, exits and the
    /// cursor are on: the board to play (its index in the position's boards).
    pub board: usize,
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
    /// The marks every view of `pos` starts from: the king in check, and
    /// the board to play as the one picking happens on.
    pub fn of(pos: &AnyPosition) -> Highlights {
        let check = if pos.is_check() { pos.king(pos.turn()) } else { None };
        Highlights { check, board: pos.board_to_play(), ..Highlights::default() }
    }

    /// The marks on board `board`: all of them on the board to play; on
    /// another board, only the check and the last move played there.
    pub fn on(&self, board: usize) -> Highlights {
        let last_move = self.last_move.filter(|m| m.board() == board);
        let last_also = if last_move.is_some() { self.last_also } else { Bitboard::EMPTY };
        let check = self.check.filter(|&(b, _)| b == board);
        match board == self.board {
            true => Highlights { last_move, last_also, check, ..*self },
            false => Highlights { last_move, last_also, check, board, ..Highlights::default() },
        }
    }

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
