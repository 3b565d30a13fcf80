//! The worked examples of docs/twoboard.md#worked-examples, move by move,
//! with their FENs, and the self-mate beyond the horizon of
//! docs/twoboard.md#check-and-legality.

use wormhole::Color;
use wormhole::Rules;
use wormhole::twoboard::{Game, Outcome, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays `moves` (SAN) from `game`, checking each is legal.
fn play(game: &mut Game, moves: &[&str]) {
    for text in moves {
        game.play_text(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", game.position().fen()));
    }
}

/// The SAN of every legal move.
fn sans(pos: &Position) -> Vec<String> {
    pos.legal_moves().iter().map(|m| pos.san(m)).collect()
}

#[test]
fn example_1_intent_blocked_by_a_friendly_piece() {
    let mut game = Game::default();
    play(&mut game, &["A:a4", "B:h5", "B:a4", "A:e5"]);
    assert_eq!(
        game.position().fen(),
        "rnbq1bnr/pppp1ppp/8/4p3/P7/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/ppppppp1/8/7p/P7/8/1PPPPPPP/RNBQ1BNR w A KQ|kq e6|a3 - 0 3"
    );
    assert_eq!(game.position().legal_moves().len(), 22);
    let intent = game.position().parse_move("A:a4^").unwrap();
    assert_eq!(intent.to_string(), "Aa4a4");
    play(&mut game, &["A:a4^"]);
    assert!(game.position().fen().ends_with(" b B KQ|kq -|a3 wAa4! 1 3"), "{}", game.position().fen());
    play(&mut game, &["B:h4"]);
    assert_eq!(sans(game.position()), ["B:--"]);
    assert_eq!(game.position().legal_moves().iter().next().unwrap().to_string(), "0000");
    play(&mut game, &["B:--"]);
    assert!(
        game.position().fen().ends_with("|rnbqkbnr/ppppppp1/8/8/P6p/8/1PPPPPPP/RNBQ1BNR b A KQ|kq -|- - 1 4"),
        "{}",
        game.position().fen()
    );
}

#[test]
fn example_2_simultaneous_intents_swap() {
    let mut game = Game::default();
    play(&mut game, &["A:a4", "B:a5", "B:h3", "A:e6", "A:a5", "B:h6", "B:g3", "A:d6", "A:a5^"]);
    assert_eq!(
        game.position().fen(),
        "rnbq1bnr/ppp2ppp/3pp3/P7/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/1pppppp1/7p/p7/8/6PP/PPPPPP2/RNBQ1BNR b B KQ|kq -|- wAa5 1 5"
    );
    assert_eq!(game.position().legal_moves().len(), 21);
    assert_eq!(game.position().parse_move("B:a5^").unwrap().to_string(), "Ba5a5");
    play(&mut game, &["B:a5^"]);
    assert!(game.position().fen().ends_with(" w B KQ|kq -|- wAa5,bBa5 2 6"), "{}", game.position().fen());
    assert_eq!(sans(game.position()), ["Aa5>Ba5"]);
    assert_eq!(game.position().legal_moves().iter().next().unwrap().to_string(), "Aa5Ba5");
    play(&mut game, &["Aa5>Ba5"]);
    assert_eq!(
        game.position().fen(),
        "rnbq1bnr/ppp2ppp/3pp3/8/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/1pppppp1/7p/P7/8/6PP/PPPPPP2/RNBQ1BNR b A KQ|kq -|- bBa5=p 0 6"
    );
    assert_eq!(sans(game.position()), ["Ba5>Aa5"]);
    play(&mut game, &["Ba5→Aa5"]);
    assert_eq!(
        game.position().fen(),
        "rnbq1bnr/ppp2ppp/3pp3/p7/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/1pppppp1/7p/P7/8/6PP/PPPPPP2/RNBQ1BNR w A KQ|kq -|- - 0 7"
    );
}

#[test]
fn example_3_discovered_check_by_ones_own_teleport() {
    let mut game = Game::new(pos("r7/8/8/8/8/8/8/4K3|7k/8/8/7n/8/7R/8/8 b A -|- -|- bBh5 2 21"));
    assert_eq!(sans(game.position()), ["NBh5>Ah5"]);
    assert_eq!(game.position().legal_moves().iter().next().unwrap().to_string(), "Bh5Ah5");
    play(&mut game, &["NBh5>Ah5"]);
    assert_eq!(game.position().fen(), "r7/8/8/7n/8/8/8/4K3|7k/8/8/8/8/7R/8/8 w A -|- -|- - 3 22");
    let king_moves = sans(game.position());
    assert_eq!(king_moves.len(), 5);
    assert!(king_moves.iter().all(|s| s.starts_with("A:K")), "{king_moves:?}");
    for first in king_moves {
        play(&mut game, &[&first]);
        let mut replies = sans(game.position());
        replies.sort();
        assert_eq!(replies, ["B:Kg7", "B:Kg8"], "after {first}");
        game.undo();
    }
}

#[test]
fn example_3_capturing_the_intending_piece_voids_the_intent() {
    let mut game = Game::new(pos("r7/8/8/8/8/8/8/4K3|7k/8/8/7n/8/7R/8/8 w B -|- -|- bBh5 1 21"));
    let capture = game.position().parse_move("B:Rxh5").unwrap();
    assert_eq!(game.position().san(capture), "B:Rxh5+");
    play(&mut game, &["B:Rxh5+"]);
    assert_eq!(game.position().fen(), "r7/8/8/8/8/8/8/4K3|7k/8/8/7R/8/8/8/8 b A -|- -|- bBh5! 0 21");
    assert_eq!(sans(game.position()), ["A:--"]);
}

#[test]
fn example_3_the_mirror_for_white_is_illegal() {
    let pos = pos("7K/8/8/7N/8/8/8/7r|k7/8/8/8/8/8/8/8 w B -|- -|- wAh5 0 20");
    assert_eq!(pos.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["0000"]);
    let err = pos.parse_move("Ah5Bh5").unwrap_err();
    assert_eq!(err.to_string(), "Ah5Bh5 would leave the king attacked on a board the opponent plays first");
}

#[test]
fn example_2_with_b6_instead_the_teleport_captures_on_arrival() {
    let mut game = Game::new(pos(
        "rnbq1bnr/ppp2ppp/3pp3/P7/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/2ppppp1/1p5p/p7/8/6PP/PPPPPP2/RNBQ1BNR w B KQ|kq -|- wAa5 0 6",
    ));
    assert_eq!(sans(game.position()), ["Aa5>xBa5"]);
    play(&mut game, &["Aa5>xBa5"]);
    assert_eq!(
        game.position().fen(),
        "rnbq1bnr/ppp2ppp/3pp3/8/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/2ppppp1/1p5p/P7/8/6PP/PPPPPP2/RNBQ1BNR b A KQ|kq -|- - 0 6"
    );
}

#[test]
fn example_4_checkmate_across_the_boards() {
    let mut game = Game::new(pos("7K/8/8/7n/8/8/8/7r|k7/8/8/8/8/8/8/1N6 b B -|- -|- bAh5 0 39"));
    assert_eq!(sans(game.position()), ["NAh5>Bh5#"]);
    play(&mut game, &["NAh5>Bh5#"]);
    assert_eq!(game.position().fen(), "7K/8/8/8/8/8/8/7r|k7/8/8/7n/8/8/8/1N6 w B -|- -|- - 1 40");
    assert!(game.position().legal_moves().is_empty());
    assert_eq!(game.outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
}

#[test]
fn self_mate_beyond_the_horizon() {
    let mut game = Game::new(pos("8/8/8/8/R2Q4/8/8/4K3|8/8/8/8/k7/8/8/8 b B -|- -|- wAa4 1 10"));
    play(&mut game, &["B:Ka4^"]);
    assert_eq!(sans(game.position()), ["RAa4>Ba4#"]);
    play(&mut game, &["RAa4>Ba4#"]);
    assert_eq!(game.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
}

#[test]
fn the_turn_order_example() {
    let mut game = Game::default();
    play(&mut game, &["Ae4", "Ba5", "Bh4", "Ae5"]);
    assert_eq!(game.position().move_number(), 3);
    assert_eq!(game.position().board_to_play(), wormhole::twoboard::BoardId::A);
}

#[test]
fn pgn_with_the_variant_tag() {
    use wormhole::GameKind;
    use wormhole::pgn::PgnGame;
    let game = PgnGame::parse("[Variant \"Twoboard\"]\n\n1. A:e4 B:a5 2. B:h4 A:e5 3. A:Nf3 B:a5^ *").unwrap();
    assert_eq!(game.kind(), GameKind::Twoboard);
    assert_eq!(game.moves.len(), 6);
    let text = game.to_pgn();
    assert!(text.contains("[Variant \"Twoboard\"]"), "{text}");
    assert!(text.contains("1. A:e4 B:a5 2. B:h4 A:e5 3. A:Nf3 B:a5^"), "{text}");
    let again = PgnGame::parse(&text).unwrap();
    assert_eq!(again.final_position().fen(), game.final_position().fen());
}
