//! Which pieces attack a square, found by walking every piece's paths
//! backwards from it.
//!
//! Because holes make paths one-way, knight and wizard attackers are found
//! with the reversed paths: the diagonal step back first, then the
//! orthogonal step(s) back. King, rook, bishop, queen, champion, lion and
//! pawn steps are symmetric (the n-th open square from `a` towards `b` is `b`
//! exactly when the n-th from `b` back towards `a` is `a`).

use super::HoleBoard;
use crate::core::steps::{self, COMPONENTS_OF, E, N, NE, NW, S, SE, SW, W};
use crate::core::steps::{first, first_and_second, first_three, index, second};
use crate::core::{Color, Role};

/// `QUADRANTS[d][s]`, for a diagonal direction `d`: the squares beyond `s`
/// both ways `d` leans (north-east of `s`: a higher file and a higher
/// rank). Every knight or wizard path from `s` that starts with the
/// diagonal step `d` stays in it, whatever the holes.
static QUADRANTS: [[u64; 64]; 8] = {
    let mut quadrants = [[0u64; 64]; 8];
    let mut s = 0;
    while s < 64 {
        let (file, rank) = (s % 8, s / 8);
        let mut t = 0;
        while t < 64 {
            let (f, r) = (t % 8, t / 8);
            let bit = 1u64 << t;
            if f > file && r > rank {
                quadrants[steps::NE][s] |= bit;
            }
            if f < file && r > rank {
                quadrants[steps::NW][s] |= bit;
            }
            if f < file && r < rank {
                quadrants[steps::SW][s] |= bit;
            }
            if f > file && r < rank {
                quadrants[steps::SE][s] |= bit;
            }
            t += 1;
        }
        s += 1;
    }
    quadrants
};

/// One side's pieces grouped by the path squares they attack from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Threats {
    orthogonal_first: u64,
    orthogonal_second: u64,
    diagonal_first: u64,
    diagonal_second: u64,
    pawns: u64,
    /// Bit `d` set: the pawns attack a square from its direction `d`.
    pawn_dirs: u8,
    knights: u64,
    wizards: u64,
}

/// What [`Threats::exposure`] finds around a king.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Exposure {
    /// The pieces attacking the king.
    pub(crate) attackers: u64,
    /// The movers whose square, become a hole, would expose the king.
    pub(crate) pins: u64,
}

impl Threats {
    /// The pieces of `attacker` on `board`.
    #[inline]
    pub(crate) fn new(board: &HoleBoard, attacker: Color) -> Threats {
        let side = board.by_color(attacker).0;
        let role = |r: Role| board.by_role(r).0 & side;
        let (king, queen, lion, champion) =
            (role(Role::King), role(Role::Queen), role(Role::Lion), role(Role::Champion));
        let (rook, bishop, wizard) = (role(Role::Rook), role(Role::Bishop), role(Role::Wizard));
        // A white pawn captures upwards, so it stands below its target.
        let pawn_dirs = match attacker {
            Color::White => 1 << steps::SE | 1 << steps::SW,
            Color::Black => 1 << steps::NE | 1 << steps::NW,
        };
        Threats {
            orthogonal_first: king | lion | rook | queen | champion,
            orthogonal_second: rook | queen | champion | lion,
            diagonal_first: king | lion | bishop | queen | wizard,
            diagonal_second: bishop | queen | champion | lion,
            pawns: role(Role::Pawn),
            pawn_dirs,
            knights: role(Role::Knight),
            wizards: wizard,
        }
    }

    /// The attackers found on the first two open squares `one`, `two` from
    /// the target in direction `d`.
    #[inline(always)]
    fn on_ray(&self, d: usize, one: u64, two: u64) -> u64 {
        if d == steps::N || d == steps::E || d == steps::S || d == steps::W {
            one & self.orthogonal_first | two & self.orthogonal_second
        } else {
            let pawns = if self.pawn_dirs >> d & 1 != 0 { self.pawns } else { 0 };
            one & (self.diagonal_first | pawns) | two & self.diagonal_second
        }
    }

    /// The pieces that could attack along a ray in direction `d` at some
    /// distance: if none stands on the ray, nothing attacks along it, even
    /// once a square of it becomes a hole.
    #[inline(always)]
    fn on_line(&self, d: usize) -> u64 {
        if d == steps::N || d == steps::E || d == steps::S || d == steps::W {
            self.orthogonal_first | self.orthogonal_second
        } else {
            let pawns = if self.pawn_dirs >> d & 1 != 0 { self.pawns } else { 0 };
            self.diagonal_first | self.diagonal_second | pawns
        }
    }

    /// The knight and wizard attackers whose reversed path starts with the
    /// diagonal step `d` from `s`.
    #[inline(always)]
    fn on_leaps(&self, d: usize, s: usize, open: u64) -> u64 {
        self.on_leaps_from(d, index(first(d, s, open)), open)
    }

    /// [`Threats::on_leaps`] for the diagonal step `D`, skipped when no
    /// knight or wizard stands in its quadrant.
    #[inline(always)]
    fn on_quadrant<const D: usize>(&self, s: usize, open: u64) -> u64 {
        if QUADRANTS[D][s] & (self.knights | self.wizards) == 0 {
            return 0;
        }
        self.on_leaps(D, s, open)
    }

