//! End-to-end tests of the third reliability round (issue 42): two running
//! copies never undo each other's changes, a file the user protected is
//! never replaced, nothing is lost on a full disk, no input hangs the
//! program, out-of-range values are refused, and no control character
//! reaches the terminal raw. The real binary, in a pty where it is about
//! what the user sees.

mod common;

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use common::pty::PtySession;

/// A hot-seat session on the config folder `config` (`XDG_CONFIG_HOME`).
fn session_on_config(config: &Path) -> PtySession {
    let s = PtySession::start_with_env(&["--hotseat"], &[("XDG_CONFIG_HOME", config.to_str().unwrap())]);
    s.wait_for("White to move >");
    s
}

#[test]
fn two_sessions_changing_the_config_both_keep_their_change() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("wormhole/config.toml");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, "# mine\nlevel = 6\n").unwrap();
    // Both read the file (level 6) before either changes it.
    let mut a = session_on_config(dir.path());
    let mut b = session_on_config(dir.path());
    a.enter(":set level 3");
    a.wait_for("level = 3 (now); saved");
    b.enter(":set theme light");
    b.wait_for("theme = light");
    for s in [a, b] {
        assert!(s.quit().0.success());
    }
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("level = 3") && text.contains("theme = \"light\""), "{text}");
    assert!(text.starts_with("# mine\n"), "{text}");
}

/// Whether the tests run as root (CI does): then the program is run as
/// the unprivileged user `nobody`, as whom permissions hold.
fn is_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0)
}

/// Runs the binary with `args` in `dir`: as `nobody` through `setpriv`
/// when the test runs as root, else as the current user.
fn unprivileged(dir: &Path, args: &[&str]) -> Output {
    let bin = env!("CARGO_BIN_EXE_wormhole");
    let mut cmd = if is_root() {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", bin]);
        c
    } else {
        Command::new(bin)
    };
    cmd.args(args).current_dir(dir).env("HOME", dir).env("XDG_CONFIG_HOME", dir.join("config"));
    cmd.env("XDG_DATA_HOME", dir.join("data")).output().expect("the binary runs")
}

/// A folder everyone may enter and write (for `nobody` when the test is root).
fn open_folder() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    dir
}

const GAME: &str = "[Variant \"Wormhole\"]\n\n1. e4 e5 2. Nf3 *\n";

/// A file of `dir`, made by the user who runs the program (`nobody` under root).
fn make_file(dir: &Path, name: &str, text: &str, mode: u32) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    if is_root() {
        std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
    }
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
    path
}

