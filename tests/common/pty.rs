//! The pseudo-terminal harness of the end-to-end tests: the real
//! `wormhole` binary in a pty, its output fed to a terminal emulator
//! (vt100), keys typed as a person would. Every wait polls with a generous
//! timeout.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, ExitStatus, MasterPty, PtySize, native_pty_system};

pub const ROWS: u16 = 40;
pub const COLS: u16 = 120;
pub const TIMEOUT: Duration = Duration::from_secs(30);

/// The binary running in a pty, with everything it printed fed to a vt100 screen.
pub struct PtySession {
    pub child: Box<dyn Child + Send + Sync>,
    writer: Option<Box<dyn Write + Send>>,
    master: Option<Box<dyn MasterPty + Send>>,
    parser: Arc<Mutex<vt100::Parser>>,
    pub raw: Arc<Mutex<Vec<u8>>>,
    /// Set when the program's side of the pty is closed (all output read).
    closed: Arc<AtomicBool>,
    /// Asks the reader thread to close its end of the pty after its next read.
    hang_up: Arc<AtomicBool>,
    pub autosave: PathBuf,
    /// The program's data folder (`XDG_DATA_HOME`), made by the harness
    /// and removed at the end: Ctrl-S saves into `wormhole/games` there.
    pub data: PathBuf,
    /// Whether the harness made the autosave folder (and removes it at the end).
    own_autosave: bool,
    /// The folder the harness made for this run (its config folder is in
    /// it even when the test names another autosave folder), removed at the end.
    made: PathBuf,
    /// The terminal's line discipline before the program started (cooked mode).
    cooked: Option<String>,
}

/// How a session ended.
pub struct Exit {
    pub status: ExitStatus,
    /// Everything the program wrote to the terminal, escapes included.
    pub out: String,
    /// Whether the alternate screen was still on at the end.
    pub alternate: bool,
    /// Whether the cursor was still hidden at the end.
    pub cursor_hidden: bool,
    /// Whether the terminal's modes (canonical input, echo, signals...)
    /// were back as before the program started; `None` once the terminal is closed.
    pub cooked: Option<bool>,
    /// The text of each file in the autosave folder, by name.
    pub autosaved: Vec<(String, String)>,
    /// The text of each file in the games folder, by name.
    pub saved: Vec<(String, String)>,
}

impl PtySession {
    pub fn start(args: &[&str]) -> PtySession {
        PtySession::start_with_env(args, &[])
    }

    pub fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> PtySession {
        PtySession::spawn(CommandBuilder::new(env!("CARGO_BIN_EXE_wormhole")), args, env)
    }

    /// Runs another program in the pty (e.g. `ssh` to a test server).
    pub fn start_program(program: &str, args: &[&str]) -> PtySession {
        PtySession::spawn(CommandBuilder::new(program), args, &[])
    }

    /// Runs another program in the pty with `env` set (e.g. `ssh` with `TERM=dumb`).
    pub fn start_program_with_env(program: &str, args: &[&str], env: &[(&str, &str)]) -> PtySession {
        PtySession::spawn(CommandBuilder::new(program), args, env)
    }

    /// Runs the binary with `dir` as its current folder (where Ctrl-S saves).
    pub fn start_in_dir(dir: &std::path::Path, args: &[&str]) -> PtySession {
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_wormhole"));
        cmd.cwd(dir);
        PtySession::spawn(cmd, args, &[])
    }

    /// Runs the binary through `sh -c '<prelude>; exec wormhole <args>'`,
    /// e.g. to ignore a signal (`trap '' HUP`) or set a limit (`ulimit -f 0`).
    pub fn start_in_shell(prelude: &str, args: &[&str], env: &[(&str, &str)]) -> PtySession {
        let mut cmd = CommandBuilder::new("sh");
        cmd.args(["-c", &format!("{prelude}; exec \"$0\" \"$@\""), env!("CARGO_BIN_EXE_wormhole")]);
        PtySession::spawn(cmd, args, env)
    }

