//! Saving, autosaving, opening, and replacing the game.

use std::path::PathBuf;

use wormhole::Rules;
use wormhole::pgn::PgnGame;

use super::play::Playing;
use crate::saved_games::PathCompletion;
use crate::tui::action::AutosaveReason;
use crate::tui::commands::{self, Cmd};
use crate::tui::config::ConfigKey;
use crate::tui::effects::Effect;
use crate::tui::game::{GameState, PlayerKind, recorded_level};
use crate::tui::game_settings::GameSettings;
use crate::tui::game_settings::Replacement;
use crate::tui::modes::Then;
use crate::tui::newgame::NewGameForm;
use crate::tui::picker::GamePicker;
use crate::tui::state::{Activity, Core, Mode, Pending, View};

impl Core {
    /// Saves these keys to the config file, when it may be written (`text`
    /// is the session's new text of the file, None when not).
    pub(in crate::tui) fn save_config(&mut self, text: Option<String>, keys: &[crate::tui::config::ConfigKey]) {
        if let (Some(_), Some(path)) = (text, self.config.path.clone()) {
            self.out.push(Effect::SaveConfig { path, prefs: self.config.prefs, keys: keys.to_vec() });
        }
    }
}

impl Core {
    pub(super) fn saved(&mut self, result: Result<PathBuf, String>, in_games_folder: bool) {
        match result {
            Ok(path) => {
                let list = if in_games_folder { " (the games folder: Ctrl-O lists it)" } else { "" };
                self.view.info(format!("saved to {}{list}", path.display()));
                self.game.mark_saved(path);
            }
            Err(e) => self.view.error(e),
        }
    }

    /// Tab after `:open ` or `:save `: asks for the path to be completed.
    /// Returns whether the input line holds such a command.
    pub(super) fn complete_path(&mut self) -> bool {
        let line = self.view.input.text().to_string();
        let Some((before, path)) = line.strip_prefix(':').and_then(|cmd| cmd.split_once(' ')) else { return false };
        let takes_a_file = matches!(commands::parse(before), Ok(Some((Cmd::Open | Cmd::Save, _))));
        if takes_a_file {
            let before = format!(":{before} ");
            self.out.push(Effect::CompletePath { line: line.clone(), before, path: path.to_string() });
        }
        takes_a_file
    }
}

/// The view's own answers about files: a path completed, a file that
/// exists.
impl View {
    /// A path completed: into the input line, if it still holds what was typed.
    pub(super) fn path_completed(&mut self, line: &str, before: &str, completion: Option<PathCompletion>) {
        if self.input.text() != line {
            return;
        }
        let Some(done) = completion else {
            return self.info(format!("no file or folder starts with '{}'", &line[before.len()..]));
        };
        self.input.set(&format!("{before}{}", done.text));
        if !done.choices.is_empty() {
            let n = done.choices.len();
            let some: Vec<&str> = done.choices.iter().take(8).map(String::as_str).collect();
            let more = if n > some.len() { " ..." } else { "" };
            self.info(format!("{n} names fit: {}{more}", some.join("  ")));
        }
    }

    /// A file has the name `:save` was given: asks whether to replace it.
    pub(in crate::tui) fn would_replace(&mut self, path: PathBuf) -> Then {
        self.info(format!("{} exists", path.display()));
        Then::Ask(Pending::Replace(path))
    }
}

/// Saving and quitting: the game is the Core's, its players' names and
/// whether it is a game at all (a puzzle board is not) the [`Activity`]'s.
impl Core {
    /// Saves the game (to `path`, or without one to a new file), unless
    /// it is unchanged since it was saved: then Ctrl-S says where it is
    /// instead of writing the same game to another file.
    pub(in crate::tui) fn save(&mut self, activity: &Activity, path: Option<PathBuf>) {
        if path.is_none()
            && let Some(file) = self.game.saved_to()
        {
            return self.view.info(format!("already saved to {}", file.display()));
        }
        self.out.push(Effect::Save { pgn: activity.pgn(self), path });
    }

