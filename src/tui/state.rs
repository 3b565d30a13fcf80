//! The app's state, split by what it is for: a [`Core`] that every mode
//! shares (`shared.rs`: the game, its settings, the config, the look and
//! the view state, the engine's progress, the time, the outputs), the
//! [`Mode`] on screen with each mode's own state, and the [`Activity`]
//! the board is for (the player's game, the puzzle [`Trainer`], or a
//! server's game, [`Remote`]: one at a time). Each mode has its own update
//! (`modes/`, `picker.rs`, the game's screen's `Playing`, and `Study`'s,
//! `Trainer`'s in `update/`), given the [`Core`], and its own view
//! (`view/`); [`AppState`] keeps only what every mode shares and the
//! dispatch: [`AppState::update`] (in `update.rs`) dispatches on the mode
//! and follows what the mode's update asks. Nothing here does I/O or
//! reads the clock: the updates return the effects for the runner to
//! perform.

use std::time::Instant;

use wormhole::facts::Forced;
use wormhole::{AnyMove, AnyPosition, Color, GameKind, Rules};

use super::action::UserAction;
use super::ai::Purpose;
use super::config::Config;
use super::game::{GameState, PlayerKind};
use super::game_settings::GameSettings;
use super::input::{self, Candidate};
use super::keymap::{self, Context};
use super::modes::Then;
pub use super::modes::confirm::Pending;
pub use super::modes::help::HelpPage;
use super::newgame::NewGameForm;
use super::picker::GamePicker;
use super::remote::{Opened, Remote};
use super::review::Study;
pub(crate) use super::shared::View;
pub(super) use super::shared::{Core, EngineProgress, Look, Outputs};
pub use super::shared::{LastSearch, Message, Thinking};
use super::theme::Display;
use super::trainer::{Phase, Trainer};

/// What the screen is showing besides the game, with each mode's own
/// state (the board's game and what it is for are the [`Core`] and the
/// [`Activity`]). Each mode's own update, and where it is: see each variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// The game's screen (`update/play.rs`).
    Play,
    /// The help overlay (`modes/help.rs`).
    Help { scroll: u16, page: HelpPage },
    /// Reviewing the position after this many moves (`modes/browse.rs`).
    Browse(usize),
    /// The game has ended; the banner is up (`modes/game_over.rs`).
    GameOver,
    /// Choosing the next game (`modes/new_game.rs`).
    NewGame(NewGameForm),
    /// A question (y/n) before something that cannot be undone (`modes/confirm.rs`).
    Confirm(Pending),
    /// The review screen: the game's analysis (see [`Study::review`];
    /// its update is `Study::review_update`, `update/review.rs`).
    Review,
    /// Live analysis of a position (see [`Study::explore`]; its update
    /// is `Study::explore_update`, `update/review.rs`).
    Analyze,
    /// The list of saved games; Esc goes back to the mode it keeps
    /// (`modes/open_game.rs`, `picker.rs`).
    OpenGame(Box<GamePicker<Mode>>),
    /// The puzzle trainer (see [`Activity::trainer`]; its update is
    /// `Trainer::update`, `update/puzzles.rs`).
    Puzzle,
}

impl Mode {
    /// What keys mean in this mode (on the puzzle board, whether
    /// `activity`'s puzzle is being solved).
    pub fn key_context(&self, activity: &Activity) -> Context {
        match self {
            Mode::Play => Context::Play,
            Mode::Help { .. } => Context::Help,
            Mode::Browse(_) => Context::Browse,
            Mode::GameOver => Context::GameOver,
            Mode::NewGame(_) => Context::NewGame,
            Mode::Confirm(_) => Context::Confirm,
            Mode::Review => Context::Review,
            Mode::Analyze => Context::Analyze,
            Mode::OpenGame(_) => Context::OpenGame,
            Mode::Puzzle if activity.puzzle_phase() == Some(Phase::Solving) => Context::Puzzle,
            Mode::Puzzle => Context::PuzzleOver,
        }
    }
}

/// `app.mode() == Mode::Play`: a mode compares with a mode's name.
impl PartialEq<Mode> for &Mode {
    fn eq(&self, other: &Mode) -> bool {
        **self == *other
    }
}

/// What the board is for: one at a time, so that a puzzle is never a
/// server's game too.
#[derive(Debug)]
pub enum Activity {
    /// The player's own game: against the engine or hot-seat.
    Game,
    /// The puzzle trainer: its board is the puzzle.
    Puzzles(Trainer),
    /// A server's game, the opponent playing elsewhere.
    Remote(Remote),
}

impl Activity {
    /// Whether the human may move now in `game`: not after its end, not
    /// on the engine's turn, in a server's game only on the player's own
    /// turn while the game goes on.
    pub(super) fn human_to_move(&self, game: &GameState) -> bool {
        let mine = |r: &Remote| r.ending.is_none() && r.you == Some(game.line().position().turn());
        !game.is_over() && game.player_to_move() == PlayerKind::Human && self.remote().is_none_or(mine)
    }

