//! The input slips of issue #41: the match line and Enter read typed text
//! the same way (a pawn capture without its file, Two-board's bare `B`),
//! a unique prefix of a command runs it, a move onto a hole names the
//! hole, a move typed while browsing goes back to the live position
//! first, a paste is taken whole, and Linked-portal chess explains a piece
//! on its portal and names and marks a teleport. Pure transitions through
//! `AppState::update` and renders into a test backend.

use crate::tui::view::marks::{highlights, input_hint};
use std::time::Instant;

use ratatui::layout::Rect;
use wormhole::rules::GameMove;
use wormhole::{AnyPosition, Bitboard, GameKind, Square};

use crate::limits::MAX_INPUT_CHARS;
use crate::tui::action::{Msg, UserAction};
use crate::tui::config::Config;
use crate::tui::game::{GameState, PlayerKind};
use crate::tui::input::InputHint;
use crate::tui::state::{AppState, Mode};
use crate::tui::testing::*;
use crate::tui::theme::Display;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// A hot-seat session of `kind` from `fen`.
fn from_fen(kind: GameKind, fen: &str) -> AppState {
    let pos = AnyPosition::from_fen(kind, fen).unwrap();
    let s0 = crate::tui::game_settings::GameSettings { variant: kind, ..settings([PlayerKind::Human; 2]) };
    AppState::new(s0, GameState::new(pos, s0.players, None), Config::default(), Display::default(), Instant::now())
}

fn type_chars(s: &mut AppState, text: &str) {
    for c in text.chars() {
        s.update(UserAction::Char(c));
    }
}

fn sans_of(hint: InputHint) -> Vec<String> {
    match hint {
        InputHint::Matches(sans) => sans,
        InputHint::Exact(san) => vec![san],
        other => panic!("no moves matched: {other:?}"),
    }
}

#[test]
fn a_pawn_capture_without_its_file_matches_on_the_line_as_enter_reads_it() {
    let mut s = from_fen(GameKind::Classic, "4k3/8/8/3p4/2P1P3/8/8/4K3 w 0");
    type_chars(&mut s, "xd5");
    let mut sans = sans_of(input_hint(&s));
    sans.sort();
    assert_eq!(sans, ["cxd5", "exd5"], "not 'no legal move starts like this'");
    s.update(UserAction::Submit);
    assert!(error(&s).starts_with("ambiguous: "), "{}", error(&s));
    assert!(error(&s).contains("cxd5") && error(&s).contains("exd5"), "{}", error(&s));
    assert_eq!(s.core().game.line().len(), 0);
}

#[test]
fn a_move_onto_a_hole_names_the_hole() {
    // The king on e1 and a hole on e2.
    let mut s = from_fen(GameKind::Classic, "4k3/8/8/8/8/8/4x3/4K3 w 2");
    type_chars(&mut s, "Ke2");
    s.update(UserAction::Submit);
    assert_eq!(error(&s), "e2 is a hole: no piece can move there (pieces skip holes)");
}

#[test]
fn a_prefix_of_one_command_runs_it() {
    let mut s = session([PlayerKind::Human; 2]);
    type_chars(&mut s, ":res");
    assert_eq!(input_hint(&s), InputHint::Command(vec!["resign"]));
    s.update(UserAction::Submit);
    assert!(matches!(s.mode(), Mode::Confirm(_)), "{:?}", s.mode());
    s.update(UserAction::Escape);
    type_chars(&mut s, ":re");
    s.update(UserAction::Submit);
    assert_eq!(error(&s), "':re' could be redo, review, resign: type more");
}

#[test]
fn a_move_typed_while_browsing_goes_back_to_the_live_position_first() {
    let mut s = session([PlayerKind::Human; 2]);
    for m in ["e4", "e5"] {
        type_chars(&mut s, m);
        s.update(UserAction::Submit);
    }
    // Typed, then PgUp: Enter shows the live position and plays nothing yet.
    type_chars(&mut s, "Nf3");
    s.update(UserAction::BrowseBack);
    assert_eq!(s.mode(), Mode::Browse(1));
    s.update(UserAction::Submit);
    assert_eq!((s.mode(), s.core().game.line().len()), (&Mode::Play, 2));
    assert_eq!(info(&s), "back to the live position, where moves are played: Enter again plays Nf3");
    s.update(UserAction::Submit);
    assert_eq!(s.core().game.line().sans()[2], "Nf3");
    // PgUp, then typing: the first key goes back to the live position.
    s.update(UserAction::BrowseBack);
    s.update(UserAction::Char('N'));
    assert_eq!(s.mode(), Mode::Play);
    assert_eq!(info(&s), "back to the live position: moves are played there");
    assert_eq!(s.core().view.input.text(), "N");
}

