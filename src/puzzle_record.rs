//! The puzzle trainer's files, in the platform's data folder
//! (`$XDG_DATA_HOME/wormhole/puzzles/` or `~/.local/share/wormhole/puzzles/`
//! on Linux): the player's record, a Glicko-2 rating per game and every
//! puzzle tried (its id, the result, the rating before and after, the
//! date) as TOML, and the personal set (puzzles made from the player's own
//! games, a puzzle file). Every change is merged into the file as it is on
//! the disk and written whole or not at all ([`files::write_kept`]); a
//! record that cannot be read is moved aside and kept, never overwritten.
//! The puzzles on offer are read here too: the shipped sets
//! ([`puzzle_sets`]) or the file `$WORMHOLE_PUZZLE_FILE` names instead, and
//! the personal set.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use wormhole::GameKind;
use wormhole::puzzles::{Effort, HEADER, Judge, Puzzle, parse_file};

use crate::glicko::{self, Rating};
use crate::limits::MAX_PUZZLE_RECORD_BYTES;
use crate::{files, puzzle_sets};

/// How a puzzle went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PuzzleOutcome {
    /// Solved without help: the rating rises.
    Solved,
    /// A wrong move: the rating falls (a retry after it changes nothing).
    Failed,
    /// Solved after a hint: no gain and no loss.
    Hinted,
}

impl PuzzleOutcome {
    /// The rating `before` leaves after this outcome on a puzzle rated `puzzle`.
    pub fn rated(self, before: Rating, puzzle: f64) -> Rating {
        match self {
            PuzzleOutcome::Solved => before.after_puzzle(puzzle, 1.0),
            PuzzleOutcome::Failed => before.after_puzzle(puzzle, 0.0),
            PuzzleOutcome::Hinted => before,
        }
    }
}

/// One puzzle tried.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    pub puzzle: String,
    /// The game's name (`classic`, `fairy`, `porthole`...).
    pub game: String,
    pub result: PuzzleOutcome,
    pub before: f64,
    pub after: f64,
    /// When, local time, to the minute: `2026-12-01 17:45`.
    pub date: String,
}

/// Ratings by game name, and the attempts, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Record {
    #[serde(default)]
    pub ratings: BTreeMap<String, Rating>,
    #[serde(default, rename = "attempt")]
    pub attempts: Vec<Attempt>,
}

/// The line the file starts with.
const RECORD_HEADER: &str = "# The wormhole puzzle trainer's record: a rating per game and every puzzle tried.\n\n";

impl Record {
    /// Reads a record's text; the error says what is wrong and where.
    pub fn parse(text: &str) -> Result<Record, String> {
        let record: Record = toml::from_str(text).map_err(|e| e.to_string().trim_end().to_string())?;
        for (game, rating) in &record.ratings {
            if let Some(why) = rating.problem() {
                return Err(format!("the {game} {why}"));
            }
        }
        let strange = |v: &f64| !glicko::RATINGS.contains(v);
        if let Some(a) = record.attempts.iter().find(|a| strange(&a.before) || strange(&a.after)) {
            return Err(format!("the attempt at puzzle {} has a rating out of range", a.puzzle));
        }
        Ok(record)
    }

    /// The record as the file holds it.
    pub fn to_text(&self) -> String {
        let body = toml::to_string(self).unwrap_or_else(|e| format!("# not written: {e}\n"));
        format!("{RECORD_HEADER}{body}")
    }

    /// The player's rating in `game` (a new player's before the first puzzle).
    pub fn rating(&self, game: GameKind) -> Rating {
        self.ratings.get(game.name()).copied().unwrap_or_default()
    }

    /// Adds an attempt and the rating it left in `game`.
    pub fn add(&mut self, game: GameKind, attempt: Attempt, rating: Rating) {
        self.ratings.insert(game.name().to_string(), rating);
        self.attempts.push(attempt);
    }
}

/// Where the trainer keeps its files: `puzzles` in the platform's data
/// folder, else in the system's temporary directory.
pub fn puzzles_dir() -> PathBuf {
    dirs::data_dir()
        .map(|d| d.join("wormhole").join("puzzles"))
        .unwrap_or_else(|| std::env::temp_dir().join("wormhole").join("puzzles"))
}

