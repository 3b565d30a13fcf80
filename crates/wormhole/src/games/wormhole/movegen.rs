//! Legal move generation.
//!
//! Pieces never block each other, so whether a move leaves the mover's king
//! attacked depends only on the new hole on the from-square (and on the
//! captured piece, which can only remove an attacker). Hence, for a piece
//! other than the king, the check is done once per piece, not per target:
//! the attackers of the king with the from-square turned into a hole. When
//! the king is not in check, that set is empty for every piece but the
//! pinned ones, which the [`KingSafety`] finds once per position (walking
//! the king's paths one open square further). King moves are checked one
//! target at a time.

use super::HoleBoard;
use super::attacks;
use super::threats::{Exposure, Threats};
use crate::core::steps::first;
use crate::core::{Bitboard, Color, Role, Square};
use crate::games::wormhole::{Move, MoveList, Position};

/// What move generation knows about the mover's king before generating:
/// who checks it, and which pieces are pinned to it. A search that
/// needs the check status before generating (to stand pat, say) computes it
/// once with [`SearchHooks::king_safety`](crate::engine::SearchHooks::king_safety) and hands it
/// to [`SearchHooks::generate`](crate::engine::SearchHooks::generate).
#[derive(Debug, Clone, Copy)]
pub struct KingSafety {
    /// The king's square index; `None` generates without legality checks.
    king: Option<usize>,
    checkers: u64,
    /// The pieces that cannot leave their square without exposing the king
    /// (when not in check).
    pins: u64,
    threats: Threats,
}

impl KingSafety {
    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers != 0
    }

    /// The pieces of the side to move that cannot leave their square
    /// without exposing their king, when not in check: any other piece
    /// (the king aside) may go wherever it moves.
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        Bitboard(self.pins)
    }
}

impl Position {
    /// The king safety of the side to move, for [`Position::generate_legal_with`].
    #[inline]
    pub(crate) fn king_safety(&self) -> KingSafety {
        let threats = Threats::new(&self.board, !self.turn);
        let king = self.board.king_of(self.turn).map(Square::index);
        let Exposure { attackers: checkers, pins } = match king {
            Some(k) => {
                let movers = self.board.by_color(self.turn) & !self.board.by_role(Role::King);
                threats.exposure(k, self.board.open(), movers.0)
            }
            None => Exposure::default(),
        };
        KingSafety { king, checkers, pins, threats }
    }

    /// Appends to `list` the legal moves whose target is in `targets`, given
    /// this position's [`KingSafety`].
    #[inline]
    pub(crate) fn generate_legal_with(&self, list: &mut MoveList, targets: Bitboard, safety: &KingSafety) {
        self.generate_with(list, targets.0, safety);
    }

    /// Appends to `list` the moves whose target is in `targets`; with `legal`
    /// false, moves that leave the king attacked are kept too. Returns
    /// whether the side to move is in check (known for free when `legal`).
    pub(crate) fn generate(&self, list: &mut MoveList, targets: u64, legal: bool) -> bool {
        let mut safety = self.king_safety();
        if !legal {
            safety.king = None;
        }
        self.generate_with(list, targets, &safety);
        legal && safety.in_check()
    }

    /// The number of legal moves, counted without listing them (as
    /// perft's last ply needs): the length of [`Position::legal_moves`].
    ///
    /// ```
    /// use wormhole::{Position, Variant};
    /// let pos = Position::new(Variant::Classic);
    /// assert_eq!(pos.legal_move_count(), 29);
    /// assert_eq!(pos.legal_move_count(), pos.legal_moves().len());
    /// ```
    pub fn legal_move_count(&self) -> usize {
        let mut count = MoveCount(0);
        self.generate_with(&mut count, !0, &self.king_safety());
        count.0
    }

