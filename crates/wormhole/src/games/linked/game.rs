//! A game of Linked-portal chess in progress: the generic [`crate::game::GameHistory`] of its positions.

/// A game of Linked-portal chess: a start position and the legal moves
/// played from it. Unlike a [`Position`](super::Position) it knows the positions that came
/// before, so its [`Game::outcome`] includes threefold repetition (portal
/// squares, and whether they are frozen, are part of the position).
///
/// ```
/// use wormhole::linked::{DrawReason, Game, Outcome};
/// let mut game = Game::default();
/// for _ in 0..2 {
///     for text in ["Nf3", "Nf6", "Ng1", "Ng8"] {
///         game.play_text(text).unwrap();
///     }
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
/// ```
pub type Game = crate::game::GameHistory<super::Position>;
