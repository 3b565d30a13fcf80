//! The messages of Linked-portal chess for the common FEN and move
//! mistakes, word for word, and the illegal moves refused with typed data
//! (that no text panics the readers is checked in `parsers_never_panic.rs`).

use wormhole::linked::{IllegalMoveError, Move, OrthodoxMoveError, Position};
use wormhole::{Role, Rules, Square};

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
        "unknown piece letter 'x' on rank 4 (expected one of KQRBNP, upper case for White)"
    );
    assert_eq!(err(&format!("{k} white - -")), "side to move must be 'w' or 'b', found 'white'");
    assert_eq!(
        err(&format!("{k} w KK -")),
        "castling field must be '-' or letters from 'KQkq' (each once), found 'KK'"
    );
    assert_eq!(err(&format!("{k} w K -")), "castling right 'K' needs the White king on e1 and a rook on h1");
    assert_eq!(err(&format!("{k} w - e9")), "en passant field must be '-' or a square, found 'e9'");
    assert_eq!(
        err(&format!("{k} w - e6")),
        "en passant square e6 does not follow a double step of the side that just moved"
    );
    assert_eq!(err(&format!("{k} w - - x 1")), "halfmove clock must be a number from 0 to 9999, found 'x'");
    assert_eq!(err(&format!("{k} w - - 0 0")), "move number must be a number from 1 to 9999, found '0'");
    assert_eq!(
        err(&format!("{k} w - - 0 1 e4")),
        "portal field must be '-' or White's and Black's portal squares such as 'e4,a5', found 'e4'"
    );
    assert_eq!(
        err("4k3/8/8/p7/4P3/8/8/4K3 w - - 0 1 e4,a5"),
        "both portal cells (e4 and a5) hold a piece: at most one piece stands on the joined square"
    );
    assert_eq!(err("4k2P/8/8/8/8/8/8/4K3 w - -"), "a White pawn stands on h8, its last rank");
    assert_eq!(err("4k3/8/8/8/8/8/8/4KK2 w - -"), "White has 2 kings (expected exactly 1)");
    assert_eq!(err("4k3/8/8/8/8/8/8/4K2r b - -"), "the side not to move (White) is in check");
    // Through the portal: the rook on a1 goes a2..a4, enters a5, comes out of e4 and reaches e8.
    assert_eq!(err("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 e4,a5"), "the side not to move (Black) is in check");
}

#[test]
fn accepted_fen_forms() {
    let six = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 3 40").unwrap();
    assert_eq!(six.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 3 40 -");
    let four = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
    assert_eq!(four.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -");
    let first_rank = "4k3/8/8/8/8/8/8/P3K3 w - - 0 1 e4,a5";
    assert_eq!(Position::from_fen(first_rank).unwrap().fen(), first_rank, "a pawn may stand on its first rank");
}

#[test]
fn illegal_moves_say_why_with_typed_data() {
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let mut pos = Position::from_fen("4k3/1P6/8/8/8/8/3N4/4K3 w - - 0 1 f3,h8").unwrap();
    let mut refused = |m: Move| pos.play(m).unwrap_err();
    assert_eq!(
        refused(Move::normal(sq("d2"), sq("d4"), None)),
        IllegalMoveError::Orthodox(OrthodoxMoveError::CannotReach { role: Role::Knight, from: sq("d2"), to: sq("d4") })
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
    assert_eq!(
        refused(Move::normal(sq("d2"), sq("f3"), None)),
        IllegalMoveError::EntersPortal { role: Role::Knight, from: sq("d2"), cell: sq("f3") }
    );
    assert_eq!(
        refused(Move::portal(sq("f3"), sq("f5"))),
        IllegalMoveError::PortalTooFar { portal: sq("f3"), to: sq("f5") }
    );
}

#[test]
fn move_errors_say_what_is_wrong() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1 f3,h8").unwrap();
    let err = |text: &str| pos.parse_move(text).unwrap_err().to_string();
    // One meaning is played as typed; two are listed.
    assert_eq!(pos.san(pos.parse_move("Nf3").unwrap()), "Nf3>h8");
    let two = Position::from_fen("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1 f3,h8").unwrap();
    assert_eq!(
        two.parse_move("Nf3").unwrap_err().to_string(),
        "f3 is a portal: a move onto it comes out of the other cell (write one of Ngf3>h8 Ndf3>h8)"
    );
    assert_eq!(err("Ne2e4"), "you have no piece on e2");
    assert_eq!(err("Nd2d4"), "the knight on d2 cannot reach d4");
    assert_eq!(err("d2f3"), "f3 is a portal: the knight on d2 enters it and comes out of the other cell");
    assert_eq!(err("Bd2e3"), "no bishop on d2 can reach e3");
    assert_eq!(err("Nbf3>h8"), "no knight on the b-file can enter f3");
    assert_eq!(err("Z@"), "'Z@' is not a move: a portal move is Z@ and a square, such as Z@e5");
    assert_eq!(err("Z@f5"), "your portal on f3 steps only to a neighbouring square, and f5 is not one");
    assert_eq!(err("Nf3>h8>a1"), "'Nf3>h8>a1' is not a move: a move passes the portal at most once (one '>')");
    assert_eq!(err("Nf3>"), "'Nf3>' is not a move: expected a square such as e4");
    assert_eq!(err("e8=X"), "'e8=X' is not a move: unknown promotion piece (write =Q, =R, =B or =N)");
    assert_eq!(err("O-O"), "White cannot castle kingside: the right is lost");
    assert_eq!(err(""), "'' is not a move: it is empty");
    assert_eq!(err("N?1"), "'N?1' is not a move: expected a square such as e4");
    // A move onto a portal cell with one landing is that move, played as typed.
    assert!(pos.parse_move("Nf3").is_ok_and(|m| pos.san(m).starts_with("Nf3>")), "{:?}", pos.parse_move("Nf3"));
    let long = format!("{}>c4", "N".repeat(200));
    assert!(err(&long).len() < 150, "long input is quoted in part");
}
