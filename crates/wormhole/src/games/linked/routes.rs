//! Where a piece can land, directly or through the portal
//! (docs/linked.md#arriving-on-the-joined-square and
//! docs/linked.md#how-the-pieces-move), and which squares a side attacks
//! (docs/linked.md#check-and-legality).
//!
//! Every arrival on a portal cell is an arrival on the joined square J: a
//! friendly resident blocks it, an enemy one is captured, and the piece
//! comes out on the other cell; a slider arriving on an empty J goes on from
//! the other cell in the same direction, passing the portal at most once.
//! Lines stop at portal cells (every line arrives there) and at pieces.

use super::{Portals, Position};
use crate::core::steps::{self, slide};
use crate::core::{Color, Role, Square};

use crate::core::orthodox::{bishop, rook};
pub(crate) use crate::core::orthodox::{king, knight, pawn};

pub(crate) use crate::core::legal::forward;

/// The index of a one-bit mask.
#[inline(always)]
fn index(bit: u64) -> usize {
    bit.trailing_zeros() as usize
}

/// Where a piece can land: directly, or after entering each portal cell.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Routes {
    /// Landings reached without passing the portal.
    pub direct: u64,
    /// `via[0]`: landings after entering White's portal cell; `via[1]`: Black's.
    pub via: [u64; 2],
}

impl Routes {
    /// Every landing.
    #[inline(always)]
    pub fn all(&self) -> u64 {
        self.direct | self.via[0] | self.via[1]
    }
}

/// What routes of one side's pieces read.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RouteScene {
    us: Color,
    own: u64,
    enemy: u64,
    /// What stops lines: pieces and portal cells.
    stop: u64,
    /// The active portal cells (0 without active portals).
    cells: u64,
    /// The two cells, White's first (meaningful only when `cells != 0`).
    cell: [usize; 2],
    /// J's resident (0 or one bit).
    resident: u64,
    /// The en passant square, if the side can take there.
    ep: u64,
}

impl RouteScene {
    /// The en passant square this side may take on (0 or one bit).
    #[inline(always)]
    pub fn ep(&self) -> u64 {
        self.ep
    }

    /// The landing of an arrival on the portal cell `c`: the other cell,
    /// unless a friendly resident blocks.
    #[inline(always)]
    fn arrive(&self, c: usize) -> Option<(usize, usize)> {
        if self.resident & self.own != 0 {
            return None;
        }
        let i = (c == self.cell[1]) as usize;
        Some((i, self.cell[i ^ 1]))
    }

    /// Landings of a slider on `s` whose lines, stopped by `stop`, are
    /// `lines` (one table lookup for all its directions), along the
    /// directions `dirs`: the lines' ends that are cells are arrivals on
    /// J, and through an empty J the line goes on from the other cell.
    #[inline(always)]
    fn slider_routes(&self, lines: u64, s: usize, dirs: &[usize], r: &mut Routes) {
        let hit = lines & self.stop;
        r.direct |= lines & !hit | hit & self.enemy & !self.cells;
        let mut entered = hit & self.cells;
        while entered != 0 {
            let cell = entered & entered.wrapping_neg();
            entered ^= cell;
            let Some((i, out)) = self.arrive(index(cell)) else { continue };
            r.via[i] |= 1 << out;
            if self.resident == 0
                && let Some(&d) = dirs.iter().find(|&&d| steps::ray(d, s) & cell != 0)
            {
                let ray = slide(d, out, self.stop);
                let hit = ray & self.stop;
                r.via[i] |= ray & !hit | hit & self.enemy & !self.cells;
            }
        }
    }

    /// Landings of single arrivals on `targets` (a knight's or king's).
    #[inline(always)]
    fn leap_routes(&self, targets: u64, r: &mut Routes) {
        r.direct |= targets & !self.own & !self.cells;
        let mut entered = targets & self.cells;
        while entered != 0 {
            if let Some((i, out)) = self.arrive(index(entered)) {
                r.via[i] |= 1 << out;
            }
            entered &= entered - 1;
        }
    }

    /// A pawn's forward arrival on `target` (one bit or 0) onto an empty
    /// square or an empty J (`through` false forbids the portal): the landing
    /// and the cell index entered, if any.
    #[inline(always)]
    fn push_arrival(&self, target: u64, through: bool) -> Option<(u64, Option<usize>)> {
        if target & self.cells != 0 {
            if !through || self.resident != 0 {
                return None;
            }
            let i = (index(target) == self.cell[1]) as usize;
            Some((1 << self.cell[i ^ 1], Some(i)))
        } else if target != 0 && target & self.stop == 0 {
            Some((target, None))
        } else {
            None
        }
    }

    /// Landings of a pawn on `s`.
    #[inline(always)]
    fn pawn_routes(&self, s: usize, r: &mut Routes) {
        let us = self.us;
        let mut record = |landing: u64, via: Option<usize>| match via {
            Some(i) => r.via[i] |= landing,
            None => r.direct |= landing,
        };
        if let Some((one, via)) = self.push_arrival(forward(us, 1 << s), true) {
            record(one, via);
            if s / 8 == us.pawn_rank() as usize
                && let Some((two, via2)) = self.push_arrival(forward(us, one), via.is_none())
            {
                record(two, via.or(via2));
            }
        }
        let caps = pawn(us, s);
        r.direct |= caps & !self.cells & (self.enemy | self.ep);
        let mut entered = caps & self.cells;
        while entered != 0 {
            let c = index(entered);
            if self.resident & self.enemy != 0 {
                let i = (c == self.cell[1]) as usize;
                r.via[i] |= 1 << self.cell[i ^ 1];
            }
            entered &= entered - 1;
        }
    }
}

