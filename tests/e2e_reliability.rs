//! End-to-end tests that nothing a person made is lost and the terminal is
//! never left broken: signals, a closed terminal, saves that cannot be
//! written, two programs saving at once. The real binary in a pty.

mod common;

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::pty::{self, Exit, PtySession};
use wormhole::pgn::PgnGame;

/// How soon the program must be gone after a signal or a closed terminal: a
/// deadline for a loaded machine (on a quiet one it is gone at once).
const EXIT_LIMIT: Duration = Duration::from_secs(10);

/// A game against the engine (White, 20 s a move) after two moves: the
/// engine's first move (forced with Ctrl-G), then e5. The engine is
/// thinking about its second move when this returns.
fn two_moves_then_thinking(session: &mut PtySession) {
    session.wait_for("Engine thinking");
    session.send(b"\x07"); // Ctrl-G: move now
    session.wait_for("Black to move >");
    session.enter("e5");
    session.wait_until("the engine thinking after two moves", |s| {
        s.contains("Engine thinking") && s.contains("Moves (2)")
    });
}

fn thinking_engine_session(prelude: Option<&str>) -> PtySession {
    let args = ["--white", "engine", "--level", "12", "--movetime", "20000", "--seed", "1"];
    let mut s = match prelude {
        Some(prelude) => PtySession::start_in_shell(prelude, &args, &[]),
        None => PtySession::start(&args),
    };
    two_moves_then_thinking(&mut s);
    s
}

