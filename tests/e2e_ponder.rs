//! End-to-end tests of the engine thinking on the player's time (issue 44
//! item 3): the real binary in a pseudo-terminal, its CPU read from
//! `/proc/PID/stat`. Busy while the player thinks, on one core at most;
//! idle on the help, the new-game screen, a dialog and once the game has
//! ended, or with the `ponder` setting off; a result it proves is shown,
//! and a hint comes from it at once.

mod common;

use std::time::{Duration, Instant};

use common::pty::PtySession;

/// The cores the program used over the next second (1.0: one core all the time).
fn cores_used(s: &PtySession) -> f64 {
    let t = Instant::now();
    let used = common::cpu::seconds_over(s.pid(), Duration::from_secs(1));
    used / t.elapsed().as_secs_f64()
}

/// At most this share of a core is idle.
const IDLE: f64 = 0.05;

/// Thinking on the player's time: it works, but on one core at most (the
/// screen's own redraws beside it). On a machine busy with other work it
/// gets less than its core, so "busy" is only "more than idle": the test
/// asks nothing of the machine's load.
fn assert_thinking(s: &PtySession, when: &str) {
    let cores = cores_used(s);
    println!("{when}: {cores:.2} cores");
    assert!(cores > IDLE && cores <= 1.25, "{when}: {cores:.2} cores used");
}

/// Idle: almost no CPU over a second.
fn assert_idle(s: &PtySession, when: &str) {
    // What was under way (a stop, the last frame) is over in a moment.
    std::thread::sleep(Duration::from_millis(200));
    let cores = cores_used(s);
    println!("{when}: {cores:.2} cores");
    assert!(cores <= IDLE, "{when}: {cores:.2} cores used; expected idle");
}

#[test]
fn the_engine_thinks_on_one_core_while_the_player_thinks_and_is_idle_elsewhere() {
    let mut s = PtySession::start(&["--movetime", "200", "--seed", "1"]);
    s.wait_for("Thinking on your time");
    assert_thinking(&s, "the player's turn");
    // The help, then the new-game screen: idle, and thinking again after.
    s.send(b"?");
    s.wait_for("Help");
    assert_idle(&s, "the help");
    s.send(b"\x1b");
    s.wait_for("Thinking on your time");
    s.send(b"\x0e");
    s.wait_for("New game");
    assert_idle(&s, "the new-game screen");
    s.send(b"\x1b");
    s.wait_for("Thinking on your time");
    // A move: the engine answers, then thinks on the player's time again.
    s.enter("e4");
    s.wait_until("the engine's reply", |sc| sc.contains("Moves (2)") && sc.contains("Thinking on your time"));
    assert_thinking(&s, "the player's second turn");
    // Off: idle while the player thinks. On again: thinking.
    s.enter(":set ponder off");
    s.wait_for("ponder = off (now)");
    assert_idle(&s, "pondering off");
    s.enter(":set ponder 1");
    s.wait_for("Thinking on your time");
    // A dialog (resign?), then the finished game.
    s.enter(":resign");
    s.wait_for("Resign this game?");
    assert_idle(&s, "the resign dialog");
    s.send(b"y");
    s.wait_until("the game's end", |sc| sc.contains("0-1") && !sc.contains("Thinking on your time"));
    assert_idle(&s, "the game over");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn a_win_proved_on_the_players_time_is_shown_and_the_hint_comes_from_it_at_once() {
    // White mates in one (Qd8-e8 or Qd8-f8: the queen reaches two squares).
    let mut s = PtySession::start(&["--fen", "3Q3k/8/6K1/8/8/8/8/8 w 1", "--seed", "1"]);
    s.wait_for("White wins in 1 move");
    let t = Instant::now();
    s.send(b"\x14");
    let screen = s.wait_for("Hint (full-strength engine, depth");
    println!("hint after {:?}", t.elapsed());
    assert!(screen.contains("on your time): Qe8 (White wins in 1 move)"), "{screen}");
    assert!(screen.contains("Thought on your time"), "the proof ended its search: {screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}
