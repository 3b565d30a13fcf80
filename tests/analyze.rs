//! `wormhole analyze` through the real binary: the annotated PGN on stdout
//! reads back to the same moves with an evaluation after every move; bad
//! and oversized files are refused with a clear message.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::AtomicBool;

use wormhole::analysis::Eval;
use wormhole::engine::{Engine, EngineOptions, Limits};
use wormhole::pgn::PgnGame;
use wormhole::{Position, Rules, Variant};

fn analyze(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wormhole")).arg("analyze").args(args).output().expect("the binary runs")
}

/// A folder of its own for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wormhole-analyze-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A whole engine game (depth 3 per move) from the fairy start, as PGN.
fn engine_game() -> PgnGame {
    let start = Position::new(Variant::Fairy);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut engine = Engine::new(EngineOptions { hash_mb: 4, ..EngineOptions::default() });
    let limits = Limits { depth: Some(3), ..Limits::default() };
    while let Some(m) = engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {}).best_move {
        pos.play_unchecked(m);
        moves.push(m);
    }
    let mut game = PgnGame::new(start, moves);
    game.set_tag("White", "Ann");
    game
}

#[test]
fn annotated_game_on_stdout_reads_back() {
    let dir = scratch("stdout");
    let game = engine_game();
    let path = dir.join("game.pgn");
    std::fs::write(&path, game.to_pgn()).unwrap();
    let out = analyze(&[path.to_str().unwrap(), "--movetime", "20", "--threads", "2"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let text = String::from_utf8(out.stdout).unwrap();
    let back = PgnGame::parse(&text).unwrap();
    assert_eq!(back.moves, game.moves);
    assert_eq!(back.tag("White"), Some("Ann"));
    assert!(back.tag("Annotator").is_some_and(|a| a.starts_with("wormhole ")), "{text}");
    let evals = text.matches("{[%eval ").count();
    assert_eq!(evals, game.moves.len(), "{text}");
    // The last move ends the game: its evaluation says so.
    let last = text.rsplit("{[%eval ").next().unwrap();
    let final_turn = game.final_position().turn();
    assert_eq!(
        Eval::from_pgn_comment(&format!("[%eval {last}"), final_turn),
        Some(Eval::Proved { winner: !final_turn, plies: 0 })
    );
    for row in ["White (Ann)", "Inaccuracies", "Mistakes", "Blunders", "Accuracy"] {
        assert!(stderr.contains(row), "{row}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn output_file_gets_the_game_and_stdout_stays_empty() {
    let dir = scratch("output");
    let path = dir.join("game.pgn");
    let mut game = PgnGame::new(Position::new(Variant::Classic), Vec::<wormhole::Move>::new());
    let mut pos = game.start.clone();
    for san in ["e4", "d5", "exd5"] {
        let m = pos.parse_move(san).unwrap();
        pos = pos.after(m).unwrap();
        game.moves.push(m);
    }
    std::fs::write(&path, game.to_pgn()).unwrap();
    let output = dir.join("annotated.pgn");
    let out = analyze(&[path.to_str().unwrap(), "--movetime", "20", "--output", output.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty());
    let text = std::fs::read_to_string(&output).unwrap();
    assert_eq!(PgnGame::parse(&text).unwrap().moves, game.moves);
    assert_eq!(text.matches("[%eval ").count(), 3, "{text}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_and_oversized_games_are_refused_with_the_reason() {
    let dir = scratch("bad");
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, "[Variant \"Wormhole\"]\n\n1. e4 e5 2. Ke4 *\n").unwrap();
    let out = analyze(&[bad.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("move 2 (White) 'Ke4': no king can reach e4"), "{stderr}");

    let big = dir.join("big.pgn");
    std::fs::write(&big, " ".repeat(10_000_001)).unwrap();
    let out = analyze(&[big.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("too large"), "{}", String::from_utf8_lossy(&out.stderr));

    let out = analyze(&[dir.join("missing.pgn").to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_porthole_game_is_analysed_and_its_blunder_marked() {
    let dir = scratch("porthole");
    // White could mate through a porthole (Rb4>a8#) but plays Kf1 instead.
    let fen = "6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1 a8,b4";
    let text = format!("[Variant \"Porthole\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. Kf1 Kf8 *\n");
    let path = dir.join("game.pgn");
    std::fs::write(&path, &text).unwrap();
    let out = analyze(&[path.to_str().unwrap(), "--movetime", "50"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let annotated = String::from_utf8(out.stdout).unwrap();
    assert!(annotated.contains("[Variant \"Porthole\"]"), "{annotated}");
    assert!(annotated.contains("Rb4>a8# was best"), "the mate through the porthole: {annotated}");
    let back = PgnGame::parse(&annotated).unwrap();
    assert_eq!(back.moves, PgnGame::parse(&text).unwrap().moves);
    assert_eq!(annotated.matches("{[%eval ").count(), 2, "{annotated}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn output_follows_a_symlink_and_refuses_devices_fifos_and_folders() {
    let dir = scratch("special");
    let path = dir.join("game.pgn");
    std::fs::write(&path, "[Variant \"Wormhole\"]\n\n1. e4 e5 *\n").unwrap();
    let script =
        "echo old > real.pgn && ln -s real.pgn link.pgn && mkfifo fifo && mkdir folder && ln -s /dev/null null";
    assert!(Command::new("sh").arg("-c").arg(script).current_dir(&dir).status().unwrap().success());
    let run = |output: &str| analyze(&[path.to_str().unwrap(), "--movetime", "5", "--output", output]);
    let out = run(dir.join("link.pgn").to_str().unwrap());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::symlink_metadata(dir.join("link.pgn")).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(dir.join("real.pgn")).unwrap().contains("[%eval "));
    for (name, kind) in [
        ("fifo", "is a FIFO (named pipe)"),
        ("folder", "is a folder"),
        ("null", "null is a character device"),
        ("/dev/stdout", "not a regular file"),
    ] {
        let target = if name.starts_with('/') { name.into() } else { dir.join(name) };
        let out = run(target.to_str().unwrap());
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(kind) && err.contains("nothing was written"), "{name}: {err}");
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(dir.join("fifo")).unwrap().file_type().is_fifo());
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_empty_game_file_is_refused() {
    let dir = scratch("empty");
    let path = dir.join("empty.pgn");
    std::fs::write(&path, "\n\n").unwrap();
    let out = analyze(&[path.to_str().unwrap(), "--movetime", "5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no game"), "{}", String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_dir_all(dir);
}
