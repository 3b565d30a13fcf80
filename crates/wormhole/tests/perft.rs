//! Every position of the reference perft suites, to every listed depth.

use wormhole::{Position, Variant, perft};

mod common;

/// Runs each `<fen> ;D1 n ;D2 n ...` line of an EPD file; returns the number checked.
fn check_suite(text: &str, variant: Variant) -> usize {
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let pos = Position::from_fen(fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for field in parts {
            let (depth, nodes) = field.trim().split_once(' ').unwrap();
            let depth: u32 = depth.trim_start_matches('D').parse().unwrap();
            let nodes: u64 = nodes.parse().unwrap();
            assert_eq!(perft(&mut pos.clone(), depth), nodes, "{fen} depth {depth}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn classic_suite() {
    assert!(check_suite(include_str!("data/classic.epd"), Variant::Classic) > 100);
}

#[test]
fn fairy_suite() {
    assert!(check_suite(include_str!("data/fairy.epd"), Variant::Fairy) > 80);
}

/// The seed diagrams: the d3 knight goes to exactly b2 f2 b4 c5 g5 f6.
#[test]
fn seed_diagram_knight() {
    for variant in Variant::ALL {
        let pos = common::diagram(variant);
        let mut targets: Vec<String> =
            pos.legal_moves().iter().filter(|m| m.from().to_string() == "d3").map(|m| m.to().to_string()).collect();
        targets.sort();
        assert_eq!(targets, ["b2", "b4", "c5", "f2", "f6", "g5"], "{variant}");
    }
}
