//! Orthodox legality from the king's point of view: who gives check, which
//! pieces are pinned and where a move may end, worked out once per
//! position so that each move is checked with one AND (the way every fast
//! orthodox move generator checks moves). Shared by the games played with
//! orthodox pieces; each passes the squares that block lines in its rules
//! (pieces, and Porthole chess's tokens).

use crate::core::orthodox::{attackers, bishop, rook};
use crate::core::{Board, Color, Role};

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` when they
/// share a rank, file or diagonal, else none.
static BETWEEN: [[u64; 64]; 64] = lines(false);
/// `LINE[a][b]`: the whole line through `a` and `b` (edge to edge) when
/// they share a rank, file or diagonal, else none.
static LINE: [[u64; 64]; 64] = lines(true);

const fn lines(whole: bool) -> [[u64; 64]; 64] {
    let mut table = [[0u64; 64]; 64];
    let deltas: [(i8, i8); 8] = [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1)];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = deltas[d];
            let (mut f, mut r) = ((a % 8) as i8 + df, (a / 8) as i8 + dr);
            let mut passed = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                table[a][b] = if whole { ray(a, df, dr) | ray(a, -df, -dr) | 1 << a } else { passed };
                passed |= 1 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

/// The squares beyond `a` going `(df, dr)` to the edge.
const fn ray(a: usize, df: i8, dr: i8) -> u64 {
    let (mut f, mut r) = ((a % 8) as i8 + df, (a / 8) as i8 + dr);
    let mut bits = 0u64;
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        bits |= 1 << (r * 8 + f);
        f += df;
        r += dr;
    }
    bits
}

/// The squares strictly between `a` and `b` on their common line (none if
/// they share no line).
#[inline(always)]
pub(crate) fn between(a: usize, b: usize) -> u64 {
    BETWEEN[a][b]
}

/// The line through `a` and `b`, edge to edge (none if they share no line).
#[inline(always)]
pub(crate) fn line(a: usize, b: usize) -> u64 {
    LINE[a][b]
}

/// Checks and pins of the side to move's king.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KingView {
    /// The king's square.
    pub king: usize,
    /// The enemy pieces giving check.
    pub checkers: u64,
    /// Where a non-king move may end: everywhere when not in check, the
    /// checker or a square between it and the king in single check,
    /// nowhere in double check.
    pub check_mask: u64,
    /// The mover's pieces that may move only along their line to the king.
    pub pinned: u64,
}

impl KingView {
    /// The view of `us`'s king on `king` in `board`, where `blockers` block
    /// lines and `pinnable` holds the pieces of `us` whose leaving opens
    /// their square (a piece on a Porthole token leaves the token behind:
    /// it is never pinned).
    #[inline]
    pub(crate) fn new(board: &Board, us: Color, king: usize, blockers: u64, pinnable: u64) -> KingView {
        let them = !us;
        let checkers = attackers(board, king, them, blockers);
        let queens = board.pieces(them, Role::Queen).0;
        let enemy = board.by_color(them).0;
        // Enemy sliders seeing the king through our pieces alone.
        let snipers = rook(king, enemy) & (board.pieces(them, Role::Rook).0 | queens)
            | bishop(king, enemy) & (board.pieces(them, Role::Bishop).0 | queens);
        let mut pinned = 0;
        for sniper in crate::core::Bitboard(snipers & !checkers) {
            let shield = between(king, sniper.index()) & blockers;
            if shield.count_ones() == 1 {
                pinned |= shield & pinnable;
            }
        }
        let check_mask = match checkers.count_ones() {
            0 => !0,
            1 => checkers | between(king, checkers.trailing_zeros() as usize),
            _ => 0,
        };
        KingView { king, checkers, check_mask, pinned }
    }

    /// Whether the king is in check.
    #[inline(always)]
    pub(crate) fn in_check(&self) -> bool {
        self.checkers != 0
    }

    /// The squares a non-king move from `s` may end on.
    #[inline(always)]
    pub(crate) fn mask(&self, s: usize) -> u64 {
        if self.pinned >> s & 1 != 0 { self.check_mask & line(self.king, s) } else { self.check_mask }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Square;

    fn at(name: &str) -> usize {
        name.parse::<Square>().unwrap().index()
    }

    fn bits(names: &[&str]) -> u64 {
        names.iter().fold(0, |b, n| b | 1u64 << at(n))
    }

    #[test]
    fn lines_and_betweens() {
        assert_eq!(between(at("a1"), at("d4")), bits(&["b2", "c3"]));
        assert_eq!(between(at("a1"), at("b3")), 0);
        assert_eq!(line(at("b2"), at("c3")).count_ones(), 8);
        assert_eq!(line(at("e1"), at("e5")), 0x1010_1010_1010_1010);
    }

    #[test]
    fn a_pinned_piece_moves_on_its_line_and_a_check_must_be_answered() {
        let mut board = Board::empty();
        let put = |b: &mut Board, sq: &str, c: char| {
            b.put(sq.parse().unwrap(), crate::core::Roles::ORTHODOX.piece_from_letter(c).unwrap())
        };
        put(&mut board, "e1", 'K');
        put(&mut board, "e2", 'R');
        put(&mut board, "e8", 'q');
        let occ = board.occupied().0;
        let view = KingView::new(&board, Color::White, at("e1"), occ, board.by_color(Color::White).0);
        assert_eq!(view.pinned, bits(&["e2"]));
        assert_eq!(view.mask(at("e2")), line(at("e1"), at("e8")));
        put(&mut board, "d2", 'N');
        put(&mut board, "a5", 'b');
        let occ = board.occupied().0;
        let view = KingView::new(&board, Color::White, at("e1"), occ, board.by_color(Color::White).0);
        assert_eq!(view.checkers, 0);
        assert_eq!(view.pinned, bits(&["e2", "d2"]));
        board.take("d2".parse().unwrap());
        board.take("e2".parse().unwrap());
        let occ = board.occupied().0;
        let view = KingView::new(&board, Color::White, at("e1"), occ, board.by_color(Color::White).0);
        assert_eq!(view.checkers, bits(&["e8", "a5"]));
        assert_eq!(view.check_mask, 0, "double check: only the king moves");
        board.take("a5".parse().unwrap());
        let occ = board.occupied().0;
        let view = KingView::new(&board, Color::White, at("e1"), occ, board.by_color(Color::White).0);
        assert_eq!(view.checkers, bits(&["e8"]));
        assert_eq!(view.check_mask, bits(&["e2", "e3", "e4", "e5", "e6", "e7", "e8"]));
    }
}
