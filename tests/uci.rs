//! UCI conversations through the real binary's stdin and stdout.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use wormhole::{Position, Rules, Variant};

struct Uci {
    child: Child,
    stdin: Option<ChildStdin>,
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
        let stdin = child.stdin.take();
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

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("standard input is open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Every line up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        self.until_within(prefix, Duration::from_secs(20))
    }

    /// As [`Uci::until`], failing if the line takes longer than `limit`.
    fn until_within(&mut self, prefix: &str, limit: Duration) -> Vec<String> {
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            if let Ok(line) = self.lines.recv_timeout(left.min(Duration::from_millis(100))) {
                let done = line.starts_with(prefix);
                seen.push(line);
                if done {
                    return seen;
                }
            }
        }
        panic!("no line starting with '{prefix}' within {limit:?}; got {seen:?}");
    }

    /// Waits up to `limit` for the process to end; returns its status and
    /// every line it printed that was not read yet.
    fn exit_within(mut self, limit: Duration) -> (ExitStatus, Vec<String>) {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                // The reader thread ends at the end of output, closing the channel.
                let rest = self.lines.iter().collect();
                return (status, rest);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        panic!("the engine still ran {limit:?} later");
    }

    fn quit(mut self) {
        self.send("quit");
        let (status, _) = self.exit_within(Duration::from_secs(5));
        assert!(status.success(), "{status:?}");
    }
}

/// The move of the last line, `bestmove <move> [ponder <reply>]`.
fn bestmove(lines: &[String]) -> String {
    let last = lines.last().unwrap();
    last.strip_prefix("bestmove ").unwrap().split(' ').next().unwrap().to_string()
}

/// The `time` (milliseconds) of the last `info` line that has one.
fn reported_ms(lines: &[String]) -> u64 {
    let mut times = lines.iter().filter_map(|l| l.split(" time ").nth(1)?.split(' ').next()?.parse().ok());
    times.next_back().expect("an info line with a time")
}

#[test]
fn handshake_lists_the_options() {
    let mut uci = Uci::start();
    uci.send("uci");
    let lines = uci.until("uciok");
    let variants =
        "option name UCI_Variant type combo default classic var classic var fairy var porthole var linked var twoboard";
    assert!(lines.iter().any(|l| l == variants), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("option name Hash type spin")));
    assert!(lines.iter().any(|l| l.starts_with("option name Threads type spin")));
    assert!(
        lines.iter().any(|l| l.starts_with("option name Level type combo default 12 (full strength) var 1 (newcomer)"))
    );
    assert!(lines.iter().any(|l| l == "option name MultiPV type spin default 1 min 1 max 256"));
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
    uci.send("frobnicate");
    assert!(uci.until("info string error").last().unwrap().contains("frobnicate"));
    uci.send("go depth banana");
    assert!(uci.until("info string error").last().unwrap().contains("banana"));
    uci.send("setoption name Hash value -3");
    uci.until("info string error");
    uci.send("setoption name UCI_Variant value chess960");
    uci.until("info string error");
    uci.send("setoption name Ponder value maybe");
    assert!(uci.until("info string error").last().unwrap().contains("option 'Ponder' is true or false, got 'maybe'"));
    uci.send("setoption name Ponder value true");
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
fn after_a_refused_position_go_answers_bestmove_none_until_a_valid_one() {
    let mut uci = Uci::start();
    for refused in ["position fen kkkk/8 w 0", "position startpos moves e2e4 e7e5 e4e5"] {
        uci.send("position startpos moves d2d4");
        uci.send(refused);
        uci.until("info string error");
        uci.send("go depth 2");
        let lines = uci.until("bestmove");
        assert_eq!(lines.last().unwrap(), "bestmove (none)", "{refused}: {lines:?}");
        let why = &lines[lines.len() - 2];
        assert!(why.starts_with("info string error: no position: the last 'position' was refused"), "{why}");
        uci.send("d");
        assert!(uci.until("info string").last().unwrap().contains("no position"));
    }
    // A valid position ends it.
    uci.send("position startpos moves d2d4");
    uci.send("go depth 2");
    let mut after_d4 = Position::new(Variant::Classic);
    after_d4.play(after_d4.parse_move("d4").unwrap()).unwrap();
    assert!(is_legal(&after_d4, &bestmove(&uci.until("bestmove"))));
    uci.quit();
}

