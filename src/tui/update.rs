//! How the app's state changes: [`AppState::update`] takes a message,
//! changes the state and returns the effects to perform. Each mode has its
//! own handler here, with the input line and the board cursor (those are
//! [`Core`]'s); the game and the engine are in `update/engine.rs`, files
//! and replacing the game in `update/games.rs`, the `:` commands in
//! `update/command.rs`; the review and live analysis ([`Study`]'s
//! updates), the puzzle trainer ([`Trainer`]'s) and a server's game
//! ([`Remote`]'s) in their own files, each given the [`Core`].
//!
//! [`Study`]: super::review::Study
//! [`Trainer`]: super::trainer::Trainer
//! [`Remote`]: super::remote::Remote

mod command;
mod engine;
mod games;
#[cfg(test)]
mod input_tests;
#[cfg(test)]
mod linked_tests;
#[cfg(test)]
mod player_tests;
#[cfg(test)]
mod ponder_tests;
#[cfg(test)]
mod porthole_tests;
mod puzzles;
#[cfg(test)]
mod puzzles_tests;
mod remote;
pub use remote::{SERVER_REFUSED, SERVER_REFUSED_COMMANDS};
#[cfg(test)]
mod remote_tests;
mod review;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod twoboard_tests;

use std::time::Instant;

use wormhole::rules::GameMove;
use wormhole::{AnyMove, AnyPosition, Rules, Square};

use super::action::{Msg, UserAction};
use super::ai::EngineEvent;
use super::config::{ConfigKey, Prefs};
use super::effects::Effect;
use super::game::{GameState, PlayerKind, SideChoice};
use super::game_settings::GameSettings;
use super::games::board_name;
use super::input::{self, Reading};
use super::newgame::NewGameForm;
use super::modes::{Next, browse, game_over, help};
use super::state::{Activity, AppState, Core, HelpPage, Message, Mode, Pending};
use crate::limits::MAX_INPUT_CHARS;

/// What picking a square means once a piece is picked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Pick {
    /// A move to play.
    Play(AnyMove),
    /// A porthole with several exits: the piece goes in there; its exit is
    /// picked next (the moves through it, one per exit).
    Entry(Vec<AnyMove>),
    /// No move of the piece goes there.
    Nothing,
}

/// What picking `sq` means for the piece on `from` in `pos` (through the
/// porthole `entry`, once that is picked): a normal move there (a
/// promotion to the strongest piece), a porthole move entering there (or,
/// with several exits, the choice of its exit), or a porthole move that
/// comes out there through the only porthole that leads there.
pub(super) fn pick_move(pos: &AnyPosition, from: Square, entry: Option<Square>, sq: Square) -> Pick {
    let moves = pos.moves_from(from);
    if let Some(e) = entry {
        return moves.into_iter().find(|m| m.entry() == Some(e) && m.to() == sq).map_or(Pick::Nothing, Pick::Play);
    }
    let promo = pos.kind().promotions();
    let rank = |m: &&AnyMove| m.promotion().map(|r| promo.iter().position(|&p| p == r));
    if let Some(&m) = moves.iter().filter(|m| m.to() == sq && m.entry().is_none()).min_by_key(rank) {
        return Pick::Play(m);
    }
    let through: Vec<AnyMove> = moves.iter().copied().filter(|m| m.entry() == Some(sq)).collect();
    let out: Vec<AnyMove> = moves.iter().copied().filter(|m| m.entry().is_some() && m.to() == sq).collect();
    match (through.as_slice(), out.as_slice()) {
        ([one], _) | ([], [one]) => Pick::Play(*one),
        ([], _) => Pick::Nothing,
        (_, _) => Pick::Entry(through),
    }
}

/// What the line says once a porthole with several exits is picked: the
/// moves through it, to pick one's exit.
pub(super) fn exit_prompt(pos: &AnyPosition, entry: Square, moves: &[AnyMove]) -> String {
    let sans: Vec<String> = moves.iter().map(|&m| pos.san(m)).collect();
    format!("in at {entry}: now pick the exit ({})", sans.join(", "))
}

impl Core {
    pub(super) fn info(&mut self, text: impl Into<String>) {
        self.view.message = Some(Message::Info(text.into()));
    }

    pub(super) fn error(&mut self, text: impl Into<String>) {
        self.view.message = Some(Message::Error(text.into()));
    }

