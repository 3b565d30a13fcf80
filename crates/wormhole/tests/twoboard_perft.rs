//! Two-board portal chess against the reference data of an independent
//! implementation: every position of `twoboard.epd` to every listed depth,
//! and every divide table of `twoboard-divide.txt`.

use std::collections::BTreeMap;

use wormhole::perft::divide;
use wormhole::twoboard::{Position, perft};

/// The `(FEN, [(depth, nodes)])` lines of the EPD suite.
fn suite() -> Vec<(&'static str, Vec<(u32, u64)>)> {
    let text = include_str!("data/twoboard.epd");
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

#[test]
fn every_position_to_every_listed_depth() {
    let mut checked = 0;
    for (fen, counts) in suite() {
        let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), fen, "FEN round trip");
        for (depth, nodes) in counts {
            assert_eq!(perft(&mut pos, depth), nodes, "{fen} depth {depth}");
            checked += 1;
        }
    }
    assert_eq!(checked, 71);
}

#[test]
fn every_divide_table() {
    let text = include_str!("data/twoboard-divide.txt");
    let mut tables = 0;
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).peekable();
    while let Some(header) = lines.next() {
        let fen = header.strip_prefix("FEN: ").unwrap_or_else(|| panic!("expected a FEN line, found '{header}'"));
        let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
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
        let ours: BTreeMap<String, u64> = divide(&mut pos, 2).into_iter().map(|(m, n)| (m.to_string(), n)).collect();
        assert_eq!(ours, expected, "{fen}");
        assert_eq!(Some(ours.values().sum::<u64>()), total, "{fen}");
        tables += 1;
    }
    assert_eq!(tables, 5);
}
