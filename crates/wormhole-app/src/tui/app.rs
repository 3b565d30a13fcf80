//! The application state: the game model, the engine, the view state and the
//! mode, changed only through [`App::update`] with an [`Action`].

mod commands;

use std::path::PathBuf;
use std::time::Duration;

use wormhole::engine::Level;
use wormhole::{Bitboard, Color, Move, Position, Square, Variant};

use super::ai::{self, Ai, Clock, Finished, Info, Limits, Purpose};
use super::board_view::Highlights;
use super::files;
use super::game::{Clocks, Game, Player};
use super::input::{self, Candidate, InputLine};
use super::theme::Theme;

/// Everything the user can ask for, already decoded from keys and mouse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Quit,
    Char(char),
    Backspace,
    DeleteWord,
    ClearInput,
    Submit,
    Complete,
    Escape,
    Help,
    Undo,
    Redo,
    Flip,
    Hint,
    MoveNow,
    ShowFen,
    Save,
    /// Puts a command in the input line for the user to finish (`:open `).
    Prefill(&'static str),
    NewGame,
    Review,
    BrowseBack,
    BrowseForward,
    BrowseStart,
    BrowseEnd,
    /// Moves the board cursor by (files, ranks) as seen on screen.
    Cursor(i8, i8),
    /// Picks the piece or target under the board cursor.
    Select,
    /// A square was clicked.
    ClickSquare(Square),
    /// Scrolls the move list (or the help) by rows; negative is up.
    Scroll(i32),
}

/// What the screen is showing besides the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Play,
    /// The help overlay: keys and commands, or (Tab) the rules.
    Help {
        scroll: u16,
        rules: bool,
    },
    /// Reviewing the position after this many moves.
    Browse(usize),
    /// The game has ended; the banner is up.
    GameOver,
}

/// The settings a game is started with (command line or `:new`).
#[derive(Debug, Clone)]
pub struct Settings {
    pub players: [Player; 2],
    pub level: Level,
    pub movetime: Option<Duration>,
    pub clock: Option<(Duration, Duration)>,
    pub variant: Variant,
    pub seed: Option<u64>,
    pub autoflip: bool,
    pub theme: Theme,
    /// Where unsaved games go when they are replaced or the program quits.
    pub autosave_dir: PathBuf,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            players: [Player::Human, Player::Engine],
            level: Level::new(5).expect("5 is a level"),
            movetime: None,
            clock: None,
            variant: Variant::Classic,
            seed: None,
            autoflip: false,
            theme: Theme::default(),
            autosave_dir: files::autosave_dir(),
        }
    }
}

/// A line under the input: an error or a remark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    Info(String),
    Error(String),
}

/// How the session ended, for what `play` prints after the terminal is restored.
#[derive(Debug, Clone, Default)]
pub struct ExitReport {
    pub fen: String,
    pub notes: Vec<String>,
    /// Saves that failed (an unsaved game that could not be autosaved).
    pub errors: Vec<String>,
}

/// What the engine played last and how it got there.
#[derive(Debug, Clone)]
pub struct LastSearch {
    pub san: String,
    pub info: Info,
    pub took: Duration,
    /// The side the engine played (the score is from its view).
    pub mover: Color,
}

/// View state: nothing here changes the game.
#[derive(Debug, Default)]
struct View {
    flipped: bool,
    input: InputLine,
    message: Option<Message>,
    cursor: Option<Square>,
    selected: Option<Square>,
    /// Manual scroll of the move list (rows from the top); None follows the game.
    scroll: Option<usize>,
    /// The last finished engine search: what it played and its report.
    last_search: Option<LastSearch>,
    /// The engine's suggestion for the human's current move.
    hint: Option<Move>,
}

pub struct App {
    game: Game,
    settings: Settings,
    ai: Ai,
    view: View,
    mode: Mode,
    quit: bool,
    notes: Vec<String>,
    errors: Vec<String>,
    /// How long each engine move took (for the movetime figure).
    search_times: Vec<Duration>,
}

impl App {
    /// A new game from `start` (or from a PGN's moves).
    pub fn new(settings: Settings, game: Game) -> App {
        let ai = Ai::new(settings.level, settings.seed);
        let mut app = App {
            game,
            settings,
            ai,
            view: View::default(),
            mode: Mode::Play,
            quit: false,
            notes: Vec::new(),
            errors: Vec::new(),
            search_times: Vec::new(),
        };
        app.view.flipped = app.default_flip();
        app.after_change();
        app
    }

