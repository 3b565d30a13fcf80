//! Whole-screen render tests: a session drawn into a test backend.

use crate::tui::view::marks::highlights;
use std::time::Instant;

use ratatui::layout::Rect;
use wormhole::Square;

use crate::tui::action::UserAction;
use crate::tui::choice::Choice;
use crate::tui::config::{Config, Prefs};
use crate::tui::game::PlayerKind;
use crate::tui::state::{AppState, Mode};
use crate::tui::testing::*;
use crate::tui::theme::{ColorDepth, Display, PieceStyle, ThemeName};

/// A hot-seat session after 1. e4 drawn with a theme and piece style for a display.
fn themed(theme: ThemeName, pieces: PieceStyle, display: Display) -> AppState {
    let config = Config { prefs: Prefs { theme, pieces, ..Prefs::default() }, ..Config::default() };
    let s = settings([PlayerKind::Human; 2]);
    let mut session = AppState::new(s, s.new_game(), config, display, Instant::now());
    for c in "e4".chars() {
        session.update(UserAction::Char(c));
    }
    session.update(UserAction::Submit);
    session
}

/// The layout of a `w` x `h` screen for a game of one board.
fn one_board(w: u16, h: u16) -> crate::tui::view::layout::ScreenLayout {
    let boards = crate::tui::view::layout::Boards { count: 1, alone: 0, flipped: false, tall_panel: false };
    crate::tui::view::layout(Rect::new(0, 0, w, h), boards).unwrap()
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
        let board = one_board(w, h).boards[0].geometry;
        let square = |sq: &str| {
            let r = board.rect(sq.parse::<Square>().unwrap());
            let cells: Vec<_> = (r.y..r.bottom()).flat_map(|y| (r.x..r.right()).map(move |x| (x, y))).collect();
            let text: String = cells.iter().map(|&p| buf[p].symbol()).collect();
            (text, cells.iter().map(|&p| buf[p].fg).collect::<Vec<_>>())
        };
        let what = format!("{name} {pieces} {display:?}");
        let (white, black) = (square("d1"), square("d8"));
        let figures = display.unicode && pieces == PieceStyle::Unicode;
        assert_eq!(white.0.trim().is_ascii(), !figures, "{what}: {white:?}");
        if display.color {
            assert_ne!(white, black, "{what}: queens alike");
        } else {
            assert_ne!(white.0, black.0, "{what}: without colour the figures differ");
            assert!(
                buf.content
                    .iter()
                    .all(|c| c.fg == ratatui::style::Color::Reset && c.bg == ratatui::style::Color::Reset),
                "{what}: no colour"
            );
        }
        let hole = if display.unicode { "░" } else { ":" };
        assert!(square("e2").0.contains(hole), "{what}: the square e4 left is a hole");
        assert!(!square("e3").0.contains(hole), "{what}: an empty square is not a hole");
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
    assert!(rows.iter().any(|r| r.starts_with("8 ") && r.contains("▐█▌")), "a rook's figure: {text}");
}

