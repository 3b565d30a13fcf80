//! Porthole moves (up to three squares) and move lists that hold them as
//! batches of targets.

use std::fmt;
use std::mem::MaybeUninit;

use super::MAX_PIECES_PER_SIDE;
use crate::core::castling::{CastlingSide, CastlingSquares};
use crate::core::packed;
pub(crate) use crate::core::packed::PROMOTIONS;
use crate::core::{Bitboard, Color, Role, Square};
use crate::rules::MoveSet;

/// What kind of move a [`Move`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An orthodox move ending on a square that is not a P-square (with a
    /// promotion if a pawn reaches its last rank).
    Normal,
    /// The king's two-square castling move; the rook moves too.
    Castle,
    /// In at the entry, out at the exit; the entry's token moves to the origin.
    Porthole,
}

/// A move of Porthole chess, packed into 32 bits: origin, the square the
/// piece ends on, the entry for a porthole move, and a promotion role.
///
/// ```
/// use wormhole::porthole::{Move, MoveKind};
/// let m = Move::porthole("g1".parse().unwrap(), "h1".parse().unwrap(), "d4".parse().unwrap());
/// assert_eq!(m.kind(), MoveKind::Porthole);
/// assert_eq!(m.to().to_string(), "d4"); // where the king ends: the exit
/// assert_eq!(m.to_string(), "g1h1d4");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u32);

const CASTLE: u32 = 1;
const PORTHOLE: u32 = 2;

impl Move {
    #[inline]
    const fn pack(from: Square, to: Square, entry: Square, kind: u32, promotion: u32) -> Move {
        Move(packed::squares(from, to) | (entry.index() as u32) << 12 | kind << 18 | promotion << 20)
    }

    /// An orthodox move from `from` to `to`, promoting to `promotion` if given.
    #[inline]
    pub const fn normal(from: Square, to: Square, promotion: Option<Role>) -> Move {
        Move::pack(from, to, from, 0, packed::promotion_code(promotion))
    }

    /// `color` castling on `side` (the king's move, `e1g1` in coordinates).
    #[inline]
    pub const fn castle(color: Color, side: CastlingSide) -> Move {
        let s = CastlingSquares::of(color, side);
        Move::pack(s.king_from, s.king_to, s.king_from, CASTLE, 0)
    }

    /// The piece on `origin` enters the porthole on `entry` and leaves from
    /// the one on `exit`.
    #[inline]
    pub const fn porthole(origin: Square, entry: Square, exit: Square) -> Move {
        Move::pack(origin, exit, entry, PORTHOLE, 0)
    }

    /// The entry of a porthole move.
    #[inline]
    pub const fn entry(self) -> Option<Square> {
        match self.kind() {
            MoveKind::Porthole => Some(Square::new((self.0 >> 12 & 63) as u8)),
            _ => None,
        }
    }

    /// The square where this move captures, if an enemy piece stands there:
    /// the entry of a porthole move, else the target.
    #[inline]
    pub const fn capture_square(self) -> Square {
        match self.entry() {
            Some(e) => e,
            None => self.to(),
        }
    }

    /// What kind of move this is.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 18 & 3 {
            CASTLE => MoveKind::Castle,
            PORTHOLE => MoveKind::Porthole,
            _ => MoveKind::Normal,
        }
    }

    /// Whether this is a porthole move.
    #[inline]
    pub const fn is_porthole(self) -> bool {
        matches!(self.kind(), MoveKind::Porthole)
    }

    /// The side a castling move castles on.
    #[inline]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        match self.kind() {
            MoveKind::Castle if self.to().file() == 6 => Some(CastlingSide::King),
            MoveKind::Castle => Some(CastlingSide::Queen),
            _ => None,
        }
    }
}

crate::rules::packed_move! {
    from: "The square the piece leaves.",
    to: "The square the piece ends on: the exit of a porthole move, the king's square after castling.",
    promotion_at: 20,
    GameMove {
        #[inline(always)]
        fn entry(self) -> Option<Square> {
            Move::entry(self)
        }
    }
}

/// Coordinate form: `e2e4`, `e7e8q`, castling as the king's move `e1g1`, a
/// porthole move as origin, entry and exit: `g1h1d4`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from())?;
        if let Some(e) = self.entry() {
            write!(f, "{e}")?;
        }
        write!(f, "{}", self.to())?;
        packed::write_promotion(f, self.promotion(), crate::core::Roles::ORTHODOX)
    }
}

