//! The messages of Porthole chess's readers for the common mistakes,
//! checked word for word. That no text panics them is checked in the
//! harness of `parsers_never_panic.rs`.

use wormhole::porthole::{CastlingSide, IllegalMoveError, Move, MoveError, OrthodoxMoveError, Position};
use wormhole::{Color, Role, Rules, Square};

#[test]
fn fen_errors_say_what_and_where() {
    let err = |fen: &str| Position::from_fen(fen).unwrap_err().to_string();
    let k = "4k3/8/8/8/8/8/8/4K3";
    assert_eq!(err(""), "empty FEN");
    assert_eq!(err(&format!("{k} w - - 0")), "expected 4, 6 or 7 space-separated fields, found 5");
    assert_eq!(err("4k3/8/8/8/8/8/4K3 w - -"), "expected 8 ranks separated by '/', found 7");
    assert_eq!(err("4k3/8/8/9/8/8/8/4K3 w - -"), "rank 5 has 9 files (expected 8)");
    assert_eq!(
        err("4k3/8/8/8/3x4/8/8/4K3 w - -"),
        "'x' on rank 4: Porthole chess has no holes (tokens go in the seventh field)"
    );
    assert_eq!(
        err("4k3/8/8/8/3C4/8/8/4K3 w - -"),
        "unknown piece letter 'C' on rank 4 (expected one of KQRBNP, upper case for White)"
    );
    assert_eq!(err(&format!("{k} white - -")), "side to move must be 'w' or 'b', found 'white'");
    assert_eq!(
        err(&format!("{k} w KK -")),
        "castling field must be '-' or letters from 'KQkq' (each once), found 'KK'"
    );
    assert_eq!(err(&format!("{k} w K -")), "castling right 'K' needs the White king on e1 and a rook on h1");
    assert_eq!(err(&format!("{k} w - e9")), "en passant field must be '-' or a square, found 'e9'");
    assert_eq!(err(&format!("{k} w - - x 1")), "halfmove clock must be a number from 0 to 9999, found 'x'");
    assert_eq!(err(&format!("{k} w - - 0 0")), "move number must be a number from 1 to 9999, found '0'");
    assert_eq!(
        err(&format!("{k} w - - 0 1 c2,,d4")),
        "token list 'c2,,d4' has an empty entry (separate squares with single commas, or write '-' for none)"
    );
    assert_eq!(
        err(&format!("{k} w - - 0 1 c9")),
        "token 'c9' is not a square with an optional height (such as c4 or c2*2)"
    );
    assert_eq!(
        err(&format!("{k} w - - 0 1 c2*")),
        "token 'c2*' is not a square with an optional height (such as c4 or c2*2)"
    );
    assert_eq!(
        err(&format!("{k} w - - 0 1 c2,d4,c2")),
        "token square c2 is listed twice (write c2*2 for a stack of two)"
    );
    assert_eq!(err(&format!("{k} w - - 0 1 c2*0")), "token square c2 has height 0 (a height is 1 or more)");
    for signed in ["b4*+2", "b4*-2"] {
        assert_eq!(
            err(&format!("{k} w - - 0 1 {signed}")),
            format!("token '{signed}' is not a square with an optional height (such as c4 or c2*2)"),
            "a height is digits only"
        );
    }
    assert_eq!(err(&format!("{k} w - - 0 1 c2*60,d4*5")), "65 tokens in all (at most 64)");
    assert_eq!(err("4k3/8/8/8/8/8/8/4KK2 w - -"), "White has 2 kings (expected exactly 1)");
    assert_eq!(err("4k3/8/8/8/8/8/8/8 w - -"), "White has 0 kings (expected exactly 1)");
    assert_eq!(err("4k3/8/8/8/8/PPPPPPPP/PPPPPPPP/QQQQK3 w - -"), "White has 21 pieces (at most 16)");
    assert_eq!(err("4k3/8/8/8/8/8/8/4K2r b - -"), "the side not to move (White) is in check");
}

