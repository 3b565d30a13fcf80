//! A playable position of Two-board portal chess: both boards, the side
//! and board to play, per-board castling and en passant, the intents,
//! clocks and hash; making and taking back moves.

use super::castling::CastlingSquares;
use super::{BoardId, CastlingRights, CastlingSide, Intent, IntentState, Move, MoveKind, attacks, zobrist};
use crate::core::{Bitboard, Board, Color, Piece, Role, Square};

/// What [`Position::play_unchecked`] returns so that [`Position::undo`]
/// can restore the position exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo {
    /// The piece captured, or lifted into transit by a swap.
    captured: Option<Piece>,
    castling: [CastlingRights; 2],
    en_passant: [Option<Square>; 2],
    intents: [Option<Intent>; 2],
    board: BoardId,
    halfmoves: u32,
    hash: u64,
}

/// A legal Two-board portal chess position, built from a FEN
/// ([`Position::from_fen`]) or as the start ([`Position::new`]) and changed
/// by playing moves. It holds no history: threefold repetition needs a
/// [`super::Game`].
///
/// ```
/// use wormhole::Rules;
/// use wormhole::twoboard::Position;
/// let mut pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 20);
/// for text in ["Ae2e4", "Ba7a5", "Bh2h4", "Ae7e5"] {
///     let m = pos.parse_move(text).unwrap();
///     pos.play(m).unwrap();
/// }
/// assert_eq!(
///     pos.fen(),
///     "rnbq1bnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR|rnbqkbnr/1ppppppp/8/p7/7P/8/PPPPPPP1/RNBQ1BNR w A KQ|kq e6|h3 - 0 3"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) boards: [Board; 2],
    pub(crate) turn: Color,
    pub(crate) board: BoardId,
    pub(crate) castling: [CastlingRights; 2],
    pub(crate) en_passant: [Option<Square>; 2],
    /// Indexed by owner: White's intent first.
    pub(crate) intents: [Option<Intent>; 2],
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
}

impl Position {
    /// The pieces of one board.
    #[inline]
    pub fn board(&self, id: BoardId) -> &Board {
        &self.boards[id]
    }

    /// The board the side to move must play (docs/twoboard.md#whose-turn-on-which-board).
    #[inline]
    pub fn board_to_play(&self) -> BoardId {
        self.board
    }

    /// The castling rights left on one board.
    #[inline]
    pub fn castling(&self, id: BoardId) -> CastlingRights {
        self.castling[id]
    }

    /// The en passant square of one board, if its last move was a double step.
    #[inline]
    pub fn en_passant(&self, id: BoardId) -> Option<Square> {
        self.en_passant[id]
    }

    /// The pending intent of `color`, if any.
    #[inline]
    pub fn intent(&self, color: Color) -> Option<Intent> {
        self.intents[color.index()]
    }

    /// Plies since the last capture or pawn move, over both boards.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The board `color` plays on its next turn
    /// (docs/twoboard.md#whose-turn-on-which-board): after White plays Z,
    /// Black plays the other board; after Black plays Z, White plays Z.
    #[inline]
    pub fn next_board_of(&self, color: Color) -> BoardId {
        if color == self.turn || self.turn == Color::Black { self.board } else { self.board.other() }
    }

    /// Where `color`'s king is: its board and square, a king in transit
    /// counting as standing on its landing square.
    pub fn king_square(&self, color: Color) -> Option<(BoardId, Square)> {
        for id in BoardId::BOTH {
            if let Some(k) = self.boards[id].king_of(color) {
                return Some((id, k));
            }
        }
        let intent = self.intents[color.index()]?;
        matches!(intent.state, IntentState::InTransit(Role::King)).then(|| intent.target())
    }

    /// The pieces of `by` on `board` that attack `sq` orthodoxly.
    pub fn attackers(&self, by: Color, board: BoardId, sq: Square) -> Bitboard {
        let b = &self.boards[board];
        Bitboard(attacks::attackers(b, sq.index(), by, b.occupied().0))
    }