    /// The side to move's mobility as the prover's first numbers count it:
    /// every legal move when in check; otherwise the moves of its pieces
    /// but the king, whether or not they expose it, leaving the king's
    /// steps to the caller (which spares finding pins and testing each
    /// king step for attackers). Either is 0 only when the side has no
    /// move but the king's. Out of check, an `estimate` of the moves but
    /// the king's is taken instead of counting them.
    pub(crate) fn proof_mobility(&self, estimate: Option<u32>) -> ProofMobility {
        let threats = Threats::new(&self.board, !self.turn);
        let open = self.board.open();
        let king = self.board.king_of(self.turn).map(Square::index);
        let mut count = MoveCount(0);
        if !king.is_some_and(|k| threats.attacks(k, open)) {
            if let Some(without_king) = estimate {
                return ProofMobility::NotInCheck { without_king };
            }
            self.moves_but_king(self.turn, threats, &mut count);
            return ProofMobility::NotInCheck { without_king: count.0 as u32 };
        }
        self.generate_with(&mut count, !0, &self.king_safety());
        ProofMobility::InCheck { moves: count.0 as u32 }
    }

    // Inlined into each caller: perft's `legal_move_count` ran 6% slower
    // when it shared one copy with `proof_mobility`.
    #[inline(always)]
    fn generate_with(&self, sink: &mut impl MoveSink, targets: u64, safety: &KingSafety) {
        let g = self.generator(targets, safety);
        g.all_but_king(sink, self.turn, self.variant.promotion_roles());
        g.king(sink, self.turn);
    }

    /// The moves of `color`'s pieces but the king, as if it were to move,
    /// whether or not they expose its king, counted by the square they
    /// leave (the prover's estimate of its mobility after each move of the
    /// other side).
    pub(crate) fn mobility_by_square(&self, color: Color) -> SquareMobility {
        let mut counts = SquareMobility { from: [0; 64], total: 0 };
        self.moves_but_king(color, Threats::new(&self.board, !color), &mut counts);
        counts
    }

    /// Gives `sink` the moves of `color`'s pieces but the king, as if it
    /// were to move, whether or not they expose its king (`threats`: the
    /// other side's pieces).
    #[inline(always)]
    fn moves_but_king(&self, color: Color, threats: Threats, sink: &mut impl MoveSink) {
        let unchecked = KingSafety { king: None, checkers: 0, pins: 0, threats };
        self.generator_for(color, !0, &unchecked).all_but_king(sink, color, self.variant.promotion_roles());
    }

    #[inline(always)]
    fn generator<'a>(&'a self, targets: u64, safety: &'a KingSafety) -> Generator<'a> {
        self.generator_for(self.turn, targets, safety)
    }

    #[inline(always)]
    fn generator_for<'a>(&'a self, us: Color, targets: u64, safety: &'a KingSafety) -> Generator<'a> {
        let b = &self.board;
        let (own, enemy) = (b.by_color(us).0, b.by_color(!us).0);
        Generator { board: b, open: b.open(), own, enemy, targets, safety }
    }
}

/// What [`Position::proof_mobility`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ProofMobility {
    /// In check: the legal moves, the king's included.
    InCheck { moves: u32 },
    /// Not in check: the legal moves of the pieces other than the king.
    NotInCheck { without_king: u32 },
}

/// What one run of move generation works from: the board's masks, the
/// targets asked for and the mover's [`KingSafety`].
struct Generator<'a> {
    board: &'a HoleBoard,
    open: u64,
    own: u64,
    enemy: u64,
    targets: u64,
    safety: &'a KingSafety,
}