    /// The knight and wizard attackers whose reversed path's diagonal step
    /// `d` ended on square index `a` (64: none).
    #[inline(always)]
    fn on_leaps_from(&self, d: usize, a: usize, open: u64) -> u64 {
        let mut attackers = 0;
        for c in COMPONENTS_OF[d] {
            let (one, two) = first_and_second(c, a, open);
            attackers |= one & self.knights | two & self.wizards;
        }
        attackers
    }

    #[inline(always)]
    fn has_leapers(&self) -> bool {
        self.knights | self.wizards != 0
    }

    /// The attackers of square index `s` when the open squares are `open`.
    #[inline]
    pub(crate) fn attackers(&self, s: usize, open: u64) -> u64 {
        let rays = self.on_rays::<N>(s, open)
            | self.on_rays::<E>(s, open)
            | self.on_rays::<NE>(s, open)
            | self.on_rays::<NW>(s, open)
            | self.on_rays::<S>(s, open)
            | self.on_rays::<W>(s, open)
            | self.on_rays::<SW>(s, open)
            | self.on_rays::<SE>(s, open);
        if !self.has_leapers() {
            return rays;
        }
        rays | self.on_quadrant::<NE>(s, open)
            | self.on_quadrant::<NW>(s, open)
            | self.on_quadrant::<SW>(s, open)
            | self.on_quadrant::<SE>(s, open)
    }

    /// Whether anything attacks square index `s` when the open squares are
    /// `open`: [`Threats::attackers`] is not empty, found by stopping at the
    /// first direction with an attacker.
    #[inline]
    pub(crate) fn attacks(&self, s: usize, open: u64) -> bool {
        self.on_rays::<N>(s, open) != 0
            || self.on_rays::<E>(s, open) != 0
            || self.on_rays::<NE>(s, open) != 0
            || self.on_rays::<NW>(s, open) != 0
            || self.on_rays::<S>(s, open) != 0
            || self.on_rays::<W>(s, open) != 0
            || self.on_rays::<SW>(s, open) != 0
            || self.on_rays::<SE>(s, open) != 0
            || self.has_leapers()
                && (self.on_quadrant::<NE>(s, open) != 0
                    || self.on_quadrant::<NW>(s, open) != 0
                    || self.on_quadrant::<SW>(s, open) != 0
                    || self.on_quadrant::<SE>(s, open) != 0)
    }

    /// The attackers of `s` on its ray in direction `D`.
    #[inline(always)]
    fn on_rays<const D: usize>(&self, s: usize, open: u64) -> u64 {
        if steps::ray(D, s) & self.on_line(D) == 0 {
            return 0;
        }
        let (one, two) = first_and_second(D, s, open);
        self.on_ray(D, one, two)
    }

    /// What a king on square index `s` faces when the open squares are
    /// `open`: its attackers and the pins, those of `movers` whose square,
    /// become a hole, would let an attacker reach `s` (meaningful when `s`
    /// is not attacked).
    #[inline]
    pub(crate) fn exposure(&self, s: usize, open: u64, movers: u64) -> Exposure {
        let mut e = Exposure::default();
        self.ray_exposure::<N>(&mut e, s, open);
        self.ray_exposure::<E>(&mut e, s, open);
        self.ray_exposure::<NE>(&mut e, s, open);
        self.ray_exposure::<NW>(&mut e, s, open);
        self.ray_exposure::<S>(&mut e, s, open);
        self.ray_exposure::<W>(&mut e, s, open);
        self.ray_exposure::<SW>(&mut e, s, open);
        self.ray_exposure::<SE>(&mut e, s, open);
        if self.has_leapers() {
            self.leap_exposure::<NE>(&mut e, s, open, movers);
            self.leap_exposure::<NW>(&mut e, s, open, movers);
            self.leap_exposure::<SW>(&mut e, s, open, movers);
            self.leap_exposure::<SE>(&mut e, s, open, movers);
        }
        e.pins &= movers;
        e
    }

    /// [`Threats::exposure`] along the ray from `s` in direction `D`.
    #[inline(always)]
    fn ray_exposure<const D: usize>(&self, e: &mut Exposure, s: usize, open: u64) {
        if steps::ray(D, s) & self.on_line(D) == 0 {
            return;
        }
        let (one, two, three) = first_three(D, s, open);
        e.attackers |= self.on_ray(D, one, two);
        if self.on_ray(D, two, three) != 0 {
            e.pins |= one;
        }
        if self.on_ray(D, one, three) != 0 {
            e.pins |= two;
        }
    }

    /// [`Threats::exposure`] along the knight and wizard paths that start
    /// with the diagonal step `D` from `s`.
    #[inline(always)]
    fn leap_exposure<const D: usize>(&self, e: &mut Exposure, s: usize, open: u64, movers: u64) {
        if QUADRANTS[D][s] & (self.knights | self.wizards) == 0 {
            return;
        }
        let a_bit = first(D, s, open);
        let a = index(a_bit);
        for c in COMPONENTS_OF[D] {
            let (one, two, three) = first_three(c, a, open);
            e.attackers |= one & self.knights | two & self.wizards;
            if two & self.knights | three & self.wizards != 0 {
                e.pins |= one;
            }
            if one & self.knights | three & self.wizards != 0 {
                e.pins |= two;
            }
        }
        // A hole on the diagonal step's square moves the whole path on.
        if a_bit & movers != 0 && self.on_leaps_from(D, index(second(D, s, open)), open) != 0 {
            e.pins |= a_bit;
        }
    }
}
