//! The config file: what the player chose last (level, variant, side,
//! clock, movetime, theme, piece style, autoflip, pondering), as TOML in the
//! platform's config folder (`$XDG_CONFIG_HOME/wormhole/config.toml` on
//! Linux). Every key is in [`KEYS`]; `:set` changes one and saves it. A
//! broken file is reported with its path and line, and the game starts with
//! the defaults. Reading and writing the file is `files.rs`'s; this module
//! only turns text into [`Prefs`] and back.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use toml::{Spanned, Value};
use wormhole::GameKind;
use wormhole::engine::{EngineOptions, Level};

use super::choice::Choice;
use super::clock::TimeControl;
use super::game::SideChoice;
use super::theme::{PieceStyle, ThemeName};
use crate::game_arg;

/// Everything the config file holds, defaults filled in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prefs {
    pub level: Level,
    pub variant: GameKind,
    pub side: SideChoice,
    pub clock: Option<TimeControl>,
    /// Engine thinking time per move (None: the level's own budget).
    pub movetime: Option<Duration>,
    pub theme: ThemeName,
    pub pieces: PieceStyle,
    pub autoflip: bool,
    /// How many cores the engine may think with on its player's time
    /// (see `update/engine.rs`, pondering); 0: it does not.
    pub ponder: usize,
}

/// The cores the engine thinks with on its player's time unless the config says otherwise.
pub const DEFAULT_PONDER_CORES: usize = 1;

impl Default for Prefs {
    /// What a first-time player gets: a middle level, White, no clock.
    fn default() -> Prefs {
        Prefs {
            level: Level::FOR_NEW_PLAYERS,
            variant: GameKind::default(),
            side: SideChoice::White,
            clock: None,
            movetime: None,
            theme: ThemeName::Dark,
            pieces: PieceStyle::Unicode,
            autoflip: false,
            ponder: DEFAULT_PONDER_CORES,
        }
    }
}

/// A setting of the config file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigKey {
    Level,
    Variant,
    Side,
    Clock,
    Movetime,
    Theme,
    Pieces,
    Autoflip,
    Ponder,
}

/// One row of the settings table.
#[derive(Debug, Clone, Copy)]
pub struct KeySpec {
    pub key: ConfigKey,
    pub name: &'static str,
    /// The values it takes, as the help shows them once
    /// [`KeySpec::values`] has put in the games' names for
    /// [`game_arg::GAMES`].
    values: &'static str,
    pub help: &'static str,
}

/// Every setting, in the order files and help list them.
pub const KEYS: &[KeySpec] = &[
    KeySpec {
        key: ConfigKey::Level,
        name: "level",
        values: "1..12",
        help: "engine strength (1 newcomer, 12 full strength)",
    },
    KeySpec { key: ConfigKey::Variant, name: "variant", values: "{games}", help: "game of new games" },
    KeySpec { key: ConfigKey::Side, name: "side", values: "white|black|hotseat|watch", help: "who plays new games" },
    KeySpec { key: ConfigKey::Clock, name: "clock", values: "MIN+INC|off", help: "chess clock of new games, e.g. 5+3" },
    KeySpec { key: ConfigKey::Movetime, name: "movetime", values: "MS", help: "engine time per move (0: the level's)" },
    KeySpec { key: ConfigKey::Theme, name: "theme", values: "dark|light|high-contrast", help: "colours" },
    KeySpec { key: ConfigKey::Pieces, name: "pieces", values: "unicode|letters", help: "chess symbols or letters" },
    KeySpec {
        key: ConfigKey::Autoflip,
        name: "autoflip",
        values: "true|false",
        help: "hot-seat: turn the board each move",
    },
    KeySpec {
        key: ConfigKey::Ponder,
        name: "ponder",
        values: "CORES|off",
        help: "engine thinks on your time with this many cores (default 1)",
    },
];

impl KeySpec {
    /// The values it takes, as the help shows them.
    pub fn values(&self) -> String {
        game_arg::with_games(self.values)
    }
}

impl ConfigKey {
    pub fn spec(self) -> &'static KeySpec {
        KEYS.iter().find(|k| k.key == self).expect("every key is in KEYS")
    }

    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The key named `name`; the error lists the names.
    pub fn from_name(name: &str) -> Result<ConfigKey, String> {
        KEYS.iter().find(|k| k.name == name).map(|k| k.key).ok_or_else(|| {
            let names: Vec<&str> = KEYS.iter().map(|k| k.name).collect();
            format!("unknown setting '{name}' (expected {})", names.join(", "))
        })
    }
}

