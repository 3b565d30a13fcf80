//! Static evaluation for Porthole chess: material, mobility, the portholes
//! each piece can enter, pieces standing on or next to portholes, the
//! king's safety (open portholes next to it are squares where an enemy
//! piece can arrive from anywhere), pawns by rank, the bishop pair and the
//! move. Like Wormhole chess's evaluation it is a weighted sum of counts,
//! one table of [`TERMS`], so a match can change any weight by name and
//! the weights can be fitted to game results ([`features`]).

use super::{Position, attacks};
use crate::core::orthodox::relative_rank;
use crate::core::steps::{E, NE, NW, SE, SW, W, shift};
use crate::core::{Bitboard, Color, Role};
use crate::engine::{Term, TermShape, TermSink};

/// The value of each piece.
pub const MATERIAL: Term = Term::first("value", TermShape::PerRole, "pieces of each role (material)");
/// Normal moves to safe squares, by role.
pub const MOBILITY: Term = MATERIAL.then(
    "mob",
    TermShape::PerRole,
    "normal moves of each role to squares no enemy pawn attacks (pawns: single steps)",
);
/// Portholes a piece can enter, by role.
pub const ENTRIES: Term = MOBILITY.then(
    "entry",
    TermShape::PerRole,
    "portholes each role can enter (counted while some porthole is open to leave by)",
);
/// Pieces on portholes.
pub const ON_PORTHOLE: Term = ENTRIES.then("on", TermShape::One, "pieces (not the king) standing on a porthole");
/// Pieces next to open portholes.
pub const BESIDE_PORTHOLE: Term =
    ON_PORTHOLE.then("beside", TermShape::One, "pieces (not the king) next to an open porthole");
/// Open portholes next to the king.
pub const KING_PORTHOLES: Term = BESIDE_PORTHOLE.then(
    "kingholes",
    TermShape::One,
    "open portholes next to the king: squares where an enemy piece can arrive from any entry",
);
/// Open portholes from which a piece would give check.
pub const CHECK_PORTHOLES: Term = KING_PORTHOLES.then(
    "checkholes",
    TermShape::One,
    "open portholes on a line or a knight's jump from the king, while the enemy has a piece that can enter one",
);
/// Attacked squares next to the king.
pub const KING_ZONE: Term =
    CHECK_PORTHOLES.then("kingzone", TermShape::One, "squares next to the king that enemy pieces attack");
/// Pawns by rank.
pub const PAWN_RANK: Term = KING_ZONE.then(
    "pawn",
    TermShape::PerCount(8),
    "pawns by rank from their own side (0: first rank, 1: start, 7: last rank, reached through a porthole)",
);
/// Passed pawns.
pub const PASSED: Term =
    PAWN_RANK.then("passed", TermShape::One, "pawns with no enemy pawn ahead on their file or the files beside it");
/// The bishop pair.
pub const BISHOP_PAIR: Term = PASSED.then("bpair", TermShape::One, "two bishops or more");
/// The side to move.
pub const TEMPO: Term = BISHOP_PAIR.then("tempo", TermShape::One, "being the side to move");

/// Every term of the evaluation, in the order of their weights.
pub const TERMS: [Term; 12] = [
    MATERIAL,
    MOBILITY,
    ENTRIES,
    ON_PORTHOLE,
    BESIDE_PORTHOLE,
    KING_PORTHOLES,
    CHECK_PORTHOLES,
    KING_ZONE,
    PAWN_RANK,
    PASSED,
    BISHOP_PAIR,
    TEMPO,
];

crate::engine::eval_scaffold!(
    /// The weights of Porthole chess's evaluation, in centipawns, one per
    /// count of [`features`]; [`TERMS`] says where each term's weights are.
    Position,
    material_first,
    TEMPO
);

