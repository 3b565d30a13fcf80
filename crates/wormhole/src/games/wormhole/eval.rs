//! Static evaluation for Wormhole chess.
//!
//! Running out of moves loses, so besides material the evaluation counts
//! each side's safe moves (targets not held by its own pieces nor attacked
//! by enemy pawns), the king's escape squares, pieces left with no move at
//! all (cut off by holes), and pawns close to a capture-promotion.

use super::HoleBoard;
use super::attacks;
use super::{Position, Variant};
use crate::core::steps::{FILE_A, FILE_H, shift};
use crate::core::{Color, Role};
use crate::engine::{Term, TermShape, TermSink};

/// The value of each piece.
pub const MATERIAL: Term = Term::first("value", TermShape::PerRole, "pieces of each role (material)");
/// Safe moves, by the role making them.
pub const MOBILITY: Term = MATERIAL.then(
    "mob",
    TermShape::PerRole,
    "safe moves of each role: targets not held by its own pieces nor attacked by enemy pawns (pawns: single steps)",
);
/// King escape squares.
pub const KING_ESCAPE: Term =
    MOBILITY.then("escape", TermShape::One, "squares the king can step to that no enemy piece attacks");
/// A king with no escape square.
pub const KING_BOXED: Term = KING_ESCAPE.then("boxed", TermShape::One, "a king with no escape square");
/// Pieces with no move.
pub const TRAPPED: Term = KING_BOXED.then("trapped", TermShape::One, "pieces (not pawn or king) with no move at all");
/// Pawns by how far they are from promoting.
pub const PAWN_AHEAD: Term = TRAPPED.then(
    "pawn",
    TermShape::PerCount(8),
    "pawns by the open squares left on their file ahead (1: next to the last rank, can promote by capturing)",
);
/// The side to move.
pub const TEMPO: Term = PAWN_AHEAD.then("tempo", TermShape::One, "being the side to move");
/// Safe moves as the board shrinks.
pub const LATE_MOBILITY: Term = TEMPO.then(
    "latemob",
    TermShape::One,
    "safe moves of pieces times holes / 16 (running out of moves decides more games late)",
);
/// Pieces with a single move.
pub const ONE_MOVE: Term =
    LATE_MOBILITY.then("onemove", TermShape::One, "pieces (not pawn or king) with a single move");
/// The side to move as the board shrinks.
pub const LATE_TEMPO: Term = ONE_MOVE.then("latetempo", TermShape::One, "being the side to move, times holes / 16");

/// Every term of the evaluation, in the order of their weights.
pub const TERMS: [Term; 10] =
    [MATERIAL, MOBILITY, KING_ESCAPE, KING_BOXED, TRAPPED, PAWN_AHEAD, TEMPO, LATE_MOBILITY, ONE_MOVE, LATE_TEMPO];

crate::engine::eval_scaffold!(
    /// The weights of the evaluation, in centipawns, one per count of
    /// [`features`]; [`TERMS`] says where each term's weights are. Penalties
    /// have negative weights.
    Position,
    material_first,
    LATE_TEMPO
);

impl Default for EvalParams {
    /// The classic weights.
    fn default() -> EvalParams {
        EvalParams::for_variant(Variant::Classic)
    }
}

