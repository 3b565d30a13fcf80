//! The moves of a game: the position after each, the SAN of each, and the
//! tail of taken-back moves that can be replayed. What a game's moves are,
//! without who plays them, the clocks or how the game ended.

use wormhole::{AnyMove, AnyPosition, Color, GameKind, PlayError, Rules};

/// A start position and the moves played from it, with the redo tail.
#[derive(Debug, Clone)]
pub struct MoveLine {
    /// `positions[i]` is the position after `i` moves; one longer than `moves`.
    positions: Vec<AnyPosition>,
    moves: Vec<AnyMove>,
    sans: Vec<String>,
    /// Moves actually in the game; `moves[cursor..]` can be redone.
    cursor: usize,
}

impl MoveLine {
    /// No move played from `start`.
    pub fn new(start: AnyPosition) -> MoveLine {
        MoveLine { positions: vec![start], moves: Vec::new(), sans: Vec::new(), cursor: 0 }
    }

    pub fn start(&self) -> &AnyPosition {
        &self.positions[0]
    }

    /// The game being played.
    pub fn kind(&self) -> GameKind {
        self.start().kind()
    }

    /// The current position.
    pub fn position(&self) -> &AnyPosition {
        &self.positions[self.cursor]
    }

    /// The position after `ply` moves of the game (`ply <= self.len()`).
    pub fn position_at(&self, ply: usize) -> &AnyPosition {
        &self.positions[ply.min(self.cursor)]
    }

    /// Number of moves played.
    pub fn len(&self) -> usize {
        self.cursor
    }

    /// The moves played.
    pub fn moves(&self) -> &[AnyMove] {
        &self.moves[..self.cursor]
    }

    /// The SAN of every move played.
    pub fn sans(&self) -> &[String] {
        &self.sans[..self.cursor]
    }

    /// The move that led to the position after `ply` moves.
    pub fn move_before(&self, ply: usize) -> Option<AnyMove> {
        ply.checked_sub(1).and_then(|i| self.moves().get(i).copied())
    }

    /// The hashes of the positions the game went through before the
    /// current one (repetition draws, in games that have them).
    pub fn earlier_hashes(&self) -> Vec<u64> {
        self.positions[..self.cursor].iter().map(AnyPosition::hash).collect()
    }

    /// Plays the legal move `m` from the current position, dropping the redo
    /// tail; returns the side that moved.
    pub(super) fn play(&mut self, m: AnyMove) -> Result<Color, PlayError> {
        let pos = self.position();
        let next = pos.after(m)?;
        let san = pos.san(m);
        let mover = pos.turn();
        self.moves.truncate(self.cursor);
        self.sans.truncate(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.moves.push(m);
        self.sans.push(san);
        self.positions.push(next);
        self.cursor += 1;
        Ok(mover)
    }

    /// Whether there is a taken-back move to replay.
    pub fn can_redo(&self) -> bool {
        self.cursor < self.moves.len()
    }

    /// Goes to the position after `ply` moves, within the moves played and
    /// the redo tail; returns how many plies it moved.
    pub(super) fn go_to(&mut self, ply: usize) -> usize {
        let ply = ply.min(self.moves.len());
        let moved = ply.abs_diff(self.cursor);
        self.cursor = ply;
        moved
    }

    /// The length of the game including the redo tail.
    pub fn redo_len(&self) -> usize {
        self.moves.len()
    }

    /// The side to move after `ply` moves (redo tail included).
    pub fn turn_at(&self, ply: usize) -> Color {
        self.positions[ply.min(self.moves.len())].turn()
    }
}