    /// Types `c` into the input line; a full line says its limit.
    pub(super) fn push_input(&mut self, c: char) {
        if let Err(e) = self.view.input.push(c) {
            self.error(e);
        }
    }

    fn clear_selection(&mut self) {
        self.view.input.clear();
        self.view.selected = None;
        self.view.cursor = None;
        self.view.hint = None;
        self.view.explained = None;
    }

    pub(in crate::tui) fn scroll_moves(&mut self, d: i32) {
        let rows = self.game.len() / 2 + 2;
        let current = self.view.scroll.unwrap_or(rows);
        self.view.scroll = Some((current as i64 + i64::from(d)).clamp(0, rows as i64) as usize);
    }

    fn home_square(&self) -> Square {
        let pos = self.game.position();
        pos.king(pos.turn()).filter(|&(b, _)| b == pos.board_to_play()).map_or(Square::new(0), |(_, k)| k)
    }

    pub(in crate::tui) fn move_cursor(&mut self, dx: i8, dy: i8) {
        let sq = self.view.cursor.unwrap_or_else(|| self.home_square());
        let (dx, dy) = if self.flipped() { (-dx, -dy) } else { (dx, dy) };
        let f = (sq.file() as i8 + dx).clamp(0, 7) as u8;
        let r = (sq.rank() as i8 + dy).clamp(0, 7) as u8;
        self.view.cursor = Square::from_coords(f, r);
    }

    /// Turns the board, or says that this game's view is fixed.
    fn flip(&mut self) {
        self.view.flipped = !self.view.flipped;
        if !self.game.kind().info().flips {
            self.info(format!("{} is always shown from White's side", self.game.kind().title()));
        }
    }
}

impl AppState {
    /// The effects of the first position (the engine may be to move). With
    /// the new-game screen up, nothing starts until it is closed.
    pub fn start(&mut self) -> Vec<Effect> {
        if !matches!(&self.mode, Mode::NewGame(_)) {
            self.after_change();
        }
        self.sync_ponder();
        std::mem::take(&mut self.core.effects)
    }

    /// Handles one message; returns what the runner must do.
    pub fn update(&mut self, msg: impl Into<Msg>) -> Vec<Effect> {
        match msg.into() {
            Msg::User(action) => self.on_action(action),
            Msg::Paste(text) => self.paste(&text),
            Msg::Tick(now) => self.on_tick(now),
            Msg::Engine(EngineEvent::Info(info)) => {
                if let Some(t) = &mut self.core.engine.thinking {
                    t.info = Some(info);
                }
                self.core.ponder_reported();
            }
            Msg::Engine(EngineEvent::Done(done)) => self.finished(done),
            Msg::Saved { result, in_games_folder } => self.core.saved(result, in_games_folder),
            Msg::GamesListed { games, folders } => self.games_listed(games, &folders),
            Msg::PathCompleted { line, before, completion } => self.core.path_completed(&line, &before, completion),
            Msg::WouldReplace(path) => self.ask_to_replace(path),
            Msg::Autosaved { reason, result } => self.autosaved(reason, result),
            Msg::Opened { path, result } => self.opened(path, result),
            Msg::ConfigSaved(Ok(_)) => {}
            Msg::ConfigSaved(Err(e)) => self.core.error(format!("the setting is used but could not be saved: {e}")),
            Msg::Analysis(event) => self.study.analysis_event(event),
            Msg::PuzzlesLoaded { game, loaded } => self.puzzles_loaded(game, *loaded),
            Msg::PuzzleSaved(result) => self.puzzle_saved(result),
            Msg::PersonalSaved(result) => self.core.personal_saved(result),
            Msg::Remote(event) => self.remote_event(event),
        }
        self.sync_ponder();
        std::mem::take(&mut self.core.effects)
    }

    /// A user's action: the mode's own update, then what it asks of the app.
    fn on_action(&mut self, action: UserAction) {
        if action == UserAction::Quit || self.remote_leaves(action) {
            return self.quit();
        }
        if let Some(why) = self.remote_refusal(action) {
            return self.core.error(why);
        }
        if !matches!(action, UserAction::Scroll(_)) && !matches!(&self.mode, Mode::Help { .. }) {
            self.core.view.message = None;
        }
        let next = match &mut self.mode {
            Mode::Play => Next::Keys(action),
            Mode::Help { scroll, page } => help::update(scroll, page, action),
            Mode::GameOver => game_over::update(action),
            Mode::Browse(ply) => browse::update(ply, &mut self.core, action),
            Mode::NewGame(form) => form.update(action),
            Mode::Confirm(pending) => pending.update(action),
            Mode::OpenGame(_) => return self.in_picker(action),
            Mode::Review => self.study.review_update(&mut self.core, action),
            Mode::Analyze => self.study.explore_update(&mut self.core, action),
            Mode::Puzzle => match &mut self.activity {
                Activity::Puzzles(trainer) => trainer.update(&mut self.core, action),
                _ => Next::Stays,
            },
        };
        self.follow(next);
    }

