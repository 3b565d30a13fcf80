//! The engine in Wormhole chess: what the generic harness of `engine.rs`
//! does not say (the win of a mate in one is a checkmate, a win by leaving
//! no move, the loser resisting longest, how often weak levels take a
//! free piece). The forced wins themselves are checked there.

use std::sync::atomic::AtomicBool;

use wormhole::engine::{Engine, EngineOptions, Level, Limits, Score, SearchResult};
use wormhole::{Move, Position, Rules, Variant};

fn engine() -> Engine {
    Engine::new(EngineOptions { hash_mb: 4, ..EngineOptions::default() })
}

fn search(engine: &mut Engine, pos: &Position, limits: Limits<Move>) -> SearchResult<Move> {
    engine.search(pos, &limits, &AtomicBool::new(false), &mut |_| {})
}

fn depth(d: u32) -> Limits<Move> {
    Limits { depth: Some(d), ..Limits::default() }
}

#[test]
fn weak_levels_prefer_good_moves_but_not_always() {
    // White's queen on d4 can take the undefended knight on d6.
    let pos = Position::from_fen("4k3/8/3n4/8/3Q4/8/8/4K3 w 0", Variant::Classic).unwrap();
    let takes = |level: Level, seed: u64| {
        let mut e = Engine::new(EngineOptions { level, seed: Some(seed), hash_mb: 1, ..EngineOptions::default() });
        search(&mut e, &pos, Limits::default()).best_move.unwrap().to_string() == "d4d6"
    };
    let legal = pos.legal_moves().len() as u64;
    let seeds = 60;
    let newcomer = (0..seeds).filter(|&seed| takes(Level::MIN, seed)).count() as u64;
    // More often than a random mover, but far from always: a newcomer can win.
    assert!(newcomer * legal >= 2 * seeds && newcomer < seeds / 2, "level 1 took it {newcomer} times of {seeds}");
    let learner = Level::new(3).unwrap();
    let taken = (0..seeds).filter(|&seed| takes(learner, seed)).count() as u64;
    assert!(taken * legal >= 3 * seeds && taken < seeds, "level 3 took it {taken} times of {seeds}");
    let club = Level::new(7).unwrap();
    assert_eq!(club.name(), "club player");
    assert!((0..5).all(|seed| takes(club, seed)), "the club player always takes it");
}

#[test]
fn the_mate_in_one_is_a_checkmate() {
    let pos =
        Position::from_fen("rxbqxknr/pxxxxxxp/1px4x/2npxppx/2xp3x/N4PKN/PPxxPxPx/RxBQxBxR b 21", Variant::Classic)
            .unwrap();
    let after = pos.after(search(&mut engine(), &pos, depth(3)).best_move.unwrap());
    assert!(after.is_check() && !after.has_legal_move());
}

#[test]
fn finds_win_by_leaving_no_move() {
    let fen = "xxxxxkxx/xxxxxxxR/xpxxx2x/xxxxxxKx/xxxpxqxx/xx1x1xxx/xPxxPxBx/xxBxxxxx w 50";
    let pos = Position::from_fen(fen, Variant::Classic).unwrap();
    // Every immediate win here leaves Black not in check but without a move.
    let wins: Vec<Move> = pos.legal_moves().iter().copied().filter(|&m| !pos.after(m).has_legal_move()).collect();
    assert!(!wins.is_empty());
    assert!(wins.iter().all(|&m| !pos.after(m).is_check()));
    let m = search(&mut engine(), &pos, depth(3)).best_move.unwrap();
    assert!(wins.contains(&m));
}

#[test]
fn proves_a_loss_and_resists_longest() {
    // After the winning move of the mate in two, the loser sees its loss in two plies.
    let fen = "rxxqxknr/pxxxxxxp/1px1b2x/1Nnpxppx/2xp3x/x4PKN/PPxxPxPx/RxBQxBxR b 23";
    let pos = Position::from_fen(fen, Variant::Classic).unwrap();
    let m = search(&mut engine(), &pos, depth(5)).best_move.unwrap();
    let lost = pos.after(m);
    let r = search(&mut engine(), &lost, depth(6));
    assert_eq!(r.info.score, Score::Loss(2));
    assert!(lost.is_legal(r.best_move.unwrap()));
}

#[test]
fn beside_the_prover_the_search_uses_the_whole_move_time() {
    // On two threads the prover has one and runs for the whole move; the
    // search on the other, past half the time, starts new iterations
    // anyway and stops at the end, rather than leave its thread idle.
    // (Fairy: its prover runs from the first move.)
    let pos = Position::new(Variant::Fairy);
    let movetime = std::time::Duration::from_millis(300);
    let mut e = Engine::new(EngineOptions { hash_mb: 8, threads: 2, ..EngineOptions::default() });
    let result = search(&mut e, &pos, Limits { movetime: Some(movetime), ..Limits::default() });
    assert!(result.best_move.is_some_and(|m| pos.legal_moves().contains(&m)));
    assert!(!result.info.score.is_proved(), "the start is not settled in 0.3 s");
    assert!(result.info.time >= movetime, "the search stopped after {:?} of {movetime:?}", result.info.time);
}