impl Default for EvalParams {
    /// The weights the engine plays with: set by hand, then checked by
    /// self-play (`wormhole match --variant porthole`, both sides
    /// `level=10,nodes=20000`, 6 random plies; score of the first named):
    ///
    /// - these weights against material only (`positional=off`): 85/100;
    /// - against the porthole terms switched off (`scale.entry=0,on=0,
    ///   beside=0,kingholes=0,checkholes=0`): 50/100, no measured gain yet;
    /// - weights fitted to 241 self-play games (`examples/fit_eval.rs`,
    ///   13,850 positions) against these: every term fitted 22.5/60 (match
    ///   stopped there), porthole terms and mobility kept 40/100, only the
    ///   pawn, passed-pawn, bishop-pair, king-zone and tempo weights fitted
    ///   151.5/300. None beat these hand-set weights, so they stay.
    fn default() -> EvalParams {
        #[rustfmt::skip]
        let weights = [
            100, 320, 330, 500, 900, 0, 0, 0, 0, // value: P N B R Q K (C W M unused)
            4, 4, 5, 3, 2, 0, 0, 0, 0, // mob
            8, 10, 10, 8, 6, -5, 0, 0, 0, // entry
            0, 5, // on, beside
            -25, -10, -8, // kingholes, checkholes, kingzone
            0, 0, 5, 10, 20, 35, 60, -20, // pawn: by rank
            20, // passed
            30, // bpair
            15, // tempo
        ];
        EvalParams { weights }
    }
}

/// The squares next to any of `squares`.
#[inline]
fn neighbours(squares: u64) -> u64 {
    Bitboard(squares).into_iter().fold(0, |n, s| n | attacks::king(s.index()))
}

/// What every term of one side reads.
struct Board {
    tokens: u64,
    blockers: u64,
    open_portholes: u64,
    /// Squares next to an open porthole.
    beside_open: u64,
    /// Squares each side's pawns attack.
    pawn_attacks: [u64; 2],
}

/// Feeds every term of the evaluation of `pos` to `sink`.
#[inline(always)]
fn terms<S: TermSink>(pos: &Position, sink: &mut S) {
    let b = pos.board();
    let tokens = pos.tokens().squares().0;
    let occupied = b.occupied().0;
    let open_portholes = tokens & !occupied;
    let pawn_attacks = |c| {
        let [west, east] = pawn_captures(c, b.pieces(c, Role::Pawn).0);
        west | east
    };
    let ctx = Board {
        tokens,
        blockers: occupied | tokens,
        open_portholes,
        beside_open: neighbours(open_portholes),
        pawn_attacks: [pawn_attacks(Color::White), pawn_attacks(Color::Black)],
    };
    let reach = [side_terms(pos, &ctx, Color::White, sink), side_terms(pos, &ctx, Color::Black, sink)];
    for c in Color::ALL {
        if let Some(k) = b.king_of(c) {
            let k = k.index();
            let zone = attacks::king(k);
            let ci = c.index();
            sink.add(ci, KING_PORTHOLES.start, (zone & open_portholes).count_ones() as i32);
            if reach[ci ^ 1].enters {
                let lines = attacks::rook(k, ctx.blockers) | attacks::bishop(k, ctx.blockers) | attacks::knight(k);
                sink.add(ci, CHECK_PORTHOLES.start, (lines & open_portholes).count_ones() as i32);
            }
            sink.add(ci, KING_ZONE.start, (zone & reach[ci ^ 1].attacked).count_ones() as i32);
        }
    }
    sink.add(pos.turn().index(), TEMPO.start, 1);
}

/// What one side's pieces reach.
struct Reach {
    /// The squares they attack.
    attacked: u64,
    /// Whether one of them can enter a porthole now.
    enters: bool,
}

/// The terms of `color`'s pieces; returns what they reach.
#[inline(always)]
fn side_terms<S: TermSink>(pos: &Position, ctx: &Board, color: Color, sink: &mut S) -> Reach {
    let b = pos.board();
    let ci = color.index();
    let own = b.by_color(color).0;
    let blockers = ctx.blockers;
    let mut side = Pieces {
        sink: &mut *sink,
        board: b,
        color,
        safe: !own & !ctx.tokens & !ctx.pawn_attacks[ci ^ 1],
        entry: ctx.tokens & !own,
        can_leave: ctx.open_portholes != 0,
        enters: false,
    };
    side.pawns(blockers);
    let attacked = ctx.pawn_attacks[ci]
        | side.role(Role::Knight, true, attacks::knight)
        | side.role(Role::Bishop, true, |s| attacks::bishop(s, blockers))
        | side.role(Role::Rook, true, |s| attacks::rook(s, blockers))
        | side.role(Role::Queen, true, |s| attacks::rook(s, blockers) | attacks::bishop(s, blockers))
        | side.role(Role::King, false, attacks::king);
    let enters = side.enters;
    let pieces = own & !b.by_role(Role::King).0;
    sink.add(ci, ON_PORTHOLE.start, (pieces & ctx.tokens).count_ones() as i32);
    sink.add(ci, BESIDE_PORTHOLE.start, (pieces & ctx.beside_open).count_ones() as i32);
    sink.add(ci, BISHOP_PAIR.start, (b.pieces(color, Role::Bishop).count() >= 2) as i32);
    Reach { attacked, enters }
}

