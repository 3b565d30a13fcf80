//! The evaluation of orthodox chess that Porthole, Linked-portal and
//! Two-board portal chess share, written once: material and piece-square
//! tables, mobility (a weight per number of squares reached), pawn
//! structure (passed pawns by rank, doubled, isolated and backward pawns),
//! king safety (the pawn shelter, attacks on the squares around the king,
//! a king danger by the attack's units, open files beside it), rooks on open files,
//! the bishop pair, threats (pawns, knights and bishops, rooks attacking
//! pieces; hanging pieces), outposts, rooks and queens on the seventh
//! rank, the kings' distances to passed pawns and a passed pawn's free
//! next square, and the move. Every term has a middlegame and an endgame
//! weight, blended by the [`phase`] (the pieces left): a piece-square
//! weight counts fully while the queens and rooks are on, its endgame twin
//! once they are gone. The endgame sum counts by the stronger side's
//! scale (`scale`): less where it cannot win as much as material says (no
//! pawns and a minor piece up at most, opposite-coloured bishops, a rook
//! ending a pawn up on one wing).
//!
//! These terms come first in each of those games' tables of terms: the
//! middlegame weights ([`MATERIAL`] to [`TEMPO`]), then the endgame ones
//! in the same order ([`MATERIAL_EG`] to [`TEMPO_EG`], [`EG`] weights
//! further on), then the game's own terms (its portholes or portals). The
//! weights are one table, [`WEIGHTS`]. Bitboards only, no allocation: it
//! is the search's hot path.

use crate::core::orthodox::{self, relative_rank};
use crate::core::steps::{E, FILE_A, NE, NW, SE, SW, W, shift};
use crate::core::{Board, Color, Role, Square};
use crate::engine::{TermShape, TermSink};
pub use crate::rules::Term;

/// The phase of a position with all the minor and major pieces on; the
/// weight of a tapered term is `(mg * phase + eg * (PHASE_MAX - phase)) /
/// PHASE_MAX` (its endgame part scaled, see `taper`).
pub const PHASE_MAX: i32 = 24;

/// Middlegame piece values.
pub const MATERIAL: Term = Term::first("value", TermShape::PerRole, "pieces of each role (material)");
/// Middlegame piece-square weights.
pub const PST: Term = MATERIAL.then(
    "pst",
    TermShape::PerCount(PST_SQUARES * 6),
    "each role's squares, 32 per role (P N B R Q K), by rank from its side then file from the edge (a=h .. d=e)",
);
/// Middlegame knight mobility.
pub const MOBILITY_N: Term = PST.then("mobn", TermShape::PerCount(9), MOBILITY_DOC);
/// Middlegame bishop mobility.
pub const MOBILITY_B: Term = MOBILITY_N.then("mobb", TermShape::PerCount(14), MOBILITY_DOC);
/// Middlegame rook mobility.
pub const MOBILITY_R: Term = MOBILITY_B.then("mobr", TermShape::PerCount(15), MOBILITY_DOC);
/// Middlegame queen mobility.
pub const MOBILITY_Q: Term = MOBILITY_R.then("mobq", TermShape::PerCount(28), MOBILITY_DOC);
/// What the mobility terms count.
const MOBILITY_DOC: &str =
    "pieces of the role by the squares each reaches that hold no own piece and no enemy pawn attacks (0, 1, ...)";
/// Middlegame passed pawns.
pub const PASSED: Term = MOBILITY_Q.then(
    "passed",
    TermShape::PerCount(8),
    "passed pawns (no enemy pawn ahead on their file or the files beside it), by rank from their side",
);
/// Middlegame doubled pawns.
pub const DOUBLED: Term = PASSED.then("doubled", TermShape::One, "pawns with an own pawn behind them on their file");
/// Middlegame isolated pawns.
pub const ISOLATED: Term = DOUBLED.then("isolated", TermShape::One, "pawns with no own pawn on the files beside them");
/// Middlegame backward pawns.
pub const BACKWARD: Term = ISOLATED.then(
    "backward",
    TermShape::One,
    "pawns whose step an enemy pawn attacks and that no own pawn beside or behind can ever defend",
);
/// Middlegame pawn shelter.
pub const SHELTER: Term = BACKWARD.then(
    "shelter",
    TermShape::PerCount(2),
    "own pawns on the king's file and those beside it: one square ahead of the king, two squares ahead",
);
/// Middlegame attacks on the king's squares.
pub const KING_ATTACK: Term =
    SHELTER.then("kingatt", TermShape::PerRole, "squares around the enemy king (and its own) that each role attacks");
/// Middlegame king danger.
pub const KING_DANGER: Term = KING_ATTACK.then(
    "kingdanger",
    TermShape::PerCount(DANGER_CELLS),
    "an attack on the enemy king by two pieces or more, the side having a queen: its units (at most 63), each square around the king a piece reaches and each safe check weighing by the piece's role",
);
/// Middlegame open files by the king.
pub const KING_FILE: Term = KING_DANGER.then(
    "kingfile",
    TermShape::PerCount(2),
    "files at or beside the king without an own pawn: with an enemy pawn (half-open), without (open)",
);
/// Middlegame rooks on open files.
pub const ROOK_FILE: Term = KING_FILE.then(
    "rookfile",
    TermShape::PerCount(2),
    "rooks on files without an own pawn: with an enemy pawn (half-open), without (open)",
);
/// Middlegame bishop pair.
pub const BISHOP_PAIR: Term = ROOK_FILE.then("bpair", TermShape::One, "two bishops or more");
/// Middlegame pawn threats.
pub const PAWN_THREAT: Term =
    BISHOP_PAIR.then("pthreat", TermShape::One, "enemy pieces (not pawns, not the king) that own pawns attack");
/// Middlegame threats by knights and bishops.
pub const MINOR_THREAT: Term = PAWN_THREAT.then(
    "minorthreat",
    TermShape::PerRole,
    "enemy pieces (not the king) an own knight or bishop attacks, by role: pieces always, pawns when weak",
);
/// Middlegame threats by rooks.
pub const ROOK_THREAT: Term =
    MINOR_THREAT.then("rookthreat", TermShape::PerRole, "weak enemy pieces and pawns an own rook attacks, by role");
/// Middlegame hanging pieces.
pub const HANGING: Term = ROOK_THREAT.then(
    "hanging",
    TermShape::One,
    "weak enemy pieces and pawns that nothing defends, or pieces (not pawns) attacked twice",
);
/// Middlegame outposts.
pub const OUTPOST: Term = HANGING.then(
    "outpost",
    TermShape::PerCount(2),
    "knights (0) and bishops (1) on ranks 4-6 from their side, defended by an own pawn, that no enemy pawn can attack",
);
/// Middlegame rooks and queens on the seventh rank.
pub const SEVENTH: Term = OUTPOST.then(
    "seventh",
    TermShape::PerCount(2),
    "rooks (0) and queens (1) on the seventh rank from their side while the enemy king is on the eighth or enemy pawns on the seventh",
);
/// Middlegame king distances to passed pawns.
pub const PASSED_KING: Term = SEVENTH.then(
    "passking",
    TermShape::PerCount(2),
    "the enemy king's (0) and the own king's (1) distance (at most 5) to the square before each passed pawn on rank 4-7, times its rank less 3",
);
/// Middlegame passed pawns free to advance.
pub const PASSED_FREE: Term = PASSED_KING.then(
    "passfree",
    TermShape::One,
    "passed pawns on rank 4-7 whose next square is empty and not attacked by the enemy, times their rank less 3",
);
/// Middlegame tempo.
pub const TEMPO: Term = PASSED_FREE.then("tempo", TermShape::One, "being the side to move");

/// How far each endgame weight lies after its middlegame twin.
pub const EG: usize = TEMPO.start + 1;

