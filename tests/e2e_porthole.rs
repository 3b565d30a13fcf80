//! End-to-end tests of Porthole chess in the terminal app: the real binary
//! in a pseudo-terminal, keys typed as a person would.

mod common;

use common::pty::{self, PAWN, PORTHOLE, PtySession};

#[test]
fn a_porthole_move_typed_in_san_after_the_exits_are_listed() {
    let mut s = PtySession::start(&["--variant", "porthole", "--hotseat"]);
    let screen = s.wait_for("White to move >");
    assert!(screen.contains("Porthole chess"), "{screen}");
    // The empty portholes carry their mark; c4 is one.
    assert!(s.square("c4", false).contains(PORTHOLE), "{screen}");
    s.enter("f3");
    s.wait_for("Black to move >");
    s.enter("e5");
    s.wait_for("White to move >");
    // Typing the entry lists the seven exits.
    s.send(b"fg4");
    let screen = s.wait_for("fg4>c4");
    for exit in ["fg4>b4", "fg4>b5", "fg4>c5", "fg4>f4", "fg4>f5", "fg4>g5"] {
        assert!(screen.contains(exit), "{exit} missing:\n{screen}");
    }
    s.send(b">c4\r");
    let screen = s.wait_for("Black to move >");
    assert!(screen.contains("2. fg4>c4"), "{screen}");
    // The pawn came out at c4; g4's token went to f3, where the pawn was.
    assert!(s.square("c4", false).contains(PAWN), "{screen}");
    assert!(s.square("f3", false).contains(PORTHOLE), "{screen}");
    let (status, _, _) = s.quit();
    assert!(status.success());
}

#[test]
fn a_draw_by_repetition_is_shown_and_saved_as_half_a_point_with_the_reason() {
    let mut s = PtySession::start(&["--variant", "porthole", "--hotseat", "--ascii"]);
    s.wait_for("White to move >");
    for (i, text) in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"].iter().enumerate() {
        s.enter(text);
        s.wait_until("the move in the list", |sc| sc.contains(&format!("Moves ({})", i + 1)));
    }
    let screen = s.wait_for("draw by threefold repetition");
    assert!(screen.contains("1/2-1/2"), "{screen}");
    s.send(b"\x13"); // Ctrl-S
    s.wait_for("saved to");
    s.send(b"\x03");
    let exit = s.exit_within(pty::TIMEOUT);
    assert!(exit.status.success());
    let saved = exit.saved;
    assert_eq!(saved.len(), 1, "{saved:?}");
    let text = &saved[0].1;
    for tag in ["[Result \"1/2-1/2\"]", "[Variant \"Porthole\"]", "[Termination \"draw by threefold repetition\"]"] {
        assert!(text.contains(tag), "{tag} missing:\n{text}");
    }
    assert!(text.contains("4. Ng1 Ng8 1/2-1/2"), "{text}");
}
