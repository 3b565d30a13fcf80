//! Whole-screen render tests: a session drawn into a test backend.

use crate::tui::action::Action;
use crate::tui::state::Mode;
use crate::tui::testing::*;

#[test]
fn render_start_position_with_panel_and_input() {
    let app = vs_engine();
    let rows = screen(app.session(), 100, 30);
    let text = rows.join("\n");
    assert!(contains(&rows, "Wormhole chess (classic)"), "{text}");
    assert!(contains(&rows, "White: You"), "{text}");
    assert!(contains(&rows, "Black: Engine (level 1)"), "{text}");
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
    let rows = screen(app.session(), 80, 48);
    let text = rows.join("\n");
    for needle in ["Ctrl-Z", "Ctrl-C", ":save", ":open", ":load", ":resign", "PgUp"] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    app.update(Action::TogglePage);
    let rows = screen(app.session(), 80, 24);
    let text = rows.join("\n");
    for needle in ["Rules of Wormhole chess", "HOLE", "Knight", "Champion", "LOSES", "64 plies"] {
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
