//! The shared engine playing Linked-portal chess, beyond the harnesses of
//! `engine.rs` and `eval.rs`: mate through the portal written as SAN, a
//! black hole that leaves king against king scored a draw, and the
//! material-only evaluation.

use std::sync::atomic::AtomicBool;

use wormhole::engine::{Engine, EngineOptions, Limits, Score, SearchResult};
use wormhole::linked::{EvalParams, Move, Position};
use wormhole::rules::Evaluate;

fn search(fen: &str, d: u32) -> (Position, SearchResult<Move>) {
    let pos = Position::from_fen(fen).unwrap();
    let mut engine = Engine::new(EngineOptions { hash_mb: 4, ..EngineOptions::default() });
    let limits = Limits { depth: Some(d), ..Limits::default() };
    let result = engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
    (pos, result)
}

#[test]
fn mates_through_the_portal() {
    let (pos, result) = search("7k/6pp/8/8/8/8/5PPP/R5K1 w - - 0 1 a4,e5", 4);
    assert_eq!(result.info.score, Score::Win(1));
    assert_eq!(pos.san(result.best_move.unwrap()), "Ra4>e8#");
}

#[test]
fn a_black_hole_that_leaves_king_against_king_is_a_draw() {
    // A bare king against queen and rook: the black hole Z@e5 swallows both
    // (d4 to f6), a draw by king against king, which the search finds.
    let (pos, result) = search("6k1/8/3q1r2/8/8/8/8/6K1 w - - 0 1 d4,e5", 3);
    assert_eq!(pos.san(result.best_move.unwrap()), "Z@e5");
    assert_eq!(result.info.score, Score::Cp(0));
}

/// The evaluation without positional terms is the material balance (that
/// the positional one is the sum of its terms, and symmetric, is checked
/// in `eval.rs`).
#[test]
fn the_material_evaluation_is_the_material() {
    let params = EvalParams::default();
    for fen in include_str!("data/linked.epd").lines().filter_map(|l| l.split(';').next()) {
        let pos = Position::from_fen(fen.trim()).unwrap();
        assert_eq!(pos.evaluate(&params, false), pos.material(&params), "{fen}");
    }
}
