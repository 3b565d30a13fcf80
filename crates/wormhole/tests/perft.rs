//! The perft harness, one generic check per kind of reference data, run for
//! every game: each position of a game's EPD suite to every listed depth,
//! and each divide table (every root move, its notation read back, its
//! subtree count). A new game joins with one line per data file below.

use std::collections::BTreeMap;

use wormhole::{GameKind, ListedGame, Position, perft};
use wormhole::{linked, porthole, twoboard};

mod common;

/// Runs each `<fen> ;D1 n ;D2 n ...` line of an EPD file of `kind`, to
/// every listed depth up to `max_depth`; returns the number checked.
fn check_epd<P: ListedGame>(kind: GameKind, text: &str, max_depth: u32) -> usize {
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let pos = P::from_fen_in(kind, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for field in parts {
            let (depth, nodes) = field.trim().split_once(' ').unwrap();
            let depth: u32 = depth.trim_start_matches('D').parse().unwrap();
            let nodes: u64 = nodes.parse().unwrap();
            if depth <= max_depth {
                assert_eq!(perft(&mut pos.clone(), depth), nodes, "{fen} depth {depth}");
                checked += 1;
            }
        }
    }
    checked
}

/// One divide table of a reference file: the position, the depth, each
/// root move (as the reference writes it, in coordinates, its count) and,
/// when the file gives it, the total.
struct Divide {
    kind: GameKind,
    fen: String,
    depth: u32,
    rows: Vec<(String, String, u64)>,
    total: Option<u64>,
}