impl Generator<'_> {
    /// The legal targets of a non-king piece leaving square `f`: all, none,
    /// or only the single attacker (capturing it is the one way out).
    #[inline(always)]
    fn allowed(&self, f: usize) -> u64 {
        let KingSafety { king, checkers, pins, ref threats } = *self.safety;
        let Some(k) = king else { return !0 };
        if checkers == 0 && pins >> f & 1 == 0 {
            return !0;
        }
        let a = threats.attackers(k, self.open & !(1 << f));
        if a == 0 {
            !0
        } else if a & (a - 1) == 0 {
            a
        } else {
            0
        }
    }

    /// The moves of all of `us`'s pieces but the king, pawns promoting to
    /// `promotions`.
    #[inline(always)]
    fn all_but_king(&self, sink: &mut impl MoveSink, us: Color, promotions: &[Role]) {
        // One call per role (not a loop over roles), so that each is compiled for its role.
        self.pieces(sink, us, Role::Knight);
        self.pieces(sink, us, Role::Bishop);
        self.pieces(sink, us, Role::Rook);
        self.pieces(sink, us, Role::Queen);
        self.pieces(sink, us, Role::Champion);
        self.pieces(sink, us, Role::Wizard);
        self.pieces(sink, us, Role::Lion);
        match us {
            Color::White => self.pawns::<true>(sink, promotions),
            Color::Black => self.pawns::<false>(sink, promotions),
        }
    }

    /// The moves of `us`'s pieces of `role` (neither pawn nor king).
    #[inline(always)]
    fn pieces(&self, sink: &mut impl MoveSink, us: Color, role: Role) {
        for f in self.board.pieces(us, role) {
            let f = f.index();
            let t = attacks::piece_moves(role, us, f, self.open, self.own, self.enemy) & self.targets;
            if t != 0 {
                sink.targets(f, t & self.allowed(f));
            }
        }
    }

    /// The pawn moves of White (`WHITE`) or Black, promoting to `promotions`.
    #[inline(always)]
    fn pawns<const WHITE: bool>(&self, sink: &mut impl MoveSink, promotions: &[Role]) {
        let us = if WHITE { Color::White } else { Color::Black };
        let occupied = self.own | self.enemy;
        let last_rank = Bitboard::rank(us.last_rank()).0;
        for f in self.board.pieces(us, Role::Pawn) {
            let f = f.index();
            let quiet = attacks::pawn_pushes(us, f, self.open, occupied);
            let captures = attacks::pawn_captures(us, f, self.open) & self.enemy;
            let t = (quiet | captures) & self.targets;
            if t == 0 {
                continue;
            }
            let t = t & self.allowed(f);
            let promoting = t & captures & last_rank;
            sink.targets(f, t & !promoting);
            if promoting != 0 {
                sink.promotions(f, promoting, promotions);
            }
        }
    }

    /// The king moves of `us`: each target checked on its own.
    #[inline(always)]
    fn king(&self, sink: &mut impl MoveSink, us: Color) {
        let KingSafety { king, ref threats, .. } = *self.safety;
        for k in self.board.pieces(us, Role::King) {
            let k = k.index();
            let after = self.open & !(1 << k);
            let mut t = attacks::king(k, self.open) & self.targets & !self.own;
            let mut safe = 0;
            while t != 0 {
                let to = t.trailing_zeros() as usize;
                t &= t - 1;
                if king.is_none() || !threats.attacks(to, after) {
                    safe |= 1 << to;
                }
            }
            sink.targets(k, safe);
        }
    }
}

impl Position {
    /// Whether the side to move, not in check, surely has a legal move: a
    /// piece that is not pinned ([`KingSafety::pinned`]) can move without
    /// exposing its king. A `false` says nothing; the caller then generates
    /// the moves.
    pub(crate) fn surely_has_move(&self, safety: &KingSafety) -> bool {
        let b = &self.board;
        let us = self.turn;
        let open = b.open();
        let own = b.by_color(us).0;
        let enemy = b.by_color(!us).0;
        let occupied = own | enemy;
        let free = b.by_color(us) & !b.by_role(Role::King) & !safety.pinned();
        for s in free {
            let i = s.index();
            let role = b.piece_at(s).map_or(Role::King, |p| p.role);
            let targets = match role {
                Role::Pawn => {
                    let step = first(attacks::pawn_forward(us), i, open) & !occupied;
                    step | (attacks::pawn_captures(us, i, open) & enemy)
                }
                r => attacks::piece_moves(r, us, i, open, own, enemy),
            };
            if targets != 0 {
                return true;
            }
        }
        false
    }
}

#[inline(always)]
fn sq(i: usize) -> Square {
    Square::new(i as u8)
}

/// Where move generation puts the moves it finds: a [`MoveList`], or a
/// [`MoveCount`] when only their number matters (perft's last ply).
pub(crate) trait MoveSink {
    /// Adds a move from square index `from` to each square of `targets`.
    fn targets(&mut self, from: usize, targets: u64);
    /// Adds the promotions of the pawn on `from` onto each square of
    /// `targets`, one per role of `roles`.
    fn promotions(&mut self, from: usize, targets: u64, roles: &[Role]);
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn targets(&mut self, from: usize, mut targets: u64) {
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            self.push(Move::new(sq(from), sq(to), None));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, from: usize, mut targets: u64, roles: &[Role]) {
        while targets != 0 {
            let to = sq(targets.trailing_zeros() as usize);
            targets &= targets - 1;
            for &role in roles {
                self.push(Move::new(sq(from), to, Some(role)));
            }
        }
    }
}