    /// The puzzle trainer, while it is on.
    pub fn trainer(&self) -> Option<&Trainer> {
        match self {
            Activity::Puzzles(t) => Some(t),
            _ => None,
        }
    }

    /// The puzzle's phase (None outside the trainer).
    pub fn puzzle_phase(&self) -> Option<Phase> {
        self.trainer()?.phase()
    }

    pub fn trainer_mut(&mut self) -> Option<&mut Trainer> {
        match self {
            Activity::Puzzles(t) => Some(t),
            _ => None,
        }
    }

    /// The server's game, if this is one.
    pub fn remote(&self) -> Option<&Remote> {
        match self {
            Activity::Remote(r) => Some(r),
            _ => None,
        }
    }

    pub fn remote_mut(&mut self) -> Option<&mut Remote> {
        match self {
            Activity::Remote(r) => Some(r),
            _ => None,
        }
    }

    /// A player's name as the panel and PGN show it: a server's names,
    /// else who plays `game` (the engine at `settings`' level).
    pub(super) fn player_name(&self, game: &GameState, settings: &GameSettings, color: Color) -> String {
        if let Some(remote) = self.remote() {
            return remote.names[color.index()].clone();
        }
        match game.player(color) {
            PlayerKind::Human if game.players() == [PlayerKind::Human; 2] => format!("{color} player"),
            PlayerKind::Human => "You".to_string(),
            PlayerKind::Engine => settings.level.player_name(),
        }
    }

    /// Whether `game` is over: by its rules, or as a server said (a
    /// resignation, a flag, an abort).
    pub(super) fn game_over(&self, game: &GameState) -> bool {
        game.is_over() || self.remote().is_some_and(|r| r.ending.is_some())
    }

    /// The mode under the others, to return to from help or review: the
    /// puzzle on the trainer's board, else `game`'s screen or its end's.
    pub(super) fn resting_mode(&self, game: &GameState) -> Mode {
        if self.trainer().is_some() {
            Mode::Puzzle
        } else if game.is_over() {
            Mode::GameOver
        } else {
            Mode::Play
        }
    }

    /// The time is `now`: the clocks run out ([`Then::Over`]), but on a
    /// server's game, where the server alone decides a flag.
    pub(super) fn tick(&self, core: &mut Core, now: Instant) -> Then {
        core.now = now;
        if self.remote().is_none() && core.game.check_flag(now) {
            core.cancel_search();
            return Then::Over;
        }
        Then::Stays
    }

    /// `core`'s game as PGN with the players' names; the date is left for
    /// the runner to fill in when it writes the file.
    pub(super) fn pgn(&self, core: &Core) -> wormhole::pgn::PgnGame {
        let name = |color| self.player_name(&core.game, &core.settings, color);
        let names = [name(Color::White), name(Color::Black)];
        core.game.to_pgn([&names[0], &names[1]], "????.??.??")
    }
}

/// Whether the game's screen (or the mode resting on it, `mode`) offers
/// `action`, `activity`'s refusals aside: the puzzle board what the
/// trainer offers, else what the game allows now.
pub(super) fn game_offers(core: &Core, activity: &Activity, mode: &Mode, action: UserAction) -> bool {
    if *mode == Mode::Puzzle {
        return activity.trainer().is_some_and(|t| t.offers(action));
    }
    match action {
        UserAction::Undo => core.game.undo_target().is_ok(),
        UserAction::Redo => core.game.line().can_redo(),
        UserAction::Hint => activity.human_to_move(&core.game),
        UserAction::MoveNow => core.engine.thinking.as_ref().is_some_and(|t| matches!(t.purpose, Purpose::Move { .. })),
        UserAction::Review => core.game.line().len() > 0,
        _ => true,
    }
}

/// The legal moves the typed `text` could be in `game` (none while
/// browsing, `mode`, or when the human is not to move).
pub(super) fn game_candidates(game: &GameState, text: &str, activity: &Activity, mode: &Mode) -> Vec<Candidate> {
    if !activity.human_to_move(game) || matches!(mode, Mode::Browse(_)) {
        return Vec::new();
    }
    input::candidates(game.line().position(), text)
}

/// The forced move Enter on an empty line (or a click on one of its
/// squares) plays for the human to move: in `game` on the game's screen
/// (`mode`), and on the puzzle board while the puzzle is being solved.
pub(super) fn forced_move(game: &GameState, activity: &Activity, mode: &Mode) -> Option<Forced<AnyMove>> {
    let solving = *mode == Mode::Puzzle && activity.puzzle_phase() == Some(Phase::Solving);
    let playing = (*mode == Mode::Play || solving) && activity.human_to_move(game);
    playing.then(|| game.forced()).flatten()
}

/// How the session ended, for what `play` prints after the terminal is restored.
#[derive(Debug, Clone, Default)]
pub struct ExitReport {
    pub fen: String,
    pub notes: Vec<String>,
    /// Saves that failed (an unsaved game that could not be autosaved).
    pub errors: Vec<String>,
    /// The game as PGN when it could be saved nowhere: printed, so that
    /// its moves are not lost.
    pub unsaved: Option<String>,
}