impl EvalParams {
    /// The weights for a piece set, fitted to the results of engine games
    /// (`examples/fit_eval.rs` on positions from `wormhole match --dump`)
    /// and checked by matches. Safe moves count for little early and for a
    /// third of a pawn each once the board has shrunk by a quarter; unmoved
    /// pawns (spare moves) are worth more than advanced ones; being on move
    /// is worth a pawn or more.
    pub fn for_variant(variant: Variant) -> EvalParams {
        let weights = match variant {
            Variant::Classic => [
                100, 205, 236, 318, 712, 0, 500, 420, 650, // value: P N B R Q K C W M
                42, -22, -13, -7, -17, 0, 47, 18, 17, // mob
                14, -57, -48, // escape, boxed, trapped
                -39, -17, 9, 19, 19, 46, 68, 0,  // pawn: by open squares ahead
                99, // tempo
                36, -39, 5, // latemob, onemove, latetempo
            ],
            Variant::Fairy => [
                100, 245, 258, 318, 701, 0, 472, 409, 660, // value: P N B R Q K C W M
                41, -26, 28, 35, 22, 0, 14, -19, -2, // mob
                14, -62, -65, // escape, boxed, trapped
                -42, 8, 3, 19, 29, 24, 57, 0,   // pawn: by open squares ahead
                137, // tempo
                34, -4, 3, // latemob, onemove, latetempo
            ],
        };
        EvalParams { weights }
    }
}

/// How many open squares the file of `sq` has strictly ahead of it for `color`.
#[inline(always)]
fn open_ahead(color: Color, sq: usize, open: u64) -> usize {
    let ahead = match color {
        // `sq` shifted to bit 0: the squares ahead are bits 8, 16, ..., 56.
        Color::White => (open >> sq) & FILE_A & !1,
        // `sq` shifted to bit 63: the squares ahead are bits 55, 47, ..., 7.
        Color::Black => (open << (63 - sq)) & FILE_H & !(1 << 63),
    };
    ahead.count_ones() as usize
}

/// Feeds every term of the evaluation of `pos` to `sink`.
#[inline(always)]
fn terms<S: TermSink>(pos: &Position, sink: &mut S) {
    let b = pos.board();
    let open = b.open();
    let holes = b.holes().count() as i32;
    let pawn_att = [pawn_terms(pos, Color::White, sink), pawn_terms(pos, Color::Black, sink)];
    let mut all_att = pawn_att;
    for c in Color::ALL {
        let ci = c.index();
        let own = b.by_color(c).0;
        all_att[ci] |= Pieces {
            sink: &mut *sink,
            board: b,
            color: c,
            own,
            unsafe_sq: pawn_att[ci ^ 1],
            holes,
            totals: Totals::default(),
        }
        .terms();
    }
    let kings = [b.king_of(Color::White), b.king_of(Color::Black)];
    let mut king_reach = [0u64; 2];
    for ci in 0..2 {
        if let Some(k) = kings[ci] {
            king_reach[ci] = attacks::king(k.index(), open);
            all_att[ci] |= king_reach[ci];
        }
    }
    for c in Color::ALL {
        let ci = c.index();
        if kings[ci].is_some() {
            let escapes = (king_reach[ci] & !b.by_color(c).0 & !all_att[ci ^ 1]).count_ones() as i32;
            sink.add(ci, KING_ESCAPE.start, escapes);
            sink.add(ci, KING_BOXED.start, (escapes == 0) as i32);
        }
    }
    sink.add(pos.turn().index(), TEMPO.start, 1);
    sink.add(pos.turn().index(), LATE_TEMPO.start, holes / 16);
}

/// The pawn terms of `color`; returns the squares its pawns attack.
#[inline(always)]
fn pawn_terms<S: TermSink>(pos: &Position, color: Color, sink: &mut S) -> u64 {
    let b = pos.board();
    let open = b.open();
    let ci = color.index();
    let pawns = b.pieces(color, Role::Pawn);
    sink.add(ci, MATERIAL.at(Role::Pawn.index()), pawns.count() as i32);
    for s in pawns {
        sink.add(ci, PAWN_AHEAD.at(open_ahead(color, s.index(), open).min(7)), 1);
    }
    // Pawns stand on open squares, so no two share the first open square
    // ahead: counting the squares counts the pawns that can step.
    let steps = first_from_each(attacks::pawn_forward(color), pawns.0, open) & !b.occupied().0;
    sink.add(ci, MOBILITY.at(Role::Pawn.index()), steps.count_ones() as i32);
    let [left, right] = attacks::pawn_capture_dirs(color);
    first_from_each(left, pawns.0, open) | first_from_each(right, pawns.0, open)
}

