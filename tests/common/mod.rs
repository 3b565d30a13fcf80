//! Helpers shared by the app's integration tests: running the real binary,
//! FEN fixtures, and the pseudo-terminal harness ([`pty`]). Each test file
//! includes this module with `mod common;` and uses the part it needs.
#![allow(dead_code)]

pub mod cpu;
pub mod pg;
pub mod pty;
pub mod raw;
pub mod ssh;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// The diagram of the rules (docs/wormhole.md#worked-examples, example 2):
/// Black to move, 17 plies played
/// and 14 holes.
pub const DIAGRAM: &str = "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17";

/// Runs the binary with `args` (standard input closed) and returns its exit
/// status and what it printed.
pub fn wormhole(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wormhole")).args(args).output().expect("the binary runs")
}

/// Starts the binary with `args`, its standard input, output and error piped.
pub fn spawn_piped(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_wormhole"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Runs the binary with `args`, writing `input` to its standard input and
/// then closing it.
pub fn wormhole_with_input(args: &[&str], input: &str) -> Output {
    let mut child = spawn_piped(args);
    child.stdin.take().expect("piped").write_all(input.as_bytes()).expect("the binary reads its input");
    child.wait_with_output().expect("the binary ends")
}

/// The standard output of a run that must succeed.
pub fn stdout_of(args: &[&str]) -> String {
    let out = wormhole(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir` whose name ends with `ending`, leaving out the
/// build's `target/` and hidden folders (`.git`, `.cargo`).
pub fn files_under(dir: &Path, ending: &str, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        if path.is_dir() {
            files_under(&path, ending, found);
        } else if name.ends_with(ending) {
            found.push(path);
        }
    }
}
