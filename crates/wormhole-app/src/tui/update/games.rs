//! Saving, autosaving, opening, and replacing the game.

use std::path::PathBuf;

use wormhole::pgn::PgnGame;

use crate::tui::action::AutosaveReason;
use crate::tui::effects::Effect;
use crate::tui::game::{Game, Player};
use crate::tui::state::{Mode, Session, Settings, View};

impl Session {
    pub(super) fn save(&mut self, path: Option<PathBuf>) {
        self.effects.push(Effect::Save { pgn: self.pgn(), path });
    }

    pub(super) fn saved(&mut self, result: Result<PathBuf, String>) {
        match result {
            Ok(path) => {
                self.game.mark_saved();
                self.info(format!("saved to {}", path.display()));
            }
            Err(e) => self.error(e),
        }
    }

    /// Asks for an unsaved game with moves to be autosaved before it is
    /// replaced or the program quits.
    pub(super) fn autosave_if_needed(&mut self, reason: AutosaveReason) {
        if !self.game.is_saved() && self.game.len() > 0 {
            self.effects.push(Effect::Autosave { pgn: self.pgn(), reason });
        }
    }

    /// Notes an autosave, saying which game it was: what is printed at the
    /// end never passes off an earlier game's file as the last one's.
    pub(super) fn autosaved(&mut self, reason: AutosaveReason, result: Result<PathBuf, String>) {
        let which = match reason {
            AutosaveReason::Replaced => "The previous game",
            AutosaveReason::Quit => "The unsaved game",
        };
        let note = match result {
            Ok(path) => format!("{which} was autosaved to {}", path.display()),
            Err(e) => format!("{which} could not be autosaved: {e}"),
        };
        self.notes.push(note.clone());
        self.info(note);
    }

    /// Writes the config file's new text, when it may be written.
    pub(super) fn save_config(&mut self, text: Option<String>) {
        if let (Some(text), Some(path)) = (text, self.config.path.clone()) {
            self.effects.push(Effect::SaveConfig { path, text });
        }
    }

    pub(super) fn opened(&mut self, path: PathBuf, result: Result<PgnGame, String>) {
        match result {
            Ok(pgn) => {
                self.settings.variant = pgn.start.variant();
                let turn = pgn.final_position().turn();
                self.settings.players = Player::human_to_move(self.settings.players, turn);
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

    /// Replaces the game; the old one is autosaved if it had unsaved moves.
    pub(super) fn replace_game(&mut self, game: Game) {
        self.cancel_search();
        self.autosave_if_needed(AutosaveReason::Replaced);
        self.game = game;
        self.effects.push(Effect::ResetEngine);
        self.mode = Mode::Play;
        self.view = View::default();
        self.view.flipped = self.default_flip();
        self.after_change();
    }

    pub(super) fn new_game(&mut self, settings: Settings) {
        self.settings = settings;
        let game = self.settings.new_game();
        self.replace_game(game);
    }

    pub(super) fn quit(&mut self) {
        if self.thinking.take().is_some() {
            self.effects.push(Effect::AbandonSearch);
        }
        self.autosave_if_needed(AutosaveReason::Quit);
        self.quit = true;
    }
}
