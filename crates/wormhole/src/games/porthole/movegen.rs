//! Legal move generation for Porthole chess.
//!
//! Normal moves are checked the orthodox way, with pins and a check mask
//! computed once from the king. Tokens count as blockers, so a piece
//! standing on a P-square is never pinned (the token stays behind).
//!
//! A porthole move changes the blockers at one square at most: the origin
//! gets a token (still blocked), the exit gets the piece (still blocked),
//! and the entry loses a token and any enemy piece, so it opens only when
//! its height was 1. Hence a non-king porthole move is legal for all exits
//! or for none: when not in check it is legal unless opening the entry
//! uncovers an attack on the king, and when in check only capturing the
//! lone checker on the entry can help. A king's porthole move is checked
//! exit by exit.

use super::{CastlingSide, MoveList, PortholeCastlingObstacle, Position, attacks};
use crate::core::castling::CastlingSquares;
use crate::core::legal::{Orthodox, OrthodoxMoveSink, forward};
use crate::core::pins::KingView;
use crate::core::{Bitboard, Color, Role, Square};

/// What generation knows about the mover's king, worked out once per
/// position ([`SearchHooks::king_safety`](crate::engine::SearchHooks::king_safety)); also the square sets every piece's
/// generation reads.
#[derive(Debug, Clone)]
pub struct PortholeKingSafety {
    ctx: SquareSets,
    king: Square,
    /// Whether moves are checked for legality at all.
    legal: bool,
    /// Checkers, pins and where moves may end ([`KingView`]; no checker or
    /// pin when not `legal`).
    view: KingView,
    /// The first blocker in each of the king's eight directions.
    king_view: u64,
}

impl PortholeKingSafety {
    /// Whether the side to move is in check.
    #[inline]
    pub(crate) fn in_check(&self) -> bool {
        self.view.in_check()
    }
}

/// The square sets generation reads for every piece.
#[derive(Debug, Clone, Copy)]
struct SquareSets {
    us: Color,
    own: u64,
    enemy: u64,
    tokens: u64,
    blockers: u64,
    open_portholes: u64,
}

impl Position {
    /// Appends the moves to `list`: only legal ones when `legal`, else every
    /// move the pieces' rules allow (castling is always checked in full).
    pub(crate) fn generate(&self, list: &mut MoveList, legal: bool) {
        if let Some(safety) = self.safety(legal) {
            self.generate_with(list, &safety, Bitboard::FULL);
        }
    }

    /// What legal move generation needs to know about the king of the side
    /// to move (`None` only in a position without that king, which a FEN
    /// never gives).
    #[inline]
    pub(crate) fn king_safety(&self) -> Option<PortholeKingSafety> {
        self.safety(true)
    }

    /// Appends to `list` the moves allowed by `safety` whose target (the
    /// entry, for a porthole move) is in `targets`.
    pub(crate) fn generate_with(&self, list: &mut MoveList, safety: &PortholeKingSafety, targets: Bitboard) {
        let targets = targets.0;
        let chess = self.orthodox(&safety.ctx);
        let mut sink = Batches { pos: self, safety, list, last_rank: Bitboard::rank(safety.ctx.us.last_rank()) };
        chess.pieces(&safety.view, targets, &mut sink);
        chess.pawns(&safety.view, targets, &mut sink);
        self.generate_king(list, safety, targets);
        if !safety.in_check() {
            self.generate_castles(list, safety, targets);
        }
    }

