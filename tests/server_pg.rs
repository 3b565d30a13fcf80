//! `wormhole serve` on PostgreSQL (`--database`, WORMHOLE_DATABASE_URL),
//! in the tests' throwaway cluster (`common/pg.rs`): `serve migrate`, and
//! two players over the real OpenSSH client whose game outlives a kill -9
//! of the server, the data in the database and not in the data folder.

mod common;

use common::pg;
use common::ssh::{TestServer, hang_up, new_key, wait_for_challenge};

#[test]
fn serve_migrate_applies_the_schema_once_on_either_engine() {
    let url = pg::database();
    for _ in 0..2 {
        let out = common::wormhole(&["serve", "migrate", "--database", &url]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
        assert!(text.contains("127.0.0.1") && text.ends_with(": schema version 9\n"), "{text}");
    }
    let from_env = std::process::Command::new(env!("CARGO_BIN_EXE_wormhole"))
        .args(["serve", "migrate"])
        .env("WORMHOLE_DATABASE_URL", &url)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&from_env.stdout).ends_with(": schema version 9\n"), "{from_env:?}");
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let out = common::wormhole(&["serve", "migrate", "--data", data.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("server.sqlite3: schema version 9"), "{text}");
    let bad = common::wormhole(&["serve", "migrate", "--database", "postgres://nobody@127.0.0.1:1/none"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("cannot open the database"), "{bad:?}");
}

#[test]
fn two_players_play_on_postgresql_and_the_game_outlives_a_kill_9() {
    let url = pg::database();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut server = TestServer::start_with(&data, &["--database", &url]);
    assert!(server.logged("data in the PostgreSQL database"));
    let mut players = Vec::new();
    for name in ["alice", "bob"] {
        let key = new_key(dir.path(), name);
        let mut s = server.connect(&key);
        s.wait_for("choose your name");
        s.enter(name);
        s.wait_for(&format!("you are {name}"));
        players.push((s, key));
    }
    let [(mut alice, alice_key), (mut bob, _)] = <[_; 2]>::try_from(players).ok().unwrap();
    alice.enter("new classic white");
    wait_for_challenge(&bob, "alice");
    bob.enter("accept 1");
    alice.wait_for("You play White");
    bob.wait_for("You play Black");
    alice.enter("e2e4");
    bob.wait_for("Moves (1):");
    bob.enter("e7e5");
    alice.wait_for("Moves (2):");
    hang_up(alice);
    hang_up(bob);
    server.kill();
    assert!(!data.join("server.sqlite3").exists(), "the data is in PostgreSQL, not in the folder");

    let server = TestServer::start_with(&data, &["--database", &url]);
    let mut alice = server.connect(&alice_key);
    alice.wait_for("You play White");
    alice.wait_for("Moves (2):");
    alice.enter("g1f3");
    alice.wait_for("Moves (3):");
    hang_up(alice);
}