    /// `:save FILE`: saves unless a file has that name; then asks first.
    pub(super) fn save_asking(&mut self, activity: &Activity, path: PathBuf) {
        self.out.push(Effect::SaveIfNew { pgn: activity.pgn(self), path });
    }

    /// Whether the game must be autosaved before it is replaced or the
    /// program quits: unsaved, with moves (a puzzle board is no game: never).
    pub(super) fn needs_autosave(&self, activity: &Activity) -> bool {
        activity.trainer().is_none() && !self.game.is_saved() && self.game.line().len() > 0
    }

    /// Quits: the engine's search abandoned, an unsaved game autosaved
    /// first (a server keeps its games).
    pub(super) fn quit(&mut self, activity: &Activity) {
        if self.engine.thinking.take().is_some() {
            self.out.push(Effect::AbandonSearch);
        }
        if activity.remote().is_none() && self.needs_autosave(activity) {
            self.out.push(Effect::Autosave { pgn: activity.pgn(self), reason: AutosaveReason::Quit });
        }
        self.end();
    }
}

impl Core {
    /// The list of saved games (read by an effect) as the mode, Esc going back to `back`.
    pub(in crate::tui) fn list_games(&mut self, back: Mode) -> Mode {
        self.out.push(Effect::ListGames);
        Mode::OpenGame(Box::new(GamePicker::new(back)))
    }
}