/// Endgame piece values.
pub const MATERIAL_EG: Term = TEMPO.then("value_eg", MATERIAL.shape, MATERIAL.doc);
/// Endgame piece-square weights.
pub const PST_EG: Term = MATERIAL_EG.then("pst_eg", PST.shape, PST.doc);
/// Endgame knight mobility.
pub const MOBILITY_N_EG: Term = PST_EG.then("mobn_eg", MOBILITY_N.shape, MOBILITY_DOC);
/// Endgame bishop mobility.
pub const MOBILITY_B_EG: Term = MOBILITY_N_EG.then("mobb_eg", MOBILITY_B.shape, MOBILITY_DOC);
/// Endgame rook mobility.
pub const MOBILITY_R_EG: Term = MOBILITY_B_EG.then("mobr_eg", MOBILITY_R.shape, MOBILITY_DOC);
/// Endgame queen mobility.
pub const MOBILITY_Q_EG: Term = MOBILITY_R_EG.then("mobq_eg", MOBILITY_Q.shape, MOBILITY_DOC);
/// Endgame passed pawns.
pub const PASSED_EG: Term = MOBILITY_Q_EG.then("passed_eg", PASSED.shape, PASSED.doc);
/// Endgame doubled pawns.
pub const DOUBLED_EG: Term = PASSED_EG.then("doubled_eg", DOUBLED.shape, DOUBLED.doc);
/// Endgame isolated pawns.
pub const ISOLATED_EG: Term = DOUBLED_EG.then("isolated_eg", ISOLATED.shape, ISOLATED.doc);
/// Endgame backward pawns.
pub const BACKWARD_EG: Term = ISOLATED_EG.then("backward_eg", BACKWARD.shape, BACKWARD.doc);
/// Endgame pawn shelter.
pub const SHELTER_EG: Term = BACKWARD_EG.then("shelter_eg", SHELTER.shape, SHELTER.doc);
/// Endgame attacks on the king's squares.
pub const KING_ATTACK_EG: Term = SHELTER_EG.then("kingatt_eg", KING_ATTACK.shape, KING_ATTACK.doc);
/// Endgame king danger.
pub const KING_DANGER_EG: Term = KING_ATTACK_EG.then("kingdanger_eg", KING_DANGER.shape, KING_DANGER.doc);
/// Endgame open files by the king.
pub const KING_FILE_EG: Term = KING_DANGER_EG.then("kingfile_eg", KING_FILE.shape, KING_FILE.doc);
/// Endgame rooks on open files.
pub const ROOK_FILE_EG: Term = KING_FILE_EG.then("rookfile_eg", ROOK_FILE.shape, ROOK_FILE.doc);
/// Endgame bishop pair.
pub const BISHOP_PAIR_EG: Term = ROOK_FILE_EG.then("bpair_eg", BISHOP_PAIR.shape, BISHOP_PAIR.doc);
/// Endgame pawn threats.
pub const PAWN_THREAT_EG: Term = BISHOP_PAIR_EG.then("pthreat_eg", PAWN_THREAT.shape, PAWN_THREAT.doc);
/// Endgame threats by knights and bishops.
pub const MINOR_THREAT_EG: Term = PAWN_THREAT_EG.then("minorthreat_eg", MINOR_THREAT.shape, MINOR_THREAT.doc);
/// Endgame threats by rooks.
pub const ROOK_THREAT_EG: Term = MINOR_THREAT_EG.then("rookthreat_eg", ROOK_THREAT.shape, ROOK_THREAT.doc);
/// Endgame hanging pieces.
pub const HANGING_EG: Term = ROOK_THREAT_EG.then("hanging_eg", HANGING.shape, HANGING.doc);
/// Endgame outposts.
pub const OUTPOST_EG: Term = HANGING_EG.then("outpost_eg", OUTPOST.shape, OUTPOST.doc);
/// Endgame rooks and queens on the seventh rank.
pub const SEVENTH_EG: Term = OUTPOST_EG.then("seventh_eg", SEVENTH.shape, SEVENTH.doc);
/// Endgame king distances to passed pawns.
pub const PASSED_KING_EG: Term = SEVENTH_EG.then("passking_eg", PASSED_KING.shape, PASSED_KING.doc);
/// Endgame passed pawns free to advance.
pub const PASSED_FREE_EG: Term = PASSED_KING_EG.then("passfree_eg", PASSED_FREE.shape, PASSED_FREE.doc);
/// Endgame tempo.
pub const TEMPO_EG: Term = PASSED_FREE_EG.then("tempo_eg", TEMPO.shape, TEMPO.doc);

/// The number of orthodox weights: the games' own terms follow them.
pub const FEATURES: usize = TEMPO_EG.start + 1;

/// The squares of one role's piece-square table: the board folded at the
/// d/e line (the king's wing and the queen's weigh alike).
const PST_SQUARES: usize = 32;

/// The orthodox terms, in the order of their weights: a game's table of
/// terms begins with these.
pub const TERMS: [Term; 50] = [
    MATERIAL,
    PST,
    MOBILITY_N,
    MOBILITY_B,
    MOBILITY_R,
    MOBILITY_Q,
    PASSED,
    DOUBLED,
    ISOLATED,
    BACKWARD,
    SHELTER,
    KING_ATTACK,
    KING_DANGER,
    KING_FILE,
    ROOK_FILE,
    BISHOP_PAIR,
    PAWN_THREAT,
    MINOR_THREAT,
    ROOK_THREAT,
    HANGING,
    OUTPOST,
    SEVENTH,
    PASSED_KING,
    PASSED_FREE,
    TEMPO,
    MATERIAL_EG,
    PST_EG,
    MOBILITY_N_EG,
    MOBILITY_B_EG,
    MOBILITY_R_EG,
    MOBILITY_Q_EG,
    PASSED_EG,
    DOUBLED_EG,
    ISOLATED_EG,
    BACKWARD_EG,
    SHELTER_EG,
    KING_ATTACK_EG,
    KING_DANGER_EG,
    KING_FILE_EG,
    ROOK_FILE_EG,
    BISHOP_PAIR_EG,
    PAWN_THREAT_EG,
    MINOR_THREAT_EG,
    ROOK_THREAT_EG,
    HANGING_EG,
    OUTPOST_EG,
    SEVENTH_EG,
    PASSED_KING_EG,
    PASSED_FREE_EG,
    TEMPO_EG,
];

/// A Portal game's whole table of terms: the orthodox [`TERMS`], then
/// the game's `own` (`N` is both lengths together, checked as the
/// constant is built).
pub const fn terms_then<const N: usize>(own: &[Term]) -> [Term; N] {
    assert!(N == TERMS.len() + own.len(), "N must be the orthodox terms and the game's own together");
    let mut terms = [TERMS[0]; N];
    let mut i = 0;
    while i < N {
        terms[i] = if i < TERMS.len() { TERMS[i] } else { own[i - TERMS.len()] };
        i += 1;
    }
    terms
}

