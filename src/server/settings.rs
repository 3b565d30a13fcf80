//! Each player's drawing settings on the server (theme, piece style), kept
//! in `settings.toml` in the data folder by account name, so a player finds
//! them again from any client. Written whole to a temporary file and
//! renamed, so a crash never leaves half a file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::tui::choice::Choice;
use crate::tui::theme::{Display, PieceStyle, StyleSheet, ThemeName};

/// The settings file in the data folder.
pub const SETTINGS_FILE: &str = "settings.toml";

/// One player's settings, by their names.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlayerSettings {
    pub theme: ThemeName,
    pub pieces: PieceStyle,
}

impl PlayerSettings {
    /// The theme these settings draw with.
    pub fn theme(self, display: Display) -> StyleSheet {
        StyleSheet::new(self.theme, self.pieces, display)
    }
}

/// How a player's settings are written in the file.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Stored {
    theme: String,
    pieces: String,
}

/// Every player's settings, and the file they are kept in.
pub struct Settings {
    path: PathBuf,
    players: Mutex<BTreeMap<String, Stored>>,
}

impl Settings {
    /// The settings of the data folder `dir` (none yet when the file is missing).
    pub fn open(dir: &Path) -> anyhow::Result<Settings> {
        let path = dir.join(SETTINGS_FILE);
        let players = match std::fs::read_to_string(&path) {
            Ok(text) => toml::from_str(&text).with_context(|| format!("{} is not a settings file", path.display()))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => BTreeMap::new(),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        Ok(Settings { path, players: Mutex::new(players) })
    }

    /// `name`'s settings (the defaults for a value missing or unknown).
    pub fn of(&self, name: &str) -> PlayerSettings {
        let players = self.players.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(s) = players.get(&name.to_ascii_lowercase()) else { return PlayerSettings::default() };
        PlayerSettings {
            theme: ThemeName::parse_choice(&s.theme).unwrap_or_default(),
            pieces: PieceStyle::parse_choice(&s.pieces).unwrap_or_default(),
        }
    }

    /// Keeps `name`'s settings and writes the file.
    pub fn set(&self, name: &str, settings: PlayerSettings) -> anyhow::Result<()> {
        let mut players = self.players.lock().unwrap_or_else(PoisonError::into_inner);
        let stored = Stored { theme: settings.theme.name().into(), pieces: settings.pieces.name().into() };
        players.insert(name.to_ascii_lowercase(), stored);
        let text = toml::to_string(&*players).context("cannot write the settings")?;
        let dir = self.path.parent().unwrap_or(Path::new("."));
        let mut file = tempfile::NamedTempFile::new_in(dir).context("cannot write the settings")?;
        std::io::Write::write_all(&mut file, text.as_bytes()).context("cannot write the settings")?;
        file.as_file().sync_all().context("cannot write the settings")?;
        file.persist(&self.path).with_context(|| format!("cannot write {}", self.path.display()))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_kept_by_name_across_a_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let settings = Settings::open(dir.path()).unwrap();
        assert_eq!(settings.of("alice"), PlayerSettings::default());
        let mine = PlayerSettings { theme: ThemeName::Light, pieces: PieceStyle::Letters };
        settings.set("Alice", mine).unwrap();
        assert_eq!(Settings::open(dir.path()).unwrap().of("alice"), mine);
        std::fs::write(dir.path().join(SETTINGS_FILE), "not = [toml").unwrap();
        assert!(Settings::open(dir.path()).is_err(), "a broken file is reported, not replaced");
    }
}