/// Returns early in a second of the clock (file names carry the time to the second).
fn wait_for_the_next_second() {
    while SystemTime::now().duration_since(UNIX_EPOCH).unwrap().subsec_millis() > 200 {
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The end of the program's output, for failure messages.
fn tail(out: &str) -> String {
    let start = out.char_indices().rev().nth(600).map_or(0, |(i, _)| i);
    out[start..].escape_debug().to_string()
}

/// The terminal was handed back: the last word on each mode restores it.
fn assert_terminal_restored(exit: &Exit) {
    let out = &exit.out;
    assert!(!exit.alternate, "still on the alternate screen");
    assert_eq!(exit.cooked, Some(true), "the terminal's modes are back to cooked");
    assert!(!exit.cursor_hidden, "the cursor is still hidden");
    let after = |on: &str, off: &str| out.rfind(off).is_some_and(|o| out.rfind(on).is_none_or(|i| i < o));
    assert!(after("\x1b[?1049h", "\x1b[?1049l"), "the alternate screen was left last");
    assert!(after("\x1b[?25l", "\x1b[?25h"), "the cursor was shown last");
    assert!(after("\x1b[?1000h", "\x1b[?1000l"), "mouse reporting was turned off last");
}

/// The one autosaved game, which has the two moves.
fn assert_autosaved_two_moves(exit: &Exit) {
    assert_eq!(exit.autosaved.len(), 1, "{:?}", exit.autosaved);
    let (name, text) = &exit.autosaved[0];
    assert!(name.starts_with("autosave-") && name.ends_with(".pgn"), "{name}");
    let game = PgnGame::parse(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(game.moves.len(), 2, "{text}");
    assert!(text.contains("1. ") && text.contains(" e5 "), "{text}");
}

fn signal_ends_the_game_like_ctrl_c(name: &str, number: i32) {
    let s = thinking_engine_session(None);
    assert!(s.modes_changed(), "the game runs in raw mode");
    let sent = Instant::now();
    s.signal(name);
    let exit = s.exit_within(EXIT_LIMIT);
    assert!(sent.elapsed() < EXIT_LIMIT);
    assert_eq!(exit.status.exit_code(), 128 + number as u32, "{}", tail(&exit.out));
    assert_terminal_restored(&exit);
    assert_autosaved_two_moves(&exit);
    assert!(exit.out.contains(&format!("Ended by SIG{name}")), "{}", tail(&exit.out));
    assert!(exit.out.contains("Unsaved game autosaved to"), "{}", tail(&exit.out));
    assert!(exit.out.contains("FEN: "), "{}", tail(&exit.out));
}

#[test]
fn sigterm_ends_the_game_like_ctrl_c() {
    signal_ends_the_game_like_ctrl_c("TERM", 15);
}

#[test]
fn sighup_ends_the_game_like_ctrl_c() {
    signal_ends_the_game_like_ctrl_c("HUP", 1);
}

#[test]
fn sigint_ends_the_game_like_ctrl_c() {
    signal_ends_the_game_like_ctrl_c("INT", 2);
}

#[test]
fn sigquit_ends_the_game_like_ctrl_c() {
    signal_ends_the_game_like_ctrl_c("QUIT", 3);
}

#[test]
fn a_closed_terminal_ends_the_game_even_when_sighup_is_ignored() {
    // As under `nohup`: the program gets no SIGHUP and must notice the
    // terminal is gone by itself.
    let mut s = thinking_engine_session(Some("trap '' HUP"));
    let closed = Instant::now();
    s.close_terminal();
    let exit = s.exit_within(EXIT_LIMIT);
    assert!(closed.elapsed() < EXIT_LIMIT);
    assert_eq!(exit.status.exit_code(), 1);
    assert_autosaved_two_moves(&exit);
}

#[test]
fn a_save_that_cannot_be_written_says_so_and_leaves_no_file() {
    // No file may grow past 0 bytes: every save fails as on a full disk.
    let mut s = PtySession::start_in_shell("ulimit -f 0", &["--hotseat"], &[]);
    s.wait_for("White to move >");
    s.enter("e4");
    s.wait_for("Black to move >");
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("game.pgn");
    s.enter(&format!(":save {}", target.display()));
    let screen = s.wait_for("could not save");
    assert!(screen.to_lowercase().contains("file too large"), "{screen}");
    assert!(pty::read_folder(dir.path()).is_empty(), "no file, empty or temporary");
    // Ctrl-C: the autosave fails too; the program says so and exits non-zero.
    s.send(b"\x03");
    let exit = s.exit_within(pty::TIMEOUT);
    assert_eq!(exit.status.exit_code(), 1, "{}", tail(&exit.out));
    assert!(exit.out.contains("error: Could not autosave the game: could not save"), "{}", tail(&exit.out));
    assert!(exit.autosaved.is_empty(), "{:?}", exit.autosaved);
    assert_terminal_restored(&exit);
    // Saved nowhere (the autosave folder, the games folder and the
    // temporary folder all refused): the moves are printed once the
    // terminal is back, as a game that reads back.
    let restored = exit.out.rfind("\x1b[?1049l").expect("the alternate screen was left");
    let after = exit.out[restored..].replace("\r\n", "\n");
    let pgn = after.split("(copy it from here):\n\n").nth(1).unwrap_or_else(|| panic!("{}", tail(&exit.out)));
    let game = PgnGame::parse(pgn).unwrap_or_else(|e| panic!("{e}: {pgn}"));
    assert_eq!(game.moves.len(), 1, "{pgn}");
}

#[test]
fn an_autosave_the_autosave_folder_refuses_goes_to_the_games_folder() {
    // The autosave folder would be inside a file: it can never be made.
    let blocker = tempfile::NamedTempFile::new().unwrap();
    let autosave = blocker.path().join("autosave");
    let env = [("WORMHOLE_AUTOSAVE_DIR", autosave.to_str().unwrap())];
    let mut s = PtySession::start_with_env(&["--hotseat"], &env);
    s.wait_for("White to move >");
    s.enter("e4");
    s.wait_for("Black to move >");
    s.send(b"\x03");
    let exit = s.exit_within(pty::TIMEOUT);
    assert!(exit.status.success(), "{}", tail(&exit.out));
    assert_eq!(exit.saved.len(), 1, "{:?}", exit.saved);
    let (name, text) = &exit.saved[0];
    assert!(name.starts_with("autosave-") && text.contains("1. e4 *"), "{name}: {text}");
    assert!(exit.out.contains("Unsaved game autosaved to"), "{}", tail(&exit.out));
}

#[test]
fn two_programs_autosaving_in_the_same_second_keep_both_games() {
    let dir = tempfile::tempdir().unwrap();
    let env = [("WORMHOLE_AUTOSAVE_DIR", dir.path().to_str().unwrap())];
    let mut games =
        [PtySession::start_with_env(&["--hotseat"], &env), PtySession::start_with_env(&["--hotseat"], &env)];
    for (s, first) in games.iter_mut().zip(["e4", "d4"]) {
        s.wait_for("White to move >");
        s.enter(first);
        s.wait_for("Black to move >");
    }
    // Quit both early in a second, so that both autosave names carry the same time.
    wait_for_the_next_second();
    for s in &mut games {
        s.send(b"\x03");
    }
    for s in games {
        assert!(s.exit_within(pty::TIMEOUT).status.success());
    }
    let saved = pty::read_folder(dir.path());
    assert_eq!(saved.len(), 2, "{saved:?}");
    assert!(saved.iter().any(|(_, text)| text.contains("1. e4 *")), "{saved:?}");
    assert!(saved.iter().any(|(_, text)| text.contains("1. d4 *")), "{saved:?}");
    // Unless the machine was too slow to quit both within the second, they
    // wanted the same name and the second got it numbered.
    let mut names = [&saved[0].0, &saved[1].0];
    names.sort_by_key(|n| n.len());
    let stamp = "autosave-YYYYMMDD-HHMMSS".len();
    if names[0][..stamp] == names[1][..stamp] {
        assert_eq!(names[1], &names[0].replace(".pgn", "-2.pgn"), "{saved:?}");
    }
}

#[test]
fn game_files_above_10_mb_are_refused_before_the_screen_changes() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.pgn");
    // A sparse file: 10 MB and one byte without writing them.
    std::fs::File::create(&big).unwrap().set_len(10_000_001).unwrap();
    let not_a_file = "/dev/zero: it is a character device, not a regular file";
    for (path, why) in
        [(big.as_path(), format!("{} is larger than 10 MB", big.display())), ("/dev/zero".as_ref(), not_a_file.into())]
    {
        let started = Instant::now();
        let out = common::wormhole(&["--pgn", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&why), "{err}");
        assert!(out.stdout.is_empty(), "nothing drawn");
        assert!(started.elapsed() < Duration::from_secs(10), "refused without reading it all");
    }
}

#[test]
fn ctrl_s_twice_in_a_second_keeps_both_saves() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = PtySession::start_in_dir(dir.path(), &["--hotseat"]);
    s.wait_for("White to move >");
    s.enter("e4");
    s.wait_for("Black to move >");
    wait_for_the_next_second(); // both saves in the same second, with the same default name
    s.send(b"\x13"); // Ctrl-S
    s.wait_for("saved to");
    s.enter("e5");
    s.wait_for("White to move >");
    s.send(b"\x13");
    s.wait_until("the second save", |sc| sc.contains("saved to") && sc.contains("Moves (2)"));
    s.send(b"\x03");
    let exit = s.exit_within(pty::TIMEOUT);
    assert!(exit.status.success());
    assert!(pty::read_folder(dir.path()).is_empty(), "nothing in the folder the program started in");
    let saved = exit.saved;
    assert_eq!(saved.len(), 2, "{saved:?}");
    assert!(saved.iter().all(|(name, _)| name.starts_with("wormhole-") && name.ends_with(".pgn")), "{saved:?}");
    assert!(saved.iter().any(|(_, text)| text.contains("1. e4 *")), "{saved:?}");
    assert!(saved.iter().any(|(_, text)| text.contains("1. e4 e5 *")), "{saved:?}");
}

/// Runs `script` with `sh` in `dir` (making links, FIFOs, folders).
fn shell_in(dir: &std::path::Path, script: &str) {
    let status = std::process::Command::new("sh").arg("-c").arg(script).current_dir(dir).status().unwrap();
    assert!(status.success(), "{script}");
}

/// A hot-seat game after 1. e4, run in `dir`.
fn game_after_e4_in(dir: &std::path::Path) -> PtySession {
    let mut s = PtySession::start_in_dir(dir, &["--hotseat"]);
    s.wait_for("White to move >");
    s.enter("e4");
    s.wait_for("Black to move >");
    s
}

#[test]
fn save_follows_a_symlink_and_refuses_a_fifo_and_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    shell_in(dir.path(), "echo old > real.pgn && ln -s real.pgn link.pgn && mkfifo fifo && mkdir folder");
    let mut s = game_after_e4_in(dir.path());
    // A file's name is taken: the app asks before it writes.
    s.enter(":save link.pgn");
    s.wait_for("A file of that name exists. Replace it with this game?");
    s.send(b"y");
    s.wait_for("saved to link.pgn");
    // What can never be replaced is refused at once, without the question.
    for (name, outcome) in [
        ("fifo", "fifo is a FIFO (named pipe), not a regular file: nothing was written"),
        ("folder", "folder is a folder, not a regular file: nothing was written"),
    ] {
        s.enter(&format!(":save {name}"));
        let screen = s.wait_for(outcome);
        assert!(!screen.contains("Replace it"), "{screen}");
    }
    assert!(s.quit().0.success());
    let link = dir.path().join("link.pgn");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
    assert!(std::fs::read_to_string(dir.path().join("real.pgn")).unwrap().contains("1. e4 *"));
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(dir.path().join("fifo")).unwrap().file_type().is_fifo());
    assert!(dir.path().join("folder").is_dir());
    // Names only: reading the FIFO would wait for a writer.
    let mut names: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names, ["fifo", "folder", "link.pgn", "real.pgn"], "no temporary file left");
}