impl Prefs {
    /// A setting's value as a person types it: `4`, `fairy`, `5+3`, `off`.
    pub fn get(&self, key: ConfigKey) -> String {
        match key {
            ConfigKey::Level => self.level.number().to_string(),
            ConfigKey::Variant => self.variant.name().to_string(),
            ConfigKey::Side => self.side.name().to_string(),
            ConfigKey::Clock => self.clock.map_or("off".to_string(), |c| c.to_string()),
            ConfigKey::Movetime => self.movetime.map_or(0, |d| d.as_millis()).to_string(),
            ConfigKey::Theme => self.theme.name().to_string(),
            ConfigKey::Pieces => self.pieces.name().to_string(),
            ConfigKey::Autoflip => self.autoflip.to_string(),
            ConfigKey::Ponder if self.ponder == 0 => "off".to_string(),
            ConfigKey::Ponder => self.ponder.to_string(),
        }
    }

    /// Sets a setting from the text a person typed; the error says what is
    /// expected.
    pub fn set(&mut self, key: ConfigKey, value: &str) -> Result<(), String> {
        let value = value.trim();
        match key {
            ConfigKey::Level => {
                self.level = value.parse().map_err(|e: wormhole::engine::ParseLevelError| e.to_string())?
            }
            ConfigKey::Variant => {
                self.variant = value.parse().map_err(|e: wormhole::ParseGameKindError| e.to_string())?
            }
            ConfigKey::Side => self.side = value.parse()?,
            ConfigKey::Clock if value == "off" => self.clock = None,
            ConfigKey::Clock => self.clock = Some(value.parse()?),
            ConfigKey::Movetime => {
                self.movetime = match value.parse::<u64>() {
                    Ok(0) => None,
                    Ok(ms @ 1..=3_600_000) => Some(Duration::from_millis(ms)),
                    _ => {
                        return Err(format!(
                            "movetime '{value}': expected milliseconds up to 3600000 (0: the level's)"
                        ));
                    }
                }
            }
            ConfigKey::Theme => self.theme = value.parse()?,
            ConfigKey::Pieces => self.pieces = value.parse()?,
            ConfigKey::Autoflip => {
                self.autoflip = value.parse().map_err(|_| format!("autoflip '{value}': expected true or false"))?
            }
            ConfigKey::Ponder => {
                self.ponder = match value.parse::<usize>() {
                    _ if value == "off" => 0,
                    Ok(n @ 0..=EngineOptions::MAX_THREADS) => n,
                    _ => {
                        let most = EngineOptions::MAX_THREADS;
                        return Err(format!("ponder '{value}': expected a number of cores up to {most}, or off"));
                    }
                }
            }
        }
        Ok(())
    }

    /// The value as TOML writes it (numbers and true/false bare, the rest quoted).
    fn toml_value(&self, key: ConfigKey) -> Value {
        match key {
            ConfigKey::Level => Value::Integer(i64::from(self.level.number())),
            ConfigKey::Movetime => Value::Integer(self.movetime.map_or(0, |d| d.as_millis() as i64)),
            ConfigKey::Autoflip => Value::Boolean(self.autoflip),
            ConfigKey::Ponder if self.ponder > 0 => Value::Integer(self.ponder as i64),
            other => Value::String(self.get(other)),
        }
    }

    /// Reads a config file's text.
    pub fn parse(text: &str) -> Result<Prefs, Problem> {
        let table: BTreeMap<String, Spanned<Value>> = toml::from_str(text).map_err(|e| Problem {
            line: e.span().map(|s| line_of(text, s.start)),
            message: e.message().trim().to_string(),
        })?;
        let mut prefs = Prefs::default();
        for (name, value) in &table {
            let line = Some(line_of(text, value.span().start));
            let key = ConfigKey::from_name(name).map_err(|message| Problem { line, message })?;
            let text = match value.get_ref() {
                Value::String(s) => s.clone(),
                Value::Integer(i) => i.to_string(),
                Value::Float(f) => f.to_string(),
                Value::Boolean(b) => b.to_string(),
                _ => return Err(Problem { line, message: format!("{name}: expected {}", key.spec().values()) }),
            };
            prefs.set(key, &text).map_err(|e| Problem { line, message: format!("{name}: {e}") })?;
        }
        Ok(prefs)
    }

