//! Static evaluation for Wormhole chess.
//!
//! Running out of moves loses, so besides material the evaluation counts
//! each side's safe moves (targets not held by its own pieces nor attacked
//! by enemy pawns), the king's escape squares, pieces left with no move at
//! all (cut off by holes), and pawns close to a capture-promotion.

use crate::attacks::{self, pawn_captures};
use crate::steps::first;
use crate::{Color, Position, Role, Variant};

/// The weights of the evaluation, in centipawns. Indexed by [`Role::index`]
/// where per role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalParams {
    /// The value of each piece.
    pub material: [i32; 9],
    /// The value of each safe move, by the role making it.
    pub mobility: [i32; 9],
    /// Per square the king can step to that no enemy piece attacks.
    pub king_escape: i32,
    /// Penalty when the king has no such square.
    pub king_boxed: i32,
    /// Penalty for a piece (not pawn or king) with no move at all.
    pub trapped: i32,
    /// Bonus for a pawn by the open squares left on its file ahead of it
    /// (index 1: it stands next to the last rank and can promote by capturing).
    pub pawn_ahead: [i32; 8],
    /// Bonus for the side to move.
    pub tempo: i32,
    /// Extra value of a safe move as the board shrinks, per 16 holes
    /// (running out of moves decides more games late).
    pub late_mobility: i32,
    /// Penalty for a piece (not pawn or king) with a single move.
    pub one_move: i32,
    /// Extra bonus for the side to move per 16 holes.
    pub late_tempo: i32,
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
        let fitted: [i32; FEATURES] = match variant {
            Variant::Classic => [
                100, 205, 236, 318, 712, 0, 500, 420, 650, // material P N B R Q K C W M
                42, -22, -13, -7, -17, 0, 47, 18, 17, // mobility
                14, -57, -48, // king escape, boxed king, trapped piece
                -39, -17, 9, 19, 19, 46, 68, 0,  // pawn by open squares ahead
                99, // tempo
                36, -39, 5, // late mobility, piece with one move, late tempo
            ],
            Variant::Fairy => [
                100, 245, 258, 318, 701, 0, 472, 409, 660, // material P N B R Q K C W M
                41, -26, 28, 35, 22, 0, 14, -19, -2, // mobility
                14, -62, -65, // king escape, boxed king, trapped piece
                -42, 8, 3, 19, 29, 24, 57, 0,   // pawn by open squares ahead
                137, // tempo
                34, -4, 3, // late mobility, piece with one move, late tempo
            ],
        };
        EvalParams::from_weights(&fitted)
    }

    /// The material value of `role`.
    #[inline]
    pub fn value(&self, role: Role) -> i32 {
        self.material[role.index()]
    }
}

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
    let b = pos.board();
    let us = pos.turn();
    let mut v = 0;
    for role in Role::ALL {
        let w = params.value(role);
        if w != 0 {
            v += w * (b.pieces(us, role).count() as i32 - b.pieces(!us, role).count() as i32);
        }
    }
    v
}

/// The number of terms in the evaluation (see [`features`]).
pub const FEATURES: usize = 33;

/// One term of the evaluation; the evaluation is the sum over terms of a
/// weight times a count, White's counts minus Black's.
#[derive(Clone, Copy, Debug)]
enum Term {
    Material(Role),
    Mobility(Role),
    KingEscape,
    KingBoxed,
    Trapped,
    PawnAhead(usize),
    Tempo,
    LateMobility,
    OneMove,
    LateTempo,
}

impl Term {
    #[inline]
    fn index(self) -> usize {
        match self {
            Term::Material(r) => r.index(),
            Term::Mobility(r) => 9 + r.index(),
            Term::KingEscape => 18,
            Term::KingBoxed => 19,
            Term::Trapped => 20,
            Term::PawnAhead(i) => 21 + i,
            Term::Tempo => 29,
            Term::LateMobility => 30,
            Term::OneMove => 31,
            Term::LateTempo => 32,
        }
    }
}

/// Where the evaluation terms go: summed with weights for the search, or
/// counted for fitting the weights.
trait Sink {
    fn add(&mut self, color: usize, term: Term, count: i32);
}

/// Sums weighted terms per side.
struct Scorer<'a> {
    params: &'a EvalParams,
    side: [i32; 2],
}

impl Sink for Scorer<'_> {
    #[inline(always)]
    fn add(&mut self, color: usize, term: Term, count: i32) {
        self.side[color] += self.params.weight(term) * count;
    }
}

/// Counts terms per side.
struct Counter {
    counts: [[i32; FEATURES]; 2],
}

impl Sink for Counter {
    #[inline]
    fn add(&mut self, color: usize, term: Term, count: i32) {
        self.counts[color][term.index()] += count;
    }
}

