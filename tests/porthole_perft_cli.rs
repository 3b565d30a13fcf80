//! `wormhole perft --variant porthole` through the real binary.

use std::process::Command;

fn wormhole(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_wormhole")).args(args).output().expect("the binary runs")
}

#[test]
fn porthole_perft_from_the_default_start() {
    let out = wormhole(&["perft", "3", "--variant", "porthole"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().last(), Some("Nodes searched: 7118"));
}

#[test]
fn porthole_divide_from_a_pfen_lists_porthole_moves_in_six_characters() {
    let fen = "6k1/5ppp/8/8/8/8/5PPP/4r1K1 w - - 0 30 a6,d4,b3,h1";
    let out = wormhole(&["perft", "2", "--variant", "porthole", "--divide", "--fen", fen]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.pop(), Some("Nodes searched: 66"));
    lines.sort();
    assert_eq!(lines, ["g1h1a6: 22", "g1h1b3: 22", "g1h1d4: 22"], "{stdout}");
}

#[test]
fn a_bad_pfen_or_variant_says_why() {
    let out = wormhole(&["perft", "2", "--variant", "porthole", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 c2,c2"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("token square c2 is listed twice"));
    let out = wormhole(&["perft", "2", "--variant", "portal"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("expected 'classic', 'fairy', 'porthole', 'linked' or 'twoboard'")
    );
}