/// How the targets of a batch become moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BatchKind {
    /// One normal move per target.
    Normal,
    /// Four promotions (Q, R, B, N) per target.
    Promotion,
    /// One castling per target (the king's destination).
    Castle,
    /// One porthole move per target (the exit).
    Porthole,
}

/// The moves of one piece that share a kind (and, for porthole moves, an
/// entry): a set of target squares.
#[derive(Debug, Clone, Copy)]
struct Batch {
    from: Square,
    entry: Square,
    kind: BatchKind,
    targets: Bitboard,
}

impl Batch {
    #[inline]
    fn len(&self) -> usize {
        let n = self.targets.count() as usize;
        if self.kind == BatchKind::Promotion { n * PROMOTIONS.len() } else { n }
    }

    #[inline]
    fn make(&self, to: Square, promotion: usize) -> Move {
        match self.kind {
            BatchKind::Normal => Move::normal(self.from, to, None),
            BatchKind::Promotion => Move::normal(self.from, to, Some(PROMOTIONS[promotion])),
            BatchKind::Castle => Move::pack(self.from, to, self.from, CASTLE, 0),
            BatchKind::Porthole => Move::porthole(self.from, self.entry, to),
        }
    }
}

/// The porthole moves of one piece through one entry: one move per exit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PortholeGroup {
    /// Where the piece stands.
    pub origin: Square,
    /// The porthole it enters.
    pub entry: Square,
    /// The open portholes it may leave by.
    pub exits: Bitboard,
}

/// The most batches a position can need: per piece one of normal moves, one
/// of promotions or castlings, and one per entry (at most 8).
const MAX_BATCHES: usize = MAX_PIECES_PER_SIDE as usize * 10;

/// A list of moves on the stack, held per piece as sets of targets: a
/// porthole move to each of many exits costs one bit, so the list stays
/// small however many tokens there are, and [`MoveList::len`] counts
/// without listing (perft's last ply).
#[derive(Clone)]
pub struct MoveList {
    /// The batches; the first `len` are written, the rest never read (so
    /// a new list costs nothing: zeroing it was half of perft's time).
    batches: [MaybeUninit<Batch>; MAX_BATCHES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList { batches: [const { MaybeUninit::uninit() }; MAX_BATCHES], len: 0 }
    }

    /// The batches written so far.
    #[inline]
    fn batches(&self) -> &[Batch] {
        // SAFETY: `push` wrote every batch below `len` (and `len` only grows
        // by writing one), and `MaybeUninit<Batch>` has `Batch`'s layout.
        unsafe { std::slice::from_raw_parts(self.batches.as_ptr().cast::<Batch>(), self.len) }
    }

    #[inline]
    fn push(&mut self, kind: BatchKind, from: Square, entry: Square, targets: Bitboard) {
        if targets.any() {
            self.batches[self.len] = MaybeUninit::new(Batch { from, entry, kind, targets });
            self.len += 1;
        }
    }

    /// Adds the normal moves of the piece on `from` to `targets`; a pawn's
    /// targets on `last_rank` become promotions.
    #[inline]
    pub(crate) fn push_normal(&mut self, from: Square, targets: Bitboard, last_rank: Bitboard) {
        self.push(BatchKind::Normal, from, from, targets & !last_rank);
        self.push(BatchKind::Promotion, from, from, targets & last_rank);
    }

    /// Adds the king's castlings to the destinations in `targets`.
    #[inline]
    pub(crate) fn push_castles(&mut self, king: Square, targets: Bitboard) {
        self.push(BatchKind::Castle, king, king, targets);
    }

    /// Adds the porthole moves of the piece on `from` through `entry` to each of `exits`.
    #[inline]
    pub(crate) fn push_porthole(&mut self, from: Square, entry: Square, exits: Bitboard) {
        self.push(BatchKind::Porthole, from, entry, exits);
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.batches().iter().map(Batch::len).sum()
    }

