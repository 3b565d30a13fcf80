//! A game in progress, in any game: the start, the moves, and the history
//! that repetition needs.

use crate::rules::Rules;

/// A game: a start position and the legal moves played from it. Unlike a
/// position it knows the positions that came before, so its
/// [`GameHistory::outcome`] includes threefold repetition in a game with draws
/// ([`Rules::outcome`] with the earlier positions).
///
/// Each game with draws names it: [`porthole::Game`](crate::games::porthole::Game),
/// [`linked::Game`](crate::games::linked::Game), [`twoboard::Game`](crate::games::twoboard::Game).
#[derive(Debug, Clone)]
pub struct GameHistory<P: Rules> {
    start: P,
    position: P,
    moves: Vec<(P::Move, P::Undo)>,
    /// The hash of every position reached, the start first.
    hashes: Vec<u64>,
}

impl<P: Rules + Default> Default for GameHistory<P> {
    /// A game from the game's start position.
    fn default() -> GameHistory<P> {
        GameHistory::new(P::default())
    }
}

impl<P: Rules> GameHistory<P> {
    /// A game from `start` with no moves yet.
    pub fn new(start: P) -> GameHistory<P> {
        let hashes = vec![start.hash()];
        GameHistory { position: start.clone(), start, moves: Vec::new(), hashes }
    }

    /// The position the game started from.
    pub fn start(&self) -> &P {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &P {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = P::Move> + '_ {
        self.moves.iter().map(|&(m, _)| m)
    }

    /// Plays `m` if it is legal in the current position; otherwise says
    /// why not ([`Rules::why_illegal`]).
    pub fn play(&mut self, m: P::Move) -> Result<(), P::IllegalMove> {
        if !self.position.is_legal(m) {
            return Err(self.position.why_illegal(m));
        }
        self.push(m);
        Ok(())
    }

    /// Reads `text` as a move of the current position ([`Rules::parse_move`])
    /// and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, P::MoveError> {
        let m = self.position.parse_move(text)?;
        self.push(m);
        Ok(m)
    }

    /// Plays the legal move `m` and records it.
    fn push(&mut self, m: P::Move) {
        let undo = self.position.play_unchecked(m);
        self.moves.push((m, undo));
        self.hashes.push(self.position.hash());
    }

    /// Takes back the last move, if any, and returns it.
    pub fn undo(&mut self) -> Option<P::Move> {
        let (m, undo) = self.moves.pop()?;
        self.hashes.pop();
        self.position.undo(m, undo);
        Some(m)
    }

    /// How many times the current position has occurred in this game,
    /// counting now (the whole game is searched, not just the moves since
    /// the last pawn move: a pawn that went through a portal may come back).
    pub fn repetitions(&self) -> usize {
        let now = self.position.hash();
        self.hashes.iter().filter(|&&h| h == now).count()
    }

    /// The result if the current position ends the game:
    /// [`Rules::outcome`] given the positions before it (a draw by
    /// threefold repetition in a game with draws).
    pub fn outcome(&self) -> Option<P::Outcome> {
        let earlier = &self.hashes[..self.hashes.len() - 1];
        self.position.outcome(earlier)
    }
}
