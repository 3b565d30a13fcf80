//! UCI conversations through the real binary's stdin and stdout.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use wormhole::{Position, Variant};

struct Uci {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wormhole"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Uci { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Every line up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut seen = Vec::new();
        while Instant::now() < deadline {
            if let Ok(line) = self.lines.recv_timeout(Duration::from_millis(100)) {
                let done = line.starts_with(prefix);
                seen.push(line);
                if done {
                    return seen;
                }
            }
        }
        panic!("no line starting with '{prefix}'; got {seen:?}");
    }

    fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success());
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        panic!("the engine did not quit");
    }
}

fn bestmove(lines: &[String]) -> String {
    lines.last().unwrap().strip_prefix("bestmove ").unwrap().to_string()
}

#[test]
fn handshake_lists_the_options() {
    let mut uci = Uci::start();
    uci.send("uci");
    let lines = uci.until("uciok");
    assert!(lines.iter().any(|l| l == "option name UCI_Variant type combo default classic var classic var fairy"));
    assert!(lines.iter().any(|l| l.starts_with("option name Hash type spin")));
    assert!(lines.iter().any(|l| l.starts_with("option name Threads type spin")));
    assert!(lines.iter().any(|l| l.starts_with("option name Level type spin")));
    uci.send("isready");
    assert_eq!(uci.until("readyok"), vec!["readyok"]);
    uci.quit();
}

#[test]
fn searches_after_moves_and_reports_info() {
    let mut uci = Uci::start();
    uci.send("ucinewgame");
    uci.send("position startpos moves e2e4 e7e5");
    uci.send("go depth 4");
    let lines = uci.until("bestmove");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(infos.len() >= 4, "{lines:?}");
    assert!(
        infos
            .iter()
            .all(|l| l.contains(" score cp ") && l.contains(" nodes ") && l.contains(" nps ") && l.contains(" pv "))
    );
    let mut pos = Position::new(Variant::Classic);
    for m in ["e2e4", "e7e5"] {
        let m = pos.parse_move(m).unwrap();
        pos.play_unchecked(m);
    }
    let best = bestmove(&lines);
    assert!(pos.parse_move(&best).is_ok(), "{best}");
    uci.quit();
}

#[test]
fn fairy_variant_and_promotion_letters() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value fairy");
    // White pawn on b7 can capture the black champion on a8 and promote.
    uci.send("position fen c3k3/1P6/8/8/8/8/8/4K3 w 0 moves b7a8m e8d8");
    uci.send("d");
    let lines = uci.until("info string fen");
    assert_eq!(lines.last().unwrap(), "info string fen M2kx3/1x6/8/8/8/8/8/4K3 w 2");
    uci.send("go perft 1");
    let lines = uci.until("Nodes searched");
    let count: usize = lines.last().unwrap().rsplit(' ').next().unwrap().parse().unwrap();
    assert_eq!(count, lines.iter().filter(|l| l.contains(": ") && !l.starts_with("Nodes")).count());
    assert!(lines.iter().any(|l| l == "a8d5: 1"), "the new lion leaps: {lines:?}");
    uci.quit();
}

#[test]
fn reports_mate_scores_and_no_move() {
    let mut uci = Uci::start();
    // Black mates in one.
    uci.send("position fen rxbqxknr/pxxxxxxp/1px4x/2npxppx/2xp3x/N4PKN/PPxxPxPx/RxBQxBxR b 21");
    uci.send("go depth 3");
    let lines = uci.until("bestmove");
    assert!(lines.iter().any(|l| l.contains("score mate 1 ")), "{lines:?}");
    // White has no legal move after it: bestmove (none).
    let best = bestmove(&lines);
    uci.send(&format!("position fen rxbqxknr/pxxxxxxp/1px4x/2npxppx/2xp3x/N4PKN/PPxxPxPx/RxBQxBxR b 21 moves {best}"));
    uci.send("go depth 2");
    assert_eq!(uci.until("bestmove").last().unwrap(), "bestmove (none)");
    uci.quit();
}

#[test]
fn bad_commands_get_errors_and_keep_the_position() {
    let mut uci = Uci::start();
    uci.send("position startpos moves e2e4");
    uci.send("position startpos moves e7e5");
    let lines = uci.until("info string error");
    assert!(lines.last().unwrap().contains("e7e5"), "{lines:?}");
    uci.send("position fen 8/8/8 w 0");
    assert!(uci.until("info string error").last().unwrap().contains("ranks"));
    uci.send("frobnicate");
    assert!(uci.until("info string error").last().unwrap().contains("frobnicate"));
    uci.send("go depth banana");
    assert!(uci.until("info string error").last().unwrap().contains("banana"));
    uci.send("setoption name Hash value -3");
    uci.until("info string error");
    uci.send("setoption name UCI_Variant value chess960");
    uci.until("info string error");
    // The position after e2e4 is still the one in use.
    uci.send("d");
    assert_eq!(
        uci.until("info string fen").last().unwrap(),
        "info string fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPPxPPP/RNBQKBNR b 1"
    );
    uci.send("isready");
    uci.until("readyok");
    uci.quit();
}

#[test]
fn stop_ends_an_infinite_search() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    uci.send("isready");
    uci.until("readyok");
    let asked = Instant::now();
    uci.send("stop");
    let lines = uci.until("bestmove");
    assert!(asked.elapsed() < Duration::from_secs(1));
    assert_ne!(bestmove(&lines), "(none)");
    uci.send("go wtime 1000 btime 1000 winc 10 binc 10");
    uci.until("bestmove");
    uci.quit();
}
