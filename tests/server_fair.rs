//! End-to-end tests of fair, clear online play with the real OpenSSH
//! client: a dropped player reconnects into the game they were on (not
//! the lowest-numbered one), and a result is told wherever its player is:
//! in the lobby at once, after a reconnection if they were away, and on
//! the end screen in words with the rating change.

mod common;

use common::pty::PtySession;
use common::ssh::{TestServer, hang_up, register};

/// alice challenges bob by name to `what`; bob accepts challenge `id`:
/// both screens open game `game`.
fn start(alice: &mut PtySession, bob: &mut PtySession, what: &str, id: u32, game: u32) {
    alice.enter(&format!("challenge bob {what}"));
    bob.wait_for(&format!("'accept {id}'"));
    bob.enter(&format!("accept {id}"));
    for s in [&*alice, &*bob] {
        s.wait_for(&format!("Game {game}: "));
    }
}

#[test]
fn a_reconnection_lands_in_the_game_left() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let (mut alice, _) = register(&server, dir.path(), "alice");
    let (mut bob, bob_key) = register(&server, dir.path(), "bob");
    start(&mut alice, &mut bob, "classic white", 1, 1);
    alice.send(b"\x1b");
    bob.send(b"\x1b");
    alice.wait_for("Your games (");
    bob.wait_for("Your games (");
    start(&mut alice, &mut bob, "twoboard white", 2, 2);
    alice.enter("A:e2e4");
    bob.wait_for("Moves (1):");
    // bob drops out of game 2 (his move) and comes back: game 2, not game 1.
    hang_up(bob);
    alice.wait_for("bob has left");
    let bob = server.connect(&bob_key);
    let back = bob.wait_for("Moves (1):");
    assert!(back.contains("Game 2: ") && !back.contains("Game 1: "), "back in game 2:\n{back}");
    assert!(back.contains("You play Black"), "{back}");
    alice.wait_until("bob back", |s| !s.contains("bob has left"));
    // Left with Esc, a game is not returned to: the lobby says whose move it is.
    let mut bob = bob;
    bob.enter(":lobby");
    bob.wait_for("Your games (");
    hang_up(bob);
    let bob = server.connect(&bob_key);
    let lobby = bob.wait_for("Your games (");
    assert!(lobby.contains("YOUR MOVE"), "the lobby says where it is bob's move:\n{lobby}");
    assert!(lobby.contains("White vs Black") && lobby.contains("alice vs bob"), "{lobby}");
    hang_up(alice);
    hang_up(bob);
    drop(server);
}

#[test]
fn a_result_is_told_in_the_lobby_after_a_reconnection_and_on_the_end_screen() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let (mut alice, _) = register(&server, dir.path(), "alice");
    let (mut bob, bob_key) = register(&server, dir.path(), "bob");
    start(&mut alice, &mut bob, "classic rated white", 1, 1);
    bob.send(b"\x1b");
    bob.wait_for("Your games (");
    alice.enter(":resign");
    alice.wait_for("Resign this game?");
    alice.send(b"y");
    let end = alice.wait_for("you resigned: you lose, 1500 -> ");
    assert!(end.contains("Game over >") && !end.contains("White to move"), "the end screen:\n{end}");
    // bob, in the lobby, is told at once, with his new rating.
    let told = bob.wait_for("alice resigned: you win, 1500 -> ");
    assert!(told.contains("game 1 (classic, alice (White) vs bob (Black))"), "{told}");
    bob.enter("notices");
    bob.wait_for("Your results");
    // Away when game 2 ends: told when he is back.
    bob.send(b"\x1b");
    bob.wait_for("Your games (");
    alice.send(b"\x1b");
    alice.wait_for("Your games (");
    start(&mut alice, &mut bob, "porthole white", 2, 2);
    bob.send(b"\x1b");
    bob.wait_for("Your games (");
    hang_up(bob);
    alice.enter(":resign");
    alice.wait_for("Resign this game?");
    alice.send(b"y");
    alice.wait_for("you resigned: you lose");
    alice.send(b"\x1b");
    alice.wait_for("Your games (");
    let bob = server.connect(&bob_key);
    let back = bob.wait_for("While you were away: game 2 (porthole");
    assert!(back.contains("alice resigned: you win"), "{back}");
    hang_up(alice);
    hang_up(bob);
    drop(server);
}

/// At 80x24 the lobby's help is a page that wraps, refusals wrap instead
/// of being cut, and the input line edits as the game's does (Ctrl-U, Ctrl-W).
#[test]
fn at_80x24_help_and_refusals_are_whole_and_the_line_edits() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let (mut alice, _) = register(&server, dir.path(), "alice");
    alice.resize(24, 80);
    alice.enter("help");
    let page = alice.wait_for("Commands");
    assert!(page.contains("answer or withdraw challenge N") && page.contains("play the engine (level 1-12)"), "{page}");
    alice.send(b"\x1b");
    alice.wait_for("Your games (");
    alice.enter("frobnicate");
    alice.wait_for("unknown command 'frobnicate': 'help' lists the commands");
    alice.enter("challenge alice classic");
    let refused = alice.wait_for("you cannot challenge yourself");
    assert!(refused.contains("challenge to anyone"), "the refusal wraps, whole:\n{refused}");
    alice.send(b"new classic white");
    alice.send(b"\x17");
    alice.wait_until("Ctrl-W took a word", |s| s.lines().any(|l| l.trim_end() == "> new classic"));
    alice.send(b"\x15");
    alice.wait_until("Ctrl-U cleared the line", |s| s.lines().any(|l| l.trim_end() == ">"));
    hang_up(alice);
    drop(server);
}

