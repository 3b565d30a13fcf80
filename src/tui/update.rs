//! How the app's state changes: [`AppState::update`] takes a message,
//! changes the state and returns the effects to perform. A user's action
//! goes to the mode on screen: each mode's own update (the small screens
//! in `modes/`, the list of saved games in `picker.rs`, the review and the
//! live analysis [`Study`]'s, the puzzle trainer [`Trainer`]'s, here in
//! `update/`) changes its own state, given the [`Core`], and answers what
//! it asks of the app ([`Then`]), which [`AppState::follow`] does (the
//! new-game screen's start and the question's yes are their own types'
//! too, given the game's screen's parts, [`Playing`]). The game's own
//! keys are in `update/play.rs`; its moves and the engine's in
//! `update/engine.rs`, files and replacing the game in `update/games.rs`,
//! the `:` commands in `update/command.rs`, a server's game ([`Remote`]'s
//! updates) in `update/remote.rs`.
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
mod play;
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

use wormhole::Rules;

use super::action::{Msg, UserAction};
use super::ai::{EngineEvent, Purpose};
use super::effects::Effect;
use super::explore::Origin;
use super::modes::{Then, browse, game_over, help, open_game};
use super::newgame::NewGameForm;
use super::state::{Activity, AppState, Mode};
use crate::limits::MAX_INPUT_CHARS;
pub(in crate::tui) use play::Playing;

impl AppState {
    /// The effects of the first position (the engine may be to move). With
    /// the new-game screen up, nothing starts until it is closed.
    pub fn start(&mut self) -> Vec<Effect> {
        if !matches!(&self.mode, Mode::NewGame(_)) {
            let next = self.core.after_change(&self.activity);
            self.follow(next);
        }
        self.core.sync_ponder(&self.activity, &self.mode);
        self.core.out.take_effects()
    }

    /// Handles one message; returns what the runner must do.
    pub fn update(&mut self, msg: impl Into<Msg>) -> Vec<Effect> {
        let next = match msg.into() {
            Msg::User(action) => return self.after(|s| s.on_action(action)),
            Msg::Paste(text) => return self.after(|s| s.paste(&text)),
            Msg::Tick(now) => self.activity.tick(&mut self.core, now),
            Msg::Engine(EngineEvent::Info(info)) => {
                if let Some(t) = &mut self.core.engine.thinking {
                    t.info = Some(info);
                }
                self.core.ponder_reported();
                Then::Stays
            }
            Msg::Engine(EngineEvent::Done(done)) if self.core.engine.search_ended(done.purpose) => match done.purpose {
                Purpose::Analysis { id } => return self.after(|s| s.study.explore_finished(id, done.info)),
                _ => self.playing().search_done(done),
            },
            Msg::Engine(EngineEvent::Done(_)) => Then::Stays,
            Msg::Saved { result, in_games_folder } => return self.after(|s| s.core.saved(result, in_games_folder)),
            Msg::GamesListed { games, folders } => {
                if let Mode::OpenGame(picker) = &mut self.mode {
                    picker.listed(games, &folders);
                }
                Then::Stays
            }
            Msg::PathCompleted { line, before, completion } => {
                return self.after(|s| s.core.view.path_completed(&line, &before, completion));
            }
            Msg::WouldReplace(path) => self.core.view.would_replace(path),
            Msg::Autosaved { reason, result } => self.playing().autosaved(reason, result),
            Msg::Opened { path, result } => self.playing().opened(path, result),
            Msg::ConfigSaved(Ok(_)) => Then::Stays,
            Msg::ConfigSaved(Err(e)) => {
                return self.after(|s| s.core.view.error(format!("the setting is used but could not be saved: {e}")));
            }
            Msg::Analysis(event) => return self.after(|s| s.study.analysis_event(event)),
            Msg::PuzzlesLoaded { game, loaded } => self.playing().puzzles_loaded(game, *loaded),
            Msg::PuzzleSaved(result) => return self.after(|s| s.activity.puzzle_saved(&mut s.core, result)),
            Msg::PersonalSaved(result) => return self.after(|s| s.core.view.personal_saved(result)),
            Msg::Remote(event) => self.activity.remote_event(&mut self.core, event),
        };
        self.after(|s| s.follow(next))
    }

    /// Does `change`, then what follows every message: thinking on the
    /// human's time started or stopped; the effects to perform.
    fn after(&mut self, change: impl FnOnce(&mut AppState)) -> Vec<Effect> {
        change(self);
        self.core.sync_ponder(&self.activity, &self.mode);
        self.core.out.take_effects()
    }