#[test]
fn hash_4096_with_a_1_second_clock_neither_loses_on_time_nor_delays_stop() {
    let mut uci = Uci::start();
    uci.send("setoption name Hash value 4096");
    uci.send("ucinewgame");
    uci.send("isready");
    uci.until("readyok");
    uci.send("position startpos");
    uci.send("go wtime 1000 btime 1000");
    let lines = uci.until("bestmove");
    // Within the second on the engine's own clock, the one a GUI flags by
    // (the wall clock of the test would race a loaded machine instead).
    assert!(reported_ms(&lines) < 1000, "{lines:?}");
    assert!(is_legal(&Position::new(Variant::Classic), &bestmove(&lines)), "{lines:?}");
    // Clearing the big table again delays neither the search nor `stop`,
    // and the answer is for Black, to move in the position sent.
    uci.send("ucinewgame");
    uci.send("position startpos moves e2e4");
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    uci.send("stop");
    let lines = uci.until("bestmove");
    let mut after_e4 = Position::new(Variant::Classic);
    after_e4.play(after_e4.parse_move("e4").unwrap()).unwrap();
    assert!(is_legal(&after_e4, &bestmove(&lines)), "{lines:?}");
    uci.quit();
}

#[test]
fn a_closed_output_stops_the_search() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wormhole"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"position startpos\ngo infinite\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let used = common::cpu::seconds_over(child.id(), Duration::from_secs(1));
    assert!(used < 0.2, "{used:.2} s of CPU in the second after its output closed");
    // The session ends quietly at its next command (or already has).
    let _ = stdin.write_all(b"isready\n");
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn stop_ends_an_infinite_search() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    uci.send("isready");
    uci.until("readyok");
    uci.send("stop");
    let lines = uci.until("bestmove");
    assert_ne!(bestmove(&lines), "(none)");
    uci.send("go wtime 1000 btime 1000 winc 10 binc 10");
    uci.until("bestmove");
    uci.quit();
}

/// Whether `text` is a legal move in `pos`, written as UCI writes moves.
fn is_legal(pos: &Position, text: &str) -> bool {
    pos.parse_move(text).is_ok_and(|m| m.to_string() == text)
}

#[test]
fn a_line_that_is_not_utf8_is_reported_and_the_session_goes_on() {
    let mut uci = Uci::start();
    uci.send_bytes(b"position startpos moves e2e4\n\xff\xfe e7e5 \xc3\n");
    let lines = uci.until("info string error");
    assert!(lines.last().unwrap().contains("line 2 is not UTF-8"), "{lines:?}");
    uci.send("isready");
    uci.until("readyok");
    uci.send("go depth 3");
    let best = bestmove(&uci.until("bestmove"));
    let mut pos = Position::new(Variant::Classic);
    pos.play_unchecked(pos.parse_move("e2e4").unwrap());
    assert!(is_legal(&pos, &best), "{best} after e2e4");
    uci.quit();
}

