//! Examples 1 to 4 of docs/linked.md#worked-examples, move by move: the legal
//! move lists, the SAN, the resulting FENs; and the other sentences of the
//! rules that name a position.

use wormhole::Rules;
use wormhole::linked::{DrawReason, IllegalMoveError, Move, MoveError, Outcome, Position};

fn sorted_coordinates(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

/// Plays `text` (read back from its SAN too), checks the SAN and the FEN after.
fn play(fen: &str, text: &str, san: &str, after: &str) -> Position {
    let pos = Position::from_fen(fen).unwrap();
    let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(m.to_string(), text);
    assert_eq!(pos.san(m), san);
    assert_eq!(pos.parse_move(san), Ok(m));
    let mut next = pos.clone();
    next.play(m).unwrap();
    assert_eq!(next.fen(), after);
    next
}

#[test]
fn example_1_e4_goes_through_whites_portal() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4,a5";
    let pos = Position::from_fen(start).unwrap();
    assert_eq!(pos, Position::new());
    let moves = sorted_coordinates(&pos);
    assert_eq!(moves.len(), 28);
    let portal: Vec<&String> = moves.iter().filter(|m| m.starts_with("Z@")).collect();
    assert_eq!(portal, ["Z@d3", "Z@d4", "Z@d5", "Z@e3", "Z@e5", "Z@f3", "Z@f4", "Z@f5"]);
    assert!(!moves.contains(&"e2e4".to_string()));
    let after = play(start, "e2a5", "e4>a5", "rnbqkbnr/pppppppp/8/P7/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 e4,a5");
    assert_eq!(after.ep_square(), None);
    // The pawn rests on Black's portal: a7-a5 and a6-a5 would arrive on an occupied J.
    let replies = sorted_coordinates(&after);
    assert!(replies.contains(&"a7a6".to_string()) && !replies.iter().any(|m| m.starts_with("a7") && m != "a7a6"));
    assert!(matches!(pos.parse_move("e2e4"), Err(MoveError::Illegal(IllegalMoveError::EntersPortal { .. }))));
}

#[test]
fn example_2_a_rook_mates_through_the_portal() {
    let fen = "7k/6pp/8/8/8/8/5PPP/R5K1 w - - 0 1 a4,e5";
    let pos = Position::from_fen(fen).unwrap();
    assert_eq!(
        sorted_coordinates(&pos).join(" "),
        "Z@a3 Z@a5 Z@b3 Z@b4 Z@b5 a1a2 a1a3 a1b1 a1c1 a1d1 a1e1 a1e5 a1e6 a1e7 a1e8 a1f1 f2f3 f2f4 g1f1 g1h1 g2g3 g2g4 h2h3 h2h4"
    );
    // The rook can never stop on a4: a move onto it must name its landing.
    let err = pos.parse_move("Ra4").unwrap_err();
    assert_eq!(
        err.to_string(),
        "a4 is a portal: a move onto it comes out of the other cell (write one of Ra4>e5 Ra4>e6 Ra4>e7 Ra4>e8#)"
    );
    let after = play(fen, "a1e8", "Ra4>e8#", "4R2k/6pp/8/8/8/8/5PPP/6K1 b - - 1 1 a4,e5");
    assert!(after.legal_moves().is_empty());
    assert_eq!(after.outcome(), Some(Outcome::Checkmate { winner: wormhole::Color::White }));
    assert_eq!(pos.parse_move("Ra4→e8"), pos.parse_move("a1e8"));
}

#[test]
fn example_3_capture_and_promotion_through_the_portal_then_a_blocking_portal_move() {
    let fen = "k6r/8/1PP5/8/8/8/8/K7 w - - 0 1 c7,h8";
    let pos = Position::from_fen(fen).unwrap();
    assert_eq!(
        sorted_coordinates(&pos).join(" "),
        "Z@b7 Z@b8 Z@c8 Z@d6 Z@d7 Z@d8 a1a2 a1b1 a1b2 b6b7 b6h8b b6h8n b6h8q b6h8r"
    );
    let err = pos.parse_move("c7").unwrap_err();
    assert!(matches!(err, MoveError::NeedsLanding { ref moves, .. } if moves.is_empty()), "{err}");
    for target in ["b6", "c6"] {
        let err = pos.parse_move(&format!("Z@{target}")).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("Z@{target} is not possible: the other portal (h8) is occupied, so nothing can be teleported")
        );
    }
    let after = play(fen, "b6h8q", "bxc7>h8=Q+", "k6Q/8/2P5/8/8/8/8/K7 b - - 0 1 c7,h8");
    assert_eq!(sorted_coordinates(&after), ["Z@g8", "a8a7"]);
    let blocked = play(after.fen().as_str(), "Z@g8", "Z@g8", "k6Q/8/2P5/8/8/8/8/K7 w - - 1 2 c7,g8");
    assert!(!blocked.is_check());
}

