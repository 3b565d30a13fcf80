//! Porthole chess's evaluation: colour-symmetric, the weighted sum of its
//! term counts, and the porthole terms count what they say.

use rand::RngExt;
use wormhole::porthole::eval::{self, CHECK_PORTHOLES, EvalParams, KING_PORTHOLES, ON_PORTHOLE, PASSED};
use wormhole::porthole::{Move, Position};
use wormhole::rules::Evaluate;

mod common;

/// The same position with colours swapped and the board flipped top to
/// bottom (castling rights and tokens too).
fn mirror(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let swap = |c: char| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() };
    let placement: Vec<String> = f[0].split('/').rev().map(|rank| rank.chars().map(swap).collect()).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling: String = if f[2] == "-" { "-".into() } else { f[2].chars().map(swap).collect() };
    let flip_rank = |token: &str| {
        let (sq, height) = token.split_at(2);
        let rank = (b'1' + b'8' - sq.as_bytes()[1]) as char;
        format!("{}{rank}{height}", &sq[..1])
    };
    let tokens = if f[6] == "-" { "-".into() } else { f[6].split(',').map(flip_rank).collect::<Vec<_>>().join(",") };
    format!("{} {side} {castling} - {} {} {tokens}", placement.join("/"), f[4], f[5])
}

/// Positions of random games from the default start.
fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = common::rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::new();
        for _ in 0..plies {
            let moves: Vec<Move> = pos.legal_moves().iter().collect();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            out.push(pos.clone());
        }
    }
    out
}

#[test]
fn evaluation_is_symmetric_and_the_sum_of_its_terms() {
    let params = EvalParams::default();
    for pos in random_positions(7, 20, 60) {
        let fen = pos.fen();
        let flipped = Position::from_fen(&mirror(&fen)).unwrap_or_else(|e| panic!("{}: {e}", mirror(&fen)));
        for positional in [false, true] {
            assert_eq!(
                eval::evaluate(&pos, &params, positional),
                eval::evaluate(&flipped, &params, positional),
                "{fen}"
            );
        }
        let dot: i32 = eval::features(&pos).iter().zip(params.weights.iter()).map(|(f, w)| f * w).sum();
        assert_eq!(eval::evaluate(&pos, &params, true), dot, "{fen}");
        assert_eq!(pos.eval_features(), eval::features(&pos).to_vec());
    }
}

#[test]
fn porthole_terms_count_what_they_say() {
    // White's king on g1 has an open porthole beside it (h1) and one on its
    // file (g4); Black's knight can enter d4, so a black piece could arrive
    // on either. Black's king has none on its lines. White is to move:
    // counts are White's minus Black's.
    let pos = Position::from_fen("4k3/8/2n5/8/8/8/5P2/6K1 w - - 0 1 g4,d4,a3,h1").unwrap();
    let f = eval::features(&pos);
    assert_eq!(f[KING_PORTHOLES.start], 1, "h1 beside the king");
    assert_eq!(f[CHECK_PORTHOLES.start], 2, "h1 and g4");
    assert_eq!(f[ON_PORTHOLE.start], 0);
    assert_eq!(f[PASSED.start], 1, "Black has no pawn");
    // With the pawn on the porthole at f2 instead, it stands on one.
    let pos = Position::from_fen("4k3/8/2n5/8/8/8/5P2/6K1 w - - 0 1 g4,d4,f2,h1").unwrap();
    assert_eq!(eval::features(&pos)[ON_PORTHOLE.start], 1);
}