/// `white` challenges `black` by name to an untimed game (untimed: no
/// start window ends it), `black` accepts challenge `id`, game `id`
/// opens for both, and both go back to the lobby.
fn untimed_game(white: &mut PtySession, black: &mut PtySession, black_name: &str, id: u32) {
    white.enter(&format!("challenge {black_name} classic white"));
    black.wait_until(&format!("challenge {id}"), |s| {
        s.lines().any(|l| {
            l.trim_start_matches([' ', '>']).starts_with(&format!("{id} ")) && l.trim_end().ends_with("accept")
        })
    });
    black.enter(&format!("accept {id}"));
    for s in [&mut *white, &mut *black] {
        s.wait_for(&format!("Game {id}: "));
        s.send(b"\x1b");
        s.wait_for("Wormhole lobby");
    }
}

/// The rows of a lobby's table on `screen` with the game or challenge
/// number each starts with, and which row is picked (marked `>`).
fn listed(screen: &str) -> (Vec<u32>, Option<u32>) {
    let (mut ids, mut picked) = (Vec::new(), None);
    for line in screen.lines() {
        let Some(first) = line.get(..5) else { continue };
        let Ok(id) = first.trim_start_matches([' ', '>']).trim().parse::<u32>() else { continue };
        ids.push(id);
        if first.starts_with('>') {
            picked = Some(id);
        }
    }
    (ids, picked)
}

/// At 80x24 with 30 games (12 of alice's, 18 between bob and carol) the
/// lobby lists its first rows, each game once; Down and PgDn move the
/// pick and the list scrolls to keep it shown; Enter opens the picked game.
#[test]
fn at_80x24_with_30_games_the_lobby_scrolls_and_enter_opens_the_pick() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let (mut alice, _) = register(&server, dir.path(), "alice");
    let (mut bob, _) = register(&server, dir.path(), "bob");
    let (mut carol, _) = register(&server, dir.path(), "carol");
    for id in 1..=12 {
        untimed_game(&mut alice, &mut bob, "bob", id);
    }
    for id in 13..=30 {
        untimed_game(&mut bob, &mut carol, "carol", id);
    }
    hang_up(bob);
    hang_up(carol);
    alice.resize(24, 80);
    let first = alice.wait_until("the lobby at 80x24", |s| {
        s.contains("Your games (12)") && s.lines().count() == 24 && listed(s).1 == Some(1)
    });
    // 34 rows: 3 headings, 'none' under the challenges, 30 games; 15 shown.
    assert!(first.contains("White vs Black") && first.contains("Rows 1-15 of 34."), "{first}");
    let (ids, _) = listed(&first);
    assert_eq!(ids[..12], (1..=12).collect::<Vec<_>>(), "alice's games first:\n{first}");
    assert!(ids.len() >= 12 && ids.len() < 30, "the first rows only:\n{first}");
    let row = first.lines().find(|l| l.starts_with(">   1 ")).unwrap();
    assert!(["alice vs bob", "classic", "untimed", "YOUR MOVE"].iter().all(|w| row.contains(w)), "{row}");
    alice.send(b"\x1b[B");
    alice.wait_until("Down picks game 2", |s| listed(s).1 == Some(2));
    alice.send(b"\x1b[6~");
    let paged = alice.wait_until("PgDn picks a game further down", |s| listed(s).1.is_some_and(|id| id > 12));
    let (ids, picked) = listed(&paged);
    assert!(!ids.contains(&1) && !paged.contains("Your games (12)"), "the list scrolled:\n{paged}");
    assert!(paged.contains("Games being played (18)") && paged.contains("Rows 5-19 of 34."), "{paged}");
    let mut seen = ids.clone();
    seen.dedup();
    assert_eq!(seen, ids, "no game twice:\n{paged}");
    for _ in 0..30 {
        alice.send(b"\x1b[B");
    }
    let end = alice.wait_until("Down to the last game", |s| listed(s).1 == Some(30));
    assert!(end.contains("Rows 20-34 of 34."), "{end}");
    alice.send(b"\x1b[H");
    alice.wait_until("Home picks the first game", |s| listed(s).1 == Some(1));
    alice.send(b"\x1b[6~");
    let again = alice.wait_until("PgDn again", |s| listed(s).1.is_some_and(|id| id > 12));
    let picked_again = listed(&again).1.unwrap();
    assert_eq!(Some(picked_again), picked.map(|p| p - 1), "PgDn from the top moves by the same page");
    alice.send(b"\r");
    let opened = alice.wait_for(&format!("Game {picked_again}: "));
    assert!(opened.contains("Watching"), "a game of bob's and carol's is watched:\n{opened}");
    hang_up(alice);
    drop(server);
}

/// The lobby's input line recalls the lines run before: Ctrl-P the older,
/// Ctrl-N the newer, and past the newest what was being typed.
#[test]
fn the_lobby_recalls_lines_run_before() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let (mut alice, _) = register(&server, dir.path(), "alice");
    alice.enter("player alice");
    alice.wait_for("Player alice");
    alice.send(b"\x1b");
    alice.wait_for("you are alice");
    alice.enter("top fairy");
    alice.wait_for("Leaderboard: fairy");
    alice.send(b"\x1b");
    alice.wait_for("you are alice");
    alice.send(b"pla");
    alice.wait_for("> pla");
    alice.send(b"\x10");
    alice.wait_for("> top fairy");
    alice.send(b"\x10");
    alice.wait_for("> player alice");
    alice.send(b"\x0e\x0e");
    alice.wait_for("> pla");
    alice.send(b"\x10\r");
    alice.wait_for("Leaderboard: fairy");
    hang_up(alice);
}
