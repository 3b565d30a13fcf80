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

use crate::attacks::{self, Sources};
use crate::position::attackers_from;
use crate::steps::{first, second};
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

        // Legal targets for a non-king piece leaving square `f`.
        let (checkers, danger) = match king {
            Some(k) => {
                let knights = b.by_role(Role::Knight).0 & enemy;
                let wizards = b.by_role(Role::Wizard).0 & enemy;
                let src = Sources::walk(k, open, knights != 0, wizards != 0);
                (attackers_from(b, &src, enemy, knights, wizards), src.path)
            }
            None => (0, 0),
        };
        let allowed = |f: usize| -> u64 {
            let Some(k) = king else { return !0 };
            if checkers == 0 && danger >> f & 1 == 0 {
                return !0;
            }
            let a = self.attackers_with(k, open & !(1 << f), enemy);
            if a == 0 {
                !0
            } else if a & (a - 1) == 0 {
                a // only capturing the single attacker saves the king
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
                if !legal || self.attackers_with(to, after, enemy & !(1 << to)) == 0 {
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