/// The orthodox weights in centipawns, in the order of [`TERMS`] (the
/// pawn's middlegame value, 100, sets the scale): fitted
/// (`examples/fit_eval.rs`, the README's "The Portal games' evaluation,
/// and fitting it") to Stockfish's scores of positions from Stockfish's
/// own games of ordinary chess, pulled towards the table set by hand
/// before (chess knowledge, the threats and outposts after Stockfish's
/// classical evaluation), which the fit started from.
#[rustfmt::skip]
pub const WEIGHTS: [i32; FEATURES] = [
    // middlegame
    100, 377, 388, 468, 984, 0, 0, 0, 0, // value: P N B R Q K (C W M unused)
    // pst P (ranks 1-8 from its side, files a-d = h-e)
    0, 0, 0, 0,
    -19, 4, -4, -28,
    -2, 3, -5, -8,
    -7, -10, 8, 12,
    -3, 4, 8, 23,
    6, 26, 18, 25,
    16, 13, 19, 24,
    0, 0, 0, 0,
    // pst N (ranks 1-8 from its side, files a-d = h-e)
    -26, -33, -11, 1,
    -13, -2, 9, 14,
    -18, 6, 0, 24,
    4, 10, 17, 16,
    5, 3, 11, 12,
    -7, 9, 7, 24,
    -13, -8, 7, 6,
    -29, -15, -10, -3,
    // pst B (ranks 1-8 from its side, files a-d = h-e)
    -9, 4, -14, 1,
    5, 24, 12, 14,
    5, 10, 16, 11,
    4, 1, 2, 7,
    4, -9, 9, 7,
    3, 8, 5, 9,
    -8, -8, -1, 6,
    -11, -6, -4, -2,
    // pst R (ranks 1-8 from its side, files a-d = h-e)
    -11, 1, 11, 28,
    -21, -6, -4, 2,
    -10, 2, -6, 4,
    -8, 1, -3, -1,
    2, 0, 5, 5,
    2, 4, 7, 9,
    12, 7, 16, 14,
    1, 3, 5, 2,
    // pst Q (ranks 1-8 from its side, files a-d = h-e)
    -9, -10, -1, 2,
    4, 2, 8, 24,
    -4, -5, 9, 5,
    -5, 5, 1, -1,
    17, -1, 3, 4,
    1, 14, 9, 9,
    4, -9, 3, -2,
    -6, -3, -1, 0,
    // pst K (ranks 1-8 from its side, files a-d = h-e)
    25, 32, 2, -9,
    13, 16, -18, -18,
    -39, -21, -29, -35,
    -56, -48, -49, -51,
    -72, -69, -68, -71,
    -90, -87, -87, -90,
    -110, -107, -108, -108,
    -130, -128, -129, -129,
    // mobn: 0-8 squares
    2, 34, 49, 58, 74, 80, 96, 108, 138,
    // mobb: 0-13 squares
    7, 22, 44, 53, 64, 71, 79, 93, 103, 124, 138, 156, 169, 181,
    // mobr: 0-14 squares
    -1, 13, 16, 22, 23, 34, 38, 43, 47, 49, 57, 66, 70, 75, 85,
    // mobq: 0-27 squares
    5, 6, 8, 15, 22, 26, 32, 38, 42, 50, 55, 59, 60, 65, 71, 76, 79, 84, 90, 97, 99, 104, 110, 114, 120, 125, 130, 135,
    0, -1, -15, -4, 16, 34, 73, 0, // passed: by rank
    -11, -14, -9, // doubled isolated backward
    20, 5, // shelter: one, two ahead
    13, 17, 24, 10, 13, 0, 0, 0, 0, // kingatt: by role
    // kingdanger: by units 0-63 (fitted from the square law min(units, 40)^2 / 4, then made non-decreasing)
    0, 0, 1, 2, 2, 7, 7, 7, 15, 18, 28, 34, 34, 42, 49, 58,
    65, 70, 83, 88, 101, 112, 121, 132, 142, 157, 168, 183, 197, 209, 226, 240,
    256, 272, 288, 306, 324, 341, 361, 379, 400, 400, 400, 400, 400, 400, 400, 400,
    400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400,
    -25, -39, // kingfile: half-open, open
    22, 46, // rookfile: half-open, open
    30, 60, // bpair pthreat
    -3, 22, 41, 55, 68, 60, 0, 0, 0, // minorthreat: P N B R Q by role
    2, 7, 34, 32, 20, 46, 0, 0, 0, // rookthreat: P N B R Q by role
    19, // hanging
    33, 23, // outpost: N B
    3, -5, // seventh: R Q
    -3, 2, // passking: enemy king, own king
    -30, // passfree
    44, // tempo
    // endgame
    105, 271, 291, 514, 933, 0, 0, 0, 0, // value: P N B R Q K (C W M unused)
    // pst P (ranks 1-8 from its side, files a-d = h-e)
    0, 0, 0, 0,
    -4, 12, 23, 19,
    -4, 2, 4, -2,
    0, 10, 7, -4,
    1, 30, 14, 2,
    21, 44, 38, 32,
    36, 58, 60, 63,
    0, 0, 0, 0,
    // pst N (ranks 1-8 from its side, files a-d = h-e)
    -23, -13, -12, -5,
    -27, -16, 9, 10,
    2, 5, 17, 25,
    -4, 0, 17, 36,
    -1, 6, 24, 31,
    -12, -9, 6, 22,
    -18, -7, -2, 0,
    -30, -24, -22, -10,
    // pst B (ranks 1-8 from its side, files a-d = h-e)
    -13, -20, -5, -16,
    -10, 0, -25, 2,
    -4, -1, 16, 23,
    -9, 2, 26, 18,
    -1, 17, 5, 35,
    3, -3, 16, 8,
    -15, 2, -6, 4,
    -13, -9, -8, -5,
    // pst R (ranks 1-8 from its side, files a-d = h-e)
    0, -8, -2, -4,
    -8, -4, -1, -2,
    -2, 0, 0, 1,
    -3, 1, 1, -2,
    3, 2, 6, 1,
    1, -3, -1, 5,
    9, 3, 7, 5,
    2, 7, 15, 8,
    // pst Q (ranks 1-8 from its side, files a-d = h-e)
    -13, -13, -8, -5,
    -8, -6, -6, 0,
    -3, -1, 9, 10,
    3, 8, 12, 22,
    8, 8, 13, 21,
    1, 8, 13, 13,
    -5, -1, 6, 6,
    -14, -9, -2, 0,
    // pst K (ranks 1-8 from its side, files a-d = h-e)
    -39, -17, -12, -27,
    -32, -10, 2, -1,
    -27, -7, 6, 11,
    -17, 1, 14, 22,
    -15, 5, 8, 24,
    -7, -2, 40, 33,
    -22, 36, 37, 75,
    -16, 8, 41, 48,
    // mobn: 0-8 squares
    -5, -17, -26, -26, -45, -24, -51, -46, -101,
    // mobb: 0-13 squares
    -15, -24, -27, -33, -38, -36, -40, -66, -50, -85, -76, -116, -105, -126,
    // mobr: 0-14 squares
    0, -3, 0, 11, 13, 16, 19, 22, 24, 31, 30, 35, 41, 39, 33,
    // mobq: 0-27 squares
    0, 0, -1, -1, -1, -3, 0, -2, 3, 3, 4, 3, 4, 3, 4, 2, 3, -1, 0, 0, -3, -8, -1, -5, -1, -2, 0, 0,
    0, 11, 21, 11, 31, 78, 169, 0, // passed: by rank
    -29, -7, 0, // doubled isolated backward
    -12, -13, // shelter: one, two ahead
    4, -8, -11, -3, 9, 0, 0, 0, 0, // kingatt: by role
    // kingdanger: by units 0-63
    0, 0, 0, 0, 0, 1, -1, 0, 0, 2, 1, 2, 0, -1, 0, 0,
    1, 0, 1, 1, 0, 2, 1, 0, -1, 0, -1, 0, 0, -1, 0, 0,
    -1, 0, -2, 0, 0, -1, 0, -1, 0, 0, -1, 0, -1, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    -13, -9, // kingfile: half-open, open
    14, -3, // rookfile: half-open, open
    84, 19, // bpair pthreat
    27, 17, 21, 25, 54, 80, 0, 0, 0, // minorthreat: P N B R Q by role
    12, 8, 9, 33, 22, 25, 0, 0, 0, // rookthreat: P N B R Q by role
    36, // hanging
    31, 21, // outpost: N B
    22, 12, // seventh: R Q
    12, -11, // passking: enemy king, own king
    55, // passfree
    13, // tempo
];

/// Each role's share of the [`phase`]: knights and bishops 1, rooks 2,
/// queens 4 (by [`Role::index`]).
const PHASE_OF: [i32; 5] = [0, 1, 1, 2, 4];

/// The phase of these pieces: [`PHASE_MAX`] with all the minor and major
/// pieces of a chess set on (or more), 0 with none. `count(role)` is how
/// many pieces of `role` there are, of both colours.
#[inline]
pub fn phase(count: impl Fn(Role) -> u32) -> i32 {
    let sum: i32 = Role::ORTHODOX[1..5].iter().map(|&r| PHASE_OF[r.index()] * count(r) as i32).sum();
    sum.min(PHASE_MAX)
}

/// The phase of the pieces of `board`.
#[inline]
pub fn board_phase(board: &Board) -> i32 {
    phase(|r| board.by_role(r).count())
}

/// The tapered material of `us` minus the other side's on `board`, under
/// `weights` (a game's, whose first weights are these terms'), its
/// endgame part by the [`scale`] (without the opposite bishops': this
/// bound of the lazy evaluation does not know whether the game lets
/// bishops change colour).
#[inline]
pub(crate) fn material(board: &Board, us: Color, weights: &[i32]) -> i32 {
    let (mut mg, mut eg) = (0, 0);
    for role in &Role::ORTHODOX[..5] {
        let i = role.index();
        let d = board.pieces(us, *role).count() as i32 - board.pieces(!us, *role).count() as i32;
        mg += weights[MATERIAL.at(i)] * d;
        eg += weights[MATERIAL_EG.at(i)] * d;
    }
    let scales = scales(&Forces::of(board), false);
    taper(mg, eg, board_phase(board), us.index(), scales)
}

/// The blend of a middlegame and an endgame score at `phase`, the
/// endgame one counting by the [`scale`] (out of [`SCALE_MAX`]) of the
/// side it favours: `scales`' (by [`Color::index`]), `us` the colour whose
/// scores these are.
#[inline(always)]
pub(crate) fn taper(mg: i32, eg: i32, phase: i32, us: usize, scales: [i32; 2]) -> i32 {
    let scale = scales[if eg >= 0 { us } else { us ^ 1 }];
    (mg * phase * SCALE_MAX + eg * scale * (PHASE_MAX - phase)).div_euclid(PHASE_MAX * SCALE_MAX)
}

