//! The SSH load benchmark (`examples/ssh_load`) runs: a short, small load
//! through the real server, every move relayed and stored. Its figures
//! are for the README, not checked here (a timed test would be flaky).

use std::path::PathBuf;
use std::process::Command;

/// The example's binary, built by `cargo test` beside the app's.
fn example() -> PathBuf {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_wormhole"));
    let path = bin.parent().unwrap().join("examples").join("ssh_load");
    assert!(
        path.exists(),
        "{} is missing: `cargo test` builds it (or `cargo build --release --examples`)",
        path.display()
    );
    path
}

#[test]
fn the_ssh_load_benchmark_plays_every_move_through() {
    let out = Command::new(example())
        .args(["--sessions", "8", "--games", "2", "--engine-games", "1", "--seconds", "3", "--engine-level", "1"])
        .arg("--binary")
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
