//! A playable Porthole position: pieces, tokens, side to move, castling
//! rights, clocks and hash; making and taking back moves.

use super::movegen::PortholeKingSafety;
use super::{
    CastlingRights, FenError, IllegalMoveError, Move, MoveError, MoveKind, MoveList, Outcome, Tokens, attacks, zobrist,
};
use crate::core::zobrist::{black_key, piece_key};
use crate::core::{Bitboard, Board, Color, Piece, Role, Square};
use crate::engine::see::{SeeValues, see_by_moves};
use crate::engine::{LevelColumn, SearchHooks};
use crate::rules::Rules;

/// What [`Position::play_unchecked`] returns so that [`Position::undo`]
/// can restore the position exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo {
    captured: Option<Piece>,
    castling: CastlingRights,
    halfmoves: u32,
    hash: u64,
}

/// A legal Porthole chess position. Built from a PFEN
/// ([`Position::from_fen`]) or as the default start ([`Position::new`]);
/// changed by playing moves. It holds no history: threefold repetition
/// needs a [`super::Game`].
///
/// ```
/// use wormhole::Rules;
/// use wormhole::porthole::Position;
/// let mut pos = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/4r1K1 w - - 0 30 a6,d4,b3,h1").unwrap();
/// assert!(pos.is_check());
/// let m = pos.parse_move("Kh1>d4").unwrap();
/// pos.play(m).unwrap();
/// assert_eq!(pos.fen(), "6k1/5ppp/8/8/3K4/8/5PPP/4r3 b - - 1 30 a6,d4,b3,g1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) tokens: Tokens,
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
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

    /// The tokens.
    #[inline]
    pub fn tokens(&self) -> &Tokens {
        &self.tokens
    }

    /// The castling rights left.
    #[inline]
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// Plies since the last capture or pawn move (the fifty-move rule's clock).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The squares that block lines: every piece and every token.
    #[inline]
    pub fn blockers(&self) -> Bitboard {
        self.board.occupied() | self.tokens.squares()
    }

    /// The open P-squares: tokens with no piece on them (where porthole moves exit).
    #[inline]
    pub fn open_portholes(&self) -> Bitboard {
        self.tokens.squares() & !self.board.occupied()
    }

    /// The pieces of `color` attacking `sq` (whether `sq` is a P-square does
    /// not matter: docs/porthole.md#check-and-legality).
    pub fn attackers(&self, sq: Square, color: Color) -> Bitboard {
        Bitboard(self.attackers_with(sq.index(), color, self.blockers().0, !0))
    }

    /// The pieces of `color` in `pieces` that attack square index `s` when
    /// `blockers` block the lines: how legality looks at a position after a
    /// move without making it.
    #[inline]
    pub(crate) fn attackers_with(&self, s: usize, color: Color, blockers: u64, pieces: u64) -> u64 {
        attacks::attackers(&self.board, s, color, blockers) & pieces
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        match self.board.king_of(self.turn) {
            Some(k) => self.attackers(k, !self.turn),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Every legal move.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, true);
        list
    }

    /// Moves that follow the pieces' movement rules but may leave the
    /// king attacked (used to explain why a typed move is illegal).
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, false);
        list
    }

    /// Where the piece on `sq` could go on its side's turn, its own king's
    /// safety left aside (for showing how it moves): the squares it moves
    /// to and the portholes it can enter. Empty without a piece there.
    pub fn reach(&self, sq: Square) -> Bitboard {
        let Some(piece) = self.board.piece_at(sq) else { return Bitboard::EMPTY };
        let mut on_turn = self.clone();
        if piece.color != self.turn {
            SearchHooks::pass(&mut on_turn);
        }
        let moves = on_turn.pseudo_legal_moves();
        moves
            .iter()
            .filter(|m| m.from() == sq)
            .fold(Bitboard::EMPTY, |b, m| b | Bitboard::from_square(m.entry().unwrap_or(m.to())))
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// Whether only the two kings are left (a draw, docs/porthole.md#how-a-game-ends).
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

    /// The piece `m` would capture, if any.
    #[inline]
    pub fn captured_by(&self, m: Move) -> Option<Piece> {
        match m.kind() {
            MoveKind::Castle => None,
            _ => self.board.piece_at(m.capture_square()),
        }
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.board.piece_at(sq).map(|p| p.role)
    }

    /// A copy of the position after `m` (which must be legal).
    pub fn after(&self, m: Move) -> Position {
        let mut next = self.clone();
        next.play_unchecked(m);
        next
    }

    /// Plays a move, which must be legal (not checked: for hot paths such
    /// as search and perft; [`Rules::play`](crate::rules::Rules::play) checks); returns what
    /// [`Position::undo`] needs. An illegal move leaves the position in an
    /// unspecified (but memory-safe) state.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) -> Undo {
        let undo = Undo { captured: None, castling: self.castling, halfmoves: self.halfmoves, hash: self.hash };
        let (from, capture_sq) = (m.from(), m.capture_square());
        let Some(piece) = self.board.take(from) else {
            debug_assert!(false, "no piece on {from} for {m}");
            return undo;
        };
        let captured = match m.kind() {
            MoveKind::Castle => None,
            _ => self.board.take(capture_sq),
        };
        let mut h = self.hash ^ piece_key(piece, from) ^ black_key() ^ zobrist::castling_key(self.castling);
        if let Some(c) = captured {
            h ^= piece_key(c, capture_sq);
        }
        let placed = match m.promotion() {
            Some(role) => Piece { role, ..piece },
            None => piece,
        };
        self.board.put(m.to(), placed);
        h ^= piece_key(placed, m.to());
        match m.kind() {
            MoveKind::Normal => {}
            MoveKind::Castle => h ^= self.move_castling_rook(m, true),
            MoveKind::Porthole => h ^= self.move_token(capture_sq, from),
        }
        self.castling = self.castling.after_touching(from).after_touching(capture_sq);
        self.hash = h ^ zobrist::castling_key(self.castling);
        self.halfmoves = if captured.is_some() || piece.role == Role::Pawn { 0 } else { self.halfmoves + 1 };
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !self.turn;
        Undo { captured, ..undo }
    }

    /// Takes back `m`, which must be the last move played, with its [`Undo`].
    #[inline]
    pub fn undo(&mut self, m: Move, undo: Undo) {
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        self.castling = undo.castling;
        self.halfmoves = undo.halfmoves;
        self.hash = undo.hash;
        match m.kind() {
            MoveKind::Normal => {}
            MoveKind::Castle => {
                self.move_castling_rook(m, false);
            }
            MoveKind::Porthole => {
                self.move_token(m.from(), m.capture_square());
            }
        }
        if let Some(mut piece) = self.board.take(m.to()) {
            if m.promotion().is_some() {
                piece.role = Role::Pawn;
            }
            self.board.put(m.from(), piece);
        }
        if let Some(captured) = undo.captured {
            self.board.put(m.capture_square(), captured);
        }
    }

    /// Moves one token from `from` to `to`; returns the change of hash.
    #[inline]
    fn move_token(&mut self, from: Square, to: Square) -> u64 {
        let (hf, ht) = (self.tokens.height(from), self.tokens.height(to));
        self.tokens.take(from);
        self.tokens.add(to);
        zobrist::token_key(from, hf)
            ^ zobrist::token_key(from, hf - 1)
            ^ zobrist::token_key(to, ht)
            ^ zobrist::token_key(to, ht + 1)
    }

    /// Moves the castling rook of king move `m` to its square (`forward`) or
    /// back; returns the change of hash.
    #[inline]
    fn move_castling_rook(&mut self, m: Move, forward: bool) -> u64 {
        let Some(side) = m.castling_side() else { return 0 };
        crate::core::castling::shift_rook(&mut self.board, m.from(), side, forward)
    }
}

