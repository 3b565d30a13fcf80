//! What each `:` command of the [command table](crate::tui::commands) does.

use std::time::Duration;

use wormhole::engine::Level;
use wormhole::facts::{Facts, MarkKind};
use wormhole::rules::GameMove;
use wormhole::{AnyPosition, Bitboard, Color, GameKind, Role, Roles, Rules, Square};

use super::capitalised;
use super::play::Playing;
use crate::files;
use crate::game_arg;
use crate::tui::commands::{self, Cmd};
use crate::tui::config::{ConfigKey, KEYS};
use crate::tui::effects::Effect;
use crate::tui::game::{GameState, PlayerKind, SideChoice};
use crate::tui::game_settings::GameSettings;
use crate::tui::games;
use crate::tui::modes::Then;
use crate::tui::state::{Activity, Core, HelpPage, Pending, View};
use crate::tui::theme::ThemeName;

impl Core {
    fn toggle_autoflip(&mut self) {
        self.settings.autoflip = !self.settings.autoflip;
        let on = if self.settings.autoflip { "on" } else { "off" };
        self.view.info(format!("automatic flipping (hot-seat) {on}"));
        self.follow_turn();
    }

    /// In hot-seat with automatic flipping, the board turns to the side to
    /// move (Black at the bottom on Black's turn); else it stays.
    pub(super) fn follow_turn(&mut self) {
        if self.settings.autoflip && self.game.players() == [PlayerKind::Human; 2] {
            self.view.flipped = self.game.line().position().turn() == Color::Black;
        }
    }
}

impl Core {
    /// Uses a changed setting in this session; says when it takes effect.
    fn apply_setting(&mut self, key: ConfigKey) -> &'static str {
        let prefs = self.config.prefs;
        match key {
            ConfigKey::Level => self.settings.level = prefs.level,
            ConfigKey::Movetime => self.settings.movetime = prefs.movetime,
            ConfigKey::Autoflip => {
                self.settings.autoflip = prefs.autoflip;
                self.follow_turn();
            }
            ConfigKey::Theme | ConfigKey::Pieces => self.look.restyle(&prefs),
            // Thinking on the human's time starts again on the new cores, or not at all.
            ConfigKey::Ponder if self.engine.pondering() => self.cancel_search(),
            ConfigKey::Ponder => {}
            ConfigKey::Variant | ConfigKey::Side | ConfigKey::Clock => return "(from the next game)",
        }
        "(now)"
    }
}

/// `:new`'s words, read over the settings of the game on the board.
impl GameSettings {
    /// `:new [GAME] [white|black|hotseat|watch] [level N] [movetime MS] [clock MIN+INC|off]`.
    fn parse_new(&self, args: &str) -> Result<GameSettings, String> {
        let mut s = *self;
        let mut words = args.split_whitespace();
        while let Some(w) = words.next() {
            if let Ok(side) = w.parse::<SideChoice>() {
                s.players = side.players();
                continue;
            }
            if let Ok(v) = w.parse::<GameKind>() {
                s.variant = v;
                continue;
            }
            match w {
                "level" => s.level = words.next().unwrap_or_default().parse::<Level>().map_err(|e| e.to_string())?,
                "movetime" => match words.next().and_then(|n| n.parse::<u64>().ok()) {
                    Some(0) => s.movetime = None,
                    Some(ms @ 1..=3_600_000) => s.movetime = Some(Duration::from_millis(ms)),
                    _ => return Err("movetime must be followed by milliseconds (0: the level's budget)".into()),
                },
                "clock" => match words.next() {
                    Some("off") => s.clock = None,
                    Some(c) => s.clock = Some(c.parse()?),
                    None => return Err("clock must be followed by MIN+INC (e.g. 5+3) or off".into()),
                },
                other => {
                    return Err(format!(
                        "':new {other}': expected {}, white, black, hotseat, watch, level N, movetime MS or clock MIN+INC|off",
                        game_arg::names(", ")
                    ));
                }
            }
        }
        Ok(s)
    }
}

