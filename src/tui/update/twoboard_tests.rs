//! Two-board portal chess in the app: every way in, a move typed with or
//! without its board, clicks on the board to play and on the other, an
//! intent and its teleport played by Enter or by a click on the piece or
//! its arrival, a blocked or void intent marked and named and its lost move,
//! a checkmate across the boards, and the two boards on screens of every
//! size. Pure transitions through `AppState::update` and renders into a
//! test backend.

use crate::tui::view::marks::{highlights, input_hint};
use std::time::Instant;

use wormhole::rules::GameMove;
use wormhole::{AnyPosition, Bitboard, Color, GameKind, Piece, Role, Rules, Square};

use crate::tui::action::UserAction;
use crate::tui::config::Config;
use crate::tui::game::{GameState, PlayerKind};
use crate::tui::state::{AppState, Mode};
use crate::tui::testing::*;
use crate::tui::theme::Display;
use crate::tui::view::board::Picture;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// A hot-seat session of Two-board portal chess from `fen`.
fn twoboard(fen: &str) -> AppState {
    let pos = AnyPosition::from_fen(GameKind::Twoboard, fen).unwrap();
    let mut s0 = settings([PlayerKind::Human; 2]);
    s0.variant = GameKind::Twoboard;
    AppState::new(s0, GameState::new(pos, s0.players, None), Config::default(), Display::default(), Instant::now())
}

fn type_text(s: &mut AppState, text: &str) {
    for c in text.chars() {
        s.update(UserAction::Char(c));
    }
    s.update(UserAction::Submit);
}

fn hint(s: &AppState) -> String {
    match input_hint(s) {
        crate::tui::input::InputHint::Forced(why) => why,
        other => format!("no forced move: {other:?}"),
    }
}

pub(super) const START: &str =
    "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w A KQ|kq -|- - 0 1";
/// Example 1 of the rules: White's a-pawn on Aa4, his own pawn on Ba4.
const BLOCKED: &str = "rnbq1bnr/pppp1ppp/8/4p3/P7/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/ppppppp1/8/7p/P7/8/1PPPPPPP/RNBQ1BNR w A KQ|kq e6|a3 - 0 3";
/// Example 2 of the rules: White's pawn on Aa5 intends to go to Ba5.
const INTENT: &str = "rnbq1bnr/ppp2ppp/3pp3/P7/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/1pppppp1/7p/p7/8/6PP/PPPPPP2/RNBQ1BNR b B KQ|kq -|- wAa5 1 5";
/// Example 5 of the rules: Black's knight on Ah5 teleports and mates.
const MATE: &str = "7K/8/8/7n/8/8/8/7r|k7/8/8/8/8/8/8/1N6 b B -|- -|- bAh5 0 39";

#[test]
fn every_way_in_starts_a_two_board_game() {
    let mut app = hotseat();
    enter(&mut app, "e4");
    enter(&mut app, &format!(":load {START}"));
    // The game in progress is replaced only after a yes.
    assert_eq!(app.session().mode(), Mode::Confirm(crate::tui::state::Pending::Load(START.to_string())));
    app.update(UserAction::Answer(true));
    assert_eq!(app.session().core().game.line().kind(), GameKind::Twoboard, "{}", error(app.session()));
    enter(&mut app, ":new classic");
    assert_eq!(app.session().core().game.line().kind(), GameKind::Classic);
    enter(&mut app, ":new twoboard");
    assert_eq!(app.session().core().game.line().kind(), GameKind::Twoboard, "{}", error(app.session()));
    enter(&mut app, ":new classic");
    enter(&mut app, ":set variant twoboard");
    assert!(info(app.session()).starts_with("variant = twoboard (from the next game)"), "{}", info(app.session()));
    app.update(UserAction::NewGame);
    let Mode::NewGame(mut form) = *app.session().mode() else { panic!("the new-game screen") };
    let seen: Vec<GameKind> = (0..GameKind::ALL.len())
        .map(|_| {
            form.change(1);
            form.variant
        })
        .collect();
    assert!(seen.contains(&GameKind::Twoboard), "the new-game screen offers it: {seen:?}");
}

#[test]
fn a_move_is_typed_with_or_without_its_board() {
    for text in ["e4", "A:e4", "Ae4", "Ae2e4"] {
        let mut s = twoboard(START);
        type_text(&mut s, text);
        assert_eq!(s.core().game.line().sans(), ["A:e4"], "{text}: {}", error(&s));
        assert_eq!(s.core().game.line().position().board_to_play(), 1, "Black plays board B");
    }
    let mut s = twoboard(START);
    type_text(&mut s, "B:e4");
    assert_eq!(error(&s), "White must play board A now, not board B");
}

