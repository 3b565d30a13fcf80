//! End-to-end tests: the real `wormhole` binary in a pseudo-terminal, its
//! screen read back through a terminal emulator (vt100), keys typed as a
//! person would. Every wait polls the screen with a generous timeout.

mod common;

use std::time::{Duration, Instant};

use common::pty::{COLS, PAWN, PtySession, ROWS, TIMEOUT, centre};

#[test]
fn play_e4_against_the_engine_then_ctrl_c() {
    let mut s = PtySession::start(&["--movetime", "100", "--seed", "1"]);
    s.wait_for("White to move >");
    assert!(s.square("e2", false).contains(PAWN), "a pawn's figure on e2 before the move");
    s.enter("e4");
    let screen = s.wait_until("the engine's reply in the move list", |sc| {
        sc.lines().any(|l| l.split_once("1. e4").is_some_and(|(_, reply)| !reply.trim().is_empty()))
    });
    assert!(screen.contains("White to move"), "{screen}");
    assert!(s.square("e2", false).contains('░'), "e2 is drawn as a hole:\n{screen}");
    assert!(s.square("e4", false).contains(PAWN), "{screen}");
    assert!(screen.contains("Squares left 62/64"), "{screen}");
    let (status, out, alternate) = s.quit();
    assert!(status.success(), "exit status {status:?}");
    assert!(!alternate, "the terminal left the alternate screen");
    assert!(out.contains("FEN: "), "the FEN is printed on exit");
    assert!(out.contains("autosaved to"), "the unsaved game is autosaved");
}

