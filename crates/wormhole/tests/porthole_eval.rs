//! Porthole chess's evaluation: the porthole terms count what they say.
//! Its symmetry and its terms times weights are checked in the harness of
//! `eval.rs`.

use wormhole::engine::orthodox_eval::{PASSED_EG, PHASE_MAX};
use wormhole::porthole::Position;
use wormhole::porthole::eval::{self, CHECK_PORTHOLES, KING_PORTHOLES, ON_PORTHOLE, PASSED};
use wormhole::rules::Evaluate;

#[test]
fn porthole_terms_count_what_they_say() {
    // White's king on g1 has an open porthole beside it (h1) and one on its
    // file (g4); Black's knight can enter d4, so a black piece could arrive
    // on either. Black's king has none on its lines. White is to move:
    // counts are White's minus Black's.
    let pos = Position::from_fen("4k3/8/2n5/8/8/8/5P2/6K1 w - - 0 1 g4,d4,a3,h1").unwrap();
    let f = eval::features(&pos);
    let scale = Position::FEATURE_SCALE;
    assert_eq!(pos.eval_features(), f.to_vec());
    assert_eq!(f[KING_PORTHOLES.start], scale, "h1 beside the king");
    assert_eq!(f[CHECK_PORTHOLES.start], 2 * scale, "h1 and g4");
    assert_eq!(f[ON_PORTHOLE.start], 0);
    // A passed pawn on its second rank, tapered: its middlegame count by
    // the phase (Black's knight's 1 of PHASE_MAX), its endgame count by the
    // endgame scale of the side ahead there, Black, whose lone knight
    // cannot win: nothing.
    assert_eq!((f[PASSED.at(1)], f[PASSED_EG.at(1)]), (scale / PHASE_MAX, 0), "Black has no pawn");
    // With the pawn on the porthole at f2 instead, it stands on one.
    let pos = Position::from_fen("4k3/8/2n5/8/8/8/5P2/6K1 w - - 0 1 g4,d4,f2,h1").unwrap();
    assert_eq!(eval::features(&pos)[ON_PORTHOLE.start], scale);
}
