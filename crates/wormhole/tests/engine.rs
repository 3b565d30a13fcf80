//! Engine tests: legal moves only, forced wins found and proved, stop obeyed,
//! deterministic node counts, levels.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use wormhole::engine::{Engine, EngineOptions, Event, Level, Limits, Score, SearchResult, SearchThread};
use wormhole::{Move, Position, Variant};

mod common;

fn engine() -> Engine {
    Engine::new(EngineOptions { hash_mb: 4, ..EngineOptions::default() })
}

fn search(engine: &mut Engine, pos: &Position, limits: Limits<Move>) -> SearchResult<Move> {
    engine.search(pos, &limits, &AtomicBool::new(false), &mut |_| {})
}

fn depth(d: u32) -> Limits<Move> {
    Limits { depth: Some(d), ..Limits::default() }
}

/// Whether the side to move at `pos` can force the opponent out of moves
/// within `plies` plies: a plain exhaustive search, independent of the engine.
fn forced_win(pos: &Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    pos.legal_moves().iter().any(|&m| {
        let next = pos.after(m);
        let replies = next.legal_moves();
        replies.is_empty() || (plies >= 3 && replies.iter().all(|&r| forced_win(&next.after(r), plies - 2)))
    })
}

#[test]
fn never_returns_an_illegal_move() {
    let mut rng = common::rng(0x1234_5678);
    for variant in Variant::ALL {
        let mut e = engine();
        for game in 0..6 {
            let mut pos = Position::new(variant);
            let mut searched = 0;
            while pos.has_legal_move() {
                // Search every few plies with a tiny budget, from random play.
                if pos.plies() % 3 == game % 3 {
                    let limits = Limits { nodes: Some(1500), ..Limits::default() };
                    let r = search(&mut e, &pos, limits);
                    let m = r.best_move.expect("a legal move exists");
                    assert!(pos.is_legal(m), "{m} is illegal in {}", pos.fen());
                    searched += 1;
                }
                pos.play_unchecked(common::random_move(&pos, &mut rng).expect("the loop checked"));
            }
            assert!(searched > 0);
            // The final position has no legal move: no move, and a loss now.
            let r = search(&mut e, &pos, depth(3));
            assert_eq!(r.best_move, None, "{}", pos.fen());
            assert_eq!(r.info.score, Score::Loss(0));
        }
    }
}

