//! The `bench` and `match` commands through the real binary.

mod common;

use common::{spawn_piped, stdout_of, wormhole};

/// The node count of `wormhole bench` (default depth). It changes only with
/// a search or evaluation change whose commit says so and gives the new
/// count; a pure refactor keeps it.
const BENCH_NODES: u64 = 4_815_638;

#[test]
fn bench_node_count_is_pinned() {
    let out = stdout_of(&["bench"]);
    let lines: Vec<&str> = out.lines().collect();
    let [.., nodes, speed] = lines[..] else { panic!("bench printed {out}") };
    assert_eq!(nodes, format!("Nodes searched: {BENCH_NODES}"));
    assert!(speed.starts_with("Nodes/second: "), "{speed}");
}

/// `wormhole bench --verbose | head -1`: the reader closes the pipe after
/// one line and bench ends at its next line, with the status a program
/// ended by SIGPIPE shows (141), without a panic.
#[test]
fn bench_ends_quietly_when_its_reader_goes_away() {
    use std::io::{BufRead, BufReader};
    let mut child = spawn_piped(&["bench", "--verbose"]);
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert!(!first.is_empty());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(141), "{:?}", out.status);
}

#[test]
fn match_prints_games_and_score() {
    let out =
        stdout_of(&["match", "--engine-a", "level=12,depth=2", "--engine-b", "level=1", "--games", "2", "--seed", "3"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.iter().filter(|l| l.starts_with("Game ")).count(), 2);
    let score = lines.last().unwrap();
    assert!(score.starts_with("Score: ") && score.contains(" / 2 ("), "{score}");
    let out = wormhole(&["match", "--engine-a", "level=eleven", "--engine-b", "level=1"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("level"));
    let out = wormhole(&["match", "--engine-a", "prooffrom=late", "--engine-b", "level=1"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("setting 'prooffrom' needs a number, got 'late'"));
}

#[test]
fn porthole_bench_and_match() {
    let out = stdout_of(&["bench", "--variant", "porthole", "--depth", "4", "--verbose"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.iter().filter(|l| l.contains(" b5,c5,f5,g5,b4,c4,f4,g4")).count(), 1, "{out}");
    assert_eq!(lines.len(), 8 + 2, "eight Porthole positions, then nodes and speed: {out}");
    let args = ["match", "--variant", "porthole", "--engine-a", "level=12,depth=2", "--engine-b", "level=1"];
    let out = stdout_of(&[&args[..], &["--games", "2", "--seed", "5", "--verbose"]].concat());
    assert!(out.contains(">"), "porthole moves are written in SAN with '>': {out}");
    assert!(out.lines().last().unwrap().starts_with("Score: "), "{out}");
    let out = wormhole(&["match", "--variant", "porthole", "--engine-a", "kingatt.Z=3", "--engine-b", "level=1"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("'z' is not a piece letter"));
}

#[test]
fn solve_proves_wins_and_losses_and_says_unknown_otherwise() {
    // White to move wins (a mate in two moves exists).
    let win = "xxbqkbnr/pxxxxpxp/xx1Px1p1/Rpxxp2n/xx3xPP/Px2BNx1/xxPPPPxx/xNxQKBxR w 24";
    let out = stdout_of(&["solve", "--fen", win, "--time", "20"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"Result: 1-0"), "{out}");
    assert!(lines.iter().any(|l| l.starts_with("Winning move: ")), "{out}");
    assert!(lines.iter().any(|l| l.starts_with("Proof: ") && l.contains(" positions")), "{out}");
    // Black to move loses whatever it plays.
    let loss = "xxxxxxxr/xQpxxxpx/xxxxxnxp/2bxxkPB/pP2x1x1/xx1xxPKb/xPxPPxxx/RNBxxxRx b 35";
    let out = stdout_of(&["solve", "--fen", loss, "--time", "20"]);
    assert_eq!(out.lines().last(), Some("Result: 1-0"), "{out}");
    assert!(out.contains("Winning move: none (Black to move loses"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("Longest defence: ") && l.ends_with(')')), "{out}");
    // Fairy, Black to move wins.
    let fairy = "xnwmkxxc/pxppxpxx/cp1nx3/1W1pw1px/1x1P2x1/PKx2p1P/xPPxPPPx/CNxMxxNx b 19";
    let out = stdout_of(&["solve", "--variant", "fairy", "--fen", fairy, "--time", "20"]);
    assert_eq!(out.lines().last(), Some("Result: 0-1"), "{out}");
    // The start position is far too deep for a fraction of a second.
    let out = stdout_of(&["solve", "--time", "0.3"]);
    assert_eq!(out.lines().last(), Some("Result: unknown"), "{out}");
}

#[test]
fn solve_refuses_bad_input() {
    for args in [&["solve", "--fen", "8/8 w 0"][..], &["solve", "--time=-1"], &["solve", "--variant", "chess"]] {
        let out = wormhole(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).trim().is_empty(), "{args:?}");
    }
}

/// A UCI engine's pass (`0000`) is a move in Two-board chess: Black, with
/// no piece on board A where it is to play, passes, and the game goes on.
#[test]
fn match_takes_a_uci_engines_pass_in_two_board_chess() {
    let other = format!("uci={},depth=2", env!("CARGO_BIN_EXE_wormhole"));
    let fen = "8/P1R4R/8/8/5P2/8/5K2/8|8/3k3R/8/8/3NB3/2P5/8/8 b A -|- -|- - 2 106";
    let out = stdout_of(&[
        "match",
        "--variant",
        "twoboard",
        "--fen",
        fen,
        "--random-plies",
        "0",
        "--engine-a",
        "depth=2",
        "--engine-b",
        &other,
        "--games",
        "2",
    ]);
    assert_eq!(out.lines().filter(|l| l.starts_with("Game ")).count(), 2, "{out}");
    assert!(out.lines().last().unwrap().starts_with("Score: "), "{out}");
}

#[test]
fn match_plays_another_binary_over_uci() {
    let other = format!("uci={},level=3,depth=2", env!("CARGO_BIN_EXE_wormhole"));
    let out = stdout_of(&[
        "match",
        "--engine-a",
        "level=12,depth=2",
        "--engine-b",
        &other,
        "--games",
        "2",
        "--variant",
        "fairy",
    ]);
    assert_eq!(out.lines().filter(|l| l.starts_with("Game ")).count(), 2, "{out}");
    assert!(out.lines().last().unwrap().starts_with("Score: "), "{out}");
}

/// Writes the shell script `text` as the executable `name` in `dir`; its path.
fn script(dir: &std::path::Path, name: &str, text: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// A UCI engine that is the real binary, with what it is told logged to
/// `$FAKE_UCI_LOG`.
const LOGGED_WORMHOLE: &str = r#"#!/bin/sh
tee -a "$FAKE_UCI_LOG" | "$WORMHOLE_BIN" "$@"
"#;

#[test]
fn match_sends_the_search_settings_to_another_binary_as_its_settings_option() {
    let dir = tempfile::tempdir().unwrap();
    let engine = script(dir.path(), "logged-wormhole", LOGGED_WORMHOLE);
    let log = dir.path().join("told.log");
    let other = format!("uci={},lmr=off,depth=3,rfpmargin=80,scale.pst=50,hash=8", engine.display());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wormhole"))
        .args(["match", "--variant", "porthole", "--games", "2", "--engine-a", "depth=3", "--engine-b", &other])
        .env("FAKE_UCI_LOG", &log)
        .env("WORMHOLE_BIN", env!("CARGO_BIN_EXE_wormhole"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(text.lines().filter(|l| l.starts_with("Game ")).count(), 2, "{text}");
    let told = std::fs::read_to_string(&log).unwrap();
    // The search's settings and the weights in one option; the table size as its own; the depth with each go.
    assert!(told.contains("setoption name Settings value lmr=off,rfpmargin=80,scale.pst=50\n"), "{told}");
    assert!(told.contains("setoption name Hash value 8\n"), "{told}");
    assert!(told.lines().filter(|l| l.starts_with("go ")).all(|l| l.contains("depth 3")), "{told}");
    // A value out of its range is refused before any engine starts.
    let out = wormhole(&["match", "--engine-a", "level=1", "--engine-b", "uci=/bin/true,rfpmargin=-1"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("'rfpmargin' must be from 0 to 2000"));
    // A chess engine takes no setting of ours.
    let b = "chess=/bin/true,lmr=off";
    let out =
        wormhole(&["match", "--variant", "porthole", "--fen", CHESS_START, "--engine-a", "depth=1", "--engine-b", b]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("not available for a UCI engine"));
}

#[test]
fn match_stops_early_by_sprt_and_reports_elo() {
    let out = stdout_of(&[
        "match",
        "--engine-a",
        "level=5",
        "--engine-b",
        "level=1",
        "--games",
        "200",
        "--sprt",
        "0",
        "200",
        "--seed",
        "1",
    ]);
    let games = out.lines().filter(|l| l.starts_with("Game ")).count();
    assert!(games < 200, "{games} games");
    assert!(out.contains("H1 accepted"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("Elo difference: ") && l.contains("95% interval")), "{out}");
}

#[test]
fn levels_play_the_same_games_under_the_same_seed() {
    // A minute a move: the levels' own node and depth caps end every search,
    // never the clock, so a loaded machine plays the same games.
    let run = |seed: &str| {
        let (a, b) = (["--engine-a", "level=6"], ["--engine-b", "level=3"]);
        let rest = ["--games", "4", "--movetime", "60000", "--seed", seed];
        stdout_of(&[&["match"][..], &a, &b, &rest].concat())
    };
    assert_eq!(run("5"), run("5"));
    assert_ne!(run("5"), run("6"));
}

/// Every game has a prover now (issue #44): the portal games' mates are
/// proved at their distance, and a drawn position (king against king
/// after the only move, the fifty-move rule before the mate, a perpetual
/// check) is never called won.
#[test]
fn solve_proves_the_portal_games() {
    let cases = [
        ("porthole", "6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1 a8,b4", "Result: 1-0", "Rb4>a8#"),
        ("linked", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 -", "Result: 1-0", "Ra8#"),
        ("porthole", "k7/1R6/8/2K5/8/8/8/8 b - - 0 40 -", "Result: unknown", ""),
        ("linked", "k7/1R6/8/2K5/8/8/8/8 b - - 0 40 -", "Result: unknown", ""),
        ("twoboard", "8/8/8/8/8/8/8/K7|k7/1R6/8/8/8/8/8/8 b B -|- -|- - 0 40", "Result: unknown", ""),
        // Mated in two (Kg8 Ra8#), unless the fifty-move rule draws first.
        ("porthole", "7k/R7/6K1/8/8/8/8/8 b - - 0 60 -", "Result: 1-0", ""),
        ("porthole", "7k/R7/6K1/8/8/8/8/8 b - - 99 60 -", "Result: unknown", ""),
        ("linked", "7k/R7/6K1/8/8/8/8/8 b - - 99 60 -", "Result: unknown", ""),
        // Perpetual check: a queen and a rook down, White draws.
        ("linked", "6k1/6p1/8/7Q/8/7K/1r6/1q6 w - - 0 60 -", "Result: unknown", ""),
    ];
    for (game, fen, result, first) in cases {
        let out = stdout_of(&["solve", "--variant", game, "--fen", fen, "--time", "1"]);
        assert_eq!(out.lines().last(), Some(result), "{game} {fen}: {out}");
        if !first.is_empty() {
            assert!(out.contains(&format!("Winning move: {first}")), "{game} {fen}: {out}");
            assert!(out.contains("longest line 1 plies"), "{game} {fen}: {out}");
        }
    }
}

/// The tools play Two-board portal chess too (the app: e2e_twoboard.rs).
#[test]
fn the_tools_play_two_board_games() {
    assert!(stdout_of(&["perft", "2", "--variant", "twoboard"]).contains("Nodes searched: 400"));
}

/// Numbers out of range are refused with the range, before any work,
/// instead of a panic (overflow, float conversion) or an abort (allocation).
#[test]
fn huge_and_zero_values_are_refused_with_the_range() {
    let pgn = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(pgn.path(), "1. e4 *\n").unwrap();
    let game = pgn.path().to_str().unwrap();
    for (args, why) in [
        (&["solve", "--time", "1e19"][..], "1e19 seconds is outside 0.001 to 604800 seconds"),
        (&["solve", "--time", "1e20"], "1e20 seconds is outside 0.001 to 604800 seconds"),
        (&["solve", "--time", "0"], "0 seconds is outside"),
        (&["solve", "--hash", "100000"], "100000 is not in 1..=4096"),
        (&["analyze", game, "--movetime", "0"], "0 is not in 1..=3600000"),
        (&["match", "--engine-a", "level=1", "--engine-b", "level=2", "--games", "0"], "0 is not in 1..=1000000"),
        (&["match", "--engine-a", "level=1", "--engine-b", "level=2", "--movetime", "0"], "0 is not in 1..=3600000"),
        (&["--movetime", "0"], "0 is not in 1..=3600000"),
        (&["--movetime", "99999999999999999999"], "invalid value"),
    ] {
        let out = wormhole(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
}

/// Each command with its standard output closed before it writes (`wormhole
/// CMD | true`): it ends without a panic or an abort, either normally or
/// as a program killed by SIGPIPE does (status 141 or the signal).
#[test]
fn every_command_ends_quietly_on_a_closed_pipe() {
    use std::io::Write;
    use std::os::unix::process::ExitStatusExt;
    let pgn = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(pgn.path(), "1. e4 e5 *\n").unwrap();
    let game = pgn.path().to_str().unwrap();
    let commands: [(&[&str], &str); 10] = [
        (&["bench", "--depth", "2"], ""),
        (&["perft", "2"], ""),
        (&["solve", "--time", "0.2"], ""),
        (&["analyze", game, "--movetime", "5"], ""),
        (&["match", "--engine-a", "level=1", "--engine-b", "level=1", "--games", "2", "--movetime", "5"], ""),
        (&["uci"], "uci\nisready\nposition startpos\ngo depth 3\n"),
        (&["--print-config"], ""),
        (&["--help"], ""),
        (&["--version"], ""),
        (&["solve", "--help"], ""),
    ];
    for (args, input) in commands {
        let mut child = spawn_piped(args);
        drop(child.stdout.take());
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(input.as_bytes()).unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{args:?}: {err}");
        let status = out.status;
        let quiet = status.success()
            || status.code() == Some(141)
            || status.signal() == Some(rustix::process::Signal::PIPE.as_raw());
        assert!(quiet, "{args:?}: {status:?} {err}");
    }
}

/// A's score in percent from a match's last line, `Score: P / N (X%)`.
fn score_percent(out: &str) -> f64 {
    let last = out.lines().last().unwrap_or_default();
    let percent = last.rsplit('(').next().and_then(|p| p.strip_suffix("%)"));
    percent.and_then(|p| p.parse().ok()).unwrap_or_else(|| panic!("no score line: {out}"))
}

#[test]
fn the_lowest_level_loses_to_a_two_ply_material_bot() {
    // 40 seeded games at depth-limited settings: the same games every run.
    let args = ["match", "--engine-a", "level=1", "--engine-b", "minimax=2", "--games", "40", "--seed", "11"];
    let out = stdout_of(&args);
    let lowest = score_percent(&out);
    assert!(lowest < 45.0, "the lowest level scored {lowest}% against minimax=2:\n{out}");
    // The level that used to be the lowest beats it.
    let out =
        stdout_of(&["match", "--engine-a", "level=3", "--engine-b", "minimax=2", "--games", "40", "--seed", "11"]);
    assert!(score_percent(&out) > 55.0, "{out}");
}

#[test]
fn minimax_is_a_player_of_its_own() {
    let out = wormhole(&["match", "--engine-a", "minimax=2,level=3", "--engine-b", "level=1"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("minimax=N is a player of its own"), "{out:?}");
    let out = wormhole(&["match", "--engine-a", "minimax=0", "--engine-b", "level=1"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("from 1 to 6"), "{out:?}");
}

/// An engine of ordinary chess, as `match` speaks to one (`chess=PATH`):
/// a script that logs what it is told and plays the first move it may.
const FAKE_CHESS_ENGINE: &str = r#"#!/bin/sh
while read -r line; do
    echo "$line" >> "$FAKE_UCI_LOG"
    case "$line" in
        uci) echo "id name fake"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) echo "info depth 1 score cp 0"; echo "bestmove $(echo "$line" | sed -n 's/.* searchmoves \([^ ]*\).*/\1/p')" ;;
        quit) exit 0 ;;
    esac
done
"#;

/// The start of ordinary chess as a Porthole position without portholes.
const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

#[test]
fn a_book_used_up_starts_again_with_random_plies_so_games_do_not_repeat() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("openings.txt");
    std::fs::write(&book, "1. e4 Nf6 2. e5 d5\n").unwrap();
    let out = wormhole(&[
        "match",
        "--variant",
        "porthole",
        "--fen",
        CHESS_START,
        "--games",
        "4",
        "--engine-a",
        "depth=1",
        "--engine-b",
        "depth=1",
        "--openings",
        book.to_str().unwrap(),
        "--seed",
        "5",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    let openings: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| l.starts_with("Game "))
        .map(|l| l.split("opening ").nth(1).unwrap().split(')').next().unwrap().split(' ').collect())
        .collect();
    let line = ["e2e4", "g8f6", "e4e5", "d7d5"];
    assert_eq!(openings.len(), 4, "{text}");
    // The first round plays the book's line as it is; the second adds two random plies to it.
    assert!(openings[..2].iter().all(|o| o[..] == line), "{text}");
    assert!(openings[2..].iter().all(|o| o.len() == 6 && o[..4] == line), "{text}");
    assert_eq!(openings[2], openings[3], "each opening is played with both colours: {text}");
}

#[test]
fn match_plays_an_engine_of_ordinary_chess_without_en_passant() {
    let dir = tempfile::tempdir().unwrap();
    let engine = script(dir.path(), "fake-chess-engine", FAKE_CHESS_ENGINE);
    // After 1. e4 Nf6 2. e5 d5, exd6 would be en passant in chess.
    let book = dir.path().join("openings.txt");
    std::fs::write(&book, "# one opening\n1. e4 Nf6 2. e5 d5\n").unwrap();
    let log = dir.path().join("told.log");
    let chess = format!("chess={},option.UCI_Elo=1350,hash=16", engine.display());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wormhole"))
        .args(["match", "--variant", "porthole", "--fen", CHESS_START, "--games", "2", "--engine-a", "nodes=2000"])
        .args(["--engine-b", &chess, "--openings", book.to_str().unwrap()])
        .env("FAKE_UCI_LOG", &log)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(text.lines().filter(|l| l.starts_with("Game ") && l.contains("opening e2e4 g8f6 e4e5 d7d5")).count(), 2);
    let told = std::fs::read_to_string(&log).unwrap();
    assert!(told.contains("setoption name UCI_Elo value 1350") && told.contains("setoption name Hash value 16"));
    assert!(!told.contains("UCI_Variant"), "a chess engine is not told a game: {told}");
    // Positions as FENs of chess, and the game's legal moves only: exf6, not exd6.
    let position = "position fen rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3\n";
    let first_go = told.split(position).nth(1).and_then(|rest| rest.lines().next()).expect(&told);
    assert!(first_go.starts_with("go movetime 100 searchmoves "), "{first_go}");
    assert!(first_go.contains(" e5f6") && !first_go.contains("e5d6"), "{first_go}");
    // A position that is not ordinary chess, and settings a chess engine has not, are refused.
    let refused = |b: &str, fen: Option<&str>| {
        let mut args = vec!["match", "--variant", "porthole", "--engine-a", "depth=1", "--engine-b", b];
        args.extend(fen.map(|f| ["--fen", f]).into_iter().flatten());
        String::from_utf8_lossy(&wormhole(&args).stderr).to_string()
    };
    let b = format!("chess={}", engine.display());
    assert!(refused(&b, None).contains("plays ordinary chess, and"), "{}", refused(&b, None));
    assert!(refused(&format!("{b},level=3"), Some(CHESS_START)).contains("set a chess engine's strength with option"));
    assert!(refused("depth=2,option.Hash=4", Some(CHESS_START)).contains("option.NAME=VALUE is for a UCI engine"));
}