#[test]
fn a_protected_file_and_a_hard_linked_one_are_left_as_they_were() {
    let dir = open_folder();
    make_file(dir.path(), "g.pgn", GAME, 0o644);
    let ro = make_file(dir.path(), "ro.pgn", "MINE\n", 0o444);
    let out = unprivileged(dir.path(), &["analyze", "g.pgn", "--nodes", "500", "--output", "ro.pgn"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("ro.pgn is protected (you may not write it): nothing was written"), "{err}");
    assert_eq!(std::fs::read_to_string(&ro).unwrap(), "MINE\n");
    // A file with two names: both names get the new text (one file still).
    let linked = make_file(dir.path(), "linked.pgn", "OLD\n", 0o644);
    std::fs::hard_link(&linked, dir.path().join("other-name.pgn")).unwrap();
    let out = unprivileged(dir.path(), &["analyze", "g.pgn", "--nodes", "500", "--output", "linked.pgn"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let other = std::fs::read_to_string(dir.path().join("other-name.pgn")).unwrap();
    assert!(other.contains("[Annotator \"wormhole"), "{other}");
    assert_eq!(other, std::fs::read_to_string(&linked).unwrap());
    if is_root() {
        // Another user's file (root's) that nobody may write: written in
        // place, so it keeps its owner (a new file would be nobody's).
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let theirs = dir.path().join("theirs.pgn");
        std::fs::write(&theirs, "OLD\n").unwrap();
        std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o666)).unwrap();
        let out = unprivileged(dir.path(), &["analyze", "g.pgn", "--nodes", "500", "--output", "theirs.pgn"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let meta = std::fs::metadata(&theirs).unwrap();
        assert_eq!((meta.uid(), meta.mode() & 0o777), (0, 0o666), "owner and mode kept");
        assert!(std::fs::read_to_string(&theirs).unwrap().contains("[Annotator \"wormhole"));
    }
}

#[test]
fn a_protected_config_is_left_as_it_was_and_the_setting_said_not_saved() {
    let dir = open_folder();
    let folder = dir.path().join("wormhole");
    std::fs::create_dir(&folder).unwrap();
    std::fs::set_permissions(&folder, std::os::unix::fs::PermissionsExt::from_mode(0o777)).unwrap();
    let config = make_file(&folder, "config.toml", "level = 6\n", 0o444);
    // As nobody when the test runs as root (else as the current user).
    let prelude = if is_root() { "exec setpriv --reuid=65534 --regid=65534 --clear-groups \"$0\" \"$@\"" } else { ":" };
    let env = [("XDG_CONFIG_HOME", dir.path().to_str().unwrap())];
    let mut s = PtySession::start_in_shell(prelude, &["--hotseat"], &env);
    s.wait_for("White to move >");
    s.enter(":set level 3");
    let screen = s.wait_for("could not be saved");
    let said = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains("is protected (you may not write it)"), "{screen}");
    assert!(s.quit().0.success());
    assert_eq!(std::fs::read_to_string(&config).unwrap(), "level = 6\n");
}

#[test]
fn a_save_into_a_protected_folder_names_the_file_and_the_folder() {
    use std::os::unix::fs::PermissionsExt;
    let dir = open_folder();
    make_file(dir.path(), "g.pgn", GAME, 0o644);
    let shut = dir.path().join("shut");
    std::fs::create_dir(&shut).unwrap();
    std::fs::set_permissions(&shut, std::fs::Permissions::from_mode(0o555)).unwrap();
    let out = unprivileged(dir.path(), &["analyze", "g.pgn", "--nodes", "500", "--output", "shut/a.pgn"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("could not save shut/a.pgn: cannot write in the folder shut: permission denied"), "{err}");
    assert!(!err.contains(".tmp"), "no temporary name: {err}");
}

#[test]
fn analyze_refuses_a_bad_output_before_it_analyses() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("g.pgn");
    std::fs::write(&game, GAME).unwrap();
    let game = game.to_str().unwrap();
    for (output, why) in [
        (dir.path().to_str().unwrap(), "is a folder, not a regular file"),
        ("/nonexistent/x/y.pgn", "the folder /nonexistent/x does not exist"),
    ] {
        let out = common::wormhole(&["analyze", game, "--output", output]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(why), "{err}");
        // Refused before the analysis: no side's table was printed.
        assert!(!err.contains("ccuracy"), "refused before the analysis: {err}");
    }
    assert!(!Path::new("/nonexistent").exists(), "no folder made");
}

#[test]
fn a_typo_folder_in_save_is_an_error_not_new_folders() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = PtySession::start_in_dir(dir.path(), &["--hotseat"]);
    s.wait_for("White to move >");
    s.enter("e4");
    s.wait_for("Black to move >");
    s.enter(":save typo-dir/deeper/game.pgn");
    s.wait_for("the folder typo-dir/deeper does not exist");
    assert!(s.quit().0.success());
    assert!(!dir.path().join("typo-dir").exists());
}

#[test]
fn a_dump_on_a_full_disk_keeps_whole_lines_only() {
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("dump.txt");
    // An earlier run's whole line, then a half one (killed mid-write).
    let whole = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0;d\n";
    std::fs::write(&dump, format!("{whole}rnbqkbnr/ppp")).unwrap();
    // No file may grow past 512 bytes: a game's lines do not fit.
    let out = Command::new("sh")
        .args(["-c", "ulimit -f 1; exec \"$0\" \"$@\"", env!("CARGO_BIN_EXE_wormhole")])
        .args(["match", "--engine-a", "level=1", "--engine-b", "level=1", "--movetime", "5", "--games", "2"])
        .args(["--seed", "1", "--dump", dump.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains(&format!("writing {}", dump.display())), "{err}");
    assert_eq!(std::fs::read_to_string(&dump).unwrap(), whole, "the half line cut, the failed game cut back");
}

#[test]
fn openings_that_cannot_last_are_refused_not_searched_forever() {
    let started = Instant::now();
    let out = common::wormhole(&[
        "match",
        "--engine-a",
        "level=1",
        "--engine-b",
        "level=1",
        "--random-plies",
        "64",
        "--games",
        "2",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("no opening of 64 random plies was found in 10000 tries"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
}

#[test]
fn out_of_range_match_settings_are_refused_with_the_range() {
    for (setting, why) in [
        ("hash=100000", "setting 'hash' must be from 1 to 4096, got 100000"),
        ("hash=-1", "setting 'hash' must be from 1 to 4096, got -1"),
        ("hash=0", "setting 'hash' must be from 1 to 4096, got 0"),
        ("threads=1000", "setting 'threads' must be from 1 to 64, got 1000"),
        ("threads=0", "setting 'threads' must be from 1 to 64, got 0"),
        ("depth=0", "setting 'depth' must be from 1 to 100, got 0"),
        ("depth=99999", "setting 'depth' must be from 1 to 100, got 99999"),
        ("nodes=0", "setting 'nodes' must be from 1 to"),
    ] {
        let out = common::wormhole(&["match", "--engine-a", &format!("level=1,{setting}"), "--engine-b", "level=1"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{setting}: {err}");
        assert!(err.contains(why), "{setting}: {err}");
    }
    let out = common::wormhole(&["--clock", "5+-3"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot be negative") && !err.contains("at most 600"), "{err}");
}

#[test]
fn an_overlong_position_leaves_no_position_to_search() {
    let long = format!("position startpos moves{}", " e2e4".repeat(14_005));
    let input = format!("uci\nposition startpos moves e2e4\n{long}\ngo nodes 100\nisready\nquit\n");
    let out = common::wormhole_with_input(&["uci"], &input);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("more than 65536; it was ignored"), "{text}");
    let best: Vec<&str> = text.lines().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best, ["bestmove (none)"], "not a move for the previous position: {text}");
}

#[test]
fn escape_sequences_in_input_never_reach_the_terminal_raw() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("esc.pgn");
    std::fs::write(&pgn, "[Variant \"\x1b]2;x\x07\"]\n\n1. e4 *\n").unwrap();
    let tagged = dir.path().join("tag.pgn");
    std::fs::write(&tagged, "[Variant \"Wormhole\"]\n[White \"\x1b]2;x\x07\"]\n\n1. e4 *\n").unwrap();
    let runs = [
        common::wormhole(&["perft", "1", "--fen", "k7/8/8/8/8/8/8/K7 w \x1b]2;TITLE\x07"]),
        common::wormhole(&["analyze", pgn.to_str().unwrap(), "--nodes", "100"]),
        common::wormhole(&["analyze", tagged.to_str().unwrap(), "--nodes", "100"]),
        common::wormhole_with_input(&["uci"], "uci\nposition fen \x1b]2;x\x07\ngo nodes 10\nfoo\x1b[2J\nquit\n"),
    ];
    for out in runs {
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        for text in [&stdout, &stderr] {
            assert!(!text.contains('\x1b') && !text.contains('\x07'), "raw control characters: {text:?}");
        }
        assert!(format!("{stdout}{stderr}").contains("\\u{1b}]2;"), "the input is shown, escaped: {stdout}{stderr}");
    }
}