impl Core {
    /// `:set` lists the settings, `:set KEY` shows one, `:set KEY VALUE` changes
    /// it now where it can and saves it for next time (in a server's game,
    /// `remote`, the server keeps the drawing only, and nothing is saved here).
    fn set_command(&mut self, args: &str, remote: bool) {
        let mut words = args.splitn(2, char::is_whitespace);
        let (name, value) = (words.next().unwrap_or(""), words.next().unwrap_or("").trim());
        if name.is_empty() {
            let all: Vec<String> =
                KEYS.iter().map(|k| format!("{}={}", k.name, self.config.prefs.get(k.key))).collect();
            return self.view.info(format!("settings: {} (':set KEY VALUE' changes one)", all.join(" ")));
        }
        let key = match ConfigKey::from_name(name) {
            Ok(key) => key,
            Err(e) => return self.view.error(e),
        };
        if value.is_empty() {
            let spec = key.spec();
            return self.view.info(format!(
                "{name} = {} ({}: {})",
                self.config.prefs.get(key),
                spec.values(),
                spec.help
            ));
        }
        let text = match self.config.set(key, value) {
            Ok(text) => text,
            Err(e) => return self.view.error(e),
        };
        let when = self.apply_setting(key);
        let saved = match (&text, &self.config.error) {
            (Some(_), _) => "saved".to_string(),
            (None, Some(e)) => format!("not saved: the config file is broken ({e})"),
            (None, None) => "not saved: no config folder".to_string(),
        };
        let saved = match (remote, key) {
            (true, ConfigKey::Theme | ConfigKey::Pieces) => "kept by the server for your next visits".to_string(),
            (true, _) => "for this game only: the server keeps only your theme and pieces".to_string(),
            (false, _) => saved,
        };
        self.view.info(format!("{name} = {} {when}; {saved}", self.config.prefs.get(key)));
        self.save_config(text, &[key]);
    }
}

/// The view's own update for `:explain`: the pieces explained, marked on
/// the board, and said.
impl View {
    /// The squares of the pieces `arg` names; Ok(None) when the answer was
    /// already given (a piece that is not on the board).
    fn pieces_to_explain(&mut self, pos: &AnyPosition, arg: &str) -> Result<Option<Vec<Square>>, String> {
        let board = pos.played_board();
        if arg.is_empty() {
            return match self.selected.or(self.cursor).filter(|&sq| board.piece_at(sq).is_some()) {
                Some(sq) => Ok(Some(vec![sq])),
                None => Err("':explain' needs a square (d3) or a piece (N, knight, wizard)".into()),
            };
        }
        if let Ok(sq) = arg.parse::<Square>() {
            return match board.piece_at(sq) {
                Some(_) => Ok(Some(vec![sq])),
                None if pos.mark_on(sq) == Some(MarkKind::Hole) => {
                    Err(format!("{sq} is a hole: nothing stands there, pieces skip it"))
                }
                None => Err(format!("{sq} is empty")),
            };
        }
        let names = pos.kind().role_names();
        let role = role_named(arg, names)
            .ok_or_else(|| format!("':explain {arg}': expected a square (d3) or a piece (N, knight)"))?;
        if !pos.kind().has_role(role) {
            return Err(format!("there is no {} in {}", names.name(role), pos.kind().title()));
        }
        for color in [pos.turn(), !pos.turn()] {
            let squares: Vec<Square> = Square::all().filter(|&s| board.pieces(color, role).contains(s)).collect();
            if !squares.is_empty() {
                return Ok(Some(squares));
            }
        }
        let how = pos.kind().movement(role);
        self.info(format!("{} ({}): {how}; none on the board", capitalised(names.name(role)), names.letter(role)));
        Ok(None)
    }

    /// `:explain d3`, `:explain N`, `:explain wizard`: how the piece moves,
    /// and where it can go from its square on this board (holes skipped).
    pub(super) fn explain(&mut self, pos: &AnyPosition, arg: &str) {
        let squares = match self.pieces_to_explain(pos, arg) {
            Ok(Some(squares)) => squares,
            Ok(None) => return,
            Err(e) => return self.error(e),
        };
        let Some(piece) = squares.first().and_then(|&sq| pos.played_board().piece_at(sq)) else { return };
        let mut from = Bitboard::EMPTY;
        let mut targets = Bitboard::EMPTY;
        for &sq in &squares {
            from |= Bitboard::from_square(sq);
            targets |= reach(pos, sq);
        }
        let at: Vec<String> = squares.iter().map(Square::to_string).collect();
        let to: Vec<String> = Square::all().filter(|&s| targets.contains(s)).map(|s| s.to_string()).collect();
        let goes =
            if to.is_empty() { "no move from here now".to_string() } else { format!("goes to {}", to.join(" ")) };
        let whose = if piece.color == pos.turn() { "" } else { " (on its side's turn)" };
        self.explained = Some((from, targets));
        self.info(format!(
            "{} {} {}: {}; {goes}{whose}",
            piece.color,
            pos.kind().role_names().name(piece.role),
            at.join(" "),
            pos.kind().movement(piece.role)
        ));
    }
}

