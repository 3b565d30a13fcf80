//! A playable Linked-portal chess position: pieces, portals, side to move,
//! castling rights, en passant square, clocks and hash; making and taking
//! back moves.

use super::castling::rights_kept;
use super::routes::{self, forward};
use super::zobrist::{castling_key, en_passant_key, portals_key};
use super::{CastlingRights, Move, MoveKind, MoveList, Outcome, Portals};
use crate::core::zobrist::{black_key, piece_key};
use crate::core::{Bitboard, Board, Color, Piece, Role, Square};

/// What [`Position::play_unchecked`] returns so that [`Position::undo`]
/// can restore the position exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo {
    /// The piece a piece move captured, and where it stood.
    captured: Option<(Square, Piece)>,
    /// The pieces a black hole removed, in square order of its nine squares.
    removed: [Option<Piece>; 9],
    /// Whether a portal move teleported a piece.
    teleported: bool,
    portals: Portals,
    castling: CastlingRights,
    ep: Option<Square>,
    halfmoves: u32,
    hash: u64,
}

/// A legal Linked-portal chess position, built from a FEN
/// ([`Position::from_fen`]) or as the default start ([`Position::new`]) and
/// changed by playing moves. It holds no history: threefold repetition
/// needs a [`super::Game`].
///
/// ```
/// use wormhole::linked::Position;
/// let pos = Position::from_fen("7k/6pp/8/8/8/8/5PPP/R5K1 w - - 0 1 a4,e5").unwrap();
/// assert_eq!(pos.legal_moves().len(), 24);
/// let mate = pos.legal_moves().iter().find(|m| m.to_string() == "a1e8").unwrap();
/// let after = pos.after(mate);
/// assert!(after.is_check() && !after.has_legal_move());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) portals: Portals,
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
}

impl Position {
    /// The pieces.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The portals.
    #[inline]
    pub fn portals(&self) -> Portals {
        self.portals
    }

    /// The castling rights left.
    #[inline]
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant square: set after a plain double step only
    /// (docs/linked.md#how-the-pieces-move).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Plies since the last pawn move, capture or black hole that removed a
    /// piece (the fifty-move rule's clock, docs/linked.md#how-a-game-ends).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// J's resident: the piece on a cell of active portals, and its square.
    pub fn resident(&self) -> Option<(Square, Piece)> {
        let sq = (self.board.occupied() & self.portals.cells()).first()?;
        Some((sq, self.board.piece_at(sq)?))
    }