/// The whole of the endgame scale (`scale`): an endgame score counts fully at
/// this scale, not at all at 0.
pub const SCALE_MAX: i32 = 128;

/// The dark squares (a1's colour).
const DARK_SQUARES: u64 = 0xAA55_AA55_AA55_AA55;

/// The queen's wing, files a to d.
const QUEEN_WING: u64 = 0x0F0F_0F0F_0F0F_0F0F;

/// A side's pieces other than pawns in minor-piece units (by
/// [`Role::index`]: knights and bishops 3, rooks 5, queens 9), for the
/// [`scale`]'s "a minor piece up".
const UNITS: [i32; 5] = [0, 3, 3, 5, 9];

/// What the endgame [`scale`] reads of the pieces, each colour's (by
/// [`Color::index`]), of one board or of a game's boards together
/// ([`Forces::join`]).
#[derive(Clone, Copy)]
pub(crate) struct Forces {
    /// The pieces of each role, pawns to queens (by [`Role::index`]).
    count: [[i32; 5]; 2],
    /// The squares of the pawns (of every board, laid over one another).
    pawns: [u64; 2],
    /// The passed pawns ([`passed_pawns`], each board's).
    passed: [i32; 2],
    /// The squares of the bishops.
    bishops: [u64; 2],
    /// The king's square and the squares next to it.
    king_zone: [u64; 2],
}

impl Forces {
    /// The forces on `board`.
    #[inline(always)]
    pub(crate) fn of(board: &Board) -> Forces {
        let pawns = Color::ALL.map(|c| board.pieces(c, Role::Pawn).0);
        Forces {
            count: Color::ALL.map(|c| [0, 1, 2, 3, 4].map(|r| board.pieces(c, Role::ORTHODOX[r]).count() as i32)),
            pawns,
            passed: [0, 1].map(|ci| passed_pawns(Color::ALL[ci], pawns[ci], pawns[ci ^ 1]).count_ones() as i32),
            bishops: Color::ALL.map(|c| board.pieces(c, Role::Bishop).0),
            king_zone: Color::ALL.map(|c| board.king_of(c).map_or(0, |k| orthodox::king(k.index()) | 1 << k.index())),
        }
    }

    /// These forces and `other`'s together (a game of two boards).
    #[inline(always)]
    pub(crate) fn join(self, other: Forces) -> Forces {
        let or = |a: [u64; 2], b: [u64; 2]| [a[0] | b[0], a[1] | b[1]];
        Forces {
            count: [0, 1].map(|ci| std::array::from_fn(|r| self.count[ci][r] + other.count[ci][r])),
            pawns: or(self.pawns, other.pawns),
            passed: [0, 1].map(|ci| self.passed[ci] + other.passed[ci]),
            bishops: or(self.bishops, other.bishops),
            king_zone: or(self.king_zone, other.king_zone),
        }
    }

    /// Colour `ci`'s pieces other than pawns, in [`UNITS`].
    #[inline(always)]
    fn units(&self, ci: usize) -> i32 {
        (1..5).map(|r| UNITS[r] * self.count[ci][r]).sum()
    }

    /// Whether each side has one bishop, the two on squares of opposite
    /// colours.
    #[inline(always)]
    fn opposite_bishops(&self) -> bool {
        let dark = self.bishops.map(|b| b & DARK_SQUARES != 0);
        self.count[0][Role::Bishop.index()] == 1 && self.count[1][Role::Bishop.index()] == 1 && dark[0] != dark[1]
    }

    /// Whether all the pawns of both sides stand on one wing (a-d or
    /// e-h), or there are none.
    #[inline(always)]
    fn pawns_on_one_wing(&self) -> bool {
        let pawns = self.pawns[0] | self.pawns[1];
        pawns & QUEEN_WING == 0 || pawns & !QUEEN_WING == 0
    }
}

/// Whether a bishop keeps the colour of its squares in a game where a
/// piece can jump between any two of `jumps` (Porthole's portholes,
/// Linked-portal's joined cells): while they are all of one colour.
#[inline(always)]
pub(crate) fn keeps_colour(jumps: u64) -> bool {
    jumps & DARK_SQUARES == 0 || jumps & !DARK_SQUARES == 0
}

/// The endgame scale factor, out of [`SCALE_MAX`], of the side `strong`
/// (by [`Color::index`]) when the endgame score favours it: how much of
/// its endgame advantage it can hope to turn into a win, where material
/// says more than it can (after the scale factors of strong engines, the
/// Chess Programming Wiki's "Scale factor" and "Drawish endgames"; the
/// figures after Stockfish's classical evaluation, doubled from its 64):
/// - no pawns and at most a minor piece up (KNK, KBK, KRKB, KRBKR):
///   nothing with less than a rook, 8 against a minor piece at most, 28
///   against more (KNNK counts as a rook);
/// - opposite-coloured bishops, where bishops keep their colour
///   (`bishops_keep_colour`, see [`keeps_colour`]): 36 and 8 for each
///   passed pawn with no other pieces, 44 and 6 for each of its pieces
///   (pawns and king included) with other pieces on;
/// - a rook each and nothing more, the side at most one pawn up, all the
///   pawns on one wing, the enemy king next to one of its own pawns: 72;
/// - otherwise the whole [`SCALE_MAX`]. Stockfish also cuts where the
///   side has fewer than four pawns (72 and 14 for each, out of 128) and
///   where the pawns stand on one wing (8 less): with those, 135.5/296
///   against the scale without them (ordinary chess, 20,000 nodes a
///   move; the weights were fitted to Stockfish's scores, its scaling
///   included, so they already count the drawish endings that are
///   common).
#[inline(always)]
pub(crate) fn scale(forces: &Forces, strong: usize, bishops_keep_colour: bool) -> i32 {
    let (f, weak, pawn) = (forces, strong ^ 1, Role::Pawn.index());
    let (ours, theirs) = (f.units(strong), f.units(weak));
    let minor = UNITS[Role::Bishop.index()];
    if f.count[strong][pawn] == 0 && ours - theirs <= minor {
        return if ours < UNITS[Role::Rook.index()] {
            0
        } else if theirs <= minor {
            8
        } else {
            28
        };
    }
    if bishops_keep_colour && f.opposite_bishops() {
        let pieces = f.count[strong].iter().sum::<i32>() + 1;
        let only_bishops = ours == minor && theirs == minor;
        return if only_bishops { 36 + 8 * f.passed[strong] } else { 44 + 6 * pieces }.min(SCALE_MAX);
    }
    let rook = UNITS[Role::Rook.index()];
    if ours == rook
        && theirs == rook
        && f.count[strong][pawn] - f.count[weak][pawn] <= 1
        && f.pawns_on_one_wing()
        && f.king_zone[weak] & f.pawns[weak] != 0
    {
        return 72;
    }
    SCALE_MAX
}

/// The [`scale`] of each colour as the stronger side (by
/// [`Color::index`]), for [`TermSink::set_scale`].
#[inline(always)]
pub(crate) fn scales(forces: &Forces, bishops_keep_colour: bool) -> [i32; 2] {
    [0, 1].map(|strong| scale(forces, strong, bishops_keep_colour))
}

/// A game's weights: [`WEIGHTS`] followed by the game's own, `own`.
pub(crate) fn weights_with<const N: usize>(own: &[i32]) -> [i32; N] {
    let mut w = [0; N];
    w[..FEATURES].copy_from_slice(&WEIGHTS);
    w[FEATURES..].copy_from_slice(own);
    w
}

/// Feeds the move's term for the side to move, `turn`.
#[inline(always)]
pub(crate) fn tempo<S: TermSink>(turn: Color, sink: &mut S) {
    sink.add_tapered(turn.index(), TEMPO.start, 1);
}

/// One board as the orthodox terms read it.
pub(crate) struct Scene<'a> {
    /// The pieces.
    pub board: &'a Board,
    /// What stops a line: the pieces, and whatever else the game puts in
    /// the way (Porthole's portholes).
    pub blockers: u64,
    /// Squares no normal move lands on (Porthole's portholes).
    pub closed: u64,
}

