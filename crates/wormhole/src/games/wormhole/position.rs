//! A playable position: board, side to move, ply count, piece set and hash.

use super::HoleBoard;
use super::eval::{self, EvalParams};
use super::solve::{SOLVER_MB, Solver};
use super::threats::Threats;
use super::zobrist;
use crate::core::{Bitboard, Color, Piece, Role, Square};
use crate::engine::{
    Alone, LevelColumn, Proof, Prove, ProvedTable, Prover, ProverSlot, SearchHooks, SolveLimits, sealed,
};
use crate::game_info::GameKinds;
use crate::games::wormhole::{FenError, IllegalMoveError, KingSafety, Move, MoveError, MoveList, Outcome, Variant};
use crate::rules::{Evaluate, Rules};

/// What [`Position::play_unchecked`] returns so that [`Position::undo`] can restore
/// the position exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo {
    captured: Option<Piece>,
    hash: u64,
}

/// A legal Wormhole position. Built from a FEN ([`Position::from_fen`]) or
/// as the initial position ([`Position::new`]); changed by playing moves,
/// checked ([`Rules::play`](crate::rules::Rules::play)) or, on hot paths, unchecked
/// ([`Position::play_unchecked`]).
///
/// ```
/// use wormhole::{Position, Rules, Variant};
/// let mut pos = Position::new(Variant::Classic);
/// let m = pos.parse_move("e4").unwrap();
/// pos.play(m).unwrap();
/// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPxPPP/RNBQKBNR b 1");
/// assert_eq!(pos.move_number(), 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: HoleBoard,
    pub(crate) turn: Color,
    pub(crate) plies: u32,
    pub(crate) variant: Variant,
    pub(crate) hash: u64,
}

