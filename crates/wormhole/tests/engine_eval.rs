//! The evaluation is colour-symmetric and sees material and mobility.

use wormhole::engine::{EvalParams, evaluate};
use wormhole::{Position, Variant};

mod common;

/// The same position with colours swapped and the board flipped top to bottom.
fn mirror(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let placement: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .map(|c| {
                    if c == 'x' {
                        c
                    } else if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    format!("{} {} {}", placement.join("/"), side, fields[2])
}

#[test]
fn evaluation_is_symmetric() {
    let params = EvalParams::default();
    let mut rng = common::rng(99);
    for variant in Variant::ALL {
        for _ in 0..20 {
            let mut pos = Position::new(variant);
            // Random plies from the start; check every position on the way.
            while pos.plies() < 40 {
                let Some(m) = common::random_move(&pos, &mut rng) else { break };
                pos.play_unchecked(m);
                let fen = pos.fen();
                let Ok(flipped) = Position::from_fen(&mirror(&fen), variant) else { continue };
                for positional in [false, true] {
                    assert_eq!(evaluate(&pos, &params, positional), evaluate(&flipped, &params, positional), "{fen}");
                }
            }
        }
    }
}

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

#[test]
fn features_times_weights_is_the_evaluation() {
    use wormhole::engine::features;
    let params = EvalParams::default();
    let w = params.weights;
    for (fen, variant) in [
        ("rnbqkxxr/xpxpxxpx/2xbpn1p/pP3P2/xx1Px3/x2B4/xxPxxPPP/RNBQKxNR b 17", Variant::Classic),
        ("cxwxkmxx/pppxxpxx/2np1xcp/2x1W3/3xP3/x4P2/PPPxxxPP/xNxMKxNC w 18", Variant::Fairy),
    ] {
        let pos = Position::from_fen(fen, variant).unwrap();
        let f = features(&pos);
        let dot: i32 = f.iter().zip(w.iter()).map(|(a, b)| a * b).sum();
        assert_eq!(dot, evaluate(&pos, &params, true), "{fen}");
    }
}

#[test]
fn terms_cover_every_weight_once() {
    use wormhole::engine::{FEATURES, TERMS};
    let mut next = 0;
    for (i, t) in TERMS.iter().enumerate() {
        assert_eq!(t.start, next, "{} starts where the previous term ends", t.name);
        assert!(!t.doc.is_empty());
        assert!(TERMS[..i].iter().all(|u| u.name != t.name), "{} is named once", t.name);
        next += t.shape.weights();
    }
    assert_eq!(next, FEATURES);
}
