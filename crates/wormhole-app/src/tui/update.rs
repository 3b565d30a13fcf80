//! How the session changes: [`Session::update`] takes a message, changes
//! the state and returns the effects to perform. Each mode has its own
//! handler; the `:` commands are in `update/command.rs`.

mod command;
mod review;
#[cfg(test)]
mod tests;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use wormhole::pgn::PgnGame;
use wormhole::{Color, Move, Position, Square};

use super::action::{Action, Msg};
use super::ai::{self, Clock, EngineEvent, Finished, Limits, Purpose};
use super::effects::Effect;
use super::game::{Game, Player};
use super::state::{HelpPage, LastSearch, Message, Mode, Session, Settings, Thinking, View};

/// The legal move from `from` to `to` in `pos`, promoting to the strongest
/// piece (board picking).
pub(super) fn picked_move(pos: &Position, from: Square, to: Square) -> Option<Move> {
    let promo = pos.variant().promotion_roles();
    let moves = pos.legal_moves();
    let rank = |m: &Move| m.promotion().map(|r| promo.iter().position(|&p| p == r));
    moves.iter().copied().filter(|m| m.from() == from && m.to() == to).min_by_key(rank)
}

impl Session {
    /// The effects of the first position (the engine may be to move).
    pub fn start(&mut self) -> Vec<Effect> {
        self.after_change();
        std::mem::take(&mut self.effects)
    }

    /// Handles one message; returns what the runner must do.
    pub fn update(&mut self, msg: impl Into<Msg>) -> Vec<Effect> {
        match msg.into() {
            Msg::User(action) => self.on_action(action),
            Msg::Tick(now) => self.on_tick(now),
            Msg::Engine(EngineEvent::Info(info)) => {
                if let Some(t) = &mut self.thinking {
                    t.info = Some(info);
                }
            }
            Msg::Engine(EngineEvent::Done(done)) => self.finished(done),
            Msg::Saved(result) => self.saved(result),
            Msg::Autosaved(result) => self.autosaved(result),
            Msg::Opened { path, result } => self.opened(path, result),
            Msg::Analysis(event) => self.analysis_event(event),
        }
        std::mem::take(&mut self.effects)
    }

    fn on_action(&mut self, action: Action) {
        if action == Action::Quit {
            return self.quit();
        }
        if !matches!(action, Action::Scroll(_)) && !matches!(self.mode, Mode::Help { .. }) {
            self.view.message = None;
        }
        match self.mode {
            Mode::Help { scroll, page } => self.in_help(scroll, page, action),
            Mode::GameOver => self.in_game_over(action),
            Mode::Browse(ply) => self.in_browse(ply, action),
            Mode::Play => self.in_play(action),
            Mode::Review => self.in_review(action),
            Mode::Analyze => self.in_analyze(action),
        }
    }

    /// The help overlay: scroll, switch pages; any other key closes it.
    fn in_help(&mut self, scroll: u16, page: HelpPage, action: Action) {
        self.mode = match action {
            Action::Scroll(d) => Mode::Help { scroll: (i32::from(scroll) + d).clamp(0, 200) as u16, page },
            Action::TogglePage => {
                let page = if page == HelpPage::Keys { HelpPage::Rules } else { HelpPage::Keys };
                Mode::Help { scroll: 0, page }
            }
            _ => self.resting_mode(),
        };
    }

    fn in_game_over(&mut self, action: Action) {
        match action {
            Action::NewGame => self.new_game(None),
            Action::Review => self.open_review(),
            Action::Escape => self.mode = Mode::Play,
            other => self.in_play(other),
        }
    }

    /// Reviewing: stepping keys move through the game; anything else
    /// returns to it first.
    fn in_browse(&mut self, ply: usize, action: Action) {
        match action {
            Action::BrowseBack => self.browse(ply.saturating_sub(1)),
            Action::BrowseForward => self.browse(ply + 1),
            Action::BrowseStart => self.browse(0),
            Action::BrowseEnd | Action::Escape | Action::Select => self.mode = self.resting_mode(),
            Action::Cursor(..) => {}
            Action::Scroll(d) => self.scroll_moves(d),
            other => {
                self.mode = self.resting_mode();
                self.in_play(other);
            }
        }
    }

    fn in_play(&mut self, action: Action) {
        match action {
            Action::Quit => self.quit(),
            Action::Char(c) => self.type_char(c),
            Action::Backspace => self.view.input.backspace(),
            Action::DeleteWord => self.view.input.delete_word(),
            Action::ClearInput => self.view.input.clear(),
            Action::Complete => self.complete(),
            Action::Submit => self.submit(),
            Action::Escape => self.clear_selection(),
            Action::Help => self.mode = Mode::Help { scroll: 0, page: HelpPage::Keys },
            Action::TogglePage => {}
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
            Action::Analyze => self.start_explore(),
            Action::NextJudged | Action::PreviousJudged => {}
        }
    }

