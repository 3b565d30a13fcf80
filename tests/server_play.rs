//! End-to-end tests of `wormhole serve` with the real OpenSSH client in a
//! pty: two players register, one challenges, the other accepts, and they
//! play to the end (Wormhole chess and Two-board chess) while a third
//! connection, a key without an account, watches every move and cannot
//! play; a player drops mid-game and reconnects into it.

mod common;

use common::pty::PtySession;
use common::ssh::{TestServer, hang_up, new_key, register, wait_for_challenge};
use wormhole::{AnyPosition, GameKind, Rules};

/// The game's number shown on a game screen (`Game N: ...`).
fn game_id(screen: &str) -> String {
    let at = screen.find("Game ").expect("a game screen");
    screen[at + 5..].split(':').next().unwrap().to_string()
}

/// Plays `plies` moves of `pos`, each by the side to move, and checks that
/// the three screens show it (`done` counts the moves played).
fn play(
    pos: &mut AnyPosition,
    done: &mut usize,
    white: &mut PtySession,
    black: &mut PtySession,
    watcher: &PtySession,
    plies: usize,
) {
    for _ in 0..plies {
        let mv = pos.legal_moves()[0];
        let (text, san) = (mv.to_string(), pos.san(mv));
        *done += 1;
        let n = *done;
        let mover = if pos.turn() == wormhole::Color::White { &mut *white } else { &mut *black };
        mover.enter(&text);
        pos.play(mv).unwrap();
        let shown = format!("Moves ({n}):");
        for screen in [&*white, &*black, watcher] {
            let s = screen.wait_for(&shown);
            // Typed in coordinates, shown in SAN as the local app does.
            assert!(s.contains(&san), "{text} is shown as {san}:\n{s}");
            if n == 1 && san != text {
                let line = s.lines().find(|l| l.contains("Moves (1):")).unwrap();
                assert!(line.contains(&format!("1. {san}")) && !line.contains(&text), "{line}");
            }
        }
    }
}

/// A game of `kind` that alice (White) challenged and bob accepted, and
/// carol, a key without an account, watches (Esc on the name form).
struct Watched {
    server: TestServer,
    alice: PtySession,
    bob: PtySession,
    bob_key: std::path::PathBuf,
    carol: PtySession,
    /// Last, so that the server stops before its folder goes.
    dir: tempfile::TempDir,
}

fn a_game_watched(kind: GameKind) -> Watched {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let (mut alice, _) = register(&server, dir.path(), "alice");
    let (mut bob, bob_key) = register(&server, dir.path(), "bob");
    alice.enter(&format!("new {} white", kind.name()));
    wait_for_challenge(&bob, "alice");
    bob.enter("accept 1");
    let id = game_id(&alice.wait_for("You play White"));
    bob.wait_for("You play Black");
    let mut carol = server.connect(&new_key(dir.path(), "carol"));
    carol.wait_for("choose your name");
    carol.send(b"\x1b");
    carol.wait_for("you are a guest");
    carol.wait_for("alice vs bob");
    carol.enter(&format!("open {id}"));
    carol.wait_for("Watching");
    Watched { server, alice, bob, bob_key, carol, dir }
}

/// Two players and a watcher: challenge, accept, moves seen by all, a
/// drop and a reconnection, the watcher refused a move, a resignation.
fn a_game_to_its_end(kind: GameKind) {
    let Watched { server, mut alice, mut bob, bob_key, mut carol, dir: _dir } = a_game_watched(kind);
    let mut pos = AnyPosition::new(kind);
    let mut done = 0;
    play(&mut pos, &mut done, &mut alice, &mut bob, &carol, 2);

    // Bob's connection drops; the game goes on; he reconnects into it.
    hang_up(bob);
    let mut bob = server.connect(&bob_key);
    bob.wait_for("You play Black");
    bob.wait_for("Moves (2):");
    play(&mut pos, &mut done, &mut alice, &mut bob, &carol, 2);

    // The watcher cannot move.
    let mv = pos.legal_moves()[0].to_string();
    carol.enter(&mv);
    carol.wait_for("guests may watch games but not play");

    // The app asks before a resignation, as it does locally.
    bob.enter("/resign");
    bob.wait_for("Resign this game?");
    bob.send(b"y");
    for s in [&alice, &bob, &carol] {
        s.wait_for("1-0: ");
    }
    assert!(server.logged("registered as alice"), "the log has the registration");
    for s in [alice, bob, carol] {
        hang_up(s);
    }
}

#[test]
fn two_players_play_wormhole_chess_to_the_end_watched() {
    a_game_to_its_end(GameKind::Classic);
}

