//! The `:` commands of the input line.

use std::path::PathBuf;

use wormhole::engine::Level;
use wormhole::{Position, Variant};

use super::{App, Mode, Settings, clocks_of};
use crate::tui::files;
use crate::tui::game::{Game, Player};

impl App {
    /// Runs `:cmd args`.
    pub(super) fn command(&mut self, line: &str) {
        let mut words = line.split_whitespace();
        let Some(name) = words.next() else { return };
        let rest = line.trim_start()[name.len()..].trim();
        match name {
            "new" | "n" => match self.parse_new(rest) {
                Ok(s) => self.new_game(Some(s)),
                Err(e) => self.error(e),
            },
            "undo" | "u" => self.undo(),
            "redo" => self.redo(),
            "flip" => self.view.flipped = !self.view.flipped,
            "autoflip" => {
                self.settings.autoflip = !self.settings.autoflip;
                let on = if self.settings.autoflip { "on" } else { "off" };
                self.info(format!("automatic flipping (hot-seat) {on}"));
                if self.settings.autoflip && self.game.players() == [Player::Human; 2] {
                    self.view.flipped = self.game.position().turn() == wormhole::Color::Black;
                }
            }
            "hint" => self.hint(),
            "go" | "movenow" => self.move_now(),
            "fen" if rest.is_empty() => self.show_fen(),
            "fen" | "load" => self.load_fen(rest),
            "save" | "w" => self.save((!rest.is_empty()).then(|| PathBuf::from(rest))),
            "open" | "pgn" => self.open_pgn(rest),
            "review" => self.update(super::Action::Review),
            "level" => match rest.parse::<Level>() {
                Ok(level) => {
                    self.settings.level = level;
                    self.ai.set_level(level);
                    self.info(format!("engine level {level} (from its next move)"));
                }
                Err(e) => self.error(e.to_string()),
            },
            "resign" => {
                if self.game.is_over() {
                    return self.error("the game is already over");
                }
                let side = match self.game.players() {
                    [Player::Human, Player::Engine] => wormhole::Color::White,
                    [Player::Engine, Player::Human] => wormhole::Color::Black,
                    _ => self.game.position().turn(),
                };
                self.ai.cancel();
                self.game.resign(side);
                self.mode = Mode::GameOver;
            }
            "help" | "h" => self.mode = Mode::Help { scroll: 0, rules: false },
            "rules" => self.mode = Mode::Help { scroll: 0, rules: true },
            "quit" | "q" | "exit" => self.quit(),
            _ => self.error(format!("unknown command ':{name}' (F1 or ? lists the commands)")),
        }
    }

    /// `:new [classic|fairy] [white|black|hotseat|watch] [level N] [movetime MS] [clock MIN+INC|off]`.
    fn parse_new(&self, args: &str) -> Result<Settings, String> {
        let mut s = self.settings.clone();
        let mut words = args.split_whitespace();
        while let Some(w) = words.next() {
            if let Ok(v) = w.parse::<Variant>() {
                s.variant = v;
                continue;
            }
            match w {
                "white" => s.players = [Player::Human, Player::Engine],
                "black" => s.players = [Player::Engine, Player::Human],
                "hotseat" => s.players = [Player::Human, Player::Human],
                "watch" => s.players = [Player::Engine, Player::Engine],
                "level" => s.level = words.next().unwrap_or_default().parse::<Level>().map_err(|e| e.to_string())?,
                "movetime" => match words.next().and_then(|n| n.parse::<u64>().ok()) {
                    Some(0) => s.movetime = None,
                    Some(ms @ 1..=3_600_000) => s.movetime = Some(std::time::Duration::from_millis(ms)),
                    _ => return Err("movetime must be followed by milliseconds (0: the level's budget)".into()),
                },
                "clock" => match words.next() {
                    Some("off") => s.clock = None,
                    Some(c) => {
                        let c = crate::play::parse_clock(c)?;
                        s.clock = Some((c.initial, c.increment));
                    }
                    None => return Err("clock must be followed by MIN+INC (e.g. 5+3) or off".into()),
                },
                other => {
                    return Err(format!(
                        "':new {other}': expected classic, fairy, white, black, hotseat, watch, level N, movetime MS or clock MIN+INC|off"
                    ));
                }
            }
        }
        Ok(s)
    }

    fn load_fen(&mut self, fen: &str) {
        if fen.is_empty() {
            return self
                .error("':load FEN' needs a position, e.g. :load rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0");
        }
        match Position::from_fen_auto(fen, self.game.variant()) {
            Ok(pos) => {
                self.settings.variant = pos.variant();
                let game = Game::new(pos, self.settings.players, clocks_of(&self.settings));
                self.replace_game(game);
                if self.view.message.is_none() {
                    self.info("position loaded");
                }
            }
            Err(e) => self.error(format!("bad FEN: {e}")),
        }
    }

    fn open_pgn(&mut self, path: &str) {
        if path.is_empty() {
            return self.error("':open FILE' needs the path of a PGN file");
        }
        match files::load_pgn(&PathBuf::from(path)) {
            Ok(pgn) => {
                self.settings.variant = pgn.start.variant();
                let game = Game::from_pgn(&pgn, self.settings.players, clocks_of(&self.settings));
                let n = game.len();
                self.replace_game(game);
                if self.view.message.is_none() {
                    self.info(format!("loaded {path}: {n} moves"));
                }
            }
            Err(e) => self.error(format!("{e:#}")),
        }
    }
}