/// A side's moves counted by the square they leave: the [`MoveSink`] of
/// [`Position::mobility_by_square`].
pub(crate) struct SquareMobility {
    from: [u16; 64],
    total: u32,
}

impl SquareMobility {
    /// The moves counted but those leaving `squares`.
    #[inline]
    pub(crate) fn without(&self, squares: Bitboard) -> u32 {
        squares.fold(self.total, |n, s| n - self.from[s.index()] as u32)
    }

    #[inline(always)]
    fn add(&mut self, from: usize, moves: u32) {
        self.from[from] += moves as u16;
        self.total += moves;
    }
}

impl MoveSink for SquareMobility {
    #[inline(always)]
    fn targets(&mut self, from: usize, targets: u64) {
        self.add(from, targets.count_ones());
    }

    #[inline(always)]
    fn promotions(&mut self, from: usize, targets: u64, roles: &[Role]) {
        self.add(from, targets.count_ones() * roles.len() as u32);
    }
}

/// A number of moves: the [`MoveSink`] that counts instead of listing.
pub(crate) struct MoveCount(usize);

impl MoveSink for MoveCount {
    #[inline(always)]
    fn targets(&mut self, _from: usize, targets: u64) {
        self.0 += targets.count_ones() as usize;
    }

    #[inline(always)]
    fn promotions(&mut self, _from: usize, targets: u64, roles: &[Role]) {
        self.0 += targets.count_ones() as usize * roles.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wormhole::Variant;
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};

    /// `proof_mobility` counts what it says, in every position of random
    /// games of both piece sets: all legal moves in check, else the moves
    /// of the pieces but the king, legal or not.
    #[test]
    fn proof_mobility_counts_the_moves_it_names() {
        let mut rng = SmallRng::seed_from_u64(22);
        let (mut checks, mut positions) = (0, 0);
        for variant in [Variant::Classic, Variant::Fairy] {
            for _ in 0..200 {
                let mut pos = Position::new(variant);
                loop {
                    let moves = pos.legal_moves();
                    let king = pos.board().king_of(pos.turn());
                    let mut unchecked = MoveList::new();
                    pos.generate(&mut unchecked, !0, false);
                    let without_king = unchecked.iter().filter(|m| Some(m.from()) != king).count() as u32;
                    let expected = if pos.king_safety().in_check() {
                        checks += 1;
                        ProofMobility::InCheck { moves: moves.len() as u32 }
                    } else {
                        ProofMobility::NotInCheck { without_king }
                    };
                    assert_eq!(pos.proof_mobility(None), expected, "{}", pos.fen());
                    // An estimate stands for the count out of check only.
                    let estimated = match expected {
                        ProofMobility::NotInCheck { .. } => ProofMobility::NotInCheck { without_king: 99 },
                        in_check => in_check,
                    };
                    assert_eq!(pos.proof_mobility(Some(99)), estimated, "{}", pos.fen());
                    positions += 1;
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        assert!(checks > 100, "only {checks} of {positions} positions were in check");
    }

    /// `mobility_by_square` counts either side's moves but the king's,
    /// legal or not, as if it were to move, by the square they leave, in
    /// every position of random games of both piece sets.
    #[test]
    fn mobility_by_square_counts_each_sides_moves_by_their_square() {
        let mut rng = SmallRng::seed_from_u64(23);
        for variant in [Variant::Classic, Variant::Fairy] {
            for _ in 0..100 {
                let mut pos = Position::new(variant);
                loop {
                    for color in [Color::White, Color::Black] {
                        let mut as_mover = pos.clone();
                        if as_mover.turn() != color {
                            as_mover.pass();
                        }
                        let mut unchecked = MoveList::new();
                        as_mover.generate(&mut unchecked, !0, false);
                        let king = pos.board().king_of(color);
                        let counts = pos.mobility_by_square(color);
                        let moves = unchecked.iter().filter(|m| Some(m.from()) != king);
                        assert_eq!(counts.without(Bitboard(0)), moves.clone().count() as u32, "{}", pos.fen());
                        for s in pos.board().by_color(color) {
                            let elsewhere = moves.clone().filter(|m| m.from() != s).count() as u32;
                            assert_eq!(counts.without(s.into()), elsewhere, "{} without {s}", pos.fen());
                        }
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
    }
}
