//! The reference divide tables: every root move with its subtree count, and
//! the move as the vchess site writes it (`Nd3xf6`, `b7xa8=Q`), which our
//! notation parser must read as the same move.

use std::collections::BTreeMap;

use wormhole::{Position, Variant, perft};

#[test]
fn divide_tables_and_vchess_notation() {
    let text = include_str!("data/divide.txt");
    let mut tables = 0;
    let mut lines = text.lines().filter(|l| !l.starts_with('#')).peekable();
    while let Some(header) = lines.next() {
        let (head, tail) = header.split_once(" ;divide depth ").expect("header line");
        let (variant, fen) = head.split_once(' ').unwrap();
        let variant: Variant = variant.parse().unwrap();
        let depth: u32 = tail.split_whitespace().next().unwrap().parse().unwrap();
        let pos = Position::from_fen(fen, variant).unwrap();

        let mut expected = BTreeMap::new();
        while let Some(row) = lines.next_if(|l| l.starts_with("  ")) {
            let fields: Vec<&str> = row.split_whitespace().collect();
            let [coord, vchess, count] = fields[..] else { panic!("bad row '{row}'") };
            let m = pos.parse_move(vchess).unwrap_or_else(|e| panic!("{fen}: {vchess}: {e}"));
            assert_eq!(m.to_string(), coord, "{fen}: {vchess}");
            expected.insert(coord.to_string(), count.parse::<u64>().unwrap());
        }
        let ours: BTreeMap<String, u64> =
            perft::divide(&mut pos.clone(), depth).into_iter().map(|(m, n)| (m.to_string(), n)).collect();
        assert_eq!(ours, expected, "{fen} depth {depth}");
        tables += 1;
    }
    assert!(tables >= 60, "only {tables} tables");
}
