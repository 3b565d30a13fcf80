//! The shared engine playing Linked-portal chess: mate through the portal,
//! a black hole that wins material, the evaluation as a weighted sum of its
//! features, and the game end scored by the search.

use std::sync::atomic::AtomicBool;

use wormhole::engine::{Engine, EngineOptions, Limits, Score, SearchResult};
use wormhole::linked::{EvalParams, Move, Position, eval};
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

#[test]
fn the_evaluation_is_the_weighted_sum_of_its_features() {
    let params = EvalParams::default();
    for fen in include_str!("data/linked.epd").lines().filter_map(|l| l.split(';').next()) {
        let pos = Position::from_fen(fen.trim()).unwrap();
        let features = eval::features(&pos);
        let sum: i32 = features.iter().zip(params.weights).map(|(f, w)| f * w).sum();
        assert_eq!(sum, pos.evaluate(&params, true), "{fen}");
        assert_eq!(pos.evaluate(&params, false), pos.material(&params), "{fen}");
    }
}

/// The same position with colours swapped and the board flipped top to
/// bottom (castling rights, en passant square and portals too).
fn mirror(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let swap = |c: char| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() };
    let placement: Vec<String> = f[0].split('/').rev().map(|rank| rank.chars().map(swap).collect()).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling: String = if f[2] == "-" { "-".into() } else { f[2].chars().map(swap).collect() };
    let flip = |sq: &str| format!("{}{}", &sq[..1], (b'1' + b'8' - sq.as_bytes()[1]) as char);
    let ep = if f[3] == "-" { "-".into() } else { flip(f[3]) };
    let portals = match f[6].split_once(',') {
        Some((w, b)) => format!("{},{}", flip(b), flip(w)),
        None => "-".into(),
    };
    format!("{} {side} {castling} {ep} {} {} {portals}", placement.join("/"), f[4], f[5])
}

#[test]
fn the_evaluation_is_colour_symmetric() {
    let params = EvalParams::default();
    for fen in include_str!("data/linked.epd").lines().filter_map(|l| l.split(';').next()) {
        let pos = Position::from_fen(fen.trim()).unwrap();
        let flipped = Position::from_fen(&mirror(fen.trim())).unwrap();
        assert_eq!(pos.evaluate(&params, true), flipped.evaluate(&params, true), "{fen}");
        assert_eq!(pos.legal_moves().len(), flipped.legal_moves().len(), "{fen}");
    }
}