    /// Does what a mode's own update asked for.
    pub(super) fn follow(&mut self, next: Next) {
        match next {
            Next::Stays => {}
            Next::Rest => self.mode = self.resting_mode(),
            Next::Resume => {
                self.mode = self.resting_mode();
                self.after_change();
            }
            Next::RestThen(action) => {
                self.mode = self.resting_mode();
                self.in_play(action);
            }
            Next::Keys(action) => self.in_play(action),
            Next::Game => self.mode = Mode::Play,
            Next::NewGameScreen => self.open_new_game_screen(),
            Next::Review => self.open_review(),
            Next::Analyze => self.start_explore(),
            Next::Puzzle => self.set_up_puzzle(),
            Next::OpenList => {
                let back = std::mem::replace(&mut self.mode, Mode::Play);
                self.open_list(back);
            }
            Next::Done => self.done(),
        }
    }

    /// What the mode was for: the new-game screen's game starts (the screen
    /// stays up until the game it replaces is autosaved); the question's
    /// yes does what waits (with what it keeps).
    fn done(&mut self) {
        if let Mode::NewGame(form) = self.mode {
            return self.start_from_form(form);
        }
        let rest = self.resting_mode();
        let Mode::Confirm(pending) = std::mem::replace(&mut self.mode, rest) else { return };
        match pending {
            Pending::Resign => self.resign_now(),
            Pending::NewGame(settings) => self.new_game(settings),
            Pending::Replace(path) => self.save(Some(path)),
            Pending::Load(fen) => self.load_fen_now(&fen),
        }
    }

    /// Starts the game chosen on the new-game screen and keeps the choices
    /// as the next defaults.
    fn start_from_form(&mut self, form: NewGameForm) {
        if form.puzzles {
            // `wormhole puzzles` opens the game chosen last.
            self.core.config.prefs.variant = form.variant;
            let text = self.core.config.updated_text(&[ConfigKey::Variant]);
            self.core.save_config(text, &[ConfigKey::Variant]);
            self.mode = self.resting_mode();
            return self.core.open_trainer(form.variant);
        }
        form.apply(&mut self.core.config.prefs);
        let keys = [ConfigKey::Variant, ConfigKey::Side, ConfigKey::Level, ConfigKey::Clock];
        let text = self.core.config.updated_text(&keys);
        self.core.save_config(text, &keys);
        let settings = GameSettings {
            players: form.side.players(),
            level: form.level,
            clock: form.clock,
            variant: form.variant,
            ..self.core.settings
        };
        let game = GameState::new(form.start(), settings.players, settings.clocks());
        self.replace_game(game, settings);
    }