/// The first open square in direction `d` from each of `from`, as one
/// mask: `steps::first` for all of them at once, stepping over the holes
/// together (as many rounds as the longest run of holes crossed).
#[inline(always)]
fn first_from_each(d: usize, from: u64, open: u64) -> u64 {
    let mut reached = 0;
    let mut at = shift(d, from);
    while at != 0 {
        reached |= at & open;
        at = shift(d, at & !open);
    }
    reached
}

/// One side's pieces other than pawns and king, scored one role at a time.
struct Pieces<'a, S> {
    sink: &'a mut S,
    board: &'a HoleBoard,
    color: Color,
    /// The side's own pieces (their squares are no moves).
    own: u64,
    /// The squares enemy pawns attack (moves there are not safe).
    unsafe_sq: u64,
    /// The number of holes (late mobility grows with it).
    holes: i32,
    /// Late mobility, pieces with no move and pieces with one move: summed
    /// over the roles, fed once.
    totals: Totals,
}

/// Counts [`Pieces`] sums over the roles.
#[derive(Default)]
struct Totals {
    late_mobility: i32,
    trapped: i32,
    one_move: i32,
}

impl<S: TermSink> Pieces<'_, S> {
    /// Feeds the terms of the pieces of every role but pawn and king, each
    /// role with its own reach; returns the squares they attack.
    #[inline(always)]
    fn terms(&mut self) -> u64 {
        let open = self.board.open();
        let enemy = self.board.by_color(!self.color).0;
        let same = |a: u64| (a, a);
        let attacked = self.role(Role::Knight, |s| same(attacks::knight(s, open)))
            | self.role(Role::Bishop, |s| same(attacks::bishop(s, open)))
            | self.role(Role::Rook, |s| same(attacks::rook(s, open)))
            | self.role(Role::Queen, |s| same(attacks::queen(s, open)))
            | self.role(Role::Champion, |s| same(attacks::champion(s, open)))
            | self.role(Role::Wizard, |s| same(attacks::wizard(s, open)))
            | self.role(Role::Lion, |s| {
                let (leaps, strikes) = (attacks::lion_leaps(s, open), attacks::lion_strikes(s, open));
                (leaps | strikes, leaps | (strikes & enemy))
            });
        let ci = self.color.index();
        self.sink.add(ci, LATE_MOBILITY.start, self.totals.late_mobility);
        self.sink.add(ci, TRAPPED.start, self.totals.trapped);
        self.sink.add(ci, ONE_MOVE.start, self.totals.one_move);
        attacked
    }

    /// Feeds the terms of the pieces of `role`, where `reach(s)` gives the
    /// squares a piece on `s` attacks and the squares it reaches with a
    /// move (own pieces aside); returns the squares they attack.
    #[inline(always)]
    fn role(&mut self, role: Role, reach: impl Fn(usize) -> (u64, u64)) -> u64 {
        let pieces = self.board.pieces(self.color, role);
        if pieces.is_empty() {
            return 0;
        }
        let ci = self.color.index();
        self.sink.add(ci, MATERIAL.at(role.index()), pieces.count() as i32);
        let (mut attacked, mut safe_moves, mut trapped, mut one_move) = (0, 0, 0, 0);
        for s in pieces {
            let (attacks, reach) = reach(s.index());
            attacked |= attacks;
            let moves = reach & !self.own;
            safe_moves += (moves & !self.unsafe_sq).count_ones() as i32;
            trapped += (moves == 0) as i32;
            one_move += (moves != 0 && moves & (moves - 1) == 0) as i32;
        }
        self.sink.add(ci, MOBILITY.at(role.index()), safe_moves);
        self.totals.late_mobility += safe_moves * self.holes / 16;
        self.totals.trapped += trapped;
        self.totals.one_move += one_move;
        attacked
    }
}
