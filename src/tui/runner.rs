//! The [`Runner`]: does the [`Effect`]s the session asks for (files, the
//! clipboard, the engine's and the analysis' threads) and reports back
//! with a [`Msg`].

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};

use wormhole::pgn::PgnGame;

use super::action::Msg;
use super::ai::Ai;
use super::analyst::Analyst;
use super::config::{ConfigKey, Prefs};
use super::effects::Effect;
use crate::limits::MAX_CONFIG_BYTES;
use crate::{files, puzzle_record, saved_games};

/// Where the runner keeps games.
#[derive(Debug, Clone)]
pub struct Folders {
    /// Where a game saved without a name goes (see [`saved_games::games_dir`]).
    pub games: PathBuf,
    /// Where unsaved games are autosaved (see [`files::autosave_dir`]).
    pub autosaves: PathBuf,
    /// Where the puzzle trainer keeps the record and the personal set (see [`puzzle_record::puzzles_dir`]).
    pub puzzles: PathBuf,
    /// The puzzle file the trainer offers (`$WORMHOLE_PUZZLE_FILE`).
    pub puzzle_file: Option<PathBuf>,
    /// Where an autosave goes when neither the autosave folder nor the
    /// games folder can take it (see [`files::last_resort_dir`]).
    pub last_resort: PathBuf,
}

/// Performs effects: owns the engine and knows where files go.
pub struct Runner {
    ai: Ai,
    analyst: Analyst,
    folders: Folders,
    /// Where terminal requests (the clipboard) are written.
    terminal: Box<dyn Write + Send>,
    /// The personal puzzles being re-proved report here.
    personal: (Sender<Msg>, Receiver<Msg>),
}

impl Runner {
    pub fn new(seed: Option<u64>, folders: Folders, terminal: Box<dyn Write + Send>) -> Runner {
        Runner { ai: Ai::new(seed), analyst: Analyst::default(), folders, terminal, personal: channel() }
    }

    /// Does one effect; some report back.
    pub fn run(&mut self, effect: Effect) -> Option<Msg> {
        self.unanswered(effect).and_then(|effect| self.answered(effect))
    }

    /// Performs an effect that answers with no message (the engine, the
    /// analysis, the terminal, a personal puzzle's thread); any other is
    /// handed back.
    fn unanswered(&mut self, effect: Effect) -> Option<Effect> {
        match effect {
            Effect::StartSearch { position, limits, level, purpose } => {
                self.ai.start(&position, limits, level, purpose)
            }
            Effect::Ponder { position, limits, threads, ply } => self.ai.ponder(&position, limits, threads, ply),
            Effect::CancelSearch => self.ai.cancel(),
            Effect::MoveNow => self.ai.move_now(),
            Effect::AbandonSearch => self.ai.abandon(),
            Effect::ResetEngine => self.ai.new_game(),
            Effect::Copy(text) => {
                let _ = self.terminal.write_all(files::osc52(&text).as_bytes());
                let _ = self.terminal.flush();
            }
            Effect::StartAnalysis { review, pgn, options } => self.analyst.start(review, pgn.start, pgn.moves, options),
            Effect::StopAnalysis => self.analyst.stop(),
            Effect::MakePersonal(puzzle) => {
                let (done, dir) = (self.personal.0.clone(), self.folders.puzzles.clone());
                // Re-proving takes seconds: the screen stays live meanwhile.
                std::thread::spawn(move || {
                    let _ = done.send(Msg::PersonalSaved(puzzle_record::make_personal(&dir, *puzzle)));
                });
            }
            // The local app plays no game of a server's.
            Effect::Remote(_) => {}
            other => return Some(other),
        }
        None
    }