#[test]
fn render_move_list_keeps_the_latest_moves_in_a_short_window() {
    let mut app = hotseat();
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "d6", "Nc3", "Nf6", "h3", "h6", "a3", "a6"];
    for m in moves {
        enter(&mut app, m);
    }
    assert_eq!(app.session().core().game.line().len(), moves.len(), "{:?}", app.session().core().view.message.as_ref());
    let rows = screen(app.session(), 60, 12);
    let text = rows.join("\n");
    assert!(contains(&rows, "7. a3"), "{text}");
    assert!(contains(&rows, "Moves (14)"), "{text}");
    assert!(contains(&rows, "White to move"), "{text}");
    assert!(!contains(&rows, "1. e4"), "{text}");
    app.update(UserAction::Scroll(-100));
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
    app.update(UserAction::Help);
    // The whole page, scrolled through at 80x24.
    let mut text = String::new();
    for _ in 0..4 {
        text += &screen(app.session(), 80, 24).join("\n");
        app.update(UserAction::Scroll(18));
    }
    for needle in ["Ctrl-Z", "Ctrl-C", ":save", ":open", ":load", ":resign", ":explain", "PgUp", "F4", "autoflip"] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    assert!(text.contains("Help: Tab next page, Up/Down scroll"), "the help's own keys in its title:\n{text}");
    app.update(UserAction::TogglePage);
    let rows = screen(app.session(), 80, 24);
    let text = rows.join("\n");
    for needle in ["Pieces of Wormhole chess (classic)", "King (K)", "Knight (N)", "a hole"] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    app.update(UserAction::TogglePage);
    let rows = screen(app.session(), 80, 24);
    let text = rows.join("\n");
    for needle in
        ["Rules of Wormhole chess", "HOLE", "Knight", "Champion", "LOSES", "64 plies", "jumping", "docs/wormhole.md"]
    {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    app.update(UserAction::Char('x'));
    assert_eq!(app.session().mode(), Mode::Play, "any other key closes the help");
    assert_eq!(app.session().core().view.input.text(), "", "the closing key is not typed");
}

#[test]
fn render_holes_check_and_review_banner() {
    let mut app = hotseat();
    enter(&mut app, ":load 4k3/8/8/8/8/8/3q4/4K3 w 0");
    let rows = screen(app.session(), 100, 30);
    assert!(contains(&rows, "White to move: check!"), "{}", rows.join("\n"));
    assert_eq!(highlights(app.session()).check, Some((0, "e1".parse().unwrap())));
    app = hotseat();
    for m in ["e4", "e5", "Nf3"] {
        enter(&mut app, m);
    }
    let rows = screen(app.session(), 100, 30);
    let text = rows.join("\n");
    assert_eq!(text.matches("▗▀▀▀▖").count(), 3, "three holes, each a rim in its shade:\n{text}");
    assert!(text.contains("░▌░░░▐░"), "{text}");
    app.update(UserAction::BrowseStart);
    let rows = screen(app.session(), 100, 30);
    assert!(contains(&rows, "Review: after 0 of 3 moves"), "{}", rows.join("\n"));
    assert!(!rows.join("").contains('░'), "no holes at the start");
}

#[test]
fn the_board_grows_with_the_terminal_and_the_panel_keeps_its_room() {
    for ((w, h), cell) in [((80, 24), (5, 2)), ((120, 40), (9, 4)), ((200, 60), (15, 7))] {
        let screen = one_board(w, h);
        assert_eq!((screen.boards[0].geometry.cell_w, screen.boards[0].geometry.cell_h), cell, "{w}x{h}");
        assert!(screen.panel.width >= crate::tui::view::layout::PANEL_MIN_W, "{w}x{h}");
    }
    // The legend joins the panel when there is room for it and the moves.
    let s = hotseat();
    assert!(!contains(&screen(s.session(), 80, 24), "Pieces (F4: more)"));
    assert!(contains(&screen(s.session(), 120, 40), "Pieces (F4: more)"));
}

