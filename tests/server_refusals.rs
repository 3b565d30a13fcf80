//! End-to-end tests of what `wormhole serve` refuses, with the real
//! OpenSSH tools: a command (`ssh host uname`), sftp, port forwarding
//! (`ssh -W` and `ssh -L`), a flood of garbage input (that client alone is
//! disconnected), and escape sequences typed into a chat line (shown inert).

mod common;

use std::io::Read;
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::ssh::{TestServer, hang_up, new_key, wait_for_challenge};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn commands_sftp_and_forwarding_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let key = new_key(dir.path(), "k");

    let out = server.ssh(&key, &["127.0.0.1", "uname"]);
    assert!(!out.status.success(), "a command fails: {out:?}");
    assert!(text(&out.stdout).contains("this server only hosts the game"), "{out:?}");

    let mut sftp = Command::new("sftp");
    sftp.args(["-P", &server.port.to_string()]).args(server.options(&key)).args(["-b", "-", "127.0.0.1"]);
    let out = sftp.stdin(Stdio::null()).output().expect("sftp runs");
    assert!(!out.status.success(), "sftp fails: {out:?}");
    assert!(text(&out.stderr).contains("subsystem request failed"), "{out:?}");

    let out = server.ssh(&key, &["-W", "127.0.0.1:9", "127.0.0.1"]);
    assert!(!out.status.success(), "ssh -W fails: {out:?}");
    assert!(text(&out.stderr).contains("forwarding failed"), "{out:?}");

    // ssh -L: the forwarded port accepts, the server refuses the channel.
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut forward = Command::new("ssh");
    // At the INFO level ssh says why a forwarded connection failed.
    forward.args(["-o", "LogLevel=INFO", "-p", &server.port.to_string()]).args(server.options(&key));
    forward.args(["-N", "-L", &format!("127.0.0.1:{port}:127.0.0.1:9"), "127.0.0.1"]);
    let mut child = forward.stdin(Stdio::null()).stderr(Stdio::piped()).spawn().expect("ssh runs");
    let end = Instant::now() + Duration::from_secs(20);
    let mut stream = loop {
        match TcpStream::connect(("127.0.0.1", port)) {
            Ok(s) => break s,
            Err(e) => assert!(Instant::now() < end, "ssh -L never listened: {e}"),
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut buf = [0u8; 16];
    assert_eq!(stream.read(&mut buf).unwrap_or(0), 0, "nothing comes through the tunnel");
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    assert!(text(&out.stderr).contains("administratively prohibited"), "{out:?}");
    assert!(server.logged("refused: forwarding"), "the refusal is logged");
}

#[test]
fn a_flood_of_garbage_disconnects_that_client_only() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let key = new_key(dir.path(), "alice");
    let mut alice = server.connect(&key);
    alice.wait_for("choose your name");
    alice.enter("alice");
    alice.wait_for("you are alice");

    // 1 MB of bytes through a pty (-tt), without Ctrl-C or Ctrl-D (which
    // would quit the app before the limit is reached), ssh's escape off.
    let garbage = dir.path().join("garbage");
    let byte = |i: u32| match (i.wrapping_mul(2_654_435_761) >> 13) as u8 {
        3 | 4 => b'x',
        b => b,
    };
    let bytes: Vec<u8> = (0..1_000_000u32).map(byte).collect();
    std::fs::write(&garbage, bytes).unwrap();
    let flood_key = new_key(dir.path(), "flood");
    let mut flood = Command::new("ssh");
    flood.args(["-tt", "-e", "none", "-p", &server.port.to_string()]).args(server.options(&flood_key)).arg("127.0.0.1");
    let started = Instant::now();
    let out = flood.stdin(std::fs::File::open(&garbage).unwrap()).output().expect("ssh runs");
    assert!(started.elapsed() < Duration::from_secs(20), "the flood was cut short");
    assert!(
        !out.status.success(),
        "the flooding client was disconnected: {}; log {:?}",
        text(&out.stderr),
        server.log.lock().unwrap()
    );
    assert!(server.logged("input bytes a second"), "the disconnection is logged");

    // Alice did not notice.
    alice.enter("top classic");
    alice.wait_for("Leaderboard: classic");
    hang_up(alice);
}

