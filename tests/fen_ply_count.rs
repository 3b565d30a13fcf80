//! The FEN ply-count rule (a count from the number of holes to 64 more) is
//! the library's, so `--fen`, a PGN file's FEN tag and UCI `position fen`
//! refuse a bad count with the same message. (The TUI's `:fen` is tested
//! with the app's state tests.)

mod common;

use common::{wormhole, wormhole_with_input};

/// The two ways a count can be wrong, with the message each gets.
const CASES: [(&str, &str); 2] = [
    ("4k3/8/8/8/8/8/8/4K3 w 200", "ply count 200 exceeds the number of holes (0) by more than 64"),
    ("4k3/8/8/8/8/8/xxx5/4K3 w 2", "ply count 2 is below the number of holes (3): every ply makes one hole"),
];

#[test]
fn fen_option_refuses_a_bad_ply_count() {
    for (fen, message) in CASES {
        let out = wormhole(&["--fen", fen]);
        assert_eq!(out.status.code(), Some(2), "{fen}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{err}");
        assert!(out.stdout.is_empty(), "nothing drawn");
    }
}

#[test]
fn pgn_fen_tag_refuses_a_bad_ply_count() {
    let dir = std::env::temp_dir().join(format!("wormhole-fen-ply-count-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, (fen, message)) in CASES.into_iter().enumerate() {
        let path = dir.join(format!("bad{i}.pgn"));
        std::fs::write(&path, format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n*\n")).unwrap();
        let out = wormhole(&["--pgn", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{fen}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("bad FEN tag: {message}")), "{err}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn uci_position_fen_refuses_a_bad_ply_count_and_leaves_no_position() {
    let mut script = String::from("uci\nposition startpos moves e2e4\n");
    for (fen, _) in CASES {
        script.push_str(&format!("position fen {fen}\n"));
    }
    script.push_str("d\ngo depth 1\nquit\n");
    let out = wormhole_with_input(&["uci"], &script);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for (_, message) in CASES {
        assert!(text.lines().any(|l| l.starts_with("info string error") && l.contains(message)), "{text}");
    }
    // Not the previous position: the GUI did not send it (issue 18).
    assert!(!text.contains("info string fen"), "{text}");
    assert!(text.contains("info string error: no position: the last 'position' was refused"), "{text}");
    assert!(text.trim_end().ends_with("bestmove (none)"), "{text}");
}