    /// Every legal move.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Moves the rules allow with the mover's king's safety left aside.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_pseudo(&mut list);
        list
    }

    /// Whether only the two kings are left (a draw, docs/linked.md#how-a-game-ends).
    pub fn is_king_versus_king(&self) -> bool {
        self.board.occupied().count() == 2
    }

    /// The result if the game is over by this position alone: checkmate,
    /// stalemate, king against king or the fifty-move rule. Threefold
    /// repetition needs the game's history: see [`super::Game::outcome`].
    pub fn outcome(&self) -> Option<Outcome> {
        let has_move = self.has_legal_move();
        Outcome::of_position(self.turn, has_move, || self.is_check(), self.is_king_versus_king(), self.halfmoves)
    }

    /// Where a piece move captures, if it does: J's resident for a landing
    /// on a portal cell, the pawn behind the square for en passant, else
    /// the landing square if a piece stands there.
    pub fn capture_square(&self, m: Move) -> Option<Square> {
        let to = m.to();
        match m.kind() {
            MoveKind::Castle | MoveKind::Portal => None,
            MoveKind::EnPassant => Square::from_coords(to.file(), m.from().rank()),
            MoveKind::Normal if self.portals.cells().contains(to) => self.resident().map(|(sq, _)| sq),
            MoveKind::Normal => self.board.piece_at(to).map(|_| to),
        }
    }

    /// The piece `m` would capture, if any (a black hole's pieces aside).
    #[inline]
    pub fn captured_by(&self, m: Move) -> Option<Piece> {
        self.capture_square(m).and_then(|sq| self.board.piece_at(sq))
    }

    /// The pieces the black hole `m` would remove (empty for other moves).
    pub fn swallowed_by(&self, m: Move) -> Bitboard {
        match self.portals.of(!self.turn) {
            Some(other) if m.is_portal() && m.to() == other && self.portals.is_active() => {
                Bitboard(routes::king(other.index()) | 1 << other.index()) & self.board.occupied()
            }
            _ => Bitboard::EMPTY,
        }
    }

    /// A copy of the position after `m` (which must be legal).
    pub fn after(&self, m: Move) -> Position {
        let mut next = self.clone();
        next.play_unchecked(m);
        next
    }

    /// Plays a move, which must be legal (not checked: for hot paths such
    /// as search and perft); returns what [`Position::undo`] needs. An
    /// illegal move leaves the position in an unspecified (but memory-safe)
    /// state.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) -> Undo {
        let mut undo = Undo {
            captured: None,
            removed: [None; 9],
            teleported: false,
            portals: self.portals,
            castling: self.castling,
            ep: self.ep,
            halfmoves: self.halfmoves,
            hash: self.hash,
        };
        let mut h = self.hash ^ black_key() ^ castling_key(self.castling) ^ en_passant_key(self.ep);
        h ^= portals_key(self.portals);
        self.ep = None;
        let irreversible = match m.kind() {
            MoveKind::Portal => self.play_portal(m, &mut undo, &mut h),
            _ => self.play_piece(m, &mut undo, &mut h),
        };
        self.castling = rights_kept(self.castling, &self.board);
        self.hash = h ^ castling_key(self.castling) ^ en_passant_key(self.ep) ^ portals_key(self.portals);
        self.halfmoves = if irreversible { 0 } else { self.halfmoves + 1 };
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
        undo
    }

    /// Makes a piece move; returns whether it resets the fifty-move clock.
    #[inline]
    fn play_piece(&mut self, m: Move, undo: &mut Undo, h: &mut u64) -> bool {
        let (from, to) = (m.from(), m.to());
        let capture = self.capture_square(m);
        let Some(piece) = self.board.take(from) else {
            debug_assert!(false, "no piece on {from} for {m}");
            return false;
        };
        *h ^= piece_key(piece, from);
        if let Some(sq) = capture
            && let Some(c) = self.board.take(sq)
        {
            *h ^= piece_key(c, sq);
            undo.captured = Some((sq, c));
        }
        let placed = m.promotion().map_or(piece, |role| Piece { role, ..piece });
        self.board.put(to, placed);
        *h ^= piece_key(placed, to);
        if m.kind() == MoveKind::Castle {
            *h ^= self.move_castling_rook(m, true);
        }
        if piece.role == Role::Pawn {
            self.ep = self.plain_double_step(piece.color, from, to);
        }
        undo.captured.is_some() || piece.role == Role::Pawn
    }

    /// The square a pawn of `color` passed over, if its move from `from` to
    /// `to` was a plain double step (neither arrival on a portal cell:
    /// docs/linked.md#how-the-pieces-move, en passant).
    #[inline]
    fn plain_double_step(&self, color: Color, from: Square, to: Square) -> Option<Square> {
        let middle = forward(color, 1 << from.index());
        let plain =
            forward(color, middle) == 1 << to.index() && (middle | 1 << to.index()) & self.portals.cells().0 == 0;
        plain.then(|| Square::new(middle.trailing_zeros() as u8))
    }

    /// Makes a portal move; returns whether it resets the fifty-move clock
    /// (a black hole that removed a piece).
    #[inline]
    fn play_portal(&mut self, m: Move, undo: &mut Undo, h: &mut u64) -> bool {
        let (us, to) = (self.turn, m.to());
        let Some(other) = self.portals.of(!us) else { return false };
        if to == other {
            let zone = Bitboard(routes::king(to.index()) | 1 << to.index());
            for (i, sq) in zone.enumerate() {
                if let Some(p) = self.board.take(sq) {
                    *h ^= piece_key(p, sq);
                    undo.removed[i] = Some(p);
                }
            }
            self.portals = Portals::Frozen(to);
            return undo.removed.iter().any(Option::is_some);
        }
        if let Some(p) = self.board.take(to) {
            self.board.put(other, p);
            *h ^= piece_key(p, to) ^ piece_key(p, other);
            undo.teleported = true;
        }
        self.portals = self.portals.with(us, to);
        false
    }

    /// Takes back `m`, which must be the last move played, with its [`Undo`].
    #[inline]
    pub fn undo(&mut self, m: Move, undo: Undo) {
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        match m.kind() {
            MoveKind::Portal => self.undo_portal(m, &undo),
            _ => self.undo_piece(m, &undo),
        }
        self.portals = undo.portals;
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmoves = undo.halfmoves;
        self.hash = undo.hash;
    }

    #[inline]
    fn undo_piece(&mut self, m: Move, undo: &Undo) {
        if let Some(mut piece) = self.board.take(m.to()) {
            if m.promotion().is_some() {
                piece.role = Role::Pawn;
            }
            self.board.put(m.from(), piece);
        }
        if m.kind() == MoveKind::Castle {
            self.move_castling_rook(m, false);
        }
        if let Some((sq, piece)) = undo.captured {
            self.board.put(sq, piece);
        }
    }

    #[inline]
    fn undo_portal(&mut self, m: Move, undo: &Undo) {
        let to = m.to();
        if let Portals::Frozen(_) = self.portals {
            let zone = Bitboard(routes::king(to.index()) | 1 << to.index());
            for (sq, piece) in zone.zip(undo.removed) {
                if let Some(p) = piece {
                    self.board.put(sq, p);
                }
            }
        } else if undo.teleported
            && let Some(other) = undo.portals.of(!self.turn)
            && let Some(p) = self.board.take(other)
        {
            self.board.put(to, p);
        }
    }

    /// Moves the castling rook of king move `m` to its square (`forward`) or
    /// back; returns the change of hash.
    #[inline]
    fn move_castling_rook(&mut self, m: Move, forward: bool) -> u64 {
        let Some(side) = m.castling_side() else { return 0 };
        crate::core::castling::shift_rook(&mut self.board, m.from(), side, forward)
    }
}
