//! The SSH load benchmark (`wormhole-load --ssh`) runs: a short,
//! small load through the real server, every move relayed and stored. Its
//! figures are for the README, not checked here (a timed test would be
//! flaky).

use std::process::Command;

#[test]
fn the_ssh_load_benchmark_plays_every_move_through() {
    let out = Command::new(env!("CARGO_BIN_EXE_wormhole-load"))
        .args(["--ssh", "--sessions", "8", "--games", "2", "--engine-games", "1"])
        .args(["--seconds", "3", "--engine-level", "1"])
        .arg("--server")
        .arg(env!("CARGO_BIN_EXE_wormhole"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}\n{errors}");
    assert!(text.contains("lost: nothing"), "{text}");
    let moves: usize = text.split("moves: ").nth(1).and_then(|t| t.split_whitespace().next()?.parse().ok()).unwrap();
    assert!(moves >= 5, "the games moved: {text}");
    assert!(text.contains("relay latency") && text.contains("server CPU"), "{text}");
}

/// With `--nodes 2`: two server nodes on a throwaway PostgreSQL, each
/// game's players on both, every move relayed across and stored once.
#[test]
fn the_ssh_load_benchmark_on_two_nodes_plays_every_move_through() {
    let out = Command::new(env!("CARGO_BIN_EXE_wormhole-load"))
        .args(["--ssh", "--nodes", "2", "--sessions", "8", "--games", "2", "--engine-games", "1"])
        .args(["--seconds", "3", "--engine-level", "1"])
        .arg("--server")
        .arg(env!("CARGO_BIN_EXE_wormhole"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}\n{errors}");
    assert!(text.contains("2 node(s) on PostgreSQL"), "{text}");
    assert!(text.contains("lost: nothing"), "{text}");
    let moves: usize = text.split("moves: ").nth(1).and_then(|t| t.split_whitespace().next()?.parse().ok()).unwrap();
    assert!(moves >= 5, "the games moved: {text}");
}
