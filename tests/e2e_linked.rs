//! End-to-end tests of Linked-portal chess in the terminal app: the real
//! binary in a pseudo-terminal, keys typed and squares clicked as a person
//! would. A move through the portal, a portal move and a black hole.

mod common;

use std::time::Duration;

use common::pty::{PAWN, PtySession, centre};

/// The marks of White's and Black's portal in the corner under a piece (theme.rs).
const WHITE_PORTAL: &str = "○";
const BLACK_PORTAL: &str = "◉";
/// The middle rows of the figures of White's, Black's and frozen empty
/// portals on the 9x4 squares of 120x40 (figures.rs): an open ring, a
/// full disc, a cross.
const WHITE_PORTAL_FIGURE: &str = "█   █";
const BLACK_PORTAL_FIGURE: &str = "█████";
const FROZEN_FIGURE: &str = " ▐█▌ ";

/// Whether `square` shows the portal whose corner mark is `mark` and
/// whose figure is `figure`: empty, as a figure; under a piece, the mark.
fn portal_on(s: &PtySession, square: &str, mark: &str, figure: &str) -> bool {
    let cells = s.square(square, false);
    cells.contains(mark) || cells.contains(figure)
}

fn white_portal_on(s: &PtySession, square: &str) -> bool {
    portal_on(s, square, WHITE_PORTAL, WHITE_PORTAL_FIGURE)
}

fn black_portal_on(s: &PtySession, square: &str) -> bool {
    portal_on(s, square, BLACK_PORTAL, BLACK_PORTAL_FIGURE)
}

/// A left click on a square: SGR press and release, 1-based coordinates.
fn click(s: &mut PtySession, square: &str) {
    let (row, col) = centre(square, false);
    s.send(format!("\x1b[<0;{};{}M\x1b[<0;{};{}m", col + 1, row + 1, col + 1, row + 1).as_bytes());
    std::thread::sleep(Duration::from_millis(50));
}

fn start(fen: Option<&str>) -> PtySession {
    let mut args = vec!["--variant", "linked", "--hotseat"];
    if let Some(fen) = fen {
        args.extend(["--fen", fen]);
    }
    PtySession::start(&args)
}

#[test]
fn typing_e4_plays_e4_a5_and_the_pawn_comes_out_on_a5() {
    let mut s = start(None);
    let screen = s.wait_for("White to move >");
    assert!(screen.contains("Linked-portal chess"), "{screen}");
    // Empty, each portal is a figure across its square (issue 41: one small
    // character was hard to see, Black's above all on a dark square).
    assert!(s.square("e4", false).contains(WHITE_PORTAL_FIGURE), "{screen}");
    assert!(s.square("a5", false).contains(BLACK_PORTAL_FIGURE), "{screen}");
    // Its one meaning is played as typed: the pawn goes in at e4 and out at a5.
    s.enter("e4");
    let screen = s.wait_for("Black to move >");
    assert!(screen.contains("1. e4>a5"), "{screen}");
    assert!(s.square("a5", false).contains(PAWN), "{screen}");
    assert!(black_portal_on(&s, "a5"), "the portal in the corner under the pawn:\n{screen}");
    assert!(!s.square("e4", false).contains(PAWN), "{screen}");
    assert!(!s.square("e2", false).contains(PAWN), "{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn a_portal_move_typed_z_at_moves_the_portal_mark() {
    let mut s = start(None);
    s.wait_for("White to move >");
    s.enter("Z@d3");
    let screen = s.wait_for("Black to move >");
    assert!(screen.contains("1. Z@d3"), "{screen}");
    assert!(white_portal_on(&s, "d3"), "{screen}");
    assert!(!white_portal_on(&s, "e4"), "{screen}");
    s.enter("Z@b5");
    let screen = s.wait_for("White to move >");
    assert!(screen.contains("Z@b5"), "{screen}");
    assert!(black_portal_on(&s, "b5"), "{screen}");
    assert!(!black_portal_on(&s, "a5"), "{screen}");
    // The portals now join d3 and b5: the e-pawn's single step is plain.
    s.enter("e3");
    let screen = s.wait_for("Moves (3)");
    assert!(screen.contains("2. e3"), "{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn a_black_hole_names_the_swallowed_pieces_and_clears_them() {
    // White's portal on d4 steps onto Black's on e5: the pieces on d4-f6
    // go; the pawns on a2, a7 and the kings stay, so the game goes on.
    let fen = "6k1/p7/3p1n2/8/4N3/8/P7/6K1 w - - 0 1 d4,e5";
    let mut s = start(Some(fen));
    s.wait_for("White to move >");
    s.enter("Z@e5");
    let screen = s.wait_for("black hole on e5");
    // The message may wrap onto a second line.
    let flat = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    for needle in ["the White knight on e4", "the Black pawn on d6", "the Black knight on f6", "the portals are frozen"]
    {
        assert!(flat.contains(needle), "{needle} missing:\n{screen}");
    }
    assert!(screen.contains("Black to move >"), "{screen}");
    for sq in ["e4", "d6", "f6"] {
        assert_eq!(s.square(sq, false).trim(), "", "{sq} is empty:\n{screen}");
    }
    assert!(s.square("e5", false).contains(FROZEN_FIGURE), "the frozen portals:\n{screen}");
    assert!(s.square("a2", false).contains(PAWN) && s.square("a7", false).contains(PAWN), "{screen}");
    let (status, out, _) = s.quit();
    assert!(status.success());
    assert!(out.contains("FEN: 6k1/p7/8/8/8/8/P7/6K1 b - - 0 1 e5,e5"), "{out}");
}

#[test]
fn clicks_play_a_move_through_the_portal_and_a_portal_step() {
    let mut s = start(None);
    s.wait_for("White to move >");
    click(&mut s, "e2");
    click(&mut s, "a5");
    let screen = s.wait_for("Black to move >");
    assert!(screen.contains("1. e4>a5"), "{screen}");
    assert!(s.square("a5", false).contains(PAWN), "{screen}");
    s.enter("Nf6");
    s.wait_for("White to move >");
    // White clicks his portal, then a neighbouring square.
    click(&mut s, "e4");
    click(&mut s, "d3");
    let screen = s.wait_for("Black to move >");
    assert!(screen.contains("2. Z@d3"), "{screen}");
    assert!(white_portal_on(&s, "d3"), "{screen}");
    assert!(!white_portal_on(&s, "e4"), "{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}
