//! Legal move generation.
//!
//! Pieces never block each other, so whether a move leaves the mover's king
//! attacked depends only on the new hole on the from-square (and on the
//! captured piece, which can only remove an attacker). Hence, for a piece
//! other than the king, the check is done once per piece, not per target:
//! the attackers of the king with the from-square turned into a hole. If the
//! from-square lies on none of the king's reversed paths and the king is not
//! in check, that set is empty without computing it. King moves are checked
//! one target at a time.

use crate::attacks;
use crate::steps::{first, second};
use crate::threats::{Paths, Threats};
use crate::{Move, MoveList, Position, Role, Square};

impl Position {
    /// Appends to `list` the moves whose target is in `targets`; with `legal`
    /// false, moves that leave the king attacked are kept too. Returns
    /// whether the side to move is in check (known for free when `legal`).
    pub(crate) fn generate(&self, list: &mut MoveList, targets: u64, legal: bool) -> bool {
        let b = &self.board;
        let us = self.turn;
        let own = b.by_color(us).0;
        let enemy = b.by_color(!us).0;
        let open = b.open();
        let king = if legal { b.king_of(us).map(Square::index) } else { None };

        // Who attacks the king now, and which squares its reversed paths cross.
        let threats = Threats::new(b, !us);
        let (checkers, paths) = match king {
            Some(k) => threats.attackers_and_paths(k, open),
            None => (0, Paths::default()),
        };
        let danger = paths.all();
        // The legal targets of a non-king piece leaving square `f`: all, none,
        // or only the single attacker (capturing it is the one way out).
        let allowed = |f: usize| -> u64 {
            let Some(k) = king else { return !0 };
            let after = open & !(1 << f);
            let a = if checkers == 0 {
                if danger >> f & 1 == 0 {
                    return !0;
                }
                threats.through(&paths, k, f, after)
            } else {
                threats.attackers(k, after)
            };
            if a == 0 {
                !0
            } else if a & (a - 1) == 0 {
                a
            } else {
                0
            }
        };

        let mask = targets & !own;
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::Champion, Role::Wizard, Role::Lion] {
            for f in b.pieces(us, role) {
                let f = f.index();
                let reach = match role {
                    Role::Knight => attacks::knight(f, open),
                    Role::Bishop => attacks::bishop(f, open),
                    Role::Rook => attacks::rook(f, open),
                    Role::Queen => attacks::queen(f, open),
                    Role::Champion => attacks::champion(f, open),
                    Role::Wizard => attacks::wizard(f, open),
                    _ => attacks::lion_leaps(f, open) | (attacks::lion_strikes(f, open) & enemy),
                };
                let t = reach & mask;
                if t != 0 {
                    push_all(list, f, t & allowed(f));
                }
            }
        }

        self.generate_pawns(list, targets, enemy, &allowed);

        for k in b.pieces(us, Role::King) {
            let k = k.index();
            let after = open & !(1 << k);
            let mut t = attacks::king(k, open) & mask;
            while t != 0 {
                let to = t.trailing_zeros() as usize;
                t &= t - 1;
                if !legal || threats.attackers(to, after) == 0 {
                    list.push(Move::new(sq(k), sq(to), None));
                }
            }
        }
        checkers != 0
    }

    fn generate_pawns(&self, list: &mut MoveList, targets: u64, enemy: u64, allowed: &impl Fn(usize) -> u64) {
        let b = &self.board;
        let us = self.turn;
        let open = b.open();
        let occupied = b.occupied().0;
        let forward = attacks::pawn_forward(us);
        let last_rank = crate::Bitboard::rank(us.last_rank()).0;
        for f in b.pieces(us, Role::Pawn) {
            let on_start = f.rank() == us.pawn_rank();
            let f = f.index();
            let mut quiet = first(forward, f, open);
            if quiet & occupied != 0 {
                quiet = 0;
            } else if on_start {
                let two = second(forward, f, open);
                if two & occupied == 0 {
                    quiet |= two;
                }
            }
            let captures = attacks::pawn_captures(us, f, open) & enemy;
            let t = (quiet | captures) & targets;
            if t == 0 {
                continue;
            }
            let t = t & allowed(f);
            let promotions = t & captures & last_rank;
            push_all(list, f, t & !promotions);
            let mut p = promotions;
            while p != 0 {
                let to = sq(p.trailing_zeros() as usize);
                p &= p - 1;
                for &role in self.variant.promotion_roles() {
                    list.push(Move::new(sq(f), to, Some(role)));
                }
            }
        }
    }
}

#[inline(always)]
fn sq(i: usize) -> Square {
    Square::new(i as u8)
}

#[inline(always)]
fn push_all(list: &mut MoveList, from: usize, mut targets: u64) {
    while targets != 0 {
        let to = targets.trailing_zeros() as usize;
        targets &= targets - 1;
        list.push(Move::new(sq(from), sq(to), None));
    }
}