    fn in_play(&mut self, action: UserAction) {
        match action {
            UserAction::Quit => self.quit(),
            UserAction::Char(c) => self.type_char(c),
            UserAction::Backspace => self.core.view.input.backspace(),
            UserAction::DeleteWord => self.core.view.input.delete_word(),
            UserAction::ClearInput => self.core.view.input.clear(),
            UserAction::Complete => self.complete(),
            UserAction::Submit => self.submit(),
            UserAction::Escape => self.core.clear_selection(),
            UserAction::Help => self.mode = Mode::Help { scroll: 0, page: HelpPage::Keys },
            UserAction::Legend => self.mode = Mode::Help { scroll: 0, page: HelpPage::Pieces },
            UserAction::TogglePage | UserAction::Answer(_) => {}
            UserAction::Undo => self.undo(),
            UserAction::Redo => self.redo(),
            UserAction::Flip => self.core.flip(),
            UserAction::Hint => self.hint(),
            UserAction::MoveNow => self.core.move_now(),
            UserAction::ShowFen => self.show_fen(),
            UserAction::Save => self.save(None),
            UserAction::Prefill(text) => self.core.view.input.set(text),
            UserAction::OpenList => self.open_list(self.resting_mode()),
            UserAction::NewGame => self.open_new_game_screen(),
            UserAction::Review | UserAction::BrowseBack => self.browse(self.core.game.len().saturating_sub(1)),
            UserAction::BrowseStart => self.browse(0),
            UserAction::BrowseForward | UserAction::BrowseEnd => {}
            UserAction::Cursor(dx, dy) => self.core.move_cursor(dx, dy),
            UserAction::Select => match self.core.view.cursor {
                Some(sq) => self.pick(sq),
                None => self.core.view.cursor = Some(self.core.home_square()),
            },
            UserAction::ClickSquare(sq) => {
                self.core.view.cursor = Some(sq);
                if !self.click_forced(self.core.game.position().board_to_play(), sq) {
                    self.pick(sq);
                }
            }
            UserAction::ClickBoard(board, sq) => {
                if !self.click_forced(board, sq) {
                    self.not_played(board);
                }
            }
            UserAction::OtherBoard => self.other_board(),
            UserAction::Scroll(d) => self.core.scroll_moves(d),
            UserAction::Analyze => self.start_explore(),
            UserAction::NextJudged
            | UserAction::PreviousJudged
            | UserAction::NextPuzzle
            | UserAction::Retry
            | UserAction::ShowSolution
            | UserAction::NextTheme
            | UserAction::Personal => {}
        }
    }

    fn on_tick(&mut self, now: Instant) {
        self.core.now = now;
        // On the server, the server alone decides a flag.
        if self.activity.remote().is_none() && self.core.game.check_flag(now) {
            self.core.cancel_search();
            self.mode = Mode::GameOver;
        }
    }

    /// The new-game screen, with the current game's choices preselected.
    fn open_new_game_screen(&mut self) {
        let s = &self.core.settings;
        let prefs = Prefs {
            variant: self.core.game.kind(),
            side: SideChoice::of(s.players),
            level: s.level,
            clock: s.clock,
            ..self.core.config.prefs
        };
        let form = NewGameForm { puzzles: self.activity.trainer().is_some(), ..NewGameForm::new(&prefs) };
        self.mode = Mode::NewGame(form);
    }

    /// The mode to return to from help or review.
    fn resting_mode(&self) -> Mode {
        if self.activity.trainer().is_some() {
            Mode::Puzzle
        } else if self.core.game.is_over() {
            Mode::GameOver
        } else {
            Mode::Play
        }
    }

    // ----- the input line and the board cursor -----

    fn type_char(&mut self, c: char) {
        self.core.view.selected = None;
        self.core.view.explained = None;
        if self.mode == Mode::GameOver {
            self.mode = Mode::Play;
        }
        self.core.push_input(c);
    }

    /// Pasted text, taken whole: its first character as if typed (which
    /// may leave browsing, or start the line), the rest straight into the
    /// input line; what would act on the terminal (line ends, escapes,
    /// bidirectional overrides) becomes spaces. Text the line cannot hold
    /// is refused whole, never cut.
    fn paste(&mut self, text: &str) {
        let blank = |c| if crate::printable::acts_on_terminal(c) { ' ' } else { c };
        let text: String = text.trim_end().chars().map(blank).collect();
        let (count, held) = (text.chars().count(), self.core.view.input.text().chars().count());
        if held + count > MAX_INPUT_CHARS {
            let e = format!("the paste has {count} characters and the input line holds at most {MAX_INPUT_CHARS}");
            return self.core.error(format!("{e}: nothing was added"));
        }
        let mut chars = text.chars();
        let Some(first) = chars.next() else { return };
        self.on_action(UserAction::Char(first));
        if self.core.view.input.text().ends_with(first) {
            chars.for_each(|c| self.core.push_input(c));
        } else {
            chars.for_each(|c| self.on_action(UserAction::Char(c)));
        }
    }

    fn complete(&mut self) {
        if self.core.complete_path() {
            return;
        }
        let pos = self.core.game.position().clone();
        if !self.core.view.input.complete(&pos) {
            let n = self.candidates().len();
            if n > 1 {
                self.core.info(format!("{n} moves match; type more"));
            }
        }
    }

    /// Browsing from the game: the position after `ply` moves.
    fn browse(&mut self, ply: usize) {
        self.mode = Mode::Browse(browse::enter(&mut self.core, ply));
    }