#[test]
fn a_300_character_path_is_used_whole_and_never_cut() {
    // The first 200 characters of the command name this file: a line cut
    // at 200 characters would replace it.
    let dir = tempfile::tempdir().unwrap();
    let command = format!(":save {}.pgn", "b".repeat(300));
    let keep = dir.path().join(&command[":save ".len()..200]);
    std::fs::write(&keep, "KEEP ME").unwrap();
    let mut s = game_after_e4_in(dir.path());
    s.send(command.as_bytes());
    s.wait_for("bbb.pgn");
    s.send(b"\r");
    // The whole name is too long for the file system, and the message says so.
    s.wait_until("the error", |screen| screen.split_whitespace().collect::<String>().contains("Filenametoolong"));
    assert!(s.quit().0.success());
    assert_eq!(std::fs::read_to_string(&keep).unwrap(), "KEEP ME");
    assert_eq!(pty::read_folder(dir.path()).len(), 1, "no other file");
}

#[test]
fn a_signal_with_a_failed_autosave_exits_1_as_the_readme_says() {
    let mut s = PtySession::start_in_shell("ulimit -f 0", &["--hotseat"], &[]);
    s.wait_for("White to move >");
    s.enter("e4");
    s.wait_for("Black to move >");
    s.signal("TERM");
    let exit = s.exit_within(EXIT_LIMIT);
    assert_eq!(exit.status.exit_code(), 1, "{}", tail(&exit.out));
    assert!(exit.out.contains("Ended by SIGTERM"), "{}", tail(&exit.out));
    assert!(exit.out.contains("error: Could not autosave the game"), "{}", tail(&exit.out));
    assert_terminal_restored(&exit);
}

#[test]
fn a_config_linked_to_dev_zero_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    shell_in(dir.path(), "mkdir wormhole && ln -s /dev/zero wormhole/config.toml");
    let started = Instant::now();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wormhole"))
        .arg("--print-config")
        .env("XDG_CONFIG_HOME", dir.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("it is a character device, not a regular file"), "{text}");
    let default_level = format!("level = {}", wormhole::engine::Level::FOR_NEW_PLAYERS.number());
    assert!(text.contains(&default_level), "the defaults: {text}");
    assert!(started.elapsed() < Duration::from_secs(5));
}
