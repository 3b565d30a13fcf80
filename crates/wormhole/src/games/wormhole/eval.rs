//! Static evaluation for Wormhole chess.
//!
//! Running out of moves loses, so besides material the evaluation counts
//! each side's safe moves (targets not held by its own pieces nor attacked
//! by enemy pawns), the king's escape squares, pieces left with no move at
//! all (cut off by holes), and pawns close to a capture-promotion.

use super::attacks::{self, pawn_captures};
use super::{Position, Variant};
use crate::core::steps::first;
use crate::engine::{Scorer, Sink, Term, TermShape, material_balance, term_counts};
use crate::{Color, Role};

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

/// The number of weights of the evaluation (see [`features`]).
pub const FEATURES: usize = LATE_TEMPO.start + LATE_TEMPO.shape.weights();

/// The weights of the evaluation, in centipawns, one per count of
/// [`features`]; [`TERMS`] says where each term's weights are. Penalties
/// have negative weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalParams {
    /// The weights, in the order of [`TERMS`].
    pub weights: [i32; FEATURES],
}

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

    /// The material value of `role`.
    #[inline]
    pub fn value(&self, role: Role) -> i32 {
        self.weights[MATERIAL.at(role.index())]
    }
}

crate::engine::impl_eval_weights!(EvalParams, TERMS);

/// The squares of the file of `sq` strictly ahead of it for `color`.
#[inline]
fn file_ahead(color: Color, sq: usize) -> u64 {
    let file = 0x0101_0101_0101_0101u64 << (sq & 7);
    match color {
        Color::White => file & (!1u64).wrapping_shl(sq as u32),
        Color::Black => file & ((1u64 << sq) - 1),
    }
}

/// Material only, from the side to move's point of view.
pub fn material(pos: &Position, params: &EvalParams) -> i32 {
    material_balance(pos.board(), pos.turn(), &params.weights)
}

/// The evaluation of `pos` from the side to move's point of view.
/// With `positional` false, material only.
pub fn evaluate(pos: &Position, params: &EvalParams, positional: bool) -> i32 {
    if !positional {
        return material(pos, params);
    }
    let mut scorer = Scorer::new(&params.weights);
    terms(pos, &mut scorer);
    scorer.for_side(pos.turn())
}

/// How often each term occurs, the side to move's count minus the
/// opponent's: `evaluate` is the dot product of this with
/// [`EvalParams::weights`]. For fitting the weights to game results.
pub fn features(pos: &Position) -> [i32; FEATURES] {
    term_counts(pos.turn(), |sink| terms(pos, sink))
}

/// Feeds every term of the evaluation of `pos` to `sink`.
#[inline(always)]
fn terms<S: Sink>(pos: &Position, sink: &mut S) {
    let b = pos.board();
    let open = b.open();
    let holes = b.holes().count() as i32;
    let occupied = b.occupied().0;
    let mut pawn_att = [0u64; 2];
    for c in Color::ALL {
        for s in b.pieces(c, Role::Pawn) {
            pawn_att[c.index()] |= pawn_captures(c, s.index(), open);
        }
    }
    let mut all_att = pawn_att;
    for c in Color::ALL {
        let ci = c.index();
        let own = b.by_color(c).0;
        let enemy = b.by_color(!c).0;
        let unsafe_sq = pawn_att[ci ^ 1];
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::Champion, Role::Wizard, Role::Lion] {
            let pieces = b.pieces(c, role);
            if pieces.is_empty() {
                continue;
            }
            sink.add(ci, MATERIAL.at(role.index()), pieces.count() as i32);
            let mut safe_moves = 0;
            let mut trapped = 0;
            let mut one_move = 0;
            for s in pieces {
                let s = s.index();
                all_att[ci] |= attacks::role_attacks(role, c, s, open);
                let moves = attacks::piece_moves(role, c, s, open, own, enemy);
                safe_moves += (moves & !unsafe_sq).count_ones() as i32;
                trapped += (moves == 0) as i32;
                one_move += (moves != 0 && moves & (moves - 1) == 0) as i32;
            }
            sink.add(ci, MOBILITY.at(role.index()), safe_moves);
            sink.add(ci, LATE_MOBILITY.start, safe_moves * holes / 16);
            sink.add(ci, TRAPPED.start, trapped);
            sink.add(ci, ONE_MOVE.start, one_move);
        }
        let forward = attacks::pawn_forward(c);
        let pawns = b.pieces(c, Role::Pawn);
        sink.add(ci, MATERIAL.at(Role::Pawn.index()), pawns.count() as i32);
        let mut steps = 0;
        for s in pawns {
            let s = s.index();
            let step = first(forward, s, open);
            let ahead = (file_ahead(c, s) & open).count_ones() as usize;
            sink.add(ci, PAWN_AHEAD.at(ahead.min(7)), 1);
            steps += (step & !occupied != 0) as i32;
        }
        sink.add(ci, MOBILITY.at(Role::Pawn.index()), steps);
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