/// Porthole chess for the engine and the tools: stalemate, repetition, the
/// fifty-move rule and king against king draw; a checkmated side loses.
impl Rules for Position {
    crate::rules::forward_rules!(orthodox, one_board);
    fn chess_fen(&self) -> Option<String> {
        Self::chess_fen(self)
    }
    /// Counted in a list of this frame: returning the list to count it
    /// copied it, a fifth of perft's time.
    #[inline]
    fn legal_move_count(&self) -> usize {
        let mut list = MoveList::new();
        self.generate(&mut list, true);
        list.len()
    }
}

/// Porthole chess's search hooks.
impl SearchHooks for Position {
    type SearchList = Vec<Move>;
    type Safety = Option<PortholeKingSafety>;
    /// Measured: 182.5 / 246 (74.2%, +183 Elo, 95% +144 .. +228, SPRT
    /// [0, 5] H1) against the search without it, 5,000 nodes a move.
    const SEE_QSEARCH: bool = true;
    /// Measured (README, "Search switches measured"): 326.5 / 600
    /// (54.4%, +31 Elo, 95% +10 .. +52) against main at b5775e1, 5,000
    /// nodes a move; the exchange on bitboards makes it cheap here.
    const SEE_ORDER: bool = true;
    /// Measured together with [`SearchHooks::DEEP_PRUNING`] (README,
    /// "Search switches measured", 40,000 nodes a move, against main at
    /// aded5ea): ordinary chess 128.5 / 194 (66.2%, +117 Elo, 95% +79 ..
    /// +158), Porthole chess 71.5 / 132 (54.2%, +29 Elo, 95% -19 .. +78);
    /// both runs stopped before an SPRT verdict.
    const NULL_MOVE: bool = true;
    /// Measured with [`SearchHooks::NULL_MOVE`]: see there.
    const DEEP_PRUNING: bool = true;
    /// The search takes the whole move time: see the README, "Time".
    const PROVE_AFTER_SEARCH: bool = false;
    /// Measured (README, "Search switches measured"), ordinary chess,
    /// 20,000 nodes a move, against itself off: 51.5 / 76 (67.8%, +129
    /// Elo, 95% +71 .. +195), stopped before an SPRT verdict.
    const SEE_PRUNE: bool = true;
    /// Measured (README, "Search switches measured"), ordinary chess,
    /// 20,000 nodes a move, against itself off: 215.5 / 400 (53.9%, +27
    /// Elo, 95% +2 .. +53), SPRT [0, 5] LLR 0.71, no verdict.
    const CORRECTION: bool = true;
    /// Measured together with [`SearchHooks::CORRECTION_PREVIOUS`]
    /// (README, "Correction history, and more switches tried"), ordinary
    /// chess, 20,000 nodes a move, against the pawns' table alone: 218 /
    /// 400 (54.5%, +31 Elo, 95% +7 .. +56), SPRT [0, 5] LLR 0.91, no verdict.
    const CORRECTION_PIECES: bool = true;
    /// Measured with [`SearchHooks::CORRECTION_PIECES`]: see there.
    const CORRECTION_PREVIOUS: bool = true;
    /// Reduces a little more than the default 2.25: 1.9 (the match
    /// setting `lmrdiv=190`) against 2.25, ordinary chess, 20,000 nodes a
    /// move, seeds 65 and 66: 214 / 400 twice (53.5%, +24 Elo, 95% -2 ..
    /// +51 and 0 .. +49), no SPRT verdict (README, "Correction history,
    /// and more switches tried"). 1.75 had scored 49.4% before the null
    /// move and the deep pruning.
    const LMR_DIVISOR: f64 = 1.9;
    #[inline]
    fn pass(&mut self) {
        self.turn = !self.turn;
        self.hash ^= black_key();
    }
    #[inline]
    fn king_safety(&self) -> Option<PortholeKingSafety> {
        Position::king_safety(self)
    }
    #[inline]
    fn safety_in_check(safety: &Option<PortholeKingSafety>) -> bool {
        safety.as_ref().is_some_and(PortholeKingSafety::in_check)
    }
    #[inline]
    fn surely_has_move(&self, safety: &Option<PortholeKingSafety>) -> bool {
        safety.as_ref().is_some_and(|s| Position::surely_has_move(self, s))
    }
    fn levels(&self) -> &'static LevelColumn {
        super::INFO.levels
    }
    /// On bitboards for a normal capture (`see_normal`, in `see.rs`), the
    /// generic evaluation for a porthole capture.
    #[inline]
    fn see(&mut self, m: Move, values: &SeeValues, scratch: &mut Vec<Move>) -> i32 {
        match self.see_normal(m, values) {
            Some(value) => value,
            None => see_by_moves(self, m, values, scratch),
        }
    }
    #[inline]
    fn generate(&self, safety: &Option<PortholeKingSafety>, list: &mut Vec<Move>, captures: bool) {
        if let Some(safety) = safety {
            let targets = if captures { self.board.by_color(!self.turn) } else { Bitboard::FULL };
            let mut batches = MoveList::new();
            self.generate_with(&mut batches, safety, targets);
            batches.append_to(list);
        }
    }
}