/// Checks one table: each written move reads back as the move of its
/// coordinates, and the divide of the library is the table.
fn check_divide<P: ListedGame>(table: &Divide) {
    let fen = &table.fen;
    let mut pos = P::from_fen_in(table.kind, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut expected = BTreeMap::new();
    for (written, coord, count) in &table.rows {
        let m = pos.parse_move(written).unwrap_or_else(|e| panic!("{fen}: {written}: {e}"));
        assert_eq!(m.to_string(), *coord, "{fen}: {written}");
        expected.insert(coord.clone(), *count);
    }
    let ours: BTreeMap<String, u64> =
        perft::divide(&mut pos, table.depth).into_iter().map(|(m, n)| (m.to_string(), n)).collect();
    assert_eq!(ours, expected, "{fen} depth {}", table.depth);
    if let Some(total) = table.total {
        assert_eq!(ours.values().sum::<u64>(), total, "{fen}");
    }
}

/// The tables of `divide.txt` (Wormhole chess, from the vchess site):
/// `<game> <fen> ;divide depth D total N`, then `  <coord> <vchess> <count>` rows.
fn vchess_divides(text: &str) -> Vec<Divide> {
    let mut tables = Vec::new();
    let mut lines = text.lines().filter(|l| !l.starts_with('#')).peekable();
    while let Some(header) = lines.next() {
        let (head, tail) = header.split_once(" ;divide depth ").expect("header line");
        let (kind, fen) = head.split_once(' ').unwrap();
        let depth: u32 = tail.split_whitespace().next().unwrap().parse().unwrap();
        let mut rows = Vec::new();
        while let Some(row) = lines.next_if(|l| l.starts_with("  ")) {
            let fields: Vec<&str> = row.split_whitespace().collect();
            let [coord, vchess, count] = fields[..] else { panic!("bad row '{row}'") };
            rows.push((vchess.to_string(), coord.to_string(), count.parse().unwrap()));
        }
        tables.push(Divide { kind: kind.parse().unwrap(), fen: fen.to_string(), depth, rows, total: None });
    }
    tables
}

/// The tables of `porthole-divide.txt`, `linked-divide.txt` and
/// `twoboard-divide.txt`: a `<header><fen>` line, `<coord>: <count>` rows
/// and `Nodes searched: N`, all at depth 2.
fn coordinate_divides(kind: GameKind, header_prefix: &str, text: &str) -> Vec<Divide> {
    let mut tables = Vec::new();
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    while let Some(header) = lines.next() {
        let fen = header
            .strip_prefix(header_prefix)
            .unwrap_or_else(|| panic!("expected '{header_prefix}', found '{header}'"));
        let (mut rows, mut total) = (Vec::new(), None);
        for row in lines.by_ref() {
            if let Some(n) = row.strip_prefix("Nodes searched: ") {
                total = Some(n.parse().unwrap());
                break;
            }
            let (coord, count) = row.split_once(": ").unwrap();
            rows.push((coord.to_string(), coord.to_string(), count.parse().unwrap()));
        }
        assert!(total.is_some(), "{fen}: no 'Nodes searched' line");
        tables.push(Divide { kind, fen: fen.to_string(), depth: 2, rows, total });
    }
    tables
}

// The instantiations: one line per game and data file.

#[test]
fn classic_epd() {
    assert!(check_epd::<Position>(GameKind::Classic, include_str!("data/classic.epd"), u32::MAX) > 100);
}

#[test]
fn fairy_epd() {
    assert!(check_epd::<Position>(GameKind::Fairy, include_str!("data/fairy.epd"), u32::MAX) > 80);
}

#[test]
fn porthole_epd() {
    assert_eq!(check_epd::<porthole::Position>(GameKind::Porthole, include_str!("data/porthole.epd"), 4), 17 * 4);
}

/// The reference divide tables, with the moves as the vchess site writes
/// them (`Nd3xf6`, `b7xa8=Q`), which our notation parser must read.
#[test]
fn wormhole_divides_and_vchess_notation() {
    let tables = vchess_divides(include_str!("data/divide.txt"));
    tables.iter().for_each(check_divide::<Position>);
    assert!(tables.len() >= 60, "only {} tables", tables.len());
}

#[test]
fn porthole_divides() {
    let tables = coordinate_divides(GameKind::Porthole, "PFEN: ", include_str!("data/porthole-divide.txt"));
    tables.iter().for_each(check_divide::<porthole::Position>);
    assert_eq!(tables.len(), 6);
}

#[test]
fn linked_epd() {
    assert_eq!(check_epd::<linked::Position>(GameKind::Linked, include_str!("data/linked.epd"), u32::MAX), 19 * 3 + 11);
}

#[test]
fn linked_divides() {
    let tables = coordinate_divides(GameKind::Linked, "FEN: ", include_str!("data/linked-divide.txt"));
    tables.iter().for_each(check_divide::<linked::Position>);
    assert_eq!(tables.len(), 5);
}

#[test]
fn twoboard_epd() {
    assert_eq!(check_epd::<twoboard::Position>(GameKind::Twoboard, include_str!("data/twoboard.epd"), u32::MAX), 71);
}

#[test]
fn twoboard_divides() {
    let tables = coordinate_divides(GameKind::Twoboard, "FEN: ", include_str!("data/twoboard-divide.txt"));
    tables.iter().for_each(check_divide::<twoboard::Position>);
    assert_eq!(tables.len(), 5);
}

/// The diagram of the rules (docs/wormhole.md#worked-examples, example 2):
/// the d3 knight goes to exactly b2 f2 b4 c5 g5 f6.
#[test]
fn seed_diagram_knight() {
    for variant in wormhole::Variant::ALL {
        let pos = common::diagram(variant);
        let mut targets: Vec<String> =
            pos.legal_moves().iter().filter(|m| m.from().to_string() == "d3").map(|m| m.to().to_string()).collect();
        targets.sort();
        assert_eq!(targets, ["b2", "b4", "c5", "f2", "f6", "g5"], "{variant}");
    }
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
        let mut pos = porthole::Position::from_fen(fen).unwrap();
        for (depth, &nodes) in (1..).zip(counts) {
            assert_eq!(perft(&mut pos, depth), nodes, "{fen} depth {depth}");
        }
    }
}

/// Linked-portal chess with no active portal is orthodox chess (en passant
/// and castling included), and its moves then come from the shared
/// orthodox generator: the standard perft counts of orthodox test positions
/// (the start, Kiwipete and positions 3 to 6 of the usual suite), with the
/// portal field `-`, and one with a frozen portal.
#[test]
fn linked_without_active_portals_is_orthodox_chess() {
    for (fen, counts) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -", &[20, 400, 8902, 197281][..]),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 -", &[48, 2039, 97862]),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 -", &[14, 191, 2812, 43238]),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1 -", &[6, 264, 9467]),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 -", &[44, 1486, 62379]),
        ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10 -", &[46, 2079, 89890]),
        ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10 a3,a3", &[46, 2079, 89890]),
    ] {
        let mut pos = linked::Position::from_fen(fen).unwrap();
        for (depth, &nodes) in (1..).zip(counts) {
            assert_eq!(perft(&mut pos, depth), nodes, "{fen} depth {depth}");
        }
    }
}