    /// Board picking: a piece of the side to move selects it; one of its
    /// targets plays the move (promotion to the strongest piece). Any other
    /// piece is explained: where it could go, and how it moves.
    fn pick(&mut self, sq: Square) {
        if self.core.game.is_over() {
            return self.core.error("the game is over (Ctrl-N: new game)");
        }
        if let Some(from) = self.core.view.selected {
            match pick_move(self.core.game.position(), from, self.core.view.entry, sq) {
                Pick::Play(m) => {
                    (self.core.view.selected, self.core.view.entry) = (None, None);
                    return self.play_human(m);
                }
                Pick::Entry(moves) => {
                    self.core.view.entry = Some(sq);
                    return self.core.info(exit_prompt(self.core.game.position(), sq, &moves));
                }
                Pick::Nothing => {}
            }
        }
        let pos = self.core.game.position();
        let piece = pos.played_board().piece_at(sq);
        let own = self.human_to_move() && piece.is_some_and(|p| p.color == pos.turn());
        (self.core.view.selected, self.core.view.entry) = (None, None);
        match piece {
            Some(p) if own && self.core.can_move(sq) => {
                self.core.view.selected = Some(sq);
                self.core.view.input.clear();
                let how = self.core.game.kind().movement(p.role);
                self.core.info(format!("{} {sq}: {how}", capitalised(self.core.game.kind().role_names().name(p.role))));
            }
            Some(_) if own => self.core.error(format!("the piece on {sq} has no legal move")),
            Some(_) => self.core.explain(&sq.to_string()),
            None if !self.human_to_move() => self.core.error("not your turn"),
            None if self.core.can_move(sq) => {
                // The mover's own portal: its steps are marked.
                self.core.view.selected = Some(sq);
                self.core.view.input.clear();
                self.core.info(format!("your portal on {sq}: pick a neighbouring square (or type Z@ and a square)"));
            }
            None => {}
        }
    }

    /// A click on `sq` of board `board` while a move is forced: plays it
    /// when the square is one of its own, else says why it is forced.
    /// Whether a move was forced.
    fn click_forced(&mut self, board: usize, sq: Square) -> bool {
        let Some(forced) = self.forced_move() else { return false };
        match forced.squares.contains(&(board, sq)) {
            true => self.play_human(forced.m),
            false => self.core.error(forced.why),
        }
        true
    }

    /// A click on a board that is not played now says which one is.
    fn not_played(&mut self, board: usize) {
        let pos = self.shown_position();
        let name = |i: usize| board_name(pos.kind(), i);
        let text = format!("{} is not played now: {} plays {}", name(board), pos.turn(), name(pos.board_to_play()));
        self.core.error(text);
    }

    /// Shows the next board when only one fits, and says which.
    fn other_board(&mut self) {
        let pos = self.shown_position();
        let (count, kind, played) = (pos.boards().len(), pos.kind(), pos.board_to_play());
        if count == 1 {
            return self.core.error("this game has one board");
        }
        self.core.view.board_shift = (self.core.view.board_shift + 1) % count;
        let name = board_name(kind, (played + self.core.view.board_shift) % count);
        self.core.info(format!("{name} is shown when only one board fits"));
    }

    fn submit(&mut self) {
        let text = self.core.view.input.text().trim().to_string();
        // On the server, `/draw` is `:draw` as chat programs write it.
        let slash = text.strip_prefix('/').filter(|_| self.activity.remote().is_some());
        if let Some(cmd) = text.strip_prefix(':').or(slash) {
            self.core.view.input.clear();
            return self.command(cmd);
        }
        if text.is_empty() {
            if let Some(forced) = self.forced_move() {
                return self.play_human(forced.m);
            }
            if let Some(sq) = self.core.view.cursor {
                self.pick(sq);
            }
            return;
        }
        if let Some(end) = self.core.game.end() {
            let back = if self.offers(UserAction::Undo) { ", Ctrl-Z take back" } else { "" };
            return self.core.error(format!("the game is over ({}); Ctrl-N new game{back}", end.describe()));
        }
        if self.core.game.player_to_move() == PlayerKind::Engine {
            let now = if self.offers(UserAction::MoveNow) { " (Ctrl-G: move now)" } else { "" };
            return self.core.error(format!("the engine is to move{now}"));
        }
        match input::reading(self.core.game.position(), &text) {
            Reading::Move(c) => {
                self.core.view.input.clear();
                self.play_human(c.mv);
            }
            refused => self.core.error(refused.refusal(&text).unwrap_or_default()),
        }
    }
}

/// `knight` -> `Knight`.
pub(super) fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}