    /// `text` with `key` set to this value: the key's line is replaced (or
    /// added at the end), keeping its comment; comments and other lines
    /// stay as they were.
    pub fn write_into(&self, text: &str, key: ConfigKey) -> String {
        let line = format!("{} = {}", key.name(), self.toml_value(key));
        let is_key = |l: &str| l.trim_start().strip_prefix(key.name()).is_some_and(|r| r.trim_start().starts_with('='));
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        match lines.iter().position(|l| is_key(l)) {
            Some(i) => lines[i] = format!("{line}{}", inline_comment(&lines[i])),
            None => {
                if lines.is_empty() {
                    lines.push("# Wormhole chess settings: `wormhole --print-config` lists them all.".into());
                }
                lines.push(line);
            }
        }
        lines.join("\n") + "\n"
    }

    /// The config file's text as it is now on the disk (another running
    /// copy may have changed it) with `keys` set to this value, the rest
    /// kept: each copy writes only what it changed. A file that is broken
    /// now is not replaced (the error says what is wrong).
    pub fn merged_into(&self, text: &str, keys: &[ConfigKey]) -> Result<String, Problem> {
        Prefs::parse(text)?;
        Ok(keys.iter().fold(text.to_string(), |t, &k| self.write_into(&t, k)))
    }

    /// Every setting as a config file line with what it takes, for `--print-config`.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        for k in KEYS {
            let line = format!("{} = {}", k.name, self.toml_value(k.key));
            out.push_str(&format!("{line:<28} # {}: {}\n", k.values(), k.help));
        }
        out
    }
}

/// The comment at the end of a `key = value` line with the spaces before
/// it (`"  # weak"`), or nothing; a `#` inside a quoted value is not one.
fn inline_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[line[..i].trim_end().len()..],
            _ => {}
        }
    }
    ""
}

/// What is wrong in a config file, and on which line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub line: Option<usize>,
    pub message: String,
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// The config as this session knows it: where the file is, its text, and
/// whether it could be read.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// None when the platform has no config folder.
    pub path: Option<PathBuf>,
    /// The file's text (empty if there is none yet).
    pub text: String,
    /// What was wrong with the file, if it could not be used.
    pub error: Option<ConfigError>,
    pub prefs: Prefs,
}

impl Config {
    /// The config of a file's text (None: no file yet). A broken file gives
    /// the defaults and the error.
    pub fn from_text(path: Option<PathBuf>, text: Option<String>) -> Config {
        let text = text.unwrap_or_default();
        match Prefs::parse(&text) {
            Ok(prefs) => Config { path, text, error: None, prefs },
            Err(problem) => {
                let error = ConfigError { path: path.clone(), line: problem.line, message: problem.message };
                Config { path, text, error: Some(error), prefs: Prefs::default() }
            }
        }
    }

    /// A config that could not be read at all.
    pub fn unreadable(path: PathBuf, message: String) -> Config {
        let error = ConfigError { path: Some(path.clone()), line: None, message };
        Config { path: Some(path), error: Some(error), ..Config::default() }
    }

    /// Sets `key` from typed text. Returns the new file text to save, or
    /// None when the file must not be written (it is broken: the user's
    /// text is never replaced; or there is no config folder).
    pub fn set(&mut self, key: ConfigKey, value: &str) -> Result<Option<String>, String> {
        self.prefs.set(key, value)?;
        Ok(self.updated_text(&[key]))
    }

    /// The file's text with these keys set to the current prefs, if it may be written.
    pub fn updated_text(&mut self, keys: &[ConfigKey]) -> Option<String> {
        if self.error.is_some() || self.path.is_none() {
            return None;
        }
        let text = keys.iter().fold(self.text.clone(), |t, &k| self.prefs.write_into(&t, k));
        self.text = text.clone();
        Some(text)
    }

    /// What `--print-config` shows.
    pub fn report(&self) -> String {
        let path =
            self.path.as_deref().map_or("(no config folder on this system)".to_string(), |p| p.display().to_string());
        let state = match &self.error {
            Some(e) => format!("broken, defaults used: {e}"),
            None if self.text.is_empty() => "not written yet; these are the defaults".to_string(),
            None => "read".to_string(),
        };
        format!("Config file: {path} ({state})\n{}", self.prefs.describe())
    }
}