impl Position {
    /// The initial position of a variant.
    pub fn new(variant: Variant) -> Position {
        match Position::from_fen(variant.start_fen(), variant) {
            Ok(pos) => pos,
            Err(e) => unreachable!("start position is valid: {e}"),
        }
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &HoleBoard {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies played so far (the FEN's third field).
    #[inline]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The number of the move being played, as PGN and SAN move lists count
    /// them: 1 for White's first move and Black's reply, 2 for the next pair.
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.plies / 2 + 1
    }

    /// The piece set in play.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The Zobrist hash, kept up to date incrementally.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The pieces of `color` attacking `sq`, with the current holes.
    pub fn attackers(&self, sq: Square, color: Color) -> Bitboard {
        Bitboard(Threats::new(&self.board, color).attackers(sq.index(), self.board.open()))
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

    /// The result if the game is over: the side to move has no legal move and loses.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.has_legal_move() {
            return None;
        }
        Some(Outcome::new(!self.turn, self.is_check()))
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// Every legal move.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, !0, true);
        list
    }

    /// Appends the legal moves whose target is in `targets` to `list`.
    #[inline]
    pub fn generate_legal(&self, list: &mut MoveList, targets: Bitboard) {
        let _ = self.generate(list, targets.0, true);
    }

    /// Moves that follow the pieces' movement rules but may leave the king
    /// attacked (used to explain why a typed move is illegal).
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, !0, false);
        list
    }

    /// The piece `m` would capture, if any.
    #[inline]
    pub fn captured_by(&self, m: Move) -> Option<Piece> {
        self.board.piece_at(m.to())
    }

    /// Plays a move, which must be legal (not checked: for hot paths such
    /// as search and perft; [`Rules::play`](crate::rules::Rules::play) checks); returns what
    /// [`Position::undo`] needs. An illegal move leaves the position in an
    /// unspecified (but memory-safe) state.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) -> Undo {
        let undo = Undo { captured: self.board.piece_at(m.to()), hash: self.hash };
        let hash = self.hash_after(m);
        let (from, to) = (m.from(), m.to());
        let Some(mut piece) = self.board.take(from) else {
            debug_assert!(false, "no piece on {from} for {m}");
            return undo;
        };
        self.board.toggle_hole(from);
        self.board.take(to);
        if let Some(role) = m.promotion() {
            piece.role = role;
        }
        self.board.put(to, piece);
        self.hash = hash;
        self.turn = !self.turn;
        self.plies += 1;
        undo
    }

    /// The [`hash`](Position::hash) of the position after `m`, which must
    /// be legal, without playing it (to fetch a table entry early).
    ///
    /// ```
    /// use wormhole::{Position, Variant};
    /// let mut pos = Position::new(Variant::Classic);
    /// let m = pos.legal_moves()[0];
    /// let hash = pos.hash_after(m);
    /// pos.play_unchecked(m);
    /// assert_eq!(pos.hash(), hash);
    /// ```
    #[inline]
    pub fn hash_after(&self, m: Move) -> u64 {
        let (from, to) = (m.from(), m.to());
        let Some(piece) = self.board.piece_at(from) else {
            return self.hash;
        };
        let mut h = self.hash ^ zobrist::piece_key(piece, from) ^ zobrist::hole_key(from) ^ zobrist::black_key();
        if let Some(captured) = self.board.piece_at(to) {
            h ^= zobrist::piece_key(captured, to);
        }
        let role = m.promotion().unwrap_or(piece.role);
        h ^ zobrist::piece_key(Piece { role, ..piece }, to)
    }

    /// Takes back `m`, which must be the last move played, with the [`Undo`]
    /// its play returned.
    #[inline]
    pub fn undo(&mut self, m: Move, undo: Undo) {
        let (from, to) = (m.from(), m.to());
        self.turn = !self.turn;
        self.plies -= 1;
        self.hash = undo.hash;
        if let Some(mut piece) = self.board.take(to) {
            if m.promotion().is_some() {
                piece.role = Role::Pawn;
            }
            self.board.toggle_hole(from);
            self.board.put(from, piece);
        }
        if let Some(captured) = undo.captured {
            self.board.put(to, captured);
        }
    }

    /// Passes the turn without moving: a null move for search heuristics,
    /// not a legal move in Wormhole chess. No hole is made; passing twice
    /// restores the position exactly.
    #[inline]
    pub(crate) fn pass(&mut self) {
        self.turn = !self.turn;
        self.hash ^= zobrist::black_key();
    }

    /// A copy of the position after `m`, which must be legal (not checked).
    pub fn after(&self, m: Move) -> Position {
        let mut next = self.clone();
        next.play_unchecked(m);
        next
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.board.piece_at(sq).map(|p| p.role)
    }
}

/// Wormhole chess proves who wins with its proof-number [`Solver`].
impl Prove for Position {
    fn prove(
        &self,
        memory: &mut ProverSlot,
        limits: &SolveLimits,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Proof<Move> {
        self.prove_sharing(memory, limits, stop, &Alone)
    }

    fn prove_sharing(
        &self,
        memory: &mut ProverSlot,
        limits: &SolveLimits,
        stop: &std::sync::atomic::AtomicBool,
        table: &dyn ProvedTable,
    ) -> Proof<Move> {
        let solve = |solver: &mut Solver| solver.solve_sharing(self, limits, stop, table, &mut |_| {}).proof;
        memory.with(|| Solver::new(SOLVER_MB), solve)
    }
}

/// Wormhole chess for the engine and the tools: no draws (the side with no
/// legal move loses, and a position never repeats since every move makes a
/// hole), and a game of at most 64 plies.
impl Rules for Position {
    crate::rules::forward_rules!();
    const DRAWS: bool = false;
    #[inline(always)]
    fn boards(&self) -> &[crate::core::Board] {
        std::slice::from_ref(&*self.board)
    }
    fn outcome(&self, _earlier: &[u64]) -> Option<Outcome> {
        Position::outcome(self)
    }
    fn san_moves(&self) -> Vec<(Move, String)> {
        Position::san_moves(self)
    }
    fn reach(&self, sq: Square) -> Bitboard {
        super::attacks::reach(&self.board, sq)
    }
    #[inline(always)]
    fn legal_move_count(&self) -> usize {
        Position::legal_move_count(self)
    }
    #[inline(always)]
    fn is_rule_draw(&self) -> bool {
        false
    }
    fn moves_to_plan(&self) -> u32 {
        // At most 64 plies, and most games end well before: plan for the
        // moves we may still have to make, never fewer than a few.
        (64u32.saturating_sub(self.plies) / 2).clamp(4, 22)
    }
}

/// Wormhole chess's evaluation (its terms and weights).
impl Evaluate for Position {
    type Params = EvalParams;
    fn default_params(&self) -> EvalParams {
        EvalParams::for_variant(self.variant)
    }
    #[inline(always)]
    fn evaluate(&self, params: &EvalParams, positional: bool) -> i32 {
        eval::evaluate(self, params, positional)
    }
    #[inline(always)]
    fn material(&self, params: &EvalParams) -> i32 {
        eval::material(self, params)
    }
    fn piece_balance(&self) -> [i32; Role::MAX] {
        eval::piece_balance(self)
    }
    fn judged_values(&self) -> &'static [i32; Role::MAX] {
        self.variant.judged_values()
    }
    fn eval_features(&self) -> Vec<i32> {
        eval::features(self).to_vec()
    }
}

