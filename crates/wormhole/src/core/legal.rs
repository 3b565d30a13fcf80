//! Orthodox legal move generation, shared by the games played with
//! orthodox pieces: each game passes what blocks lines, which squares a
//! piece may not land on by an orthodox move (Porthole chess's tokens) and
//! its en passant square, and receives the moves, per piece as sets of
//! targets, in a [`OrthodoxMoveSink`] of its own. What a game adds (castling, portal
//! and porthole moves) it generates itself; the squares of `closed` a
//! piece reaches are handed to the sink so the game can make its own moves
//! of them.
//!
//! Legality is orthodox: checks and pins come from the king once
//! ([`KingView`]), a king step is tested against the attackers with the
//! king lifted off its line, and en passant (which removes two pieces from
//! a rank) is tested in full.

use crate::core::orthodox::{self, king, pawn};
use crate::core::pins::KingView;
use crate::core::{Bitboard, Board, Color, Role, Square};

/// Where a game's generator puts the moves.
pub(crate) trait OrthodoxMoveSink {
    /// Orthodox moves of the piece (not a pawn) on `from` to each of `targets`.
    fn moves(&mut self, from: Square, targets: u64);
    /// Moves of the pawn on `from` to each of `targets`: promotions on its
    /// last rank, and an en passant capture on `ep` if it is a target.
    fn pawn_moves(&mut self, from: Square, targets: u64, ep: u64);
    /// The squares of `closed` that the piece of `role` on `from` reaches
    /// (its own pieces' squares left out), for the game's own moves.
    #[inline(always)]
    fn closed(&mut self, _from: Square, _role: Role, _reached: u64) {}
}

/// What one side's orthodox generation reads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Orthodox<'a> {
    /// The pieces.
    pub board: &'a Board,
    /// The side to move.
    pub us: Color,
    /// What stops lines and pawn steps: the pieces and whatever the game adds.
    pub blockers: u64,
    /// Squares no orthodox move may end on (they are still reached).
    pub closed: u64,
    /// The en passant target square the side to move may take on (0 or one bit).
    pub ep: u64,
}

impl Orthodox<'_> {
    /// The king's view of `us` (`None` without a king); pieces standing on
    /// `closed` squares leave them blocked, so they are never pinned.
    #[inline]
    pub(crate) fn king_view(&self) -> Option<KingView> {
        let k = self.board.king_of(self.us)?.index();
        let own = self.board.by_color(self.us).0;
        Some(KingView::new(self.board, self.us, k, self.blockers, own & !self.closed))
    }

    /// Hands `sink` every legal orthodox move (castling aside) ending on
    /// `targets`, and the closed squares each piece reaches: knights,
    /// bishops, rooks, queens, pawns, king. (A game that lists its moves in
    /// another order calls the parts itself.)
    #[inline]
    pub(crate) fn generate(&self, view: &KingView, targets: u64, sink: &mut impl OrthodoxMoveSink) {
        self.pieces(view, targets, sink);
        self.pawns(view, targets, sink);
        self.king_moves(view, targets, sink);
    }

    /// The moves of the knights, bishops, rooks and queens, in that order.
    #[inline]
    pub(crate) fn pieces(&self, view: &KingView, targets: u64, sink: &mut impl OrthodoxMoveSink) {
        if view.checkers.count_ones() > 1 {
            return;
        }
        let own = self.board.by_color(self.us).0;
        let open = !own & !self.closed & targets;
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            for from in self.board.pieces(self.us, role) {
                let s = from.index();
                let reach = orthodox::attacks(role, self.us, s, self.blockers);
                sink.moves(from, reach & open & view.mask(s));
                self.hand_closed(sink, from, role, reach & targets & !own);
            }
        }
    }

    #[inline(always)]
    fn hand_closed(&self, sink: &mut impl OrthodoxMoveSink, from: Square, role: Role, reach: u64) {
        let closed = reach & self.closed;
        if closed != 0 {
            sink.closed(from, role, closed);
        }
    }

    /// The pawns' moves.
    #[inline]
    pub(crate) fn pawns(&self, view: &KingView, targets: u64, sink: &mut impl OrthodoxMoveSink) {
        if view.checkers.count_ones() > 1 {
            return;
        }
        let us = self.us;
        let enemy = self.board.by_color(!us).0;
        let own = self.board.by_color(us).0;
        let empty = !self.blockers;
        for from in self.board.pieces(us, Role::Pawn) {
            let s = from.index();
            let one = orthodox::pawn_step(us, s) & empty;
            let two = if from.rank() == us.pawn_rank() { forward(us, one) & empty } else { 0 };
            let reach = pawn(us, s);
            let to = ((one | two) & targets | reach & enemy & !self.closed & targets) & view.mask(s);
            let ep = if reach & self.ep & targets != 0 && self.en_passant_is_safe(view, s) { self.ep } else { 0 };
            sink.pawn_moves(from, to | ep, ep);
            self.hand_closed(sink, from, Role::Pawn, reach & targets & !own);
        }
    }

    /// Whether taking en passant from `s` leaves the king unattacked: the
    /// taking pawn and the taken one both leave their squares.
    #[inline(never)]
    fn en_passant_is_safe(&self, view: &KingView, s: usize) -> bool {
        let to = self.ep;
        let taken = forward(!self.us, to);
        let blockers = (self.blockers & !(1u64 << s) & !taken) | to;
        orthodox::attackers(self.board, view.king, !self.us, blockers) & !taken == 0
    }

    /// The king's steps.
    #[inline]
    pub(crate) fn king_moves(&self, view: &KingView, targets: u64, sink: &mut impl OrthodoxMoveSink) {
        let k = view.king;
        let from = Square::new(k as u8);
        let own = self.board.by_color(self.us).0;
        let reach = king(k) & targets & !own;
        // Lifted off its square, the king no longer shields the squares
        // behind it (unless its square is closed and stays blocked).
        let blockers = self.blockers & !(1u64 << k) | self.closed;
        let mut to = reach & !self.closed;
        for sq in Bitboard(to) {
            let t = sq.index();
            if orthodox::attackers(self.board, t, !self.us, blockers) & !(1u64 << t) != 0 {
                to &= !(1u64 << t);
            }
        }
        sink.moves(from, to);
        self.hand_closed(sink, from, Role::King, reach);
    }
}

/// The squares one rank forward of `bits` for a pawn of `color`.
#[inline(always)]
pub(crate) fn forward(color: Color, bits: u64) -> u64 {
    match color {
        Color::White => bits << 8,
        Color::Black => bits >> 8,
    }
}
