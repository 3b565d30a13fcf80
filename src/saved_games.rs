//! Saved games: the folder Ctrl-S saves into, the list of saved games and
//! autosaves that `:open` shows (newest first, with date, players, result
//! and opening), and Tab completion of a path. The files themselves are
//! read and written by [`files`](crate::files).

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use wormhole::pgn::PgnGame;

use crate::files;

/// Where Ctrl-S saves a game without a name: `$WORMHOLE_GAMES_DIR`, else
/// `games` in the platform's data folder (`$XDG_DATA_HOME/wormhole/games`
/// or `~/.local/share/wormhole/games` on Linux), else the system's
/// temporary directory.
pub fn games_dir() -> PathBuf {
    std::env::var_os("WORMHOLE_GAMES_DIR")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| dirs::data_dir().map(|d| d.join("wormhole").join("games")))
        .unwrap_or_else(|| std::env::temp_dir().join("wormhole").join("games"))
}

/// How many plies of the opening the list shows.
const OPENING_PLIES: usize = 6;

/// The most files the list reads (the newest); older ones are listed by
/// name and date only, for the filter to find.
pub const MAX_LISTED: usize = 300;

/// A game file, as the list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedGame {
    pub path: PathBuf,
    pub modified: SystemTime,
    /// Found in the autosave folder.
    pub autosave: bool,
    /// Whether the file was read (only the newest [`MAX_LISTED`] are): an
    /// older one is known by its name and date only.
    pub read: bool,
    /// The game's title, from its `Variant` tag: `Linked-portal chess`.
    pub game: String,
    /// The players and the result: `You - Engine, level 3  1-0`; or why the
    /// file cannot be read as a game.
    pub players: String,
    /// The first moves: `1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5`.
    pub opening: String,
}

impl SavedGame {
    /// Reads the game in `path` (modified at `modified`).
    fn read(path: PathBuf, modified: SystemTime, autosave: bool) -> SavedGame {
        let (game, players, opening) = match files::load_pgn(&path) {
            Ok(pgn) => {
                let tag = |name| pgn.tag(name).unwrap_or("?").to_string();
                let players = format!("{} - {}  {}", tag("White"), tag("Black"), pgn.result());
                (pgn.kind().info().title.to_string(), players, opening(&pgn))
            }
            Err(e) => (String::new(), "not a game this program reads".to_string(), format!("{e:#}")),
        };
        SavedGame { path, modified, autosave, read: true, game, players, opening }
    }

    /// A file beyond the newest [`MAX_LISTED`]: not read.
    fn unread(path: PathBuf, modified: SystemTime, autosave: bool) -> SavedGame {
        let (game, players, opening) = (String::new(), String::new(), String::new());
        SavedGame { path, modified, autosave, read: false, game, players, opening }
    }

    /// One row of the list: when (local time), which game, players, result,
    /// opening, and whether it is an autosave; for a file not read, its name.
    pub fn row(&self) -> String {
        let kind = if self.autosave { "  (autosave)" } else { "" };
        let when = files::minute_text(self.modified);
        if !self.read {
            let name = self.path.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
            return format!("{when}  {name}  (older, not read){kind}");
        }
        let game = if self.game.is_empty() { String::new() } else { format!("{}  ", self.game) };
        format!("{when}  {game}{}  {}{kind}", self.players, self.opening)
    }

    /// Whether every word of `filter` is in the row or the file name (any case).
    pub fn matches(&self, filter: &str) -> bool {
        let text = format!("{} {}", self.row(), self.path.display()).to_lowercase();
        filter.to_lowercase().split_whitespace().all(|w| text.contains(w))
    }
}

/// The first [`OPENING_PLIES`] moves as PGN writes them.
fn opening(pgn: &PgnGame) -> String {
    let text = pgn.to_pgn();
    let movetext = text.split_once("\n\n").map_or("", |(_, m)| m);
    let mut plies = 0;
    let mut words = Vec::new();
    for word in movetext.split_whitespace() {
        if plies == OPENING_PLIES || matches!(word, "*" | "1-0" | "0-1" | "1/2-1/2") {
            break;
        }
        if !word.ends_with('.') {
            plies += 1;
        }
        words.push(word);
    }
    if words.is_empty() { "no moves".to_string() } else { words.join(" ") }
}

