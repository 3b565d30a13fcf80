//! Whole-screen render tests: a session drawn into a test backend.

use std::time::Instant;

use ratatui::layout::Rect;
use wormhole::Square;

use crate::tui::action::Action;
use crate::tui::choice::Choice;
use crate::tui::config::{Config, Prefs};
use crate::tui::game::Player;
use crate::tui::state::{Mode, Session};
use crate::tui::testing::*;
use crate::tui::theme::{ColorDepth, Display, PieceStyle, ThemeName};

/// A hot-seat session after 1. e4 drawn with a theme and piece style for a display.
fn themed(theme: ThemeName, pieces: PieceStyle, display: Display) -> Session {
    let config = Config { prefs: Prefs { theme, pieces, ..Prefs::default() }, ..Config::default() };
    let s = settings([Player::Human; 2]);
    let mut session = Session::new(s, s.new_game(), config, display, Instant::now());
    for c in "e4".chars() {
        session.update(Action::Char(c));
    }
    session.update(Action::Submit);
    session
}

#[test]
fn every_theme_no_color_and_ascii_draw_the_sides_apart_and_mark_holes() {
    let colour = Display { depth: ColorDepth::Indexed256, color: true, unicode: true };
    let mut cases = Vec::new();
    for &name in ThemeName::ALL {
        for &pieces in PieceStyle::ALL {
            cases.push((name, pieces, colour));
            cases.push((name, pieces, Display { color: false, ..colour }));
            cases.push((name, pieces, Display { unicode: false, ..colour }));
            cases.push((name, pieces, Display { color: false, unicode: false, ..colour }));
        }
    }
    for (name, pieces, display) in cases {
        let s = themed(name, pieces, display);
        let (w, h) = (100, 30);
        let buf = buffer(&s, w, h);
        let board = crate::tui::view::layout(Rect::new(0, 0, w, h), false).unwrap().board;
        let cell = |sq: &str| {
            let r = board.rect(sq.parse::<Square>().unwrap());
            buf[(r.x + r.width / 2, r.y + r.height / 2)].clone()
        };
        let what = format!("{name} {pieces} {display:?}");
        let (white, black) = (cell("d1"), cell("d8"));
        assert_eq!(white.symbol().is_ascii(), !display.unicode || pieces == PieceStyle::Letters, "{what}");
        if display.color {
            assert_ne!((white.symbol(), white.fg), (black.symbol(), black.fg), "{what}: queens alike");
        } else {
            assert_ne!(white.symbol(), black.symbol(), "{what}: without colour the glyphs differ");
            assert!(
                buf.content
                    .iter()
                    .all(|c| c.fg == ratatui::style::Color::Reset && c.bg == ratatui::style::Color::Reset),
                "{what}: no colour"
            );
        }
        let hole = if display.unicode { "░" } else { ":" };
        assert_eq!(cell("e2").symbol(), hole, "{what}: the square e4 left is a hole");
        assert_eq!(cell("e3").symbol(), " ", "{what}: an empty square is not a hole");
        if !display.unicode {
            let text: String = buf.content.iter().map(|c| c.symbol()).collect();
            assert!(text.is_ascii(), "{what}: only ASCII");
        }
    }
}

#[test]
fn render_start_position_with_panel_and_input() {
    let app = vs_engine();
    let rows = screen(app.session(), 100, 30);
    let text = rows.join("\n");
    assert!(contains(&rows, "Wormhole chess (classic)"), "{text}");
    assert!(contains(&rows, "White: You"), "{text}");
    assert!(contains(&rows, "Black: Engine"), "{text}");
    assert!(contains(&rows, "Engine level 1: newcomer"), "the level by name: {text}");
    assert!(contains(&rows, "Squares left 64/64"), "{text}");
    assert!(contains(&rows, "White to move >"), "{text}");
    assert!(rows.iter().any(|r| r.starts_with("8 ") && r.contains('♜')), "{text}");
}

