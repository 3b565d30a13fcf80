//! End-to-end tests of the terminal's name over SSH with the real OpenSSH
//! client (`ssh -tt`): the bytes drawn follow the pty request's TERM.
//! `TERM=dumb` gets no colour at all and letters for pieces; a
//! 256-colour terminal the 256-colour palette and never a 24-bit colour
//! escape; 24-bit colour only when the client says COLORTERM=truecolor.

mod common;

use common::pty::PtySession;
use common::ssh::{TestServer, hang_up, new_key};

/// The chess figures the board draws pieces with on a Unicode terminal.
const FIGURES: &[char] = &['♔', '♕', '♖', '♗', '♘', '♙', '♚', '♛', '♜', '♝', '♞', '♟'];

/// The parameters of every SGR escape (`ESC [ ... m`) in `raw`: the
/// attributes and colours drawn, e.g. `48;5;94` or `1`.
fn sgr(raw: &str) -> Vec<String> {
    let mut found = Vec::new();
    for part in raw.split("\x1b[").skip(1) {
        let params: String = part.chars().take_while(|c| c.is_ascii_digit() || *c == ';').collect();
        if part[params.len()..].starts_with('m') {
            found.push(params);
        }
    }
    found
}

/// Whether an SGR escape's parameters set a colour (foreground or
/// background): scanned from the start, as a terminal reads them, up to
/// the first colour.
fn colours(params: &str) -> bool {
    params
        .split(';')
        .map(|p| p.parse::<u32>().unwrap_or(0))
        .any(|p| matches!(p, 30..=38 | 40..=48 | 90..=97 | 100..=107))
}

/// A new player `name` connected with `options` and `env`, playing the
/// engine (White, classic): the screen once the board is drawn, and
/// everything the server sent, escapes included.
fn board_for(
    server: &TestServer,
    dir: &std::path::Path,
    name: &str,
    options: &[&str],
    env: &[(&str, &str)],
) -> (String, String) {
    let key = new_key(dir, name);
    let mut s: PtySession = server.connect_with(&key, options, env);
    s.wait_for("choose your name");
    s.enter(name);
    s.wait_for(&format!("you are {name}"));
    s.enter("engine classic 1 white");
    let screen = s.wait_for("You play White");
    let raw = String::from_utf8_lossy(&s.raw.lock().unwrap()).into_owned();
    hang_up(s);
    (screen, raw)
}

#[test]
fn the_terminals_name_decides_the_colours_and_the_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));

    let (screen, raw) = board_for(&server, dir.path(), "dumbo", &[], &[("TERM", "dumb")]);
    let coloured: Vec<String> = sgr(&raw).into_iter().filter(|p| colours(p)).collect();
    assert!(coloured.is_empty(), "TERM=dumb got colour escapes: {coloured:?}");
    assert!(!screen.contains(FIGURES), "TERM=dumb gets letters for pieces:\n{screen}");
    assert!(screen.lines().any(|l| l.contains('R') && l.contains('N') && l.contains('K')), "{screen}");

    let (screen, raw) = board_for(&server, dir.path(), "indexed", &[], &[("TERM", "xterm-256color")]);
    let drawn = sgr(&raw);
    assert!(drawn.iter().any(|p| p.contains("48;5;")), "the 256-colour palette for xterm-256color");
    let rgb: Vec<&String> = drawn.iter().filter(|p| p.contains("38;2;") || p.contains("48;2;")).collect();
    assert!(rgb.is_empty(), "no 24-bit colour for xterm-256color: {rgb:?}");
    assert!(screen.contains(FIGURES), "{screen}");

    let truecolor = ["-o", "SetEnv=COLORTERM=truecolor"];
    let (_, raw) = board_for(&server, dir.path(), "truec", &truecolor, &[("TERM", "xterm-256color")]);
    assert!(sgr(&raw).iter().any(|p| p.contains("48;2;")), "24-bit colour when the client says COLORTERM=truecolor");

    let (_, raw) = board_for(&server, dir.path(), "unknowns", &[], &[("TERM", "frobterm-3000")]);
    assert!(!sgr(&raw).iter().any(|p| colours(p)), "an unknown terminal gets no colour");
    drop(server);
}