/// Feeds the orthodox terms of `scene`'s pieces of both colours to `sink`
/// (not the [`tempo`], nor the phase: the game sets that for all its
/// boards). `visit(sink, color, role, reach)` sees each piece (not pawns,
/// not kings) with the squares it reaches, for the game's own terms.
#[inline(always)]
pub(crate) fn board_terms<S: TermSink>(scene: &Scene, sink: &mut S, mut visit: impl FnMut(&mut S, Color, Role, u64)) {
    let b = scene.board;
    let pawns = Color::ALL.map(|c| b.pieces(c, Role::Pawn).0);
    let pawn_attacks = [pawn_attacks(Color::White, pawns[0]), pawn_attacks(Color::Black, pawns[1])];
    let sides = Color::ALL.map(|color| Side { scene, color, pawns, pawn_attacks });
    let attacks = sides.each_ref().map(|side| side.pieces(sink, &mut visit));
    for (ci, side) in sides.iter().enumerate() {
        side.pawns(sink, attacks[ci ^ 1].all);
        side.king(sink);
        side.posts(sink);
        side.threats(sink, &attacks[ci], &attacks[ci ^ 1]);
        side.king_danger(sink, &attacks[ci], &attacks[ci ^ 1]);
    }
}

/// The mobility term of `role` (a knight, bishop, rook or queen).
#[inline(always)]
const fn mobility(role: Role) -> Term {
    match role {
        Role::Knight => MOBILITY_N,
        Role::Bishop => MOBILITY_B,
        Role::Rook => MOBILITY_R,
        _ => MOBILITY_Q,
    }
}

/// The squares one side attacks, gathered as its pieces are walked, and
/// its attack on the enemy king.
struct Attacks {
    /// Attacked by any of its pieces, pawns or king.
    all: u64,
    /// Attacked twice or more.
    twice: u64,
    /// Attacked by each role's pieces (by [`Role::index`]; no pawns).
    by_role: [u64; 5],
    /// The pieces that reach a square around the enemy king (or its own).
    king_attackers: i32,
    /// Their [`DANGER_UNITS`], one for each such square a piece reaches.
    king_units: i32,
}

/// The king-danger units of each role (by [`Role::index`]: pawn, knight,
/// bishop, rook, queen): for each square around the enemy king a piece
/// reaches, and for each safe check it can give.
const DANGER_UNITS: [i32; 5] = [0, 2, 2, 3, 5];

/// The [`KING_DANGER`] weights: units 0 to 63 (more count as 63).
const DANGER_CELLS: usize = 64;

impl Attacks {
    /// The squares `pawns` of `color` and the king's steps `king` attack.
    #[inline(always)]
    fn new(color: Color, pawns: u64, king: u64) -> Attacks {
        let [west, east] = pawn_captures(color, pawns);
        let all = west | east;
        Attacks { all: all | king, twice: west & east | all & king, by_role: [0; 5], king_attackers: 0, king_units: 0 }
    }

    /// Adds the squares `reach` one more piece attacks.
    #[inline(always)]
    fn add(&mut self, reach: u64) {
        self.twice |= self.all & reach;
        self.all |= reach;
    }
}

/// One side of a board.
struct Side<'a> {
    scene: &'a Scene<'a>,
    color: Color,
    /// Each colour's pawns.
    pawns: [u64; 2],
    /// The squares each colour's pawns attack.
    pawn_attacks: [u64; 2],
}