#[test]
fn two_players_play_two_board_chess_to_the_end_watched() {
    a_game_to_its_end(GameKind::Twoboard);
}

#[test]
fn a_player_adds_a_key_from_a_session_and_signs_in_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let (mut alice, _) = register(&server, dir.path(), "alice");
    let laptop = new_key(dir.path(), "laptop");
    let public = std::fs::read_to_string(laptop.with_extension("pub")).unwrap();
    alice.enter(&format!("addkey {}", public.trim()));
    alice.wait_for("is pending");
    // The key proves itself: its first sign-in confirms it is alice's.
    let mut second = server.connect(&laptop);
    second.wait_for("This key was offered by alice");
    second.enter("yes alice");
    second.wait_for("you are alice");
    let laptop_fp = common::ssh::fingerprint(&laptop);
    second.enter("keys");
    second.wait_for(&laptop_fp);
    alice.enter("addkey not-a-key");
    alice.wait_for("not an OpenSSH public key");
    hang_up(alice);
    hang_up(second);
}

#[test]
fn a_player_plays_the_engine_in_a_window_that_changes_size() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let (mut alice, _) = register(&server, dir.path(), "alice");
    alice.enter("engine classic 1");
    let screen = alice.wait_for("You play");
    let mut pos = AnyPosition::new(GameKind::Classic);
    if screen.contains("You play Black") {
        // The engine's first move, as the panel shows it.
        let screen = alice.wait_for("Moves (1):");
        let line = screen.lines().find(|l| l.contains("Moves (1):")).unwrap();
        let first = line.split("1. ").nth(1).unwrap().split_whitespace().next().unwrap();
        pos.play_text(first).unwrap();
    }
    let played = usize::from(pos.turn() == wormhole::Color::Black);
    alice.enter(&pos.legal_moves()[0].to_string());
    // The engine answers.
    alice.wait_for(&format!("Moves ({}):", played + 2));
    // The window shrinks: the server follows the pty's size.
    alice.resize(30, 100);
    alice.wait_until("the game drawn in 100x30", |s| {
        s.lines().count() <= 30 && s.contains("Moves (") && s.lines().all(|l| l.chars().count() <= 100)
    });
    alice.resize(10, 40);
    alice.wait_for("Please enlarge the terminal");
    alice.wait_for("has 40x10");
    hang_up(alice);
}

#[test]
fn a_players_drawing_settings_are_kept_by_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let (mut alice, key) = register(&server, dir.path(), "alice");
    alice.enter("pieces letters");
    alice.wait_for("kept for your next visits");
    alice.enter("theme pink");
    alice.wait_for("unknown theme 'pink'");
    hang_up(alice);
    let again = server.connect(&key);
    again.wait_for("you are alice (theme dark, pieces letters)");
    hang_up(again);
}

/// The offers between two players, through ssh: a takeback asked and
/// granted, a draw declined then agreed (the watcher sees both), and a
/// rematch with the colours swapped (Two-board chess, which has draws).
#[test]
fn takeback_draw_and_rematch_between_two_players() {
    let Watched { mut server, mut alice, mut bob, carol, dir: _dir, .. } = a_game_watched(GameKind::Twoboard);
    let mut pos = AnyPosition::new(GameKind::Twoboard);
    let mut done = 0;
    play(&mut pos, &mut done, &mut alice, &mut bob, &carol, 2);
    alice.enter(":say before the takeback");
    for s in [&alice, &bob, &carol] {
        s.wait_for("alice: before the takeback");
    }

    bob.enter("/takeback");
    alice.wait_for("asks to take back");
    alice.enter("/yes");
    for s in [&alice, &bob, &carol] {
        let after = s.wait_for("Moves (1):");
        // The game is read again without the move; its chat stays (issue #53).
        assert!(after.contains("alice: before the takeback"), "the chat after the takeback:\n{after}");
    }

    alice.enter("/draw");
    bob.wait_for("offers a draw");
    bob.enter("/no");
    alice.wait_for("your offer was declined");
    alice.enter("/draw");
    bob.wait_for("offers a draw");
    bob.enter("/yes");
    for s in [&alice, &bob, &carol] {
        s.wait_for("1/2-1/2: ");
    }

    alice.enter("/rematch");
    bob.wait_for("asks for a rematch");
    bob.enter("/rematch");
    alice.wait_for("You play Black");
    bob.wait_for("You play White");
    for s in [alice, bob, carol] {
        hang_up(s);
    }
    // One line per event in the log, and nothing else: a session's end
    // printed ratatui's "Failed to show the cursor" there.
    assert!(server.logged("(bob) left") && server.logged("(alice) left"));
    server.stop();
    assert!(!server.has_logged("Failed"), "the log has only the server's lines");
}
