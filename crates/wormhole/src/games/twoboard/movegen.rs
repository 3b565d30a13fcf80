//! Legal moves of Two-board portal chess, in the order of precedence of
//! the rules: the forced move of a pending intent, else the free moves
//! (orthodox moves and intents on the board to play), else a pass
//! (docs/twoboard.md#how-a-game-ends).
//!
//! Candidates are generated pseudo-legally on the board to play and kept
//! if, once played, the mover's king is safe by the king-safety rule of
//! docs/twoboard.md#check-and-legality.

use super::castling::{CastlingSquares, pieces_at_home};
use super::moves::PROMOTIONS;
use super::{BoardId, CastlingSide, IntentState, Move, MoveKind, MoveList, PORTALS, Position, attacks};
use crate::core::legal::forward;
use crate::core::pins::KingView;
use crate::core::{Bitboard, Color, Role, Square};

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Puts the legal moves in the empty `list`: the candidates, each kept
    /// if it keeps the king safe (told from the king's view where it can
    /// be, else by playing it on a copy), or else a pass if it is legal.
    pub(crate) fn generate_legal(&self, list: &mut MoveList) {
        self.candidates(list);
        if !self.free_moves_are_safe() {
            let guard = self.king_guard();
            let mut scratch: Option<Position> = None;
            list.retain(|m| match self.keeps_king_safe(m, guard.as_ref()) {
                Some(safe) => safe,
                None => scratch.get_or_insert_with(|| self.clone()).is_safe_after(m),
            });
        }
        if list.is_empty() && !self.king_on_board_to_play() && self.pass_is_safe() {
            list.push(Move::NULL);
        }
    }

    /// The moves of kinds 1 and 2, before the king-safety test: the forced
    /// move of a pending intent, else every free move.
    pub(crate) fn candidates(&self, list: &mut MoveList) {
        match self.intents[self.turn.index()] {
            Some(intent) => list.push(match intent.state {
                IntentState::Lost => Move::NULL,
                IntentState::Live | IntentState::InTransit(_) => Move::teleport(self.board, intent.square),
            }),
            None => self.free_moves(list),
        }
    }

    /// Whether every free move is legal without testing it: the mover has
    /// no pending intent and its king is on the other board, where a move
    /// on this board cannot attack it (only orthodox attacks there and
    /// pending arrivals count, and a free move adds neither). Black's king
    /// there need not be safe at all (docs/twoboard.md#check-and-legality);
    /// White's must be safe already.
    #[inline]
    fn free_moves_are_safe(&self) -> bool {
        let us = self.turn;
        self.intents[us.index()].is_none()
            && match self.king_square(us) {
                Some((id, k)) if id != self.board => us == Color::Black || !self.is_attacked(!us, id, k),
                _ => false,
            }
    }

    /// Whether `m` keeps the mover's king safe
    /// (docs/twoboard.md#check-and-legality), by playing it on this copy of
    /// the position and taking it back.
    fn is_safe_after(&mut self, m: Move) -> bool {
        let (us, board) = (self.turn, self.board);
        let undo = self.play_unchecked(m);
        let safe = self.mover_is_safe(us, board);
        self.undo(m, undo);
        safe
    }

    /// The orthodox checks and pins of the mover's king when it stands on
    /// the board to play, and whether an enemy arrival is pending on it.
    #[inline]
    fn king_guard(&self) -> Option<KingGuard> {
        let (us, id) = (self.turn, self.board);
        let (king_board, king) = self.king_square(us)?;
        if king_board != id {
            return None;
        }
        let b = &self.boards[id];
        let view = KingView::new(b, us, king.index(), b.occupied().0, b.by_color(us).0);
        Some(KingGuard { view, arrival: self.arrives_on(!us, id, king) })
    }

    /// Whether the normal move `m` (not the king's, not en passant) keeps
    /// the mover's king on the board played safe, told without playing it
    /// from the king's `guard`: the move must answer a check and keep a
    /// pinned piece on its line. Pending arrivals onto that king come from
    /// the other board and a normal move leaves them as they are. `None`
    /// for the moves this cannot tell.
    #[inline]
    fn keeps_king_safe(&self, m: Move, guard: Option<&KingGuard>) -> Option<bool> {
        let (Some(guard), MoveKind::Normal) = (guard, m.kind()) else { return None };
        let from = m.from().index();
        if from == guard.view.king {
            return None;
        }
        Some(!guard.arrival && guard.view.mask(from) >> m.to().index() & 1 != 0)
    }

    /// Whether a pass would leave the side to move's king safe
    /// (docs/twoboard.md#check-and-legality; the test that tells checkmate
    /// from stalemate or a pass, docs/twoboard.md#how-a-game-ends).
    pub(crate) fn pass_is_safe(&self) -> bool {
        let us = self.turn;
        match self.king_square(us) {
            Some((id, k)) if us == Color::White || id == self.board => {
                // The pass drops the mover's own intent, so an enemy arrival
                // on the king counts even where the king would have swapped.
                let arrival = self.intents[(!us).index()].is_some_and(|i| i.arrives() && i.target() == (id, k));
                !arrival && self.attackers(!us, id, k).is_empty()
            }
            _ => true,
        }
    }

    /// Whether the side to move surely has a legal move, told without
    /// generating them (`false` says nothing): with no intent pending,
    /// either every free move is legal and a pass is safe (so if there is
    /// no free move, the pass is legal), or a knight, bishop, rook or queen
    /// has a first target that keeps the king on this board safe.
    pub(crate) fn surely_has_move(&self) -> bool {
        let (us, id) = (self.turn, self.board);
        if self.intents[us.index()].is_some() {
            return false;
        }
        if self.free_moves_are_safe() && self.pass_is_safe() {
            return true;
        }
        let b = &self.boards[id];
        let (own, occupied) = (b.by_color(us).0, b.occupied().0);
        let guard = self.king_guard();
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            for from in b.pieces(us, role) {
                let mut targets = Bitboard(attacks::attacks(role, us, from.index(), occupied) & !own);
                let first = targets.next().map(|to| Move::normal(id, from, to, None));
                if first.is_some_and(|m| self.keeps_king_safe(m, guard.as_ref()) == Some(true)) {
                    return true;
                }
            }
        }
        false
    }

    /// Orthodox moves and intents on the board to play.
    fn free_moves(&self, list: &mut MoveList) {
        let (us, id) = (self.turn, self.board);
        let b = &self.boards[id];
        let own = b.by_color(us).0;
        let occupied = b.occupied().0;
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
            for from in b.pieces(us, role) {
                let targets = attacks::attacks(role, us, from.index(), occupied) & !own;
                push_all(list, id, from, targets, None);
            }
        }
        self.pawn_moves(list);
        self.castles(list);
        for sq in b.by_color(us) & PORTALS {
            list.push(Move::intent(id, sq));
        }
    }

    /// Pawn pushes, double steps, captures, promotions and en passant.
    fn pawn_moves(&self, list: &mut MoveList) {
        let (us, id) = (self.turn, self.board);
        let b = &self.boards[id];
        let (enemy, empty) = (b.by_color(!us).0, !b.occupied().0);
        let last_rank = Bitboard::rank(us.last_rank()).0;
        let ep = self.en_passant[id].filter(|sq| sq.rank() == if us == Color::White { 5 } else { 2 });
        for from in b.pieces(us, Role::Pawn) {
            let s = from.index();
            let one = forward(us, 1 << s) & empty;
            let two = if from.rank() == us.pawn_rank() { forward(us, one) & empty } else { 0 };
            let targets = one | two | attacks::pawn(us, s) & enemy;
            push_all(list, id, from, targets & !last_rank, None);
            for promotion in PROMOTIONS {
                push_all(list, id, from, targets & last_rank, Some(promotion));
            }
            if let Some(ep) = ep
                && attacks::pawn(us, s) & Bitboard::from_square(ep).0 != 0
                && self.en_passant_victim(ep)
            {
                list.push(Move::en_passant(id, from, ep));
            }
        }
    }

    /// Whether an enemy pawn stands behind `ep` and `ep` is empty (a FEN may
    /// name an en passant square that nothing can be captured on).
    fn en_passant_victim(&self, ep: Square) -> bool {
        let b = &self.boards[self.board];
        let behind = Square::new(if self.turn == Color::White { ep.index() - 8 } else { ep.index() + 8 } as u8);
        b.piece_at(ep).is_none() && b.piece_at(behind).is_some_and(|p| p.color != self.turn && p.role == Role::Pawn)
    }

    /// Castling on the board to play: right kept, king and rook at home,
    /// nothing between them, no square of the king's way attacked
    /// (docs/twoboard.md#moves-on-one-board).
    fn castles(&self, list: &mut MoveList) {
        let (us, id) = (self.turn, self.board);
        let b = &self.boards[id];
        for side in CastlingSide::ALL {
            let s = CastlingSquares::of(us, side);
            if self.castling[id].has(us, side)
                && pieces_at_home(b, us, side)
                && (b.occupied() & s.between).is_empty()
                && s.king_path.into_iter().all(|sq| !self.is_attacked(!us, id, sq))
            {
                list.push(Move::castle(id, s.king_from, s.king_to));
            }
        }
    }
}