/// Replacing the board's game (or puzzles): the game, what the board is
/// for, and the mode they rest in change together.
impl Playing<'_> {
    /// Starts the game chosen on the new-game screen, `form` (or, for the puzzles, reads the chosen
    /// game's) and keeps the choices as the next defaults; the screen
    /// stays up until the game it replaces is autosaved.
    pub(in crate::tui) fn start_chosen(&mut self, form: NewGameForm) -> Then {
        let core = &mut *self.core;
        if form.puzzles {
            // `wormhole puzzles` opens the game chosen last.
            core.config.prefs.variant = form.variant;
            let text = core.config.updated_text(&[ConfigKey::Variant]);
            core.save_config(text, &[ConfigKey::Variant]);
            core.open_trainer(form.variant);
            return Then::Rest;
        }
        form.apply(&mut core.config.prefs);
        let keys = [ConfigKey::Variant, ConfigKey::Side, ConfigKey::Level, ConfigKey::Clock];
        let text = core.config.updated_text(&keys);
        core.save_config(text, &keys);
        let settings = GameSettings {
            players: form.side.players(),
            level: form.level,
            clock: form.clock,
            variant: form.variant,
            ..core.settings
        };
        let game = GameState::new(form.start(), settings.players, settings.clocks());
        self.replace_game(game, settings)
    }

    /// The question's answer was yes: what waited, `pending`, is done
    /// (the question already put away).
    pub(in crate::tui) fn confirmed(&mut self, pending: Pending) -> Then {
        match pending {
            Pending::Resign => self.resign_now(),
            Pending::NewGame(settings) => self.new_game(settings),
            Pending::Replace(path) => {
                self.core.save(self.activity, Some(path));
                Then::Stays
            }
            Pending::Load(fen) => self.load_fen_now(&fen),
        }
    }

    /// Replaces the board's game (or puzzles) with `next`: at once, or,
    /// for a game that must be autosaved first, once that succeeded (the
    /// autosave carries `next`).
    pub(in crate::tui) fn replace_with(&mut self, next: Replacement) -> Then {
        if self.core.needs_autosave(self.activity) {
            let reason = AutosaveReason::Replaced(Box::new(next));
            self.core.out.push(Effect::Autosave { pgn: self.activity.pgn(self.core), reason });
            Then::Stays
        } else {
            next.install(self)
        }
    }

    /// The autosave's result, saying which game it was: what is printed at
    /// the end never passes off an earlier game's file as the last one's.
    /// Saved: a waiting replacement takes over. Failed: the game stays (on
    /// quit, the failure is reported on exit).
    pub(in crate::tui) fn autosaved(&mut self, reason: AutosaveReason, result: Result<PathBuf, String>) -> Then {
        let (saved, failed) = match &reason {
            AutosaveReason::Replaced(_) => ("Previous game autosaved to", "Could not autosave the previous game"),
            AutosaveReason::Quit => ("Unsaved game autosaved to", "Could not autosave the game"),
        };
        let mut then = Then::Stays;
        match result {
            Ok(path) => {
                self.core.game.mark_saved(path.clone());
                let note = format!("{saved} {}", path.display());
                self.core.out.notes.push(note.clone());
                if let AutosaveReason::Replaced(next) = reason {
                    then = next.install(self);
                }
                self.core.view.info(note);
            }
            Err(e) if self.core.out.quit => self.core.out.errors.push(format!("{failed}: {e}")),
            Err(e) => {
                self.core.view.error(format!("{failed}: {e}. It stays: save it with ':save FILE' first"));
            }
        }
        then
    }

    pub(in crate::tui) fn opened(&mut self, path: PathBuf, result: Result<Box<PgnGame>, String>) -> Then {
        let pgn = match result {
            Ok(pgn) => pgn,
            Err(e) => {
                self.core.view.error(e);
                return Then::Stays;
            }
        };
        let turn = pgn.final_position().turn();
        let players = PlayerKind::human_to_move(self.core.settings.players, turn);
        let recorded = recorded_level(&pgn);
        let level = recorded.unwrap_or(self.core.settings.level);
        let settings = GameSettings { variant: pgn.kind(), players, level, ..self.core.settings };
        let game = GameState::from_pgn(&pgn, players, settings.clocks());
        let n = game.line().len();
        let then = self.replace_game(game, settings);
        let said = match recorded {
            Some(l) => format!("; engine level {l}, as recorded in the file"),
            None if players.contains(&PlayerKind::Engine) => {
                format!("; engine level {level} (the file records no level)")
            }
            None => String::new(),
        };
        if self.core.view.message.is_none() {
            self.core.view.info(format!("loaded {}: {n} moves{said}", path.display()));
        }
        then
    }

    /// Replaces the game, played with `settings`. One with unsaved moves is
    /// autosaved first and replaced only once that succeeded.
    pub(in crate::tui) fn replace_game(&mut self, game: GameState, settings: GameSettings) -> Then {
        self.replace_with(Replacement::Game(game, settings))
    }

    pub(in crate::tui) fn new_game(&mut self, settings: GameSettings) -> Then {
        self.replace_game(settings.new_game(), settings)
    }
}

impl Replacement {
    /// Takes the board: the game, on the game's screen (or its end's
    /// banner), or the trainer with its first puzzle on it (a trainer is
    /// installed only with a puzzle to offer), in the trainer's mode.
    fn install(self, playing: &mut Playing) -> Then {
        let core = &mut *playing.core;
        core.cancel_search();
        core.out.push(Effect::ResetEngine);
        match self {
            Replacement::Game(game, settings) => {
                *playing.activity = Activity::Game;
                core.settings = settings;
                core.game = game;
                core.view = View::default();
                core.view.flipped = core.settings.default_flip(&core.game);
                match core.after_change(playing.activity) {
                    Then::Over => Then::Over,
                    _ => Then::Game,
                }
            }
            Replacement::Trainer(trainer) => {
                *playing.activity = Activity::Puzzles(trainer);
                match playing.activity.trainer_mut().is_some_and(|t| t.set_up(core)) {
                    true => Then::Trainer,
                    false => Then::Stays,
                }
            }
        }
    }
}

impl Core {
    /// Ends the session without a save (a server keeps its games): the
    /// engine's search is abandoned.
    pub(super) fn end(&mut self) {
        if self.engine.thinking.take().is_some() {
            self.out.push(Effect::AbandonSearch);
        }
        self.out.quit = true;
    }
}
