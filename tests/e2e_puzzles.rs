//! End-to-end tests of the puzzle trainer: the real binary in a
//! pseudo-terminal, reading a puzzle file of the test's own
//! (`$WORMHOLE_PUZZLE_FILE`) and keeping the record in a data folder of
//! the test's own. Solving with the right line, failing with a wrong move
//! then retrying, the rating change shown and kept across two runs, and a
//! record that survives SIGTERM in the middle of its write.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::pty::PtySession;

/// How the trainer is started.
const TRAINER: &[&str] = &["puzzles"];

/// White mates in two: Ra7 (the king's only move is Kg8), Rb8#.
const LADDER: &str =
    "ladder\tporthole\t7k/8/8/8/8/8/1R6/R5K1 w - - 0 1\ta1a7 h8g8 b2b8\tRa7 Kg8 Rb8#\t1400\tmate-in-2 quiet-move\t500";

/// A folder of the test's own: the puzzle file, the config (Porthole chess
/// last chosen) and the data folder with the record.
struct Home {
    dir: tempfile::TempDir,
}

/// Issue #55: a Porthole material puzzle, Nc7+ forking the king and the
/// rook (the line `wormhole puzzles resolve` finds for it).
const FORK: &str = "fork\tporthole\tr3k3/8/8/1N6/8/8/8/4K3 w - - 0 1 -\tb5c7 e8d7 c7a8\tNc7+ Kd7 Nxa8\t853\t\
                    check wins-material fork\t44";

impl Home {
    fn new() -> Home {
        Home::with(LADDER)
    }