/// The `.pgn` files in `folders` (each with whether it holds autosaves),
/// newest first; a folder that does not exist holds none, a file in two of
/// them is listed once. Only the newest [`MAX_LISTED`] are read; the
/// others are listed unread ([`SavedGame::read`]).
pub fn list(folders: &[(PathBuf, bool)]) -> Vec<SavedGame> {
    let mut found: Vec<(PathBuf, SystemTime, bool)> = Vec::new();
    for (dir, autosave) in folders {
        let Ok(entries) = std::fs::read_dir(dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let is_pgn = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
            let meta = entry.metadata().ok().filter(|m| m.is_file());
            if let (true, Some(meta)) = (is_pgn, meta)
                && !found.iter().any(|(p, ..)| *p == path)
            {
                found.push((path, meta.modified().unwrap_or(SystemTime::UNIX_EPOCH), *autosave));
            }
        }
    }
    found.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| b.0.cmp(&a.0)));
    found
        .into_iter()
        .enumerate()
        .map(|(i, (path, modified, autosave))| match i < MAX_LISTED {
            true => SavedGame::read(path, modified, autosave),
            false => SavedGame::unread(path, modified, autosave),
        })
        .collect()
}

/// Tab on a path: the path completed as far as the names in its folder
/// agree (a folder gets its `/`), and the names that still fit when more
/// than one does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathCompletion {
    pub text: String,
    pub choices: Vec<String>,
}

/// Completes `typed`, a path: from the names in its folder (hidden ones
/// only once a `.` is typed). None when no name starts with it.
pub fn complete_path(typed: &str) -> Option<PathCompletion> {
    let (folder, prefix) = match typed.rfind('/') {
        Some(i) => (&typed[..=i], &typed[i + 1..]),
        None => ("", typed),
    };
    let dir = if folder.is_empty() { Path::new(".") } else { Path::new(folder) };
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            let is_dir = e.path().is_dir();
            (name.starts_with(prefix) && (!name.starts_with('.') || prefix.starts_with('.')))
                .then(|| if is_dir { format!("{name}/") } else { name })
        })
        .collect();
    names.sort();
    let first = names.first()?;
    let common = names
        .iter()
        .fold(first.len(), |n, name| n.min(first.bytes().zip(name.bytes()).take_while(|(a, b)| a == b).count()));
    let choices = if names.len() > 1 { names.clone() } else { Vec::new() };
    Some(PathCompletion { text: format!("{folder}{}", &first[..common]), choices })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn write(dir: &Path, name: &str, text: &str, age_secs: u64) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let when = SystemTime::now() - Duration::from_secs(age_secs);
        std::fs::File::options().write(true).open(&path).unwrap().set_modified(when).unwrap();
        path
    }

    #[test]
    fn the_list_is_newest_first_with_players_result_and_opening() {
        let games = tempfile::tempdir().unwrap();
        let autosaves = tempfile::tempdir().unwrap();
        let game = "[White \"You\"]\n[Black \"Engine, level 3\"]\n[Variant \"Wormhole\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 *\n";
        write(games.path(), "old.pgn", game, 3600);
        write(autosaves.path(), "autosave-1.pgn", "[Variant \"Wormhole\"]\n\n1. d4 *\n", 60);
        write(games.path(), "broken.pgn", "1. Zz9 *\n", 7200);
        write(games.path(), "notes.txt", "not a game", 0);
        let list = list(&[(games.path().to_path_buf(), false), (autosaves.path().to_path_buf(), true)]);
        let names: Vec<String> = list.iter().map(|g| g.path.file_name().unwrap().to_string_lossy().into()).collect();
        assert_eq!(names, ["autosave-1.pgn", "old.pgn", "broken.pgn"]);
        assert!(list[0].autosave && list[0].row().ends_with("1. d4  (autosave)"), "{}", list[0].row());
        assert_eq!(list[1].players, "You - Engine, level 3  *");
        assert_eq!(list[1].opening, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5");
        assert!(list[2].players.starts_with("not a game"), "{:?}", list[2]);
        assert!(list[1].matches("ENGINE nf3") && !list[1].matches("d4"));
        assert!(list[2].matches("broken"), "the file name counts too");
    }

    #[test]
    fn tab_completes_a_path_as_far_as_the_names_agree() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["game-one.pgn", "game-two.pgn", ".hidden.pgn"] {
            std::fs::write(dir.path().join(name), "").unwrap();
        }
        std::fs::create_dir(dir.path().join("games")).unwrap();
        let base = format!("{}/", dir.path().display());
        let done =
            |typed: &str| complete_path(&format!("{base}{typed}")).map(|c| (c.text.replace(&base, ""), c.choices));
        assert_eq!(done("game-o"), Some(("game-one.pgn".to_string(), vec![])));
        assert_eq!(done("games").unwrap().0, "games/", "a folder gets its slash");
        let (text, choices) = done("ga").unwrap();
        assert_eq!((text.as_str(), choices.len()), ("game", 3), "{choices:?}");
        assert_eq!(done("x"), None);
        assert_eq!(done(".h").unwrap().0, ".hidden.pgn");
        assert!(!done("").unwrap().1.contains(&".hidden.pgn".to_string()));
    }
}
