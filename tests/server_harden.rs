//! Adversarial tests of `wormhole serve` (issue #54): what a hostile
//! client sends that OpenSSH never would, driven with russh's client
//! ([`common::raw`]) against the real server binary.

mod common;

use std::time::Duration;

use common::raw::{self, threads_named, until};
use common::ssh::{TestServer, register};

#[test]
fn repeated_shell_requests_leave_one_session_and_none_after_the_close() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(&dir.path().join("data"), &["--max-sessions", "3"]);
    let pid = server.child.id();
    let rt = raw::runtime();
    rt.block_on(async {
        let mut handle = raw::connect(server.port).await;
        raw::guest(&mut handle).await;
        let mut channel = raw::channel_with_pty(&handle, 80, 24).await;
        channel.request_shell(true).await.unwrap();
        assert!(raw::next_reply(&mut channel).await, "the first shell is granted");
        for _ in 0..50 {
            channel.request_shell(true).await.unwrap();
            assert!(!raw::next_reply(&mut channel).await, "a second shell is refused");
        }
        channel.request_pty(true, "xterm", 1000, 1000, 0, 0, &[]).await.unwrap();
        assert!(!raw::next_reply(&mut channel).await, "a pty after the shell is refused");
        // A second session channel on the same connection is refused.
        assert!(handle.channel_open_session().await.is_err(), "one session channel per connection");
        // The granted shell's session thread starts a moment after the reply.
        assert!(
            until(Duration::from_secs(10), || threads_named(pid, "session") == 1),
            "one app session for the connection"
        );
        // Another guest still gets in under --max-sessions 3.
        let mut other = raw::connect(server.port).await;
        raw::guest(&mut other).await;
        let mut second = raw::channel_with_pty(&other, 80, 24).await;
        second.request_shell(true).await.unwrap();
        assert!(raw::next_reply(&mut second).await, "the next guest's shell is granted");
        assert!(until(Duration::from_secs(10), || threads_named(pid, "session") == 2), "two sessions");
        drop(channel);
        handle.disconnect(russh::Disconnect::ByApplication, "", "").await.unwrap();
        drop(handle);
        assert!(
            until(Duration::from_secs(10), || threads_named(pid, "session") == 1),
            "the closed connection's session ended; the other's goes on"
        );
        drop(second);
        other.disconnect(russh::Disconnect::ByApplication, "", "").await.unwrap();
    });
    assert!(until(Duration::from_secs(10), || threads_named(pid, "session") == 0), "no session after both closed");
    assert!(server.has_logged("refused: a second shell"), "the refusal is logged");
}

/// A TCP connection from `from` (a loopback address) that reads the
/// server's greeting and sends nothing: `None` when the server closed it
/// without a greeting (refused).
async fn silent(from: &str, port: u16) -> Option<tokio::net::TcpStream> {
    use tokio::io::AsyncReadExt;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    let mut stream = socket.connect(format!("127.0.0.1:{port}").parse().unwrap()).await.unwrap();
    let mut greeting = [0u8; 4];
    match tokio::time::timeout(Duration::from_secs(10), stream.read_exact(&mut greeting)).await {
        Ok(Ok(_)) if &greeting == b"SSH-" => Some(stream),
        Ok(_) => None,
        Err(_) => panic!("no greeting and no close within 10 s"),
    }
}

/// Whether the server closes `stream` within `within` (it sends nothing more).
async fn closed_within(stream: &mut tokio::net::TcpStream, within: Duration) -> bool {
    use tokio::io::AsyncReadExt;
    let mut buf = [0u8; 256];
    let end = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(end, stream.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => {}
            Err(_) => return false,
        }
    }
}