/// Resigning, once the question (`Pending::Resign`) had its yes.
impl Playing<'_> {
    /// Resigns for the human (the side to move in hot-seat), once
    /// confirmed; a server's game asks the server. The banner goes up.
    pub(in crate::tui) fn resign_now(&mut self) -> Then {
        if self.activity.remote().is_some() {
            self.core.out.push(Effect::Remote(crate::tui::remote::RemoteCall::Resign));
            return Then::Stays;
        }
        if self.core.game.is_over() {
            return Then::Stays;
        }
        let side = match self.core.game.players() {
            [PlayerKind::Human, PlayerKind::Engine] => Color::White,
            [PlayerKind::Engine, PlayerKind::Human] => Color::Black,
            _ => self.core.game.line().position().turn(),
        };
        self.core.cancel_search();
        self.core.game.resign(side, self.core.now);
        Then::Over
    }

    /// Runs `:cmd args`.
    pub(super) fn command(&mut self, line: &str) -> Then {
        let server = self.activity.remote().is_some().then(|| commands::parse_server(line)).flatten();
        let (cmd, rest) = match server.map_or_else(|| commands::parse(line), |found| Ok(Some(found))) {
            Ok(Some(found)) => found,
            Ok(None) => return Then::Stays,
            Err(e) => {
                self.core.view.error(e);
                return Then::Stays;
            }
        };
        let taken = match &mut *self.activity {
            Activity::Puzzles(trainer) => trainer.refuses(self.core, cmd),
            Activity::Remote(remote) => remote.command(self.core, cmd, rest),
            Activity::Game => false,
        };
        if taken {
            return Then::Stays;
        }
        match cmd {
            Cmd::New => match self.core.settings.parse_new(rest) {
                Ok(s) if self.core.game.in_progress() => return Then::Ask(Pending::NewGame(s)),
                Ok(s) => return self.new_game(s),
                Err(e) => self.core.view.error(e),
            },
            Cmd::Undo => return self.undo(),
            Cmd::Redo => return self.redo(),
            Cmd::Flip => self.core.view.flip(self.core.game.line().kind()),
            Cmd::Autoflip => self.core.toggle_autoflip(),
            Cmd::Hint => self.hint(),
            Cmd::Go => self.core.move_now(),
            Cmd::Fen if rest.is_empty() => return Then::ShowFen,
            Cmd::Fen | Cmd::Load => return self.load_fen(rest),
            Cmd::Save if rest.is_empty() => self.core.save(self.activity, None),
            Cmd::Save => self.core.save_asking(self.activity, files::user_path(rest)),
            Cmd::Open if rest.is_empty() => return Then::OpenListAtRest,
            Cmd::Open => self.core.out.push(Effect::OpenPgn(files::user_path(rest))),
            Cmd::Review => return Then::Review,
            Cmd::Analyze => return Then::Analyze,
            Cmd::Level => self.core.level_command(rest, self.activity.remote().is_some()),
            Cmd::Set => self.core.set_command(rest, self.activity.remote().is_some()),
            Cmd::Theme => self.core.theme_command(self.activity, rest),
            Cmd::Explain => self.core.view.explain(self.core.game.line().position(), rest),
            Cmd::Legend => return Then::Help(HelpPage::Pieces),
            Cmd::Resign if self.activity.game_over(&self.core.game) => self.core.view.error("the game is already over"),
            Cmd::Resign => return Then::Ask(Pending::Resign),
            Cmd::Help => return Then::Help(HelpPage::Keys),
            Cmd::Rules => return Then::Help(HelpPage::Rules),
            Cmd::Quit => self.core.quit(self.activity),
            Cmd::Say
            | Cmd::Draw
            | Cmd::Takeback
            | Cmd::Rematch
            | Cmd::Claim
            | Cmd::Abort
            | Cmd::Yes
            | Cmd::No
            | Cmd::Lobby => {
                self.core.view.error(format!(":{} is for a game on a server (wormhole serve)", line.trim()))
            }
        }
        Then::Stays
    }
}

