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

/// With no tokens Porthole chess is orthodox chess without en passant. The
/// Chess Programming Wiki's perft positions check the orthodox part (castling,
/// promotions, pins, checks) where en passant cannot change the count, or
/// changes it only at the last ply, where its captures are subtracted:
/// Kiwipete depth 2 is 2039 with 1 en passant capture, position 4 depth 3 is
/// 9467 with 4.
#[test]
fn orthodox_positions_without_tokens() {
    for (fen, counts) in [
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &[48, 2039 - 1][..]),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", &[6, 264, 9467 - 4]),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", &[44, 1486, 62379]),
        ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", &[46, 2079, 89890]),
    ] {
        let mut pos = Position::from_fen(fen).unwrap();
        for (depth, &nodes) in (1..).zip(counts) {
            assert_eq!(perft(&mut pos, depth), nodes, "{fen} depth {depth}");
        }
    }
}
