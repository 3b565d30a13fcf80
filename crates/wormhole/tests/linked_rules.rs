//! Linked-portal chess beyond the shared harnesses (the perft suite and
//! divide tables run in `perft.rs`): the suite's FENs are written back
//! exactly as read, and with the portal field `-` the game is orthodox
//! chess, checked against the standard perft table.

use wormhole::linked::{Position, perft};

#[test]
fn suite_fens_are_written_back_as_read() {
    for line in include_str!("data/linked.epd").lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fen = line.split(';').next().unwrap().trim();
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), fen, "FEN round trip");
    }
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
