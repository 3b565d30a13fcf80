//! Issue #41, puzzles that show why they win: a proved Wormhole line plays
//! on until its win is visible or is refused; a win by stalemate is named
//! so, not mate; a puzzle that repeats another (the tail of its line, a
//! same-solution sibling) is found. The fixtures are puzzles of the sets
//! shipped before these rules.

use wormhole::puzzles::{Effort, Judge, Puzzle, Refusal, Repeat, Theme, repeats, resolve, win_shows};

/// Rxa8+ wins, but ends a rook's exchange behind: a learner cannot see why.
const ONE_MOVE: &str = "classic-eff9ff744e\tclassic\trxbxkbxr/xpxxxxpp/p1pxxx2/R3xxp1/x2xpP1P/P1Nxxx1x/xPxKxxxx/xxxxxxxR w 32\t\
                        a5a8\tRxa8+\t572\tcapture check\t32";

/// A line that ends with Black a queen behind for a pawn: no longer line
/// keeps each of Black's moves the only win.
const BEHIND: &str = "classic-822bbbc9b8\tclassic\trxxxxxxx/pxpQpxpp/2Pxxxkx/1x1x3x/1xPxxbKR/qxxxxPxx/xxxxxxPP/xxxxxBNx b 37\t\
                      a3c5 d7g7 g6g7 h4h7 g7h7\tQc5 Qxg7+ Kxg7 Rxh7+ Kxh7\t1257\tquiet-move\t201";

/// Plies 4 on of [`BEHIND`].
const TAIL: &str = "classic-94527d3029\tclassic\trxxxxxxx/pxpxpxkR/2Pxxxxx/1xqx3x/1xPxxbKx/xxxxxPxx/xxxxxxPP/xxxxxBNx b 41\t\
                    g7h7\tKxh7\t634\tcapture\t39";

/// gxh6 leaves White no legal move, not in check.
const STALEMATE: &str = "classic-105d6cab04\tclassic\txxxxkxxx/xxxxxxpx/xxxxxxxB/nxpxpxxx/xxxxxxxx/xpNPxx1x/xxxxxxxP/xxxxKBxx b 51\t\
                         g7h6\tgxh6\t400\tmate-in-1 capture hole-traps-king\t4";

/// Two Linked positions that differ only in where White's portal stands,
/// with the same solution.
const SIBLINGS: [&str; 2] = [
    "linked-0f65aa4199\tlinked\t2kr3r/B1p4p/2bqpp2/6p1/p7/1PQ2b2/P3NP1P/R3K1R1 b Q - 2 26 g3,c4\td6e2\tQg3>xe2#\t839\tmate-in-1 capture check\t80",
    "linked-a31a47c8c4\tlinked\t2kr3r/B1p4p/2bqpp2/6p1/p7/1PQ2b2/P3NP1P/R3K1R1 b Q - 2 26 e5,c4\td6e2\tQe5>xe2#\t843\tmate-in-1 capture check\t89",
];

fn puzzle(line: &str) -> Puzzle {
    Puzzle::parse(line).unwrap()
}

#[test]
fn a_line_that_ends_behind_in_material_fails_the_check() {
    assert_eq!(win_shows(&puzzle(ONE_MOVE)), Ok(false));
    let err = Judge::new(Effort::CHECK).check_puzzle(&puzzle(ONE_MOVE)).unwrap_err();
    assert_eq!(err, Refusal::Unclear { ply: 0 });
    assert!(err.to_string().contains("the win does not show"), "{err}");
}

#[test]
fn the_generator_plays_on_until_the_win_shows() {
    let played_on = resolve(&puzzle(ONE_MOVE), &mut Judge::new(Effort::CHECK)).unwrap();
    assert_eq!(played_on.san, ["Rxa8+", "Kg6", "h5#"]);
    assert_eq!(played_on.mate_in(), Some(2));
    assert_eq!(win_shows(&played_on), Ok(true));
    assert_eq!(Judge::new(Effort::CHECK).check_puzzle(&played_on), Ok(()));
}

#[test]
fn a_win_that_never_shows_is_refused() {
    assert_eq!(win_shows(&puzzle(BEHIND)), Ok(false));
    let err = resolve(&puzzle(BEHIND), &mut Judge::new(Effort::CHECK)).unwrap_err();
    assert!(matches!(err, Refusal::Unclear { .. }), "{err}");
}

#[test]
fn a_win_by_stalemate_is_not_called_mate() {
    let solved = resolve(&puzzle(STALEMATE), &mut Judge::new(Effort::CHECK)).unwrap();
    assert_eq!(
        solved.themes,
        [Theme::StalemateIn(1), Theme::Capture, Theme::Game(wormhole::games::wormhole::HOLE_TRAPS_KING)]
    );
    assert_eq!((solved.mate_in(), solved.stalemate_in()), (None, Some(1)));
    assert!(solved.to_line().contains("\tstalemate-in-1 capture hole-traps-king\t"), "{}", solved.to_line());
    assert_eq!(Theme::StalemateIn(1).description(), "stalemate in 1 (no legal move left, which loses here)");
    assert_eq!("stalemate-in-1".parse::<Theme>(), Ok(Theme::StalemateIn(1)));
    assert!("stalemate-in-01".parse::<Theme>().is_err());
}

#[test]
fn the_tail_of_another_line_is_a_repeat_whichever_comes_first() {
    let tail = Repeat::Tail { of: "classic-822bbbc9b8".into(), ply: 4 };
    assert_eq!(repeats(&[puzzle(BEHIND), puzzle(TAIL)]), [(1, tail.clone())]);
    assert_eq!(repeats(&[puzzle(TAIL), puzzle(BEHIND)]), [(0, tail)]);
    assert_eq!(repeats(&[puzzle(BEHIND), puzzle(ONE_MOVE)]), []);
}

#[test]
fn a_sibling_with_the_same_solution_is_a_repeat() {
    let [a, b] = SIBLINGS.map(puzzle);
    let found = repeats(&[a, b]);
    assert_eq!(found, [(1, Repeat::Sibling { of: "linked-0f65aa4199".into() })]);
    assert_eq!(found[0].1.to_string(), "the same solution as linked-0f65aa4199 from the same placement of the pieces");
}
