//! Generating and checking puzzles: a seeded generator finds puzzles that
//! `check` re-proves, and a corrupt puzzle (a second winning move, an
//! illegal reply, a move that does not win) is refused with the reason.

use wormhole::GameKind;
use wormhole::puzzles::{Effort, GenerateSettings, Goal, Judge, LineError, Puzzle, Refusal, Theme, generate_game};

/// A Porthole chess mate in two: Qd6+ Kc8 Qc7#.
const PORTHOLE: &str = "p1\tporthole\tN2k2nr/pp3p1p/5b2/8/3P1Q2/8/PP2NPPP/n1BK3R w - - 0 17 b5*3,c5,g5*2,f4,c3\t\
                        f4d6 d8c8 d6c7\tQd6+ Kc8 Qc7#\t1528\tmate-in-2 check\t4635";

/// A Wormhole chess win in one: d5 leaves Black no legal move.
const CLASSIC: &str = "c1\tclassic\trnxqxxxx/ppppxkpx/3bxx1x/4p2P/2xPPPxr/1x3x2/PPPxxxxP/RNBxKBxR w 20\td4d5\td5#\t993\tmate-in-1 check\t353";

fn judge() -> Judge {
    Judge::new(Effort::CHECK)
}

fn check(line: &str) -> Result<(), Refusal> {
    judge().check_puzzle(&Puzzle::parse(line).unwrap())
}

#[test]
fn sound_puzzles_are_proved_again() {
    assert_eq!(check(PORTHOLE), Ok(()));
    assert_eq!(check(CLASSIC), Ok(()));
}

#[test]
fn a_second_winning_move_is_refused() {
    // Two rooks, two mates in one: Ra8# and Re8#.
    let line = "two\tporthole\t6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1\ta1a8\tRa8#\t900\tmate-in-1\t10";
    let err = check(line).unwrap_err();
    assert!(matches!(&err, Refusal::NotUnique { ply: 0, .. }), "{err}");
    assert!(err.to_string().contains("both win"), "{err}");
}

#[test]
fn an_illegal_reply_is_refused() {
    let line = PORTHOLE.replace("f4d6 d8c8 d6c7\tQd6+ Kc8 Qc7#", "f4d6 d8d7 d6c7\tQd6+ Kd7 Qc7#");
    let err = check(&line).unwrap_err();
    assert!(matches!(&err, Refusal::Line(LineError::Move { ply: 1, .. })), "{err}");
    assert!(err.to_string().starts_with("move 2 of the solution, 'd8d7', is not legal"), "{err}");
}

#[test]
fn a_move_that_does_not_win_is_refused() {
    let line = CLASSIC.replace("d4d5\td5#", "a2a3\ta3");
    let err = check(&line).unwrap_err();
    assert!(matches!(&err, Refusal::WrongMove { ply: 0, .. }), "{err}");
    assert_eq!(err.to_string(), "move 1: a3 does not win, d5# does");
    let line = PORTHOLE.replace("f4d6 d8c8 d6c7\tQd6+ Kc8 Qc7#", "f4f6\tQxf6+");
    assert!(matches!(check(&line), Err(Refusal::NoWin { ply: 0, moves: Some(1) })));
}

#[test]
fn the_seeded_generator_finds_puzzles_that_check_proves() {
    // Two games, looked at from their 24th ply to their 40th.
    let settings = GenerateSettings { seed: 7, first_ply: 24, max_plies: 40, ..GenerateSettings::default() };
    let mut judge = Judge::new(Effort::GENERATE);
    let found: Vec<Puzzle> =
        (0..2).flat_map(|i| generate_game(GameKind::Porthole, i, &settings, &mut judge).puzzles).collect();
    assert!(!found.is_empty(), "no puzzle in two games");
    let mut judge = self::judge();
    for p in &found {
        assert_eq!(judge.check_puzzle(p), Ok(()), "{}", p.to_line());
        assert_eq!(Puzzle::parse(&p.to_line()).as_ref(), Ok(p));
    }
}

/// A Porthole position where Nc7+ forks the king and the rook; written
/// as a material puzzle whose line `resolve` finds.
const FORK_FEN: &str = "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1 -";

/// A material puzzle of `fen` with the solution `moves` (`san`).
fn material(fen: &str, moves: &str, san: &str) -> Puzzle {
    Puzzle::parse(&format!("m1\tporthole\t{fen}\t{moves}\t{san}\t1000\tcheck wins-material\t10")).unwrap()
}

#[test]
fn a_portal_fork_is_solved_by_the_material_search_named_and_proved_again() {
    let found = wormhole::puzzles::resolve(&material(FORK_FEN, "b5c7", "Nc7+"), &mut judge()).unwrap();
    assert_eq!(found.san.first().map(String::as_str), Some("Nc7+"), "{}", found.to_line());
    assert_eq!(found.san.last().map(String::as_str), Some("Nxa8"), "{}", found.to_line());
    assert!(found.themes.contains(&Theme::WinsMaterial) && found.themes.contains(&Theme::Fork), "{:?}", found.themes);
    assert_eq!(Goal::of(&found), Goal::Material);
    assert_eq!(judge().check_puzzle(&found), Ok(()));
    // The check re-proves it: another first move is refused by name.
    let wrong = material(FORK_FEN, "b5d6", "Nd6+");
    assert_eq!(judge().check_puzzle(&wrong).unwrap_err().to_string(), "move 1: Nd6+ does not win, Nc7+ does");
}

#[test]
fn a_material_puzzle_with_two_winning_moves_is_refused() {
    // Either knight takes the queen.
    let fen = "4k3/8/8/3q4/8/2N1N3/8/4K3 w - - 0 1 -";
    let err = judge().check_puzzle(&material(fen, "c3d5", "Ncxd5")).unwrap_err();
    assert!(matches!(&err, Refusal::NotUnique { ply: 0, .. }), "{err}");
    // A line that stops before the gain shows is refused too.
    let err = judge().check_puzzle(&material(FORK_FEN, "b5c7", "Nc7+")).unwrap_err();
    assert!(matches!(&err, Refusal::Unclear { ply: 0 }), "{err}");
}
