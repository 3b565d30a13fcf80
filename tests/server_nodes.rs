//! Several `wormhole serve` nodes on one PostgreSQL database (the tests'
//! throwaway cluster, `common/pg.rs`), each with its own data folder and
//! port and one shared `--host-key`, with the real OpenSSH client: alice
//! on node A plays bob on node B while a watcher on node A sees every
//! move; node A is killed (SIGKILL) mid-game and alice, reconnecting to
//! node B, plays on with every move there.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::pg;
use common::pty::PtySession;
use common::ssh::{TestServer, hang_up, new_key, register, wait_for_challenge};
use wormhole::{AnyPosition, GameKind, Rules};

/// A node on the database `url`, with its own data folder under `dir`.
fn node(dir: &Path, name: &str, url: &str, host_key: &Path) -> TestServer {
    let data = dir.join(name);
    TestServer::start_with(&data, &["--database", url, "--host-key", host_key.to_str().unwrap()])
}

/// The host key fingerprint a node logged.
fn host_fingerprint(server: &TestServer) -> String {
    assert!(server.logged("host key fingerprint"));
    let log = server.log.lock().unwrap();
    let line = log.iter().find(|l| l.contains("host key fingerprint")).unwrap();
    line.rsplit(' ').next().unwrap().to_string()
}

/// Two nodes sharing a database and a host key; alice (White) on A and bob
/// on B in a game of Wormhole chess that alice challenged and bob accepted.
struct NodePair {
    a: TestServer,
    b: TestServer,
    alice: PtySession,
    alice_key: std::path::PathBuf,
    bob: PtySession,
    dir: tempfile::TempDir,
}

fn a_game_across_nodes() -> NodePair {
    let url = pg::database();
    let dir = tempfile::tempdir().unwrap();
    let host_key = new_key(dir.path(), "host");
    let a = node(dir.path(), "a", &url, &host_key);
    let b = node(dir.path(), "b", &url, &host_key);
    assert_eq!(host_fingerprint(&a), host_fingerprint(&b), "players see one server");
    let (mut alice, alice_key) = register(&a, dir.path(), "alice");
    let (mut bob, _) = register(&b, dir.path(), "bob");
    alice.enter("new classic white");
    wait_for_challenge(&bob, "alice");
    bob.enter("accept 1");
    alice.wait_for("You play White");
    bob.wait_for("You play Black");
    NodePair { a, b, alice, alice_key, bob, dir }
}

/// Plays `plies` moves from `pos` (`done` counts them), each typed by the
/// side to move; each shown on every one of `screens`. Returns how long
/// each took to show on the other player's screen.
fn play(
    pos: &mut AnyPosition,
    done: &mut usize,
    players: [&mut PtySession; 2],
    screens: &[&PtySession],
    plies: usize,
) -> Vec<Duration> {
    let [white, black] = players;
    let mut took = Vec::new();
    for _ in 0..plies {
        let mv = pos.legal_moves()[0];
        let text = mv.to_string();
        *done += 1;
        let white_moves = pos.turn() == wormhole::Color::White;
        let (mover, other) = if white_moves { (&mut *white, &*black) } else { (&mut *black, &*white) };
        mover.enter(&text);
        let start = Instant::now();
        let shown = format!("Moves ({}):", *done);
        other.wait_for(&shown);
        took.push(start.elapsed());
        pos.play(mv).unwrap();
        for screen in screens {
            screen.wait_for(&shown);
        }
    }
    took
}

#[test]
fn alice_on_one_node_plays_bob_on_another_and_a_watcher_on_the_first_sees_every_move() {
    let NodePair { a, b, mut alice, mut bob, dir, .. } = a_game_across_nodes();
    let mut carol = a.connect(&new_key(dir.path(), "carol"));
    carol.wait_for("choose your name");
    carol.send(b"\x1b");
    carol.wait_for("you are a guest");
    carol.wait_for("alice vs bob");
    carol.enter("open 1");
    carol.wait_for("Watching");
    let mut pos = AnyPosition::new(GameKind::Classic);
    let mut done = 0;
    let mut took = play(&mut pos, &mut done, [&mut alice, &mut bob], &[&carol], 8);
    bob.enter("/resign");
    bob.wait_for("Resign this game?");
    bob.send(b"y");
    for s in [&alice, &bob, &carol] {
        s.wait_for("1-0: ");
    }
    took.sort();
    println!(
        "a move typed on one node, shown on the other node's player's screen (real ssh, {} moves): median {:?}, max {:?}",
        took.len(),
        took[took.len() / 2],
        took[took.len() - 1]
    );
    for s in [alice, bob, carol] {
        hang_up(s);
    }
    drop((a, b));
}

#[test]
fn a_node_killed_mid_game_its_player_reconnects_to_another_and_plays_on() {
    let NodePair { mut a, b, mut alice, alice_key, mut bob, dir: _dir } = a_game_across_nodes();
    let mut pos = AnyPosition::new(GameKind::Classic);
    let mut done = 0;
    play(&mut pos, &mut done, [&mut alice, &mut bob], &[], 2);
    a.kill();
    hang_up(alice);
    let mut alice = b.connect(&alice_key);
    alice.wait_for("You play White");
    alice.wait_for("Moves (2):");
    play(&mut pos, &mut done, [&mut alice, &mut bob], &[], 4);
    assert_eq!(done, 6);
    hang_up(alice);
    hang_up(bob);
}

#[test]
fn a_missing_shared_host_key_is_refused_with_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nowhere_key");
    let out = common::wormhole(&[
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--data",
        dir.path().join("data").to_str().unwrap(),
        "--host-key",
        missing.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("no host key at") && err.contains("ssh-keygen -t ed25519"), "{err}");
}
