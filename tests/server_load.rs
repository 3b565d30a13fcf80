//! The SSH load benchmark (`wormhole-load --ssh`) runs: a short,
//! small load through the real server, every move relayed and stored, and
//! the server's own relay times counted for every screen the clients
//! timed. Its figures are for the README, not checked here (a timed test
//! would be flaky); how they relate is.

use std::process::Command;

/// Runs the benchmark's small load (8 sessions, 2 games, an engine game,
/// 3 s) with `more` arguments; what it printed, once it succeeded.
fn small_load(more: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_wormhole-load"))
        .args(["--ssh", "--sessions", "8", "--games", "2", "--engine-games", "1"])
        .args(["--seconds", "3", "--engine-level", "1"])
        .args(more)
        .arg("--server")
        .arg(env!("CARGO_BIN_EXE_wormhole"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}\n{errors}");
    assert!(text.contains("lost: nothing"), "{text}");
    let moves: usize = text.split("moves: ").nth(1).and_then(|t| t.split_whitespace().next()?.parse().ok()).unwrap();
    assert!(moves >= 5, "the games moved: {text}");
    text
}

/// The number before `unit` on the line starting with `line` (`150
/// screens`), and the line's figure after `name` (`max 17.25 ms`).
fn figures(text: &str, line: &str, unit: &str, name: &str) -> (u64, f64) {
    let line = text.lines().find(|l| l.starts_with(line)).unwrap_or_else(|| panic!("no {line:?} line: {text}"));
    let before = line.split(&format!(" {unit}")).next().unwrap();
    let count = before.rsplit(' ').next().unwrap().parse().unwrap();
    let after = line.split(&format!("{name} ")).nth(1).unwrap_or_else(|| panic!("no {name} in {line:?}"));
    (count, after.split(' ').next().unwrap().parse().unwrap())
}

#[test]
fn the_ssh_load_benchmark_plays_every_move_through() {
    let text = small_load(&[]);
    assert!(text.contains("server CPU"), "{text}");
    // Every screen the clients timed is one relay the server counted: the
    // opponent's and each watcher's, never the mover's own.
    let (screens, client_max) = figures(&text, "relay latency", "screens", "max");
    let (relays, server_p99) = figures(&text, "server-side relay", "relays", "p99");
    assert!(screens > 0, "{text}");
    assert_eq!(relays, screens, "the server counts each other screen of each move once: {text}");
    // The server's part of a relay is within the whole of it.
    assert!(server_p99 <= client_max, "server p99 {server_p99} ms > the clients' max {client_max} ms: {text}");
}

/// With `--nodes 2`: two server nodes on a throwaway PostgreSQL, each
/// game's players on both, every move relayed across and stored once; the
/// servers count the relays within a node only.
#[test]
fn the_ssh_load_benchmark_on_two_nodes_plays_every_move_through() {
    let text = small_load(&["--nodes", "2"]);
    assert!(text.contains("2 node(s) on PostgreSQL"), "{text}");
    let (screens, _) = figures(&text, "relay latency", "screens", "max");
    let (relays, _) = figures(&text, "server-side relay", "relays", "max");
    assert!(relays <= screens, "{relays} relays within a node, {screens} screens in all: {text}");
}
