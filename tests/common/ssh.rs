//! The harness of the server's end-to-end tests: the real `wormhole serve`
//! on a free loopback port with a temporary data folder, keys made by
//! `ssh-keygen`, and the real OpenSSH client in a pty ([`super::pty`]).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::pty::PtySession;

/// A running `wormhole serve`; killed (SIGKILL) when dropped.
pub struct TestServer {
    pub child: Child,
    pub port: u16,
    pub data: PathBuf,
    /// Every line the server logged to stderr.
    pub log: Arc<Mutex<Vec<String>>>,
    /// The thread that reads the log; it ends when the server's stderr closes.
    reader: Option<std::thread::JoinHandle<()>>,
}

impl TestServer {
    /// Starts a server on `data`, waiting until it listens.
    pub fn start(data: &Path) -> TestServer {
        TestServer::start_with(data, &[])
    }

    /// Starts a server on `data` with more options (`--max-sessions 2`).
    pub fn start_with(data: &Path, options: &[&str]) -> TestServer {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wormhole"))
            .args(["serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(data)
            .args(["--engine-threads", "1"])
            .args(options)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("wormhole serve starts");
        let stderr = child.stderr.take().unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let (send, listening) = std::sync::mpsc::channel();
        let lines = Arc::clone(&log);
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(rest) = line.strip_prefix("serve: listening on 127.0.0.1:") {
                    let port: u16 = rest.split_whitespace().next().unwrap().parse().unwrap();
                    let _ = send.send(port);
                }
                lines.lock().unwrap().push(line);
            }
        });
        let port = listening
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("the server did not start; its log: {:?}", log.lock().unwrap()));
        TestServer { child, port, data: data.to_path_buf(), log, reader: Some(reader) }
    }

    /// Stops the server as an operator does (SIGTERM), waits for it to exit
    /// and for the last line of its log: after this, [`TestServer::has_logged`]
    /// reads the whole log. Panics if it does not exit within 30 s.
    pub fn stop(&mut self) {
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let end = std::time::Instant::now() + Duration::from_secs(30);
        while self.child.try_wait().expect("the server's status").is_none() {
            assert!(std::time::Instant::now() < end, "the server did not exit within 30 s of SIGTERM");
            std::thread::sleep(Duration::from_millis(20));
        }
        if let Some(reader) = self.reader.take() {
            reader.join().expect("the log reader");
        }
    }

    /// Kills the server with SIGKILL, as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Whether a line of the log so far holds `text` (no waiting).
    pub fn has_logged(&self, text: &str) -> bool {
        self.log.lock().unwrap().iter().any(|l| l.contains(text))
    }

    /// Whether the log has a line containing `text` (waiting up to 10 s for it).
    pub fn logged(&self, text: &str) -> bool {
        self.logged_times(text, 1) > 0
    }

    /// How many lines of the log contain `text`, waiting up to 10 s for
    /// `times` of them (the server's log is read on a thread of its own).
    pub fn logged_times(&self, text: &str, times: usize) -> usize {
        let end = std::time::Instant::now() + Duration::from_secs(10);
        loop {
            let n = self.log.lock().unwrap().iter().filter(|l| l.contains(text)).count();
            if n >= times || std::time::Instant::now() >= end {
                return n;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The common options of `ssh` and `sftp` for this server with `key`.
    pub fn options(&self, key: &Path) -> Vec<String> {
        let mut o: Vec<String> = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]
            .into_iter()
            .chain(["-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-i"])
            .map(str::to_string)
            .collect();
        o.push(key.display().to_string());
        o
    }

    /// The real OpenSSH client, with a pty, connected as `key`.
    pub fn connect(&self, key: &Path) -> PtySession {
        self.connect_with(key, &[], &[])
    }

    /// The real OpenSSH client, with a pty, connected as `key` with more
    /// options (`-o SetEnv=COLORTERM=truecolor`) and `env` (`TERM=dumb`).
    pub fn connect_with(&self, key: &Path, options: &[&str], env: &[(&str, &str)]) -> PtySession {
        let mut args = vec!["-tt".to_string(), "-p".to_string(), self.port.to_string()];
        args.extend(self.options(key));
        args.extend(options.iter().map(|o| o.to_string()));
        args.push("127.0.0.1".into());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        PtySession::start_program_with_env("ssh", &args, env)
    }

    /// The real OpenSSH client, with a pty, connected without a key
    /// (keyboard-interactive, as a client without keys does).
    pub fn connect_guest(&self) -> PtySession {
        let port = self.port.to_string();
        let mut args = vec!["-tt", "-p", &port, "-o", "PubkeyAuthentication=no"];
        args.extend(["-o", "PreferredAuthentications=keyboard-interactive", "-o", "StrictHostKeyChecking=no"]);
        args.extend(["-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "127.0.0.1"]);
        PtySession::start_program("ssh", &args)
    }

    /// `ssh` with `extra` options and arguments, without a pty; waits for it.
    pub fn ssh(&self, key: &Path, extra: &[&str]) -> Output {
        let mut cmd = Command::new("ssh");
        cmd.args(["-p", &self.port.to_string()]).args(self.options(key)).args(extra);
        cmd.stdin(Stdio::null()).output().expect("ssh runs")
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A new key registered as `name` on `server`, in the lobby: its session
/// and the key's path.
pub fn register(server: &TestServer, dir: &Path, name: &str) -> (PtySession, PathBuf) {
    let key = new_key(dir, name);
    let mut s = server.connect(&key);
    s.wait_for("choose your name");
    s.enter(name);
    s.wait_for(&format!("you are {name}"));
    (s, key)
}

/// A new ed25519 key made by `ssh-keygen` in `dir`: the private key's path.
pub fn new_key(dir: &Path, name: &str) -> PathBuf {
    new_key_of_type(dir, name, "ed25519")
}

/// A new key of `kind` (`ed25519`, `rsa`, `ecdsa`) made by `ssh-keygen` in `dir`.
pub fn new_key_of_type(dir: &Path, name: &str, kind: &str) -> PathBuf {
    let path = dir.join(name);
    let status = Command::new("ssh-keygen")
        .args(["-q", "-t", kind, "-N", "", "-C", name, "-f"])
        .arg(&path)
        .status()
        .expect("ssh-keygen runs (the CI script installs openssh-client)");
    assert!(status.success(), "ssh-keygen made {name}");
    path
}

/// The OpenSSH fingerprint (`SHA256:...`) of the key at `path`, as
/// `ssh-keygen -l` gives it.
pub fn fingerprint(path: &Path) -> String {
    let out = Command::new("ssh-keygen").arg("-lf").arg(path).output().expect("ssh-keygen runs");
    let text = String::from_utf8_lossy(&out.stdout);
    text.split_whitespace().nth(1).unwrap_or_else(|| panic!("no fingerprint in {text:?}")).to_string()
}

/// Drops an ssh client's connection (SIGKILL to the client).
pub fn hang_up(mut session: PtySession) {
    let _ = session.child.kill();
    let _ = session.child.wait();
}

/// Waits until the lobby of `s` lists an open challenge from `from` that
/// it may accept (its row ends in `accept`); the screen.
pub fn wait_for_challenge(s: &PtySession, from: &str) -> String {
    s.wait_until(&format!("a challenge from {from}"), |screen| {
        screen.lines().any(|l| l.contains(from) && l.trim_end().ends_with(" accept"))
    })
}