/// Wormhole chess plays two kinds, one per piece set, in the order of
/// [`Variant::ALL`].
impl GameKinds for Position {
    fn from_fen_at(index: usize, fen: &str) -> Result<Position, FenError> {
        Position::from_fen(fen, Variant::ALL.get(index).copied().unwrap_or_default())
    }
    fn kind_index(&self) -> usize {
        self.variant as usize
    }
}

impl sealed::Sealed for Position {}

/// Wormhole chess's search hooks.
impl SearchHooks for Position {
    type SearchList = MoveList;
    type Safety = KingSafety;
    const PROVER: Option<Prover<Position>> = Some(<Position as Prove>::prove_sharing);
    /// Reduces more than the orthodox games: against 2.25, 1.75 scored
    /// 55.3% in 649 classic games at 40,000 nodes a move (+37 Elo, 95%
    /// interval +10 .. +64).
    const LMR_DIVISOR: f64 = 1.75;
    const CAPTURE_ORDER: [i32; Role::MAX] = super::roles::CAPTURE_ORDER;
    /// Classic from move 11: its openings need both threads for the
    /// alpha-beta search (from move 1 instead scored 37 of 100 games at
    /// 200 ms a move on two threads: -92 Elo, 95% interval -153 .. -37),
    /// and its proofs came no earlier (the same 24 recorded games at 1 s
    /// a move on two threads, `examples/proof_horizon`: mean 21.50 ->
    /// 21.38 plies before the end). Fairy from the first move: its
    /// openings hide short forced wins, so the proofs of its short games
    /// come earlier (mean 19.54 -> 20.75, median 20 -> 21), at no
    /// measured cost in strength (52 of 100 games, +14 Elo, 95% interval
    /// -41 .. +69).
    fn proof_from_move(&self) -> u32 {
        match self.variant() {
            Variant::Classic => 11,
            Variant::Fairy => 1,
        }
    }
    fn levels(&self) -> &'static LevelColumn {
        self.variant.info().levels
    }
    #[inline(always)]
    fn pass(&mut self) {
        Position::pass(self)
    }
    #[inline(always)]
    fn king_safety(&self) -> KingSafety {
        Position::king_safety(self)
    }
    #[inline(always)]
    fn safety_in_check(safety: &KingSafety) -> bool {
        safety.in_check()
    }
    #[inline(always)]
    fn surely_has_move(&self, safety: &KingSafety) -> bool {
        Position::surely_has_move(self, safety)
    }
    #[inline(always)]
    fn generate(&self, safety: &KingSafety, list: &mut MoveList, captures: bool) {
        let targets = if captures { self.board.by_color(!self.turn) } else { Bitboard::FULL };
        self.generate_legal_with(list, targets, safety);
    }
}
