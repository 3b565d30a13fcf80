//! The settings a game is started with, and what replaces the game on
//! screen: below the app's state and its actions, which both carry them.

use std::time::{Duration, Instant};

use wormhole::engine::Level;
use wormhole::{AnyPosition, Color, GameKind, Rules};

use super::ai::{Clock, SearchLimits};
use super::clock::{ChessClock, TimeControl};
use super::config::Prefs;
use super::game::{GameState, PlayerKind};
use super::trainer::Trainer;

/// The settings a game is started with (command line, new-game screen or `:new`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSettings {
    pub players: [PlayerKind; 2],
    pub level: Level,
    pub movetime: Option<Duration>,
    pub clock: Option<TimeControl>,
    pub variant: GameKind,
    pub autoflip: bool,
}

impl Default for GameSettings {
    fn default() -> GameSettings {
        GameSettings::from_prefs(&Prefs::default())
    }
}

impl GameSettings {
    /// The settings the config's choices start.
    pub fn from_prefs(p: &Prefs) -> GameSettings {
        GameSettings {
            players: p.side.players(),
            level: p.level,
            movetime: p.movetime,
            clock: p.clock,
            variant: p.variant,
            autoflip: p.autoflip,
        }
    }

    /// The clocks a new game of these settings starts with.
    pub fn clocks(&self) -> Option<ChessClock> {
        self.clock.map(TimeControl::clocks)
    }

    /// A fresh game of these settings from the initial position.
    pub fn new_game(&self) -> GameState {
        GameState::new(AnyPosition::new(self.variant), self.players, self.clocks())
    }

    /// Whether `game`'s board is first shown flipped: for a human playing
    /// Black against the engine, and in hot-seat with automatic flipping
    /// when Black is to move.
    pub fn default_flip(&self, game: &GameState) -> bool {
        match game.players() {
            [PlayerKind::Engine, PlayerKind::Human] => true,
            [PlayerKind::Human, PlayerKind::Human] if self.autoflip => game.line().position().turn() == Color::Black,
            _ => false,
        }
    }

    /// What the engine's move in `game` may take at `now`: these settings'
    /// movetime, else the mover's clock, else the level's own budget.
    pub fn engine_limits(&self, game: &GameState, now: Instant) -> SearchLimits {
        let mut limits = SearchLimits::default();
        if let Some(mt) = self.movetime {
            limits.movetime = Some(mt);
        } else if let Some(c) = game.clocks().clock() {
            let turn = game.line().position().turn();
            limits.clock = Some(Clock { remaining: c.remaining(turn, turn, now), increment: c.increment() });
        }
        limits
    }
}

/// What waits to replace the current game until it is autosaved (it
/// travels with the autosave: [`AutosaveReason::Replaced`](super::action::AutosaveReason)).
#[derive(Debug, Clone)]
pub enum Replacement {
    Game(GameState, GameSettings),
    /// The puzzle trainer, with its first puzzle.
    Trainer(Trainer),
}