    /// Whether there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Whether `m` is in the list.
    pub fn contains(&self, m: Move) -> bool {
        let kind = match (m.kind(), m.promotion()) {
            (MoveKind::Normal, None) => BatchKind::Normal,
            (MoveKind::Normal, Some(r)) if PROMOTIONS.contains(&r) => BatchKind::Promotion,
            (MoveKind::Normal, Some(_)) => return false,
            (MoveKind::Castle, _) => BatchKind::Castle,
            (MoveKind::Porthole, _) => BatchKind::Porthole,
        };
        let entry = m.entry().unwrap_or(m.from());
        self.batches()
            .iter()
            .any(|b| b.kind == kind && b.from == m.from() && b.entry == entry && b.targets.contains(m.to()))
    }

    /// The porthole moves grouped by piece and entry: for each, the exits
    /// it may leave by (what a board shows when a piece is picked).
    ///
    /// ```
    /// use wormhole::porthole::Position;
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/4r1K1 w - - 0 30 a6,d4,b3,h1").unwrap();
    /// let groups: Vec<_> = pos.legal_moves().porthole_groups().collect();
    /// assert_eq!(groups.len(), 1);
    /// assert_eq!((groups[0].origin.to_string(), groups[0].entry.to_string()), ("g1".into(), "h1".into()));
    /// assert_eq!(groups[0].exits.count(), 3);
    /// ```
    pub fn porthole_groups(&self) -> impl Iterator<Item = PortholeGroup> + '_ {
        self.batches().iter().filter(|b| b.kind == BatchKind::Porthole).map(|b| PortholeGroup {
            origin: b.from,
            entry: b.entry,
            exits: b.targets,
        })
    }

    /// Appends the moves to `list` in the order of [`MoveList::iter`],
    /// batch by batch: each batch's kind is read once, not once a move.
    #[inline]
    pub(crate) fn append_to(&self, list: &mut Vec<Move>) {
        list.reserve(self.len());
        for b in self.batches() {
            match b.kind {
                BatchKind::Promotion => {
                    list.extend(b.targets.flat_map(|to| PROMOTIONS.map(|r| Move::normal(b.from, to, Some(r)))));
                }
                _ => list.extend(b.targets.map(|to| b.make(to, 0))),
            }
        }
    }

    /// The moves, piece by piece.
    #[inline]
    pub fn iter(&self) -> Moves<'_> {
        let batches = self.batches();
        Moves { batches, index: 0, rest: batches.first().map_or(Bitboard::EMPTY, |b| b.targets), promotion: 0 }
    }
}

impl MoveSet<Move> for MoveList {
    #[inline]
    fn len(&self) -> usize {
        MoveList::len(self)
    }
    #[inline]
    fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        MoveList::iter(self)
    }
    fn contains(&self, m: Move) -> bool {
        MoveList::contains(self, m)
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = Move;
    type IntoIter = Moves<'a>;
    fn into_iter(self) -> Moves<'a> {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The iterator of [`MoveList::iter`].
#[derive(Debug, Clone)]
pub struct Moves<'a> {
    batches: &'a [Batch],
    index: usize,
    rest: Bitboard,
    promotion: usize,
}

impl Iterator for Moves<'_> {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        while self.rest.is_empty() {
            self.index += 1;
            self.rest = self.batches.get(self.index)?.targets;
        }
        let batch = &self.batches[self.index];
        let to = self.rest.first()?;
        let m = batch.make(to, self.promotion);
        self.promotion += 1;
        if batch.kind != BatchKind::Promotion || self.promotion == PROMOTIONS.len() {
            self.promotion = 0;
            self.rest.0 &= self.rest.0 - 1;
        }
        Some(m)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Position;
    use super::*;

    #[test]
    fn appended_moves_come_in_the_iterators_order() {
        // Promotions on b8 and a8, both castlings, porthole moves through
        // a6, d4 and b3; after a move the list had (a1a2).
        let pos = Position::from_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1 a6,d4,b3").unwrap();
        let list = pos.legal_moves();
        let mut appended = vec![Move::normal(Square::new(0), Square::new(8), None)];
        list.append_to(&mut appended);
        assert_eq!(appended[1..], list.iter().collect::<Vec<_>>());
        assert_eq!(appended.iter().filter(|m| m.promotion().is_some()).count(), 8);
        assert_eq!(appended.iter().filter(|m| m.castling_side().is_some()).count(), 2);
        assert!(appended.iter().any(|m| m.is_porthole()));
    }
}
