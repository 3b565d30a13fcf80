//! Wormhole chess's evaluation sees material and mobility. Its symmetry,
//! its terms and their weights are checked in the harness of `eval.rs`.

use wormhole::eval::{EvalParams, evaluate};
use wormhole::{Position, Variant};

#[test]
fn evaluation_counts_material_and_mobility() {
    let params = EvalParams::default();
    // White has an extra knight.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/1N2K3 w 0", Variant::Classic).unwrap();
    assert!(evaluate(&pos, &params, true) > 200);
    // Same material, but the white knight on a1 is cut off: holes fill its
    // file and rank to the edge, so it has no step to start a move with.
    let free = Position::from_fen("4k2K/8/8/8/8/8/8/N7 w 0", Variant::Classic).unwrap();
    let walled = Position::from_fen("4k2K/x7/x7/x7/x7/x7/x7/Nxxxxxxx w 14", Variant::Classic).unwrap();
    assert!(walled.legal_moves().iter().all(|m| m.from().to_string() != "a1"));
    assert!(evaluate(&walled, &params, true) < evaluate(&free, &params, true));
}
