//! Correction history ([`Features::correction`](super::Features::correction)
//! and the switches after it): how far the searches of recent nodes found
//! their positions from the static evaluation, by what the positions
//! share. A pawn structure the evaluation misjudges (a weakness it has no
//! term for, a blocked centre) is misjudged in every position that has
//! it, so the error one search measured corrects the static evaluation of
//! the next position with those pawns, and the pruning near the leaves,
//! which trusts that evaluation, errs less. The same holds, more weakly,
//! of each side's other pieces where they stand
//! ([`Features::correction_pieces`](super::Features::correction_pieces))
//! and of the move that led to the position
//! ([`Features::correction_previous`](super::Features::correction_previous)):
//! each has tables of its own, and the corrections add up, within a limit.

use super::pages::prefetch;
use super::piece_to::PieceTo;
use super::{Features, Searchable};
use crate::core::{Color, Role};

/// How many entries each side's table by a hash has (a power of two).
const SIZE: usize = 1 << 14;
/// An entry is the correction in centipawns times this.
const GRAIN: i32 = 32;
/// The most one update moves an entry (in entry units): the rate of
/// learning, the same whatever the limit.
const MAX_BONUS: i32 = 256;
/// The default limit of the correction, in centipawns.
pub(super) const DEFAULT_LIMIT: i32 = 32;
/// The largest limit a search may set, in centipawns
/// ([`Features::CORRECTION_LIMITS`]): its entries in [`GRAIN`]s fit in 16 bits.
const MAX_LIMIT: i32 = *Features::CORRECTION_LIMITS.end() as i32;
const _: () = assert!(MAX_LIMIT * GRAIN <= i16::MAX as i32);

/// Which of the correction's tables the search reads and teaches, and the
/// limit of their sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct CorrectionTables {
    /// By side to move and the pawns.
    pub pawns: bool,
    /// By side to move and each side's pieces other than pawns (two tables).
    pub pieces: bool,
    /// By side to move and the previous move's piece and target.
    pub previous: bool,
    /// The correction stays within plus or minus this many centipawns;
    /// each table's entries too.
    pub limit: i32,
}

impl CorrectionTables {
    /// The tables `features` ask for, the game's where they leave it open.
    pub fn chosen<P: Searchable>(features: &Features) -> CorrectionTables {
        CorrectionTables {
            pawns: features.correction.unwrap_or(P::CORRECTION),
            pieces: features.correction_pieces.unwrap_or(P::CORRECTION_PIECES),
            previous: features.correction_previous.unwrap_or(P::CORRECTION_PREVIOUS),
            limit: features.correction_limit.map_or(DEFAULT_LIMIT, |l| (l as i32).clamp(1, MAX_LIMIT)),
        }
    }

    /// Whether any table is on.
    #[inline]
    pub fn any(self) -> bool {
        self.pawns || self.pieces || self.previous
    }
}

/// What a position is known by in the tables: its indices, computed once
/// for the reading and the teaching of one node (the default: no position's).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct CorrectionKey {
    turn: usize,
    pawns: usize,
    pieces: [usize; 2],
    previous: Option<PieceTo>,
}

impl CorrectionKey {
    /// The key of `pos`, reached by the move `previous` (its piece and
    /// target; `None`: not known); hashes of the tables `tables` leaves
    /// off are not computed.
    #[inline]
    pub fn of<P: Searchable>(pos: &P, previous: Option<PieceTo>, tables: CorrectionTables) -> CorrectionKey {
        let pieces = |c| if tables.pieces { pieces_index(pos, c) } else { 0 };
        CorrectionKey {
            turn: pos.turn().index(),
            pawns: if tables.pawns { pawn_index(pos) } else { 0 },
            pieces: [pieces(Color::White), pieces(Color::Black)],
            previous: previous.filter(|_| tables.previous),
        }
    }
}

/// The correction tables, each by side to move. Entries stay within the
/// largest limit, [`MAX_LIMIT`] times [`GRAIN`], which 16 bits hold: the
/// tables take half the cache they would in 32.
pub(super) struct Correction {
    pawns: Box<[[i16; SIZE]; 2]>,
    /// By side to move, then the colour of the pieces hashed.
    pieces: Box<[[[i16; SIZE]; 2]; 2]>,
    previous: Box<[[i16; PieceTo::COUNT]; 2]>,
}

