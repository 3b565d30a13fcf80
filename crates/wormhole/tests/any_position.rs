//! A position of either game behind one type: each game's own answers,
//! moves of the other game refused, game ends with draws and repetition.

use wormhole::rules::GameOutcome;
use wormhole::{AnyMove, AnyPosition, GameKind, ListedGame, OtherGameError, PlayError, Rules, WithPosition, perft};

#[test]
fn each_game_answers_by_its_own_rules() {
    for kind in GameKind::ALL {
        let pos = AnyPosition::new(kind);
        assert_eq!(pos.kind(), kind);
        assert_eq!(AnyPosition::from_fen(kind, &pos.fen()).unwrap(), pos);
        for m in pos.legal_moves() {
            assert!(pos.is_legal(m));
            let san = pos.san(m);
            assert_eq!(pos.parse_move(&san).unwrap(), m, "{kind}: {san}");
        }
    }
    let porthole = AnyPosition::new(GameKind::Porthole);
    assert_eq!(porthole.legal_moves().len(), 16);
    let AnyPosition::Porthole(porthole) = porthole else { panic!("{porthole:?} is no Porthole chess position") };
    assert_eq!(porthole.tokens().count(), 8);
}

#[test]
fn a_move_of_the_other_game_is_refused() {
    let mut classic = AnyPosition::new(GameKind::Classic);
    let porthole = AnyPosition::new(GameKind::Porthole);
    let e4 = porthole.parse_move("e4").unwrap();
    assert!(matches!(e4, AnyMove::Porthole(_)));
    let other = OtherGameError { mv: e4, kind: GameKind::Classic };
    assert!(!classic.is_legal(e4));
    assert_eq!(classic.why_illegal(e4), PlayError::OtherGame(other));
    let err = classic.play(e4).unwrap_err();
    assert_eq!(err, PlayError::OtherGame(other));
    assert_eq!(err.to_string(), "e2e4 is a move of another game than classic");
    assert_eq!(classic, AnyPosition::new(GameKind::Classic), "unchanged");
    assert_eq!(classic.san(e4), "e2e4", "a foreign move has no SAN here: its coordinates");
    assert_eq!(classic.captured_by(e4), None);
    assert_eq!(classic.after(e4), Err(PlayError::OtherGame(other)));
    // A move of the right game that is not legal here is refused too.
    let e5 =
        AnyPosition::new(GameKind::Fairy).after(classic.parse_move("e4").unwrap()).unwrap().parse_move("e5").unwrap();
    assert_eq!(
        classic.play(e5).unwrap_err().to_string(),
        format!("e7e5 is not a legal move in {}", GameKind::Classic.start_fen())
    );
}

#[test]
fn outcomes_give_winner_draw_and_reason() {
    // Porthole: the knights go out and back twice; the third time is a draw.
    let mut pos = AnyPosition::new(GameKind::Porthole);
    let mut earlier = Vec::new();
    for text in ["Nf3", "Nf6", "Ng1", "Ng8"].iter().cycle().take(8) {
        assert_eq!(pos.outcome(&earlier), None);
        let m = pos.parse_move(text).unwrap();
        earlier.push(pos.hash());
        pos.play(m).unwrap();
    }
    let draw = pos.outcome(&earlier).unwrap();
    assert_eq!((draw.winner(), draw.result_str()), (None, "1/2-1/2"));
    assert_eq!(draw.to_string(), "draw by threefold repetition");
    // Wormhole: Black to move has no legal move and loses.
    let lost = AnyPosition::from_fen(GameKind::Classic, "k7/1Q6/1K6/8/8/8/8/8 b 0").unwrap();
    let end = lost.outcome(&[]).unwrap();
    assert_eq!((end.winner(), end.result_str()), (Some(wormhole::Color::White), "1-0"));
}

#[test]
fn a_seventh_field_of_two_squares_keeps_the_chosen_game_between_porthole_and_linked() {
    // Two single portholes and two portals are written alike.
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 d4,d5";
    let porthole = AnyPosition::from_fen_auto(fen, GameKind::Porthole).unwrap();
    assert_eq!(porthole.kind(), GameKind::Porthole);
    let AnyPosition::Porthole(porthole) = porthole else { panic!("{porthole:?} is no Porthole chess position") };
    assert_eq!(porthole.tokens().to_string(), "d5,d4");
    let linked = AnyPosition::from_fen_auto(fen, GameKind::Linked).unwrap();
    assert_eq!(linked.kind(), GameKind::Linked);
    let AnyPosition::Linked(linked) = linked else { panic!("{linked:?} is no Linked-portal chess position") };
    assert_eq!(linked.portals().to_string(), "d4,d5");
    // Chosen elsewhere, the FEN is read as the game it names first.
    assert_eq!(AnyPosition::from_fen_auto(fen, GameKind::Classic).unwrap().kind(), GameKind::Linked);
    // Three tokens are Porthole chess whatever was chosen.
    let three = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 d4,d5,e5";
    assert_eq!(AnyPosition::from_fen_auto(three, GameKind::Linked).unwrap().kind(), GameKind::Porthole);
}

/// Perft of the game's own position, through the game list.
struct OwnPerft(u32);

impl WithPosition for OwnPerft {
    type Output = u64;
    fn run<P: ListedGame>(self, mut pos: P) -> u64 {
        perft(&mut pos, self.0)
    }
}

#[test]
fn generic_code_takes_any_game_as_its_own() {
    // `AnyPosition` implements the game traits: perft, written once for
    // `Rules`, counts through it what each game's own position counts.
    for kind in GameKind::ALL {
        let own = kind.with_position(None, OwnPerft(3)).unwrap();
        assert_eq!(perft(&mut AnyPosition::new(kind), 3), own, "{kind}");
    }
    // A capability written once in the trait serves every game and any game.
    let mut pos = AnyPosition::new(GameKind::Classic);
    let m = pos.play_text("e4").unwrap();
    assert_eq!((pos.san_moves().len(), pos.turn()), (pos.legal_moves().len(), wormhole::Color::Black));
    let mut undone = AnyPosition::new(GameKind::Classic);
    let undo = undone.play_unchecked(m);
    undone.undo(m, undo);
    assert_eq!(undone, AnyPosition::new(GameKind::Classic), "undo restores the start");
    let before = pos.clone();
    assert!(pos.play_text("e9").is_err());
    assert_eq!(pos, before, "a text that names no move leaves the position as it is");
}

#[test]
#[should_panic(expected = "e2e4 is a move of another game than twoboard")]
fn a_move_of_another_game_played_unchecked_panics_with_the_reason() {
    let e4 = AnyPosition::new(GameKind::Porthole).parse_move("e4").unwrap();
    AnyPosition::new(GameKind::Twoboard).play_unchecked(e4);
}

/// The fifty-move count reaches a generic caller through `AnyPosition`
/// (the prover keeps proofs apart by it): the game's own answer, not the
/// trait's default.
#[test]
fn the_plies_left_before_the_fifty_move_rule_are_the_games() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 97 80 -";
    let pos = AnyPosition::from_fen(GameKind::Porthole, fen).unwrap();
    assert_eq!(pos.plies_to_rule_draw(), Some(3));
    let wormhole = AnyPosition::new(GameKind::Classic);
    assert_eq!(wormhole.plies_to_rule_draw(), None);
}