#[test]
fn a_paste_is_taken_whole_or_refused_whole() {
    let mut s = session([PlayerKind::Human; 2]);
    let long = format!(":save /tmp/{}.pgn", "p".repeat(2000));
    s.update(Msg::Paste(format!("{long}\n")));
    assert_eq!(s.core().view.input.text(), long, "more than 1024 bytes, in one go, the line end dropped");
    s.update(UserAction::ClearInput);
    s.update(Msg::Paste("?x".into()));
    assert_eq!(s.core().view.input.text(), "?x", "a pasted ? is text, not the help key");
    s.update(UserAction::ClearInput);
    s.update(Msg::Paste("y".repeat(MAX_INPUT_CHARS + 1)));
    assert_eq!(s.core().view.input.text(), "", "nothing cut");
    assert!(error(&s).contains(&format!("holds at most {MAX_INPUT_CHARS}")), "{}", error(&s));
}

#[test]
fn two_board_bc4_offers_both_readings_on_the_line_and_on_enter() {
    let mut s = from_fen(GameKind::Twoboard, crate::tui::update::twoboard_tests::START);
    for m in ["A:e4", "B:a6", "B:e4", "A:a6", "A:d4", "B:h6"] {
        type_chars(&mut s, m);
        s.update(UserAction::Submit);
    }
    type_chars(&mut s, "Bc4");
    let mut sans = sans_of(input_hint(&s));
    sans.sort();
    assert_eq!(sans, ["B:Bc4", "B:c4"]);
    s.update(UserAction::Submit);
    assert!(error(&s).starts_with("ambiguous: B:Bc4 B:c4"), "{}", error(&s));
    assert_eq!(s.core().game.line().len(), 6, "nothing played");
    // On a board-A turn, Bc4 is the bishop on A, on the line and by Enter.
    for m in ["B:c3", "A:h6"] {
        s.update(UserAction::ClearInput);
        type_chars(&mut s, m);
        s.update(UserAction::Submit);
    }
    type_chars(&mut s, "Bc4");
    assert_eq!(input_hint(&s), InputHint::Exact("A:Bc4".into()));
    s.update(UserAction::Submit);
    assert_eq!(s.core().game.line().sans().last().map(String::as_str), Some("A:Bc4"));
}

/// Linked-portal chess: White's pawn stands on its own portal (e4).
const PAWN_ON_PORTAL: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 e4,a5";
/// Black's portal on b5 can step onto White's pawn on a5; White's portal is on e4.
const TELEPORT: &str = "rnbqkbnr/pppppppp/8/P7/8/8/1PPPPPPP/RNBQKBNR b KQkq - 0 1 e4,b5";

#[test]
fn explain_on_a_piece_standing_on_its_portal_shows_what_a_click_shows() {
    let mut s = from_fen(GameKind::Linked, PAWN_ON_PORTAL);
    type_chars(&mut s, ":explain e4");
    s.update(UserAction::Submit);
    let explained = highlights(&s).targets;
    assert!(info(&s).ends_with("goes to e5"), "{}", info(&s));
    s.update(UserAction::Escape);
    s.update(UserAction::ClickSquare(sq("e4")));
    assert_eq!(highlights(&s).targets, explained);
    assert_eq!(explained, Bitboard::from_square(sq("e5")));
}

#[test]
fn a_teleport_is_named_and_both_its_squares_are_marked() {
    let mut s = from_fen(GameKind::Linked, TELEPORT);
    type_chars(&mut s, "Z@a5");
    s.update(UserAction::Submit);
    assert_eq!(info(&s), "teleported the White pawn a5 -> e4");
    let hl = highlights(&s);
    assert_eq!((hl.last_move.map(|m| m.to()), hl.last_also), (Some(sq("a5")), Bitboard::from_square(sq("e4"))));
    let (w, h) = (120, 40);
    let buf = buffer(&s, w, h);
    let board = crate::tui::view::screen(Rect::new(0, 0, w, h), &s).unwrap();
    let bg = |name: &str| {
        let r = board.boards[0].geometry.rect(sq(name));
        buf[(r.x, r.y)].bg
    };
    let theme = &s.core().look.theme;
    assert_eq!(bg("a5"), theme.last_to_dark.bg.unwrap());
    assert_eq!(bg("e4"), theme.last_to_light.bg.unwrap(), "where the pawn came out");
    assert_eq!(bg("d4"), theme.dark_square.bg.unwrap());
}
