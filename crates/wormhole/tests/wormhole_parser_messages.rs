//! The messages of Wormhole chess's readers: FEN errors say what and
//! where, ply counts, quotes cut to 80 characters, the accepted FEN forms,
//! distinct move errors. That no text panics them is checked in the
//! harness of `parsers_never_panic.rs`.

use wormhole::pgn::PgnGame;
use wormhole::{FenError, Position, Square, Variant};

mod common;

#[test]
fn fen_errors_say_what_and_where() {
    let err = |fen: &str| Position::from_fen(fen, Variant::Classic).unwrap_err().to_string();
    assert_eq!(err("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0"), "rank 7 has 9 files (expected 8)");
    assert_eq!(err("rnbqkbnr/pppppppp/8/8/z7/8/PPPPPPPP/RNBQKBNR w 0"), "unknown piece letter 'z' on rank 4");
    assert_eq!(err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w 0"), "White has 2 kings (expected exactly 1)");
    assert_eq!(err("4k3/4Q3/8/8/8/8/8/4K3 w 0"), "the side not to move (black) is in check");
    assert_eq!(err("4k3/8/8/8/8/8/8/3QK3 q 0"), "side to move must be 'w' or 'b', found 'q'");
    assert_eq!(err("4k3/8/8/8/8/8/8/3PK3 w 0"), "White pawn on d1, its own first rank");
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1"),
        "castling field must be '-' (there is no castling in Wormhole chess), found 'KQkq'"
    );
    assert_eq!(err("4k3/8/8/8/8/8/8/3CK3 w 0"), "champion on d1 is not part of the classic piece set");
    assert_eq!(err("4k3/8/8/8/8/8/8 w 0"), "expected 8 ranks separated by '/', found 7");
    assert_eq!(err("4k3/8/8/8/8/8/8/4K3 w 0 5"), "expected 1, 2, 3 or 6 space-separated fields, found 4");
    assert_eq!(err(""), "empty FEN");
}

#[test]
fn ply_count_is_between_the_holes_and_64_more() {
    let err = |fen: &str| Position::from_fen(fen, Variant::Classic).unwrap_err();
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w 200").to_string(),
        "ply count 200 exceeds the number of holes (0) by more than 64"
    );
    assert_eq!(err("4k3/8/8/8/8/8/8/4K3 b 65"), FenError::TooManyPlies { plies: 65, holes: 0 });
    assert_eq!(err("4k3/8/8/8/8/8/8/4K3 w - - 0 34"), FenError::TooManyPlies { plies: 66, holes: 0 });
    assert_eq!(err("4k3/8/8/8/8/8/xxx5/4K3 w 2"), FenError::PliesBelowHoles { plies: 2, holes: 3 });
    assert_eq!(
        err("4k3/8/8/8/8/8/xxx5/4K3 w 2").to_string(),
        "ply count 2 is below the number of holes (3): every ply makes one hole"
    );
    // The rules' diagram starts mid-game: 17 plies with 14 holes.
    assert!(Position::from_fen(common::DIAGRAM, Variant::Classic).is_ok());
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w 64", Variant::Classic).is_ok());
    assert!(Position::from_fen("4k3/8/8/8/8/8/xxx5/4K3 b 67", Variant::Classic).is_ok());
}

#[test]
fn messages_quote_at_most_80_characters() {
    let long = "z".repeat(10_000);
    let messages = [
        Position::from_fen(&format!("4k3/8/8/8/8/8/8/4K3 {long}"), Variant::Classic).unwrap_err().to_string(),
        Position::from_fen(&format!("4k3/8/8/8/8/8/8/4K3 w {long}"), Variant::Classic).unwrap_err().to_string(),
        Position::from_fen(&format!("4k3/8/8/8/8/8/8/4K3 w {long} - 0 1"), Variant::Classic).unwrap_err().to_string(),
        Position::new(Variant::Classic).parse_move(&long).unwrap_err().to_string(),
        PgnGame::parse(&format!("[Event {long}]\n\n*")).unwrap_err().to_string(),
        PgnGame::parse(&format!("[Variant \"{long}\"]\n\n*")).unwrap_err().to_string(),
        PgnGame::parse(&format!("1. e4 {long} *")).unwrap_err().to_string(),
        long.parse::<Square>().unwrap_err().to_string(),
        long.parse::<Variant>().unwrap_err().to_string(),
    ];
    for message in messages {
        assert!(message.len() < 250, "{message}");
        assert!(message.contains("z...") && !message.contains(&"z".repeat(78)), "{message}");
    }
}