    fn on_tick(&mut self, now: Instant) {
        self.now = now;
        if self.game.check_flag(now) {
            self.cancel_search();
            self.mode = Mode::GameOver;
        }
    }

    /// The mode to return to from help or review.
    fn resting_mode(&self) -> Mode {
        if self.game.is_over() { Mode::GameOver } else { Mode::Play }
    }

    pub(super) fn info(&mut self, text: impl Into<String>) {
        self.view.message = Some(Message::Info(text.into()));
    }

    pub(super) fn error(&mut self, text: impl Into<String>) {
        self.view.message = Some(Message::Error(text.into()));
    }

    // ----- the input line and the board cursor -----

    fn type_char(&mut self, c: char) {
        self.view.selected = None;
        if self.mode == Mode::GameOver {
            self.mode = Mode::Play;
        }
        self.view.input.push(c);
    }

    fn complete(&mut self) {
        let pos = self.game.position().clone();
        if !self.view.input.complete(&pos) {
            let n = self.candidates().len();
            if n > 1 {
                self.info(format!("{n} moves match; type more"));
            }
        }
    }

    fn clear_selection(&mut self) {
        self.view.input.clear();
        self.view.selected = None;
        self.view.cursor = None;
        self.view.hint = None;
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
        self.view.scroll = Some((current as i64 + i64::from(d)).clamp(0, rows as i64) as usize);
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
        if let Some(m) = self.view.selected.and_then(|from| picked_move(pos, from, sq)) {
            self.view.selected = None;
            return self.play_human(m);
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
            if let Some(sq) = self.view.cursor {
                self.pick(sq);
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

    // ----- the game and the engine -----

    fn play_human(&mut self, m: Move) {
        if self.thinking.as_ref().is_some_and(|t| matches!(t.purpose, Purpose::Hint { .. })) {
            self.cancel_search();
        }
        match self.game.play(m, self.now) {
            Ok(()) => self.after_change(),
            Err(e) => self.error(e.to_string()),
        }
    }

    fn start_search(&mut self, limits: Limits, purpose: Purpose) {
        let position = self.game.position().clone();
        let level = self.settings.level;
        self.effects.push(Effect::StartSearch { position: position.clone(), limits, level, purpose });
        self.thinking = Some(Thinking { purpose, started: self.now, position, info: None });
    }

    fn cancel_search(&mut self) {
        if self.thinking.take().is_some() {
            self.effects.push(Effect::CancelSearch);
        }
    }

    /// After the game changed: end it, or set the engine thinking, and tidy the view.
    fn after_change(&mut self) {
        self.view.selected = None;
        self.view.hint = None;
        self.view.scroll = None;
        let len = self.game.len();
        if self.thinking.as_ref().is_some_and(|t| match t.purpose {
            Purpose::Move { ply } | Purpose::Hint { ply } => ply != len,
            Purpose::Analysis { .. } => true,
        }) {
            self.cancel_search();
        }
        if self.settings.autoflip && self.game.players() == [Player::Human; 2] {
            self.view.flipped = self.game.position().turn() == Color::Black;
        }
        if self.game.is_over() {
            self.cancel_search();
            self.game.stop_clock(self.now);
            self.mode = Mode::GameOver;
            return;
        }
        if self.mode == Mode::GameOver {
            self.mode = Mode::Play;
        }
        self.game.start_clock(self.now);
        if self.game.player_to_move() == Player::Engine && self.thinking.is_none() {
            let limits = self.engine_limits();
            self.start_search(limits, Purpose::Move { ply: len });
        }
    }

    fn engine_limits(&self) -> Limits {
        let mut limits = Limits::default();
        if let Some(mt) = self.settings.movetime {
            limits.movetime = Some(mt);
        } else if let Some(c) = self.game.clocks() {
            let turn = self.game.position().turn();
            limits.clock = Some(Clock { remaining: c.remaining(turn, turn, self.now), increment: c.increment() });
        }
        limits
    }

    fn finished(&mut self, done: Finished) {
        if self.thinking.as_ref().is_none_or(|t| t.purpose != done.purpose) {
            return;
        }
        self.thinking = None;
        let ply = self.game.len();
        match done.purpose {
            Purpose::Move { ply: p } if p == ply && !self.game.is_over() => self.engine_moved(done),
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
            Purpose::Analysis { id } => self.explore_finished(id, done.info),
            _ => {}
        }
    }

    fn engine_moved(&mut self, done: Finished) {
        let Some(m) = done.best else { return self.error("the engine found no move") };
        let san = self.game.position().san(m);
        self.search_times.push(done.elapsed);
        if let Some(info) = done.info {
            let mover = self.game.position().turn();
            self.view.last_search = Some(LastSearch { san, info, took: done.elapsed, mover });
        }
        if let Err(e) = self.game.play(m, self.now) {
            return self.error(format!("engine move {m}: {e}"));
        }
        self.after_change();
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
        self.cancel_search();
        let n = self.game.undo_to(target, self.now);
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
        self.cancel_search();
        let n = self.game.redo_to(target, self.now);
        self.info(format!("replayed {n} {}", if n == 1 { "move" } else { "moves" }));
        self.after_change();
    }

    fn hint(&mut self) {
        if !self.human_to_move() {
            return self.error("a hint is for your own move");
        }
        let movetime = self.settings.movetime.unwrap_or(Duration::from_secs(1)).min(Duration::from_secs(2));
        let limits = Limits { movetime: Some(movetime), ..Limits::default() };
        self.start_search(limits, Purpose::Hint { ply: self.game.len() });
        self.info("thinking about a hint...");
    }

    fn move_now(&mut self) {
        if self.thinking.is_none() {
            return self.error("the engine is not thinking");
        }
        self.effects.push(Effect::MoveNow);
    }

    fn show_fen(&mut self) {
        let fen = self.shown_position().fen();
        self.info(format!("FEN (copied): {fen}"));
        self.effects.push(Effect::Copy(fen));
    }

    // ----- files and games -----

    fn save(&mut self, path: Option<PathBuf>) {
        self.effects.push(Effect::Save { pgn: self.pgn(), path });
    }

    fn saved(&mut self, result: Result<PathBuf, String>) {
        match result {
            Ok(path) => {
                self.game.mark_saved();
                self.info(format!("saved to {}", path.display()));
            }
            Err(e) => self.error(e),
        }
    }

    /// Asks for an unsaved game with moves to be autosaved before it is
    /// replaced or the program quits. Returns whether it asked.
    fn autosave_if_needed(&mut self) -> bool {
        let needed = !self.game.is_saved() && self.game.len() > 0;
        if needed {
            self.effects.push(Effect::Autosave { pgn: self.pgn() });
        }
        needed
    }

    /// The autosave's result. Saved: a waiting replacement takes over.
    /// Failed: the game stays (on quit, the failure is reported on exit).
    fn autosaved(&mut self, result: Result<PathBuf, String>) {
        match result {
            Ok(path) => {
                self.game.mark_saved();
                let note = format!("Unsaved game autosaved to {}", path.display());
                self.notes.push(note.clone());
                if let Some(game) = self.replacement.take() {
                    self.install_game(game);
                }
                self.info(note);
            }
            Err(e) if self.quit => self.errors.push(format!("Could not autosave the game: {e}")),
            Err(e) => {
                self.replacement = None;
                self.error(format!(
                    "Could not autosave the game: {e}. This game stays: save it with ':save FILE' first"
                ));
            }
        }
    }

    fn opened(&mut self, path: PathBuf, result: Result<PgnGame, String>) {
        match result {
            Ok(pgn) => {
                self.settings.variant = pgn.start.variant();
                let game = Game::from_pgn(&pgn, self.settings.players, self.settings.clocks());
                let n = game.len();
                self.replace_game(game);
                if self.view.message.is_none() {
                    self.info(format!("loaded {}: {n} moves", path.display()));
                }
            }
            Err(e) => self.error(e),
        }
    }

    /// Replaces the game. One with unsaved moves is autosaved first and
    /// replaced only once that succeeded.
    fn replace_game(&mut self, game: Game) {
        if self.autosave_if_needed() {
            self.replacement = Some(game);
        } else {
            self.install_game(game);
        }
    }

    fn install_game(&mut self, game: Game) {
        self.cancel_search();
        self.game = game;
        self.effects.push(Effect::ResetEngine);
        self.mode = Mode::Play;
        self.view = View::default();
        self.view.flipped = self.default_flip();
        self.after_change();
    }

    fn new_game(&mut self, settings: Option<Settings>) {
        if let Some(s) = settings {
            self.settings = s;
        }
        let game = self.settings.new_game();
        self.replace_game(game);
    }

    fn quit(&mut self) {
        if self.thinking.take().is_some() {
            self.effects.push(Effect::AbandonSearch);
        }
        self.autosave_if_needed();
        self.quit = true;
    }
}