#[test]
fn a_click_picks_on_the_board_to_play_and_names_it_on_the_other() {
    let mut s = twoboard(START);
    s.update(UserAction::ClickBoard(1, sq("e7")));
    assert_eq!(error(&s), "Board B is not played now: White plays Board A");
    s.update(UserAction::ClickSquare(sq("g1")));
    let hl = highlights(&s);
    assert_eq!((hl.board, hl.selected), (0, Bitboard::from_square(sq("g1"))));
    assert!(hl.on(1).selected.is_empty() && hl.on(1).targets.is_empty(), "no marks on board B");
    s.update(UserAction::ClickSquare(sq("f3")));
    assert_eq!(s.core().game.line().sans(), ["A:Nf3"]);
    assert_eq!(highlights(&s).last_move.map(|m| m.board()), Some(0), "the last move was on A");
    assert_eq!(highlights(&s).board, 1, "picking happens on B now");
}

#[test]
fn an_intent_shows_where_the_piece_arrives_and_enter_plays_its_teleport() {
    let mut s = twoboard(INTENT);
    let pawn = Piece { color: Color::White, role: Role::Pawn };
    let pos = s.core().game.line().position().clone();
    assert_eq!(Picture::of(&pos, 0).leaving, Bitboard::from_square(sq("a5")));
    assert_eq!(Picture::of(&pos, 1).arriving, [(sq("a5"), pawn)]);
    type_text(&mut s, "b6");
    assert!(hint(&s).starts_with("your intent forces the teleport Aa5>xBa5"), "{}", hint(&s));
    assert!(hint(&s).ends_with("press Enter or click Ba5"), "{}", hint(&s));
    type_text(&mut s, "");
    assert_eq!(s.core().game.line().sans(), ["B:b6", "Aa5>xBa5"]);
    assert_eq!(s.core().game.line().position().boards()[1].piece_at(sq("a5")), Some(pawn), "captured on arrival");
    assert!(s.core().game.line().position().boards()[0].piece_at(sq("a5")).is_none());
}

#[test]
fn a_forced_teleport_is_played_by_a_click_on_its_piece_or_its_arrival() {
    for (board, square) in [(1, "a5"), (0, "a5")] {
        let mut s = twoboard(INTENT);
        type_text(&mut s, "b6");
        s.update(UserAction::ClickSquare(sq("b2")));
        assert!(error(&s).starts_with("your intent forces the teleport Aa5>xBa5"), "{}", error(&s));
        s.update(UserAction::ClickBoard(0, sq("b2")));
        assert!(s.core().game.line().sans() == ["B:b6"], "another square of the other board plays nothing");
        match board {
            1 => s.update(UserAction::ClickSquare(sq(square))),
            _ => s.update(UserAction::ClickBoard(board, sq(square))),
        };
        assert_eq!(s.core().game.line().sans(), ["B:b6", "Aa5>xBa5"], "click on board {board}");
    }
}

#[test]
fn swapped_intents_put_a_piece_in_transit_that_lands_by_enter() {
    let mut s = twoboard(INTENT);
    type_text(&mut s, "B:a5^");
    type_text(&mut s, "");
    assert_eq!(s.core().game.line().sans(), ["B:a5^", "Aa5>Ba5"]);
    let black_pawn = Piece { color: Color::Black, role: Role::Pawn };
    let pos = s.core().game.line().position().clone();
    assert_eq!(Picture::of(&pos, 0).arriving, [(sq("a5"), black_pawn)], "in transit to Aa5");
    assert!(hint(&s).starts_with("your pawn in transit lands on Ba5"), "{}", hint(&s));
    type_text(&mut s, "");
    assert_eq!(s.core().game.line().position().boards()[0].piece_at(sq("a5")), Some(black_pawn));
}

#[test]
fn a_blocked_intent_loses_the_turn_and_enter_plays_the_lost_move() {
    let mut s = twoboard(BLOCKED);
    type_text(&mut s, "A:a4^");
    assert_eq!(info(&s), "White's intent from Aa4 is blocked by White's own piece on Ba4: White's next turn is lost");
    let pos = s.core().game.line().position().clone();
    assert_eq!(Picture::of(&pos, 0).lost, Bitboard::from_square(sq("a4")), "marked where declared");
    assert!(Picture::of(&pos, 1).lost.is_empty());
    type_text(&mut s, "h4");
    assert_eq!(
        hint(&s),
        "your intent from Aa4 is blocked by your own piece on Ba4: this turn is lost (B:--); press Enter"
    );
    type_text(&mut s, "e3");
    assert!(error(&s).contains("forces 0000"), "another move is refused: {}", error(&s));
    s.update(UserAction::ClearInput);
    type_text(&mut s, "");
    assert_eq!(s.core().game.line().sans(), ["A:a4^", "B:h4", "B:--"]);
}