#[test]
fn example_4_black_hole_and_teleport() {
    let fen = "6k1/8/3p1n2/8/4N3/8/8/6K1 w - - 0 1 d4,e5";
    let pos = Position::from_fen(fen).unwrap();
    assert_eq!(
        sorted_coordinates(&pos).join(" "),
        "Z@c3 Z@c4 Z@c5 Z@d3 Z@d5 Z@e3 Z@e4 Z@e5 e4c3 e4c5 e4d2 e4d6 e4f2 e4f6 e4g3 e4g5 g1f1 g1f2 g1g2 g1h1 g1h2"
    );
    let hole = pos.parse_move("Z@e5").unwrap();
    assert_eq!(pos.swallowed_by(hole).count(), 3);
    let after = play(fen, "Z@e5", "Z@e5", "6k1/8/8/8/8/8/8/6K1 b - - 0 1 e5,e5");
    assert_eq!(after.outcome(), Some(Outcome::Draw(DrawReason::KingVersusKing)));
    play(fen, "Z@e4", "Z@e4", "6k1/8/3p1n2/4N3/8/8/8/6K1 b - - 1 1 e4,e5");

    let near_king = Position::from_fen("8/8/3p1k2/8/4B3/8/8/6K1 w - - 0 1 d4,e5").unwrap();
    assert_eq!(near_king.legal_moves().len(), 25);
    let err = near_king.parse_move("Z@e5").unwrap_err();
    assert_eq!(err.to_string(), "Z@e5 is not possible: the black hole would swallow the king on f6");
}

#[test]
fn frozen_portals_have_no_effect_and_never_move() {
    let pos = Position::from_fen("6k1/8/8/8/8/8/8/R5K1 w - - 0 1 e5,e5").unwrap();
    assert!(pos.legal_moves().iter().all(|m| !m.is_portal()));
    assert!(pos.parse_move("a1a8").is_ok());
    assert_eq!(pos.parse_move("Z@e6").unwrap_err().to_string(), "there are no active portals to move");
}

#[test]
fn en_passant_by_a_pawn_on_a_portal_cell() {
    let pos = Position::from_fen("4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1 d5,a6").unwrap();
    let after = play(&pos.fen(), "e7e5", "e5", "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2 d5,a6");
    let m = after.parse_move("dxe6").unwrap();
    assert_eq!(m.to_string(), "d5e6");
    assert_eq!(after.after(m).fen(), "4k3/8/4P3/8/8/8/8/4K3 b - - 0 2 d5,a6");
}

#[test]
fn king_adjacency_through_a_portal_is_not_symmetric() {
    let fen = "8/8/8/7k/8/8/4K3/8 w - - 0 1 d4,h5";
    for (text, san) in [("e2d3", "Kd3+"), ("e2e3", "Ke3+")] {
        let pos = Position::from_fen(fen).unwrap();
        let m: Move = pos.parse_move(text).unwrap();
        assert_eq!(pos.san(m), san);
    }
}

#[test]
fn pgn_records_the_variant_and_a_portal_placement_other_than_the_default() {
    use wormhole::pgn::PgnGame;
    use wormhole::{AnyPosition, GameKind};
    let text = "[Variant \"Linked\"]\n\n1. e4>a5 Nf6 2. Z@e5 *\n";
    let game = PgnGame::parse(text).unwrap();
    assert_eq!((game.kind(), game.moves.len()), (GameKind::Linked, 3));
    assert_eq!(game.final_position().fen(), "rnbqkb1r/pppppppp/5n2/P7/8/8/PPPP1PPP/RNBQKBNR b KQkq - 2 2 e5,a5");
    let pgn = game.to_pgn();
    assert!(pgn.contains("[Variant \"Linked\"]") && !pgn.contains("[FEN"), "{pgn}");
    let start =
        AnyPosition::from_fen(GameKind::Linked, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 c4,f5")
            .unwrap();
    let placed = PgnGame::new(start, Vec::<wormhole::AnyMove>::new()).to_pgn();
    assert!(placed.contains("[SetUp \"1\"]") && placed.contains("c4,f5\"]"), "{placed}");
    let AnyPosition::Linked(start) = &PgnGame::parse(&placed).unwrap().positions()[0] else { panic!("not Linked") };
    assert_eq!(start.portals().to_string(), "c4,f5");
}
