//! What every mode of the app shares: the [`Core`] (the game, its
//! settings, the config, the screen's view state, the engine's progress,
//! the time, and the effects waiting to be returned by `update`). The
//! modes' own updates (`modes/`, `update/`) are given it; its own updates
//! are in `update/` too (the input line, the engine, the files).

use std::time::{Duration, Instant};

use wormhole::engine::Level;
use wormhole::facts::{Facts, Forced};
use wormhole::{AnyMove, AnyPosition, Bitboard, Color, Rules, Square};

use super::ai::{Info, Purpose};
use super::config::Config;
use super::effects::Effect;
use super::game::{GameState, PlayerKind};
use super::game_settings::GameSettings;
use super::input::InputLine;
use super::theme::{Display, StyleSheet};

/// A line under the input: an error or a remark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    Info(String),
    Error(String),
}

/// What the engine played last and how it got there.
#[derive(Debug, Clone)]
pub struct LastSearch {
    /// The ply the move was played at (the panel shows it only while it is the last move).
    pub ply: usize,
    pub san: String,
    pub info: Info,
    pub took: Duration,
    /// The side the engine played (the score is from its view).
    pub mover: Color,
    /// The level it played at: below full strength its score is its own
    /// shallow guess, which the panel does not show as fact.
    pub level: Level,
}

/// A search in progress, as the screen shows it.
#[derive(Debug, Clone)]
pub struct Thinking {
    pub purpose: Purpose,
    pub started: Instant,
    /// The position searched.
    pub position: AnyPosition,
    /// The latest completed iteration.
    pub info: Option<Info>,
}

/// View state: nothing here changes the game.
#[derive(Debug, Default)]
pub(super) struct View {
    pub flipped: bool,
    pub input: InputLine,
    pub message: Option<Message>,
    pub cursor: Option<Square>,
    pub selected: Option<Square>,
    /// The porthole the selected piece goes into, once picked (its exit is
    /// picked next).
    pub entry: Option<Square>,
    /// Manual scroll of the move list (rows from the top); None follows the game.
    pub scroll: Option<usize>,
    /// The last finished engine search: what it played and its report.
    pub last_search: Option<LastSearch>,
    /// The engine's suggestion for the human's current move.
    pub hint: Option<AnyMove>,
    /// `:explain`: the pieces explained and where they go.
    pub explained: Option<(Bitboard, Bitboard)>,
    /// The move last warned about ([`AnyPosition::warning`]): played
    /// if asked for again.
    pub warned: Option<AnyMove>,
    /// In a game of several boards, when only one fits: how many boards
    /// after the board to play the one shown is.
    pub board_shift: usize,
}

/// The engine's progress, as the screen and the next search need it.
#[derive(Debug, Default)]
pub(super) struct EngineProgress {
    /// The search in progress, if any.
    pub thinking: Option<Thinking>,
    /// What thinking on the human's time found at this ply once that
    /// search ended by itself (it proved the result): kept for a hint, and
    /// so that it is not started again.
    pub pondered: Option<(usize, Option<Info>)>,
    /// A hint asked while the thinking on the human's time had no move
    /// yet: given at its first report.
    pub ponder_hint: bool,
    /// How long each engine move took (for the movetime figure).
    pub search_times: Vec<Duration>,
}

/// What every mode shares: the game, its settings, the config, the
/// screen's view state, the engine's progress, the time, and the effects
/// waiting to be returned by `update`.
pub(super) struct Core {
    pub(super) game: GameState,
    pub(super) settings: GameSettings,
    /// The config file and the choices it holds.
    pub(super) config: Config,
    pub(super) display: Display,
    pub(super) theme: StyleSheet,
    pub(super) view: View,
    /// The engine's progress: its search, what pondering found, its move times.
    pub(super) engine: EngineProgress,
    /// The time of the latest tick: clocks and the spinner read it.
    pub(super) now: Instant,
    pub(super) quit: bool,
    /// What to print after the session (autosaves).
    pub(super) notes: Vec<String>,
    /// Failed saves to report after the session.
    pub(super) errors: Vec<String>,
    /// Effects waiting to be returned by `update`.
    pub(super) effects: Vec<Effect>,
}

impl Core {
    pub(super) fn default_flip(&self) -> bool {
        match self.game.players() {
            [PlayerKind::Engine, PlayerKind::Human] => true,
            [PlayerKind::Human, PlayerKind::Human] if self.settings.autoflip => {
                self.game.position().turn() == Color::Black
            }
            _ => false,
        }
    }

    /// Whether the board shows Black's side at the bottom: as flipped,
    /// in a game whose board turns ([`GameInfo::flips`](wormhole::GameInfo::flips)).
    pub fn flipped(&self) -> bool {
        self.view.flipped && self.game.kind().info().flips
    }

    /// Whether a game is under way (moves played, not over): ending it asks first.
    pub fn game_in_progress(&self) -> bool {
        self.game.len() > 0 && !self.game.is_over()
    }

    /// The ply a take-back goes to: against the engine, the last position
    /// where the human was to move; in hot-seat, one ply.
    pub(super) fn undo_target(&self) -> Result<usize, &'static str> {
        let len = self.game.len();
        if len == 0 {
            return Err("nothing to take back");
        }
        if !self.game.players().contains(&PlayerKind::Engine) {
            return Ok(len - 1);
        }
        (0..len)
            .rev()
            .find(|&p| self.game.player(self.game.turn_at(p)) == PlayerKind::Human)
            .ok_or("nothing of yours to take back")
    }

    /// Whether the piece on `from` has a legal move.
    pub(super) fn can_move(&self, from: Square) -> bool {
        !self.game.position().moves_from(from).is_empty()
    }

    /// The forced move of the position (while the game goes on), and why
    /// it is forced: the game's words ([`AnyPosition::forced_move`]), then
    /// how to play it.
    pub(super) fn forced(&self) -> Option<Forced<AnyMove>> {
        if self.game.is_over() {
            return None;
        }
        let forced = self.game.position().forced_move()?;
        let how = match forced.squares.first() {
            None => "press Enter".to_string(),
            Some(&(board, sq)) => {
                let name = self.game.kind().info().board_names.get(board).copied().unwrap_or_default();
                format!("press Enter or click {name}{sq}")
            }
        };
        Some(Forced { why: format!("{}; {how}", forced.why), ..forced })
    }

    /// Engine move times against `--movetime`.
    pub fn search_stats(&self) -> String {
        let t = &self.engine.search_times;
        if t.is_empty() {
            return "engine moves: 0".to_string();
        }
        let mean = t.iter().sum::<Duration>() / t.len() as u32;
        let (min, max) = (t.iter().min().copied().unwrap_or_default(), t.iter().max().copied().unwrap_or_default());
        let target = match (self.settings.movetime, self.settings.clock) {
            (Some(m), _) => format!("movetime {m:?}"),
            (None, Some(tc)) => format!("clock {tc}"),
            (None, None) => "the level's budget".to_string(),
        };
        format!("engine moves: {}, target {target}, took mean {mean:?}, min {min:?}, max {max:?}", t.len())
    }
}