/// The commands that change the game or the settings, given what the board
/// is for ([`Activity`]).
impl Core {
    /// `:level` shows the level; `:level N` sets it (and keeps it for next
    /// time; in a server's game, `remote`, for this game only).
    fn level_command(&mut self, arg: &str, remote: bool) {
        if arg.is_empty() {
            let (min, max) = (Level::MIN, Level::MAX);
            return self.view.info(format!("engine level {}; ':level N' sets {min} to {max}", self.settings.level));
        }
        self.set_command(&format!("level {arg}"), remote);
    }

    /// `:theme` goes to the next colour theme; `:theme NAME` picks one. In
    /// the puzzle trainer a name that is no colour theme filters the
    /// puzzles (`:theme mate`, `:theme all`).
    fn theme_command(&mut self, activity: &mut Activity, arg: &str) {
        let name = if arg.is_empty() {
            self.config.prefs.theme.next()
        } else {
            match arg.parse::<ThemeName>() {
                Ok(t) => t,
                Err(e) => match activity.trainer_mut() {
                    Some(trainer) => return trainer.set_puzzle_filter(self, Some(arg.to_string())),
                    None => return self.view.error(e),
                },
            }
        };
        let remote = activity.remote().is_some();
        self.set_command(&format!("theme {name}"), remote);
    }
}

impl Playing<'_> {
    fn load_fen(&mut self, fen: &str) -> Then {
        if fen.is_empty() {
            self.core
                .view
                .error("':load FEN' needs a position, e.g. :load rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0");
            return Then::Stays;
        }
        if let Err(e) = AnyPosition::from_fen_auto(fen, self.core.game.line().kind()) {
            self.core.view.error(format!("bad FEN: {e}"));
            return Then::Stays;
        }
        if self.core.game.in_progress() && self.activity.trainer().is_none() {
            // Nothing the player made is replaced without a yes.
            return Then::Ask(Pending::Load(fen.to_string()));
        }
        self.load_fen_now(fen)
    }

    /// Loads the position `fen` in place of the game (autosaved first).
    pub(in crate::tui) fn load_fen_now(&mut self, fen: &str) -> Then {
        match AnyPosition::from_fen_auto(fen, self.core.game.line().kind()) {
            Ok(pos) => {
                let note = games::fen_note(fen, &pos);
                let players = PlayerKind::human_to_move(self.core.settings.players, pos.turn());
                let settings = GameSettings { variant: pos.kind(), players, ..self.core.settings };
                let game = GameState::new(pos, players, settings.clocks());
                let then = self.replace_game(game, settings);
                if self.core.view.message.is_none() {
                    self.core.view.info(note);
                }
                then
            }
            Err(e) => {
                self.core.view.error(format!("bad FEN: {e}"));
                Then::Stays
            }
        }
    }
}

/// A role of the game by letter (`N`, `m`) or name (`knight`, `Lion`,
/// `Murray lion`).
fn role_named(text: &str, names: Roles) -> Option<Role> {
    let mut chars = text.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return names.from_letter(c);
    }
    let name = text.to_ascii_lowercase();
    names.from_name(name.strip_prefix("murray ").unwrap_or(&name))
}

/// Where the piece on `sq` can go: its legal moves (a porthole move: the
/// porthole it enters) if its side is to move, else where it would reach
/// on its side's turn.
fn reach(pos: &AnyPosition, sq: Square) -> Bitboard {
    match pos.played_board().piece_at(sq) {
        // The piece's own moves, as a click shows them (a portal under it
        // moves from the same square: Linked-portal chess).
        Some(p) if p.color == pos.turn() => pos
            .moves_from(sq)
            .iter()
            .fold(Bitboard::EMPTY, |b, m| b | Bitboard::from_square(m.entry().unwrap_or(m.to()))),
        _ => pos.reach(sq),
    }
}
