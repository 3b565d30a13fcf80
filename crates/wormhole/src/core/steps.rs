//! Steps along rays: "the n-th open square from `s` in direction `d`", and
//! orthodox slides that stop at the first blocker.
//!
//! For each square and direction we keep the ray of squares beyond it;
//! masking the ray with a set of squares that count (the *open* squares)
//! and taking its nearest bit gives the first of them, clearing that bit
//! and repeating gives the second. Rays whose squares have increasing
//! indices use the lowest bit, the others the highest. Wormhole chess
//! builds every move from these steps (its open squares are the ones that
//! are not holes); the orthodox games slide with them (every square open).
//!
//! Every function takes the open squares as a raw `u64` and returns a
//! one-bit mask, or `0` when the edge of the board comes first.
//! Square index 64 stands for "no square": its rays are empty, so a step from
//! a failed step fails too without a branch (`0u64.trailing_zeros() == 64`).

/// North (towards rank 8).
pub const N: usize = 0;
/// East (towards the h-file).
pub const E: usize = 1;
/// North-east.
pub const NE: usize = 2;
/// North-west.
pub const NW: usize = 3;
/// South.
pub const S: usize = 4;
/// West.
pub const W: usize = 5;
/// South-west.
pub const SW: usize = 6;
/// South-east.
pub const SE: usize = 7;

/// The four orthogonal directions.
pub const ORTHOGONAL: [usize; 4] = [N, E, S, W];
/// The four diagonal directions.
pub const DIAGONAL: [usize; 4] = [NE, NW, SW, SE];
/// All eight directions.
pub const ALL: [usize; 8] = [N, E, NE, NW, S, W, SW, SE];

/// The two diagonals that continue an orthogonal direction (a knight's
/// second step after stepping `o`), indexed by the orthogonal direction.
pub const DIAGONALS_OF: [[usize; 2]; 8] = {
    let mut t = [[0; 2]; 8];
    t[N] = [NE, NW];
    t[E] = [NE, SE];
    t[S] = [SW, SE];
    t[W] = [NW, SW];
    t
};

/// The two orthogonal components of a diagonal direction, indexed by it.
pub const COMPONENTS_OF: [[usize; 2]; 8] = {
    let mut t = [[0; 2]; 8];
    t[NE] = [N, E];
    t[NW] = [N, W];
    t[SW] = [S, W];
    t[SE] = [S, E];
    t
};

const DELTAS: [(i8, i8); 8] = [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1)];

/// The a-file.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The h-file.
pub const FILE_H: u64 = FILE_A << 7;

/// The squares of `squares` moved one square in direction `d`, those that
/// would leave the board dropped (a step for many squares at once, holes
/// and pieces ignored).
#[inline(always)]
pub fn shift(d: usize, squares: u64) -> u64 {
    match d {
        N => squares << 8,
        S => squares >> 8,
        E => (squares & !FILE_H) << 1,
        W => (squares & !FILE_A) >> 1,
        NE => (squares & !FILE_H) << 9,
        NW => (squares & !FILE_A) << 7,
        SE => (squares & !FILE_H) >> 7,
        _ => (squares & !FILE_A) >> 9,
    }
}

/// `RAYS[d][s]`: the squares strictly beyond `s` in direction `d`; `RAYS[d][64]` is empty.
static RAYS: [[u64; 65]; 8] = {
    let mut rays = [[0u64; 65]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 64 {
            let (df, dr) = DELTAS[d];
            let mut f = (s % 8) as i8 + df;
            let mut r = (s / 8) as i8 + dr;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                rays[d][s] |= 1 << (r * 8 + f);
                f += df;
                r += dr;
            }
            s += 1;
        }
        d += 1;
    }
    rays
};

#[inline(always)]
fn nearest(d: usize, x: u64) -> u64 {
    if d < 4 {
        x & x.wrapping_neg()
    } else {
        // The highest set bit; for x == 0 the shift is by 64, wrapping to 0, and `& x` clears it.
        (1u64 << 63).wrapping_shr(x.leading_zeros()) & x
    }
}

/// The index of a one-bit mask, or 64 for the empty mask.
#[inline(always)]
pub fn index(bit: u64) -> usize {
    bit.trailing_zeros() as usize
}

/// The squares strictly beyond `s` (0..=64) in direction `d`, up to the
/// edge, holes or not: every square a step from `s` that way can reach.
#[inline(always)]
pub fn ray(d: usize, s: usize) -> u64 {
    RAYS[d][s]
}

/// The first open square from `s` (0..=64) in direction `d`.
#[inline(always)]
pub fn first(d: usize, s: usize, open: u64) -> u64 {
    nearest(d, RAYS[d][s] & open)
}

/// The squares a slider on `s` reaches in direction `d` when `stop` holds the
/// squares that block it: every square up to and including the first one in
/// `stop`, or up to the edge. (Porthole chess's orthodox lines, where pieces
/// and tokens block.)
#[inline(always)]
pub fn slide(d: usize, s: usize, stop: u64) -> u64 {
    RAYS[d][s] ^ RAYS[d][index(first(d, s, stop))]
}

/// The second open square from `s` (0..=64) in direction `d`.
#[inline(always)]
pub fn second(d: usize, s: usize, open: u64) -> u64 {
    let x = RAYS[d][s] & open;
    nearest(d, x ^ nearest(d, x))
}

/// The first and the second open square from `s` in direction `d`.
#[inline(always)]
pub fn first_and_second(d: usize, s: usize, open: u64) -> (u64, u64) {
    let x = RAYS[d][s] & open;
    let a = nearest(d, x);
    (a, nearest(d, x ^ a))
}

/// The first three open squares from `s` in direction `d`.
#[inline(always)]
pub fn first_three(d: usize, s: usize, open: u64) -> (u64, u64, u64) {
    let x = RAYS[d][s] & open;
    let a = nearest(d, x);
    let b = nearest(d, x ^ a);
    (a, b, nearest(d, x ^ a ^ b))
}

/// The first and second open squares from `s` in direction `d`, as one mask.
#[inline(always)]
pub fn first_two(d: usize, s: usize, open: u64) -> u64 {
    let x = RAYS[d][s] & open;
    let a = nearest(d, x);
    a | nearest(d, x ^ a)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> usize {
        name.parse::<crate::core::Square>().unwrap().index()
    }

    #[test]
    fn steps_skip_holes() {
        // King on e4 with holes on e5 and e6 steps up to e7
        // (docs/wormhole.md#counting-squares-skips-holes).
        let holes = 1u64 << sq("e5") | 1u64 << sq("e6");
        assert_eq!(first(N, sq("e4"), !holes), 1 << sq("e7"));
        assert_eq!(second(N, sq("e4"), !holes), 1 << sq("e8"));
        assert_eq!(second(S, sq("e8"), !holes), 1 << sq("e4"));
        assert_eq!(first(N, sq("e8"), !0), 0);
        assert_eq!(second(W, sq("b1"), !0), 0);
        assert_eq!(first_two(W, sq("c1"), !0), 1 << sq("a1") | 1 << sq("b1"));
        assert_eq!(first(N, 64, !0), 0);
    }

    #[test]
    fn slides_stop_on_the_first_blocker() {
        let bit = |name| 1u64 << sq(name);
        assert_eq!(slide(N, sq("e4"), bit("e6")), bit("e5") | bit("e6"));
        assert_eq!(slide(SW, sq("c3"), 0), bit("b2") | bit("a1"));
        assert_eq!(slide(W, sq("a1"), !0), 0);
    }
}
