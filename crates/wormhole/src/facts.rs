//! What a game's rules say about a position besides its pieces and moves,
//! as data a program shows without knowing the game ([`Facts`]): the marks
//! on its boards ([`Mark`]: holes, portholes, portals, pieces crossing to
//! another board), the move its rules force, a danger its rules hide, a
//! piece a move carries along; and, in the game's line of
//! [`GAMES`](crate::games::GAMES), its boards' names and the choices of its start
//! position ([`StartChoices`]). Each game implements [`Facts`] in its folder; the
//! terminal app draws and says them for every game alike.

use crate::core::{Color, Piece, Square};
use crate::rules::Rules;

/// A mark a game puts on a square of one of its boards, besides the
/// pieces: a fact of its rules that the board shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    /// The board's index, in the order of the position's boards.
    pub board: usize,
    /// The square.
    pub square: Square,
    /// What is there.
    pub kind: MarkKind,
}

/// The marks a program knows how to draw; each game chooses which stand for
/// what in its rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// No square at all: a hole, where nothing stands and which moves skip
    /// (Wormhole chess).
    Hole,
    /// A neutral ring, `height` of them stacked (1 for one): a square that
    /// pieces pass through (Porthole chess's portholes, Two-board chess's
    /// portals).
    Ring {
        /// How many are stacked there.
        height: u8,
    },
    /// A player's disc: a square that player owns (Linked-portal chess's
    /// portals).
    Disc(Color),
    /// A crossed-out disc: an owned square closed for good (Linked-portal
    /// chess's frozen portals).
    CrossedDisc,
    /// An arrow out: the piece here leaves for another board on its owner's
    /// next turn (a Two-board intent).
    Arrow,
    /// A piece that arrives here on its owner's next turn, from another
    /// board or in transit.
    Arriving(Piece),
    /// A cross: a crossing declared here failed, and its owner's next turn
    /// is lost (a lost Two-board intent).
    Cross,
}

/// A move the rules force ([`Facts::forced_move`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forced<M> {
    /// The move.
    pub m: M,
    /// Why it is forced, in words that name the move.
    pub why: String,
    /// The squares that stand for it, each with its board's index: where
    /// it arrives first, then the piece's own (none for a lost move or a
    /// pass).
    pub squares: Vec<(usize, Square)>,
}

impl<M> Forced<M> {
    /// The same, with the move converted (into a move of any game).
    pub fn map<N>(self, f: impl FnOnce(M) -> N) -> Forced<N> {
        Forced { m: f(self.m), why: self.why, squares: self.squares }
    }
}

/// A piece a move carries elsewhere besides its own move
/// ([`Facts::carried`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Carried {
    /// The piece.
    pub piece: Piece,
    /// Where it stood.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
}

/// The facts of a game's positions beyond the moves ([`Rules`]), for a
/// program to show; nothing by default.
pub trait Facts: Rules {
    /// The marks on the position's boards.
    fn marks(&self) -> Vec<Mark> {
        Vec::new()
    }

    /// What marks `square` of the board to play, if anything.
    fn mark_on(&self, square: Square) -> Option<MarkKind> {
        let board = self.board_to_play();
        self.marks().into_iter().find(|m| m.board == board && m.square == square).map(|m| m.kind)
    }

    /// The move the side to move must play, if its rules force one and it
    /// is the only one (a teleport, a lost move, a pass).
    fn forced_move(&self) -> Option<Forced<Self::Move>> {
        None
    }

    /// A warning before the legal move `m` is played, when its rules hide
    /// a danger a player may not see.
    fn warning(&self, m: Self::Move) -> Option<String> {
        let _ = m;
        None
    }

    /// A piece the move `m` carries elsewhere besides its own move
    /// (Linked-portal chess: a portal stepping onto a piece teleports it to
    /// the other portal).
    fn carried(&self, m: Self::Move) -> Option<Carried> {
        let _ = m;
        None
    }
}

/// The choices of a game's start position ([`GameInfo::setup`](crate::game_info::GameInfo::setup)):
/// lines whose values a player sets before the game.
#[derive(Debug, Clone, Copy)]
pub struct StartChoices {
    /// The choices, one line each.
    pub choices: &'static [StartChoice],
    /// What the line `choice` shows for `value` (0 to its count).
    pub value_text: fn(choice: usize, value: u8) -> String,
    /// The FEN of the start with `values` chosen, one per choice; `None`
    /// when they make no start.
    pub fen: fn(values: &[u8]) -> Option<String>,
}

/// One line of a [`StartChoices`]: a value from 0 to `count - 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartChoice {
    /// The line's label.
    pub label: &'static str,
    /// How many values it has.
    pub count: u8,
    /// The value chosen at first.
    pub default: u8,
}