#[test]
fn go_perft_leaves_isready_and_quit_answered_at_once() {
    let mut uci = Uci::start();
    uci.send("isready");
    uci.until("readyok");
    // perft 6 takes seconds; it runs on the engine's thread.
    uci.send("go perft 6");
    std::thread::sleep(Duration::from_millis(100));
    uci.send("isready");
    let lines = uci.until("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("Nodes searched")), "perft was still counting: {lines:?}");
    uci.send("quit");
    let (status, rest) = uci.exit_within(Duration::from_secs(20));
    assert!(status.success(), "{status:?}");
    assert!(!rest.iter().any(|l| l.starts_with("Nodes searched")), "perft was stopped: {rest:?}");
}

#[test]
fn stop_ends_go_perft() {
    let mut uci = Uci::start();
    uci.send("go perft 7");
    std::thread::sleep(Duration::from_millis(100));
    uci.send("stop");
    uci.until("info string perft stopped");
    uci.send("go perft 2");
    assert_eq!(uci.until("Nodes searched").last().unwrap(), "Nodes searched: 841");
    uci.quit();
}

#[test]
fn end_of_input_stops_the_search_with_one_bestmove_and_exit_0() {
    let mut uci = Uci::start();
    uci.send("go depth 999999");
    uci.until("info depth 2 ");
    drop(uci.stdin.take());
    let (status, rest) = uci.exit_within(Duration::from_secs(20));
    assert!(status.success(), "{status:?}");
    let best: Vec<&String> = rest.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 1, "{rest:?}");
    assert!(is_legal(&Position::new(Variant::Classic), &bestmove(&rest[rest.len() - 1..])), "{rest:?}");
}

#[test]
fn a_hash_resize_holds_up_neither_isready_nor_quit() {
    // Clearing 1 GiB in place took seconds; 2 s leaves room for a loaded
    // machine (tests run two at a time) and still tells the two apart.
    let limit = Duration::from_secs(2);
    let mut uci = Uci::start();
    uci.send("isready");
    uci.until("readyok");
    uci.send("setoption name Hash value 1024");
    uci.send("ucinewgame");
    uci.send("isready");
    uci.until_within("readyok", limit);
    uci.send("go depth 2");
    assert!(is_legal(&Position::new(Variant::Classic), &bestmove(&uci.until("bestmove"))));
    // quit does not wait for a resize no search needs any more.
    uci.send("setoption name Hash value 1024");
    uci.send("quit");
    let (status, _) = uci.exit_within(limit);
    assert!(status.success());
}

#[test]
fn every_go_ends_in_exactly_one_bestmove() {
    let mut uci = Uci::start();
    let script = [
        "go depth banana",       // the bad part is reported and left out
        "go infinite",           // replaced by the next go, without a stop
        "go depth 2 frobnicate", // an unknown word is left out
        "go ponder movetime 50", // ended by the next go
        "go ponder wtime 100 btime 100",
        "ponderhit", // the ponder search gives way to the real one: still one bestmove
        "go infinite",
        "setoption name Threads value 2", // stops the search before changing the engine
        "go searchmoves e2e5 nodes 1000",
        "go movetime 20",
        "stop",
        "quit",
    ];
    for line in script {
        uci.send(line);
    }
    let (status, out) = uci.exit_within(Duration::from_secs(10));
    assert!(status.success());
    let errors: Vec<&String> = out.iter().filter(|l| l.starts_with("info string error")).collect();
    assert_eq!(errors.len(), 3, "banana, frobnicate, e2e5: {errors:?}");
    let best = out.iter().filter(|l| l.starts_with("bestmove")).count();
    assert_eq!(best, script.iter().filter(|l| l.starts_with("go")).count(), "{out:?}");
}

#[test]
fn ponder_gives_its_bestmove_on_stop_or_after_ponderhit() {
    let mut uci = Uci::start();
    uci.send("uci");
    assert!(uci.until("uciok").iter().any(|l| l == "option name Ponder type check default false"));
    uci.send("position startpos moves e2e4");
    uci.send("go ponder wtime 60000 btime 60000");
    // Pondering waits for the opponent however long it takes.
    uci.send("isready");
    let mut early = uci.until("readyok");
    std::thread::sleep(Duration::from_millis(300));
    early.extend(uci.lines.try_iter());
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "{early:?}");
    uci.send("ponderhit");
    let best = bestmove(&uci.until("bestmove"));
    let mut pos = Position::new(Variant::Classic);
    pos.play_unchecked(pos.parse_move("e2e4").unwrap());
    assert!(is_legal(&pos, &best), "{best}");
    uci.send("go ponder movetime 10");
    std::thread::sleep(Duration::from_millis(100));
    uci.send("stop");
    assert!(is_legal(&pos, &bestmove(&uci.until("bestmove"))));
    uci.send("ponderhit");
    assert!(uci.until("info string error").last().unwrap().contains("without a 'go ponder'"));
    uci.quit();
}