    /// Performs an effect on files, which answers with a message: what
    /// was saved, read or listed.
    fn answered(&mut self, effect: Effect) -> Option<Msg> {
        Some(match effect {
            Effect::Save { pgn, path } => self.save(&dated(pgn).to_pgn(), path),
            Effect::SaveIfNew { path, .. } if files::is_taken(&path) => {
                // What cannot be replaced is refused before the question.
                match files::can_save(&path) {
                    Ok(()) => Msg::WouldReplace(path),
                    Err(e) => Msg::Saved { result: Err(format!("{e:#}")), in_games_folder: false },
                }
            }
            Effect::SaveIfNew { pgn, path } => self.save(&dated(pgn).to_pgn(), Some(path)),
            Effect::SaveText { text, path } => self.save(&dated_text(&text), path),
            Effect::Autosave { pgn, reason } => {
                let f = &self.folders;
                let dirs = [f.autosaves.as_path(), &f.games, &f.last_resort];
                let result = files::autosave(&dated(pgn), &dirs).map_err(|e| format!("{e:#}"));
                Msg::Autosaved { reason, result }
            }
            Effect::SaveConfig { path, prefs, keys } => {
                let result = save_config(&path, &prefs, &keys).map(|()| path).map_err(|e| format!("{e:#}"));
                Msg::ConfigSaved(result)
            }
            Effect::OpenPgn(path) => {
                let result = files::load_pgn(&path).map(Box::new).map_err(|e| format!("{e:#}"));
                Msg::Opened { path, result }
            }
            Effect::ListGames => {
                let folders = [(self.folders.games.clone(), false), (self.folders.autosaves.clone(), true)];
                let where_ = [self.folders.games.clone(), self.folders.autosaves.clone()];
                Msg::GamesListed { games: saved_games::list(&folders), folders: where_ }
            }
            Effect::CompletePath { line, before, path } => {
                Msg::PathCompleted { line, before, completion: saved_games::complete_path(&path) }
            }
            Effect::LoadPuzzles(game) => {
                let file = self.folders.puzzle_file.as_deref();
                let loaded = puzzle_record::load_puzzles(file, &self.folders.puzzles);
                Msg::PuzzlesLoaded { game, loaded: Box::new(loaded) }
            }
            Effect::SavePuzzleAttempt { game, mut attempt, puzzle } => {
                attempt.date = files::minute_text(std::time::SystemTime::now());
                let path = puzzle_record::record_path(&self.folders.puzzles);
                let result = puzzle_record::save_attempt(&path, game, attempt, puzzle);
                Msg::PuzzleSaved(result.map(|rating| (game, rating)).map_err(|e| format!("{e:#}")))
            }
            // Performed by `unanswered` (named, so that a new effect is placed).
            Effect::StartSearch { .. }
            | Effect::Ponder { .. }
            | Effect::CancelSearch
            | Effect::MoveNow
            | Effect::AbandonSearch
            | Effect::ResetEngine
            | Effect::Copy(_)
            | Effect::StartAnalysis { .. }
            | Effect::StopAnalysis
            | Effect::MakePersonal(_)
            | Effect::Remote(_) => return None,
        })
    }

    /// Saves to the file named, or to a new name in the games folder.
    fn save(&self, text: &str, path: Option<PathBuf>) -> Msg {
        let in_games_folder = path.is_none();
        let result = match path {
            Some(path) => files::save_text(text, &path).map(|()| path),
            None => files::save_new(text, &self.folders.games),
        };
        Msg::Saved { result: result.map_err(|e| format!("{e:#}")), in_games_folder }
    }

    /// The engine's, the analysis' and the personal puzzles' reports since the last call.
    pub fn poll(&mut self) -> Vec<Msg> {
        let engine = self.ai.poll().into_iter().map(Msg::Engine);
        let analysis = self.analyst.poll().into_iter().map(Msg::Analysis);
        engine.chain(analysis).chain(self.personal.1.try_iter()).collect()
    }

    /// Whether the review's analysis thread is running.
    #[cfg(test)]
    pub fn is_analysing(&self) -> bool {
        self.analyst.is_running()
    }

    /// Whether the engine's thread is searching.
    #[cfg(test)]
    pub fn is_searching(&self) -> bool {
        self.ai.is_thinking()
    }
}