    fn spawn(mut cmd: CommandBuilder, args: &[&str], env: &[(&str, &str)]) -> PtySession {
        let pty = native_pty_system();
        let pair = pty.openpty(PtySize { rows: ROWS, cols: COLS, pixel_width: 0, pixel_height: 0 }).unwrap();
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        static SESSIONS: AtomicUsize = AtomicUsize::new(0);
        let n = SESSIONS.fetch_add(1, Ordering::SeqCst);
        let made = std::env::temp_dir().join(format!("wormhole-e2e-{}-{n}", std::process::id()));
        let mut autosave = made.clone();
        let mut own_autosave = true;
        let data = PathBuf::from(format!("{}-data", autosave.display()));
        cmd.env("WORMHOLE_AUTOSAVE_DIR", &autosave);
        cmd.env("XDG_DATA_HOME", &data);
        cmd.env_remove("WORMHOLE_GAMES_DIR");
        // Never the user's own config file, and a UTF-8 locale unless a test says otherwise.
        cmd.env("XDG_CONFIG_HOME", autosave.join("config"));
        cmd.env("LC_ALL", "C.UTF-8");
        cmd.env_remove("NO_COLOR");
        for (k, v) in env {
            cmd.env(k, v);
            if *k == "WORMHOLE_AUTOSAVE_DIR" {
                autosave = PathBuf::from(v);
                own_autosave = false;
            }
        }
        let cooked = local_modes(pair.master.as_ref());
        let child = pair.slave.spawn_command(cmd).unwrap();
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let parser = Arc::new(Mutex::new(vt100::Parser::new(ROWS.try_into().unwrap(), COLS.try_into().unwrap(), 0)));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let closed = Arc::new(AtomicBool::new(false));
        let hang_up = Arc::new(AtomicBool::new(false));
        let (p, r, c, h) = (parser.clone(), raw.clone(), closed.clone(), hang_up.clone());
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 || h.load(Ordering::SeqCst) {
                    break;
                }
                p.lock().unwrap().process(&buf[..n]);
                r.lock().unwrap().extend_from_slice(&buf[..n]);
            }
            c.store(true, Ordering::SeqCst);
        });
        PtySession {
            child,
            writer: Some(writer),
            master: Some(pair.master),
            parser,
            raw,
            closed,
            hang_up,
            autosave,
            data,
            own_autosave,
            made,
            cooked,
        }
    }

    /// Whether the terminal's modes differ from before the program started
    /// (as they do while it runs in raw mode).
    pub fn modes_changed(&self) -> bool {
        self.master.as_deref().and_then(local_modes) != self.cooked
    }

    /// The program's process id.
    pub fn pid(&self) -> u32 {
        self.child.process_id().expect("the program runs")
    }

    /// Sends a signal by name (TERM, HUP, INT, ...) to the program.
    pub fn signal(&self, name: &str) {
        let status = std::process::Command::new("sh")
            .args(["-c", &format!("kill -s {name} {}", self.pid())])
            .status()
            .expect("sh runs");
        assert!(status.success(), "kill -s {name}");
    }

    /// Closes the terminal, as closing its window does: every handle on the
    /// pty's master side is closed (the reader's after its next read, so
    /// the program must be writing, e.g. while the engine thinks).
    pub fn close_terminal(&mut self) {
        self.hang_up.store(true, Ordering::SeqCst);
        self.writer = None;
        self.master = None;
    }

    /// Resizes the terminal, as a person dragging the window would.
    pub fn resize(&mut self, rows: u16, cols: u16) {
        self.parser.lock().unwrap().set_size(rows.try_into().unwrap(), cols.try_into().unwrap());
        self.master.as_ref().unwrap().resize(PtySize { rows, cols, pixel_width: 0, pixel_height: 0 }).unwrap();
    }

    pub fn screen(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    pub fn cell(&self, row: u16, col: u16) -> String {
        self.parser.lock().unwrap().screen().cell(row, col).map(|c| c.contents().to_string()).unwrap_or_default()
    }

    /// Where Ctrl-S saves: the games folder in the data folder.
    pub fn games_dir(&self) -> PathBuf {
        self.data.join("wormhole").join("games")
    }

    /// The cells of a square on the 120x40 screen (9x4: see [`centre`]),
    /// row by row, an empty cell as a space.
    pub fn square(&self, square: &str, flipped: bool) -> String {
        let (row, col) = centre(square, flipped);
        let text = |r: u16, c: u16| Some(self.cell(r, c)).filter(|t| !t.is_empty()).unwrap_or(" ".into());
        let rows: Vec<String> = (row - 2..row + 2).map(|r| (col - 4..col + 5).map(|c| text(r, c)).collect()).collect();
        rows.join("\n")
    }

    pub fn send(&mut self, bytes: &[u8]) {
        let writer = self.writer.as_mut().expect("the terminal is open");
        writer.write_all(bytes).unwrap();
        writer.flush().unwrap();
    }

    /// Types text and presses Enter.
    pub fn enter(&mut self, text: &str) {
        self.send(text.as_bytes());
        self.wait_for(&format!("> {text}"));
        self.send(b"\r");
    }

    /// Waits until the screen satisfies `pred`; panics with the screen if it never does.
    /// The screen returned is settled: a frame comes in several reads, so
    /// it is read again once no output has come for a moment (the rest of
    /// the frame drawn), and `pred` must still hold.
    pub fn wait_until(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let end = Instant::now() + TIMEOUT;
        loop {
            let s = self.screen();
            if pred(&s) {
                let settled = self.settled_screen();
                if pred(&settled) {
                    return settled;
                }
            }
            assert!(Instant::now() < end, "timed out waiting for {what}; screen:\n{s}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The screen once no output has come for 50 ms (at most one second on).
    fn settled_screen(&self) -> String {
        let end = Instant::now() + Duration::from_secs(1);
        let mut seen = self.raw.lock().unwrap().len();
        loop {
            std::thread::sleep(Duration::from_millis(50));
            let now = self.raw.lock().unwrap().len();
            if now == seen || Instant::now() >= end {
                return self.screen();
            }
            seen = now;
        }
    }

    pub fn wait_for(&self, text: &str) -> String {
        self.wait_until(text, |s| s.contains(text))
    }

    /// Ctrl-C, then the exit status and everything printed after the terminal was restored.
    pub fn quit(mut self) -> (ExitStatus, String, bool) {
        self.send(b"\x03");
        self.quit_after_exit()
    }

    /// Waits for the exit; returns the status, all output, and whether the
    /// alternate screen is still on.
    pub fn quit_after_exit(self) -> (ExitStatus, String, bool) {
        let exit = self.exit_within(TIMEOUT);
        (exit.status, exit.out, exit.alternate)
    }

    /// Waits up to `limit` for the program to end (panics if it does not),
    /// then reads what it left: output, screen state and autosaved files.
    /// The autosave folder is removed if the harness made it.
    pub fn exit_within(mut self, limit: Duration) -> Exit {
        let end = Instant::now() + limit;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() >= end {
                let _ = self.child.kill();
                panic!("the program did not exit within {limit:?}");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        // Let the reader drain the last output.
        let end = Instant::now() + Duration::from_secs(5);
        while Instant::now() < end && !self.closed.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let screen = self.parser.lock().unwrap().screen().clone();
        let out = String::from_utf8_lossy(&self.raw.lock().unwrap()).into_owned();
        let autosaved = read_folder(&self.autosave);
        let saved = read_folder(&self.games_dir());
        let _ = std::fs::remove_dir_all(&self.data);
        let cooked = self.master.as_deref().and_then(local_modes).map(|now| Some(now) == self.cooked);
        if self.own_autosave {
            let _ = std::fs::remove_dir_all(&self.autosave);
        }
        let _ = std::fs::remove_dir_all(&self.made);
        Exit {
            status,
            out,
            alternate: screen.alternate_screen(),
            cursor_hidden: screen.hide_cursor(),
            cooked,
            autosaved,
            saved,
        }
    }
}

/// A session dropped without `exit_within` (a test that ends while the
/// program still runs, or a failing one) stops the program and removes the
/// folders the harness made, so no test leaves files in the temp folder.
impl Drop for PtySession {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.data);
        if self.own_autosave {
            let _ = std::fs::remove_dir_all(&self.autosave);
        }
        let _ = std::fs::remove_dir_all(&self.made);
    }
}

/// The terminal's local modes (canonical input, echo, signals), as text.
fn local_modes(master: &(dyn MasterPty + Send)) -> Option<String> {
    master.get_termios().map(|t| format!("{:?}", t.local_flags))
}

/// Each file in `dir` (none if it does not exist) with its text, sorted by
/// name. Folders are left out: the harness's config folder is in the
/// autosave folder, and a game's options are kept there as last chosen.
pub fn read_folder(dir: &std::path::Path) -> Vec<(String, String)> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<(String, String)> = entries
        .filter(|e| e.as_ref().is_ok_and(|e| !e.path().is_dir()))
        .map(|e| {
            let e = e.unwrap();
            (e.file_name().to_string_lossy().into_owned(), std::fs::read_to_string(e.path()).unwrap_or_default())
        })
        .collect();
    files.sort();
    files
}

/// The middle row of a pawn's figure, and of a White pawn's in outline
/// (without colour), on the 120x40 screen's 9x4 squares.
pub const PAWN: &str = "▝█▘";
pub const HOLLOW_PAWN: &str = "▝▄▘";
/// The top row of an empty porthole's figure.
pub const PORTHOLE: &str = "▗▞▀▚▖";

/// The centre of a square on the 120x40 screen: the board is at the top
/// left with 2 label columns and 9x4 cells (see `Geometry::fit`).
pub fn centre(square: &str, flipped: bool) -> (u16, u16) {
    let b = square.as_bytes();
    let (f, r) = ((b[0] - b'a') as u16, (b[1] - b'1') as u16);
    let (col, row) = if flipped { (7 - f, r) } else { (f, 7 - r) };
    (row * 4 + 2, 2 + col * 9 + 4)
}