#[test]
fn searchmoves_restrict_the_root() {
    let mut uci = Uci::start();
    uci.send("go searchmoves e2e4 d2d4 movetime 100");
    let best = bestmove(&uci.until("bestmove"));
    assert!(best == "e2e4" || best == "d2d4", "{best}");
    // Moves the engine would never choose by itself.
    uci.send("go searchmoves a2a3 h2h3 depth 4");
    let lines = uci.until("bestmove");
    let best = bestmove(&lines);
    assert!(best == "a2a3" || best == "h2h3", "{best}");
    assert!(lines.iter().filter(|l| l.contains(" pv ")).all(|l| l.contains(" pv a2a3") || l.contains(" pv h2h3")));
    uci.quit();
}

#[test]
fn porthole_moves_in_six_characters_or_san() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value porthole");
    // docs/porthole.md#worked-examples, example 2: the f-pawn goes in at g4 and out at c4.
    let after = "info string fen rnbqkbnr/pppp1ppp/8/4p3/2P5/8/PPPPP1PP/RNBQKBNR b KQkq - 0 2 b5,c5,f5,g5,b4,c4,f4,f3";
    uci.send("position startpos moves f2f3 e7e5 f3g4c4");
    uci.send("d");
    assert_eq!(uci.until("info string fen").last().unwrap(), after);
    uci.send("position startpos moves f3 e5 fg4>c4");
    uci.send("d");
    assert_eq!(uci.until("info string fen").last().unwrap(), after);
    uci.send("go depth 3");
    let lines = uci.until("bestmove");
    let pos = wormhole::porthole::Position::from_fen(after.strip_prefix("info string fen ").unwrap()).unwrap();
    let best = bestmove(&lines);
    assert!(pos.parse_move(&best).is_ok_and(|m| m.to_string() == best), "{best}");
    // A porthole move the position does not allow is refused with the
    // reason, and there is no position to count from until a valid one.
    uci.send("position startpos moves g1h3c4");
    assert!(uci.until("info string error").last().unwrap().contains("'g1h3c4'"));
    uci.send("go perft 2");
    assert!(uci.until("info string error").last().unwrap().contains("no position"));
    uci.send("position startpos moves f3 e5 fg4>c4");
    uci.send("go perft 2");
    let count = wormhole::perft(&mut pos.clone(), 2);
    assert_eq!(uci.until("Nodes searched").last().unwrap(), &format!("Nodes searched: {count}"));
    uci.quit();
}

#[test]
fn linked_moves_through_the_portal_portal_steps_and_a_black_hole() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value linked");
    // 1.e4 goes in at e4 and out at a5; Black's portal steps to b5.
    uci.send("position startpos moves e2a5 Z@b5");
    uci.send("d");
    let fen = "rnbqkbnr/pppppppp/8/P7/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2 e4,b5";
    assert_eq!(uci.until("info string fen").last().unwrap(), &format!("info string fen {fen}"));
    uci.send("go depth 3");
    let best = bestmove(&uci.until("bestmove"));
    let pos = wormhole::linked::Position::from_fen(fen).unwrap();
    assert!(pos.parse_move(&best).is_ok_and(|m| m.to_string() == best), "{best}");
    // docs/linked.md#worked-examples, example 4: the black hole Z@e5 leaves the two kings.
    uci.send("position fen 6k1/8/3p1n2/8/4N3/8/8/6K1 w - - 0 1 d4,e5 moves Z@e5");
    uci.send("d");
    assert_eq!(uci.until("info string fen").last().unwrap(), "info string fen 6k1/8/8/8/8/8/8/6K1 b - - 0 1 e5,e5");
    uci.quit();
}