impl Correction {
    /// Empty tables: no correction anywhere.
    pub(super) fn new() -> Correction {
        Correction {
            pawns: Box::new([[0; SIZE]; 2]),
            pieces: Box::new([[[0; SIZE]; 2]; 2]),
            previous: Box::new([[0; PieceTo::COUNT]; 2]),
        }
    }

    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        self.pawns.as_flattened_mut().fill(0);
        self.pieces.as_flattened_mut().as_flattened_mut().fill(0);
        self.previous.as_flattened_mut().fill(0);
    }

    /// Hints the processor to load the entries of the position known by
    /// `key` in the tables `tables` has on, to be read soon: the search
    /// asks for them before the static evaluation, whose own memory
    /// (the evaluation cache) is then loaded at the same time.
    #[inline]
    pub(super) fn prefetch(&self, key: CorrectionKey, tables: CorrectionTables) {
        if tables.pawns {
            prefetch(&self.pawns[key.turn][key.pawns]);
        }
        if tables.pieces {
            let [white, black] = &self.pieces[key.turn];
            prefetch(&white[key.pieces[0]]);
            prefetch(&black[key.pieces[1]]);
        }
    }

    /// The correction of the static evaluation of the position known by
    /// `key`, in centipawns: the sum of the tables on, within their limit.
    #[inline]
    pub(super) fn of(&self, key: CorrectionKey, tables: CorrectionTables) -> i32 {
        let mut sum = 0;
        if tables.pawns {
            sum += i32::from(self.pawns[key.turn][key.pawns]);
        }
        if tables.pieces {
            let [white, black] = &self.pieces[key.turn];
            sum += i32::from(white[key.pieces[0]]) + i32::from(black[key.pieces[1]]);
        }
        if let Some(p) = key.previous {
            sum += i32::from(self.previous[key.turn][p.index()]);
        }
        (sum / GRAIN).clamp(-tables.limit, tables.limit)
    }

    /// A search of the position known by `key` found `value` where the
    /// corrected static evaluation said `eval`, `depth` plies deep: each
    /// table's entry moves towards the difference, the more the deeper
    /// the search.
    #[inline]
    pub(super) fn update(&mut self, key: CorrectionKey, tables: CorrectionTables, eval: i32, value: i32, depth: i32) {
        let bonus = ((value - eval) * depth / 8).clamp(-MAX_BONUS, MAX_BONUS);
        let limit = tables.limit * GRAIN;
        let learn = |e: &mut i16| {
            let old = i32::from(*e);
            *e = (old + bonus - old * bonus.abs() / limit) as i16;
        };
        if tables.pawns {
            learn(&mut self.pawns[key.turn][key.pawns]);
        }
        if tables.pieces {
            let [white, black] = &mut self.pieces[key.turn];
            learn(&mut white[key.pieces[0]]);
            learn(&mut black[key.pieces[1]]);
        }
        if let Some(p) = key.previous {
            learn(&mut self.previous[key.turn][p.index()]);
        }
    }
}

/// The table index of `pos`'s pawns (each board's, by colour), hashed.
#[inline]
fn pawn_index<P: Searchable>(pos: &P) -> usize {
    let mut key = 0u64;
    for b in pos.boards() {
        let pawns = b.by_role(Role::Pawn);
        let white = (pawns & b.by_color(Color::White)).0;
        let black = (pawns & b.by_color(Color::Black)).0;
        key = (key ^ white).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
            ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    }
    (key >> (64 - SIZE.trailing_zeros())) as usize
}

/// The table index of `color`'s pieces other than pawns, role by role
/// (each board's), hashed. Never inlined: inlined, the two colours' hashes
/// were computed side by side in vector registers, whose 64-bit multiply
/// takes five times as long as a scalar one, and the hash is a chain of
/// multiplies (README, "Speed in ordinary chess, and where the time goes").
#[inline(never)]
fn pieces_index<P: Searchable>(pos: &P, color: Color) -> usize {
    let mut key = 0u64;
    for b in pos.boards() {
        let own = b.by_color(color) & !b.by_role(Role::Pawn);
        for role in &Role::SLOTS[1..] {
            key = (key ^ (own & b.by_role(*role)).0).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
        }
    }
    (key.wrapping_mul(0xC2B2_AE3D_27D4_EB4F) >> (64 - SIZE.trailing_zeros())) as usize
}

#[cfg(test)]
#[cfg(feature = "porthole")]
mod tests {
    use super::*;
    use crate::games::porthole::Position;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";
    const ONLY_PAWNS: CorrectionTables =
        CorrectionTables { pawns: true, pieces: false, previous: false, limit: DEFAULT_LIMIT };
    const ONLY_PIECES: CorrectionTables = CorrectionTables { pieces: true, pawns: false, ..ONLY_PAWNS };
    const ONLY_PREVIOUS: CorrectionTables = CorrectionTables { previous: true, pawns: false, ..ONLY_PAWNS };

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    /// The correction of `fen` reached by `previous` in the tables `t`.
    fn of(c: &Correction, t: CorrectionTables, fen: &str, previous: Option<PieceTo>) -> i32 {
        c.of(CorrectionKey::of(&pos(fen), previous, t), t)
    }

