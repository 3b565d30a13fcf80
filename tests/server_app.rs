//! End-to-end tests of the local app over SSH, with the real OpenSSH
//! client in a pty: a game on the server is the app a local player has
//! (its board, mouse move entry, help, the FEN copied by the client's
//! own terminal), and a finished game from the
//! player's list opens in the app's review, whose analysis reports (on the
//! server's engine pool).

mod common;

use std::path::Path;
use std::time::Duration;

use common::pty::{PtySession, centre};
use common::ssh::{TestServer, hang_up, wait_for_challenge};

/// A new key registered as `name`, in the lobby.
fn register(server: &TestServer, dir: &Path, name: &str) -> PtySession {
    common::ssh::register(server, dir, name).0
}

/// alice (White) and bob at a new classic game.
fn a_game(server: &TestServer, dir: &Path) -> (PtySession, PtySession) {
    let mut alice = register(server, dir, "alice");
    let mut bob = register(server, dir, "bob");
    alice.enter("new classic white");
    wait_for_challenge(&bob, "alice");
    bob.enter("accept 1");
    alice.wait_for("You play White");
    bob.wait_for("You play Black");
    (alice, bob)
}

/// A left click on a square of the 120x40 screen (White below): SGR press and release.
fn click(s: &mut PtySession, square: &str) {
    let (row, col) = centre(square, false);
    s.send(format!("\x1b[<0;{};{}M\x1b[<0;{};{}m", col + 1, row + 1, col + 1, row + 1).as_bytes());
    std::thread::sleep(Duration::from_millis(100));
}

/// Standard base64 with padding, as OSC 52 carries the text.
fn base64(text: &str) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(text)
}

#[test]
fn a_move_made_by_mouse_clicks_over_ssh_reaches_both_and_help_opens() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let (mut alice, mut bob) = a_game(&server, dir.path());
    click(&mut alice, "e2");
    alice.wait_for("Pawn e2");
    click(&mut alice, "e4");
    for s in [&alice, &bob] {
        s.wait_for("Moves (1): 1. e4");
    }
    // Not bob's pieces to move now: the app says whose turn it is.
    click(&mut bob, "e4");
    bob.wait_for("Moves (1)");
    bob.enter("e5");
    alice.wait_for("Moves (2): 1... e5");
    alice.send(b"?");
    let help = alice.wait_for("Help:");
    assert!(help.contains("Keys") && help.contains("Esc close"), "{help}");
    alice.send(b"\x1b");
    alice.wait_until("the help closed", |s| !s.contains("Esc close") && s.contains("Moves (2)"));
    // Ctrl-E shows the FEN and asks alice's own terminal to copy it.
    alice.send(b"\x05");
    let screen = alice.wait_for("FEN (copied): ");
    let fen = screen.split("FEN (copied): ").nth(1).and_then(|rest| rest.lines().next()).unwrap().trim();
    let copy = format!("\x1b]52;c;{}", base64(fen));
    alice.wait_until("the clipboard request", |_| String::from_utf8_lossy(&alice.raw.lock().unwrap()).contains(&copy));
    hang_up(alice);
    hang_up(bob);
}

#[test]
fn a_finished_game_from_the_players_list_opens_in_review_and_its_analysis_reports() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let (mut alice, mut bob) = a_game(&server, dir.path());
    alice.enter("e4");
    bob.wait_for("Moves (1)");
    bob.enter("e5");
    alice.wait_for("Moves (2)");
    bob.enter(":resign");
    bob.wait_for("Resign this game?");
    bob.send(b"y");
    for s in [&alice, &bob] {
        s.wait_for("1-0: ");
    }
    alice.send(b"\x1b");
    alice.wait_for("Wormhole lobby");
    alice.enter("player alice");
    let page = alice.wait_for("Recent games");
    let line = page.lines().find(|l| l.contains("alice - bob")).expect("the game in alice's list");
    let id = line.split_whitespace().next().unwrap().to_string();
    alice.enter(&format!("open {id}"));
    alice.wait_for("1-0: ");
    alice.enter(":review");
    let review = alice.wait_until("the review's analysis", |s| s.contains("analysis done"));
    assert!(review.contains("Review"), "{review}");
    hang_up(alice);
    hang_up(bob);
}