#[test]
fn linked_moves_in_san_a_teleport_and_a_mate_through_the_portal() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value linked");
    // e2e4 is no move (the pawn enters e4 and comes out on a5); in SAN it is e4>a5.
    uci.send("position startpos moves e2e4");
    assert!(uci.until("info string error").last().unwrap().contains("'e2e4'"));
    uci.send("position startpos moves e4>a5 Z@b5");
    uci.send("d");
    let fen = "info string fen rnbqkbnr/pppppppp/8/P7/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2 e4,b5";
    assert_eq!(uci.until("info string fen").last().unwrap(), fen);
    // docs/linked.md#worked-examples, example 4: Z@e4 sends White's knight to e5.
    uci.send("position fen 6k1/8/3p1n2/8/4N3/8/8/6K1 w - - 0 1 d4,e5 moves Z@e4");
    uci.send("d");
    assert_eq!(
        uci.until("info string fen").last().unwrap(),
        "info string fen 6k1/8/3p1n2/4N3/8/8/8/6K1 b - - 1 1 e4,e5"
    );
    // Its second: the rook mates through the portal, Ra4>e8#.
    uci.send("position fen 7k/6pp/8/8/8/8/5PPP/R5K1 w - - 0 1 a4,e5");
    uci.send("go depth 3");
    let lines = uci.until("bestmove");
    assert_eq!(bestmove(&lines), "a1e8");
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
    uci.quit();
}

#[test]
fn linked_coordinates_onto_a_portal_hint_the_exit() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value linked");
    // The pawn that goes to e4 enters White's portal and comes out on a5.
    uci.send("position startpos moves e2e4");
    let error = uci.until("info string error").last().unwrap().clone();
    let why = "e4 is a portal: the pawn on e2 enters it and comes out of the other cell; write e2a5 (e4>a5)";
    assert!(error.contains("'e2e4'") && error.ends_with(why), "{error}");
    // A refused move that no legal move passes through gets no hint.
    uci.send("position startpos moves b1d2");
    let error = uci.until("info string error").last().unwrap().clone();
    assert!(error.contains("'b1d2'") && !error.contains("write"), "{error}");
    // searchmoves gets the same hint, and the search goes on without the move.
    uci.send("position startpos");
    uci.send("go searchmoves e2e4 depth 1");
    let lines = uci.until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info string error") && l.ends_with("write e2a5 (e4>a5)")), "{lines:?}");
    uci.quit();
}

#[test]
fn porthole_repetition_of_the_game_scores_as_a_draw() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value porthole");
    // A queen down, Black can go back to the position of the FEN, already
    // seen in this game: the engine takes the draw.
    uci.send("position fen k7/8/8/8/8/8/1Q6/K7 w - - 0 1 - moves b2b3 a8a7 b3b2");
    uci.send("go depth 4");
    let lines = uci.until("bestmove");
    assert_eq!(bestmove(&lines), "a7a8");
    assert!(lines.iter().any(|l| l.starts_with("info depth 4 ") && l.contains(" score cp 0 ")), "{lines:?}");
}

#[test]
fn multipv_reports_numbered_lines_and_levels_take_names() {
    let mut uci = Uci::start();
    uci.send("setoption name MultiPV value 3");
    uci.send("setoption name Level value 11 (grandmaster)");
    uci.send("position startpos");
    uci.send("go depth 3");
    let lines = uci.until("bestmove");
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:?}");
    let last: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth 3 ")).collect();
    assert_eq!(last.len(), 3, "{lines:?}");
    let mut moves = Vec::new();
    for (k, line) in last.iter().enumerate() {
        assert!(line.contains(&format!(" multipv {} ", k + 1)), "{line}");
        moves.push(line.split(" pv ").nth(1).unwrap().split(' ').next().unwrap().to_string());
    }
    moves.sort();
    moves.dedup();
    assert_eq!(moves.len(), 3, "three different first moves: {lines:?}");
    uci.send("setoption name Level value eleven");
    uci.send("isready");
    assert!(uci.until("readyok").iter().any(|l| l.starts_with("info string error") && l.contains("level")));
    uci.quit();
}

