//! `wormhole puzzles check FILE` through the real binary: a file of sound
//! puzzles passes with exit code 0; a file holding a corrupt puzzle (a
//! second winning move) fails with a non-zero exit code and names it.

mod common;

use common::wormhole;

const HEADER: &str = "id\tgame\tfen\tmoves\tsan\trating\tthemes\tnodes";

/// A Wormhole chess win in one: d5 leaves Black no legal move.
const SOUND: &str = "sound-win\tclassic\trnxqxxxx/ppppxkpx/3bxx1x/4p2P/2xPPPxr/1x3x2/PPPxxxxP/RNBxKBxR w 20\td4d5\td5#\t993\tmate-in-1 check\t353";

/// Two rooks, two mates in one (Ra8# and Re8#): not a puzzle.
const TWO_MATES: &str = "two-mates\tporthole\t6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1\ta1a8\tRa8#\t900\tmate-in-1\t10";

/// Runs `wormhole puzzles check` on a file of `puzzles`; its exit code
/// and standard output.
fn check(puzzles: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("puzzles.tsv");
    let text: String = std::iter::once(HEADER).chain(puzzles.iter().copied()).map(|l| format!("{l}\n")).collect();
    std::fs::write(&file, text).unwrap();
    let out = wormhole(&["puzzles", "check", file.to_str().unwrap()]);
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn a_file_of_sound_puzzles_passes() {
    let (code, out) = check(&[SOUND]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("1 puzzles checked, 0 failed"), "{out}");
}

#[test]
fn a_corrupt_puzzle_fails_the_check_by_name() {
    let (code, out) = check(&[SOUND, TWO_MATES]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("line 3 (two-mates): move 1: "), "{out}");
    assert!(out.contains("both win"), "{out}");
    assert!(!out.contains("sound-win"), "{out}");
    assert!(out.contains("2 puzzles checked, 1 failed"), "{out}");
}
