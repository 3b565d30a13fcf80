//! The shared engine playing Two-board portal chess: mate across the
//! boards, the self-mate beyond the horizon avoided, forced moves and
//! passes searched as moves, mate and stalemate at a node without moves,
//! and the search's null move (swap side and board; refused while an
//! intent is pending).

use std::sync::atomic::AtomicBool;

use wormhole::engine::{Engine, EngineOptions, Limits, Score, SearchHooks, SearchResult};
use wormhole::rules::Rules;
use wormhole::twoboard::{Move, Position};

fn search(fen: &str, d: u32) -> (Position, SearchResult<Move>) {
    let pos = Position::from_fen(fen).unwrap();
    let mut engine = Engine::new(EngineOptions { hash_mb: 4, ..EngineOptions::default() });
    let limits = Limits { depth: Some(d), ..Limits::default() };
    let result = engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
    (pos, result)
}

#[test]
fn mates_across_the_boards() {
    let (pos, result) = search("7K/8/8/7n/8/8/8/7r|k7/8/8/8/8/8/8/1N6 b B -|- -|- bAh5 0 39", 3);
    assert_eq!(result.info.score, Score::Win(1));
    assert_eq!(pos.san(result.best_move.unwrap()), "NAh5>Bh5#");
}

#[test]
fn avoids_the_self_mate_beyond_the_horizon() {
    // B:Ka4^ is legal, but White's teleport then mates the king in transit.
    let (pos, result) = search("8/8/8/8/R2Q4/8/8/4K3|8/8/8/8/k7/8/8/8 b B -|- -|- wAa4 1 10", 4);
    let best = pos.san(result.best_move.unwrap());
    assert_ne!(best, "B:Ka4^");
    assert!(best.starts_with("B:K"), "{best}");
}

#[test]
fn plays_a_forced_move_or_a_pass_like_any_other() {
    let (_, lost) = search("r7/8/8/8/8/8/8/4K3|7k/8/8/7R/8/8/8/8 b A -|- -|- bBh5! 0 21", 4);
    assert_eq!(lost.best_move, Some(Move::NULL));
    let (pos, teleport) = search("r7/8/8/8/8/8/8/4K3|7k/8/8/7n/8/7R/8/8 b A -|- -|- bBh5 2 21", 4);
    assert_eq!(pos.san(teleport.best_move.unwrap()), "NBh5>Ah5");
}

#[test]
fn a_side_with_no_move_is_mated_or_stalemated() {
    let (_, mated) = search("7K/8/8/8/8/8/8/7r|k7/8/8/7n/8/8/8/1N6 w B -|- -|- - 1 40", 3);
    assert_eq!((mated.best_move, mated.info.score), (None, Score::Loss(0)));
    let (_, stalemated) = search("7K/5q2/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w A -|- -|- - 0 40", 3);
    assert_eq!((stalemated.best_move, stalemated.info.score), (None, Score::Cp(0)));
}

#[test]
fn the_null_move_swaps_side_and_board_and_waits_for_no_intent() {
    let mut pos = Position::new();
    assert!(pos.may_pass());
    let before = (pos.fen(), pos.hash());
    SearchHooks::pass(&mut pos);
    assert_eq!(
        pos.fen(),
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR b B KQ|kq -|- - 0 1"
    );
    assert_eq!(pos.hash(), pos.hash_from_scratch());
    SearchHooks::pass(&mut pos);
    assert_eq!((pos.fen(), pos.hash()), before);
    let intent = Position::from_fen("r7/8/8/8/8/8/8/4K3|7k/8/8/7n/8/7R/8/8 b A -|- -|- bBh5 2 21").unwrap();
    assert!(!intent.may_pass());
}

#[test]
fn sees_a_repetition_over_both_boards() {
    // White is a queen up; the boards hold different numbers of pieces.
    // The knights go out and back on both boards: eight plies, and A:Nb8
    // returns to the first position, a draw Black is glad of.
    let start = "1n6/8/8/8/8/8/8/3QK1N1|1n2k3/8/8/8/8/8/8/6N1 w A -|- -|- - 0 1";
    let cycle = ["A:Nf3", "B:Nc6", "B:Nf3", "A:Nc6", "A:Ng1", "B:Nb8"];
    let mut pos = Position::from_fen(start).unwrap();
    let mut history = Vec::new();
    for san in cycle {
        history.push(pos.hash());
        pos.play(pos.parse_move(san).unwrap()).unwrap();
    }
    // White must play B:Ng1; Black then has A:Nb8, back to the start.
    let limits =
        Limits { depth: Some(2), searchmoves: vec![pos.parse_move("B:Ng1").unwrap()], history, ..Limits::default() };
    let mut engine = Engine::new(EngineOptions { hash_mb: 4, ..EngineOptions::default() });
    let result = engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
    assert_eq!(result.info.score, Score::Cp(0), "{:?}", result.info);
}