/// A config file that could not be used: the file, the line, what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub path: Option<PathBuf>,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.as_deref().unwrap_or(Path::new("config"));
        match self.line {
            Some(line) => write!(f, "{}, line {line}: {}", path.display(), self.message),
            None => write!(f, "{}: {}", path.display(), self.message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_sets_every_key_and_missing_keys_keep_their_defaults() {
        let text = "# mine\nlevel = 7\nvariant = \"fairy\"\nside = \"black\"\nclock = \"5+3\"\nmovetime = 500\n\
                    theme = \"light\"\npieces = \"letters\"\nautoflip = true\n";
        let p = Prefs::parse(text).unwrap();
        assert_eq!(p.level.number(), 7);
        assert_eq!(
            (p.variant, p.side, p.theme, p.pieces),
            (GameKind::Fairy, SideChoice::Black, ThemeName::Light, PieceStyle::Letters)
        );
        assert_eq!(p.clock.unwrap().to_string(), "5+3");
        assert_eq!(p.movetime, Some(Duration::from_millis(500)));
        assert!(p.autoflip);
        assert_eq!(Prefs::parse("").unwrap(), Prefs::default());
        assert_eq!(Prefs::default().level, Level::FOR_NEW_PLAYERS, "a first game is not at full strength");
    }

    #[test]
    fn problems_name_the_line() {
        let bad = |text: &str| Prefs::parse(text).unwrap_err();
        assert_eq!(bad("level = 4\nlevel = 13\n").line, Some(2));
        let p = bad("variant = \"classic\"\n\ntheme = \"neon\"\n");
        assert_eq!(p.line, Some(3));
        assert!(p.message.contains("expected dark, light or high-contrast"), "{}", p.message);
        let p = bad("# ok\nlevl = 3\n");
        assert_eq!(p.line, Some(2));
        assert!(p.message.starts_with("unknown setting 'levl' (expected level, variant"), "{}", p.message);
        let p = bad("level = 3\nclock = [1, 2]\n");
        assert_eq!((p.line, p.message.as_str()), (Some(2), "clock: expected MIN+INC|off"));
        let p = bad("level = \n");
        assert_eq!(p.line, Some(1), "{}", p.message);
        let p = bad("clock = \"1e-9+0\"\n");
        assert!(p.message.contains("at least one second"), "{}", p.message);
    }

    #[test]
    fn setting_a_key_keeps_the_rest_of_the_file() {
        let mut config =
            Config::from_text(Some("c.toml".into()), Some("# my comment\nlevel = 2 # weak\ntheme = \"dark\"\n".into()));
        let text = config.set(ConfigKey::Level, "6").unwrap().unwrap();
        assert_eq!(text, "# my comment\nlevel = 6 # weak\ntheme = \"dark\"\n");
        let text = config.set(ConfigKey::Clock, "3+2").unwrap().unwrap();
        assert_eq!(text, "# my comment\nlevel = 6 # weak\ntheme = \"dark\"\nclock = \"3+2\"\n");
        assert_eq!(Prefs::parse(&text).unwrap(), config.prefs, "what is written reads back");
        assert!(config.set(ConfigKey::Level, "13").unwrap_err().contains("13"));
        assert_eq!(inline_comment("theme = \"a#b\"  # mine"), "  # mine", "a # in quotes is the value's");
        assert_eq!(inline_comment("level = 2"), "");
        let mut fresh = Config::from_text(Some("c.toml".into()), None);
        let text = fresh.set(ConfigKey::Autoflip, "true").unwrap().unwrap();
        assert!(text.starts_with('#') && text.ends_with("autoflip = true\n"), "{text}");
    }

    #[test]
    fn a_broken_file_gives_defaults_and_is_never_overwritten() {
        let mut config = Config::from_text(Some("/x/config.toml".into()), Some("level = 3\ntheme = 7\n".into()));
        assert_eq!(config.prefs, Prefs::default());
        let error = config.error.clone().unwrap();
        assert_eq!(
            error.to_string(),
            "/x/config.toml, line 2: theme: unknown theme '7' (expected dark, light or high-contrast)"
        );
        assert_eq!(config.set(ConfigKey::Level, "5"), Ok(None), "applied, not saved");
        assert_eq!(config.prefs.level.number(), 5);
        assert!(config.report().contains("broken, defaults used: /x/config.toml, line 2"));
    }

    #[test]
    fn every_value_written_reads_back() {
        let mut p = Prefs::default();
        for k in KEYS {
            let text = p.write_into("", k.key);
            assert_eq!(Prefs::parse(&text).unwrap(), p, "{text}");
        }
        p.set(ConfigKey::Movetime, "250").unwrap();
        p.set(ConfigKey::Clock, "0.5+1").unwrap();
        let text = KEYS.iter().fold(String::new(), |t, k| p.write_into(&t, k.key));
        assert_eq!(Prefs::parse(&text).unwrap(), p, "{text}");
        assert_eq!(p.describe().lines().count(), KEYS.len());
    }

    #[test]
    fn the_variant_help_names_every_game() {
        let values = ConfigKey::Variant.spec().values();
        for kind in GameKind::ALL {
            assert!(values.split('|').any(|v| v == kind.name()), "{kind} in {values}");
        }
    }
}