#[test]
fn two_boards_use_the_height_with_bigger_squares_and_the_panel_under_them() {
    use crate::tui::view::layout::{Arrangement, Boards, PANEL_BELOW_MIN_H, PANEL_MIN_W};
    let layout = |w, h, tall_panel| {
        crate::tui::view::layout(Rect::new(0, 0, w, h), Boards { count: 2, alone: 0, flipped: false, tall_panel })
    };
    let two = |w, h| layout(w, h, false);
    // 120x40 gave two boards of 5x2 squares on 18 of 37 rows; 100x30 3x1, 200x60 9x4.
    for ((w, h), cell) in [((100, 30), (5, 2)), ((120, 40), (7, 3)), ((200, 60), (11, 5))] {
        let screen = two(w, h).unwrap();
        assert_eq!(screen.arrangement, Arrangement::SideBySide, "{w}x{h}");
        for placed in &screen.boards {
            assert_eq!((placed.geometry.cell_w, placed.geometry.cell_h), cell, "{w}x{h}");
        }
        let boards = screen.board_area();
        assert!(boards.height * 3 >= (h - 3) * 2, "{w}x{h}: the boards take {} rows", boards.height);
        let panel = screen.panel;
        assert_eq!((panel.x, panel.y, panel.width), (0, boards.bottom(), w), "{w}x{h}: under the boards");
        assert!(panel.height >= PANEL_BELOW_MIN_H && panel.bottom() == screen.input.y, "{w}x{h}: {panel:?}");
    }
    // Where squares would not grow, the panel stays beside the boards.
    let screen = two(80, 24).unwrap();
    assert!(screen.panel.x > 0 && screen.panel.width >= PANEL_MIN_W, "80x24: {:?}", screen.panel);
    // A review's move list or live analysis needs the panel's height: at
    // 120x40 under the boards it had 11 rows and showed no move list.
    for (w, h) in [(100, 30), (120, 40), (200, 60)] {
        let screen = layout(w, h, true).unwrap();
        let (panel, main_h) = (screen.panel, h - 3);
        assert!(panel.x > 0 && panel.y == 0 && panel.height == main_h, "{w}x{h}: beside, full height: {panel:?}");
    }
}

#[test]
fn the_wormhole_legends_say_holes_are_not_squares() {
    // A newcomer mated by Qa5# across two holes had nowhere to read why.
    let mut app = hotseat();
    for (w, h) in [(120, 40), (200, 60)] {
        let text = screen(app.session(), w, h).join("\n");
        assert!(text.contains("holes are not squares, moves skip them"), "{w}x{h}:\n{text}");
    }
    app.update(UserAction::Help);
    app.update(UserAction::TogglePage);
    let text = screen(app.session(), 100, 40).join("\n");
    assert!(text.contains("Pieces of Wormhole chess") && text.contains("holes are not squares"), "{text}");
}

#[test]
fn the_command_list_fits_the_line_and_says_how_many_more() {
    let mut app = hotseat();
    app.update(UserAction::Char(':'));
    for w in [120u16, 80, 200] {
        let rows = screen(app.session(), w, 40);
        let line = rows.iter().find(|r| r.starts_with("commands:")).expect("the command list");
        let shown = line.trim_end();
        let all = crate::tui::commands::COMMANDS.len();
        if w == 200 {
            assert!(shown.ends_with("quit"), "all fit at 200 columns: {shown}");
        } else {
            let more: usize = shown.split(" +").nth(1).and_then(|m| m.split(' ').next()?.parse().ok()).unwrap();
            let named = shown.split(" +").next().unwrap().split(' ').count() - 1;
            assert_eq!(named + more, all, "{shown}");
            assert!(shown.ends_with("more (F1 lists them)"), "no name cut at {w} columns: {shown}");
        }
    }
}

#[test]
fn a_big_screen_draws_multi_cell_figures_and_contrasting_sides() {
    let s = themed(ThemeName::Light, PieceStyle::Unicode, Display::default());
    let (w, h) = (200, 60);
    let buf = buffer(&s, w, h);
    let board = one_board(w, h).boards[0].geometry;
    assert_eq!((board.cell_w, board.cell_h), (15, 7));
    // The White king on e1: a figure ten cells wide and six high.
    let r = board.rect("e1".parse::<Square>().unwrap());
    let rows: Vec<String> =
        (r.y..r.bottom()).map(|y| (r.x..r.right()).map(|x| buf[(x, y)].symbol()).collect()).collect();
    assert_eq!(rows.iter().filter(|row| row.contains('█')).count(), 6, "{rows:#?}");
    assert_eq!(rows[5].trim(), "████████", "{rows:#?}");
    let figure = buf[(r.x + 6, r.y)].clone();
    assert_eq!((figure.symbol(), figure.fg), ("█", s.core().look.theme.white_piece.fg.unwrap()));
}