    /// The shared orthodox generator over this position: tokens block
    /// lines and steps, and no orthodox move ends on one.
    #[inline]
    fn orthodox(&self, ctx: &SquareSets) -> Orthodox<'_> {
        Orthodox { board: &self.board, us: ctx.us, blockers: ctx.blockers, closed: ctx.tokens, ep: 0 }
    }

    /// Checkers, pins and the king's view, found by looking out from the
    /// king (none of them when not `legal`).
    fn safety(&self, legal: bool) -> Option<PortholeKingSafety> {
        let us = self.turn;
        let own = self.board.by_color(us).0;
        let enemy = self.board.by_color(!us).0;
        let tokens = self.tokens.squares().0;
        let blockers = own | enemy | tokens;
        let ctx = SquareSets { us, own, enemy, tokens, blockers, open_portholes: tokens & !(own | enemy) };
        let king = self.board.king_of(us)?;
        let k = king.index();
        let (view, king_view) = if legal {
            // A piece on a token leaves the token behind: it is never pinned.
            let view = self.orthodox(&ctx).king_view()?;
            (view, (attacks::rook(k, blockers) | attacks::bishop(k, blockers)) & blockers)
        } else {
            (KingView { king: k, checkers: 0, check_mask: !0, pinned: 0 }, 0)
        };
        Some(PortholeKingSafety { ctx, king, legal, view, king_view })
    }

    /// Whether the side to move, not in check, surely has a legal move: a
    /// piece other than the king that is not pinned and has a normal move
    /// (porthole moves and the king aside). A `false` says nothing.
    pub(crate) fn surely_has_move(&self, safety: &PortholeKingSafety) -> bool {
        let ctx = &safety.ctx;
        let free = ctx.own & !(1u64 << safety.king.index());
        let pinned = safety.view.pinned;
        let empty = !ctx.blockers;
        for from in Bitboard(free & !pinned) {
            let s = from.index();
            let role = self.board.piece_at(from).map_or(Role::King, |p| p.role);
            let targets = match role {
                Role::Pawn => forward(ctx.us, 1u64 << s) & empty | attacks::pawn(ctx.us, s) & ctx.enemy,
                r => attacks::attacks(r, ctx.us, s, ctx.blockers) & !ctx.own,
            };
            if targets & !ctx.tokens != 0 {
                return true;
            }
        }
        false
    }

    /// Whether a non-king porthole move through `entry` keeps the king safe
    /// (for every exit alike).
    #[inline]
    fn entry_is_safe(&self, entry: Square, safety: &PortholeKingSafety) -> bool {
        let ctx = &safety.ctx;
        if !safety.legal {
            return true;
        }
        let e = Bitboard::from_square(entry).0;
        let opens = self.tokens.height(entry) == 1;
        match safety.view.checkers {
            0 if !opens || safety.king_view & e == 0 => return true,
            0 => {}
            c if c == e => {}
            _ => return false,
        }
        let blockers = if opens { ctx.blockers & !e } else { ctx.blockers };
        self.attackers_with(safety.king.index(), !ctx.us, blockers, !e) == 0
    }

    /// Adds the porthole moves of the piece on `from` through each of `entries`.
    #[inline]
    fn push_entries(&self, list: &mut MoveList, from: Square, entries: u64, safety: &PortholeKingSafety) {
        for entry in Bitboard(entries) {
            let exits = safety.ctx.open_portholes & !Bitboard::from_square(entry).0;
            if exits != 0 && self.entry_is_safe(entry, safety) {
                list.push_porthole(from, entry, Bitboard(exits));
            }
        }
    }

    fn generate_king(&self, list: &mut MoveList, safety: &PortholeKingSafety, targets: u64) {
        let ctx = &safety.ctx;
        let king = safety.king;
        let k = king.index();
        let them = !ctx.us;
        let reach = attacks::king(k) & targets;
        let mut normal = reach & !ctx.own & !ctx.tokens;
        if safety.legal {
            // The king's square stays blocked only if a token stands there.
            let blockers = ctx.blockers & !(1u64 << k) | ctx.tokens;
            for to in Bitboard(normal) {
                let t = Bitboard::from_square(to).0;
                if self.attackers_with(to.index(), them, blockers, !t) != 0 {
                    normal &= !t;
                }
            }
        }
        list.push_normal(king, Bitboard(normal), Bitboard::EMPTY);
        for entry in Bitboard(reach & ctx.tokens & !ctx.own) {
            let e = Bitboard::from_square(entry).0;
            let mut exits = ctx.open_portholes & !e;
            if safety.legal {
                // The origin gets a token and the exit keeps one: only the entry may open.
                let blockers = if self.tokens.height(entry) == 1 { ctx.blockers & !e } else { ctx.blockers };
                for exit in Bitboard(exits) {
                    if self.attackers_with(exit.index(), them, blockers, !e) != 0 {
                        exits &= !Bitboard::from_square(exit).0;
                    }
                }
            }
            list.push_porthole(king, entry, Bitboard(exits));
        }
    }

    /// Castling (only when not in check): rights kept, king and rook at
    /// home, no piece or token between them, no attacked square on the
    /// king's way.
    fn generate_castles(&self, list: &mut MoveList, safety: &PortholeKingSafety, targets: u64) {
        let ctx = &safety.ctx;
        let mut castles = Bitboard::EMPTY;
        for side in CastlingSide::ALL {
            let to = Bitboard::from_square(CastlingSquares::of(ctx.us, side).king_to);
            if to.0 & targets != 0 && self.castling_blocker(side, ctx.blockers).is_none() {
                castles |= to;
            }
        }
        list.push_castles(safety.king, castles);
    }

    /// Why the side to move cannot castle on `side` now, or `None` if it can
    /// (the check test aside, which the caller makes).
    pub(crate) fn castling_blocker(&self, side: CastlingSide, blockers: u64) -> Option<PortholeCastlingObstacle> {
        let us = self.turn;
        let s = CastlingSquares::of(us, side);
        let has = |sq: Square, role: Role| self.board.piece_at(sq).is_some_and(|p| p.color == us && p.role == role);
        if !self.castling.has(us, side) || !has(s.king_from, Role::King) || !has(s.rook_from, Role::Rook) {
            return Some(PortholeCastlingObstacle::NoRight);
        }
        if (s.between & self.board.occupied()).any() {
            return Some(PortholeCastlingObstacle::Piece);
        }
        if (s.between & self.tokens.squares()).any() {
            return Some(PortholeCastlingObstacle::Token);
        }
        let mut path = s.king_path;
        path.find(|sq| self.attackers_with(sq.index(), !us, blockers, !0) != 0).map(PortholeCastlingObstacle::Attacked)
    }
}

/// The shared orthodox generator's moves into Porthole's batches; the
/// tokens a piece reaches become its porthole moves.
struct Batches<'a> {
    pos: &'a Position,
    safety: &'a PortholeKingSafety,
    list: &'a mut MoveList,
    last_rank: Bitboard,
}

impl OrthodoxMoveSink for Batches<'_> {
    #[inline(always)]
    fn moves(&mut self, from: Square, targets: u64) {
        self.list.push_normal(from, Bitboard(targets), Bitboard::EMPTY);
    }
    #[inline(always)]
    fn pawn_moves(&mut self, from: Square, targets: u64, _: u64) {
        self.list.push_normal(from, Bitboard(targets), self.last_rank);
    }
    #[inline(always)]
    fn closed(&mut self, from: Square, _: Role, entries: u64) {
        self.pos.push_entries(self.list, from, entries, self.safety);
    }
}
