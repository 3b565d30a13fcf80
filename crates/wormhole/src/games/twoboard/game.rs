//! A game of Two-board portal chess in progress: the generic [`crate::game::GameHistory`] of its positions.

/// A game of Two-board portal chess: a start position and the legal moves
/// played from it. Unlike a [`Position`](super::Position) it knows the positions that came
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
pub type Game = crate::game::GameHistory<super::Position>;
