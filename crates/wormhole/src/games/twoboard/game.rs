//! A game in progress: the start, the moves, and the history that
//! threefold repetition needs.

use super::{DrawReason, IllegalMoveError, Move, MoveError, Outcome, Position, Undo};
use crate::rules::Rules;

/// A game of Two-board portal chess: a start position and the legal moves
/// played from it. Unlike a [`Position`] it knows the positions that came
/// before, so its [`Game::outcome`] includes threefold repetition (of the
/// FEN without its clocks: both placements, side, board, castling, en
/// passant and intents).
///
/// ```
/// use wormhole::twoboard::{DrawReason, Game, Outcome};
/// let mut game = Game::default();
/// for _ in 0..2 {
///     for text in ["Ag1f3", "Bg8f6", "Bg1f3", "Ab8c6", "Af3g1", "Bf6g8", "Bf3g1", "Ac6b8"] {
///         game.play_text(text).unwrap();
///     }
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<(Move, Undo)>,
    /// The hash of every position reached, the start first.
    hashes: Vec<u64>,
}

impl Default for Game {
    /// A game from the start position.
    fn default() -> Game {
        Game::new(Position::new())
    }
}

impl Game {
    /// A game from `start` with no moves yet.
    pub fn new(start: Position) -> Game {
        let hashes = vec![start.hash()];
        Game { position: start.clone(), start, moves: Vec::new(), hashes }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.moves.iter().map(|&(m, _)| m)
    }

    /// Plays `m` if it is legal in the current position.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        if !self.position.is_legal(m) {
            return Err(self.position.why_illegal(m));
        }
        self.push(m);
        Ok(())
    }

    /// Reads `text` as a move of the current position ([`Position::parse_move`])
    /// and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = self.position.parse_move(text)?;
        self.push(m);
        Ok(m)
    }

    fn push(&mut self, m: Move) {
        let undo = self.position.play_unchecked(m);
        self.moves.push((m, undo));
        self.hashes.push(self.position.hash());
    }

    /// Takes back the last move, if any, and returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let (m, undo) = self.moves.pop()?;
        self.hashes.pop();
        self.position.undo(m, undo);
        Some(m)
    }

    /// How many times the current position has occurred in this game, counting now.
    pub fn repetitions(&self) -> usize {
        let now = self.position.hash();
        self.hashes.iter().filter(|&&h| h == now).count()
    }

    /// The result if the current position ends the game:
    /// [`Position::outcome`], or a draw by threefold repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome().or_else(|| (self.repetitions() >= 3).then_some(Outcome::Draw(DrawReason::Repetition)))
    }
}
