//! Porthole chess against the reference data of an independent
//! implementation: every position of `porthole.epd` to every listed depth,
//! and every divide table of `porthole-divide.txt`.

use std::collections::BTreeMap;

use wormhole::porthole::{Position, perft};

/// The `(PFEN, [(depth, nodes)])` lines of the EPD suite.
fn suite() -> Vec<(&'static str, Vec<(u32, u64)>)> {
    let text = include_str!("data/porthole.epd");
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

/// Checks every listed depth up to `max_depth`; returns the number checked.
fn check_suite(max_depth: u32) -> usize {
    let mut checked = 0;
    for (fen, counts) in suite() {
        let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, nodes) in counts.into_iter().filter(|&(d, _)| d <= max_depth) {
            assert_eq!(perft(&mut pos, depth), nodes, "{fen} depth {depth}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_position_to_every_listed_depth() {
    assert_eq!(check_suite(4), 17 * 4);
}

#[test]
fn every_divide_table() {
    let text = include_str!("data/porthole-divide.txt");
    let mut tables = 0;
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).peekable();
    while let Some(header) = lines.next() {
        let fen = header.strip_prefix("PFEN: ").unwrap_or_else(|| panic!("expected a PFEN line, found '{header}'"));
        let mut pos = Position::from_fen(fen).unwrap();
        let mut expected = BTreeMap::new();
        let mut total = None;
        for row in lines.by_ref() {
            if let Some(n) = row.strip_prefix("Nodes searched: ") {
                total = Some(n.parse::<u64>().unwrap());
                break;
            }
            let (coord, count) = row.split_once(": ").unwrap();
            let m = pos.parse_move(coord).unwrap_or_else(|e| panic!("{fen}: {coord}: {e}"));
            assert_eq!(m.to_string(), coord, "{fen}");
            expected.insert(coord.to_string(), count.parse::<u64>().unwrap());
        }
        let ours: BTreeMap<String, u64> =
            wormhole::porthole::perft::divide(&mut pos, 2).into_iter().map(|(m, n)| (m.to_string(), n)).collect();
        assert_eq!(ours, expected, "{fen}");
        assert_eq!(Some(ours.values().sum::<u64>()), total, "{fen}");
        tables += 1;
    }
    assert_eq!(tables, 6);
}