    /// A folder whose puzzle file holds `puzzle` only.
    fn with(puzzle: &str) -> Home {
        let dir = tempfile::tempdir().unwrap();
        let header = "id\tgame\tfen\tmoves\tsan\trating\tthemes\tnodes";
        std::fs::write(dir.path().join("puzzles.tsv"), format!("{header}\n{puzzle}\n")).unwrap();
        std::fs::create_dir_all(dir.path().join("config/wormhole")).unwrap();
        std::fs::write(dir.path().join("config/wormhole/config.toml"), "variant = \"porthole\"\n").unwrap();
        Home { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn puzzles_dir(&self) -> PathBuf {
        self.path("data/wormhole/puzzles")
    }

    fn record(&self) -> String {
        std::fs::read_to_string(self.puzzles_dir().join("record.toml")).unwrap_or_default()
    }

    /// The trainer, started in this folder's settings, on the ladder.
    fn start(&self) -> PtySession {
        let s = self.launch();
        s.wait_for("White to play: mate in 2");
        s
    }

    /// The trainer, started in this folder's settings.
    fn launch(&self) -> PtySession {
        let (file, data, config) = (self.path("puzzles.tsv"), self.path("data"), self.path("config"));
        let env = [
            ("WORMHOLE_PUZZLE_FILE", file.to_str().unwrap()),
            ("XDG_DATA_HOME", data.to_str().unwrap()),
            ("XDG_CONFIG_HOME", config.to_str().unwrap()),
        ];
        PtySession::start_with_env(TRAINER, &env)
    }
}

/// The rating the panel shows: `Your rating: 1500 ±350` gives 1500.
fn shown_rating(screen: &str) -> i32 {
    let at = screen.find("Your rating: ").expect("the rating is shown") + "Your rating: ".len();
    screen[at..].split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn the_right_line_solves_the_puzzle_and_the_rating_rises() {
    let home = Home::new();
    let mut s = home.start();
    assert_eq!(shown_rating(&s.screen()), 1500);
    s.enter("Ra7");
    let screen = s.wait_for("Kg8 was the reply: your move");
    assert!(screen.contains("1. Ra7") && screen.contains("Kg8"), "{screen}");
    s.enter("Rb8#");
    let screen = s.wait_for("Solved!");
    for needle in ["Rating +", "(1500 -> ", "Puzzle ladder, rated 1400", "Enter: next", "Streak: 1"] {
        assert!(screen.contains(needle), "{needle} missing:\n{screen}");
    }
    assert!(shown_rating(&screen) > 1500, "{screen}");
    let record = home.record();
    assert!(record.contains("puzzle = \"ladder\"") && record.contains("result = \"solved\""), "{record}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn a_material_puzzle_asks_to_win_material_and_its_line_solves_it() {
    let home = Home::with(FORK);
    let mut s = home.launch();
    s.wait_for("White to play and win material");
    s.enter("Nc7+");
    s.wait_for("Kd7 was the reply: your move");
    s.enter("Nxa8");
    let screen = s.wait_for("Solved!");
    assert!(screen.contains("Puzzle fork, rated 853"), "{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn a_wrong_move_shows_the_reply_it_runs_into_then_a_retry_solves_it() {
    let home = Home::new();
    let mut s = home.start();
    s.enter("Rb7");
    let screen = s.wait_for("it runs into");
    assert!(screen.contains("Rb7 is not it") && screen.contains("Failed: r retry, s solution"), "{screen}");
    assert!(screen.contains("Rating -"), "{screen}");
    s.send(b"r");
    s.wait_for("Your move");
    s.enter("Ra7");
    s.wait_for("Kg8 was the reply");
    s.enter("Rb8#");
    s.wait_for("Solved! (it counted the first time)");
    let record = home.record();
    assert_eq!(record.matches("[[attempt]]").count(), 1, "{record}");
    assert!(record.contains("result = \"failed\""), "{record}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn the_rating_is_kept_across_runs() {
    let home = Home::new();
    let mut s = home.start();
    s.enter("Ra7");
    s.wait_for("Kg8 was the reply");
    s.enter("Rb8#");
    let after = shown_rating(&s.wait_for("Solved!"));
    assert!(after > 1500);
    let (status, _, _) = s.quit();
    assert!(status.success());
    let s = home.start();
    assert_eq!(shown_rating(&s.screen()), after, "the second run starts from the first one's rating");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn two_trainers_on_one_record_both_count() {
    let home = Home::new();
    // Both read the record (no attempt yet: 1500) before either solves.
    let mut trainers = [home.start(), home.start()];
    for s in &mut trainers {
        assert_eq!(shown_rating(&s.screen()), 1500);
    }
    for (n, s) in trainers.iter_mut().enumerate() {
        s.enter("Ra7");
        s.wait_for("Kg8 was the reply");
        s.enter("Rb8#");
        s.wait_for("Solved!");
        let record = home.record();
        assert_eq!(record.matches("[[attempt]]").count(), n + 1, "{record}");
    }
    let record = home.record();
    let numbers = |key: &str| -> Vec<f64> {
        record.lines().filter_map(|l| l.strip_prefix(key)).map(|v| v.trim().parse().unwrap()).collect()
    };
    let (before, after) = (numbers("before = "), numbers("after = "));
    assert_eq!(before[0], 1500.0, "{record}");
    assert_eq!(before[1], after[0], "the second counts from the first one's rating, not its stale 1500: {record}");
    assert!(after[1] > after[0], "both gains count: {record}");
    let rating = numbers("rating = ");
    assert_eq!(rating, [after[1]], "{record}");
    // The second trainer shows the rating the record holds, not its own stale sum.
    let second = &trainers[1];
    second.wait_until("the record's rating", |sc| shown_rating(sc) == after[1].round() as i32);
    for s in trainers {
        assert!(s.quit().0.success());
    }
}

/// Whether a temporary file (a write under way) is in `dir`.
fn writing(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|d| d.flatten().any(|e| e.file_name().to_string_lossy().ends_with(".tmp")))
}

#[test]
fn the_record_survives_sigterm_in_the_middle_of_its_write() {
    let home = Home::new();
    // A long history, so that writing it takes a while.
    let attempts = 60_000;
    let one = "[[attempt]]\npuzzle = \"old\"\ngame = \"porthole\"\nresult = \"failed\"\nbefore = 1500.0\nafter = 1490.0\ndate = \"2026-12-01 10:00\"\n\n";
    std::fs::create_dir_all(home.puzzles_dir()).unwrap();
    std::fs::write(home.puzzles_dir().join("record.toml"), one.repeat(attempts)).unwrap();
    let mut s = home.start();
    s.enter("Ra7");
    s.wait_for("Kg8 was the reply");
    s.send(b"Rb8#\r");
    let end = Instant::now() + Duration::from_secs(10);
    let mut caught = false;
    while Instant::now() < end && home.record().matches("[[attempt]]").count() == attempts {
        if writing(&home.puzzles_dir()) {
            caught = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    s.signal("TERM");
    let exit = s.exit_within(Duration::from_secs(10));
    assert_eq!(exit.status.exit_code(), 128 + 15);
    let record = home.record();
    let parsed: Result<toml::Table, _> = toml::from_str(&record);
    assert!(parsed.is_ok(), "the record still reads: {:?}", parsed.err());
    let n = record.matches("[[attempt]]").count();
    if caught {
        assert_eq!(n, attempts + 1, "the write under way when the signal came was finished");
    } else {
        assert!(n == attempts || n == attempts + 1, "{n}");
    }
    assert!(!writing(&home.puzzles_dir()), "no temporary file left");
}
