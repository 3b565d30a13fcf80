//! End-to-end tests of what the player chose and saved being found again:
//! Ctrl-O's list of saved games (which game each file is, from its
//! `Variant` tag; the files beyond the newest 300 counted and found by the
//! filter; times in the local time zone), and the game and level chosen on
//! the command line kept as the next defaults, for `wormhole puzzles` too.
//! The real binary in a pty.

mod common;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, SystemTime};

use common::pty::{PtySession, TIMEOUT};

/// Writes a game file modified at `modified`.
fn game_file(dir: &Path, name: &str, text: &str, modified: SystemTime) {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    std::fs::File::options().write(true).open(&path).unwrap().set_modified(modified).unwrap();
}

#[test]
fn the_list_names_each_game_counts_the_older_files_and_shows_local_time() {
    let dir = tempfile::tempdir().unwrap();
    // 2026-01-15 12:00 UTC; the newest two are a Linked game and a classic one.
    let noon = SystemTime::UNIX_EPOCH + Duration::from_secs(1_768_478_400);
    game_file(dir.path(), "linked.pgn", "[Variant \"Linked\"]\n[White \"Ann\"]\n\n*\n", noon);
    let classic = "[Variant \"Wormhole\"]\n[White \"Bob\"]\n\n1. e4 *\n";
    game_file(dir.path(), "classic.pgn", classic, noon - Duration::from_secs(60));
    // 300 more, older: the newest 300 are read, the oldest one is not.
    for i in 0..300 {
        let when = noon - Duration::from_secs(3600 + i * 60);
        game_file(dir.path(), &format!("old-{i:03}.pgn"), classic, when);
    }
    // Three hours east of UTC (POSIX TZ names the offset west of UTC).
    let env = [("WORMHOLE_GAMES_DIR", dir.path().to_str().unwrap()), ("TZ", "XYZ-3")];
    let mut s = PtySession::start_with_env(&["--hotseat"], &env);
    s.wait_for("White to move >");
    s.send(b"\x0f"); // Ctrl-O
    let list = s.wait_until("the list", |sc| sc.contains("newest first") && sc.contains("Esc back"));
    assert!(list.contains("300 of 300 games, newest first; 2 older files not read"), "{list}");
    let row = |name: &str| list.lines().find(|l| l.contains(name)).unwrap_or_else(|| panic!("{name}:\n{list}"));
    let linked = row("Ann - ?");
    assert!(linked.contains("2026-01-15 15:00  Linked-portal chess  Ann - ?"), "local time and the game: {linked}");
    let classic = row("Bob - ?");
    assert!(classic.contains("2026-01-15 14:59  Wormhole chess (classic)  Bob - ?  *  1. e4"), "{classic}");
    // The oldest file is found by its name.
    s.send(b"old-299");
    let found = s.wait_until("the old file", |sc| sc.contains("1 of 300 games"));
    assert!(found.contains("old-299.pgn  (older, not read)"), "{found}");
    s.send(b"\r");
    s.wait_until("the old game opened", |sc| sc.contains("loaded") && sc.contains(": 1 moves"));
    s.send(b"\x03");
    assert!(s.exit_within(TIMEOUT).status.success());
}

#[test]
fn what_the_command_line_chose_is_remembered_and_puzzles_open_that_game() {
    let dir = tempfile::tempdir().unwrap();
    let env = [("XDG_CONFIG_HOME", dir.path().to_str().unwrap())];
    let s = PtySession::start_with_env(&["--variant", "linked", "--level", "3", "--hotseat"], &env);
    s.wait_for("Linked-portal chess");
    assert!(s.quit().0.success());
    let out = Command::new(env!("CARGO_BIN_EXE_wormhole"))
        .arg("--print-config")
        .env("XDG_CONFIG_HOME", dir.path())
        .output()
        .unwrap();
    let config = String::from_utf8_lossy(&out.stdout);
    for line in ["variant = \"linked\"", "level = 3", "side = \"hotseat\""] {
        assert!(config.contains(line), "{line} missing:\n{config}");
    }
    // With no option, a game starts as last chosen, and the trainer opens that game's puzzles.
    let s = PtySession::start_with_env(&["puzzles"], &env);
    let screen = s.wait_for("Linked-portal chess");
    assert!(!screen.contains("Wormhole chess (classic)"), "{screen}");
    assert!(s.quit().0.success());
}