/// The record's file in the folder `dir`.
pub fn record_path(dir: &Path) -> PathBuf {
    dir.join("record.toml")
}

/// Reads the record in `path`: None when there is none yet.
fn read(path: &Path) -> anyhow::Result<Option<Record>> {
    let Some(text) = files::read_kept(path, MAX_PUZZLE_RECORD_BYTES, "a puzzle record")? else { return Ok(None) };
    parse_at(path, &text).map(Some)
}

/// The record of the text of the file `path` (the error names the file).
fn parse_at(path: &Path, text: &str) -> anyhow::Result<Record> {
    Record::parse(text).map_err(|e| anyhow::anyhow!("{} is not a puzzle record: {e}", path.display()))
}

/// The record in `path` (an empty one if there is none yet) and what to
/// tell the player: a file that cannot be read is moved aside, kept, and a
/// new record starts.
pub fn load(path: &Path) -> (Record, Option<String>) {
    match read(path) {
        Ok(record) => (record.unwrap_or_default(), None),
        Err(e) => {
            let note = match files::set_aside(path) {
                Ok(aside) => format!("{e:#}; it is kept as {} and a new record starts", aside.display()),
                Err(why) => format!("{e:#}; it is left as it is and nothing will be saved ({why:#})"),
            };
            (Record::default(), Some(note))
        }
    }
}

/// Adds an attempt on a puzzle rated `puzzle` to the record in `path` as
/// the file is now, under the lock every trainer takes to change it:
/// the attempt is rated from the rating in the file (another trainer may
/// have changed it since this one read it), so every attempt counts once.
/// Written whole or not at all; a file that cannot be read is left as it
/// is and nothing is written. Returns the new rating.
pub fn save_attempt(path: &Path, game: GameKind, mut attempt: Attempt, puzzle: f64) -> anyhow::Result<Rating> {
    let kept = |e: anyhow::Error| anyhow::anyhow!("{e:#}; it is left as it is: the result is not saved");
    files::update_kept(path, MAX_PUZZLE_RECORD_BYTES, "a puzzle record", |text| {
        let mut record = text.map(|t| parse_at(path, &t)).transpose().map_err(kept)?.unwrap_or_default();
        let before = record.rating(game);
        let after = attempt.result.rated(before, puzzle);
        (attempt.before, attempt.after) = (before.rating, after.rating);
        record.add(game, attempt, after);
        Ok((record.to_text(), after))
    })
}

/// The personal set's file in the folder `dir`.
pub fn personal_path(dir: &Path) -> PathBuf {
    dir.join("personal.tsv")
}

/// The puzzles on offer and the record, as the trainer gets them.
#[derive(Debug, Clone, Default)]
pub struct LoadedPuzzles {
    /// The shipped set, or the file's puzzles.
    pub puzzles: Vec<Puzzle>,
    /// The personal set.
    pub personal: Vec<Puzzle>,
    pub record: Record,
    /// What went wrong on the way (lines that are no puzzle, a record moved aside).
    pub notes: Vec<String>,
}

/// The puzzles of a puzzle file's text (`name` says which, in the notes
/// about lines that are no puzzle).
fn puzzles_of(text: &str, name: &str, notes: &mut Vec<String>) -> Vec<Puzzle> {
    let lines = match parse_file(text) {
        Ok(lines) => lines,
        Err(e) => {
            notes.push(format!("{name}: {e}"));
            return Vec::new();
        }
    };
    let mut puzzles = Vec::new();
    for (n, line) in lines {
        match line {
            Ok(p) => puzzles.push(p),
            Err(e) => notes.push(format!("{name} line {n}: {e}")),
        }
    }
    puzzles
}

/// The puzzles of the file `path` (none if it cannot be read: the notes say why).
fn read_puzzle_file(path: &Path, notes: &mut Vec<String>) -> Vec<Puzzle> {
    match files::read_puzzle_file(path) {
        Ok(text) => puzzles_of(&text, &path.display().to_string(), notes),
        Err(e) => {
            notes.push(format!("{e:#}"));
            Vec::new()
        }
    }
}

