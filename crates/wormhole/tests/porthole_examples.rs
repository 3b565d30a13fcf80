//! The worked examples of docs/porthole.md#worked-examples, move by move:
//! the legal move lists, the SAN, and the resulting PFEN (examples 2 to 5);
//! and the default start (example 1).

use wormhole::Rules;
use wormhole::porthole::{Move, MoveError, PortholeGroup, Position};

fn sorted_coordinates(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

/// Plays `text` (read back from its SAN too), checks the SAN and the PFEN after.
fn play(fen: &str, text: &str, san: &str, after: &str) -> Move {
    let pos = Position::from_fen(fen).unwrap();
    let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(pos.san(m), san);
    assert_eq!(pos.parse_move(san), Ok(m));
    let mut next = pos.clone();
    next.play(m).unwrap();
    assert_eq!(next.fen(), after);
    m
}

#[test]
fn example_2_pawn_through_g4_to_c4() {
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2 b5,c5,f5,g5,b4,c4,f4,g4";
    let pos = Position::from_fen(fen).unwrap();
    assert_eq!(pos.legal_moves().len(), 22);
    let mut via_g4: Vec<String> =
        pos.legal_moves().iter().filter(|m| m.to_string().starts_with("f3g4")).map(|m| m.to_string()).collect();
    via_g4.sort();
    assert_eq!(via_g4, ["f3g4b4", "f3g4b5", "f3g4c4", "f3g4c5", "f3g4f4", "f3g4f5", "f3g4g5"]);
    let m = play(
        fen,
        "f3g4c4",
        "fg4>c4",
        "rnbqkbnr/pppp1ppp/8/4p3/2P5/8/PPPPP1PP/RNBQKBNR b KQkq - 0 2 b5,c5,f5,g5,b4,c4,f4,f3",
    );
    assert_eq!(pos.parse_move("fg4→c4"), Ok(m));
    assert_eq!(pos.parse_move("f3g4>c4"), Ok(m));
    // Without an exit, the text lists the seven ways out, and the move list
    // groups them under their entry.
    let err = pos.parse_move("fg4").unwrap_err();
    assert_eq!(
        err.to_string(),
        "g4 is a porthole: name the exit: fg4>b4, fg4>c4, fg4>f4, fg4>b5, fg4>c5, fg4>f5 or fg4>g5"
    );
    assert!(matches!(err, MoveError::NeedsExit { moves, .. } if moves.len() == 7));
    let groups: Vec<PortholeGroup> = pos.legal_moves().porthole_groups().collect();
    let f3 = groups.iter().find(|g| g.origin.to_string() == "f3").unwrap();
    assert_eq!((f3.entry.to_string(), f3.exits.count()), ("g4".to_string(), 7));
}

#[test]
fn example_3_king_escapes_by_porthole() {
    let fen = "6k1/5ppp/8/8/8/8/5PPP/4r1K1 w - - 0 30 a6,d4,b3,h1";
    let pos = Position::from_fen(fen).unwrap();
    assert!(pos.is_check());
    assert_eq!(sorted_coordinates(&pos), ["g1h1a6", "g1h1b3", "g1h1d4"]);
    let mut sans: Vec<String> = pos.legal_moves().iter().map(|m| pos.san(m)).collect();
    sans.sort();
    assert_eq!(sans, ["Kh1>a6", "Kh1>b3", "Kh1>d4"]);
    let after = "6k1/5ppp/8/8/3K4/8/5PPP/4r3 b - - 1 30 a6,d4,b3,g1";
    play(fen, "Kh1>d4", "Kh1>d4", after);
    play(fen, "Kg1h1>d4", "Kh1>d4", after);
    // The token now on g1 blocks the rook's line to h1 and beyond.
    assert!(!Position::from_fen(after).unwrap().attackers("h1".parse().unwrap(), wormhole::Color::Black).any());
}

#[test]
fn example_4_bishop_captures_on_entry() {
    let fen = "6k1/5ppp/8/8/4n3/p7/2B2PPP/6K1 w - - 0 25 h5,e4,a3,c2";
    let pos = Position::from_fen(fen).unwrap();
    let entries: Vec<String> = pos.legal_moves().iter().filter(|m| m.entry().is_some()).map(|m| pos.san(m)).collect();
    assert_eq!(entries, ["Bxe4>h5"], "a3 is occupied and c2 is the bishop's own square");
    assert_eq!(pos.legal_moves().len(), 14);
    play(fen, "Bxe4>h5", "Bxe4>h5", "6k1/5ppp/8/7B/8/p7/5PPP/6K1 b - - 0 25 h5,a3,c2*2");
}

#[test]
fn example_5_pinned_knight_teleports() {
    let fen = "4r2k/8/8/8/8/8/4N3/4K3 w - - 0 40 a6,g6,c3";
    let pos = Position::from_fen(fen).unwrap();
    assert_eq!(sorted_coordinates(&pos), ["e1d1", "e1d2", "e1f1", "e1f2", "e2c3a6", "e2c3g6"]);
    play(fen, "Nc3>g6", "Nc3>g6+", "4r2k/8/6N1/8/8/8/8/4K3 b - - 1 40 a6,g6,e2");
}

#[test]
fn default_start_has_16_moves() {
    let pos = Position::new();
    assert_eq!(
        sorted_coordinates(&pos),
        [
            "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "c2c3", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3", "g1f3", "g1h3",
            "g2g3", "h2h3", "h2h4"
        ]
    );
    assert_eq!(pos.fen(), wormhole::porthole::fen::START);
}