    /// A fresh game of `settings` from the initial position.
    #[cfg(test)]
    pub fn with_settings(settings: Settings) -> App {
        let game = Game::new(Position::new(settings.variant), settings.players, clocks_of(&settings));
        App::new(settings, game)
    }

    fn default_flip(&self) -> bool {
        let players = self.game.players();
        match players {
            [Player::Engine, Player::Human] => true,
            [Player::Human, Player::Human] if self.settings.autoflip => self.game.position().turn() == Color::Black,
            _ => false,
        }
    }

    // ----- read access for drawing -----

    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn mode(&self) -> Mode {
        self.mode
    }
    pub fn theme(&self) -> Theme {
        self.settings.theme
    }
    pub fn flipped(&self) -> bool {
        self.view.flipped
    }
    pub fn input(&self) -> &str {
        self.view.input.text()
    }
    pub fn message(&self) -> Option<&Message> {
        self.view.message.as_ref()
    }
    pub fn scroll(&self) -> Option<usize> {
        self.view.scroll
    }
    pub fn should_quit(&self) -> bool {
        self.quit
    }
    pub fn ai(&self) -> &Ai {
        &self.ai
    }
    pub fn last_search(&self) -> Option<&LastSearch> {
        self.view.last_search.as_ref()
    }

    /// The ply the board shows (the browsed one, or the current one).
    pub fn shown_ply(&self) -> usize {
        match self.mode {
            Mode::Browse(ply) => ply,
            _ => self.game.len(),
        }
    }

    pub fn shown_position(&self) -> &Position {
        self.game.position_at(self.shown_ply())
    }

    /// Whether the human may move now.
    fn human_to_move(&self) -> bool {
        !self.game.is_over() && self.game.player_to_move() == Player::Human
    }

    /// The legal moves the typed text could be.
    pub fn candidates(&self) -> Vec<Candidate> {
        if !self.human_to_move() || matches!(self.mode, Mode::Browse(_)) {
            return Vec::new();
        }
        input::candidates(self.game.position(), self.view.input.text())
    }

    /// What the board marks: last move, check, the piece about to move and its targets.
    pub fn highlights(&self) -> Highlights {
        let ply = self.shown_ply();
        let pos = self.shown_position();
        let check = if pos.is_check() { pos.board().king_of(pos.turn()) } else { None };
        let mut hl = Highlights {
            last_move: self.game.move_before(ply),
            check,
            cursor: self.view.cursor,
            ..Highlights::default()
        };
        if ply != self.game.len() {
            return hl;
        }
        let candidates = self.candidates();
        if let Some(from) = self.view.selected {
            hl.selected = Bitboard::from_square(from);
            hl.targets = self.targets_of(from);
        } else if let Some(m) = self.view.hint {
            hl.selected = Bitboard::from_square(m.from());
            hl.targets = Bitboard::from_square(m.to());
        } else if !candidates.is_empty() {
            for c in candidates {
                hl.selected |= Bitboard::from_square(c.mv.from());
                hl.targets |= Bitboard::from_square(c.mv.to());
            }
        } else if let Some(sq) = self.view.cursor.filter(|_| self.human_to_move()) {
            // The piece under the keyboard cursor: where it could go.
            let pos = self.game.position();
            if pos.board().piece_at(sq).is_some_and(|p| p.color == pos.turn()) {
                hl.targets = self.targets_of(sq);
            }
        }
        hl
    }

