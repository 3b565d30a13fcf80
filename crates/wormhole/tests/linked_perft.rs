//! Linked-portal chess against the reference data of an independent
//! implementation: every position of `linked.epd` to every listed depth,
//! every divide table of `linked-divide.txt`, and orthodox chess (portal
//! field `-`) against the standard perft table.

use std::collections::BTreeMap;

use wormhole::linked::{Position, perft};

/// The `(FEN, [(depth, nodes)])` lines of the EPD suite.
fn suite() -> Vec<(&'static str, Vec<(u32, u64)>)> {
    let text = include_str!("data/linked.epd");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim();
            let counts = parts
                .map(|field| {
                    let (depth, nodes) = field.trim().split_once(' ').unwrap();
                    (depth.trim_start_matches('D').parse().unwrap(), nodes.parse().unwrap())
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

/// Checks every listed depth from `min_depth` to `max_depth`; returns the number checked.
fn check_suite(min_depth: u32, max_depth: u32) -> usize {
    let mut checked = 0;
    for (fen, counts) in suite() {
        let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), fen, "FEN round trip");
        for (depth, nodes) in counts.into_iter().filter(|&(d, _)| (min_depth..=max_depth).contains(&d)) {
            assert_eq!(perft(&mut pos, depth), nodes, "{fen} depth {depth}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_position_to_depth_3() {
    assert_eq!(check_suite(1, 3), 19 * 3);
}

#[test]
fn every_position_at_depth_4() {
    assert_eq!(check_suite(4, 4), 11);
}

#[test]
fn every_divide_table() {
    let text = include_str!("data/linked-divide.txt");
    let mut tables = 0;
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).peekable();
    while let Some(header) = lines.next() {
        let fen = header.strip_prefix("FEN: ").unwrap_or_else(|| panic!("expected a FEN line, found '{header}'"));
        let mut pos = Position::from_fen(fen).unwrap();
        let mut expected = BTreeMap::new();
        let mut total = None;
        for row in lines.by_ref() {
            if let Some(n) = row.strip_prefix("Nodes searched: ") {
                total = Some(n.parse::<u64>().unwrap());
                break;
            }
            let (coord, count) = row.split_once(": ").unwrap();
            expected.insert(coord.to_string(), count.parse::<u64>().unwrap());
        }
        let ours: BTreeMap<String, u64> =
            perft::divide(&mut pos, 2).into_iter().map(|(m, n)| (m.to_string(), n)).collect();
        assert_eq!(ours, expected, "{fen}");
        assert_eq!(Some(ours.values().sum::<u64>()), total, "{fen}");
        tables += 1;
    }
    assert_eq!(tables, 5);
}

/// With the portal field `-` the game is orthodox chess, en passant included.
#[test]
fn no_portals_is_orthodox_chess() {
    let cases: [(&str, &[u64]); 3] = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -", &[20, 400, 8902, 197281, 4865609]),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &[48, 2039, 97862]),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[14, 191, 2812, 43238]),
    ];
    for (fen, counts) in cases {
        let mut pos = Position::from_fen(fen).unwrap();
        for (depth, &nodes) in (1..).zip(counts) {
            assert_eq!(perft(&mut pos, depth), nodes, "{fen} depth {depth}");
        }
    }
}