#[test]
fn hotseat_plays_both_sides() {
    let mut s = PtySession::start(&["--hotseat"]);
    s.wait_for("White to move >");
    s.enter("e4");
    s.wait_for("Black to move >");
    s.enter("Nf6");
    s.wait_for("White to move >");
    // Tab completion: "Nb1" -> the knight on b1 has two moves, "Nb1c" one.
    s.send(b"Nb1c\t");
    s.wait_for("> Nc3");
    s.send(b"\r");
    s.wait_for("Black to move >");
    s.enter("Nf6e4");
    let screen = s.wait_for("Moves (4)");
    assert!(screen.contains("Nxe4"), "{screen}");
    assert!(screen.contains("1. e4"), "{screen}");
    assert!(screen.contains("2. Nc3"), "{screen}");
    assert!(screen.contains("Black: Black player"), "{screen}");
    // A bad move is explained and the text stays.
    s.enter("Qh5");
    let screen = s.wait_for("no queen can reach h5");
    assert!(screen.contains("> Qh5"), "{screen}");
    // Too small, then back: the game is still there.
    s.resize(10, 50);
    s.wait_for("Please enlarge the terminal");
    s.resize(ROWS, COLS);
    s.wait_for("Moves (4)");
    // Ctrl-Z takes back one ply in hot-seat.
    s.send(b"\x15\x1a");
    let screen = s.wait_for("took back 1 move");
    assert!(!screen.contains("Nxe4"), "{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn loads_a_fen_with_holes_from_the_command_line() {
    let fen = common::DIAGRAM;
    let mut s = PtySession::start(&["--fen", fen, "--hotseat", "--ascii"]);
    let screen = s.wait_for("Black to move >");
    assert!(screen.contains("Squares left 50/64"), "{screen}");
    for (sq, want) in [("d8", ":"), ("e6", ":"), ("c1", ":"), ("d3", "n"), ("f6", "B"), ("a8", "r")] {
        let (row, col) = centre(sq, false);
        assert_eq!(s.cell(row, col), want, "{sq}:\n{screen}");
    }
    s.enter("Nxf6");
    let screen = s.wait_for("Moves (1)");
    assert!(screen.contains("9. ...     Nxf6"), "{screen}");
    let (status, out, _) = s.quit();
    assert!(status.success());
    assert!(out.contains("FEN: rbkxxxbn/ppxppppx/2qxxn2/4x2p/3P1x2/3x1x2/PPPxPPPP/RBxxxNKR w 18"), "{out}");
}

#[test]
fn a_bad_fen_or_pgn_exits_2_before_touching_the_terminal() {
    let out = common::wormhole(&["--fen", "8/8/8 w 0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("expected 8 ranks separated by '/', found 3"), "{err}");
    assert!(out.stdout.is_empty(), "nothing drawn");
    let dir = std::env::temp_dir().join(format!("wormhole-e2e-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, "[Variant \"Wormhole\"]\n\n1. e4 e5 2. Qh5 *\n").unwrap();
    let out = common::wormhole(&["--pgn", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 2 (White) 'Qh5'"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn ctrl_c_quits_at_once_while_the_engine_thinks() {
    let mut s = PtySession::start(&["--white", "engine", "--level", "12", "--movetime", "20000"]);
    s.wait_for("Engine thinking");
    // The UI stays responsive while the engine thinks: help opens and closes.
    s.send(b"\x1bOP");
    s.wait_for("Help: Tab next page");
    s.send(b"\x1b");
    s.wait_until("the help to close", |sc| !sc.contains("Help: Tab next page") && sc.contains("Engine thinking"));
    let t = Instant::now();
    s.send(b"\x03");
    while s.child.try_wait().unwrap().is_none() {
        // A deadline well short of the engine's 20 s, loose for a loaded machine.
        assert!(t.elapsed() < Duration::from_secs(10), "still running 10 s after Ctrl-C");
        std::thread::sleep(Duration::from_millis(10));
    }
    let (status, out, alternate) = s.quit_after_exit();
    assert!(status.success(), "{status:?}");
    assert!(!alternate);
    assert!(out.contains("FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0"), "{out}");
}

#[test]
fn loads_a_pgn_from_the_command_line_and_saves_it_back() {
    let dir = std::env::temp_dir().join(format!("wormhole-e2e-pgnok-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("game.pgn");
    std::fs::write(&game, "[Variant \"Wormhole\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n").unwrap();
    let mut s = PtySession::start(&["--pgn", game.to_str().unwrap(), "--hotseat"]);
    // The prompt is drawn after the panel: waiting for both sees a whole frame.
    let screen = s.wait_until("the game loaded", |sc| sc.contains("Moves (4)") && sc.contains("White to move >"));
    assert!(screen.contains("2. Nf3     Nc6"), "{screen}");
    s.enter("d4");
    s.wait_for("Moves (5)");
    let saved = dir.join("saved.pgn");
    s.enter(&format!(":save {}", saved.display()));
    s.wait_for("saved to");
    let (status, out, _) = s.quit();
    assert!(status.success());
    assert!(!out.contains("autosaved"), "a saved game is not autosaved again: {out}");
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("1. e4 e5 2. Nf3 Nc6 3. d4 *"), "{text}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn mouse_clicks_pick_a_piece_and_its_target() {
    let mut s = PtySession::start(&["--hotseat"]);
    s.wait_for("White to move >");
    for sq in ["g1", "f3"] {
        let (row, col) = centre(sq, false);
        // SGR mouse report: left button press and release, 1-based coordinates.
        s.send(format!("\x1b[<0;{};{}M\x1b[<0;{};{}m", col + 1, row + 1, col + 1, row + 1).as_bytes());
        std::thread::sleep(Duration::from_millis(50));
    }
    let screen = s.wait_for("Moves (1)");
    assert!(screen.contains("1. Nf3"), "{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn a_panic_restores_the_terminal() {
    let s = PtySession::start_with_env(&["--hotseat"], &[("WORMHOLE_DEBUG_PANIC", "1")]);
    let end = Instant::now() + TIMEOUT;
    while !String::from_utf8_lossy(&s.raw.lock().unwrap()).contains("WORMHOLE_DEBUG_PANIC is set") {
        assert!(Instant::now() < end, "no panic message: {}", String::from_utf8_lossy(&s.raw.lock().unwrap()));
        std::thread::sleep(Duration::from_millis(20));
    }
    let (status, out, alternate) = s.quit_after_exit();
    assert!(!status.success(), "a panic is a failure exit");
    assert!(!alternate, "the alternate screen was left before the panic message");
    let msg = out.find("WORMHOLE_DEBUG_PANIC is set").unwrap();
    let (leave, mouse_off) = (out.rfind("\x1b[?1049l").unwrap(), out.rfind("\x1b[?1000l").unwrap());
    assert!(leave < msg && mouse_off < msg, "screen restored and mouse off before the message");
}

#[test]
fn a_finished_game_is_reviewed_with_a_graph_and_the_blunder_marked() {
    // White mates with Nxf4 here, plays Ng6?? instead, and Black mates.
    let fen = "xxxxkxxr/ppxxxppp/xxpx1x1x/rxxxxx1P/xQ1xxpnx/1Pxxxx1N/xxxxxPxx/xxxxKxxR w 40";
    let mut s = PtySession::start(&["--fen", fen, "--hotseat"]);
    s.wait_for("White to move >");
    s.enter("Ng6");
    s.wait_for("Black to move >");
    s.enter("cxh1=Q");
    s.wait_for("Game over");
    s.send(b"r");
    let braille = |screen: &str| screen.chars().any(|c| ('\u{2801}'..='\u{28ff}').contains(&c));
    let screen = s.wait_until("the finished review", |screen| screen.contains("analysis done") && braille(screen));
    for needle in ["Evaluation", "Ng6??", "Blunder.", "Best line: 21.Nxf4#"] {
        assert!(screen.contains(needle), "{needle} missing:\n{screen}");
    }
    // Live analysis from the review, then back.
    s.send(b"a");
    s.wait_for("Analysis: best 3 lines");
    s.send(b"\x1b");
    s.wait_for("analysis done");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn live_analysis_searches_until_left_then_the_cpu_is_idle() {
    let mut s = PtySession::start(&["--hotseat"]);
    s.wait_for("White to move >");
    s.send(b"\x01"); // Ctrl-A
    s.wait_for("Analysis: best 3 lines");
    s.wait_until("three lines", |screen| screen.contains("depth ") && screen.contains("3. "));
    let busy = common::cpu::seconds_over(s.pid(), Duration::from_millis(500));
    s.send(b"\x1b");
    s.wait_for("White to move >");
    std::thread::sleep(Duration::from_millis(200));
    let idle = common::cpu::seconds_over(s.pid(), Duration::from_millis(1000));
    // Relative to the process, not to a core a loaded machine may not give:
    // searching uses some CPU, idle next to none.
    assert!(busy >= 0.03, "the analysis searched: {busy:.2} s of CPU in 0.5 s");
    assert!(idle <= 0.1, "no search left running: {idle:.2} s of CPU in 1 s");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn ctrl_s_saves_into_the_games_folder_and_ctrl_o_lists_the_saves_newest_first() {
    let mut s = PtySession::start(&["--hotseat"]);
    s.wait_for("White to move >");
    s.enter("e4");
    s.wait_for("Black to move >");
    s.send(b"\x13"); // Ctrl-S
    let screen = s.wait_until("the first save", |sc| sc.contains("saved to") && sc.contains("Ctrl-O lists it"));
    let games = s.games_dir();
    assert!(screen.contains("wormhole/games/wormhole-") && screen.contains("Ctrl-O lists it"), "{screen}");
    s.enter("e5");
    s.wait_for("White to move >");
    s.enter(":save");
    s.wait_until("the second save", |sc| sc.contains("saved to") && sc.contains("Moves (2)"));
    s.send(b"\x0f"); // Ctrl-O
    // The keys are the list's last line: waiting for them sees it whole.
    let list = s.wait_until("the list", |sc| sc.contains("2 of 2 games, newest first") && sc.contains("Esc back"));
    let rows: Vec<&str> = list.lines().filter(|l| l.contains("White player - Black player  *")).collect();
    assert_eq!(rows.len(), 2, "{list}");
    assert!(rows[0].contains("1. e4 e5") && !rows[1].contains("e5"), "newest first:\n{list}");
    assert!(list.contains(&games.display().to_string()), "the folder is named:\n{list}");
    s.send(b"e5");
    s.wait_for("1 of 2 games");
    s.send(b"\r");
    let screen = s.wait_until("the game opened", |sc| sc.contains("loaded") && sc.contains(": 2 moves"));
    assert!(screen.contains("White to move >"), "{screen}");
    s.send(b"\x03");
    let exit = s.exit_within(TIMEOUT);
    assert!(exit.status.success());
    assert_eq!(exit.saved.len(), 2, "{:?}", exit.saved);
}
