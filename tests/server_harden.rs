//! Adversarial tests of `wormhole serve` (issue #54): what a hostile
//! client sends that OpenSSH never would, driven with russh's client
//! ([`common::raw`]) against the real server binary.

mod common;

use std::time::Duration;

use common::raw::{self, threads_named, until};
use common::ssh::Server;

#[test]
fn repeated_shell_requests_leave_one_session_and_none_after_the_close() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_with(&dir.path().join("data"), &["--max-sessions", "3"]);
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
        assert_eq!(threads_named(pid, "session"), 1, "one app session for the connection");
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
