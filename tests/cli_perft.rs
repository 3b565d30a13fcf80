//! `wormhole perft` through the real binary.

mod common;

use common::wormhole;

#[test]
fn perft_prints_nodes_last() {
    let out = wormhole(&["perft", "3"]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().last(), Some("Nodes searched: 23873"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Mnps"));
}

#[test]
fn divide_lists_each_root_move() {
    let out = wormhole(&["perft", "2", "--divide", "--fen", common::DIAGRAM]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 34);
    assert!(lines.contains(&"e7e3: 23"), "{stdout}");
    assert_eq!(lines.last(), Some(&"Nodes searched: 794"));
}

#[test]
fn fairy_variant() {
    let out = wormhole(&["perft", "2", "--variant", "fairy"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().last(), Some("Nodes searched: 959"));
}

#[test]
fn bad_fen_or_variant_exits_non_zero_with_the_reason() {
    let out = wormhole(&["perft", "2", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w 0"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected 8 ranks separated by '/', found 9"));
    let out = wormhole(&["perft", "2", "--variant", "atomic"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown variant 'atomic'"));
}
