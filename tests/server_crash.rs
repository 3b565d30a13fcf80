//! End-to-end crash test of `wormhole serve`: the server is killed with
//! SIGKILL mid-game and restarted on the same data; both players connect
//! again and land in the game with every move and both clocks, and play on.
//! Prints the time from the restart to the first move accepted after it.
//! Open challenges survive the kill too: a player sees them after the
//! restart and accepts one.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::pty::PtySession;
use common::ssh::{TestServer, hang_up, new_key, wait_for_challenge};
use wormhole::{AnyPosition, Color, GameKind, Rules};

/// Seconds left on `color`'s clock as the panel shows it (`White: alice  4:58`).
fn clock_secs(screen: &str, color: Color) -> u64 {
    let line = screen.lines().find_map(|l| l.split_once(&format!("{color}: "))).expect("a clock line").1;
    let time = line.split_whitespace().nth(1).expect("a clock");
    let (m, s) = time.split_once(':').unwrap();
    m.parse::<u64>().unwrap() * 60 + s[..2].parse::<u64>().unwrap()
}

/// Connects `key` and waits for the game screen with `plies` moves.
fn back_in_game(server: &TestServer, key: &Path, plies: usize) -> PtySession {
    let s = server.connect(key);
    s.wait_for(&format!("Moves ({plies}):"));
    s
}

/// Registers `names` on `server`, each with a new key in `dir`: their keys and sessions (in the lobby).
fn register(server: &TestServer, dir: &Path, names: &[&str]) -> (Vec<std::path::PathBuf>, Vec<PtySession>) {
    let mut keys = Vec::new();
    let mut players = Vec::new();
    for name in names {
        let key = new_key(dir, name);
        let mut s = server.connect(&key);
        s.wait_for("choose your name");
        s.enter(name);
        s.wait_for(&format!("you are {name}"));
        keys.push(key);
        players.push(s);
    }
    (keys, players)
}

#[test]
fn a_killed_server_restarts_with_every_move_and_both_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut server = TestServer::start(&data);
    let (keys, mut players) = register(&server, dir.path(), &["alice", "bob"]);
    let (mut alice, mut bob) = (players.remove(0), players.remove(0));
    alice.enter("new classic 5+0 white");
    wait_for_challenge(&bob, "alice");
    bob.enter("accept 1");
    alice.wait_for("You play White");
    let mut pos = AnyPosition::new(GameKind::Classic);
    for n in 0..3 {
        let mover = if n % 2 == 0 { &mut alice } else { &mut bob };
        let mv = pos.legal_moves()[0];
        mover.enter(&mv.to_string());
        pos.play(mv).unwrap();
        mover.wait_for(&format!("Moves ({}):", n + 1));
    }
    let before = bob.wait_for("Moves (3):");
    let read = Instant::now();
    let (white, black) = (clock_secs(&before, Color::White), clock_secs(&before, Color::Black));

    server.kill();
    hang_up(alice);
    hang_up(bob);
    let restarted = Instant::now();
    let server = TestServer::start(&data);
    let mut bob = back_in_game(&server, &keys[1], 3);
    let alice = back_in_game(&server, &keys[0], 3);
    let after = bob.wait_for("You play Black");
    // White's clock stood still (White moved last); Black's ran, but not
    // for longer than the test has taken since.
    assert_eq!(clock_secs(&after, Color::White), white, "White's clock is restored:\n{after}");
    let ran = read.elapsed().as_secs() + 2;
    let black_after = clock_secs(&after, Color::Black);
    assert!(
        black_after <= black && black <= black_after + ran,
        "Black's clock {black} -> {black_after} in {ran} s:\n{after}"
    );

    let mv = pos.legal_moves()[0];
    bob.enter(&mv.to_string());
    alice.wait_for("Moves (4):");
    eprintln!("restart to the first accepted move after kill -9: {:?}", restarted.elapsed());
    assert!(restarted.elapsed() < Duration::from_secs(60));
    hang_up(alice);
    hang_up(bob);
}

#[test]
fn open_challenges_survive_a_kill_and_are_accepted_after_the_restart() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut server = TestServer::start(&data);
    let (keys, mut players) = register(&server, dir.path(), &["alice", "bob"]);
    let (mut alice, bob) = (players.remove(0), players.remove(0));
    alice.enter("new porthole 3+2 white");
    alice.wait_for("challenge 1 is open");
    alice.enter("challenge bob twoboard rated");
    alice.wait_for("challenge 2 is open");
    wait_for_challenge(&bob, "alice or you, random");

    server.kill();
    hang_up(alice);
    hang_up(bob);
    let server = TestServer::start(&data);
    let mut bob = server.connect(&keys[1]);
    let lobby = wait_for_challenge(&bob, "alice or you, random");
    let line = |id: &str| {
        lobby.lines().find(|l| l.trim_start_matches([' ', '>']).starts_with(id)).unwrap_or_default().to_string()
    };
    // alice plays White in 1 (to anyone), either colour in 2 (to bob).
    assert!(["alice vs anyone", "porthole", "3+2"].iter().all(|w| line("1 ").contains(w)), "{lobby}");
    assert!(!line("1 ").contains("rated"), "{lobby}");
    assert!(["alice or you, random", "twoboard", "untimed", "rated"].iter().all(|w| line("2 ").contains(w)), "{lobby}");
    bob.enter("accept 1");
    bob.wait_for("You play Black");
    // Alice, back, lands in the game her challenge made.
    let alice = back_in_game(&server, &keys[0], 0);
    alice.wait_for("You play White");
    hang_up(alice);
    hang_up(bob);
}

#[test]
fn games_moving_at_once_all_resume_after_a_kill() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut server = TestServer::start(&data);
    let names = ["ann", "ben", "cat", "dan", "eve", "fay"];
    let (keys, mut players) = register(&server, dir.path(), &names);
    // Three games: ann against ben, cat against dan, eve against fay.
    for game in 0..3 {
        let (white, black) = (2 * game, 2 * game + 1);
        players[white].enter(&format!("challenge {} classic white", names[black]));
        wait_for_challenge(&players[black], names[white]);
        players[black].enter(&format!("accept {}", game + 1));
        players[white].wait_for("You play White");
    }
    // Each move is typed in the three games at once, then awaited in all.
    let mut pos = AnyPosition::new(GameKind::Classic);
    for n in 0..4 {
        let mv = pos.legal_moves()[0];
        pos.play(mv).unwrap();
        for game in 0..3 {
            players[2 * game + n % 2].enter(&mv.to_string());
        }
        for p in &players {
            p.wait_for(&format!("Moves ({}):", n + 1));
        }
    }
    server.kill();
    players.into_iter().for_each(hang_up);
    let server = TestServer::start(&data);
    let mut players: Vec<PtySession> = keys.iter().map(|key| back_in_game(&server, key, 4)).collect();
    let mv = pos.legal_moves()[0];
    for game in 0..3 {
        players[2 * game].enter(&mv.to_string());
        players[2 * game + 1].wait_for("Moves (5):");
    }
    players.into_iter().for_each(hang_up);
}