#[test]
fn accepted_fen_forms() {
    let full = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b 7", Variant::Classic).unwrap();
    assert_eq!(full.fen(), "4k3/8/8/8/8/8/8/4K3 b 7");
    let placement = Position::from_fen("4k3/8/8/8/8/8/8/4K3", Variant::Classic).unwrap();
    assert_eq!(placement.fen(), "4k3/8/8/8/8/8/8/4K3 w 0");
    let two = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b", Variant::Classic).unwrap();
    assert_eq!(two.fen(), "4k3/8/8/8/8/8/8/4K3 b 1");
    // Without a count: the holes, rounded up to the side to move.
    let holes = |fen: &str| Position::from_fen(fen, Variant::Classic).unwrap().fen();
    assert_eq!(holes("4k3/8/8/8/8/8/xxx5/4K3"), "4k3/8/8/8/8/8/xxx5/4K3 w 4");
    assert_eq!(holes("4k3/8/8/8/8/8/xxx5/4K3 b"), "4k3/8/8/8/8/8/xxx5/4K3 b 3");
    assert_eq!(holes("4k3/8/8/8/8/8/xxxx4/4K3 b"), "4k3/8/8/8/8/8/xxxx4/4K3 b 5");
    let six = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 4", Variant::Classic).unwrap();
    assert_eq!(six.fen(), "4k3/8/8/8/8/8/8/4K3 b 7");
}

#[test]
fn move_errors_are_distinct() {
    let pos = common::diagram(Variant::Classic);
    let err = |text: &str| pos.parse_move(text).unwrap_err().to_string();
    assert_eq!(err("Nh6"), "no knight can reach h6");
    assert_eq!(err("Zf6"), "'Zf6' is not a move: unknown piece letter");
    assert_eq!(err("nf6"), "'nf6' is not a move: piece letters are upper case (N, not n)");
    assert_eq!(err("O-O"), "'O-O' is not a move: there is no castling in Wormhole chess");
    assert_eq!(err("h2h3"), "you have no piece on h2");
    assert_eq!(err("d8d7"), "d8 is a hole: no piece stands there");
    assert_eq!(err("Kc7"), "c7 is a hole: no piece can move there (pieces skip holes)");
    assert!(err("xyz").starts_with("'xyz' is not a move"));
    assert_eq!(pos.san(pos.parse_move("exf6").unwrap()), "exf6");

    let check = Position::from_fen("4k3/8/8/8/8/8/4r3/4K3 w 0", Variant::Classic).unwrap();
    assert_eq!(check.parse_move("Kd2").unwrap_err().to_string(), "illegal: Ke1d2 leaves your king attacked");
    let pawn = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w 0", Variant::Classic).unwrap();
    assert_eq!(
        pawn.parse_move("b8=Q").unwrap_err().to_string(),
        "a pawn promotes only by capturing: b8 would stay a pawn"
    );
    assert_eq!(pawn.san(pawn.parse_move("b8").unwrap()), "b8");
    let twins = Position::from_fen("4k3/8/8/8/8/8/8/1N1NK3 w 0", Variant::Classic).unwrap();
    assert_eq!(twins.parse_move("Nc3").unwrap_err().to_string(), "ambiguous: Nbc3 Ndc3");
    assert_eq!(twins.san(twins.parse_move("b1c3").unwrap()), "Nbc3");
}