    /// Whether `by` has a pending arrival on `sq` of `board`: a live intent
    /// or a piece in transit targeting it, unless the piece standing there
    /// will swap away (its own intent is live from that square: a swap,
    /// docs/twoboard.md#intents-and-teleports).
    pub fn arrives_on(&self, by: Color, board: BoardId, sq: Square) -> bool {
        let Some(intent) = self.intents[by.index()] else { return false };
        intent.arrives()
            && intent.target() == (board, sq)
            && !self.intents[(!by).index()].is_some_and(|i| i.is_live_from(board, sq))
    }

    /// Whether `by` attacks `sq` of `board`: orthodoxly or by a pending arrival.
    #[inline]
    pub fn is_attacked(&self, by: Color, board: BoardId, sq: Square) -> bool {
        self.arrives_on(by, board, sq) || self.attackers(by, board, sq).any()
    }

    /// Whether `color`'s king (where it stands, or lands) is attacked.
    pub fn king_attacked(&self, color: Color) -> bool {
        self.king_square(color).is_some_and(|(id, k)| self.is_attacked(!color, id, k))
    }

    /// Whether the side to move is in check: its king is attacked.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.king_attacked(self.turn)
    }

    /// King safety (docs/twoboard.md#check-and-legality) after `mover`
    /// played `board`: White's king must not be attacked anywhere; Black's
    /// only if it stands on `board`.
    pub(crate) fn mover_is_safe(&self, mover: Color, board: BoardId) -> bool {
        match self.king_square(mover) {
            Some((id, k)) if mover == Color::White || id == board => !self.is_attacked(!mover, id, k),
            _ => true,
        }
    }

    /// Whether the side to move's king stands (or would land) on the board it must play.
    pub(crate) fn king_on_board_to_play(&self) -> bool {
        self.king_square(self.turn).is_some_and(|(id, _)| id == self.board)
    }

    /// The number of pieces on both boards and in transit.
    pub fn piece_count(&self) -> u32 {
        let transit = self.intents.iter().flatten().filter(|i| i.in_transit().is_some()).count() as u32;
        self.boards[0].occupied().count() + self.boards[1].occupied().count() + transit
    }

    /// Whether only the two kings are left, anywhere (docs/twoboard.md#how-a-game-ends).
    pub fn is_king_versus_king(&self) -> bool {
        self.piece_count() == 2
    }

    /// The piece `m` would capture, if any (a swap lifts a piece but captures none).
    pub fn captured_by(&self, m: Move) -> Option<Piece> {
        let (board, to) = (m.board(), m.to());
        match m.kind() {
            MoveKind::Normal => self.boards[board].piece_at(to),
            MoveKind::EnPassant => Some(Piece { color: !self.turn, role: Role::Pawn }),
            MoveKind::Teleport => {
                let swap = self.intents[(!self.turn).index()].is_some_and(|i| i.is_live_from(board, to));
                if swap { None } else { self.boards[board].piece_at(to) }
            }
            MoveKind::Castle | MoveKind::Intent | MoveKind::Null => None,
        }
    }

    /// The hash of everything but the pieces.
    #[inline]
    fn state_key(&self) -> u64 {
        let mut h = zobrist::turn_key(self.turn, self.board)
            ^ zobrist::intent_key(self.intents[0])
            ^ zobrist::intent_key(self.intents[1]);
        for id in BoardId::BOTH {
            h ^= zobrist::castling_key(id, self.castling[id]) ^ zobrist::en_passant_key(id, self.en_passant[id]);
        }
        h
    }

    /// The Zobrist hash computed from scratch (what [`Position::hash`] keeps up to date).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = self.state_key();
        for id in BoardId::BOTH {
            for sq in self.boards[id].occupied() {
                if let Some(p) = self.boards[id].piece_at(sq) {
                    h ^= zobrist::piece_key(id, p, sq);
                }
            }
        }
        h
    }

    /// Takes the piece on `sq` of `board`, updating `hash`.
    #[inline]
    fn take(&mut self, board: BoardId, sq: Square, hash: &mut u64) -> Option<Piece> {
        let piece = self.boards[board].take(sq)?;
        *hash ^= zobrist::piece_key(board, piece, sq);
        Some(piece)
    }

    /// Puts `piece` on the empty `sq` of `board`, updating `hash`.
    #[inline]
    fn put(&mut self, board: BoardId, sq: Square, piece: Piece, hash: &mut u64) {
        self.boards[board].put(sq, piece);
        *hash ^= zobrist::piece_key(board, piece, sq);
    }

    /// Plays a move, which must be legal (not checked: for hot paths such
    /// as search and perft; [`Rules::play`](crate::rules::Rules::play) checks); returns what
    /// [`Position::undo`] needs.
    pub fn play_unchecked(&mut self, m: Move) -> Undo {
        let undo = Undo {
            captured: None,
            castling: self.castling,
            en_passant: self.en_passant,
            intents: self.intents,
            board: self.board,
            halfmoves: self.halfmoves,
            hash: self.hash,
        };
        let (us, board) = (self.turn, self.board);
        let mut h = self.hash ^ self.state_key();
        self.en_passant[board] = None;
        let (captured, resets) = match m.kind() {
            MoveKind::Normal | MoveKind::EnPassant => self.play_normal(m, &mut h),
            MoveKind::Castle => (self.play_castle(m, &mut h), false),
            MoveKind::Intent => (self.declare(m), false),
            MoveKind::Teleport => self.play_teleport(m, &mut h),
            MoveKind::Null => {
                self.intents[us.index()] = None;
                (None, false)
            }
        };
        self.halfmoves = if resets { 0 } else { self.halfmoves + 1 };
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = !us;
        self.board = if us == Color::White { board.other() } else { board };
        self.hash = h ^ self.state_key();
        Undo { captured, ..undo }
    }

    /// An orthodox move or en passant capture; returns the capture and
    /// whether the fifty-move clock restarts.
    fn play_normal(&mut self, m: Move, h: &mut u64) -> (Option<Piece>, bool) {
        let (board, from, to) = (m.board(), m.from(), m.to());
        let capture_sq = match m.kind() {
            MoveKind::EnPassant => Square::new(from.rank() * 8 + to.file()),
            _ => to,
        };
        let captured = self.take(board, capture_sq, h);
        if captured.is_some() {
            self.void_intent_on(board, capture_sq);
        }
        let Some(piece) = self.take(board, from, h) else { return (captured, false) };
        let placed = m.promotion().map_or(piece, |role| Piece { role, ..piece });
        self.put(board, to, placed, h);
        self.castling[board] = self.castling[board].after_touching(from).after_touching(to);
        if piece.role == Role::Pawn && from.rank().abs_diff(to.rank()) == 2 {
            self.en_passant[board] = Some(Square::new((from.index() + to.index()) as u8 / 2));
        }
        (captured, captured.is_some() || piece.role == Role::Pawn)
    }

    /// The capture of the enemy's intending piece on `sq` of `board` makes
    /// its intent void (docs/twoboard.md#intents-and-teleports).
    #[inline]
    fn void_intent_on(&mut self, board: BoardId, sq: Square) {
        let them = (!self.turn).index();
        if let Some(intent) = self.intents[them].as_mut().filter(|i| i.is_live_from(board, sq)) {
            intent.state = IntentState::Lost;
        }
    }

    /// Castling: the king's move and the rook's.
    fn play_castle(&mut self, m: Move, h: &mut u64) -> Option<Piece> {
        let (board, from, to) = (m.board(), m.from(), m.to());
        let (rook_from, rook_to) = castling_rook_squares(from, to);
        if let Some(king) = self.take(board, from, h) {
            self.put(board, to, king, h);
        }
        if let Some(rook) = self.take(board, rook_from, h) {
            self.put(board, rook_to, rook, h);
        }
        self.castling[board] = self.castling[board].after_touching(from).after_touching(rook_from);
        None
    }

    /// An intent: nothing moves; blocked at once if a friendly piece stands
    /// on the receiving portal (docs/twoboard.md#intents-and-teleports).
    fn declare(&mut self, m: Move) -> Option<Piece> {
        let (us, board, sq) = (self.turn, m.board(), m.from());
        let blocked = self.boards[board.other()].piece_at(sq).is_some_and(|p| p.color == us);
        let state = if blocked { IntentState::Lost } else { IntentState::Live };
        self.intents[us.index()] = Some(Intent { owner: us, source: board, square: sq, state });
        None
    }

    /// A teleport (capturing, or lifting a piece whose own intent is live
    /// from the target into transit, a swap:
    /// docs/twoboard.md#intents-and-teleports) or a landing.
    fn play_teleport(&mut self, m: Move, h: &mut u64) -> (Option<Piece>, bool) {
        let (us, board, sq) = (self.turn, m.board(), m.to());
        let Some(intent) = self.intents[us.index()].take() else { return (None, false) };
        let piece = match intent.in_transit() {
            Some(piece) => piece,
            None => match self.take(board.other(), sq, h) {
                Some(piece) => piece,
                None => return (None, false),
            },
        };
        let lifted = self.take(board, sq, h);
        let mut captures = lifted.is_some();
        if let Some(target) = lifted
            && let Some(theirs) = self.intents[(!us).index()].as_mut().filter(|i| i.is_live_from(board, sq))
        {
            theirs.state = IntentState::InTransit(target.role);
            captures = false;
        }
        self.put(board, sq, piece, h);
        (lifted, captures || piece.role == Role::Pawn)
    }

    /// Takes back `m`, which must be the last move played, with its [`Undo`].
    pub fn undo(&mut self, m: Move, undo: Undo) {
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        let (board, from, to) = (m.board(), m.from(), m.to());
        match m.kind() {
            MoveKind::Normal | MoveKind::EnPassant => {
                if let Some(mut piece) = self.boards[board].take(to) {
                    if m.promotion().is_some() {
                        piece.role = Role::Pawn;
                    }
                    self.boards[board].put(from, piece);
                }
                if let Some(captured) = undo.captured {
                    let at =
                        if m.kind() == MoveKind::EnPassant { Square::new(from.rank() * 8 + to.file()) } else { to };
                    self.boards[board].put(at, captured);
                }
            }
            MoveKind::Castle => {
                let (rook_from, rook_to) = castling_rook_squares(from, to);
                self.shift(board, to, from);
                self.shift(board, rook_to, rook_from);
            }
            MoveKind::Teleport => self.undo_teleport(board, to, undo),
            MoveKind::Intent | MoveKind::Null => {}
        }
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.intents = undo.intents;
        self.board = undo.board;
        self.halfmoves = undo.halfmoves;
        self.hash = undo.hash;
    }

    /// Takes back a teleport (the piece goes home) or a landing (the piece
    /// goes back into transit); a captured or lifted piece returns.
    fn undo_teleport(&mut self, board: BoardId, sq: Square, undo: Undo) {
        let landing = undo.intents[self.turn.index()].is_some_and(|i| i.in_transit().is_some());
        if let Some(piece) = self.boards[board].take(sq)
            && !landing
        {
            self.boards[board.other()].put(sq, piece);
        }
        if let Some(captured) = undo.captured {
            self.boards[board].put(sq, captured);
        }
    }

    /// Moves the piece on `from` to `to` of `board` (no hash: for undo).
    #[inline]
    fn shift(&mut self, board: BoardId, from: Square, to: Square) {
        if let Some(piece) = self.boards[board].take(from) {
            self.boards[board].put(to, piece);
        }
    }
}

/// The rook's squares for the king's castling move `from`-`to`.
#[inline]
fn castling_rook_squares(from: Square, to: Square) -> (Square, Square) {
    let color = if from.rank() == 0 { Color::White } else { Color::Black };
    let side = if to.file() == 6 { CastlingSide::King } else { CastlingSide::Queen };
    let s = CastlingSquares::of(color, side);
    (s.rook_from, s.rook_to)
}