/// The board as the attacks of one side see it, possibly after a move
/// not yet played (a piece moved or taken, a portal stepped).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sight {
    /// The portals.
    pub portals: Portals,
    /// The occupied squares.
    pub occupied: u64,
    /// The attacking side's pieces that are still there, each on the
    /// square where the board has it.
    pub theirs: u64,
}

impl Position {
    /// The scene for `us`'s pieces.
    #[inline]
    pub(crate) fn scene(&self, us: Color) -> RouteScene {
        let own = self.board.by_color(us).0;
        let enemy = self.board.by_color(!us).0;
        let cells = self.portals.cells().0;
        let cell = match self.portals {
            super::Portals::Active { white, black } => [white.index(), black.index()],
            _ => [0, 0],
        };
        let ep = match self.ep {
            // The square passed over by the other side's double step.
            Some(sq) if sq.rank() == if us == Color::White { 5 } else { 2 } => 1u64 << sq.index(),
            _ => 0,
        };
        RouteScene { us, own, enemy, stop: own | enemy | cells, cells, cell, resident: (own | enemy) & cells, ep }
    }

    /// Where the piece of `role` on `s` can land, for the side of `scene`.
    #[inline(always)]
    pub(crate) fn routes_in(&self, scene: &RouteScene, role: Role, s: usize) -> Routes {
        let mut r = Routes::default();
        match role {
            Role::Pawn => scene.pawn_routes(s, &mut r),
            Role::Knight => scene.leap_routes(knight(s), &mut r),
            Role::King => scene.leap_routes(king(s), &mut r),
            Role::Bishop => scene.slider_routes(bishop(s, scene.stop), s, &steps::DIAGONAL, &mut r),
            Role::Rook => scene.slider_routes(rook(s, scene.stop), s, &steps::ORTHOGONAL, &mut r),
            Role::Queen => {
                let lines = rook(s, scene.stop) | bishop(s, scene.stop);
                scene.slider_routes(lines, s, &steps::ALL, &mut r);
            }
            // No other role is a piece of Linked-portal chess.
            _ => {}
        }
        r
    }

    /// Where the piece on `sq` can land on its side's turn (its king's
    /// safety and castling left aside); `None` without a piece there.
    pub(crate) fn routes(&self, sq: Square) -> Option<Routes> {
        let piece = self.board.piece_at(sq)?;
        Some(self.routes_in(&self.scene(piece.color), piece.role, sq.index()))
    }

    /// Where the piece on `sq` can land on its side's turn, its king's
    /// safety and castling left aside (for showing how it moves; empty
    /// without a piece there).
    pub fn reach(&self, sq: Square) -> crate::core::Bitboard {
        crate::core::Bitboard(self.routes(sq).map_or(0, |r| r.all()))
    }

    /// The pieces of `by` that could capture a piece standing on `s` by
    /// arriving there directly, when `stop` stops lines.
    #[inline(always)]
    fn direct_attackers(&self, s: usize, by: Color, stop: u64) -> u64 {
        crate::core::orthodox::attackers(&self.board, s, by, stop)
    }

    /// Whether `by` attacks `sq`: one of its pieces could capture a piece of
    /// the other side standing there (docs/linked.md#check-and-legality).
    /// A piece on a portal cell is J's resident, attacked by every arrival
    /// on either cell; a line through an empty J goes on from the other
    /// cell.
    #[inline]
    pub(crate) fn attacked(&self, sq: Square, by: Color) -> bool {
        let sight =
            Sight { portals: self.portals, occupied: self.board.occupied().0, theirs: self.board.by_color(by).0 };
        self.attacked_among(sq.index(), by, &sight)
    }

    /// Whether `by` attacks `s`, as [`Position::attacked`] says, on the
    /// board as `sight` sees it.
    #[inline]
    pub(crate) fn attacked_among(&self, s: usize, by: Color, sight: &Sight) -> bool {
        let cells = sight.portals.cells().0;
        let stop = sight.occupied | cells;
        if cells & (1 << s) != 0 {
            let mut c = cells;
            while c != 0 {
                if self.direct_attackers(index(c), by, stop) & sight.theirs != 0 {
                    return true;
                }
                c &= c - 1;
            }
            return false;
        }
        if self.direct_attackers(s, by, stop) & sight.theirs != 0 {
            return true;
        }
        cells != 0 && sight.occupied & cells == 0 && self.attacked_through(s, sight, stop)
    }

    /// Whether a slider among `sight`'s attackers reaches `s` through the
    /// empty J: looking from `s`, a line meets a cell, and from the other
    /// cell the line in the same direction meets the slider.
    #[inline]
    fn attacked_through(&self, s: usize, sight: &Sight, stop: u64) -> bool {
        let b = &self.board;
        let queens = b.by_role(Role::Queen).0;
        let orthogonal = (queens | b.by_role(Role::Rook).0) & sight.theirs;
        let diagonal = (queens | b.by_role(Role::Bishop).0) & sight.theirs;
        if orthogonal | diagonal == 0 {
            return false;
        }
        let cells = sight.portals.cells().0;
        steps::ALL.iter().any(|&d| {
            let hit = slide(d, s, stop) & cells;
            if hit == 0 {
                return false;
            }
            let entry = sight.portals.other_cell(Square::new(index(hit) as u8)).index();
            let sliders = if steps::ORTHOGONAL.contains(&d) { orthogonal } else { diagonal };
            slide(d, entry, stop) & stop & sliders != 0
        })
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.board.king_of(self.turn).is_some_and(|k| self.attacked(k, !self.turn))
    }
}
