//! Each rule of docs/porthole.md on a position made to show it: the path rule,
//! normal and porthole moves, stacks, pawns, castling, check, legality,
//! game end, hashing and PGN.

use wormhole::Rules;
use wormhole::pgn::{PgnError, PgnGame};
use wormhole::porthole::{CastlingRights, DrawReason, Game, Outcome, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves of the piece on `from`, in coordinates, sorted.
fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let mut moves: Vec<String> =
        p.legal_moves().iter().filter(|m| m.from().to_string() == from).map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

/// The PFEN after playing `moves` (any notation) from `fen`.
fn after(fen: &str, moves: &[&str]) -> String {
    let mut p = pos(fen);
    for text in moves {
        let m = p.parse_move(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", p.fen()));
        p.play(m).unwrap();
    }
    p.fen()
}

#[test]
fn lines_stop_at_tokens_and_normal_moves_never_end_on_them() {
    let alone = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a4");
    assert_eq!(
        moves_from(&alone, "a1"),
        ["a1a2", "a1a3", "a1b1", "a1c1", "a1d1"],
        "a4 has no exit, so it cannot be entered"
    );
    let two = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a4,h8");
    assert_eq!(moves_from(&two, "a1"), ["a1a2", "a1a3", "a1a4h8", "a1b1", "a1c1", "a1d1"]);
    assert_eq!(two.parse_move("Ra5").unwrap_err().to_string(), "no rook can reach a5");
}

#[test]
fn pawns_step_and_double_step_only_onto_empty_squares_without_tokens() {
    assert!(moves_from(&pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 e3"), "e2").is_empty());
    assert_eq!(moves_from(&pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 e4"), "e2"), ["e2e3"]);
    assert_eq!(moves_from(&pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 d3,h8"), "e2"), ["e2d3h8", "e2e3", "e2e4"]);
    // On its own first rank a pawn steps one square; it never double-steps from there.
    assert_eq!(moves_from(&pos("4k3/8/8/8/8/8/8/4K2P w - - 0 1"), "h1"), ["h1h2"]);
}

#[test]
fn a_pawn_arriving_on_its_last_rank_by_porthole_stays_a_pawn_and_does_nothing() {
    let fen = "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1 c7,h8";
    let p = pos(fen);
    assert_eq!(p.san(p.parse_move("b6c7h8").unwrap()), "bc7>h8");
    assert_eq!(after(fen, &["bc7>h8"]), "4k2P/8/8/8/8/8/8/4K3 b - - 0 1 h8,b6");
    let stranded = pos("7P/6k1/8/8/8/8/8/4K3 w - - 0 1");
    assert!(moves_from(&stranded, "h8").is_empty());
    assert!(stranded.attackers("g7".parse().unwrap(), wormhole::Color::White).is_empty());
}

#[test]
fn a_piece_on_a_porthole_leaves_its_token_behind_and_blocks_entry_for_its_side() {
    let fen = "4k3/8/8/8/8/8/3N4/4K3 w - - 0 1 d2,h8";
    let p = pos(fen);
    assert_eq!(moves_from(&p, "e1"), ["e1d1", "e1e2", "e1f1", "e1f2"], "the king cannot enter d2 under its own knight");
    assert_eq!(after(fen, &["Nf3"]), "4k3/8/8/8/8/5N2/8/4K3 b - - 1 1 h8,d2");
}

#[test]
fn stacks_lose_one_token_per_entry_and_any_open_porthole_is_an_exit() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 e2*2,h8*2";
    assert_eq!(moves_from(&pos(fen), "e1"), ["e1d1", "e1d2", "e1e2h8", "e1f1", "e1f2"]);
    assert_eq!(after(fen, &["Ke2>h8"]), "4k2K/8/8/8/8/8/8/8 b - - 1 1 h8*2,e2,e1");
}

#[test]
fn castling_needs_rights_and_no_piece_or_token_between_king_and_rook() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(after(fen, &["O-O"]), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1 -");
    assert_eq!(after(fen, &["e1c1"]), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1 -");
    assert_eq!(after(&format!("{fen} e1,h8"), &["0-0"]), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1 h8,e1");
    // Tokens on the king's and rook's squares do not stop castling; a token between them does.
    assert!(pos(&format!("{fen} a1,e1,h1")).parse_move("O-O-O").is_ok());
    assert!(pos(&format!("{fen} d1")).parse_move("O-O-O").is_err());
}

#[test]
fn castling_rights_go_with_any_king_or_rook_move_and_with_captures_on_the_rook_squares() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(after(&format!("{fen} h2,a5"), &["Rh2>a5"]), "r3k2r/8/8/R7/8/8/8/R3K3 b Qkq - 1 1 a5,h1");
    assert_eq!(after(&format!("{fen} d2,c5"), &["Kd2>c5"]), "r3k2r/8/8/2K5/8/8/8/R6R b kq - 1 1 c5,e1");
    assert_eq!(after(&format!("{fen} h8,a4"), &["Rxh8>a4"]), "r3k3/8/8/8/R7/8/8/R3K3 b Qq - 0 1 a4,h1");
    assert_eq!(after(&format!("{fen} a2,c5"), &["Ra2>c5"]), "r3k2r/8/8/2R5/8/8/8/4K2R b Kkq - 1 1 c5,a1");
    assert_eq!(after(fen, &["Rxa8+"]), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1 -");
    assert_eq!(pos(fen).castling(), CastlingRights::ALL);
}

#[test]
fn a_king_on_a_porthole_is_in_check_along_lines_and_its_token_stays_when_it_steps_away() {
    let p = pos("4k3/8/8/8/8/8/8/r3K3 w - - 0 1 e1");
    assert!(p.is_check());
    assert_eq!(moves_from(&p, "e1"), ["e1d2", "e1e2", "e1f1", "e1f2"], "f1 is hidden from the rook by e1's token");
    let bare = pos("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert_eq!(moves_from(&bare, "e1"), ["e1d2", "e1e2", "e1f2"]);
}

#[test]
fn opening_an_entry_of_height_one_may_expose_the_king() {
    let single = pos("4k3/8/8/4r3/8/8/6N1/4K3 w - - 0 1 e3,h8");
    assert_eq!(moves_from(&single, "g2"), ["g2f4", "g2h4"]);
    assert_eq!(single.parse_move("Ne3>h8").unwrap_err().to_string(), "illegal: Ng2e3>h8 leaves your king attacked");
    let stack = pos("4k3/8/8/4r3/8/8/6N1/4K3 w - - 0 1 e3*2,h8");
    assert_eq!(moves_from(&stack, "g2"), ["g2e3h8", "g2f4", "g2h4"]);
    // Capturing the checker on an entry helps only if no second attacker stands behind it.
    let behind = pos("4k3/8/8/4r3/4r3/8/5N2/4K3 w - - 0 1 e4,h1");
    assert!(behind.is_check());
    assert!(behind.parse_move("Nxe4>h1").is_err());
    let stacked = pos("4k3/8/8/4r3/4r3/8/5N2/4K3 w - - 0 1 e4*2,h1");
    assert_eq!(stacked.san(stacked.parse_move("Nxe4>h1").unwrap()), "Nxe4>h1");
}

#[test]
fn a_porthole_can_save_a_king_from_mate() {
    let mate = pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(mate.outcome(), Some(Outcome::Checkmate { winner: wormhole::Color::White }));
    let saved = pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1 g8,h1");
    assert_eq!(saved.legal_moves().iter().map(|m| saved.san(m)).collect::<Vec<_>>(), ["Kg8>h1"]);
    assert_eq!(saved.outcome(), None);
}

#[test]
fn draws_stalemate_fifty_moves_and_king_against_king() {
    assert_eq!(pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    let fifty = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    assert_eq!(pos(fifty).outcome(), None);
    assert_eq!(pos(&after(fifty, &["Ra2"])).outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
    let kvk = after("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", &["Kxe2"]);
    assert_eq!(pos(&kvk).outcome(), Some(Outcome::Draw(DrawReason::KingVersusKing)));
    assert_eq!(Outcome::Draw(DrawReason::KingVersusKing).to_string(), "draw by king against king");
}

#[test]
fn pawn_porthole_moves_and_entry_captures_reset_the_fifty_move_clock() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 7 20 d3,h8";
    assert_eq!(pos(&after(fen, &["ed3>h8"])).halfmoves(), 0);
    assert_eq!(pos(&after("4k3/8/8/8/8/8/8/R3K3 w - - 7 20 a4,h8", &["Ra4>h8"])).halfmoves(), 8);
    assert_eq!(pos(&after("4k3/8/8/8/r7/8/8/R3K3 w - - 7 20 a4,h8", &["Rxa4>h8"])).halfmoves(), 0);
}

#[test]
fn threefold_repetition_counts_tokens_and_heights() {
    let mut game = Game::new(pos("6nk/8/8/8/8/8/8/K7 b - - 0 1 e7,f6,d5"));
    for text in ["Nf6>d5", "Kb1", "Ne7>g8", "Ka1"] {
        game.play_text(text).unwrap();
    }
    // The pieces are back where they started, but the tokens have moved.
    assert_eq!(game.position().fen(), "6nk/8/8/8/8/8/8/K7 b - - 4 3 g8,d5*2");
    assert_eq!(game.repetitions(), 1);
    for round in 2..=3 {
        for text in ["Kh7", "Kb1", "Kh8", "Ka1"] {
            game.play_text(text).unwrap();
        }
        assert_eq!(game.repetitions(), round);
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    // With Ka1 and Kh8 taken back, Black's king is on h7 for the second time only.
    assert_eq!(game.undo().map(|m| m.to_string()).as_deref(), Some("b1a1"));
    assert_eq!(game.undo().map(|m| m.to_string()).as_deref(), Some("h7h8"));
    assert_eq!((game.repetitions(), game.outcome()), (2, None));
}

#[test]
fn the_hash_covers_pieces_tokens_heights_side_and_castling_but_not_clocks() {
    let hash = |fen: &str| pos(fen).hash();
    let base = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 c3";
    assert_eq!(hash(base), hash("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 12 30 c3"));
    for other in [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 c3*2",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 c4",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 -",
        "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1 c3",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1 c3",
    ] {
        assert_ne!(hash(base), hash(other), "{other}");
    }
}

#[test]
fn pgn_round_trip_from_a_set_up_position_with_a_draw() {
    let mut game = Game::new(pos("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1 b3,g6"));
    game.play_text("Kxe2").unwrap();
    let mut pgn = PgnGame::new(game.start().clone(), game.moves());
    pgn.set_tag("White", "Ann \"the porthole\"");
    let text = pgn.to_pgn();
    assert!(text.contains("[Result \"1/2-1/2\"]\n[Variant \"Porthole\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4q3/4K3 w - - 0 1 g6,b3\"]"), "{text}");
    assert!(text.ends_with("1. Kxe2 1/2-1/2\n"), "{text}");
    let back = PgnGame::parse(&text).unwrap();
    assert_eq!(back.moves, pgn.moves);
    assert_eq!(back.start, pgn.start);
    assert_eq!(back.tag("White"), Some("Ann \"the porthole\""));
}

#[test]
fn pgn_errors_name_the_variant_and_the_move() {
    let wrong = PgnGame::parse("[Variant \"Wormhole\"]\n\n1. f3 e5 2. fg4>c4 *").unwrap_err();
    assert!(
        wrong.to_string().starts_with("move 2 (White) 'fg4>c4': "),
        "a Wormhole game has no porthole move: {wrong}"
    );
    let err = PgnGame::parse("[Variant \"Porthole\"]\n\n1. f3 e5 2. fg4>d4 *").unwrap_err();
    assert!(matches!(err, PgnError::BadMove { number: 2, .. }));
    assert_eq!(err.to_string(), "move 2 (White) 'fg4>d4': d4 is not a porthole");
    let fen = PgnGame::parse("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1 c2*0\"]\n\n*").unwrap_err();
    assert_eq!(fen.to_string(), "bad FEN tag: token square c2 has height 0 (a height is 1 or more)");
}

#[test]
fn porthole_san_disambiguates_among_moves_with_the_same_entry_and_exit() {
    let p = pos("4k3/8/8/8/8/4N3/7N/4K3 w - - 0 1 g4,c5");
    assert_eq!(p.san(p.parse_move("e3g4c5").unwrap()), "Neg4>c5");
    assert_eq!(p.san(p.parse_move("h2g4c5").unwrap()), "Nhg4>c5");
    assert_eq!(p.parse_move("Ng4>c5").unwrap_err().to_string(), "ambiguous: Nhg4>c5 Neg4>c5");
    // The same entry with another exit, or another entry, needs no origin.
    let q = pos("4k3/8/8/8/8/4N3/7N/4K3 w - - 0 1 g4,c5,d5");
    assert_eq!(q.san(q.parse_move("e3d5c5").unwrap()), "Nd5>c5");
}