/// Reads what the trainer needs: the puzzles of `file` (without one, the
/// shipped sets of every game), the personal set and the record in `dir`.
pub fn load_puzzles(file: Option<&Path>, dir: &Path) -> LoadedPuzzles {
    let mut notes = Vec::new();
    let puzzles = match file {
        Some(path) => read_puzzle_file(path, &mut notes),
        None => puzzle_sets::sets()
            .flat_map(|(kind, text)| puzzles_of(text, &format!("the shipped {kind} set"), &mut notes))
            .collect(),
    };
    let personal_file = personal_path(dir);
    let personal =
        if files::is_taken(&personal_file) { read_puzzle_file(&personal_file, &mut notes) } else { Vec::new() };
    let (record, note) = load(&record_path(dir));
    notes.extend(note);
    LoadedPuzzles { puzzles, personal, record, notes }
}

/// Makes a puzzle of a missed win one of the personal set in `dir`: the
/// judge re-proves it as `puzzles check` does (one winning move at each of the solver's turns),
/// it is rated at the player's rating in its game now (they missed it at
/// that strength), and saved. Returns its id and the file, or why not.
pub fn make_personal(dir: &Path, mut puzzle: Puzzle) -> Result<(String, PathBuf), String> {
    Judge::new(Effort::CHECK)
        .check_puzzle(&puzzle)
        .map_err(|why| format!("no puzzle: {why} (a puzzle needs one winning move at each of your turns)"))?;
    let record = read(&record_path(dir)).ok().flatten().unwrap_or_default();
    puzzle.rating = record.rating(puzzle.game).rating.round().clamp(0.0, f64::from(u16::MAX)) as u16;
    let path = save_personal(dir, &puzzle).map_err(|e| format!("{e:#}"))?;
    Ok((puzzle.id, path))
}