impl Side<'_> {
    /// The side's knights, bishops, rooks and queens: material, squares,
    /// mobility, attacks on the enemy king's squares, rooks' files.
    /// Returns the squares the side attacks.
    #[inline(always)]
    fn pieces<S: TermSink>(&self, sink: &mut S, visit: &mut impl FnMut(&mut S, Color, Role, u64)) -> Attacks {
        let (b, color, ci) = (self.scene.board, self.color, self.color.index());
        let safe = !b.by_color(color).0 & !self.scene.closed & !self.pawn_attacks[ci ^ 1];
        let zone = b.king_of(!color).map_or(0, |k| orthodox::king(k.index()) | 1 << k.index());
        let mut attacked =
            Attacks::new(color, self.pawns[ci], b.king_of(color).map_or(0, |k| orthodox::king(k.index())));
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let pieces = b.pieces(color, role);
            if pieces.is_empty() {
                continue;
            }
            let (ri, mobility) = (role.index(), mobility(role));
            let (mut attacks, mut all) = (0, 0);
            for s in pieces {
                let reach = orthodox::attacks(role, color, s.index(), self.scene.blockers);
                let squares = ((reach & safe).count_ones() as usize).min(mobility.shape.weights() - 1);
                sink.add_tapered(ci, mobility.at(squares), 1);
                let hits = (reach & zone).count_ones() as i32;
                attacks += hits;
                attacked.king_attackers += i32::from(hits > 0);
                attacked.king_units += DANGER_UNITS[ri] * hits;
                attacked.add(reach);
                all |= reach;
                sink.add_tapered(ci, PST.at(ri * PST_SQUARES + pst_square(color, s.index())), 1);
                if role == Role::Rook {
                    self.file(sink, ROOK_FILE, s.index() % 8);
                }
                visit(sink, color, role, reach);
            }
            attacked.by_role[ri] = all;
            sink.add_tapered(ci, MATERIAL.at(ri), pieces.count() as i32);
            sink.add_tapered(ci, KING_ATTACK.at(ri), attacks);
        }
        sink.add_tapered(ci, KING_ATTACK.at(Role::Pawn.index()), (self.pawn_attacks[ci] & zone).count_ones() as i32);
        sink.add_tapered(ci, BISHOP_PAIR.start, i32::from(b.pieces(color, Role::Bishop).count() >= 2));
        attacked
    }

    /// Feeds `term`'s half-open (0) or open (1) weight when file `file`
    /// has no pawn of the side's.
    #[inline(always)]
    fn file<S: TermSink>(&self, sink: &mut S, term: Term, file: usize) {
        let mask = FILE_A << file;
        let ci = self.color.index();
        if self.pawns[ci] & mask == 0 {
            sink.add_tapered(ci, term.at(usize::from(self.pawns[ci ^ 1] & mask == 0)), 1);
        }
    }

    /// The side's pawns: material, squares, structure, threats, passed
    /// pawns (with the squares the enemy attacks, `enemy_attacks`).
    #[inline(always)]
    fn pawns<S: TermSink>(&self, sink: &mut S, enemy_attacks: u64) {
        let (color, ci) = (self.color, self.color.index());
        let pawns = self.pawns[ci];
        if pawns == 0 {
            return;
        }
        let board = self.scene.board;
        sink.add_tapered(ci, MATERIAL.at(Role::Pawn.index()), pawns.count_ones() as i32);
        for s in crate::core::Bitboard(pawns) {
            sink.add_tapered(ci, PST.at(pst_square(color, s.index())), 1);
        }
        for s in crate::core::Bitboard(passed_pawns(color, pawns, self.pawns[ci ^ 1])) {
            let rank = relative_rank(color, s.rank());
            sink.add_tapered(ci, PASSED.at(rank as usize), 1);
            if (3..=6).contains(&rank) {
                self.passed(sink, s, i32::from(rank) - 2, enemy_attacks);
            }
        }
        let files = file_fill(pawns);
        sink.add_tapered(ci, DOUBLED.start, (pawns.count_ones() - (files & 0xff).count_ones()) as i32);
        let isolated = pawns & !(shift(E, files) | shift(W, files));
        sink.add_tapered(ci, ISOLATED.start, isolated.count_ones() as i32);
        let defendable = fill_forward(color, self.pawn_attacks[ci]);
        let stops = step(color, pawns & !isolated) & self.pawn_attacks[ci ^ 1] & !defendable;
        sink.add_tapered(ci, BACKWARD.start, stops.count_ones() as i32);
        let targets = board.by_color(!color).0 & !board.by_role(Role::Pawn).0 & !board.by_role(Role::King).0;
        sink.add_tapered(ci, PAWN_THREAT.start, (self.pawn_attacks[ci] & targets).count_ones() as i32);
    }

    /// The kings' distances to the square before the passed pawn on
    /// `pawn` (rank 4 to 7, `factor` its rank less 3), and whether that
    /// square is free: empty and not among `enemy_attacks`.
    #[inline(always)]
    fn passed<S: TermSink>(&self, sink: &mut S, pawn: Square, factor: i32, enemy_attacks: u64) {
        let (b, color, ci) = (self.scene.board, self.color, self.color.index());
        let stop = orthodox::pawn_step(color, pawn.index());
        let stop_square = Square::new(stop.trailing_zeros() as u8);
        for (i, king) in [b.king_of(!color), b.king_of(color)].into_iter().enumerate() {
            if let Some(k) = king {
                sink.add_tapered(ci, PASSED_KING.at(i), factor * i32::from(k.distance(stop_square).min(5)));
            }
        }
        if stop & (self.scene.blockers | enemy_attacks) == 0 {
            sink.add_tapered(ci, PASSED_FREE.start, factor);
        }
    }

    /// The side's king: its square, its pawn shelter, open files beside it.
    #[inline(always)]
    fn king<S: TermSink>(&self, sink: &mut S) {
        let (color, ci) = (self.color, self.color.index());
        let Some(k) = self.scene.board.king_of(color) else { return };
        let k = k.index();
        sink.add_tapered(ci, PST.at(Role::King.index() * PST_SQUARES + pst_square(color, k)), 1);
        let file = FILE_A << (k % 8);
        let files = file | shift(E, file) | shift(W, file);
        let ahead = step(color, 1 << k);
        let shelter = self.pawns[ci] & files;
        sink.add_tapered(ci, SHELTER.at(0), (shelter & rank_of(ahead)).count_ones() as i32);
        sink.add_tapered(ci, SHELTER.at(1), (shelter & rank_of(step(color, ahead))).count_ones() as i32);
        for f in (k % 8).saturating_sub(1)..=(k % 8 + 1).min(7) {
            self.file(sink, KING_FILE, f);
        }
    }

    /// Knights and bishops on outposts; rooks and queens on the seventh
    /// rank while the enemy king is on the eighth or enemy pawns on the
    /// seventh.
    #[inline(always)]
    fn posts<S: TermSink>(&self, sink: &mut S) {
        let (b, color, ci) = (self.scene.board, self.color, self.color.index());
        let reachable = fill_forward(!color, self.pawn_attacks[ci ^ 1]);
        let middle = rank_mask(color, 3) | rank_mask(color, 4) | rank_mask(color, 5);
        let posts = middle & self.pawn_attacks[ci] & !reachable;
        sink.add_tapered(ci, OUTPOST.at(0), (posts & b.pieces(color, Role::Knight).0).count_ones() as i32);
        sink.add_tapered(ci, OUTPOST.at(1), (posts & b.pieces(color, Role::Bishop).0).count_ones() as i32);
        let seventh = rank_mask(color, 6);
        let king_home = b.king_of(!color).is_some_and(|k| rank_mask(color, 7) & 1 << k.index() != 0);
        if king_home || self.pawns[ci ^ 1] & seventh != 0 {
            sink.add_tapered(ci, SEVENTH.at(0), (seventh & b.pieces(color, Role::Rook).0).count_ones() as i32);
            sink.add_tapered(ci, SEVENTH.at(1), (seventh & b.pieces(color, Role::Queen).0).count_ones() as i32);
        }
    }

    /// The side's attack on the enemy king (`ours` the squares the side
    /// attacks, `theirs` the enemy's): with a queen and two pieces or more
    /// on the squares around the king, its units, those squares' and one
    /// [`DANGER_UNITS`] for each safe check (a square a piece of the role
    /// reaches and checks from, where no own piece stands and the enemy
    /// attacks nothing).
    #[inline(always)]
    fn king_danger<S: TermSink>(&self, sink: &mut S, ours: &Attacks, theirs: &Attacks) {
        let (b, color, ci) = (self.scene.board, self.color, self.color.index());
        let queens = b.pieces(color, Role::Queen);
        let Some(k) = b.king_of(!color) else { return };
        if ours.king_attackers < 2 || queens.is_empty() {
            return;
        }
        let safe = !b.by_color(color).0 & !self.scene.closed & !theirs.all;
        let (k, blockers) = (k.index(), self.scene.blockers);
        let diagonal = orthodox::attacks(Role::Bishop, color, k, blockers);
        let straight = orthodox::attacks(Role::Rook, color, k, blockers);
        let checks = [0, orthodox::knight(k), diagonal, straight, diagonal | straight];
        let mut units = ours.king_units;
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let ri = role.index();
            units += DANGER_UNITS[ri] * (ours.by_role[ri] & checks[ri] & safe).count_ones() as i32;
        }
        sink.add_tapered(ci, KING_DANGER.at((units as usize).min(DANGER_CELLS - 1)), 1);
    }

    /// Threats on the enemy's pieces and pawns (`ours` the squares the
    /// side attacks, `theirs` the enemy's). A target is weak when the side
    /// attacks it, no enemy pawn defends it, and the enemy does not defend
    /// it twice where the side attacks it at most once.
    #[inline(always)]
    fn threats<S: TermSink>(&self, sink: &mut S, ours: &Attacks, theirs: &Attacks) {
        let (b, ci) = (self.scene.board, self.color.index());
        let enemies = b.by_color(!self.color).0 & !b.by_role(Role::King).0;
        let pieces = enemies & !self.pawns[ci ^ 1];
        let strong = self.pawn_attacks[ci ^ 1] | theirs.twice & !ours.twice;
        let weak = enemies & !strong & ours.all;
        let minor = ours.by_role[Role::Knight.index()] | ours.by_role[Role::Bishop.index()];
        let by_minor = (pieces | weak) & minor;
        let by_rook = weak & ours.by_role[Role::Rook.index()];
        for role in &Role::ORTHODOX[..5] {
            let (ri, of_role) = (role.index(), b.by_role(*role).0);
            sink.add_tapered(ci, MINOR_THREAT.at(ri), (by_minor & of_role).count_ones() as i32);
            sink.add_tapered(ci, ROOK_THREAT.at(ri), (by_rook & of_role).count_ones() as i32);
        }
        let hanging = weak & (!theirs.all | pieces & ours.twice);
        sink.add_tapered(ci, HANGING.start, hanging.count_ones() as i32);
    }
}

/// The whole rank `rank` (0 to 7) counted from `color`'s side.
#[inline(always)]
fn rank_mask(color: Color, rank: u8) -> u64 {
    0xff << (relative_rank(color, rank) * 8)
}

/// The index of square `s` in a piece-square table of `color`'s: rank from
/// its side, then file from the nearer edge.
#[inline(always)]
fn pst_square(color: Color, s: usize) -> usize {
    let file = s % 8;
    relative_rank(color, (s / 8) as u8) as usize * 4 + file.min(7 - file)
}

/// The whole rank of the squares of `squares` (one square expected).
#[inline(always)]
fn rank_of(squares: u64) -> u64 {
    if squares == 0 { 0 } else { 0xff << (squares.trailing_zeros() / 8 * 8) }
}

/// The squares `pawns` of `color` attack.
#[inline(always)]
pub(crate) fn pawn_attacks(color: Color, pawns: u64) -> u64 {
    let [west, east] = pawn_captures(color, pawns);
    west | east
}

/// The squares `pawns` of `color` capture on, towards the a-file and
/// towards the h-file: one mask per direction, so that a square in both
/// is attacked by two pawns.
#[inline(always)]
pub(crate) fn pawn_captures(color: Color, pawns: u64) -> [u64; 2] {
    match color {
        Color::White => [shift(NW, pawns), shift(NE, pawns)],
        Color::Black => [shift(SW, pawns), shift(SE, pawns)],
    }
}

/// `squares` one step forward for `color`.
#[inline(always)]
fn step(color: Color, squares: u64) -> u64 {
    match color {
        Color::White => squares << 8,
        Color::Black => squares >> 8,
    }
}

/// `squares` and every square in front of them, as `color` moves.
#[inline(always)]
fn fill_forward(color: Color, mut squares: u64) -> u64 {
    for n in [8, 16, 32] {
        squares |= match color {
            Color::White => squares << n,
            Color::Black => squares >> n,
        };
    }
    squares
}

/// The whole files of `squares`.
#[inline(always)]
fn file_fill(squares: u64) -> u64 {
    fill_forward(Color::White, squares) | fill_forward(Color::Black, squares)
}

/// The passed pawns among `pawns` of `color`: the pawns outside the
/// squares in front of the enemy pawns (the way those move), spread to the
/// files beside them.
#[inline(always)]
pub(crate) fn passed_pawns(color: Color, pawns: u64, enemy_pawns: u64) -> u64 {
    let front = fill_forward(!color, step(!color, enemy_pawns));
    pawns & !(front | shift(E, front) | shift(W, front))
}

#[cfg(test)]
#[cfg(feature = "porthole")]
mod tests {
    use super::*;

    /// The raw counts of the orthodox terms of a position of ordinary chess
    /// (`placement` a FEN's first field), per colour, middlegame indices.
    struct Raw([[i32; FEATURES]; 2]);