#[test]
fn a_void_intent_is_marked_and_named_and_its_turn_is_lost() {
    // Example 3 of the rules: White captures the black knight that intends to leave Bh5.
    let mut s = twoboard("r7/8/8/8/8/8/8/4K3|7k/8/8/7n/8/7R/8/8 w B -|- -|- bBh5 2 21");
    type_text(&mut s, "B:Rxh5+");
    assert_eq!(info(&s), "the piece that declared Black's intent on Bh5 was captured: Black's next turn is lost");
    let pos = s.core().game.line().position().clone();
    assert_eq!(Picture::of(&pos, 1).lost, Bitboard::from_square(sq("h5")));
    assert_eq!(
        hint(&s),
        "the piece that declared your intent on Bh5 was captured: this turn is lost (A:--); press Enter"
    );
    type_text(&mut s, "");
    assert_eq!(s.core().game.line().sans(), ["B:Rxh5+", "A:--"]);
}

#[test]
fn a_teleport_that_uncovers_the_king_on_the_other_board_mates() {
    let mut s = twoboard(MATE);
    assert!(hint(&s).starts_with("your intent forces the teleport NAh5>Bh5#"), "{}", hint(&s));
    type_text(&mut s, "");
    assert_eq!(s.core().game.line().sans(), ["NAh5>Bh5#"]);
    assert_eq!(s.mode(), Mode::GameOver);
    let end = s.core().game.end().expect("the game is over");
    assert_eq!((end.describe().as_str(), end.result_str()), ("Black wins by checkmate", "0-1"));
}

#[test]
fn an_intent_answered_by_mate_is_played_only_when_asked_again() {
    // The self-mate beyond the horizon (docs/twoboard.md#check-and-legality):
    // the king's intent is legal, but White's rook teleports onto its
    // landing square.
    let mut s = twoboard("8/8/8/8/R2Q4/8/8/4K3|8/8/8/8/k7/8/8/8 b B -|- -|- wAa4 1 10");
    type_text(&mut s, "B:Ka4^");
    assert_eq!(error(&s), "careful: after B:Ka4^, RAa4>Ba4# checkmates; type it again to play it anyway");
    assert!(s.core().game.line().sans().is_empty());
    type_text(&mut s, "B:Ka4^");
    assert_eq!(s.core().game.line().sans(), ["B:Ka4^"]);
}

#[test]
fn two_boards_side_by_side_stacked_or_one_at_a_time_each_named() {
    let mut s = twoboard(START);
    let at = |rows: &[String], text: &str| rows.iter().position(|r| r.contains(text));
    // Wide: side by side, A on the left, on one row.
    let rows = screen(&s, 100, 30);
    let (a, b) = (at(&rows, "▶ Board A: White to play"), at(&rows, "Board B"));
    assert!(a.is_some() && a == b, "{}", rows.join("\n"));
    assert!(rows[a.unwrap()].find("Board A") < rows[a.unwrap()].find("Board B"));
    // Narrow but tall: one above the other.
    let rows = screen(&s, 70, 30);
    let (a, b) = (at(&rows, "▶ Board A"), at(&rows, "  Board B"));
    assert!(a < b && a.is_some(), "{}", rows.join("\n"));
    // Narrow and low: one board, the one to play, and the key to switch.
    let rows = screen(&s, 70, 15);
    assert!(contains(&rows, "▶ Board A (Ctrl-B: other)"), "{}", rows.join("\n"));
    assert!(!contains(&rows, "Board B"), "{}", rows.join("\n"));
    s.update(UserAction::OtherBoard);
    assert_eq!(info(&s), "Board B is shown when only one board fits");
    let rows = screen(&s, 70, 15);
    assert!(contains(&rows, "  Board B (Ctrl-B: other)"), "{}", rows.join("\n"));
    assert!(!contains(&rows, "▶ Board A"), "{}", rows.join("\n"));
    // Both boards with White's first rank at the bottom, whatever the flip
    // key: ranks 8 and 1 of both on the same rows, 8 above 1.
    s.update(UserAction::Flip);
    assert_eq!(info(&s), "Two-board portal chess is always shown from White's side");
    assert!(!flipped(&s));
    let rows = screen(&s, 100, 30);
    let rank = |r: &str| rows.iter().position(|row| row.starts_with(r) && row[2..].contains(&format!(" {r}")));
    assert!(rank("8 ").is_some() && rank("8 ") < rank("1 "), "{}", rows.join("\n"));
}

#[test]
fn the_rules_page_explains_the_turn_order_with_an_example() {
    let rules: Vec<String> = crate::tui::games::view(GameKind::Twoboard)
        .rules(76)
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect();
    let text = rules.join("\n");
    for words in ["1. A:e4 B:a5 2. B:h4 A:e5", "INTENT", "BLOCKED", "VOID", "TRANSIT", "KING SAFETY", "PASS"] {
        assert!(text.contains(words), "{words}:\n{text}");
    }
    let widest = rules.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(widest <= usize::from(crate::tui::view::help::WIDTH), "{widest}");
}
