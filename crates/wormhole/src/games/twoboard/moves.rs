//! Moves of Two-board portal chess and the list that holds them.

use std::fmt;

use super::BoardId;
use crate::core::move_list::MoveStack;
use crate::core::packed;
/// The roles a pawn may promote to, strongest first (docs/twoboard.md#moves-on-one-board).
pub(crate) use crate::core::packed::PROMOTIONS;
use crate::core::{Role, Square};

/// What kind of move a [`Move`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An orthodox move on the board being played (with a promotion if a
    /// pawn reaches its last rank).
    Normal,
    /// The king's two-square castling move; the rook moves too.
    Castle,
    /// A pawn capturing en passant.
    EnPassant,
    /// Declaring an intent for the piece on a portal: nothing moves
    /// (docs/twoboard.md#intents-and-teleports).
    Intent,
    /// The forced move of a live intent (the teleport) or of a piece in
    /// transit (the landing), onto the portal of the board being played.
    Teleport,
    /// A lost move (blocked or void intent) or a pass: nothing moves.
    Null,
}

const KINDS: [MoveKind; 6] =
    [MoveKind::Normal, MoveKind::Castle, MoveKind::EnPassant, MoveKind::Intent, MoveKind::Teleport, MoveKind::Null];

/// A move, packed into 20 bits: the board it is played on, origin, target,
/// kind and promotion. Coordinates name the board: `Ae2e4`, `Bd7d8q`,
/// `Ae1g1` (castling), `Aa4a4` (intent), `Aa4Ba4` (teleport or landing,
/// from the source board to the board played), `0000` (lost move or pass).
///
/// ```
/// use wormhole::twoboard::{BoardId, Move, MoveKind};
/// let a4 = "a4".parse().unwrap();
/// assert_eq!(Move::intent(BoardId::A, a4).to_string(), "Aa4a4");
/// let teleport = Move::teleport(BoardId::B, a4);
/// assert_eq!(teleport.kind(), MoveKind::Teleport);
/// assert_eq!(teleport.to_string(), "Aa4Ba4");
/// assert_eq!(Move::NULL.to_string(), "0000");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u32);

impl Move {
    /// The lost move or pass, `0000`.
    pub const NULL: Move = Move::pack(BoardId::A, Square::new(0), Square::new(0), MoveKind::Null, 0);

    const fn pack(board: BoardId, from: Square, to: Square, kind: MoveKind, promotion: u32) -> Move {
        Move(packed::squares(from, to) | (board as u32) << 12 | (kind as u32) << 13 | promotion << 16)
    }

    /// An orthodox move on `board`, promoting to `promotion` if given.
    #[inline]
    pub const fn normal(board: BoardId, from: Square, to: Square, promotion: Option<Role>) -> Move {
        Move::pack(board, from, to, MoveKind::Normal, packed::promotion_code(promotion))
    }

    /// Castling on `board`: the king's move from `from` to `to`.
    #[inline]
    pub const fn castle(board: BoardId, from: Square, to: Square) -> Move {
        Move::pack(board, from, to, MoveKind::Castle, 0)
    }

    /// An en passant capture on `board`.
    #[inline]
    pub const fn en_passant(board: BoardId, from: Square, to: Square) -> Move {
        Move::pack(board, from, to, MoveKind::EnPassant, 0)
    }

    /// Declaring an intent for the piece on portal `sq` of `board`.
    #[inline]
    pub const fn intent(board: BoardId, sq: Square) -> Move {
        Move::pack(board, sq, sq, MoveKind::Intent, 0)
    }

    /// A teleport or landing onto portal `sq` of `board` (the board being
    /// played), from the same portal of the other board.
    #[inline]
    pub const fn teleport(board: BoardId, sq: Square) -> Move {
        Move::pack(board, sq, sq, MoveKind::Teleport, 0)
    }

    /// The board the move is played on (a teleport's target board).
    #[inline]
    pub const fn board(self) -> BoardId {
        if self.0 >> 12 & 1 == 0 { BoardId::A } else { BoardId::B }
    }

    /// What kind of move this is.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        KINDS[(self.0 >> 13 & 7) as usize]
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (board, from, to) = (self.board(), self.from(), self.to());
        match self.kind() {
            MoveKind::Null => f.write_str("0000"),
            MoveKind::Teleport => write!(f, "{}{from}{board}{to}", board.other()),
            _ => {
                write!(f, "{board}{from}{to}")?;
                packed::write_promotion(f, self.promotion(), crate::core::Roles::ORTHODOX)
            }
        }
    }
}

/// Room for the moves of any position: at most 31 pieces of a side on
/// the board to play, none reaching more than 27 squares, plus four
/// intents and two castlings (the candidates before the king-safety test
/// need this room; legal moves of real games stay far below).
pub const MAX_MOVES: usize = 1024;

/// A list of moves on the stack.
pub type MoveList = MoveStack<Move, MAX_MOVES>;

crate::rules::packed_move! {
    from: "The square the piece leaves (for a teleport, its portal on the source board).",
    to: "The square the piece ends on.",
    promotion_at: 16,
    GameMove {
        #[inline(always)]
        fn board(self) -> usize {
            Move::board(self).index()
        }
    }
}