#[test]
fn twoboard_intent_teleport_lost_move_and_a_mate_across_the_boards() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value twoboard");
    // docs/twoboard.md#worked-examples, the end of example 2: after B:b6
    // the pawn's intent forces its teleport, which captures on arrival.
    let example2 = "rnbq1bnr/ppp2ppp/3pp3/P7/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/1pppppp1/7p/p7/8/6PP/PPPPPP2/RNBQ1BNR b B KQ|kq -|- wAa5 1 5";
    uci.send(&format!("position fen {example2} moves Bb7b6 Aa5Ba5"));
    uci.send("d");
    let fen = "rnbq1bnr/ppp2ppp/3pp3/8/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/2ppppp1/1p5p/P7/8/6PP/PPPPPP2/RNBQ1BNR b A KQ|kq -|- - 0 6";
    assert_eq!(uci.until("info string fen").last().unwrap(), &format!("info string fen {fen}"));
    // Example 1: the intent Aa4a4 is blocked by White's own pawn on Ba4;
    // White's next turn, on B, is the lost move 0000, the only move.
    let example1 = "rnbq1bnr/pppp1ppp/8/4p3/P7/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/ppppppp1/8/7p/P7/8/1PPPPPPP/RNBQ1BNR w A KQ|kq e6|a3 - 0 3";
    uci.send(&format!("position fen {example1} moves Aa4a4 Bh5h4"));
    uci.send("go depth 2");
    assert_eq!(bestmove(&uci.until("bestmove")), "0000");
    uci.send(&format!("position fen {example1} moves Aa4a4 Bh5h4 0000"));
    uci.send("d");
    let fen = "rnbq1bnr/pppp1ppp/8/4p3/P7/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/ppppppp1/8/8/P6p/8/1PPPPPPP/RNBQ1BNR b A KQ|kq -|- - 1 4";
    assert_eq!(uci.until("info string fen").last().unwrap(), &format!("info string fen {fen}"));
    // Example 5: Black's teleport uncovers the rook on Ah1 against White's king on Ah8.
    uci.send("position fen 7K/8/8/7n/8/8/8/7r|k7/8/8/8/8/8/8/1N6 b B -|- -|- bAh5 0 39");
    uci.send("go depth 3");
    let lines = uci.until("bestmove");
    assert_eq!(bestmove(&lines), "Ah5Bh5");
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
    uci.quit();
}

/// The nodes of the last `info depth` line before `bestmove`.
fn nodes_to_depth(uci: &mut Uci, depth: u32) -> u64 {
    uci.send("ucinewgame");
    uci.send("position startpos moves e2e4 e7e5 g1f3 b8c6");
    uci.send(&format!("go depth {depth}"));
    let lines = uci.until("bestmove");
    let last = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("an info line");
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "nodes").expect("nodes in the info line");
    words[at + 1].parse().unwrap()
}

#[test]
fn the_settings_option_changes_the_search_and_the_weights_as_match_settings_do() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_Variant value porthole");
    let defaults = nodes_to_depth(&mut uci, 7);
    uci.send("setoption name Settings value lmr=off,null=off");
    let full_width = nodes_to_depth(&mut uci, 7);
    assert!(full_width > defaults, "without reductions and the null move: {full_width} nodes, with them {defaults}");
    // The evaluation's weights too, by the names match takes.
    uci.send("setoption name Settings value scale.pst=0");
    assert_ne!(nodes_to_depth(&mut uci, 7), defaults, "without the piece-square tables");
    uci.send("setoption name Settings value lmrdiv=9");
    assert!(uci.until("info string error").last().unwrap().contains("setting 'lmrdiv' must be from 50 to 1000, got 9"));
    uci.send("setoption name Settings value pst.z=3");
    assert!(uci.until("info string error").last().unwrap().contains("setting 'pst.z'"));
    uci.send("setoption name Settings value <empty>");
    assert_eq!(nodes_to_depth(&mut uci, 7), defaults, "an empty value is the defaults again");
    uci.quit();
}