    fn targets_of(&self, from: Square) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for m in self.game.position().legal_moves().iter().filter(|m| m.from() == from) {
            b |= Bitboard::from_square(m.to());
        }
        b
    }

    /// A player's name as the panel and PGN show it.
    pub fn player_name(&self, color: Color) -> String {
        match self.game.player(color) {
            Player::Human if self.game.players() == [Player::Human; 2] => format!("{color} player"),
            Player::Human => "You".to_string(),
            Player::Engine => format!("Engine (level {})", self.ai.level().number()),
        }
    }

    /// How long the event loop may wait for input: None = until a key comes.
    /// While the engine thinks, its move is picked up within 10 ms.
    pub fn poll_timeout(&self) -> Option<Duration> {
        if self.ai.is_thinking() {
            Some(Duration::from_millis(10))
        } else if self.game.clocks().is_some_and(|c| c.is_running()) {
            Some(Duration::from_millis(100))
        } else {
            None
        }
    }

    /// Whether the screen changes by itself (spinner, engine report, clocks).
    pub fn animating(&self) -> bool {
        self.ai.is_thinking() || self.game.clocks().is_some_and(|c| c.is_running())
    }

    // ----- changes -----

    /// Handles one user action.
    pub fn update(&mut self, action: Action) {
        if !matches!(action, Action::Scroll(_)) && !matches!(self.mode, Mode::Help { .. }) {
            self.view.message = None;
        }
        if let Mode::Help { scroll, rules } = self.mode {
            let scrolled = |d: i32| Mode::Help { scroll: (scroll as i32 + d).clamp(0, 200) as u16, rules };
            match action {
                Action::Quit => self.quit(),
                Action::Scroll(d) => self.mode = scrolled(d),
                Action::Cursor(0, dy) => self.mode = scrolled(-dy as i32),
                Action::Complete | Action::Cursor(..) => self.mode = Mode::Help { scroll: 0, rules: !rules },
                _ => self.mode = self.resting_mode(),
            }
            return;
        }
        if self.mode == Mode::GameOver {
            match action {
                Action::Char('n') => return self.new_game(None),
                Action::Char('r') | Action::Review => return self.update(Action::BrowseStart),
                Action::Escape => {
                    self.mode = Mode::Play;
                    return;
                }
                _ => {}
            }
        }
        if let Mode::Browse(ply) = self.mode {
            match action {
                Action::BrowseBack | Action::Cursor(-1, 0) => self.browse(ply.saturating_sub(1)),
                Action::BrowseForward | Action::Cursor(1, 0) => self.browse(ply + 1),
                Action::BrowseStart => self.browse(0),
                Action::BrowseEnd | Action::Escape | Action::Select => self.mode = self.resting_mode(),
                Action::Cursor(..) => {}
                Action::Scroll(d) => self.scroll_moves(d),
                other => {
                    self.mode = self.resting_mode();
                    self.update(other);
                }
            }
            return;
        }
        match action {
            Action::Quit => self.quit(),
            Action::Char(c) => {
                self.view.selected = None;
                if self.mode == Mode::GameOver {
                    self.mode = Mode::Play;
                }
                self.view.input.push(c);
            }
            Action::Backspace => self.view.input.backspace(),
            Action::DeleteWord => self.view.input.delete_word(),
            Action::ClearInput => self.view.input.clear(),
            Action::Complete => {
                let pos = self.game.position().clone();
                if !self.view.input.complete(&pos) {
                    let n = self.candidates().len();
                    if n > 1 {
                        self.info(format!("{n} moves match; type more"));
                    }
                }
            }
            Action::Submit => self.submit(),
            Action::Escape => {
                self.view.input.clear();
                self.view.selected = None;
                self.view.cursor = None;
                self.view.hint = None;
            }
            Action::Help => self.mode = Mode::Help { scroll: 0, rules: false },
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Flip => self.view.flipped = !self.view.flipped,
            Action::Hint => self.hint(),
            Action::MoveNow => self.move_now(),
            Action::ShowFen => self.show_fen(),
            Action::Save => self.save(None),
            Action::Prefill(text) => self.view.input.set(text),
            Action::NewGame => self.new_game(None),
            Action::Review | Action::BrowseBack => self.browse(self.game.len().saturating_sub(1)),
            Action::BrowseStart => self.browse(0),
            Action::BrowseForward | Action::BrowseEnd => {}
            Action::Cursor(dx, dy) => self.move_cursor(dx, dy),
            Action::Select => match self.view.cursor {
                Some(sq) => self.pick(sq),
                None => self.view.cursor = Some(self.home_square()),
            },
            Action::ClickSquare(sq) => {
                self.view.cursor = Some(sq);
                self.pick(sq);
            }
            Action::Scroll(d) => self.scroll_moves(d),
        }
    }

    /// The mode to return to from help or review.
    fn resting_mode(&self) -> Mode {
        if self.game.is_over() { Mode::GameOver } else { Mode::Play }
    }

    fn info(&mut self, text: impl Into<String>) {
        self.view.message = Some(Message::Info(text.into()));
    }

    fn error(&mut self, text: impl Into<String>) {
        self.view.message = Some(Message::Error(text.into()));
    }

    fn browse(&mut self, ply: usize) {
        let ply = ply.min(self.game.len());
        self.view.scroll = None;
        self.mode = if ply == self.game.len() && matches!(self.mode, Mode::Browse(_)) {
            self.resting_mode()
        } else {
            Mode::Browse(ply)
        };
    }

    fn scroll_moves(&mut self, d: i32) {
        let rows = self.game.len() / 2 + 2;
        let current = self.view.scroll.unwrap_or(rows);
        self.view.scroll = Some((current as i64 + d as i64).clamp(0, rows as i64) as usize);
    }

    fn home_square(&self) -> Square {
        let pos = self.game.position();
        pos.board().king_of(pos.turn()).unwrap_or(Square::new(0))
    }

    fn move_cursor(&mut self, dx: i8, dy: i8) {
        let sq = self.view.cursor.unwrap_or_else(|| self.home_square());
        let (dx, dy) = if self.view.flipped { (-dx, -dy) } else { (dx, dy) };
        let f = (sq.file() as i8 + dx).clamp(0, 7) as u8;
        let r = (sq.rank() as i8 + dy).clamp(0, 7) as u8;
        self.view.cursor = Square::from_coords(f, r);
    }

    /// Board picking: a piece of the side to move selects it; one of its
    /// targets plays the move (promotion to the strongest piece).
    fn pick(&mut self, sq: Square) {
        if self.game.is_over() {
            return self.error("the game is over (Ctrl-N: new game)");
        }
        if !self.human_to_move() {
            return self.error("not your turn");
        }
        let pos = self.game.position();
        if let Some(from) = self.view.selected {
            let promo = pos.variant().promotion_roles();
            let moves: Vec<Move> =
                pos.legal_moves().iter().copied().filter(|m| m.from() == from && m.to() == sq).collect();
            let best = moves.iter().copied().min_by_key(|m| m.promotion().map(|r| promo.iter().position(|&p| p == r)));
            if let Some(m) = best {
                self.view.selected = None;
                return self.play_human(m);
            }
        }
        let own = pos.board().piece_at(sq).is_some_and(|p| p.color == pos.turn());
        if own && self.targets_of(sq).any() {
            self.view.selected = Some(sq);
            self.view.input.clear();
        } else {
            if own {
                self.error(format!("the piece on {sq} has no legal move"));
            }
            self.view.selected = None;
        }
    }

    fn submit(&mut self) {
        let text = self.view.input.text().trim().to_string();
        if let Some(cmd) = text.strip_prefix(':') {
            self.view.input.clear();
            return self.command(cmd);
        }
        if text.is_empty() {
            if self.view.cursor.is_some() {
                self.update(Action::Select);
            }
            return;
        }
        if let Some(end) = self.game.end() {
            return self.error(format!("the game is over ({}); Ctrl-N new game, Ctrl-Z take back", end.describe()));
        }
        if self.game.player_to_move() == Player::Engine {
            return self.error("the engine is to move (Ctrl-G: move now)");
        }
        match self.game.position().parse_move(&text) {
            Ok(m) => {
                self.view.input.clear();
                self.play_human(m);
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    fn play_human(&mut self, m: Move) {
        if self.ai.purpose().is_some_and(|p| matches!(p, Purpose::Hint { .. })) {
            self.ai.cancel();
        }
        match self.game.play(m) {
            Ok(()) => self.after_change(),
            Err(e) => self.error(e.to_string()),
        }
    }

    /// After the game changed: end it, or set the engine thinking, and tidy the view.
    fn after_change(&mut self) {
        self.view.selected = None;
        self.view.hint = None;
        self.view.scroll = None;
        if self.ai.purpose().is_some_and(|p| match p {
            Purpose::Move { ply } | Purpose::Hint { ply } => ply != self.game.len(),
        }) {
            self.ai.cancel();
        }
        if self.settings.autoflip && self.game.players() == [Player::Human; 2] {
            self.view.flipped = self.game.position().turn() == Color::Black;
        }
        if self.game.is_over() {
            self.ai.cancel();
            self.game.stop_clock();
            self.mode = Mode::GameOver;
            return;
        }
        if self.mode == Mode::GameOver {
            self.mode = Mode::Play;
        }
        self.game.start_clock();
        if self.game.player_to_move() == Player::Engine && !self.ai.is_thinking() {
            let limits = self.engine_limits();
            self.ai.start(self.game.position(), limits, Purpose::Move { ply: self.game.len() });
        }
    }

    fn engine_limits(&self) -> Limits {
        let mut limits = Limits::default();
        if let Some(mt) = self.settings.movetime {
            limits.movetime = Some(mt);
        } else if let Some(c) = self.game.clocks() {
            let turn = self.game.position().turn();
            limits.clock = Some(Clock { remaining: c.remaining(turn, turn), increment: c.increment() });
        }
        limits
    }

    /// Called every loop turn: engine reports, finished searches, clocks.
    /// Returns whether the game changed (a redraw is due at once).
    pub fn tick(&mut self) -> bool {
        let mut changed = false;
        if let Some(done) = self.ai.poll() {
            self.finished(done);
            changed = true;
        }
        if self.game.check_flag() {
            self.ai.cancel();
            self.mode = Mode::GameOver;
            changed = true;
        }
        changed
    }

    fn finished(&mut self, done: Finished) {
        let ply = self.game.len();
        match done.purpose {
            Purpose::Move { ply: p } if p == ply && !self.game.is_over() => {
                let Some(m) = done.best else { return self.error("the engine found no move") };
                let san = self.game.position().san(m);
                self.search_times.push(done.elapsed);
                if let Some(info) = done.info {
                    let mover = self.game.position().turn();
                    self.view.last_search = Some(LastSearch { san, info, took: done.elapsed, mover });
                }
                if let Err(e) = self.game.play(m) {
                    return self.error(format!("engine move {m}: {e}"));
                }
                self.after_change();
            }
            Purpose::Hint { ply: p } if p == ply => match done.best {
                Some(m) => {
                    let pos = self.game.position();
                    let score = done.info.as_ref().map(|i| format!(" ({})", ai::score_text(i.score, pos.turn())));
                    let san = pos.san(m);
                    self.view.hint = Some(m);
                    self.info(format!("Hint: {san}{}", score.unwrap_or_default()));
                }
                None => self.error("no hint: no legal move"),
            },
            _ => {}
        }
    }

    fn undo(&mut self) {
        if !self.game.can_undo() {
            return self.error("nothing to take back");
        }
        let len = self.game.len();
        let against_engine = self.game.players().contains(&Player::Engine);
        let target = if against_engine {
            (0..len).rev().find(|&p| self.game.player(self.game.turn_at(p)) == Player::Human)
        } else {
            Some(len - 1)
        };
        let Some(target) = target else { return self.error("nothing of yours to take back") };
        self.ai.cancel();
        let n = self.game.undo_to(target);
        self.mode = Mode::Play;
        self.info(format!("took back {n} {}", if n == 1 { "move" } else { "moves" }));
        self.after_change();
    }

    fn redo(&mut self) {
        if !self.game.can_redo() {
            return self.error("nothing to redo");
        }
        let len = self.game.len();
        let total = self.game.redo_len();
        let against_engine = self.game.players().contains(&Player::Engine);
        let target = if against_engine {
            (len + 1..=total).find(|&p| self.game.player(self.game.turn_at(p)) == Player::Human).unwrap_or(total)
        } else {
            len + 1
        };
        self.ai.cancel();
        let n = self.game.redo_to(target);
        self.info(format!("replayed {n} {}", if n == 1 { "move" } else { "moves" }));
        self.after_change();
    }

    fn hint(&mut self) {
        if !self.human_to_move() {
            return self.error("a hint is for your own move");
        }
        let movetime = self.settings.movetime.unwrap_or(Duration::from_secs(1)).min(Duration::from_secs(2));
        let limits = Limits { movetime: Some(movetime), ..Limits::default() };
        self.ai.start(self.game.position(), limits, Purpose::Hint { ply: self.game.len() });
        self.info("thinking about a hint...");
    }

    fn move_now(&mut self) {
        if !self.ai.move_now() {
            self.error("the engine is not thinking");
        }
    }

    fn show_fen(&mut self) {
        let fen = self.shown_position().fen();
        self.info(format!("FEN (copied): {fen}"));
        self.notes_clipboard(&fen);
    }

    /// Asks the terminal to copy text (OSC 52). Ignored by terminals that do not support it.
    fn notes_clipboard(&mut self, text: &str) {
        use std::io::Write;
        if cfg!(test) {
            return;
        }
        let mut out = std::io::stdout();
        let _ = out.write_all(files::osc52(text).as_bytes());
        let _ = out.flush();
    }

    /// The game as PGN with names and today's date.
    pub fn pgn(&self) -> wormhole::pgn::PgnGame {
        let names = [self.player_name(Color::White), self.player_name(Color::Black)];
        self.game.to_pgn([&names[0], &names[1]], &files::pgn_date())
    }

    fn save(&mut self, path: Option<PathBuf>) {
        match files::save(&self.pgn(), path.as_deref()) {
            Ok(path) => {
                self.game.mark_saved();
                self.info(format!("saved to {}", path.display()));
            }
            Err(e) => self.error(format!("{e:#}")),
        }
    }

    /// Saves an unsaved game with moves to the autosave folder before it is
    /// replaced or the program quits. Returns the note to show, or why the
    /// save failed (the game is then still unsaved).
    fn autosave_if_needed(&mut self) -> Result<Option<String>, String> {
        if self.game.is_saved() || self.game.len() == 0 {
            return Ok(None);
        }
        match files::autosave(&self.pgn(), &self.settings.autosave_dir) {
            Ok(path) => {
                self.game.mark_saved();
                let note = format!("Unsaved game autosaved to {}", path.display());
                self.notes.push(note.clone());
                Ok(Some(note))
            }
            Err(e) => Err(format!("Could not autosave the game: {e:#}")),
        }
    }

    /// Replaces the game; the old one is autosaved if it had unsaved moves.
    /// If that fails, the old game stays and the error is shown.
    fn replace_game(&mut self, game: Game) {
        let note = match self.autosave_if_needed() {
            Ok(note) => note,
            Err(e) => return self.error(format!("{e}. This game stays: save it with ':save FILE' first")),
        };
        self.ai.cancel();
        self.game = game;
        self.ai.new_game();
        self.mode = Mode::Play;
        self.view = View { last_search: None, ..View::default() };
        self.view.flipped = self.default_flip();
        if let Some(note) = note {
            self.info(note);
        }
        self.after_change();
    }

    fn new_game(&mut self, settings: Option<Settings>) {
        if let Some(s) = settings {
            self.ai.set_level(s.level);
            self.settings = s;
        }
        let s = &self.settings;
        let game = Game::new(Position::new(s.variant), s.players, clocks_of(s));
        self.replace_game(game);
    }

    /// Engine move times against `--movetime`.
    pub fn search_stats(&self) -> String {
        let t = &self.search_times;
        if t.is_empty() {
            return "engine moves: 0".to_string();
        }
        let mean = t.iter().sum::<Duration>() / t.len() as u32;
        let (min, max) = (t.iter().min().copied().unwrap_or_default(), t.iter().max().copied().unwrap_or_default());
        let target = match (self.settings.movetime, self.settings.clock) {
            (Some(m), _) => format!("movetime {m:?}"),
            (None, Some((initial, inc))) => format!("clock {initial:?}+{inc:?}"),
            (None, None) => "the level's budget".to_string(),
        };
        format!("engine moves: {}, target {target}, took mean {mean:?}, min {min:?}, max {max:?}", t.len())
    }

    fn quit(&mut self) {
        self.ai.abandon();
        if let Err(e) = self.autosave_if_needed() {
            self.errors.push(e);
        }
        self.quit = true;
    }

    /// Ends the session: stops the engine, autosaves, and says what to print.
    pub fn finish(&mut self) -> ExitReport {
        if !self.quit {
            self.quit();
        }
        ExitReport { fen: self.game.position().fen(), notes: self.notes.clone(), errors: self.errors.clone() }
    }
}

/// The clocks a new game of `settings` starts with.
pub fn clocks_of(settings: &Settings) -> Option<Clocks> {
    settings.clock.map(|(initial, inc)| Clocks::new(initial, inc))
}

#[cfg(test)]
mod tests;
