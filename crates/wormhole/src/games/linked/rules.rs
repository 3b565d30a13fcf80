//! Linked-portal chess for the engine and the tools ([`Rules`]).

use super::{DrawReason, EvalParams, FenError, Move, MoveError, MoveList, Outcome, Position, Undo, eval};
use crate::core::zobrist::black_key;
use crate::rules::{Evaluate, Rules, SearchHooks, sealed};
use crate::{Bitboard, Board, Color, GameKind, Piece, Square};

/// Stalemate, repetition, the fifty-move rule and king against king draw;
/// a checkmated side loses.
impl Rules for Position {
    type Move = Move;
    type Undo = Undo;
    type MoveList = MoveList;
    type Outcome = Outcome;
    type MoveError = MoveError;
    type FenError = FenError;
    type IllegalMove = super::IllegalMoveError;

    const DRAWS: bool = true;

    fn from_fen_in(_kind: GameKind, fen: &str) -> Result<Position, FenError> {
        Position::from_fen(fen)
    }
    fn kind(&self) -> GameKind {
        GameKind::Linked
    }
    #[inline(always)]
    fn turn(&self) -> Color {
        self.turn
    }
    #[inline(always)]
    fn hash(&self) -> u64 {
        self.hash
    }
    #[inline(always)]
    fn boards(&self) -> &[Board] {
        std::slice::from_ref(&self.board)
    }
    #[inline]
    fn is_check(&self) -> bool {
        Position::is_check(self)
    }
    fn fen(&self) -> String {
        Position::fen(self)
    }
    fn move_number(&self) -> u32 {
        Position::move_number(self)
    }
    fn outcome(&self, earlier: &[u64]) -> Option<Outcome> {
        let repeated = crate::core::orthodox::third_time(self.hash, earlier);
        Position::outcome(self).or_else(|| repeated.then_some(Outcome::Draw(DrawReason::Repetition)))
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Position::parse_move(self, text)
    }
    fn san(&self, m: Move) -> String {
        Position::san(self, m)
    }
    fn reach(&self, sq: Square) -> Bitboard {
        Position::landings(self, sq)
    }
    #[inline(always)]
    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }
    #[inline(always)]
    fn play_unchecked(&mut self, m: Move) -> Undo {
        Position::play_unchecked(self, m)
    }
    #[inline(always)]
    fn undo(&mut self, m: Move, undo: Undo) {
        Position::undo(self, m, undo)
    }
    #[inline(always)]
    fn captured_by(&self, m: Move) -> Option<Piece> {
        Position::captured_by(self, m)
    }
    fn why_illegal(&self, m: Move) -> super::IllegalMoveError {
        Position::why_illegal(self, m)
    }
    #[inline]
    fn is_rule_draw(&self) -> bool {
        self.halfmoves >= 100 || self.is_king_versus_king()
    }
    fn moves_to_plan(&self) -> u32 {
        crate::core::orthodox::moves_to_plan(self.fullmoves)
    }
}

impl sealed::Sealed for Position {}

/// Linked-portal chess's search hooks: legality is tested by playing each
/// move, so the king's safety is only whether it is in check.
impl SearchHooks for Position {
    type SearchList = Vec<Move>;
    type Safety = bool;
    #[inline]
    fn pass(&mut self) {
        // An en passant square stays: only the side that did not
        // double-step may use it, so passing twice restores the position.
        self.turn = !self.turn;
        self.hash ^= black_key();
    }
    #[inline]
    fn king_safety(&self) -> bool {
        Position::is_check(self)
    }
    #[inline]
    fn safety_in_check(safety: &bool) -> bool {
        *safety
    }
    #[inline]
    fn surely_has_move(&self, _: &bool) -> bool {
        self.has_legal_move()
    }
    #[inline]
    fn generate(&self, _: &bool, list: &mut Vec<Move>, captures: bool) {
        let moves = Position::legal_moves(self);
        if captures {
            list.extend(moves.iter().filter(|&m| self.capture_square(m).is_some()));
        } else {
            list.extend(moves.iter());
        }
    }
}

/// Linked-portal chess's evaluation (its terms and weights).
impl Evaluate for Position {
    type Params = EvalParams;
    fn default_params(&self) -> EvalParams {
        EvalParams::default()
    }
    #[inline]
    fn evaluate(&self, params: &EvalParams, positional: bool) -> i32 {
        eval::evaluate(self, params, positional)
    }
    #[inline]
    fn material(&self, params: &EvalParams) -> i32 {
        eval::material(self, params)
    }
    fn eval_features(&self) -> Vec<i32> {
        eval::features(self).to_vec()
    }
}