#[test]
fn accepted_fen_forms() {
    let seven = "4k3/8/8/8/8/8/8/4K3 b - - 3 40 c2*2,h1";
    assert_eq!(Position::from_fen(seven).unwrap().fen(), seven);
    let six = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 3 40").unwrap();
    assert_eq!(six.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 3 40 -");
    let four = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - e3").unwrap();
    assert_eq!(four.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -", "the en passant square is ignored");
    let unordered = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 h1,c2*1,a8").unwrap();
    assert_eq!(unordered.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 a8,c2,h1", "tokens are written in FEN order");
    // The token on e1 hides the king from the rook on a1 after it steps away.
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1 e1").unwrap().is_check());
}

#[test]
fn illegal_moves_say_why_with_typed_data() {
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let mut pos = Position::from_fen("4k3/1P6/8/8/8/8/3N4/4K3 w - - 0 1 f3,h8").unwrap();
    let mut refused = |m: Move| pos.play(m).unwrap_err();
    assert_eq!(refused(Move::normal(sq("d2"), sq("f3"), None)), IllegalMoveError::OntoPorthole { square: sq("f3") });
    assert_eq!(
        refused(Move::normal(sq("d2"), sq("d4"), None)),
        IllegalMoveError::Orthodox(OrthodoxMoveError::CannotReach { role: Role::Knight, from: sq("d2"), to: sq("d4") })
    );
    assert_eq!(
        refused(Move::porthole(sq("d2"), sq("h8"), sq("f3"))),
        IllegalMoveError::CannotEnter { role: Role::Knight, from: sq("d2"), entry: sq("h8") }
    );
    assert_eq!(
        refused(Move::normal(sq("b7"), sq("b8"), None)),
        IllegalMoveError::Orthodox(OrthodoxMoveError::MissingPromotion { from: sq("b7"), to: sq("b8") })
    );
    assert_eq!(
        refused(Move::normal(sq("d2"), sq("b3"), Some(Role::Queen))),
        IllegalMoveError::Orthodox(OrthodoxMoveError::PromotionOffLastRank { to: sq("b3") })
    );
    assert_eq!(
        refused(Move::normal(sq("e8"), sq("d8"), None)),
        IllegalMoveError::Orthodox(OrthodoxMoveError::NoPiece { square: sq("e8") })
    );
    let err = refused(Move::castle(Color::White, CastlingSide::King));
    assert_eq!(err.to_string(), "White cannot castle kingside: the right is lost");
    let text = Position::from_fen("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1 f3,h8").unwrap();
    assert!(matches!(text.parse_move("Nf3"), Err(MoveError::NeedsExit { moves, .. }) if moves.len() == 1));
    assert_eq!(text.parse_move("Nf3").unwrap_err().to_string(), "f3 is a porthole: name the exit, as in Nf3>h8");
    assert_eq!(text.parse_move("Ne2e4").unwrap_err().to_string(), "you have no piece on e2");
    assert_eq!(text.parse_move("Nd2d4").unwrap_err().to_string(), "the knight on d2 cannot reach d4");
    assert_eq!(text.parse_move("Bd2e3").unwrap_err().to_string(), "no bishop on d2 can reach e3");
    assert_eq!(text.parse_move("Nbf3>h8").unwrap_err().to_string(), "no knight on the b-file can enter f3");
    let long = format!("{}>c4", "N".repeat(200));
    assert!(text.parse_move(&long).unwrap_err().to_string().len() < 150, "long input is quoted in part");
}

#[test]
fn move_errors_are_distinct() {
    let pos = Position::from_fen("6k1/5ppp/8/8/4n3/p7/2B2PPP/6K1 w - - 0 25 h5,e4,a3,c2").unwrap();
    let err = |text: &str| pos.parse_move(text).unwrap_err().to_string();
    assert_eq!(err("Bxe4>a3"), "a3 is occupied: a piece leaves only from an open porthole");
    assert_eq!(err("Bxe4>e4"), "a piece cannot leave by the porthole it enters (e4)");
    assert_eq!(err("Bxe4>d5"), "d5 is not a porthole");
    assert_eq!(err("Bd3>h5"), "d3 is not a porthole");
    assert_eq!(err("Bxe4"), "e4 is a porthole: name the exit, as in Bxe4>h5");
    assert_eq!(err("Nxe4>h5"), "no knight can enter e4");
    assert_eq!(err("Kc2>h5"), "your own piece stands on c2: it cannot be entered");
    assert_eq!(err("g2e4h5"), "the pawn on g2 cannot enter e4");
    assert_eq!(err("d2e4h5"), "you have no piece on d2");
    assert_eq!(err("Bxe4>h5=Q"), "'Bxe4>h5=Q' is not a move: there is no promotion on a porthole move");
    assert_eq!(err("Bxe4>h"), "'Bxe4>h' is not a move: expected an exit square after '>', such as c4");
    assert_eq!(err("Bxe4=Q>h5"), "'Bxe4=Q>h5' is not a move: there is no promotion on a porthole move");
    assert_eq!(err("Bxe4>h5>a3"), "'Bxe4>h5>a3' is not a move: a porthole move has one '>'");
    assert_eq!(err("Cxe4>h5"), "'Cxe4>h5' is not a move: unknown piece letter");
    assert_eq!(err("O-O"), "White cannot castle kingside: the right is lost");
    assert_eq!(err(""), "'' is not a move: it is empty");
    assert_eq!(err("Bxe4>h5 Bxe4>h5"), "'Bxe4>h5 Bxe4>h5' is not a move: a porthole move has one '>'");

    let check = Position::from_fen("4r2k/8/8/8/8/8/4N3/4K3 w - - 0 40 a6,g6,c3").unwrap();
    assert_eq!(check.parse_move("Nd4").unwrap_err().to_string(), "illegal: Ne2d4 leaves your king attacked");

    let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let cannot = |fen: &str, text: &str| Position::from_fen(fen).unwrap().parse_move(text).unwrap_err().to_string();
    assert_eq!(
        cannot(&format!("{castle} f1"), "O-O"),
        "White cannot castle kingside: a porthole stands between king and rook"
    );
    assert_eq!(
        cannot(&format!("{castle} b1"), "O-O-O"),
        "White cannot castle queenside: a porthole stands between king and rook"
    );
    assert_eq!(
        cannot("r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1", "O-O"),
        "White cannot castle kingside: a piece stands between king and rook"
    );
    assert_eq!(
        cannot("r3k2r/8/8/8/8/8/6q1/R3K2R w KQkq - 0 1", "O-O"),
        "White cannot castle kingside: the king would cross f1, which is attacked"
    );
    assert_eq!(
        cannot("r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1", "O-O-O"),
        "White cannot castle queenside: the king is in check"
    );

    let promote = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(promote.parse_move("b8").unwrap_err().to_string(), "ambiguous: b8=Q+ b8=R+ b8=B b8=N");
    assert_eq!(
        promote.parse_move("b8=K").unwrap_err().to_string(),
        "a pawn cannot promote to a king: choose Q, R, B or N"
    );
    assert_eq!(
        promote.parse_move("Kd2=Q").unwrap_err().to_string(),
        "a pawn promotes only on its last rank, and d2 is not on it"
    );
}

/// A move onto a porthole that no piece of the kind written can make
/// (its path blocked) says so, instead of asking for an exit: after 1.e4
/// e5 2.f3 Nc6 3.fg4>c4 d6 the bishop's way to b5 is blocked by the pawn
/// on c4.
#[test]
fn a_blocked_move_onto_a_porthole_says_no_piece_can_reach_it() {
    let mut pos = Position::new();
    for san in ["e4", "e5", "f3", "Nc6", "f3g4c4", "d6"] {
        pos.play_text(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
    assert_eq!(pos.parse_move("Bb5").unwrap_err().to_string(), "no bishop can reach b5");
    assert!(
        matches!(pos.parse_move("Bb5").unwrap_err(), MoveError::NoMatch { to, .. } if to == "b5".parse::<Square>().unwrap())
    );
    // A piece that does get through is still asked for its exit: the queen
    // reaches f3, where the porthole the pawn went in by now stands.
    assert!(pos.parse_move("Qf3").unwrap_err().to_string().starts_with("f3 is a porthole: name the exit"));
}
