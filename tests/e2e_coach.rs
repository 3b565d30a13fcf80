//! End-to-end tests of the engine as a coach: hints from the full-strength
//! engine at any level, and reviews whose numbers chain and repeat. The
//! real binary in a pseudo-terminal.

mod common;

use std::sync::atomic::AtomicBool;

use common::pty::PtySession;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use wormhole::analysis::{AnalysisOptions, Eval};
use wormhole::engine::{Engine, EngineOptions, Level, Limits, Score};
use wormhole::{Color, Position, Variant};

/// White wins in 3 plies here (1. Qd3), deeper than the lowest level looks.
const WHITE_WINS: &str = "xxbqkbnr/pxxxxpxp/xx1Px1p1/Rpxxp2n/xx3xPP/Px2BNx1/xxPPPPxx/xNxQKBxR w 24";

/// White mates with Nxf4 here; the game below plays Ng6 and Black mates.
const THROWN_WIN: &str = "xxxxkxxr/ppxxxppp/xxpx1x1x/rxxxxx1P/xQ1xxpnx/1Pxxxx1N/xxxxxPxx/xxxxKxxR w 40";

#[test]
fn a_hint_at_the_lowest_level_is_the_full_strength_engines_move() {
    let pos = Position::from_fen(WHITE_WINS, Variant::Classic).unwrap();
    let stop = AtomicBool::new(false);
    // The lowest level does not see the win: none of the moves it picks among scores one.
    let mut weak = Engine::new(EngineOptions { level: Level::MIN, seed: Some(1), ..EngineOptions::default() });
    let lines = weak.search(&pos, &Limits::default(), &stop, &mut |_| {}).info.lines;
    assert!(lines.len() > 1 && lines.iter().all(|l| !matches!(l.score, Score::Win(_))), "{lines:?}");
    // The full-strength engine, with the hint's budget, plays the win.
    let limits = Limits { nodes: Some(AnalysisOptions::DEFAULT_NODES), ..Limits::default() };
    let full = Engine::new(EngineOptions::default()).search(&pos, &limits, &stop, &mut |_| {});
    assert!(matches!(full.info.score, Score::Win(_)), "{:?}", full.info);
    let san = pos.san(full.best_move.unwrap());
    let mut s = PtySession::start(&["--fen", WHITE_WINS, "--white", "human", "--black", "engine", "--level", "1"]);
    let screen = s.wait_for("White to move >");
    assert!(screen.contains("newcomer"), "the lowest level:\n{screen}");
    s.send(b"\x14"); // Ctrl-T
    // From the engine thinking on the player's time, once it searched as much as a hint's search.
    let screen = s.wait_for("Hint (full-strength engine");
    assert!(screen.contains(&format!("on your time): {san} (White wins")), "{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn after_the_game_a_hint_offers_the_review() {
    let mut s = PtySession::start(&["--fen", THROWN_WIN, "--hotseat"]);
    s.wait_for("White to move >");
    s.enter("Ng6");
    s.wait_for("Black to move >");
    s.enter("cxh1=Q");
    s.wait_for("Game over");
    s.send(b"\x14"); // Ctrl-T
    let screen = s.wait_for("so no hint");
    assert!(screen.contains(":review (or r)") && !screen.contains("a hint is for your own move"), "{screen}");
    s.send(b"r");
    s.wait_for("analysis done");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

/// A careless classic game: `plies` seeded random moves, each as SAN and
/// as the review labels it (`3. Nf3`, `3... e5`).
fn careless_game(seed: u64, plies: usize) -> Vec<(String, String)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Position::new(Variant::Classic);
    let mut moves = Vec::new();
    while moves.len() < plies && pos.has_legal_move() {
        let legal = pos.legal_moves();
        let m = legal[rng.random_range(0..legal.len())];
        let dots = if pos.turn() == Color::White { "." } else { "..." };
        let san = pos.san(m);
        moves.push((san.clone(), format!("{}{dots} {san}", pos.move_number())));
        pos.play_unchecked(m);
    }
    moves
}

/// One move as the review screen shows it: the figures of its
/// "before -> after", and the whole screen.
struct Shown {
    before: String,
    after: String,
    screen: String,
}

/// The viewed move's figures on `screen`, if the row with "before -> after" shows `label`.
fn figures(screen: &str, label: &str) -> Option<(String, String)> {
    let row = screen.lines().find(|l| l.contains(" -> "))?;
    let from = &row[row.find(label)? + label.len()..];
    let (before, after) = from.split_once(" -> ")?;
    // After the figure, two spaces and who is expected to win ("(White wins 62%)").
    let after = after.trim().split("  ").next().unwrap_or_default();
    Some((before.trim_start_matches(['?', '!']).trim().to_string(), after.to_string()))
}

/// Plays `moves` in a hot-seat game, reviews it, steps through every move
/// and saves the annotated game to `pgn`.
fn review_on_screen(moves: &[(String, String)], pgn: &std::path::Path) -> Vec<Shown> {
    let mut s = PtySession::start(&["--hotseat"]);
    s.wait_for("White to move >");
    for (san, _) in moves {
        s.enter(san);
        s.wait_until("the move played", |sc| !sc.contains(&format!("> {san}")));
    }
    s.enter(":review");
    s.wait_until("the whole analysis", |sc| sc.contains("analysis done"));
    let mut shown = Vec::new();
    for (_, label) in moves {
        let screen = s.wait_until(label, |sc| figures(sc, label).is_some());
        let (before, after) = figures(&screen, label).unwrap();
        // Trailing blanks left by the terminal's redraws are not part of what is shown.
        let screen = screen.lines().map(str::trim_end).collect::<Vec<_>>().join("\n");
        shown.push(Shown { before, after, screen });
        s.send(b"\x1b[C"); // Right: the next move
    }
    s.enter(&format!(":save {}", pgn.display()));
    s.wait_for("saved to");
    let (status, _, _) = s.quit();
    assert!(status.success());
    shown
}

#[test]
fn two_reviews_of_a_game_are_the_same_and_their_numbers_chain_on_screen_and_in_the_pgn() {
    let moves = careless_game(31, 14);
    let dir = std::env::temp_dir().join(format!("wormhole-e2e-coach-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (first_pgn, second_pgn) = (dir.join("first.pgn"), dir.join("second.pgn"));
    let first = review_on_screen(&moves, &first_pgn);
    let second = review_on_screen(&moves, &second_pgn);
    // The same game, the same settings: the same review, move by move.
    for (ply, (a, b)) in first.iter().zip(&second).enumerate() {
        assert_eq!(a.screen, b.screen, "move {} differs between the two reviews", ply + 1);
    }
    let pgn = std::fs::read_to_string(&first_pgn).unwrap();
    assert_eq!(pgn, std::fs::read_to_string(&second_pgn).unwrap());
    // The number after each move is the one before the next, and the PGN's.
    for pair in first.windows(2) {
        assert_eq!(pair[0].after, pair[1].before, "{}", pair[1].screen);
    }
    // A marked move says what the reply that punishes it allows, in the
    // numbers of the chain (no second set of figures); a best line is a
    // line, not one move.
    let marks = ["Inaccuracy.", "Mistake.", "Blunder."];
    let marked = first.iter().filter(|s| marks.iter().any(|m| s.screen.contains(m))).count();
    assert!(marked > 0, "a careless game has moves worse than the best");
    for shown in &first {
        assert!(!shown.screen.contains("searched together"), "{}", shown.screen);
        if marks.iter().any(|m| shown.screen.contains(m)) {
            assert!(shown.screen.contains("allows"), "{}", shown.screen);
        }
        assert!(shown.screen.contains("wins") || shown.screen.contains("even"), "{}", shown.screen);
        if let Some(row) = shown.screen.lines().find(|l| l.contains("Best line: ")) {
            let line = row.split("Best line: ").nth(1).unwrap_or_default();
            assert!(line.split_whitespace().count() > 1, "{}", shown.screen);
        }
    }
    let evals: Vec<&str> = pgn.split("[%eval ").skip(1).map(|e| e.split(']').next().unwrap()).collect();
    assert_eq!(evals.len(), moves.len(), "{pgn}");
    let mut compared = 0;
    for (shown, written) in first.iter().zip(&evals) {
        // A centipawn figure reads the same on screen as in the file.
        if let Ok(pawns) = shown.after.parse::<f64>() {
            let read = Eval::from_pgn_comment(&format!("[%eval {written}]"), Color::White);
            assert_eq!(read, Some(Eval::Cp((pawns * 100.0).round() as i32)), "{}", shown.screen);
            compared += 1;
        }
    }
    assert!(compared > moves.len() / 2, "most evaluations are figures: {compared}");
    let _ = std::fs::remove_dir_all(dir);
}
