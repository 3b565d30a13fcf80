//! Two-board portal chess beyond the shared harnesses (perft, properties,
//! parsers, engine and evaluation run there): the suite's FENs are written
//! back exactly as read, the messages for the common FEN and move mistakes
//! word for word, and the draws by material and by the fifty-move rule.

use wormhole::twoboard::{DrawReason, Outcome, Position};

#[test]
fn suite_fens_are_written_back_as_read() {
    for line in include_str!("data/twoboard.epd").lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fen = line.split(';').next().unwrap().trim();
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), fen, "FEN round trip");
    }
}

/// FENs the parser refuses, each with its message word for word.
const FEN_ERRORS: &[(&str, &str)] = &[
    ("", "expected 6 or 8 space-separated fields, found 0"),
    (
        "4K3/8/8/8/8/8/8/8 w A -|- -|- -",
        "the placement field must hold two parts joined by '|' (board A first), found '4K3/8/8/8/8/8/8/8'",
    ),
    ("4K3/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w A -|- -|- -", "board A: expected 8 ranks separated by '/', found 7"),
    ("4K3/8/8/8/8/8/8/8|4k3/8/8/9/8/8/8/8 w A -|- -|- -", "board B: rank 5 does not cover exactly 8 files"),
    (
        "4K3/8/8/8/8/8/8/8|4k3/8/8/8/3x4/8/8/8 w A -|- -|- -",
        "board B: unknown piece letter 'x' on rank 4 (expected one of KQRBNP, upper case for White)",
    ),
    ("4K3/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 white A -|- -|- -", "side to move must be 'w' or 'b', found 'white'"),
    ("4K3/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w C -|- -|- -", "board to play must be 'A' or 'B', found 'C'"),
    (
        "4K3/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w A KK|- -|- -",
        "board A: castling field must be '-' or letters from 'KQkq' (each once), found 'KK'",
    ),
    (
        "4K3/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w A K|- -|- -",
        "board A: castling right 'K' but its king or rook is not on its home square",
    ),
    (
        "4K3/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w A -|- e4|- -",
        "board A: en passant must be '-' or a square on rank 3 or 6, found 'e4'",
    ),
    (
        "4K3/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w A -|- -|- wAb4",
        "intent 'wAb4' is not owner (w/b), board (A/B) and portal (a4, a5, h4, h5) with an optional '!' or '=piece'",
    ),
    (
        "4K3/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w A -|- -|- bBa4,wBa5",
        "intents must be '-' or at most one per side, White's first, found 'bBa4,wBa5'",
    ),
    (
        "4K3/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w A -|- -|- - x 1",
        "halfmove clock must be a number from 0 to 9999, found 'x'",
    ),
    ("4K3/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w A -|- -|- - 0 0", "move number must be a number from 1 to 9999, found '0'"),
    ("8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w A -|- -|- -", "White must have exactly one king on the two boards, found 0"),
    ("4K3/8/8/8/8/8/8/P7|4k3/8/8/8/8/8/8/8 w A -|- -|- -", "a pawn stands on a1 of board A (rank 1 or 8)"),
    (
        "4K3/8/8/8/R7/8/8/8|4k3/8/8/8/8/8/8/8 w A -|- -|- wAa4",
        "intent wAa4: its owner plays board A next, so it must come from the other board",
    ),
    ("4K3/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w B -|- -|- wAa4", "intent wAa4: no piece of its owner stands on its portal"),
    (
        "4K3/8/8/8/R7/8/8/8|4k3/8/8/8/R7/8/8/8 w B -|- -|- wAa4",
        "intent wAa4: its target holds a piece of its owner, so it is blocked (write '!')",
    ),
    (
        "4K3/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w B -|- -|- wAa4=P",
        "intent wAa4=P: only the side to move's Black piece can be in transit, landing on an empty square",
    ),
    ("4k3/8/8/8/8/8/8/4R3|4K3/8/8/8/8/8/8/8 w A -|- -|- -", "Black, who has just moved, has left its king attacked"),
    ("4K3/8/8/8/8/8/8/4r3|4k3/8/8/8/8/8/8/8 b B -|- -|- -", "White, who has just moved, has left its king attacked"),
];

#[test]
fn fen_errors_say_what_and_where() {
    for (fen, message) in FEN_ERRORS {
        let err = Position::from_fen(fen).err().unwrap_or_else(|| panic!("{fen} was accepted"));
        assert_eq!(err.to_string(), *message, "{fen}");
    }
    // White to move on A, in check there: Black has just played A, which is fine
    // (the same position with Black to move on B is in FEN_ERRORS).
    assert!(Position::from_fen("4K3/8/8/8/8/8/8/4r3|4k3/8/8/8/8/8/8/8 w A -|- -|- -").unwrap().is_check());
}

