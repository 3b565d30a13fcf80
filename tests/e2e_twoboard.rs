//! End-to-end tests of Two-board portal chess in the terminal app: the
//! real binary in a pseudo-terminal, keys typed as a person would. Both
//! boards named with the one to play marked, an intent and its teleport,
//! a blocked intent played as a lost move by Enter, a checkmate across
//! the boards, and a terminal too small for both boards.

mod common;

use common::pty::PtySession;

/// docs/twoboard.md#worked-examples, examples 1, 2 and 4.
const BLOCKED: &str = "rnbq1bnr/pppp1ppp/8/4p3/P7/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/ppppppp1/8/7p/P7/8/1PPPPPPP/RNBQ1BNR w A KQ|kq e6|a3 - 0 3";
const INTENT: &str = "rnbq1bnr/ppp2ppp/3pp3/P7/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/1pppppp1/7p/p7/8/6PP/PPPPPP2/RNBQ1BNR b B KQ|kq -|- wAa5 1 5";
const MATE: &str = "7K/8/8/7n/8/8/8/7r|k7/8/8/8/8/8/8/1N6 b B -|- -|- bAh5 0 39";

fn start(fen: Option<&str>) -> PtySession {
    let mut args = vec!["--variant", "twoboard", "--hotseat"];
    if let Some(fen) = fen {
        args.extend(["--fen", fen]);
    }
    PtySession::start(&args)
}

/// The row of the screen that holds `text`.
fn row_of(screen: &str, text: &str) -> Option<usize> {
    screen.lines().position(|l| l.contains(text))
}

#[test]
fn both_boards_are_named_side_by_side_and_the_turn_moves_between_them() {
    let mut s = start(None);
    let screen = s.wait_for("▶ Board A: White to play");
    assert!(screen.contains("Two-board portal chess"), "{screen}");
    assert_eq!(row_of(&screen, "Board A"), row_of(&screen, "  Board B"), "side by side:\n{screen}");
    s.enter("e4");
    let screen = s.wait_for("▶ Board B: Black to play");
    assert!(screen.contains("1. A:e4"), "{screen}");
    s.enter("B:a5");
    let screen = s.wait_for("▶ Board B: White to play");
    s.enter("Bh2h4");
    let screen2 = s.wait_for("▶ Board A: Black to play");
    assert!(screen2.contains("2. B:h4"), "{screen}\n{screen2}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn an_intent_teleports_by_enter_and_captures_on_arrival() {
    let mut s = start(Some(INTENT));
    let screen = s.wait_for("▶ Board B: Black to play");
    assert!(screen.contains("White Aa5>Ba5  quiet 1/100"), "{screen}");
    s.enter("b6");
    s.wait_for("your intent forces the teleport Aa5>xBa5; press Enter");
    s.send(b"\r");
    let screen = s.wait_for("Aa5>xBa5");
    assert!(screen.contains("▶ Board A: Black to play"), "{screen}");
    assert!(screen.contains("no intents  quiet 0/100"), "{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn a_blocked_intent_is_played_as_a_lost_move_by_enter() {
    let mut s = start(Some(BLOCKED));
    s.wait_for("▶ Board A: White to play");
    s.enter("A:a4^");
    s.wait_for("▶ Board B: Black to play");
    s.enter("h4");
    s.wait_for("your intent from Aa4 is blocked by your own piece on Ba4: this turn is lost (B:--); press Enter");
    s.send(b"\r");
    let screen = s.wait_for("B:--");
    assert!(screen.contains("▶ Board A: Black to play"), "{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn a_teleport_mates_across_the_boards() {
    let mut s = start(Some(MATE));
    s.wait_for("your intent forces the teleport NAh5>Bh5#; press Enter");
    s.send(b"\r");
    let screen = s.wait_for("Black wins by checkmate");
    assert!(screen.contains("0-1"), "{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn a_small_terminal_stacks_the_boards_or_shows_one_with_a_key_to_switch() {
    let mut s = start(None);
    s.wait_for("▶ Board A: White to play");
    s.resize(30, 70);
    let screen = s.wait_until("stacked boards", |sc| row_of(sc, "▶ Board A") < row_of(sc, "  Board B"));
    assert!(row_of(&screen, "▶ Board A").is_some(), "{screen}");
    s.resize(15, 70);
    let screen = s.wait_for("▶ Board A (Ctrl-B: other)");
    assert!(!screen.contains("  Board B"), "one board at a time:\n{screen}");
    s.send(b"\x02");
    let screen = s.wait_for("  Board B (Ctrl-B: other)");
    assert!(!screen.contains("▶ Board A"), "{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}
