//! Orthodox reach on one 8x8 board: leaper tables and sliding rays. Every
//! function returns a raw mask of the squares a piece could capture on;
//! lines stop at (and include) the first occupied square.

use crate::{Color, Role};

/// The eight directions as (file, rank) steps: N, NE, E, SE, S, SW, W, NW.
const DIRECTIONS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
/// Rook directions (indexes into [`DIRECTIONS`]).
const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];
/// Bishop directions.
const DIAGONAL: [usize; 4] = [1, 3, 5, 7];

const fn step(s: usize, (df, dr): (i8, i8)) -> Option<usize> {
    let f = (s % 8) as i8 + df;
    let r = (s / 8) as i8 + dr;
    if f >= 0 && f < 8 && r >= 0 && r < 8 { Some((r * 8 + f) as usize) } else { None }
}

const fn leapers(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let mut i = 0;
        while i < deltas.len() {
            if let Some(t) = step(s, deltas[i]) {
                table[s] |= 1 << t;
            }
            i += 1;
        }
        s += 1;
    }
    table
}

const fn rays() -> [[u64; 64]; 8] {
    let mut table = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 64 {
            let mut at = step(s, DIRECTIONS[d]);
            while let Some(t) = at {
                table[d][s] |= 1 << t;
                at = step(t, DIRECTIONS[d]);
            }
            s += 1;
        }
        d += 1;
    }
    table
}

static KNIGHT: [u64; 64] = leapers(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
static KING: [u64; 64] = leapers(&DIRECTIONS);
/// `PAWN[color][s]`: where a pawn of `color` on `s` captures.
static PAWN: [[u64; 64]; 2] = [leapers(&[(-1, 1), (1, 1)]), leapers(&[(-1, -1), (1, -1)])];
/// `RAYS[d][s]`: every square from `s` (excluded) to the edge in direction `d`.
static RAYS: [[u64; 64]; 8] = rays();

/// The squares in direction `d` from `s` up to and including the first of `occupied`.
#[inline(always)]
fn slide(d: usize, s: usize, occupied: u64) -> u64 {
    let ray = RAYS[d][s];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    // N, NE, E and NW go up the square indexes; the others go down.
    let first = if matches!(d, 0 | 1 | 2 | 7) { blockers.trailing_zeros() } else { 63 - blockers.leading_zeros() };
    ray ^ RAYS[d][first as usize]
}

/// Knight jumps from `s`.
#[inline(always)]
pub(crate) fn knight(s: usize) -> u64 {
    KNIGHT[s]
}

/// King steps from `s`.
#[inline(always)]
pub(crate) fn king(s: usize) -> u64 {
    KING[s]
}

/// The squares a pawn of `color` on `s` captures on.
#[inline(always)]
pub(crate) fn pawn(color: Color, s: usize) -> u64 {
    PAWN[color.index()][s]
}

/// Rook lines from `s`.
#[inline(always)]
pub(crate) fn rook(s: usize, occupied: u64) -> u64 {
    ORTHOGONAL.iter().fold(0, |t, &d| t | slide(d, s, occupied))
}

/// Bishop lines from `s`.
#[inline(always)]
pub(crate) fn bishop(s: usize, occupied: u64) -> u64 {
    DIAGONAL.iter().fold(0, |t, &d| t | slide(d, s, occupied))
}

/// What a piece of `role` and `color` on `s` attacks (no fairy pieces here).
#[inline(always)]
pub(crate) fn attacks(role: Role, color: Color, s: usize, occupied: u64) -> u64 {
    match role {
        Role::Pawn => pawn(color, s),
        Role::Knight => knight(s),
        Role::Bishop => bishop(s, occupied),
        Role::Rook => rook(s, occupied),
        Role::Queen => rook(s, occupied) | bishop(s, occupied),
        Role::King => king(s),
        Role::Champion | Role::Wizard | Role::Lion => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    fn bits(names: &[&str]) -> u64 {
        names.iter().map(|n| 1u64 << n.parse::<Square>().unwrap().index()).fold(0, |a, b| a | b)
    }

    fn at(name: &str) -> usize {
        name.parse::<Square>().unwrap().index()
    }

    #[test]
    fn lines_stop_on_the_first_piece_and_include_it() {
        let occupied = bits(&["d6", "f4", "b4"]);
        assert_eq!(rook(at("d4"), occupied), bits(&["d5", "d6", "e4", "f4", "d3", "d2", "d1", "c4", "b4"]));
        assert_eq!(bishop(at("a1"), bits(&["c3"])), bits(&["b2", "c3"]));
        assert_eq!(bishop(at("h8"), 0).count_ones(), 7);
    }

    #[test]
    fn leapers_stay_on_the_board() {
        assert_eq!(knight(at("a1")), bits(&["b3", "c2"]));
        assert_eq!(king(at("h8")), bits(&["g8", "g7", "h7"]));
        assert_eq!(pawn(Color::White, at("a2")), bits(&["b3"]));
        assert_eq!(pawn(Color::Black, at("h7")), bits(&["g6"]));
    }
}