/// Sets `keys` to their values in `prefs` in the config file `path` as it
/// is now, under the lock other running copies take too.
pub fn save_config(path: &Path, prefs: &Prefs, keys: &[ConfigKey]) -> anyhow::Result<()> {
    files::update_kept(path, MAX_CONFIG_BYTES, "a config file", |text| {
        let text = text.unwrap_or_default();
        let merged = prefs.merged_into(&text, keys).map_err(|p| {
            let line = p.line.map_or(String::new(), |l| format!(", line {l}"));
            anyhow::anyhow!("{}{line} is broken now ({}): it is left as it is", path.display(), p.message)
        })?;
        Ok((merged, ()))
    })
}

/// The game with today's date.
fn dated(mut pgn: PgnGame) -> PgnGame {
    pgn.set_tag("Date", &files::pgn_date());
    pgn
}

/// A game's PGN text with today's date in place of an unknown one.
fn dated_text(text: &str) -> String {
    text.replacen("[Date \"????.??.??\"]", &format!("[Date \"{}\"]", files::pgn_date()), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_changing_the_config_at_once_each_keep_their_change() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("wormhole/config.toml");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "# mine\nlevel = 6\n").unwrap();
        // Each copy read the file at the start (level 6) and changes one key:
        // what it writes is only that key, merged into the file as it is then.
        let mut a = Prefs::parse("level = 6").unwrap();
        a.set(ConfigKey::Level, "3").unwrap();
        let mut b = Prefs::parse("level = 6").unwrap();
        b.set(ConfigKey::Theme, "light").unwrap();
        std::thread::scope(|s| {
            s.spawn(|| save_config(&path, &a, &[ConfigKey::Level]).unwrap());
            s.spawn(|| save_config(&path, &b, &[ConfigKey::Theme]).unwrap());
            for (key, value) in
                [(ConfigKey::Movetime, "250"), (ConfigKey::Pieces, "letters"), (ConfigKey::Autoflip, "true")]
            {
                let path = &path;
                s.spawn(move || {
                    let mut p = Prefs::default();
                    p.set(key, value).unwrap();
                    save_config(path, &p, &[key]).unwrap()
                });
            }
        });
        let text = std::fs::read_to_string(&path).unwrap();
        let prefs = Prefs::parse(&text).unwrap();
        assert_eq!((prefs.level.number(), prefs.get(ConfigKey::Theme).as_str()), (3, "light"), "{text}");
        assert_eq!(prefs.movetime, Some(std::time::Duration::from_millis(250)), "{text}");
        assert_eq!((prefs.get(ConfigKey::Pieces).as_str(), prefs.autoflip), ("letters", true), "{text}");
        assert!(text.starts_with("# mine\n"), "the user's comment stays: {text}");
        // A file broken meanwhile (by hand) is left as it is.
        std::fs::write(&path, "level = zero\n").unwrap();
        let err = format!("{:#}", save_config(&path, &a, &[ConfigKey::Level]).unwrap_err());
        assert!(err.contains("line 1 is broken now") && err.contains("left as it is"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "level = zero\n");
    }

    #[test]
    fn a_save_from_the_review_gets_todays_date_and_goes_to_the_games_folder() {
        let dir = tempfile::tempdir().unwrap();
        let folders = Folders {
            games: dir.path().join("games"),
            autosaves: dir.path().join("autosaves"),
            puzzles: dir.path().join("puzzles"),
            puzzle_file: None,
            last_resort: dir.path().join("last"),
        };
        let mut runner = Runner::new(Some(1), folders, Box::new(std::io::sink()));
        // The review's annotated game, as the session hands it over.
        let text = "[Event \"Casual game\"]\n[Date \"????.??.??\"]\n\n1. e4 $2 {[%eval 0.30]} *\n";
        let msg = runner.run(Effect::SaveText { text: text.to_string(), path: None });
        let Some(Msg::Saved { result: Ok(path), in_games_folder: true }) = msg else { panic!("{msg:?}") };
        assert!(path.starts_with(dir.path().join("games")), "{}", path.display());
        let saved = std::fs::read_to_string(&path).unwrap();
        assert!(saved.contains(&format!("[Date \"{}\"]", files::pgn_date())), "{saved}");
        assert!(!saved.contains("????") && saved.contains("{[%eval 0.30]}"), "{saved}");
    }
}