#[test]
fn weak_levels_play_legal_moves_reproducibly() {
    let pos =
        Position::from_fen("rnbqkxxr/xpxpxxpx/2xbpn1p/pP3P2/xx1Px3/x2B4/xxPxxPPP/RNBQKxNR b 17", Variant::Classic)
            .unwrap();
    for level in Level::all().take(9) {
        let mut a = Engine::new(EngineOptions { level, seed: Some(7), hash_mb: 1, ..EngineOptions::default() });
        let mut b = Engine::new(EngineOptions { level, seed: Some(7), hash_mb: 1, ..EngineOptions::default() });
        let limits = Limits { movetime: Some(Duration::from_secs(5)), nodes: Some(5_000), ..Limits::default() };
        let ma = search(&mut a, &pos, limits.clone()).best_move.unwrap();
        let mb = search(&mut b, &pos, limits).best_move.unwrap();
        assert!(pos.is_legal(ma));
        assert_eq!(ma, mb, "level {level} with a seed is reproducible");
    }
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

fn assert_wins_in(fen: &str, variant: Variant, plies: u32) -> Move {
    let pos = Position::from_fen(fen, variant).unwrap();
    let r = search(&mut engine(), &pos, depth(plies + 2));
    assert_eq!(r.info.score, Score::Win(plies), "{fen}");
    let m = r.best_move.unwrap();
    // Checked independently of the engine: the move forces the win.
    let next = pos.after(m);
    let replies = next.legal_moves();
    assert!(replies.is_empty() || replies.iter().all(|&r| forced_win(&next.after(r), plies - 2)), "{m} in {fen}");
    m
}

#[test]
fn finds_mate_in_one() {
    let m = assert_wins_in("rxbqxknr/pxxxxxxp/1px4x/2npxppx/2xp3x/N4PKN/PPxxPxPx/RxBQxBxR b 21", Variant::Classic, 1);
    let after =
        Position::from_fen("rxbqxknr/pxxxxxxp/1px4x/2npxppx/2xp3x/N4PKN/PPxxPxPx/RxBQxBxR b 21", Variant::Classic)
            .unwrap()
            .after(m);
    assert!(after.is_check() && !after.has_legal_move());
    assert_wins_in("xxxmxxxx/xxpxppxp/xxk4P/xwpxx1x1/3Ppxx1/Nxxxx3/PPPPxxxP/xxxxKxNx w 32", Variant::Fairy, 1);
}

#[test]
fn finds_win_by_leaving_no_move() {
    let fen = "xxxxxkxx/xxxxxxxR/xpxxx2x/xxxxxxKx/xxxpxqxx/xx1x1xxx/xPxxPxBx/xxBxxxxx w 50";
    let pos = Position::from_fen(fen, Variant::Classic).unwrap();
    // Every immediate win here leaves Black not in check but without a move.
    let wins: Vec<Move> = pos.legal_moves().iter().copied().filter(|&m| !pos.after(m).has_legal_move()).collect();
    assert!(!wins.is_empty());
    assert!(wins.iter().all(|&m| !pos.after(m).is_check()));
    let m = assert_wins_in(fen, Variant::Classic, 1);
    assert!(wins.contains(&m));
}

#[test]
fn finds_mate_in_two() {
    assert_wins_in("rxxqxknr/pxxxxxxp/1px1b2x/1Nnpxppx/2xp3x/x4PKN/PPxxPxPx/RxBQxBxR b 23", Variant::Classic, 3);
    assert_wins_in("xxxxxxxx/xpxxxxxx/ckxxxx1x/xxpxKPWx/pnxxxPxp/Pxx2xxN/xxxPxxxx/xxxxxWxx w 46", Variant::Fairy, 3);
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
fn reports_each_iteration() {
    let pos = Position::new(Variant::Fairy);
    let mut depths = Vec::new();
    let r = engine().search(&pos, &depth(4), &AtomicBool::new(false), &mut |info| {
        assert!(!info.pv.is_empty() && pos.is_legal(info.pv[0]));
        depths.push(info.depth);
    });
    assert_eq!(depths, vec![1, 2, 3, 4]);
    assert_eq!(r.info.depth, 4);
    assert!(r.info.nodes > 0);
}

#[test]
fn node_count_is_deterministic() {
    let pos =
        Position::from_fen("cnwmkwxx/xppxxpxp/5xxc/p2p2px/P2P3x/4CxPx/xPPxPPxx/CNWMKWNx b 17", Variant::Fairy).unwrap();
    let count = || {
        let mut e = engine();
        search(&mut e, &pos, depth(6)).info.nodes
    };
    assert_eq!(count(), count());
}

#[test]
fn stop_is_obeyed_quickly() {
    let pos = Position::new(Variant::Classic);
    let limits = Limits { infinite: true, ..Limits::default() };
    let thread = SearchThread::spawn(engine(), pos.clone(), limits);
    std::thread::sleep(Duration::from_millis(150));
    let asked = Instant::now();
    thread.stop();
    let deadline = asked + Duration::from_millis(500);
    let mut done = None;
    while Instant::now() < deadline {
        match thread.recv_timeout(Duration::from_millis(20)) {
            Some(Event::Done(r)) => {
                done = Some(r);
                break;
            }
            Some(Event::Info(_)) | None => {}
        }
    }
    let r = done.expect("Done arrives after stop");
    assert!(asked.elapsed() < Duration::from_millis(500));
    assert!(pos.is_legal(r.best_move.unwrap()));
    let mut e = thread.join();
    // The engine comes back usable.
    assert!(search(&mut e, &pos, depth(2)).best_move.is_some());
}

#[test]
fn respects_node_and_time_limits() {
    let pos = Position::new(Variant::Classic);
    let mut e = engine();
    let r = search(&mut e, &pos, Limits { nodes: Some(20_000), ..Limits::default() });
    assert!(r.info.nodes <= 20_000 + 4096, "{} nodes", r.info.nodes);
    let start = Instant::now();
    let r = search(&mut e, &pos, Limits { movetime: Some(Duration::from_millis(100)), ..Limits::default() });
    assert!(start.elapsed() < Duration::from_millis(400));
    assert!(r.best_move.is_some());
}
