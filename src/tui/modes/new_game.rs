//! The new-game screen ([`NewGameForm`], `newgame.rs`): its own update.

use super::Then;
use crate::tui::action::UserAction;
use crate::tui::config::ConfigKey;
use crate::tui::game::GameState;
use crate::tui::game_settings::GameSettings;
use crate::tui::newgame::NewGameForm;
use crate::tui::update::Playing;

impl NewGameForm {
    /// The screen's own update: arrows choose and change, Enter starts
    /// ([`Then::Done`]), `o` lists the saved games, Esc goes back to the
    /// game (or the puzzle) as it was.
    pub fn update(&mut self, action: UserAction) -> Then {
        match action {
            UserAction::Cursor(0, dy) => self.move_field(-i32::from(dy)),
            UserAction::Cursor(dx, _) => self.change(i32::from(dx)),
            UserAction::Submit => return Then::Done,
            UserAction::OpenList => return Then::OpenList,
            UserAction::Escape => return Then::Resume,
            _ => {}
        }
        Then::Stays
    }

    /// Starts the game chosen (or, for the puzzles, reads the chosen
    /// game's) and keeps the choices as the next defaults; the screen
    /// stays up until the game it replaces is autosaved.
    pub(in crate::tui) fn start_game(self, playing: &mut Playing) -> Then {
        let core = &mut *playing.core;
        if self.puzzles {
            // `wormhole puzzles` opens the game chosen last.
            core.config.prefs.variant = self.variant;
            let text = core.config.updated_text(&[ConfigKey::Variant]);
            core.save_config(text, &[ConfigKey::Variant]);
            core.open_trainer(self.variant);
            return Then::Rest;
        }
        self.apply(&mut core.config.prefs);
        let keys = [ConfigKey::Variant, ConfigKey::Side, ConfigKey::Level, ConfigKey::Clock];
        let text = core.config.updated_text(&keys);
        core.save_config(text, &keys);
        let settings = GameSettings {
            players: self.side.players(),
            level: self.level,
            clock: self.clock,
            variant: self.variant,
            ..core.settings
        };
        let game = GameState::new(self.start(), settings.players, settings.clocks());
        playing.replace_game(game, settings)
    }
}
