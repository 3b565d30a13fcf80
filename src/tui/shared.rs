//! What every mode of the app shares: the [`Core`], made of the game and
//! its settings, the config, how the screen is drawn ([`Look`]), the
//! screen's view state ([`View`]), the engine's progress
//! ([`EngineProgress`]), the time, and what the session hands out
//! ([`Outputs`]: the effects waiting to be returned by `update`, what to
//! print after it). Each part has its own methods for what needs only its
//! data (the game's are [`GameState`]'s, its settings' [`GameSettings`]'s);
//! the Core's are those that change several parts together (a move: the
//! game, the view, the engine and the effects). The modes' own updates
//! (`modes/`, `update/`) are given the Core; its own updates, and the
//! view's, are in `update/` too (the input line, the engine, the files).

use std::time::{Duration, Instant};

use wormhole::analysis::AnalysisOptions;
use wormhole::engine::Level;
use wormhole::{AnyMove, AnyPosition, Bitboard, Color, GameKind, Square};

use super::ai::{EngineReport, Purpose, Score};
use super::config::{Config, Prefs};
use super::effects::Effect;
use super::game::GameState;
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
    pub info: EngineReport,
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
    pub info: Option<EngineReport>,
}

/// View state: nothing here changes the game. Its own updates (the
/// message and input lines, the cursor, the board's turn, `:explain`,
/// the hint shown) are beside the updates they serve, in `update/`.
#[derive(Debug, Default)]
pub(crate) struct View {
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

impl View {
    /// Whether the board of a game of `kind` shows Black's side at the
    /// bottom: as flipped, in a game whose board turns
    /// ([`GameInfo::flips`](wormhole::GameInfo::flips)).
    pub fn flipped_in(&self, kind: GameKind) -> bool {
        self.flipped && kind.info().flips
    }

    /// The game moved on (or was taken back): nothing stays selected,
    /// hinted or explained, and the move list follows the game.
    pub fn moved_on(&mut self) {
        (self.selected, self.hint, self.explained, self.scroll) = (None, None, None, None);
    }
}

/// The engine's progress, as the screen and the next search need it.
#[derive(Debug, Default)]
pub(super) struct EngineProgress {
    /// The search in progress, if any.
    pub thinking: Option<Thinking>,
    /// What thinking on the human's time found at this ply once that
    /// search ended by itself (it proved the result): kept for a hint, and
    /// so that it is not started again.
    pub pondered: Option<(usize, Option<EngineReport>)>,
    /// A hint asked while the thinking on the human's time had no move
    /// yet: given at its first report.
    pub ponder_hint: bool,
    /// How long each engine move took (for the movetime figure).
    pub search_times: Vec<Duration>,
}

impl EngineProgress {
    /// Engine move times against `--movetime` (or the clock of `settings`).
    pub fn search_stats(&self, settings: &GameSettings) -> String {
        let t = &self.search_times;
        if t.is_empty() {
            return "engine moves: 0".to_string();
        }
        let mean = t.iter().sum::<Duration>() / t.len() as u32;
        let (min, max) = (t.iter().min().copied().unwrap_or_default(), t.iter().max().copied().unwrap_or_default());
        let target = match (settings.movetime, settings.clock) {
            (Some(m), _) => format!("movetime {m:?}"),
            (None, Some(tc)) => format!("clock {tc}"),
            (None, None) => "the level's budget".to_string(),
        };
        format!("engine moves: {}, target {target}, took mean {mean:?}, min {min:?}, max {max:?}", t.len())
    }

    /// What thinking on the human's time found about the position after
    /// `ply` moves, once it is worth a hint: it searched as much as a
    /// hint's own search would, or proved the result.
    pub fn ponder_found(&self, ply: usize) -> Option<EngineReport> {
        let info = match &self.thinking {
            Some(Thinking { purpose: Purpose::Ponder { ply: p }, info, .. }) if *p == ply => info.as_ref(),
            _ => self.pondered(ply),
        };
        let enough = |i: &&EngineReport| i.nodes >= AnalysisOptions::DEFAULT_NODES || !matches!(i.score, Score::Cp(_));
        info.filter(|i| !i.pv.is_empty()).filter(enough).cloned()
    }

    /// What the thinking on the human's time found about the position
    /// after `ply` moves, once it ended by itself (it proved the result).
    pub fn pondered(&self, ply: usize) -> Option<&EngineReport> {
        self.pondered.as_ref().filter(|(p, _)| *p == ply).and_then(|(_, info)| info.as_ref())
    }

    /// Whether the engine thinks on the human's time now.
    pub fn pondering(&self) -> bool {
        self.thinking.as_ref().is_some_and(|t| matches!(t.purpose, Purpose::Ponder { .. }))
    }

    /// Whether the search that finished (for `purpose`) is the one in
    /// progress: then it is over. Another's report is stale.
    pub fn search_ended(&mut self, purpose: Purpose) -> bool {
        if self.thinking.as_ref().is_none_or(|t| t.purpose != purpose) {
            return false;
        }
        self.thinking = None;
        true
    }
}

/// How the screen is drawn: what the terminal can show and the style
/// sheet made for it from the player's theme and pieces.
#[derive(Debug)]
pub(super) struct Look {
    display: Display,
    pub theme: StyleSheet,
}

impl Look {
    /// The style of `prefs`' theme and pieces on `display`.
    pub fn new(prefs: &Prefs, display: Display) -> Look {
        Look { display, theme: StyleSheet::new(prefs.theme, prefs.pieces, display) }
    }

    /// Drawn from now on with `prefs`' theme and pieces.
    pub fn restyle(&mut self, prefs: &Prefs) {
        *self = Look::new(prefs, self.display);
    }
}

/// What the session hands out: the effects waiting to be returned by
/// `update` for the runner to perform, and, once it ends, what to print.
#[derive(Debug, Default)]
pub(super) struct Outputs {
    /// Effects waiting to be returned by `update`.
    effects: Vec<Effect>,
    /// What to print after the session (autosaves).
    pub notes: Vec<String>,
    /// Failed saves to report after the session.
    pub errors: Vec<String>,
    /// The session is over: the runner stops.
    pub quit: bool,
}

impl Outputs {
    /// Asks the runner to perform `effect` once this update returns.
    pub fn push(&mut self, effect: Effect) {
        self.effects.push(effect);
    }

    /// The effects waiting, handed to the runner (none are left).
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }
}

/// What every mode shares: the game, its settings, the config, how the
/// screen is drawn and its view state, the engine's progress, the time,
/// and what the session hands out. Its methods are the updates that
/// change several of these together.
pub(super) struct Core {
    pub(super) game: GameState,
    pub(super) settings: GameSettings,
    /// The config file and the choices it holds.
    pub(super) config: Config,
    /// How the screen is drawn: the terminal's colours and the theme.
    pub(super) look: Look,
    pub(super) view: View,
    /// The engine's progress: its search, what pondering found, its move times.
    pub(super) engine: EngineProgress,
    /// The time of the latest tick: clocks and the spinner read it.
    pub(super) now: Instant,
    /// What the session hands out: effects, and what to print after it.
    pub(super) out: Outputs,
}