#[test]
fn a_connection_without_a_shell_is_closed_at_the_login_grace_at_any_stage() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(&dir.path().join("data"), &["--login-grace", "2"]);
    let port = server.port;
    let rt = raw::runtime();
    rt.block_on(async {
        // A shell opened in time is not closed.
        let mut player = raw::connect(port).await;
        raw::guest(&mut player).await;
        let mut playing = raw::channel_with_pty(&player, 80, 24).await;
        playing.request_shell(true).await.unwrap();
        assert!(raw::next_reply(&mut playing).await);
        // TCP that never sends a byte; one that sends its version only.
        let mut tcp = silent("127.0.0.1", port).await.expect("admitted");
        let mut versioned = silent("127.0.0.1", port).await.expect("admitted");
        tokio::io::AsyncWriteExt::write_all(&mut versioned, b"SSH-2.0-silent\r\n").await.unwrap();
        // Key exchange done, not signed in; signed in, no channel; a channel, no shell.
        let kex = raw::connect(port).await;
        let mut signed = raw::connect(port).await;
        raw::guest(&mut signed).await;
        let mut with_channel = raw::connect(port).await;
        raw::guest(&mut with_channel).await;
        let mut channel = raw::channel_with_pty(&with_channel, 80, 24).await;
        assert!(closed_within(&mut tcp, Duration::from_secs(20)).await, "silent TCP closed");
        assert!(closed_within(&mut versioned, Duration::from_secs(20)).await, "a version only: closed");
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        while !(kex.is_closed() && signed.is_closed()) && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(kex.is_closed(), "key exchange without sign-in: closed");
        assert!(signed.is_closed(), "signed in without a channel: closed");
        while tokio::time::timeout_at(deadline, channel.wait()).await.is_ok_and(|m| m.is_some()) {}
        assert!(with_channel.is_closed(), "a channel without a shell: closed");
        assert!(!player.is_closed(), "the player's session goes on");
        playing.data(&b"x"[..]).await.expect("the player's channel is open");
    });
    let graced = server.logged_times("no shell within the login grace (2 s)", 5);
    assert_eq!(graced, 5, "every closing is logged: {:?}", server.log.lock().unwrap());
}

#[test]
fn connections_signing_in_are_capped_server_wide_and_per_address() {
    let dir = tempfile::tempdir().unwrap();
    let options = ["--max-startups", "3", "--max-startups-per-address", "2", "--login-grace", "60"];
    let server = TestServer::start_with(&dir.path().join("data"), &options);
    let port = server.port;
    raw::runtime().block_on(async {
        let first = silent("127.0.0.1", port).await.expect("the first from .1 is admitted");
        let _second = silent("127.0.0.1", port).await.expect("the second from .1 is admitted");
        assert!(silent("127.0.0.1", port).await.is_none(), "a third from .1 is refused");
        let _other = silent("127.0.0.2", port).await.expect("another address is admitted");
        assert!(silent("127.0.0.3", port).await.is_none(), "a fourth server-wide is refused");
        // A connection that goes frees its place.
        drop(first);
        let mut again = None;
        for _ in 0..100 {
            again = silent("127.0.0.3", port).await;
            if again.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(again.is_some(), "a place freed is taken");
    });
    assert!(server.logged("refused: 2 connections from this address are signing in"), "logged");
    assert!(server.logged("refused: 3 connections are signing in (--max-startups)"), "logged");
}

/// The server's resident memory in KiB (Linux's /proc).
fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// A guest's session with a `cols`x`rows` pty, read until its screen (a
/// vt100 of the drawn size) shows `text`: the channel and its screen.
async fn guest_showing(
    port: u16,
    (cols, rows): (u32, u32),
    text: &str,
) -> (russh::client::Handle<raw::TrustTestServer>, russh::Channel<russh::client::Msg>, vt100::Parser) {
    let mut handle = raw::connect(port).await;
    raw::guest(&mut handle).await;
    let mut channel = raw::channel_with_pty(&handle, cols, rows).await;
    channel.request_shell(true).await.unwrap();
    assert!(raw::next_reply(&mut channel).await, "the shell is granted");
    let mut screen = vt100::Parser::new(200.try_into().unwrap(), 500.try_into().unwrap(), 0);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while !screen.screen().contents().contains(text) {
        match tokio::time::timeout_at(deadline, channel.wait()).await {
            Ok(Some(russh::ChannelMsg::Data { data })) => screen.process(&data),
            Ok(Some(_)) => {}
            other => panic!("{text:?} not shown ({other:?}):\n{}", screen.screen().contents()),
        }
    }
    (handle, channel, screen)
}

/// What one session drawn at the largest size costs the server at most, in
/// KiB: the figure measured (README, "Playing over SSH") with headroom.
const SESSION_AT_THE_CAP_KIB: u64 = 12 * 1024;

#[test]
fn ten_sessions_at_the_largest_window_stay_under_the_documented_memory() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let pid = server.child.id();
    raw::runtime().block_on(async {
        // One small session first, so the figure is what a big one adds.
        let small = guest_showing(server.port, (80, 24), "watch").await;
        let before = resident_kib(pid);
        let mut sessions = Vec::new();
        for _ in 0..10 {
            let s = guest_showing(server.port, (1000, 1000), "drawn at 500x200").await;
            sessions.push(s);
        }
        // A window change past the cap is drawn at the cap too.
        for (_, channel, _) in &sessions {
            channel.window_change(4000, 4000, 0, 0).await.unwrap();
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        let after = resident_kib(pid);
        let each = after.saturating_sub(before) / 10;
        eprintln!(
            "server RSS: {before} KiB with one 80x24 session, {after} KiB with 10 more at 1000x1000 ({each} KiB each)"
        );
        assert!(each <= SESSION_AT_THE_CAP_KIB, "{each} KiB a session at the cap");
        drop((small, sessions));
    });
    assert!(server.has_logged("window 1000x1000 drawn at 500x200"), "logged");
}

#[test]
fn a_flood_of_window_changes_counts_as_input_and_is_disconnected() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(&dir.path().join("data"), &["--input-per-second", "8192"]);
    raw::runtime().block_on(async {
        let (handle, channel, _) = guest_showing(server.port, (80, 24), "watch").await;
        for i in 0..200u32 {
            if channel.window_change(80 + i % 50, 24 + i % 20, 0, 0).await.is_err() {
                break;
            }
        }
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        while !handle.is_closed() && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(handle.is_closed(), "the flooding client is disconnected");
    });
    assert!(server.logged("disconnected: more than 8192 input bytes a second"), "logged");
}