    /// The game's screen's parts, for its keys and for replacing the game.
    fn playing(&mut self) -> Playing<'_> {
        Playing { core: &mut self.core, activity: &mut self.activity, mode: &self.mode }
    }

    /// A user's action: the mode's own update, then what it asks of the app.
    fn on_action(&mut self, action: UserAction) {
        if action == UserAction::Quit || self.activity.remote_leaves(&self.core, &self.mode, action) {
            return self.core.quit(&self.activity);
        }
        if let Some(why) = self.activity.refusal(action) {
            return self.core.view.error(why);
        }
        if !matches!(action, UserAction::Scroll(_)) && !matches!(&self.mode, Mode::Help { .. }) {
            self.core.view.message = None;
        }
        let next = match &mut self.mode {
            Mode::Play => Then::Keys(action),
            Mode::Help { scroll, page } => help::update(scroll, page, action),
            Mode::GameOver => game_over::update(action),
            Mode::Browse(ply) => browse::update(ply, &mut self.core, action),
            Mode::NewGame(form) => form.update(action),
            Mode::Confirm(pending) => pending.update(action),
            Mode::OpenGame(picker) => open_game::update(picker, &mut self.core, action),
            Mode::Review => self.study.review_update(&mut self.core, action),
            Mode::Analyze => self.study.explore_update(&mut self.core, action),
            Mode::Puzzle => match &mut self.activity {
                Activity::Puzzles(trainer) => trainer.update(&mut self.core, action),
                _ => Then::Stays,
            },
        };
        self.follow(next);
    }

    /// Does what an update asked for: the mode it changes to.
    pub(super) fn follow(&mut self, next: Then) {
        match next {
            Then::Stays => {}
            Then::Rest => self.mode = self.activity.resting_mode(&self.core.game),
            Then::Resume => {
                self.mode = self.activity.resting_mode(&self.core.game);
                let next = self.core.after_change(&self.activity);
                self.follow(next);
            }
            Then::RestKeys(action) => {
                self.mode = self.activity.resting_mode(&self.core.game);
                self.follow(Then::Keys(action));
            }
            Then::Keys(action) => {
                let next = self.playing().update(action);
                self.follow(next);
            }
            Then::Game => self.mode = Mode::Play,
            Then::Over => self.mode = Mode::GameOver,
            Then::GoesOn if self.mode == Mode::GameOver => self.mode = Mode::Play,
            Then::GoesOn => {}
            Then::Help(page) => self.mode = Mode::Help { scroll: 0, page },
            Then::Browse(ply) => self.mode = Mode::Browse(ply),
            Then::Ask(pending) => self.mode = Mode::Confirm(pending),
            Then::ShowFen => self.core.show_fen(self.shown_position().fen()),
            other => self.open(other),
        }
    }

    /// Follows a [`Then`] that opens a screen over the game.
    fn open(&mut self, next: Then) {
        match next {
            Then::NewGameScreen => {
                let core = &self.core;
                let form = NewGameForm::of_game(&core.settings, core.game.line().kind(), &core.config.prefs);
                let form = NewGameForm { puzzles: self.activity.trainer().is_some(), ..form };
                self.mode = Mode::NewGame(form);
            }
            Then::Review => {
                if self.mode == Mode::Analyze {
                    self.core.cancel_search();
                    self.study.explore = None;
                }
                let pgn = self.activity.pgn(&self.core);
                if self.study.open_review(&mut self.core, pgn) {
                    self.mode = Mode::Review;
                }
            }
            Then::Analyze if self.mode == Mode::Analyze => {
                let next = self.study.leave_explore(&mut self.core);
                self.follow(next);
            }
            Then::Analyze => {
                let origin = if self.mode == Mode::Review { Origin::Review } else { Origin::Game };
                let base = self.shown_position().clone();
                if self.study.start_explore(&mut self.core, base, origin) {
                    self.mode = Mode::Analyze;
                }
            }
            Then::Puzzle => {
                if self.activity.trainer_mut().is_some_and(|t| t.set_up(&mut self.core)) {
                    self.mode = Mode::Puzzle;
                }
            }
            Then::Trainer => (self.study.review, self.mode) = (None, Mode::Puzzle),
            Then::OpenList => {
                let back = std::mem::replace(&mut self.mode, Mode::Play);
                self.mode = self.core.list_games(back);
            }
            Then::OpenListAtRest => self.mode = self.core.list_games(self.activity.resting_mode(&self.core.game)),
            Then::Back => {
                if let Mode::OpenGame(picker) = std::mem::replace(&mut self.mode, Mode::Play) {
                    self.mode = picker.back;
                }
            }
            // What the mode was for: the new-game screen's game starts (the
            // screen stays up until the game it replaces is autosaved); the
            // question's yes does what waits.
            Then::Done => {
                let next = match self.mode {
                    Mode::NewGame(form) => self.playing().start_chosen(form),
                    Mode::Confirm(_) => {
                        let rest = self.activity.resting_mode(&self.core.game);
                        let Mode::Confirm(pending) = std::mem::replace(&mut self.mode, rest) else { return };
                        self.playing().confirmed(pending)
                    }
                    _ => Then::Stays,
                };
                self.follow(next);
            }
            _ => self.follow(next),
        }
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
            return self.core.view.error(format!("{e}: nothing was added"));
        }
        let mut chars = text.chars();
        let Some(first) = chars.next() else { return };
        self.on_action(UserAction::Char(first));
        if self.core.view.input.text().ends_with(first) {
            chars.for_each(|c| self.core.view.push_input(c));
        } else {
            chars.for_each(|c| self.on_action(UserAction::Char(c)));
        }
    }
}

/// `knight` -> `Knight`.
pub(super) fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}
