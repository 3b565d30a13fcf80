//! Correction history ([`Features::correction`](super::Features::correction)):
//! how far the searches of recent nodes found their positions from the
//! static evaluation, by the pawns on the board and the side to move. A
//! pawn structure the evaluation misjudges (a weakness it has no term for,
//! a blocked centre) is misjudged in every position that has it, so the
//! error one search measured corrects the static evaluation of the next
//! position with those pawns, and the pruning near the leaves, which
//! trusts that evaluation, errs less.

use super::Searchable;
use crate::core::{Color, Role};

/// How many entries each side's table has (a power of two).
const SIZE: usize = 1 << 14;
/// An entry is the correction in centipawns times this.
const GRAIN: i32 = 32;
/// Entries stay within plus or minus this (the gravity update keeps them
/// there): a correction of at most `LIMIT / GRAIN` centipawns.
const LIMIT: i32 = 1024;

/// The correction table, by side to move and pawn structure.
pub(super) struct Correction(Box<[[i32; SIZE]; 2]>);

impl Correction {
    /// An empty table: no correction anywhere.
    pub(super) fn new() -> Correction {
        Correction(Box::new([[0; SIZE]; 2]))
    }

    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        self.0.as_flattened_mut().fill(0);
    }

    /// The correction of `pos`'s static evaluation, in centipawns.
    #[inline]
    pub(super) fn of<P: Searchable>(&self, pos: &P) -> i32 {
        self.0[pos.turn().index()][pawn_index(pos)] / GRAIN
    }

    /// A search of `pos` found `value` where the corrected static
    /// evaluation said `eval`, `depth` plies deep: the entry moves
    /// towards the difference, the more the deeper the search.
    #[inline]
    pub(super) fn update<P: Searchable>(&mut self, pos: &P, eval: i32, value: i32, depth: i32) {
        let bonus = ((value - eval) * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let e = &mut self.0[pos.turn().index()][pawn_index(pos)];
        *e += bonus - *e * bonus.abs() / LIMIT;
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

#[cfg(test)]
#[cfg(feature = "porthole")]
mod tests {
    use super::*;
    use crate::games::porthole::Position;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn a_searched_error_corrects_positions_with_the_same_pawns_and_side_only() {
        let mut c = Correction::new();
        let start = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -");
        // Same pawns, a knight elsewhere: the same entry.
        let knight_out = pos("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 1 -");
        let other_pawns = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 -");
        let black_to_move = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 -");
        for _ in 0..20 {
            c.update(&start, 0, 100, 16);
        }
        let learned = c.of(&start);
        assert!(learned > 0, "a search above the evaluation raises the correction: {learned}");
        assert_eq!(c.of(&knight_out), learned);
        assert_eq!(c.of(&other_pawns), 0);
        assert_eq!(c.of(&black_to_move), 0);
        c.clear();
        assert_eq!(c.of(&start), 0);
    }

    #[test]
    fn the_correction_stays_within_its_limit_and_follows_the_error_down() {
        let mut c = Correction::new();
        let p = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1 -");
        for _ in 0..1000 {
            c.update(&p, 0, 5000, 60);
        }
        assert!((1..=LIMIT / GRAIN).contains(&c.of(&p)), "{}", c.of(&p));
        for _ in 0..1000 {
            c.update(&p, 0, -5000, 60);
        }
        assert!((-LIMIT / GRAIN..=-1).contains(&c.of(&p)), "{}", c.of(&p));
    }
}