impl ExitReport {
    /// What to print once the terminal is restored, from the session's
    /// `core` (its game, notes and errors) and what its board was for.
    pub(super) fn new(core: &Core, activity: &Activity) -> ExitReport {
        let unsaved = (!core.out.errors.is_empty()).then(|| activity.pgn(core).to_pgn());
        ExitReport {
            fen: core.game.line().position().fen(),
            notes: core.out.notes.clone(),
            errors: core.out.errors.clone(),
            unsaved,
        }
    }
}

/// The app's state: the [`Core`] every mode shares, the mode on screen,
/// what the board is for ([`Activity`]), and what the modes keep between
/// visits; changed only by `update`.
pub struct AppState {
    pub(super) core: Core,
    pub(super) mode: Mode,
    /// The review screen and the live analysis.
    pub(super) study: Study,
    /// What the board is for: the player's game, a puzzle, a server's game.
    pub(super) activity: Activity,
}

impl AppState {
    /// A session playing `game`, at time `now`, drawn for `display` with the
    /// config's theme. Call [`AppState::start`] for the effects of the first
    /// position (the engine may be to move).
    pub fn new(settings: GameSettings, game: GameState, config: Config, display: Display, now: Instant) -> AppState {
        let look = Look::new(&config.prefs, display);
        let core = Core {
            game,
            settings,
            config,
            look,
            view: View::default(),
            engine: EngineProgress::default(),
            now,
            out: Outputs::default(),
        };
        let mut session = AppState { core, mode: Mode::Play, study: Study::default(), activity: Activity::Game };
        session.core.view.flipped = session.core.settings.default_flip(&session.core.game);
        if let Some(e) = &session.core.config.error {
            session.core.view.message = Some(Message::Error(format!("{e}; using the defaults")));
        }
        session
    }

    /// Starts with `text` on the message line (unless a config error is there).
    pub fn with_info(mut self, text: String) -> AppState {
        if self.core.view.message.is_none() {
            self.core.view.message = Some(Message::Info(text));
        }
        self
    }

    /// Opens the puzzle trainer of `game` (once its puzzles are read).
    pub fn with_trainer(mut self, game: GameKind) -> AppState {
        self.core.open_trainer(game);
        self
    }

    /// The session showing the server's game `opened`, drawn with `config`'s
    /// theme and pieces (the player's kept settings) at time `now`, the
    /// board turned for the player's colour.
    pub fn remote(opened: Opened, config: Config, display: Display, now: Instant) -> AppState {
        let kind = opened.start.kind();
        let mut game = GameState::new(opened.start, [PlayerKind::Human; 2], None);
        for text in &opened.moves {
            let Ok(m) = game.line().position().parse_move(text) else { break };
            if game.play(m, now).is_err() {
                break;
            }
        }
        game.set_clocks(opened.clocks.map(|c| c.shown(now)));
        let settings =
            GameSettings { players: [PlayerKind::Human; 2], variant: kind, autoflip: false, ..GameSettings::default() };
        let you = opened.remote.you;
        let mut session = AppState::new(settings, game, config, display, now);
        session.core.view.flipped = you == Some(Color::Black);
        session.activity = Activity::Remote(opened.remote);
        session
    }

    /// Opens the new-game screen over the game (at start-up with no game options).
    pub fn with_new_game_screen(mut self) -> AppState {
        self.mode = Mode::NewGame(NewGameForm::new(&self.core.config.prefs));
        self
    }

    /// What every mode shares: the game, its settings, the config, the
    /// look and the view state, the engine's progress, the time.
    pub(super) fn core(&self) -> &Core {
        &self.core
    }
    /// The config file and the choices it holds.
    pub fn config(&self) -> &Config {
        &self.core.config
    }
    pub fn mode(&self) -> &Mode {
        &self.mode
    }
    /// Whether the session is over: the runner stops.
    pub fn should_quit(&self) -> bool {
        self.core.out.quit
    }

    /// What the board is for: the player's game, a puzzle, a server's game.
    pub fn activity(&self) -> &Activity {
        &self.activity
    }

    /// The review and the live analysis.
    pub fn study(&self) -> &Study {
        &self.study
    }

    /// Whether the screen may offer `action` now: what it offers, it does.
    pub fn offers(&self, action: UserAction) -> bool {
        if self.activity.refusal(action).is_some() {
            return false;
        }
        if self.mode == Mode::Review {
            return keymap::own_action(Context::Review, action);
        }
        if let (Mode::Analyze, Some(explore)) = (&self.mode, &self.study.explore) {
            return explore.offers(action);
        }
        game_offers(&self.core, &self.activity, &self.mode, action)
    }

    /// The ply the board shows (the browsed one, or the current one).
    pub fn shown_ply(&self) -> usize {
        match self.mode {
            Mode::Browse(ply) => ply,
            _ => self.core.game.line().len(),
        }
    }

    pub fn shown_position(&self) -> &AnyPosition {
        match (&self.mode, &self.study.review, &self.study.explore) {
            (Mode::Review, Some(review), _) => review.position(),
            (Mode::Analyze, _, Some(explore)) => &explore.position,
            _ => self.core.game.line().position_at(self.shown_ply()),
        }
    }
}