#[test]
fn no_new_session_while_the_server_is_past_its_memory_guard() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(&dir.path().join("data"), &["--max-memory-mb", "1"]);
    raw::runtime().block_on(async {
        let (_handle, mut channel, _) = {
            let mut handle = raw::connect(server.port).await;
            raw::guest(&mut handle).await;
            let channel = raw::channel_with_pty(&handle, 80, 24).await;
            (handle, channel, ())
        };
        channel.request_shell(true).await.unwrap();
        let mut said = Vec::new();
        while let Ok(Some(msg)) = tokio::time::timeout(Duration::from_secs(20), channel.wait()).await {
            if let russh::ChannelMsg::Data { data } = msg {
                said.extend_from_slice(&data);
            }
        }
        assert!(String::from_utf8_lossy(&said).contains("the server is short of memory"), "{said:?}");
    });
    assert!(server.logged("(--max-memory-mb)"), "logged");
}

#[test]
fn adding_someone_elses_key_binds_nothing_and_keys_are_listed_and_removed() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let (mut mallory, mallory_key) = register(&server, dir.path(), "AIice");
    // Bob's public key is public: mallory offers it.
    let bob_key = common::ssh::new_key(dir.path(), "bob");
    let bob_public = std::fs::read_to_string(bob_key.with_extension("pub")).unwrap();
    mallory.enter(&format!("addkey {}", bob_public.trim()));
    mallory.wait_for("is pending");
    // Bob's first sign-in is asked, not made AIice; he refuses, and registers.
    let mut bob = server.connect(&bob_key);
    bob.wait_for("This key was offered by AIice: is that you?");
    assert!(!bob.screen().contains("you are AIice"));
    bob.enter("no");
    bob.wait_for("Refused");
    bob.enter("bob");
    bob.wait_for("you are bob");
    // Mallory's keys: hers only, with its fingerprint; the last is not removed.
    let mine = common::ssh::fingerprint(&mallory_key);
    let bobs = common::ssh::fingerprint(&bob_key);
    mallory.enter("keys");
    mallory.wait_for(&mine);
    assert!(!mallory.screen().contains(&bobs), "bob's key is no longer offered");
    mallory.send(b"\x1b");
    mallory.enter(&format!("removekey {mine}"));
    mallory.wait_for("last key");
    // Offering a key that has an account is refused.
    mallory.enter(&format!("addkey {}", bob_public.trim()));
    mallory.wait_for("already belongs to an account");
    common::ssh::hang_up(mallory);
    common::ssh::hang_up(bob);
    assert!(server.logged("refused the offers of key"), "logged");
}

#[test]
fn an_rsa_key_signs_in_with_the_real_ssh_client() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    for kind in ["rsa", "ecdsa"] {
        let key = common::ssh::new_key_of_type(dir.path(), &format!("{kind}-key"), kind);
        let mut s = server.connect(&key);
        s.wait_for("choose your name");
        assert!(!s.screen().contains("you are a guest"), "{kind}: not a guest");
        let name = format!("{kind}user");
        s.enter(&name);
        s.wait_for(&format!("you are {name}"));
        common::ssh::hang_up(s);
        // Signing in again with it is that player.
        let again = server.connect(&key);
        again.wait_for(&format!("you are {name}"));
        common::ssh::hang_up(again);
    }
    assert!(!server.has_logged("without a valid signature"), "no key fell through to a guest");
}