/// One side's pieces, scored one role at a time.
struct Pieces<'a, S> {
    sink: &'a mut S,
    board: &'a crate::core::Board,
    color: Color,
    /// The squares a normal move may go to: not own pieces, portholes, nor
    /// squares enemy pawns attack.
    safe: u64,
    /// The portholes the side could enter (no own piece on them).
    entry: u64,
    /// Whether some porthole is open to leave by.
    can_leave: bool,
    /// Whether some piece scored so far can enter a porthole now.
    enters: bool,
}

impl<S: TermSink> Pieces<'_, S> {
    /// Feeds the terms of the side's pawns, all at once: shifted masks
    /// hold the same squares as each pawn's own step and captures.
    #[inline(always)]
    fn pawns(&mut self, blockers: u64) {
        let (b, color, ci) = (self.board, self.color, self.color.index());
        let pawns = b.pieces(color, Role::Pawn);
        if pawns.is_empty() {
            return;
        }
        self.sink.add(ci, MATERIAL.at(Role::Pawn.index()), pawns.count() as i32);
        for s in pawns {
            self.sink.add(ci, PAWN_RANK.at(relative_rank(color, s.rank()) as usize), 1);
        }
        let passed = passed_pawns(color, pawns.0, b.pieces(!color, Role::Pawn).0);
        self.sink.add(ci, PASSED.start, passed.count_ones() as i32);
        let steps = match color {
            Color::White => pawns.0 << 8,
            Color::Black => pawns.0 >> 8,
        };
        self.sink.add(ci, MOBILITY.at(Role::Pawn.index()), (steps & !blockers).count_ones() as i32);
        let [west, east] = pawn_captures(color, pawns.0);
        self.entries(Role::Pawn, ((west & self.entry).count_ones() + (east & self.entry).count_ones()) as i32);
    }

    /// Feeds the terms of the side's pieces of `role` (not pawns), where
    /// `reach(s)` gives the squares a piece on `s` reaches; their moves
    /// count for mobility if `mobile` (not the king's). Returns the squares
    /// they attack.
    #[inline(always)]
    fn role(&mut self, role: Role, mobile: bool, reach: impl Fn(usize) -> u64) -> u64 {
        let pieces = self.board.pieces(self.color, role);
        if pieces.is_empty() {
            return 0;
        }
        let ci = self.color.index();
        self.sink.add(ci, MATERIAL.at(role.index()), pieces.count() as i32);
        let (mut attacked, mut moves, mut entries) = (0, 0, 0);
        for s in pieces {
            let reach = reach(s.index());
            attacked |= reach;
            moves += (reach & self.safe).count_ones() as i32;
            entries += (reach & self.entry).count_ones() as i32;
        }
        if mobile {
            self.sink.add(ci, MOBILITY.at(role.index()), moves);
        }
        self.entries(role, entries);
        attacked
    }

    /// Feeds the portholes the side's pieces of `role` can enter.
    #[inline(always)]
    fn entries(&mut self, role: Role, entries: i32) {
        self.enters |= self.can_leave && entries > 0;
        if self.can_leave {
            self.sink.add(self.color.index(), ENTRIES.at(role.index()), entries);
        }
    }
}

/// The squares `pawns` of `color` capture on, towards the a-file and
/// towards the h-file: `attacks::pawn` of every pawn at once, one mask per
/// side so that no two pawns share a square in either.
#[inline(always)]
fn pawn_captures(color: Color, pawns: u64) -> [u64; 2] {
    match color {
        Color::White => [shift(NW, pawns), shift(NE, pawns)],
        Color::Black => [shift(SW, pawns), shift(SE, pawns)],
    }
}

/// The passed pawns among `pawns` of `color`: `is_passed` for every pawn at
/// once, as the pawns outside the squares in front of the enemy pawns (the
/// way those move), spread to the files beside them.
#[inline(always)]
fn passed_pawns(color: Color, pawns: u64, enemy_pawns: u64) -> u64 {
    let mut front = match color {
        Color::White => enemy_pawns >> 8,
        Color::Black => enemy_pawns << 8,
    };
    for n in [8, 16, 32] {
        front |= match color {
            Color::White => front >> n,
            Color::Black => front << n,
        };
    }
    pawns & !(front | shift(E, front) | shift(W, front))
}