#[test]
fn escape_sequences_in_a_chat_line_are_inert() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let mut players = Vec::new();
    for name in ["alice", "bob"] {
        let mut s = server.connect(&new_key(dir.path(), name));
        s.wait_for("choose your name");
        s.enter(name);
        s.wait_for(&format!("you are {name}"));
        players.push(s);
    }
    let (mut alice, mut bob) = (players.remove(0), players.remove(0));
    alice.enter("new classic white");
    wait_for_challenge(&bob, "alice");
    bob.enter("accept 1");
    alice.wait_for("You play White");
    bob.wait_for("You play Black");
    // A title change, a screen clear and a colour, typed into the chat line.
    alice.send(b"/say \x1b]0;owned\x07\x1b[2J\x1b[31mhello");
    alice.send(b"\r");
    let screen = bob.wait_for("hello");
    assert!(screen.contains("Moves (0)"), "the screen was not cleared:\n{screen}");
    let raw = bob.raw.lock().unwrap().clone();
    let raw = text(&raw);
    assert!(!raw.contains("\x1b]0;owned"), "no title sequence reached the other player");
    assert!(!raw.contains("\x1b[2J\x1b[31m"), "no clear sequence reached the other player");
    hang_up(alice);
    hang_up(bob);
}

/// The session limits: `--per-key 1` refuses a key's second session and
/// `--max-sessions 2` a third connection, each with a message, while the
/// sessions already open go on; a slot is free again once its session ends.
#[test]
fn the_session_limits_refuse_with_a_message_and_free_their_slot() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(&dir.path().join("data"), &["--max-sessions", "2", "--per-key", "1"]);
    let alice_key = new_key(dir.path(), "alice");
    let mut alice = server.connect(&alice_key);
    alice.wait_for("choose your name");
    alice.enter("alice");
    alice.wait_for("you are alice");
    let again = server.connect(&alice_key);
    again.wait_for("this key has as many sessions open as it may (1)");
    hang_up(again);
    let bob_key = new_key(dir.path(), "bob");
    let bob = server.connect(&bob_key);
    bob.wait_for("choose your name");
    let carol = server.connect(&new_key(dir.path(), "carol"));
    carol.wait_for("the server is full (2 sessions)");
    hang_up(carol);
    alice.enter("quit");
    hang_up(alice);
    assert!(server.logged("(alice) left"));
    let again = server.connect(&alice_key);
    again.wait_for("you are alice");
    for s in [bob, again] {
        hang_up(s);
    }
}

/// A client without a key comes in as a guest who may watch and nothing
/// more (`--guests watch`, the default); `--guests none` turns it away.
#[test]
fn a_client_without_a_key_watches_as_a_guest_or_is_turned_away() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let mut guest = server.connect_guest();
    let lobby = guest.wait_for("you are a guest (watch only)");
    assert!(!lobby.contains("challenge NAME") && !lobby.contains("addkey"), "only what a guest may do:\n{lobby}");
    let hint = guest.wait_for("Enter: watch the game");
    assert!(!hint.contains("accept"), "a guest is not offered to accept:\n{hint}");
    guest.wait_for("To play, connect with an SSH key: make one with ssh-keygen -t ed25519");
    guest.enter("new classic");
    guest.wait_for("guests may watch games but not play");
    guest.enter(&format!("addkey {}", "ssh-ed25519 AAAA"));
    guest.wait_for("guests have no account to add a key to");
    hang_up(guest);
    drop(server);

    let server = TestServer::start_with(&dir.path().join("data2"), &["--guests", "none"]);
    let guest = server.connect_guest();
    guest.wait_for("Permission denied");
    hang_up(guest);
    // The client is told why, with how to make a key, before it gives up.
    let told = std::process::Command::new("ssh")
        .args(["-p", &server.port.to_string(), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"])
        .args(["-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=keyboard-interactive"])
        .args(["-o", "BatchMode=yes", "-o", "NumberOfPasswordPrompts=0", "127.0.0.1", "true"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("ssh runs");
    let stderr = String::from_utf8_lossy(&told.stderr);
    assert!(!told.status.success(), "{stderr}");
    assert!(
        stderr.contains("admits players with an SSH key only") && stderr.contains("ssh-keygen -t ed25519"),
        "{stderr}"
    );
}
