//! `wormhole puzzles check FILE` through the real binary: a file of sound
//! puzzles passes with exit code 0; a file holding a corrupt puzzle (a
//! second winning move, a win that does not show, a tail of another's
//! line) fails with a non-zero exit code and names it. `resolve` makes a
//! file that passes.

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
    check_file(&file)
}

/// Runs `wormhole puzzles check FILE`; its exit code and standard output.
fn check_file(file: &std::path::Path) -> (Option<i32>, String) {
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

/// Rxa8+ (a Wormhole puzzle of the old shipped set): the win does not show
/// after it, a rook's exchange down.
const ONE_MOVE: &str = "one-move\tclassic\trxbxkbxr/xpxxxxpp/p1pxxx2/R3xxp1/x2xpP1P/P1Nxxx1x/xPxKxxxx/xxxxxxxR w 32\ta5a8\tRxa8+\t572\tcapture check\t32";

/// A Porthole mate in three and its last two moves, a puzzle of the old
/// shipped set each.
const MATE: &str = "mate\tporthole\t3rk2r/pp3pp1/2n5/P3bP2/4P1Q1/1P5K/R1P3P1/2q5 b k - 0 29 a8,d8*2,c7,h6,b5,a4,h3\t\
                    g7h6b5 g4h4 c1e3 g2g3 e3g3\tgh6>b5+ Qh4 Qe3+ g3 Qxg3#\t1853\tmate-in-3 check through-porthole\t9514";
const MATE_TAIL: &str = "tail\tporthole\t3rk2r/pp3p2/2n5/Pp2bP2/4P2Q/1P5K/R1P3P1/2q5 b k - 1 30 a8,d8*2,c7,g7,b5,a4,h3\t\
                         c1e3 g2g3 e3g3\tQe3+ g3 Qxg3#\t1546\tmate-in-2 check\t2993";

#[test]
fn a_line_whose_win_does_not_show_and_a_tail_fail_the_check() {
    let (code, out) = check(&[ONE_MOVE, MATE, MATE_TAIL]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("line 2 (one-move): after move 1: the win does not show"), "{out}");
    assert!(out.contains("line 4 (tail): the tail of mate's line (its moves from move 3 on)"), "{out}");
    assert!(out.contains("3 puzzles checked, 2 failed"), "{out}");
}

#[test]
fn resolve_plays_on_until_the_win_shows_and_leaves_out_repeats() {
    let dir = tempfile::tempdir().unwrap();
    let (file, output) = (dir.path().join("old.tsv"), dir.path().join("new.tsv"));
    let text: String = [HEADER, ONE_MOVE, MATE_TAIL, MATE].iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&file, text).unwrap();
    let out = wormhole(&["puzzles", "resolve", file.to_str().unwrap(), "--output", output.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("3 puzzles: 2 kept (1 played on"), "{stderr}");
    assert!(stderr.contains("1 tails of another's line"), "{stderr}");
    let written = std::fs::read_to_string(&output).unwrap();
    assert!(written.contains("\ta5a8 e8g6 h4h5\tRxa8+ Kg6 h5#\t"), "{written}");
    assert!(written.contains("mate-in-2 capture check hole-traps-king"), "{written}");
    // The puzzles are made anew: their ids are those the generator gives.
    assert!(written.contains("\nporthole-9825d6a436\t") && !written.contains("porthole-036ced5935"), "{written}");
    let (code, out) = check_file(&output);
    assert_eq!(code, Some(0), "{out}");
}