#[test]
fn move_errors_say_why() {
    let pos = |fen: &str| Position::from_fen(fen).unwrap();
    let start = Position::new();
    let err = |pos: &Position, text: &str| pos.parse_move(text).unwrap_err().to_string();
    assert_eq!(err(&start, "B:e4"), "White must play board A now, not board B");
    assert_eq!(err(&start, "A:e5"), "no legal move fits 'A:e5'");
    assert_eq!(err(&start, "0000"), "a pass (0000) is legal only when there is no other move");
    assert!(err(&start, "hello").starts_with("'hello' is not a move: it names no target square (a1..h8)"));
    assert!(err(&start, "A:e8=K").starts_with("'A:e8=K' is not a move: a pawn promotes to Q, R, B or N"));
    assert!(err(&start, "Aa4>Bb4").contains("a teleport is written piece, board and portal"));
    let forced = pos(
        "rnbq1bnr/ppp2ppp/3pp3/P7/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/2ppppp1/1p5p/p7/8/6PP/PPPPPP2/RNBQ1BNR w B KQ|kq -|- wAa5 0 6",
    );
    assert_eq!(err(&forced, "B:e4"), "the intent declared last turn forces Aa5Ba5 now");
    let check = pos("8/8/8/8/8/8/4r3/4K3|4k3/8/8/8/8/8/8/8 w A -|- -|- -");
    assert_eq!(err(&check, "A:Kf2"), "Ae1f2 would leave the king attacked on a board the opponent plays first");
}

#[test]
fn draws_by_material_and_by_the_fifty_move_rule() {
    let kk = Position::from_fen("4K3/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w A -|- -|- - 0 40").unwrap();
    assert_eq!(kk.outcome(), Some(Outcome::Draw(DrawReason::KingVersusKing)));
    let fifty = Position::from_fen("4K3/8/8/8/8/8/8/R7|4k3/8/8/8/8/8/8/8 w A -|- -|- - 100 90").unwrap();
    assert_eq!(fifty.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
    let stalemate = Position::from_fen("7K/5q2/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w A -|- -|- - 0 40").unwrap();
    assert_eq!(stalemate.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    // Nothing to move on B and the king safe on A: White passes.
    let pass = Position::from_fen("7K/5q2/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w B -|- -|- - 0 40").unwrap();
    assert_eq!(pass.legal_moves().iter().map(|m| pass.san(m)).collect::<Vec<_>>(), ["B:--"]);
    assert_eq!(pass.outcome(), None);
}

/// The position of issue #41: `A:e4 B:a6 B:e4 A:a6 A:d4 B:h6`, White to
/// play on board B, where the f1 bishop and the c2 pawn both reach c4.
fn bishop_or_board() -> Position {
    let mut pos = Position::new();
    for san in ["A:e4", "B:a6", "B:e4", "A:a6", "A:d4", "B:h6"] {
        let m = pos.parse_move(san).unwrap();
        pos.play_unchecked(m);
    }
    pos
}

#[test]
fn a_bare_b_that_may_be_the_board_or_the_bishop_is_ambiguous_where_both_are_legal() {
    let pos = bishop_or_board();
    assert_eq!(pos.parse_move("Bc4").unwrap_err().to_string(), "ambiguous: B:Bc4 B:c4");
    assert_eq!(pos.san(pos.parse_move("B:c4").unwrap()), "B:c4");
    assert_eq!(pos.san(pos.parse_move("B:Bc4").unwrap()), "B:Bc4");
    assert_eq!(pos.san(pos.parse_move("BBc4").unwrap()), "B:Bc4", "board and bishop");
    // Only one reading legal: it is the move, whichever it is.
    assert_eq!(pos.san(pos.parse_move("Be2").unwrap()), "B:Be2", "no pawn reaches e2 on B");
    assert_eq!(pos.san(pos.parse_move("Bc3").unwrap()), "B:c3", "no bishop reaches c3");
    // On a board-A turn, `Bc4` is the bishop on A (board B is not played).
    let mut a_turn = pos.clone();
    a_turn.play_unchecked(pos.parse_move("B:c3").unwrap());
    a_turn.play_unchecked(a_turn.parse_move("A:h6").unwrap());
    assert_eq!(a_turn.san(a_turn.parse_move("Bc4").unwrap()), "A:Bc4");
    assert_eq!(a_turn.parse_move("Bc5").unwrap_err().to_string(), "no legal move fits 'Bc5'");
}

#[test]
fn the_program_writes_every_board_move_with_its_colon_and_reads_it_back() {
    let mut pos = bishop_or_board();
    for _ in 0..40 {
        let moves: Vec<_> = pos.legal_moves().iter().collect();
        for &m in &moves {
            let san = pos.san(m);
            let teleport = san.contains('>');
            assert!(teleport || san.get(1..2) == Some(":"), "{san} names its board with a colon");
            assert_eq!(pos.parse_move(&san), Ok(m), "{san} reads back");
        }
        let Some(&m) = moves.get(pos.hash() as usize % moves.len().max(1)) else { break };
        pos.play_unchecked(m);
    }
}
