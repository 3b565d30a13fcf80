//! A raw SSH client for the server's adversarial tests: russh's client,
//! driven step by step (connect, sign in, open a channel, send requests),
//! so a test can stop at any stage or send what OpenSSH never would
//! (a second `shell` on one channel).

use std::sync::Arc;
use std::time::{Duration, Instant};

use russh::client::{self, Handle, KeyboardInteractiveAuthResponse, Msg};
use russh::{Channel, ChannelMsg};

/// Trusts the test's own server, whatever its host key.
pub struct TrustTestServer;

impl client::Handler for TrustTestServer {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _key: &russh::keys::PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A runtime for the async client, on the test's thread.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
}

/// Connects to the server on `port` (key exchange done, nobody signed in).
pub async fn connect(port: u16) -> Handle<TrustTestServer> {
    let config = Arc::new(client::Config::default());
    client::connect(config, ("127.0.0.1", port), TrustTestServer).await.expect("the key exchange")
}

/// Signs in as a guest (keyboard-interactive, no question asked).
pub async fn guest(handle: &mut Handle<TrustTestServer>) {
    let answer = handle.authenticate_keyboard_interactive_start("guest", None).await.unwrap();
    assert!(matches!(answer, KeyboardInteractiveAuthResponse::Success), "a guest is let in");
}

/// Opens the session channel and asks for a `cols`x`rows` pty.
pub async fn channel_with_pty(handle: &Handle<TrustTestServer>, cols: u32, rows: u32) -> Channel<Msg> {
    let mut channel = handle.channel_open_session().await.unwrap();
    channel.request_pty(true, "xterm", cols, rows, 0, 0, &[]).await.unwrap();
    assert!(next_reply(&mut channel).await, "the pty is granted");
    channel
}

/// The server's answer to the last request wanting one: success or failure
/// (data on the way is skipped).
pub async fn next_reply(channel: &mut Channel<Msg>) -> bool {
    loop {
        match tokio::time::timeout(Duration::from_secs(20), channel.wait()).await {
            Ok(Some(ChannelMsg::Success)) => return true,
            Ok(Some(ChannelMsg::Failure)) => return false,
            Ok(Some(_)) => {}
            Ok(None) => panic!("the channel closed before the reply"),
            Err(_) => panic!("no reply within 20 s"),
        }
    }
}

/// Waits (up to `within`) until `done()` holds; whether it did.
pub fn until(within: Duration, mut done: impl FnMut() -> bool) -> bool {
    let end = Instant::now() + within;
    while Instant::now() < end {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    done()
}

/// How many of process `pid`'s threads are named `name` (Linux's /proc).
pub fn threads_named(pid: u32, name: &str) -> usize {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return 0 };
    tasks
        .filter_map(Result::ok)
        .filter(|t| std::fs::read_to_string(t.path().join("comm")).is_ok_and(|c| c.trim() == name))
        .count()
}