#[test]
fn a_forged_forwarding_destination_leaves_no_raw_control_byte_in_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("data"));
    let forged = "evil\x1b]0;LOGPWN\x07\x1b[2J\nserve: 1.2.3.4:22 registered as admin";
    raw::runtime().block_on(async {
        let mut handle = raw::connect(server.port).await;
        raw::guest(&mut handle).await;
        assert!(handle.channel_open_direct_tcpip(forged, 22, "\x1b[31morigin", 1).await.is_err(), "refused");
    });
    assert!(server.logged("refused: forwarding to evil\\x1b]0;LOGPWN\\x07"), "the refusal is logged, escaped");
    let log = server.log.lock().unwrap();
    assert!(!log.iter().any(|l| l.starts_with("serve: 1.2.3.4:22")), "no forged line: {log:?}");
    assert!(!log.iter().any(|l| l.chars().any(char::is_control)), "no control byte: {log:?}");
}

/// Runs `wormhole serve` with `args` expecting it to stop by itself
/// (within 30 s, else it is killed and the test fails): its status and stderr.
fn serve_that_stops(args: &[&str]) -> (std::process::ExitStatus, String) {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_wormhole"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let end = std::time::Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() > end {
            let _ = child.kill();
            panic!("wormhole {args:?} kept running");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    (status, err)
}

/// `wormhole ARGS` run to its end: its status, stdout and stderr.
fn wormhole(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_wormhole")).args(args).output().unwrap()
}

#[test]
fn a_second_server_on_the_same_folder_exits_naming_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let first = TestServer::start(&data);
    let data_text = data.display().to_string();
    let (status, err) = serve_that_stops(&["serve", "--listen", "127.0.0.1:0", "--data", &data_text]);
    assert!(!status.success(), "{err}");
    assert!(err.contains(&format!("another wormhole serve (PID {})", first.child.id())), "{err}");
}

#[test]
fn a_damaged_database_stops_the_start_and_a_backup_restores_it() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let data_text = data.display().to_string();
    let backup = dir.path().join("backup.sqlite3");
    let mut server = TestServer::start(&data);
    let (alice, key) = register(&server, dir.path(), "alice");
    common::ssh::hang_up(alice);
    // Backed up while the server runs.
    let out = wormhole(&["serve", "backup", &backup.display().to_string(), "--data", &data_text]);
    assert!(out.status.success(), "{out:?}");
    server.kill();
    // 8 KiB overwritten in the middle of the database (its log folded in first).
    let db = data.join("server.sqlite3");
    rusqlite::Connection::open(&db).unwrap().pragma_update(None, "wal_checkpoint", "TRUNCATE").unwrap();
    let mut bytes = std::fs::read(&db).unwrap();
    let middle = bytes.len() / 2 / 4096 * 4096;
    assert!(bytes.len() >= middle + 8192, "{} bytes", bytes.len());
    bytes[middle..middle + 8192].fill(0x5a);
    std::fs::write(&db, &bytes).unwrap();
    let (status, err) = serve_that_stops(&["serve", "--listen", "127.0.0.1:0", "--data", &data_text]);
    assert!(!status.success(), "{err}");
    assert!(err.contains("wormhole serve restore BACKUP --data"), "{err}");
    // Restored: the damaged one kept aside, alice known again.
    let out = wormhole(&["serve", "restore", &backup.display().to_string(), "--data", &data_text]);
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("is kept as"), "{out:?}");
    let server = TestServer::start(&data);
    server.connect(&key).wait_for("you are alice");
}

#[test]
fn a_host_key_readable_by_others_is_refused_with_the_chmod() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let data_text = data.display().to_string();
    drop(TestServer::start(&data));
    let key = data.join("host_ed25519_key");
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644)).unwrap();
    let (status, err) = serve_that_stops(&["serve", "--listen", "127.0.0.1:0", "--data", &data_text]);
    assert!(!status.success(), "{err}");
    assert!(err.contains(&format!("chmod 600 {}", key.display())), "{err}");
    // The escape hatch serves anyway.
    TestServer::start_with(&data, &["--unsafe-permissions"]);
}
