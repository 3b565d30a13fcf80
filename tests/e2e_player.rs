//! End-to-end tests of what a player meets first: the new-game screen, the
//! config file (good and broken), a loaded position with Black to move, and
//! starts without colour (`NO_COLOR`) or without UTF-8 (`LC_ALL=C`). The real
//! binary in a pseudo-terminal; every config file lives in a folder of the
//! test (`XDG_CONFIG_HOME`), never the user's.

mod common;

use std::path::{Path, PathBuf};

use common::pty::{HOLLOW_PAWN, PAWN, PtySession, centre};

/// A fresh config folder for one test, with `config.toml` holding `text` (if any).
fn config_home(name: &str, text: Option<&str>) -> PathBuf {
    let home = std::env::temp_dir().join(format!("wormhole-e2e-config-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(home.join("wormhole")).unwrap();
    if let Some(text) = text {
        std::fs::write(config_file(&home), text).unwrap();
    }
    home
}

fn config_file(home: &Path) -> PathBuf {
    home.join("wormhole").join("config.toml")
}

fn start_with_config(home: &Path, args: &[&str]) -> PtySession {
    PtySession::start_with_env(args, &[("XDG_CONFIG_HOME", home.to_str().unwrap())])
}

#[test]
fn the_new_game_screen_starts_a_game_with_enter_and_remembers_the_choice() {
    let home = config_home("first", None);
    let mut s = start_with_config(&home, &[]);
    let screen = s.wait_for("New game");
    assert!(screen.contains("6 (improver)"), "a first game is at a middle level:\n{screen}");
    assert!(screen.contains("you play White"), "{screen}");
    s.send(b"\r");
    let screen = s.wait_until("the game", |sc| !sc.contains("New game") && sc.contains("White to move >"));
    assert!(screen.contains("Engine level 6: improver"), "the panel names the level:\n{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
    let saved = std::fs::read_to_string(config_file(&home)).unwrap();
    assert!(saved.contains("level = 6") && saved.contains("side = \"white\""), "{saved}");
    let _ = std::fs::remove_dir_all(home);
}

#[test]
fn a_config_file_sets_the_level_and_the_panel_shows_it() {
    let home = config_home("level", Some("# my settings\nlevel = 4\nvariant = \"fairy\"\n"));
    let mut s = start_with_config(&home, &[]);
    let screen = s.wait_for("New game");
    assert!(screen.contains("4 (novice)") && screen.contains("fairy"), "preselected from the file:\n{screen}");
    s.send(b"\r");
    let screen = s.wait_for("Engine level 4: novice");
    assert!(screen.contains("Wormhole chess (fairy)"), "{screen}");
    // :set changes the level now and keeps the rest of the file.
    s.enter(":set level 5");
    s.wait_for("Engine level 5: casual");
    let (status, _, _) = s.quit();
    assert!(status.success());
    let saved = std::fs::read_to_string(config_file(&home)).unwrap();
    assert!(saved.starts_with("# my settings\nlevel = 5\n"), "{saved}");
    let _ = std::fs::remove_dir_all(home);
}

#[test]
fn a_broken_config_file_is_named_with_its_line_and_the_game_starts_with_defaults() {
    let text = "level = 3\ntheme = \"neon\"\n";
    let home = config_home("broken", Some(text));
    let mut s = start_with_config(&home, &["--hotseat"]);
    let screen = s.wait_for("line 2");
    let file = config_file(&home);
    for part in ["config.toml, line 2: theme:", "unknown theme 'neon'", "using the defaults"] {
        assert!(screen.contains(part), "{part} missing:\n{screen}");
    }
    s.enter("e4");
    s.wait_for("Black to move >");
    // A setting is used but the user's file is not replaced.
    s.enter(":set level 5");
    s.wait_for("not saved: the config file is broken");
    let (status, _, _) = s.quit();
    assert!(status.success());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text, "the broken file is left as it was");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wormhole"))
        .arg("--print-config")
        .env("XDG_CONFIG_HOME", &home)
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{printed}");
    assert!(printed.contains(&format!("Config file: {}", file.display())), "{printed}");
    assert!(printed.contains("line 2") && printed.contains("level = 6"), "{printed}");
    let _ = std::fs::remove_dir_all(home);
}

#[test]
fn a_loaded_position_with_black_to_move_is_played_by_the_human_as_black() {
    let home = config_home("fen", None);
    let fen = "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17";
    let mut s = start_with_config(&home, &["--fen", fen, "--movetime", "50", "--seed", "1"]);
    let screen = s.wait_for("Black to move >");
    assert!(!screen.contains("(engine) is thinking"), "the engine does not move for the human:\n{screen}");
    assert!(screen.contains("Black: You"), "{screen}");
    s.enter("Nxf6");
    s.wait_until("the engine's reply", |sc| sc.contains("Moves (2)") && sc.contains("Black to move >"));
    s.send(b"\x1a");
    let screen = s.wait_for("took back 2 moves");
    assert!(screen.contains("Moves (0)"), "{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
    let _ = std::fs::remove_dir_all(home);
}

#[test]
fn no_color_draws_white_hollow_dots_the_dark_squares_and_uses_no_colour() {
    let home = config_home("nocolor", None);
    let mut s =
        PtySession::start_with_env(&["--hotseat"], &[("NO_COLOR", "1"), ("XDG_CONFIG_HOME", home.to_str().unwrap())]);
    s.wait_for("White to move >");
    let (white, black) = (s.square("e2", false), s.square("e7", false));
    assert!(white.contains(HOLLOW_PAWN), "White in outline:\n{white}");
    assert!(black.contains(PAWN), "Black filled:\n{black}");
    // The dark squares are dotted: e7 around its pawn, e3 (empty) all over.
    assert!(black.contains('·') && !white.contains('·'), "e7 is dark, e2 light:\n{black}\n{white}");
    assert_eq!(s.square("e3", false).lines().next(), Some(" · · · · "), "e3 is dark");
    s.enter("e4");
    s.wait_for("Black to move >");
    assert!(s.square("e2", false).contains('░'), "the new hole is marked");
    let (status, out, _) = s.quit();
    assert!(status.success());
    let colours = colour_codes(&out);
    assert!(colours.is_empty(), "colour escapes with NO_COLOR set: {colours:?}");
    let _ = std::fs::remove_dir_all(home);
}

/// The colour parameters of every SGR escape (`ESC [ ... m`) in `out`:
/// 30-37, 38, 40-47, 48, 90-97, 100-107 (39 and 49, "default colour", are
/// not colours).
fn colour_codes(out: &str) -> Vec<String> {
    let mut found = Vec::new();
    for part in out.split("\x1b[").skip(1) {
        let Some(end) = part.find(|c: char| !(c.is_ascii_digit() || c == ';')) else { continue };
        if !part[end..].starts_with('m') {
            continue;
        }
        for p in part[..end].split(';').filter_map(|p| p.parse::<u32>().ok()) {
            if matches!(p, 30..=38 | 40..=48 | 90..=97 | 100..=107) {
                found.push(part[..end].to_string());
            }
        }
    }
    found
}

#[test]
fn a_c_locale_draws_in_plain_ascii() {
    let home = config_home("ascii", None);
    let mut s =
        PtySession::start_with_env(&["--hotseat"], &[("LC_ALL", "C"), ("XDG_CONFIG_HOME", home.to_str().unwrap())]);
    let screen = s.wait_for("White to move >");
    let (row, col) = centre("e2", false);
    assert_eq!(s.cell(row, col), "P");
    let (row7, col7) = centre("e7", false);
    assert_eq!(s.cell(row7, col7), "p");
    s.enter("e4");
    let screen_after = s.wait_for("Black to move >");
    assert_eq!(s.cell(row, col), ":", "a hole in ASCII");
    s.send(b"\x1bOP");
    let help = s.wait_for("Help:");
    for text in [screen, screen_after, help] {
        assert!(text.is_ascii(), "only ASCII on screen:\n{text}");
    }
    let (status, _, _) = s.quit();
    assert!(status.success());
    let _ = std::fs::remove_dir_all(home);
}