    impl TermSink for Raw {
        fn add(&mut self, _: usize, _: usize, _: i32) {
            unreachable!("the orthodox terms are all tapered")
        }
        fn add_tapered(&mut self, color: usize, index: usize, count: i32) {
            self.0[color][index] += count;
        }
        fn set_phase(&mut self, _: i32) {}
        fn set_scale(&mut self, _: [i32; 2]) {}
    }

    fn counts(placement: &str) -> Raw {
        let pos = crate::games::porthole::Position::from_fen(&format!("{placement} w - - 0 1 -")).unwrap();
        let b = pos.board();
        let mut raw = Raw([[0; FEATURES]; 2]);
        board_terms(&Scene { board: b, blockers: b.occupied().0, closed: 0 }, &mut raw, |_, _, _, _| {});
        raw
    }

    const WHITE: usize = 0;
    const BLACK: usize = 1;

    #[test]
    fn pawn_structure_counts_what_it_says() {
        // a2 alone, c3 and c4 doubled; no pawn on b or d: all three
        // isolated, all passed (ranks 2, 3 and 4).
        let w = counts("4k3/8/8/8/2P5/2P5/P7/4K3").0[WHITE];
        assert_eq!(w[DOUBLED.start], 1);
        assert_eq!(w[ISOLATED.start], 3);
        assert_eq!(w[PASSED.start..PASSED.start + 8], [0, 1, 1, 1, 0, 0, 0, 0]);
        assert_eq!(w[MATERIAL.at(Role::Pawn.index())], 3);
        // d3 behind e4, its step d4 attacked by c5 and no pawn beside or
        // behind it can ever defend d4: backward; e4 is not.
        let raw = counts("4k3/8/8/2p5/4P3/3P4/8/4K3");
        assert_eq!(raw.0[WHITE][BACKWARD.start], 1);
        assert_eq!(raw.0[WHITE][ISOLATED.start], 0);
        assert_eq!(raw.0[BLACK][PASSED.start..PASSED.start + 8].iter().sum::<i32>(), 0, "c5 is not passed");
    }

    #[test]
    fn king_safety_counts_what_it_says() {
        // White's king on g1 behind f2 and g2 (one ahead) and h3 (two ahead).
        let w = counts("4k3/8/8/8/8/7P/5PP1/6K1").0[WHITE];
        assert_eq!(w[SHELTER.start..SHELTER.start + 2], [2, 1]);
        assert_eq!(w[KING_FILE.start..KING_FILE.start + 2], [0, 0]);
        // Without the h-pawn, and Black's on h7: the h-file is half-open.
        let w = counts("4k3/7p/8/8/8/8/5PP1/6K1").0[WHITE];
        assert_eq!(w[KING_FILE.start..KING_FILE.start + 2], [1, 0]);
        // Black's queen on h4 attacks three of the king's squares (h2 and
        // h1 down the file, f2's pawn on the diagonal); no White pawn
        // attacks Black's king's.
        let raw = counts("4k3/8/8/8/7q/8/5PP1/6K1");
        assert_eq!(raw.0[BLACK][KING_ATTACK.at(Role::Queen.index())], 1 + 1 + 1);
        assert_eq!(raw.0[WHITE][KING_ATTACK.at(Role::Pawn.index())], 0);
    }

    #[test]
    fn pieces_count_what_they_say() {
        // Rooks: d1 on an open file, e1 on one half-open (Black's e6);
        // the bishops make a pair; e4 attacks the knight on d5.
        let raw = counts("4k3/8/4p3/3n4/4P3/8/8/1B1RRBK1");
        let w = raw.0[WHITE];
        assert_eq!(w[ROOK_FILE.start..ROOK_FILE.start + 2], [0, 1]);
        assert_eq!(w[BISHOP_PAIR.start], 1);
        assert_eq!(w[PAWN_THREAT.start], 1);
        assert_eq!(raw.0[BLACK][BISHOP_PAIR.start], 0);
        // The knight on d5 reaches 8 squares, none an own piece's nor one
        // that e4 (White's only pawn, attacking d5 and f5) attacks.
        assert_eq!(raw.0[BLACK][MOBILITY_N.at(8)], 1);
        assert_eq!(raw.0[BLACK][MOBILITY_N.start..MOBILITY_N.at(8)].iter().sum::<i32>(), 0);
        // The rook on d1 reaches c1 and d2-d4 (d5, the knight's, is e6's
        // pawn's), the one on e1 e2 and e3.
        assert_eq!((w[MOBILITY_R.at(4)], w[MOBILITY_R.at(2)]), (1, 1));
    }

    #[test]
    fn king_danger_counts_the_units_of_an_attack_by_two_pieces_with_a_queen() {
        let danger = |raw: &Raw, color: usize| {
            let cells = &raw.0[color][KING_DANGER.start..KING_DANGER.start + DANGER_CELLS];
            cells.iter().position(|&c| c == 1).filter(|_| cells.iter().sum::<i32>() == 1)
        };
        // Black's queen on h4 reaches h2, h1 and f2 around g1 (3 x 5
        // units); alone, it is no attack.
        assert_eq!(danger(&counts("4k3/8/8/8/7q/8/5PP1/6K1"), BLACK), None);
        // A knight on g4 adds f2 and h2 (2 x 2); the queen's checks on h2,
        // h1 and f2 are not safe (White's king guards them).
        assert_eq!(danger(&counts("4k3/8/8/8/6nq/8/5PP1/6K1"), BLACK), Some(15 + 4));
        // A knight on d4 adds a safe check on e2 (2).
        assert_eq!(danger(&counts("4k3/8/8/8/3n2nq/8/5PP1/6K1"), BLACK), Some(15 + 4 + 2));
        // A rook in the queen's place: no queen, no attack.
        assert_eq!(danger(&counts("4k3/8/8/8/6nr/8/5PP1/6K1"), BLACK), None);
    }

    #[test]
    fn threats_count_what_they_say() {
        let (n, r, p) = (Role::Knight.index(), Role::Rook.index(), Role::Pawn.index());
        // The knight on e3 attacks the rook on d5, which nothing defends:
        // a minor's threat on a rook, and a hanging piece.
        let raw = counts("4k3/8/8/3r4/8/4N3/8/4K3");
        assert_eq!(raw.0[WHITE][MINOR_THREAT.at(r)], 1);
        assert_eq!(raw.0[WHITE][HANGING.start], 1);
        assert_eq!(raw.0[BLACK][MINOR_THREAT.start..HANGING.start + 1].iter().sum::<i32>(), 0);
        // Defended by the pawn on c6: still a threat, no longer hanging.
        let w = counts("4k3/8/2p5/3r4/8/4N3/8/4K3").0[WHITE];
        assert_eq!((w[MINOR_THREAT.at(r)], w[HANGING.start]), (1, 0));
        // A pawn counts only when weak: d5 alone, then defended by c6.
        let w = counts("4k3/8/8/3p4/8/4N3/8/4K3").0[WHITE];
        assert_eq!((w[MINOR_THREAT.at(p)], w[HANGING.start]), (1, 1));
        let w = counts("4k3/8/2p5/3p4/8/4N3/8/4K3").0[WHITE];
        assert_eq!((w[MINOR_THREAT.at(p)], w[HANGING.start]), (0, 0));
        // The rook on b1 attacks the lone knight on b2.
        let w = counts("4k3/8/8/8/8/8/1n6/1R2K3").0[WHITE];
        assert_eq!((w[ROOK_THREAT.at(n)], w[HANGING.start]), (1, 1));
        // The knight on d5 defended once by its king, attacked twice (rook
        // d1, knight e3): weak, and hanging for being a piece attacked twice.
        let w = counts("8/8/4k3/3n4/8/4N3/8/3RK3").0[WHITE];
        assert_eq!((w[MINOR_THREAT.at(n)], w[ROOK_THREAT.at(n)], w[HANGING.start]), (1, 1, 1));
    }