#[test]
fn render_move_list_keeps_the_latest_moves_in_a_short_window() {
    let mut app = hotseat();
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "d6", "Nc3", "Nf6", "h3", "h6", "a3", "a6"];
    for m in moves {
        enter(&mut app, m);
    }
    assert_eq!(app.session().game().len(), moves.len(), "{:?}", app.session().message());
    let rows = screen(app.session(), 60, 12);
    let text = rows.join("\n");
    assert!(contains(&rows, "7. a3"), "{text}");
    assert!(contains(&rows, "Moves (14)"), "{text}");
    assert!(contains(&rows, "White to move"), "{text}");
    assert!(!contains(&rows, "1. e4"), "{text}");
    app.update(Action::Scroll(-100));
    let rows = screen(app.session(), 60, 12);
    assert!(contains(&rows, "1. e4"), "{}", rows.join("\n"));
}

#[test]
fn render_small_terminal_asks_to_enlarge() {
    let app = hotseat();
    let rows = screen(app.session(), 40, 10);
    assert!(contains(&rows, "Please enlarge the terminal"), "{}", rows.join("\n"));
    assert!(contains(&rows, "has 40x10"));
}

#[test]
fn render_help_overlay_lists_keys_commands_and_rules() {
    let mut app = hotseat();
    app.update(Action::Help);
    // The whole page, scrolled through at 80x24.
    let mut text = String::new();
    for _ in 0..4 {
        text += &screen(app.session(), 80, 24).join("\n");
        app.update(Action::Scroll(18));
    }
    for needle in ["Ctrl-Z", "Ctrl-C", ":save", ":open", ":load", ":resign", ":explain", "PgUp", "F4", "autoflip"] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    assert!(text.contains("Help: Tab next page, Up/Down scroll"), "the help's own keys in its title:\n{text}");
    app.update(Action::TogglePage);
    let rows = screen(app.session(), 80, 24);
    let text = rows.join("\n");
    for needle in ["Pieces of Wormhole chess (classic)", "King (K)", "Knight (N)", "a hole"] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    app.update(Action::TogglePage);
    let rows = screen(app.session(), 80, 24);
    let text = rows.join("\n");
    for needle in ["Rules of Wormhole chess", "HOLE", "Knight", "Champion", "LOSES", "64 plies", "jumping"] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    app.update(Action::Char('x'));
    assert_eq!(app.session().mode(), Mode::Play, "any other key closes the help");
    assert_eq!(app.session().input(), "", "the closing key is not typed");
}

#[test]
fn render_holes_check_and_review_banner() {
    let mut app = hotseat();
    enter(&mut app, ":load 4k3/8/8/8/8/8/3q4/4K3 w 0");
    let rows = screen(app.session(), 100, 30);
    assert!(contains(&rows, "White to move: check!"), "{}", rows.join("\n"));
    assert_eq!(app.session().highlights().check, Some("e1".parse().unwrap()));
    app = hotseat();
    for m in ["e4", "e5", "Nf3"] {
        enter(&mut app, m);
    }
    let rows = screen(app.session(), 100, 30);
    assert_eq!(rows.join("").matches('░').count(), 3 * 7 * 3, "three holes of 7x3 cells");
    app.update(Action::BrowseStart);
    let rows = screen(app.session(), 100, 30);
    assert!(contains(&rows, "Review: after 0 of 3 moves"), "{}", rows.join("\n"));
    assert!(!rows.join("").contains('░'), "no holes at the start");
}

#[test]
fn the_board_grows_with_the_terminal_and_the_panel_keeps_its_room() {
    for ((w, h), cell) in [((80, 24), (5, 2)), ((120, 40), (9, 4)), ((200, 60), (15, 7))] {
        let screen = crate::tui::view::layout(Rect::new(0, 0, w, h), false).unwrap();
        assert_eq!((screen.board.cell_w, screen.board.cell_h), cell, "{w}x{h}");
        assert!(screen.panel.width >= crate::tui::view::layout::PANEL_MIN_W, "{w}x{h}");
    }
    // The legend joins the panel when there is room for it and the moves.
    let s = hotseat();
    assert!(!contains(&screen(s.session(), 80, 24), "Pieces (F4: more)"));
    assert!(contains(&screen(s.session(), 120, 40), "Pieces (F4: more)"));
}
