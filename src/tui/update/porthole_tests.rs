//! Porthole chess in the app: picking a piece shows its entries and exits,
//! a porthole with several exits waits for the exit, the new-game screen
//! and `:new` offer the game, a draw ends the game at half a point, and the
//! help explains the portholes. Pure transitions through `AppState::update`.

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

/// A hot-seat session of Porthole chess from `fen`.
fn porthole(fen: &str) -> AppState {
    let pos = AnyPosition::from_fen(GameKind::Porthole, fen).unwrap();
    let mut s0 = settings([PlayerKind::Human; 2]);
    s0.variant = GameKind::Porthole;
    AppState::new(s0, GameState::new(pos, s0.players, None), Config::default(), Display::default(), Instant::now())
}

/// docs/porthole.md#worked-examples, example 2: the pawn on f3 can go in at
/// g4 and out at seven portholes.
const EXAMPLE_2: &str = "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2 b5,c5,f5,g5,b4,c4,f4,g4";

#[test]
fn picking_a_piece_shows_its_entries_and_exits_then_the_exit_is_picked() {
    let mut s = porthole(EXAMPLE_2);
    s.update(UserAction::ClickSquare(sq("f3")));
    let hl = highlights(&s);
    assert_eq!(squares(hl.targets), ["g4"], "a porthole to enter (f4 is one too: no step onto it)");
    assert_eq!(squares(hl.exits), ["b4", "b5", "c4", "c5", "f4", "f5", "g5"]);
    // The porthole first: seven exits, so the choice waits for one.
    s.update(UserAction::ClickSquare(sq("g4")));
    assert!(info(&s).starts_with("in at g4: now pick the exit (fg4>b4, "), "{}", info(&s));
    let hl = highlights(&s);
    assert_eq!(squares(hl.selected), ["f3", "g4"]);
    assert_eq!(hl.exits.count(), 7);
    s.update(UserAction::ClickSquare(sq("c4")));
    assert_eq!(s.core().game.line().sans(), ["fg4>c4"]);
    assert_eq!(
        s.core().game.line().position().fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/2P5/8/PPPPP1PP/RNBQKBNR b KQkq - 0 2 b5,c5,f5,g5,b4,c4,f4,f3"
    );
}

#[test]
fn a_porthole_with_one_exit_or_an_exit_with_one_way_in_plays_at_once() {
    // docs/porthole.md#worked-examples, example 3: the king in check leaves by h1 to a6, b3 or d4.
    let mut s = porthole("6k1/5ppp/8/8/8/8/5PPP/4r1K1 w - - 0 30 a6,d4,b3,h1");
    s.update(UserAction::ClickSquare(sq("g1")));
    assert_eq!(squares(highlights(&s).exits), ["a6", "b3", "d4"]);
    // Picking an exit that only one porthole leads to plays the move.
    s.update(UserAction::ClickSquare(sq("d4")));
    assert_eq!(s.core().game.line().sans(), ["Kh1>d4"]);
}

#[test]
fn the_new_game_screen_and_new_offer_porthole_chess() {
    let mut s = porthole(EXAMPLE_2);
    s.update(UserAction::NewGame);
    let Mode::NewGame(form) = s.mode() else { panic!("{:?}", s.mode()) };
    assert_eq!(form.variant, GameKind::Porthole, "the current game is preselected");
    let rows = screen(&s, 100, 30);
    assert!(contains(&rows, "porthole (K Q R B N P): Porthole chess"), "{}", rows.join("\n"));
    s.update(UserAction::Escape);
    let mut c = session([PlayerKind::Human; 2]);
    for ch in ":new porthole hotseat".chars() {
        c.update(UserAction::Char(ch));
    }
    c.update(UserAction::Submit);
    assert_eq!(c.core().game.line().kind(), GameKind::Porthole);
    assert_eq!(c.core().game.line().position().legal_moves().len(), 16);
}

#[test]
fn stalemate_ends_the_game_as_a_draw_at_half_a_point() {
    // Qb6 stalemates Black.
    let mut s = porthole("k7/8/8/1Q6/8/8/8/2K5 w - - 0 1 -");
    for c in "Qb6".chars() {
        s.update(UserAction::Char(c));
    }
    s.update(UserAction::Submit);
    assert_eq!(s.mode(), Mode::GameOver);
    let end = s.core().game.end().unwrap();
    assert_eq!((end.describe(), end.result_str()), ("draw by stalemate".to_string(), "1/2-1/2"));
    let pgn = s.activity().pgn(s.core()).to_pgn();
    assert!(pgn.contains("[Result \"1/2-1/2\"]") && pgn.contains("[Termination \"draw by stalemate\"]"), "{pgn}");
    let rows = screen(&s, 120, 40);
    assert!(contains(&rows, "draw by stalemate") && contains(&rows, "1/2-1/2"), "{}", rows.join("\n"));
}

#[test]
fn the_help_explains_portholes() {
    let mut s = porthole(EXAMPLE_2);
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
            HelpPage::Pieces => &["Pieces of Porthole chess", "a porthole", "come out of", "Queen (Q)"],
            _ => &["Rules of Porthole chess", "ENTERS a porthole", "fg4>c4", "DRAWS", "threefold repetition"],
        };
        for needle in needles {
            assert!(text.contains(needle), "{needle} missing:\n{text}");
        }
    }
}