    #[test]
    fn outposts_and_the_seventh_count_what_they_say() {
        // d5, defended by c4, that no black pawn can ever attack.
        assert_eq!(counts("4k3/8/8/3N4/2P5/8/8/4K3").0[WHITE][OUTPOST.at(0)], 1);
        // e7 can come to e6 and attack it; e4 is past it.
        assert_eq!(counts("4k3/4p3/8/3N4/2P5/8/8/4K3").0[WHITE][OUTPOST.at(0)], 0);
        assert_eq!(counts("4k3/8/8/3N4/2P1p3/8/8/4K3").0[WHITE][OUTPOST.at(0)], 1);
        // Black's bishop on e4, defended by d5, on rank 5 from its side.
        assert_eq!(counts("4k3/8/8/3p4/4b3/8/8/4K3").0[BLACK][OUTPOST.at(1)], 1);
        // The rook on a7 with Black's king on the eighth rank; not once the
        // king has left it with no black pawn on the seventh.
        assert_eq!(counts("4k3/R7/8/8/8/8/8/4K3").0[WHITE][SEVENTH.at(0)], 1);
        assert_eq!(counts("8/R7/4k3/8/8/8/8/4K3").0[WHITE][SEVENTH.at(0)], 0);
        assert_eq!(counts("8/R5p1/4k3/8/8/8/8/4K3").0[WHITE][SEVENTH.at(0)], 1);
        // Black's queen on White's second rank, White's king on the first.
        assert_eq!(counts("4k3/8/8/8/8/8/q7/4K3").0[BLACK][SEVENTH.at(1)], 1);
    }

    #[test]
    fn passed_pawn_extras_count_what_they_say() {
        // e5 (rank 5: factor 2) and its next square e6: Black's king on a1
        // 5 away, White's on d4 2 away; e6 empty and not attacked.
        let w = counts("8/8/8/4P3/3K4/8/8/k7").0[WHITE];
        assert_eq!(w[PASSED_KING.start..PASSED_KING.start + 2], [2 * 5, 2 * 2]);
        assert_eq!(w[PASSED_FREE.start], 2);
        // The same for Black, the board turned round.
        let b = counts("K7/8/8/3k4/4p3/8/8/8").0[BLACK];
        assert_eq!(b[PASSED_KING.start..PASSED_KING.start + 2], [2 * 5, 2 * 2]);
        assert_eq!(b[PASSED_FREE.start], 2);
        // e6 taken, or attacked by the rook on h6: not free.
        assert_eq!(counts("8/8/4n3/4P3/3K4/8/8/k7").0[WHITE][PASSED_FREE.start], 0);
        assert_eq!(counts("8/8/7r/4P3/3K4/8/8/k7").0[WHITE][PASSED_FREE.start], 0);
        // A pawn Porthole chess left on its last rank has no next square.
        assert_eq!(counts("P3k3/8/8/8/8/8/8/4K3").0[WHITE][PASSED_KING.start..PASSED_FREE.start + 1], [0, 0, 0]);
        // On rank 3 (e3), no extras.
        let w = counts("8/8/8/8/8/4P3/3K4/k7").0[WHITE];
        assert_eq!(w[PASSED_KING.start..PASSED_FREE.start + 1], [0, 0, 0]);
    }

    /// The [`scales`] (White's, Black's) of a position of ordinary chess,
    /// `placement` a FEN's first field.
    fn scales_of(placement: &str) -> [i32; 2] {
        let pos = crate::games::porthole::Position::from_fen(&format!("{placement} w - - 0 1 -")).unwrap();
        scales(&Forces::of(pos.board()), true)
    }

    /// The evaluation of a position of ordinary chess for White, to move.
    fn eval_of(placement: &str) -> i32 {
        let pos = crate::games::porthole::Position::from_fen(&format!("{placement} w - - 0 1 -")).unwrap();
        crate::games::porthole::eval::evaluate(&pos, &Default::default(), true)
    }

    #[test]
    fn the_scale_leaves_ordinary_positions_whole() {
        assert_eq!(scales_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"), [SCALE_MAX; 2]);
        // Four pawns each on both wings, a rook each.
        assert_eq!(scales_of("r3k3/pp3pp1/8/8/8/8/PP3PP1/R3K3"), [SCALE_MAX; 2]);
        // A queen against a rook and a minor piece, pawns on both wings.
        assert_eq!(scales_of("4k3/pp3pp1/2n5/8/8/8/PP3PP1/r2QK3")[WHITE], SCALE_MAX);
    }

    #[test]
    fn a_minor_piece_up_without_pawns_is_near_a_draw() {
        for kbk in ["4k3/8/8/8/8/8/8/2B1K3", "4k3/8/8/8/8/8/8/1N2K3", "4k3/8/8/4p3/8/8/8/2B1K3"] {
            assert_eq!(scales_of(kbk)[WHITE], 0, "{kbk}");
            assert!(eval_of(kbk).abs() < 40, "{kbk}: {}", eval_of(kbk));
        }
        assert_eq!(scales_of("4k3/8/8/3b4/8/8/8/R3K3")[WHITE], 8, "KRKB");
        assert_eq!(scales_of("4k3/8/8/3r4/8/8/8/RB2K3")[WHITE], 28, "KRBKR");
        // Two minor pieces up, or a queen against a rook: not scaled.
        assert_eq!(scales_of("4k3/8/8/8/8/8/8/1NB1K3")[WHITE], SCALE_MAX, "KBNK");
        assert_eq!(scales_of("4k3/8/8/3r4/8/8/8/3QK3")[WHITE], SCALE_MAX, "KQKR");
    }

    #[test]
    fn opposite_bishops_scale_by_the_passed_pawns_or_the_pieces() {
        // White's bishop on e3 (dark), Black's on c6 (light); c4 passed.
        let opposite = "8/p3k3/2b5/8/2P5/1P2B3/P3K3/8";
        assert_eq!(scales_of(opposite)[WHITE], 36 + 8);
        // Black's on d6 (dark): not scaled.
        assert_eq!(scales_of("8/p3k3/3b4/8/2P5/1P2B3/P3K3/8")[WHITE], SCALE_MAX);
        let same = eval_of("8/p3k3/3b4/8/2P5/1P2B3/P3K3/8");
        assert!(eval_of(opposite) < same * 3 / 5, "{} against {same}", eval_of(opposite));
        // With a rook each: its pieces, three pawns, bishop, rook, king.
        assert_eq!(scales_of("r7/p3k3/2b5/8/2P5/1P2B3/P3K3/7R")[WHITE], 44 + 6 * 6);
        // Where bishops change colour (through portholes of both colours), not.
        let pos = crate::games::porthole::Position::from_fen(&format!("{opposite} w - - 0 1 -")).unwrap();
        assert_eq!(scale(&Forces::of(pos.board()), WHITE, false), SCALE_MAX);
        assert!(keeps_colour(0) && keeps_colour(1 << 9 | 1 << 18) && !keeps_colour(1 << 25 | 1 << 26));
    }

    #[test]
    fn a_rook_ending_a_pawn_up_on_one_wing_is_scaled() {
        // f3 g3 h2 against f7 g6, Black's king on g7 beside f7.
        assert_eq!(scales_of("8/5pk1/6p1/8/8/5PP1/5K1P/R6r")[WHITE], 72);
        // With Black's king away from its pawns, or with a queen's-wing
        // pawn: not scaled.
        assert_eq!(scales_of("8/5p2/6p1/8/8/1k3PP1/5K1P/R6r")[WHITE], SCALE_MAX);
        assert_eq!(scales_of("8/p4pk1/6p1/8/8/5PP1/5K1P/R6r")[WHITE], SCALE_MAX);
    }

    #[test]
    fn the_phase_runs_from_the_full_set_to_bare_kings() {
        let full =
            crate::games::porthole::Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -");
        assert_eq!(board_phase(full.unwrap().board()), PHASE_MAX);
        let bare = crate::games::porthole::Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 -").unwrap();
        assert_eq!(board_phase(bare.board()), 0);
        let full = [SCALE_MAX; 2];
        assert_eq!(taper(100, 200, PHASE_MAX, 0, full), 100);
        assert_eq!(taper(100, 200, 0, 0, full), 200);
        assert_eq!(taper(100, 200, PHASE_MAX / 2, 0, full), 150);
        // Half-scaled for White: White's endgame score counts half,
        // Black's (White's negative) fully.
        let half = [SCALE_MAX / 2, SCALE_MAX];
        assert_eq!((taper(0, 200, 0, 0, half), taper(0, -200, 0, 0, half)), (100, -200));
        assert_eq!((taper(0, 200, 0, 1, half), taper(0, -200, 0, 1, half)), (200, -100));
    }

    #[test]
    fn the_terms_cover_the_weights_in_two_twin_halves() {
        for (mg, eg) in TERMS[..TERMS.len() / 2].iter().zip(&TERMS[TERMS.len() / 2..]) {
            assert_eq!(eg.start, mg.start + EG, "{}", eg.name);
            assert_eq!(eg.shape, mg.shape);
            assert_eq!(eg.name, format!("{}_eg", mg.name));
        }
        assert_eq!(FEATURES, 2 * EG);
    }
}