impl Position {
    /// Where the piece on `sq` of the board to play could move on its
    /// side's turn there, its own king's safety left aside (for showing how
    /// it moves). Empty if no piece stands there.
    ///
    /// ```
    /// use wormhole::twoboard::Position;
    /// let pos = Position::new();
    /// let to: Vec<String> = pos.reach("d1".parse().unwrap()).map(|s| s.to_string()).collect();
    /// assert!(to.is_empty()); // White's queen on A is hemmed in
    /// assert_eq!(pos.reach("b8".parse().unwrap()).count(), 2); // Black's knight on A
    /// ```
    pub fn reach(&self, sq: Square) -> Bitboard {
        let b = &self.boards[self.board];
        let Some(p) = b.piece_at(sq) else { return Bitboard::EMPTY };
        let (s, occupied) = (sq.index(), b.occupied().0);
        Bitboard(match p.role {
            Role::Pawn => {
                let one = forward(p.color, 1 << s) & !occupied;
                let two = if sq.rank() == p.color.pawn_rank() { forward(p.color, one) & !occupied } else { 0 };
                one | two | attacks::pawn(p.color, s) & b.by_color(!p.color).0
            }
            role => attacks::attacks(role, p.color, s, occupied) & !b.by_color(p.color).0,
        })
    }
}

/// What tells a normal move's king safety without playing it.
struct KingGuard {
    view: KingView,
    /// Whether an enemy arrival is pending on the king.
    arrival: bool,
}

/// Adds a move from `from` to each of `targets`.
#[inline]
fn push_all(list: &mut MoveList, board: BoardId, from: Square, targets: u64, promotion: Option<Role>) {
    for to in Bitboard(targets) {
        list.push(Move::normal(board, from, to, promotion));
    }
}

impl Position {
    /// The result if the game is over by this position alone: checkmate,
    /// stalemate, king against king or the fifty-move rule
    /// (docs/twoboard.md#how-a-game-ends).
    /// Threefold repetition needs the game's history: see [`super::Game::outcome`].
    pub fn outcome(&self) -> Option<super::Outcome> {
        let has_move = !self.legal_moves().is_empty();
        let mated = || !self.pass_is_safe();
        super::Outcome::of_position(self.turn, has_move, mated, self.is_king_versus_king(), self.halfmoves)
    }

    /// Whether the side to move is checkmated (docs/twoboard.md#how-a-game-ends).
    pub fn is_checkmate(&self) -> bool {
        self.legal_moves().is_empty() && !self.pass_is_safe()
    }
}