/// Adds `puzzle` to the personal set in `dir` (nothing if a puzzle of that
/// id is there already), written whole or not at all. A set that cannot be
/// read is left as it is. Returns the file.
pub fn save_personal(dir: &Path, puzzle: &Puzzle) -> anyhow::Result<PathBuf> {
    let path = personal_path(dir);
    let text = if files::is_taken(&path) { files::read_puzzle_file(&path)? } else { format!("{HEADER}\n") };
    let lines = parse_file(&text).map_err(|e| anyhow::anyhow!("{}: {e}; it is left as it is", path.display()))?;
    if lines.iter().any(|(_, p)| p.as_ref().is_ok_and(|p| p.id == puzzle.id)) {
        return Ok(path);
    }
    let sep = if text.ends_with('\n') { "" } else { "\n" };
    files::write_kept(&path, &format!("{text}{sep}{}\n", puzzle.to_line()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(puzzle: &str, result: PuzzleOutcome, before: f64, after: f64) -> Attempt {
        let date = "2026-12-01 17:45".to_string();
        Attempt { puzzle: puzzle.to_string(), game: "classic".to_string(), result, before, after, date }
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let mut record = Record::default();
        let r = Rating::default().after_puzzle(1500.0, 1.0);
        record.add(GameKind::Classic, attempt("c1", PuzzleOutcome::Solved, 1500.0, r.rating), r);
        record.add(GameKind::Classic, attempt("c2", PuzzleOutcome::Hinted, r.rating, r.rating), r);
        let text = record.to_text();
        assert!(text.starts_with("# The wormhole puzzle trainer's record"), "{text}");
        assert!(text.contains("result = \"hinted\""), "{text}");
        assert_eq!(Record::parse(&text).unwrap(), record);
        assert_eq!(record.rating(GameKind::Classic), r);
        assert_eq!(record.rating(GameKind::Fairy), Rating::default());
    }

    #[test]
    fn attempts_are_merged_into_the_file_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = record_path(dir.path());
        assert_eq!(load(&path), (Record::default(), None), "no file yet: a new record");
        let r = Rating::default().after_puzzle(1400.0, 1.0);
        assert_eq!(
            save_attempt(&path, GameKind::Classic, attempt("c1", PuzzleOutcome::Solved, 0.0, 0.0), 1400.0).unwrap(),
            r
        );
        // Another program adds one to the same file.
        save_attempt(&path, GameKind::Fairy, attempt("f1", PuzzleOutcome::Failed, 0.0, 0.0), 1400.0).unwrap();
        let (record, note) = load(&path);
        assert_eq!(note, None);
        assert_eq!(record.attempts.len(), 2);
        assert_eq!(record.ratings.keys().collect::<Vec<_>>(), ["classic", "fairy"]);
        assert_eq!((record.attempts[0].before, record.attempts[0].after), (1500.0, r.rating), "rated from the file");
    }

    #[test]
    fn trainers_saving_at_once_each_count_from_the_others_rating() {
        let dir = tempfile::tempdir().unwrap();
        let path = record_path(dir.path());
        // Eight trainers, each with a stale record of 1500, solve at once.
        std::thread::scope(|s| {
            for i in 0..8 {
                let path = &path;
                s.spawn(move || {
                    save_attempt(
                        path,
                        GameKind::Classic,
                        attempt(&format!("p{i}"), PuzzleOutcome::Solved, 1500.0, 1500.0),
                        1500.0,
                    )
                    .unwrap()
                });
            }
        });
        let (record, _) = load(&path);
        assert_eq!(record.attempts.len(), 8, "no attempt lost");
        let want = (0..8).fold(Rating::default(), |r, _| r.after_puzzle(1500.0, 1.0));
        assert_eq!(record.rating(GameKind::Classic), want, "eight gains, each from the last");
        for pair in record.attempts.windows(2) {
            assert_eq!(pair[0].after, pair[1].before, "each attempt starts where the last ended");
        }
    }

    #[test]
    fn ratings_that_are_no_number_or_out_of_range_are_unreadable() {
        for (field, value, why) in [
            ("rating", "nan", "rating NaN is out of range"),
            ("rating", "1e308", "out of range (0 to 5000)"),
            ("deviation", "-5.0", "deviation -5 is out of range"),
            ("volatility", "inf", "volatility inf is out of range"),
        ] {
            let mut values = [("rating", "1500.0"), ("deviation", "100.0"), ("volatility", "0.06")];
            values.iter_mut().find(|(f, _)| *f == field).unwrap().1 = value;
            let body: String = values.iter().map(|(f, v)| format!("{f} = {v}\n")).collect();
            let err = Record::parse(&format!("[ratings.classic]\n{body}")).unwrap_err();
            assert!(err.contains(why), "{field} = {value}: {err}");
        }
        let text = "[[attempt]]\npuzzle = \"x\"\ngame = \"classic\"\nresult = \"solved\"\nbefore = nan\nafter = 1500.0\ndate = \"\"\n";
        assert!(Record::parse(text).unwrap_err().contains("puzzle x has a rating out of range"));
    }

    #[test]
    fn a_corrupt_record_is_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = record_path(dir.path());
        std::fs::write(&path, "[ratings.classic]\nrating = \"high\"\n").unwrap();
        let err = save_attempt(&path, GameKind::Classic, attempt("c1", PuzzleOutcome::Solved, 1500.0, 1510.0), 1500.0);
        let err = format!("{:#}", err.unwrap_err());
        assert!(err.contains("is not a puzzle record") && err.contains("the result is not saved"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "[ratings.classic]\nrating = \"high\"\n");
        // Loading moves it aside, kept as it was, and starts afresh.
        let (record, note) = load(&path);
        assert_eq!(record, Record::default());
        let note = note.unwrap();
        assert!(note.contains("is kept as") && note.contains("record.toml.unreadable-"), "{note}");
        let kept: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).collect();
        assert_eq!(kept.len(), 1, "{kept:?}");
        assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), "[ratings.classic]\nrating = \"high\"\n");
    }

    #[test]
    fn without_a_file_the_trainer_offers_the_shipped_set_of_every_game() {
        let dir = tempfile::tempdir().unwrap();
        let loaded = load_puzzles(None, dir.path());
        assert!(loaded.notes.is_empty(), "{:?}", loaded.notes);
        for (kind, text) in puzzle_sets::sets() {
            let shipped = parse_file(text).unwrap().len();
            let offered = loaded.puzzles.iter().filter(|p| p.game == kind).count();
            assert_eq!(offered, shipped, "{kind}");
        }
    }
}
