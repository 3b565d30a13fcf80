//! End-to-end tests of issue #41's notation and input in the terminal app:
//! the real binary in a pseudo-terminal, keys typed and text pasted as a
//! person would. Two-board's bare `B` offered both ways by the match line
//! and by Enter, Linked-portal chess's `:explain` of a pawn on its portal
//! and a named teleport, the input slips (a pawn capture without its file,
//! a command's prefix, a move onto a hole, a move typed while browsing, the
//! forced teleport named once is in e2e_twoboard.rs), and bracketed paste.

mod common;

use common::pty::PtySession;

#[test]
fn two_board_bc4_offers_the_pawn_and_the_bishop_on_the_line_and_on_enter() {
    let mut s = PtySession::start(&["--variant", "twoboard", "--hotseat"]);
    s.wait_for("▶ Board A: White to play");
    for (m, next) in [
        ("A:e4", "▶ Board B: Black"),
        ("B:a6", "▶ Board B: White"),
        ("B:e4", "▶ Board A: Black"),
        ("A:a6", "▶ Board A: White"),
        ("A:d4", "▶ Board B: Black"),
        ("B:h6", "▶ Board B: White"),
    ] {
        s.enter(m);
        s.wait_for(next);
    }
    s.send(b"Bc4");
    let screen = s.wait_for("matches: ");
    assert!(screen.contains("B:c4") && screen.contains("B:Bc4"), "both readings:\n{screen}");
    s.send(b"\r");
    let screen = s.wait_for("ambiguous: B:Bc4 B:c4");
    assert!(screen.contains("▶ Board B: White to play"), "nothing played:\n{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn linked_explains_a_pawn_on_its_portal_and_names_a_teleport() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 e4,a5";
    let mut s = PtySession::start(&["--variant", "linked", "--hotseat", "--fen", fen]);
    s.wait_for("White to move >");
    s.enter(":explain e4");
    let screen = s.wait_for("goes to e5");
    assert!(!screen.contains("goes to d3"), "the portal's steps are not the pawn's:\n{screen}");
    s.quit();

    let fen = "rnbqkbnr/pppppppp/8/P7/8/8/1PPPPPPP/RNBQKBNR b KQkq - 0 1 e4,b5";
    let mut s = PtySession::start(&["--variant", "linked", "--hotseat", "--fen", fen]);
    s.wait_for("Black to move >");
    s.enter("Z@a5");
    s.wait_for("teleported the White pawn a5 -> e4");
    assert!(s.square("e4", false).contains(common::pty::PAWN));
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn the_input_slips_are_mended() {
    let mut s = PtySession::start(&["--hotseat", "--fen", "4k3/8/8/3p4/2P1P3/8/4x3/4K3 w 2"]);
    s.wait_for("White to move >");
    // A pawn capture without its file: the line and Enter agree.
    s.send(b"xd5");
    let screen = s.wait_for("matches: ");
    assert!(screen.contains("cxd5") && screen.contains("exd5"), "{screen}");
    s.send(b"\r");
    s.wait_for("ambiguous: ");
    s.send(b"\x15");
    // A move onto a hole names the hole.
    s.enter("Ke2");
    s.wait_for("e2 is a hole: no piece can move there");
    s.send(b"\x15");
    // A move typed after PgUp: back to the live position first, said so.
    s.enter("cxd5");
    s.wait_for("Black to move >");
    s.send(b"Kd7");
    s.send(b"\x1b[5~"); // PgUp
    s.wait_for("Black to move >");
    s.send(b"\r");
    s.wait_for("back to the live position, where moves are played: Enter again plays Kd7");
    s.send(b"\r");
    s.wait_for("White to move >");
    // A prefix of one command runs it.
    s.enter(":res");
    s.wait_for("Resign this game?");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn a_long_paste_arrives_whole_and_bracketed_paste_is_turned_off_on_exit() {
    let mut s = PtySession::start(&["--hotseat"]);
    s.wait_for("White to move >");
    // A paste that starts with '?' (the help key on an empty line) and is
    // longer than 1024 bytes: all of it is text, shown at once.
    let text = format!("?{}END", "a".repeat(1500));
    s.send(format!("\x1b[200~{text}\x1b[201~").as_bytes());
    s.wait_for("aaaaEND");
    s.send(b"\r");
    s.wait_for("'?");
    let (status, out, _) = s.quit();
    assert!(status.success());
    let (on, off) = (out.find("\x1b[?2004h"), out.rfind("\x1b[?2004l"));
    assert!(on.is_some() && off > on, "bracketed paste enabled, then disabled on exit");
}
