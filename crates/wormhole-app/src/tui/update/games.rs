//! Saving, autosaving, opening, and replacing the game.

use std::path::PathBuf;

use wormhole::pgn::PgnGame;

use crate::tui::action::AutosaveReason;
use crate::tui::effects::Effect;
use crate::tui::game::{Game, Player};
use crate::tui::state::{Mode, Pending, Session, Settings, View};

impl Session {
    /// Saves the game (to `path`, or without one to a new file), unless
    /// it is unchanged since it was saved: then Ctrl-S says where it is
    /// instead of writing the same game to another file.
    pub(super) fn save(&mut self, path: Option<PathBuf>) {
        if path.is_none()
            && let Some(file) = self.game.saved_to()
        {
            return self.info(format!("already saved to {}", file.display()));
        }
        self.effects.push(Effect::Save { pgn: self.pgn(), path });
    }

    /// `:save FILE`: saves unless a file has that name; then asks first.
    pub(super) fn save_asking(&mut self, path: PathBuf) {
        self.effects.push(Effect::SaveIfNew { pgn: self.pgn(), path });
    }

    /// A file has the name `:save` was given: asks whether to replace it.
    pub(super) fn ask_to_replace(&mut self, path: PathBuf) {
        self.info(format!("{} exists", path.display()));
        self.replace_target = Some(path);
        self.mode = Mode::Confirm(Pending::Replace);
    }

    /// The user said yes: the game replaces the file.
    pub(super) fn replace_confirmed(&mut self) {
        if let Some(path) = self.replace_target.take() {
            self.save(Some(path));
        }
    }

    pub(super) fn saved(&mut self, result: Result<PathBuf, String>) {
        match result {
            Ok(path) => {
                self.info(format!("saved to {}", path.display()));
                self.game.mark_saved(path);
            }
            Err(e) => self.error(e),
        }
    }

    /// Asks for an unsaved game with moves to be autosaved before it is
    /// replaced or the program quits. Returns whether it asked.
    pub(super) fn autosave_if_needed(&mut self, reason: AutosaveReason) -> bool {
        let needed = !self.game.is_saved() && self.game.len() > 0;
        if needed {
            self.effects.push(Effect::Autosave { pgn: self.pgn(), reason });
        }
        needed
    }

    /// The autosave's result, saying which game it was: what is printed at
    /// the end never passes off an earlier game's file as the last one's.
    /// Saved: a waiting replacement takes over. Failed: the game stays (on
    /// quit, the failure is reported on exit).
    pub(super) fn autosaved(&mut self, reason: AutosaveReason, result: Result<PathBuf, String>) {
        let (saved, failed) = match reason {
            AutosaveReason::Replaced => ("Previous game autosaved to", "Could not autosave the previous game"),
            AutosaveReason::Quit => ("Unsaved game autosaved to", "Could not autosave the game"),
        };
        match result {
            Ok(path) => {
                self.game.mark_saved(path.clone());
                let note = format!("{saved} {}", path.display());
                self.notes.push(note.clone());
                if let Some((game, settings)) = self.replacement.take() {
                    self.install_game(game, settings);
                }
                self.info(note);
            }
            Err(e) if self.quit => self.errors.push(format!("{failed}: {e}")),
            Err(e) => {
                self.replacement = None;
                self.error(format!("{failed}: {e}. It stays: save it with ':save FILE' first"));
            }
        }
    }

    /// Writes the config file's new text, when it may be written.
    pub(super) fn save_config(&mut self, text: Option<String>) {
        if let (Some(text), Some(path)) = (text, self.config.path.clone()) {
            self.effects.push(Effect::SaveConfig { path, text });
        }
    }

    pub(super) fn opened(&mut self, path: PathBuf, result: Result<Box<PgnGame>, String>) {
        match result {
            Ok(pgn) => {
                let turn = pgn.final_position().turn();
                let players = Player::human_to_move(self.settings.players, turn);
                let settings = Settings { variant: pgn.kind(), players, ..self.settings };
                let game = Game::from_pgn(&pgn, players, settings.clocks());
                let n = game.len();
                self.replace_game(game, settings);
                if self.view.message.is_none() {
                    self.info(format!("loaded {}: {n} moves", path.display()));
                }
            }
            Err(e) => self.error(e),
        }
    }

    /// Replaces the game, played with `settings`. One with unsaved moves is
    /// autosaved first and replaced only once that succeeded.
    pub(super) fn replace_game(&mut self, game: Game, settings: Settings) {
        if self.autosave_if_needed(AutosaveReason::Replaced) {
            self.replacement = Some((game, settings));
        } else {
            self.install_game(game, settings);
        }
    }

    fn install_game(&mut self, game: Game, settings: Settings) {
        self.cancel_search();
        self.settings = settings;
        self.game = game;
        self.effects.push(Effect::ResetEngine);
        self.mode = Mode::Play;
        self.view = View::default();
        self.view.flipped = self.default_flip();
        self.after_change();
    }

    pub(super) fn new_game(&mut self, settings: Settings) {
        self.replace_game(settings.new_game(), settings);
    }

    pub(super) fn quit(&mut self) {
        if self.thinking.take().is_some() {
            self.effects.push(Effect::AbandonSearch);
        }
        self.autosave_if_needed(AutosaveReason::Quit);
        self.quit = true;
    }
}
