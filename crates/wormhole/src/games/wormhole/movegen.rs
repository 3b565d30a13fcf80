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

use super::attacks;
use super::threats::{Exposure, Paths, Threats};
use crate::core::steps::first;
use crate::{Bitboard, Move, MoveList, Position, Role, Square};

/// What move generation knows about the mover's king before generating:
/// who checks it, and which squares its reversed paths cross. A search that
/// needs the check status before generating (to stand pat, say) computes it
/// once with [`SearchHooks::king_safety`](crate::rules::SearchHooks::king_safety) and hands it
/// to [`SearchHooks::generate`](crate::rules::SearchHooks::generate).
#[derive(Debug, Clone, Copy)]
pub struct KingSafety {
    /// The king's square index; `None` generates without legality checks.
    king: Option<usize>,
    checkers: u64,
    paths: Paths,
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

    /// The squares on the king's reversed paths: a piece standing on none of
    /// them can move without exposing its king (pieces never block).
    #[inline]
    pub fn path_squares(&self) -> Bitboard {
        Bitboard(self.paths.all())
    }
}

impl Position {
    /// The king safety of the side to move, for [`Position::generate_legal_with`].
    #[inline]
    pub(crate) fn king_safety(&self) -> KingSafety {
        let threats = Threats::new(&self.board, !self.turn);
        let king = self.board.king_of(self.turn).map(Square::index);
        let Exposure { attackers: checkers, paths, pins } = match king {
            Some(k) => {
                let movers = self.board.by_color(self.turn) & !self.board.by_role(Role::King);
                threats.exposure(k, self.board.open(), movers.0)
            }
            None => Exposure::default(),
        };
        KingSafety { king, checkers, paths, pins, threats }
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

    fn generate_with(&self, sink: &mut impl MoveSink, targets: u64, safety: &KingSafety) {
        let b = &self.board;
        let us = self.turn;
        let own = b.by_color(us).0;
        let enemy = b.by_color(!us).0;
        let open = b.open();
        let KingSafety { king, checkers, ref paths, pins, ref threats } = *safety;
        // The legal targets of a non-king piece leaving square `f`: all, none,
        // or only the single attacker (capturing it is the one way out).
        let allowed = |f: usize| -> u64 {
            let Some(k) = king else { return !0 };
            let after = open & !(1 << f);
            let a = if checkers == 0 {
                if pins >> f & 1 == 0 {
                    return !0;
                }
                threats.through(paths, k, f, after)
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

        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::Champion, Role::Wizard, Role::Lion] {
            for f in b.pieces(us, role) {
                let f = f.index();
                let t = attacks::piece_moves(role, us, f, open, own, enemy) & targets;
                if t != 0 {
                    sink.targets(f, t & allowed(f));
                }
            }
        }

        self.generate_pawns(sink, targets, enemy, &allowed);

        for k in b.pieces(us, Role::King) {
            let k = k.index();
            let after = open & !(1 << k);
            let mut t = attacks::king(k, open) & targets & !own;
            let mut safe = 0;
            while t != 0 {
                let to = t.trailing_zeros() as usize;
                t &= t - 1;
                if king.is_none() || threats.attackers(to, after) == 0 {
                    safe |= 1 << to;
                }
            }
            sink.targets(k, safe);
        }
    }

    fn generate_pawns(&self, sink: &mut impl MoveSink, targets: u64, enemy: u64, allowed: &impl Fn(usize) -> u64) {
        let b = &self.board;
        let us = self.turn;
        let open = b.open();
        let occupied = b.occupied().0;
        let last_rank = crate::Bitboard::rank(us.last_rank()).0;
        for f in b.pieces(us, Role::Pawn) {
            let f = f.index();
            let quiet = attacks::pawn_pushes(us, f, open, occupied);
            let captures = attacks::pawn_captures(us, f, open) & enemy;
            let t = (quiet | captures) & targets;
            if t == 0 {
                continue;
            }
            let t = t & allowed(f);
            let promotions = t & captures & last_rank;
            sink.targets(f, t & !promotions);
            if promotions != 0 {
                sink.promotions(f, promotions, self.variant.promotion_roles());
            }
        }
    }
}

impl Position {
    /// Whether the side to move, not in check, surely has a legal move: a
    /// piece standing on none of the `safety`'s paths to its king can move
    /// without exposing it (pieces never block, only holes shape paths). A
    /// `false` says nothing; the caller then generates the moves.
    pub(crate) fn surely_has_move(&self, safety: &KingSafety) -> bool {
        let b = &self.board;
        let us = self.turn;
        let open = b.open();
        let own = b.by_color(us).0;
        let enemy = b.by_color(!us).0;
        let occupied = own | enemy;
        let free = b.by_color(us) & !b.by_role(Role::King) & Bitboard(!safety.path_squares().0);
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