    /// Teaches `t` twenty times that `fen` searched 100 cp above its evaluation.
    fn teach(c: &mut Correction, t: CorrectionTables, fen: &str, previous: Option<PieceTo>) {
        for _ in 0..20 {
            c.update(CorrectionKey::of(&pos(fen), previous, t), t, 0, 100, 16);
        }
    }

    /// The piece and target of the move `san` in `fen`.
    fn piece_to(fen: &str, san: &str) -> Option<PieceTo> {
        let p = pos(fen);
        PieceTo::of(&p, p.parse_move(san).unwrap())
    }

    #[test]
    fn a_searched_error_corrects_positions_with_the_same_pawns_and_side_only() {
        let mut c = Correction::new();
        // Same pawns, a knight elsewhere: the same entry.
        let knight_out = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 1 -";
        let other_pawns = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 -";
        let black_to_move = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 -";
        teach(&mut c, ONLY_PAWNS, START, None);
        let learned = of(&c, ONLY_PAWNS, START, None);
        assert!(learned > 0, "a search above the evaluation raises the correction: {learned}");
        assert_eq!(of(&c, ONLY_PAWNS, knight_out, None), learned);
        assert_eq!(of(&c, ONLY_PAWNS, other_pawns, None), 0);
        assert_eq!(of(&c, ONLY_PAWNS, black_to_move, None), 0);
        // The tables left off neither read nor learn.
        assert_eq!(of(&c, ONLY_PIECES, START, None), 0);
        c.clear();
        assert_eq!(of(&c, ONLY_PAWNS, START, None), 0);
    }

    #[test]
    fn the_pieces_tables_separate_each_sides_pieces_by_role_and_square() {
        let mut c = Correction::new();
        teach(&mut c, ONLY_PIECES, START, None);
        let learned = of(&c, ONLY_PIECES, START, None);
        assert!(learned > 0, "{learned}");
        // Other pawns, the same pieces: both entries.
        assert_eq!(of(&c, ONLY_PIECES, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 -", None), learned);
        // White's knight elsewhere: Black's entry alone.
        let knight_out = of(&c, ONLY_PIECES, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 1 -", None);
        assert!((1..learned).contains(&knight_out), "{knight_out} of {learned}");
        // The same squares with the king and queen swapped: neither entry.
        assert_eq!(of(&c, ONLY_PIECES, "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1 -", None), 0);
        assert_eq!(of(&c, ONLY_PIECES, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 -", None), 0);
    }

    #[test]
    fn the_previous_move_table_separates_moves_by_piece_and_target() {
        let mut c = Correction::new();
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 -";
        let e4 = piece_to(START, "e4");
        teach(&mut c, ONLY_PREVIOUS, after_e4, e4);
        let learned = of(&c, ONLY_PREVIOUS, after_e4, e4);
        assert!(learned > 0, "{learned}");
        // Another position reached by the same move: the same entry.
        let other = "rnbqkbnr/pppppppp/8/8/4P3/8/PPP2PPP/RNBQKBNR b KQkq - 0 1 -";
        assert_eq!(of(&c, ONLY_PREVIOUS, other, e4), learned);
        assert_eq!(of(&c, ONLY_PREVIOUS, after_e4, piece_to(START, "e3")), 0);
        assert_eq!(of(&c, ONLY_PREVIOUS, after_e4, piece_to(START, "Nf3")), 0);
        assert_eq!(of(&c, ONLY_PREVIOUS, after_e4, None), 0);
    }

    #[test]
    fn the_correction_stays_within_its_limit_and_follows_the_error_down() {
        let fen = "4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1 -";
        let all = CorrectionTables { pawns: true, pieces: true, previous: true, limit: DEFAULT_LIMIT };
        let previous = piece_to("4k3/pp6/8/8/8/8/PP6/3K4 w - - 0 1 -", "Ke1");
        for t in [ONLY_PAWNS, all, CorrectionTables { limit: 96, ..all }] {
            let mut c = Correction::new();
            let key = CorrectionKey::of(&pos(fen), previous, t);
            for _ in 0..1000 {
                c.update(key, t, 0, 5000, 60);
            }
            assert!((1..=t.limit).contains(&c.of(key, t)), "{t:?}: {}", c.of(key, t));
            for _ in 0..1000 {
                c.update(key, t, 0, -5000, 60);
            }
            assert!((-t.limit..=-1).contains(&c.of(key, t)), "{t:?}: {}", c.of(key, t));
        }
        // With more tables, a larger limit is reached.
        let wide = CorrectionTables { limit: 96, ..all };
        let mut c = Correction::new();
        let key = CorrectionKey::of(&pos(fen), previous, wide);
        for _ in 0..1000 {
            c.update(key, wide, 0, 5000, 60);
        }
        assert!(c.of(key, wide) > DEFAULT_LIMIT, "{}", c.of(key, wide));
    }
}
