//! Linked-portal chess in the app: typing `e4` from the start names
//! `e4>a5`, picking a piece shows where it lands through the portal, a
//! portal move by clicking one's portal and a neighbouring square or by
//! typing `Z@d3`, a black hole named in the message line, and the help.
//! Pure transitions through `AppState::update`.

use crate::tui::view::marks::highlights;
use std::time::Instant;

use wormhole::{AnyPosition, Bitboard, GameKind, Rules, Square};

use crate::tui::action::UserAction;
use crate::tui::config::Config;
use crate::tui::game::{GameState, PlayerKind};
use crate::tui::state::{AppState, HelpPage, Mode};
use crate::tui::testing::*;
use crate::tui::theme::Display;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn squares(b: Bitboard) -> Vec<String> {
    let mut v: Vec<String> = b.into_iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// A hot-seat session of Linked-portal chess from `fen`.
fn linked(fen: &str) -> AppState {
    let pos = AnyPosition::from_fen(GameKind::Linked, fen).unwrap();
    let mut s0 = settings([PlayerKind::Human; 2]);
    s0.variant = GameKind::Linked;
    AppState::new(s0, GameState::new(pos, s0.players, None), Config::default(), Display::default(), Instant::now())
}

fn type_text(s: &mut AppState, text: &str) {
    for c in text.chars() {
        s.update(UserAction::Char(c));
    }
    s.update(UserAction::Submit);
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4,a5";

#[test]
fn typing_e4_from_the_start_plays_the_move_through_the_portal() {
    // Its one meaning: the match list shows only it, and Enter plays it.
    let pos = AnyPosition::from_fen(GameKind::Linked, START).unwrap();
    let listed: Vec<String> = crate::tui::input::candidates(&pos, "e4").into_iter().map(|c| c.san).collect();
    assert_eq!(listed, ["e4>a5"], "no portal move of the cell e4 (Z@d3 ...)");
    let mut s = linked(START);
    type_text(&mut s, "e4");
    assert_eq!(s.core().game.line().sans(), ["e4>a5"], "{:?}", s.core().view.message.as_ref());
    let mut s = linked(START);
    s.update(UserAction::ClickSquare(sq("e2")));
    assert_eq!(squares(highlights(&s).targets), ["a5", "e3"], "the pawn lands on a5 through the portal");
    s.update(UserAction::ClickSquare(sq("a5")));
    assert_eq!(s.core().game.line().sans(), ["e4>a5"]);
}

#[test]
fn a_portal_moves_by_clicking_it_and_a_neighbouring_square_or_by_its_text() {
    let mut s = linked(START);
    s.update(UserAction::ClickSquare(sq("e4")));
    assert!(info(&s).starts_with("your portal on e4"), "{}", info(&s));
    assert_eq!(squares(highlights(&s).targets), ["d3", "d4", "d5", "e3", "e5", "f3", "f4", "f5"]);
    s.update(UserAction::ClickSquare(sq("d3")));
    type_text(&mut s, "Z@b5");
    assert_eq!(s.core().game.line().sans(), ["Z@d3", "Z@b5"]);
    assert!(s.core().game.line().position().fen().ends_with("d3,b5"), "{}", s.core().game.line().position().fen());
}

#[test]
fn a_black_hole_ends_in_king_against_king() {
    let mut s = linked("6k1/8/3p1n2/8/4N3/8/8/6K1 w - - 0 1 d4,e5");
    type_text(&mut s, "Z@e5");
    assert_eq!(
        info(&s),
        "black hole on e5: it swallowed the White knight on e4, the Black pawn on d6, the Black knight on f6; the portals are frozen"
    );
    assert_eq!(s.mode(), Mode::GameOver);
    assert_eq!(s.core().game.end().unwrap().describe(), "draw by king against king");
}

#[test]
fn the_help_explains_portals() {
    let mut s = linked(START);
    s.update(UserAction::Help);
    for page in [HelpPage::Pieces, HelpPage::Rules] {
        while !matches!(s.mode(), Mode::Help { page: p, .. } if *p == page) {
            s.update(UserAction::TogglePage);
        }
        let mut text = String::new();
        for _ in 0..4 {
            text += &screen(&s, 100, 40).join("\n");
            s.update(UserAction::Scroll(18));
        }
        let needles: &[&str] = match page {
            HelpPage::Pieces => &[
                "Pieces of Linked-portal chess",
                "White's and Black's portal",
                "one square, J: a piece arriving on one comes out of the other",
                "frozen portals",
            ],
            _ => &["Rules of Linked-portal chess", "TELEPORTED", "BLACK HOLE", "e4>a5", "DRAWS"],
        };
        for needle in needles {
            assert!(text.contains(needle), "{needle} missing:\n{text}");
        }
    }
}

#[test]
fn the_new_game_screen_places_the_portals() {
    let mut s = linked(START);
    s.update(UserAction::NewGame);
    let rows = screen(&s, 100, 30);
    assert!(contains(&rows, "White portal") && contains(&rows, "e4 (any square of rank 4)"), "{}", rows.join("\n"));
    // Down past the Play line to White's portal, Right: f4; down to Black's, Left: h5.
    let down = UserAction::Cursor(0, -1);
    for a in [down, down, UserAction::Cursor(1, 0), down, UserAction::Cursor(-1, 0)] {
        s.update(a);
    }
    s.update(UserAction::Submit);
    assert_eq!(s.mode(), Mode::Play);
    assert!(s.core().game.line().position().fen().ends_with(" f4,h5"), "{}", s.core().game.line().position().fen());
    assert!(s.activity().pgn(s.core()).to_pgn().contains("f4,h5\"]"), "the PGN records the placement in its FEN tag");
}

#[test]
fn a_long_move_never_runs_into_the_next_in_the_move_list() {
    // Example 3 of the rules: a capture and promotion through the portal,
    // ten characters of SAN, then Black's king steps aside.
    let mut s = linked("k6r/8/1PP5/8/8/8/8/K7 w - - 0 1 c7,h8");
    type_text(&mut s, "bxc7>h8=Q+");
    type_text(&mut s, "Ka7");
    assert_eq!(s.core().game.line().sans(), ["bxc7>h8=Q+", "Ka7"]);
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let rows = screen(&s, w, h);
        assert!(contains(&rows, "1. bxc7>h8=Q+ Ka7"), "{w}x{h}:\n{}", rows.join("\n"));
    }
}

#[test]
fn the_panel_says_the_portals_are_one_square_where_there_is_room() {
    let s = linked(START);
    let text = screen(&s, 200, 60).join("\n");
    assert!(text.contains("portals: the two are one square, J"), "{text}");
}
