//! What each `:` command of the [command table](crate::tui::commands) does.

use std::path::PathBuf;
use std::time::Duration;

use wormhole::engine::Level;
use wormhole::{Color, Position, Variant};

use crate::tui::commands::{self, Cmd};
use crate::tui::effects::Effect;
use crate::tui::game::{Game, Player};
use crate::tui::state::{HelpPage, Mode, Session, Settings};

impl Session {
    /// Runs `:cmd args`.
    pub(super) fn command(&mut self, line: &str) {
        let (cmd, rest) = match commands::parse(line) {
            Ok(Some(found)) => found,
            Ok(None) => return,
            Err(e) => return self.error(e),
        };
        match cmd {
            Cmd::New => match self.parse_new(rest) {
                Ok(s) => self.new_game(Some(s)),
                Err(e) => self.error(e),
            },
            Cmd::Undo => self.undo(),
            Cmd::Redo => self.redo(),
            Cmd::Flip => self.view.flipped = !self.view.flipped,
            Cmd::Autoflip => self.toggle_autoflip(),
            Cmd::Hint => self.hint(),
            Cmd::Go => self.move_now(),
            Cmd::Fen if rest.is_empty() => self.show_fen(),
            Cmd::Fen | Cmd::Load => self.load_fen(rest),
            Cmd::Save => self.save((!rest.is_empty()).then(|| PathBuf::from(rest))),
            Cmd::Open if rest.is_empty() => self.error("':open FILE' needs the path of a PGN file"),
            Cmd::Open => self.effects.push(Effect::OpenPgn(PathBuf::from(rest))),
            Cmd::Review => self.open_review(),
            Cmd::Analyze => self.start_explore(),
            Cmd::Level => self.set_level(rest),
            Cmd::Resign => self.resign(),
            Cmd::Help => self.mode = Mode::Help { scroll: 0, page: HelpPage::Keys },
            Cmd::Rules => self.mode = Mode::Help { scroll: 0, page: HelpPage::Rules },
            Cmd::Quit => self.quit(),
        }
    }

    fn toggle_autoflip(&mut self) {
        self.settings.autoflip = !self.settings.autoflip;
        let on = if self.settings.autoflip { "on" } else { "off" };
        self.info(format!("automatic flipping (hot-seat) {on}"));
        if self.settings.autoflip && self.game.players() == [Player::Human; 2] {
            self.view.flipped = self.game.position().turn() == Color::Black;
        }
    }

    fn set_level(&mut self, arg: &str) {
        match arg.parse::<Level>() {
            Ok(level) => {
                self.settings.level = level;
                self.info(format!("engine level {level} (from its next move)"));
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    fn resign(&mut self) {
        if self.game.is_over() {
            return self.error("the game is already over");
        }
        let side = match self.game.players() {
            [Player::Human, Player::Engine] => Color::White,
            [Player::Engine, Player::Human] => Color::Black,
            _ => self.game.position().turn(),
        };
        self.cancel_search();
        self.game.resign(side, self.now);
        self.mode = Mode::GameOver;
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
                    Some(ms @ 1..=3_600_000) => s.movetime = Some(Duration::from_millis(ms)),
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
                let game = Game::new(pos, self.settings.players, self.settings.clocks());
                self.replace_game(game);
                if self.view.message.is_none() {
                    self.info("position loaded");
                }
            }
            Err(e) => self.error(format!("bad FEN: {e}")),
        }
    }
}