impl EvalParams {
    #[inline(always)]
    fn weight(&self, term: Term) -> i32 {
        match term {
            Term::Material(r) => self.material[r.index()],
            Term::Mobility(r) => self.mobility[r.index()],
            Term::KingEscape => self.king_escape,
            Term::KingBoxed => -self.king_boxed,
            Term::Trapped => -self.trapped,
            Term::PawnAhead(i) => self.pawn_ahead[i],
            Term::Tempo => self.tempo,
            Term::LateMobility => self.late_mobility,
            Term::OneMove => -self.one_move,
            Term::LateTempo => self.late_tempo,
        }
    }

    /// The weights as one vector, in the order of [`features`].
    pub fn to_weights(&self) -> [i32; FEATURES] {
        let mut w = [0; FEATURES];
        w[..9].copy_from_slice(&self.material);
        w[9..18].copy_from_slice(&self.mobility);
        w[18] = self.king_escape;
        w[19] = -self.king_boxed;
        w[20] = -self.trapped;
        w[21..29].copy_from_slice(&self.pawn_ahead);
        w[29] = self.tempo;
        w[30] = self.late_mobility;
        w[31] = -self.one_move;
        w[32] = self.late_tempo;
        w
    }

    /// The inverse of [`EvalParams::to_weights`].
    pub fn from_weights(w: &[i32; FEATURES]) -> EvalParams {
        let mut p = EvalParams {
            material: [0; 9],
            mobility: [0; 9],
            king_escape: 0,
            king_boxed: 0,
            trapped: 0,
            pawn_ahead: [0; 8],
            tempo: 0,
            late_mobility: 0,
            one_move: 0,
            late_tempo: 0,
        };
        p.material.copy_from_slice(&w[..9]);
        p.mobility.copy_from_slice(&w[9..18]);
        p.king_escape = w[18];
        p.king_boxed = -w[19];
        p.trapped = -w[20];
        p.pawn_ahead.copy_from_slice(&w[21..29]);
        p.tempo = w[29];
        p.late_mobility = w[30];
        p.one_move = -w[31];
        p.late_tempo = w[32];
        p
    }
}

/// The evaluation of `pos` from the side to move's point of view.
/// With `positional` false, material only.
pub fn evaluate(pos: &Position, params: &EvalParams, positional: bool) -> i32 {
    if !positional {
        return material(pos, params);
    }
    let mut scorer = Scorer { params, side: [0; 2] };
    terms(pos, &mut scorer);
    let us = pos.turn().index();
    scorer.side[us] - scorer.side[us ^ 1]
}

/// How often each term occurs, the side to move's count minus the
/// opponent's: `evaluate` is the dot product of this with
/// [`EvalParams::to_weights`]. For fitting the weights to game results.
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let mut counter = Counter { counts: [[0; FEATURES]; 2] };
    terms(pos, &mut counter);
    let us = pos.turn().index();
    let mut f = [0; FEATURES];
    for (i, x) in f.iter_mut().enumerate() {
        *x = counter.counts[us][i] - counter.counts[us ^ 1][i];
    }
    f
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
            sink.add(ci, Term::Material(role), pieces.count() as i32);
            let mut safe_moves = 0;
            let mut trapped = 0;
            let mut one_move = 0;
            for s in pieces {
                let s = s.index();
                let reach = match role {
                    Role::Knight => attacks::knight(s, open),
                    Role::Bishop => attacks::bishop(s, open),
                    Role::Rook => attacks::rook(s, open),
                    Role::Queen => attacks::queen(s, open),
                    Role::Champion => attacks::champion(s, open),
                    Role::Wizard => attacks::wizard(s, open),
                    _ => {
                        let strikes = attacks::lion_strikes(s, open);
                        all_att[ci] |= strikes;
                        attacks::lion_leaps(s, open) | (strikes & enemy)
                    }
                };
                all_att[ci] |= reach;
                let moves = reach & !own;
                safe_moves += (moves & !unsafe_sq).count_ones() as i32;
                trapped += (moves == 0) as i32;
                one_move += (moves != 0 && moves & (moves - 1) == 0) as i32;
            }
            sink.add(ci, Term::Mobility(role), safe_moves);
            sink.add(ci, Term::LateMobility, safe_moves * holes / 16);
            sink.add(ci, Term::Trapped, trapped);
            sink.add(ci, Term::OneMove, one_move);
        }
        let forward = attacks::pawn_forward(c);
        let pawns = b.pieces(c, Role::Pawn);
        sink.add(ci, Term::Material(Role::Pawn), pawns.count() as i32);
        let mut steps = 0;
        for s in pawns {
            let s = s.index();
            let step = first(forward, s, open);
            let ahead = (file_ahead(c, s) & open).count_ones() as usize;
            sink.add(ci, Term::PawnAhead(ahead.min(7)), 1);
            steps += (step & !occupied != 0) as i32;
        }
        sink.add(ci, Term::Mobility(Role::Pawn), steps);
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
            sink.add(ci, Term::KingEscape, escapes);
            sink.add(ci, Term::KingBoxed, (escapes == 0) as i32);
        }
    }
    sink.add(pos.turn().index(), Term::Tempo, 1);
    sink.add(pos.turn().index(), Term::LateTempo, holes / 16);
}
