//! End-to-end tests of the limits of `wormhole serve`, with the real
//! OpenSSH client: a player gone on their move loses by a claim after the
//! set absence (not before), the server's session cap and its per-key cap,
//! the rate of new connections from one address, and the lobby's idle
//! timeout.

mod common;

use std::path::Path;
use std::time::Duration;

use common::pty::PtySession;
use common::ssh::{TestServer, hang_up, new_key, wait_for_challenge};

/// A new key registered as `name`, in the lobby.
fn register(server: &TestServer, dir: &Path, name: &str) -> PtySession {
    common::ssh::register(server, dir, name).0
}

#[test]
fn a_player_gone_on_their_move_loses_by_the_opponents_claim() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(&dir.path().join("data"), &["--absence", "3"]);
    let mut alice = register(&server, dir.path(), "alice");
    let mut bob = register(&server, dir.path(), "bob");
    alice.enter("new classic white");
    wait_for_challenge(&bob, "alice");
    bob.enter("accept 1");
    alice.wait_for("You play White");
    bob.wait_for("You play Black");

    // Alice drops on her own move: too early to claim at once.
    hang_up(alice);
    bob.wait_for("your opponent's connection dropped");
    bob.enter("/claim");
    bob.wait_for("your opponent may still return");
    // After the absence, the claim is offered and wins.
    bob.wait_for(":claim the win, or wait");
    bob.enter("/claim");
    bob.wait_for("0-1: ");
    assert!(server.logged("ended"), "the game's end is logged");
    hang_up(bob);
}

#[test]
fn the_session_cap_and_the_per_key_cap_refuse_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(&dir.path().join("data"), &["--max-sessions", "2", "--per-key", "1"]);
    let key = new_key(dir.path(), "k");
    let first = server.connect(&key);
    first.wait_for("choose your name");
    let again = server.connect(&key);
    again.wait_for("as many sessions open as it may (1)");
    let other = server.connect(&new_key(dir.path(), "other"));
    other.wait_for("choose your name");
    let third = server.connect(&new_key(dir.path(), "third"));
    third.wait_for("the server is full (2 sessions)");
    assert!(server.logged("refused: wormhole: the server is full"), "the refusal is logged");
    for s in [first, again, other, third] {
        hang_up(s);
    }
}

#[test]
fn new_connections_beyond_the_rate_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(&dir.path().join("data"), &["--connections-per-minute", "2"]);
    let key = new_key(dir.path(), "k");
    for _ in 0..2 {
        let out = server.ssh(&key, &["127.0.0.1", "true"]);
        // Admitted, then the command itself is refused.
        assert!(String::from_utf8_lossy(&out.stdout).contains("this server only hosts the game"), "{out:?}");
    }
    let out = server.ssh(&key, &["127.0.0.1", "true"]);
    assert!(!out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("Permission denied"), "{out:?}");
    assert!(server.logged("refused: too many"), "the refusal is logged");
}

#[test]
fn a_lobby_left_idle_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(&dir.path().join("data"), &["--idle-seconds", "2"]);
    let s = register(&server, dir.path(), "idler");
    let exit = s.exit_within(Duration::from_secs(20));
    assert!(!exit.alternate, "the client's screen is given back");
    assert!(server.logged("(idler) left"), "the end is logged");
}
