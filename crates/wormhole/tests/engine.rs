//! The engine harness, written once and run for every game: legal moves
//! only (and no move, scored as the game says, when the game is over),
//! forced wins found and checked by an exhaustive search independent of the
//! engine, one report per iteration, deterministic node counts, seeded weak
//! levels reproducible, node, time and stop limits obeyed, a search on its
//! own thread. A new game joins with one `engine_harness!` line at the end.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use wormhole::engine::{Engine, EngineOptions, Event, Features, Level, Limits, Score, SearchResult, SearchThread};
use wormhole::rules::{GameMove, GameOutcome, MoveSet};
use wormhole::{GameKind, ListedGame, Position, Rules, linked, porthole, twoboard};

mod common;

fn engine() -> Engine {
    Engine::new(EngineOptions { hash_mb: 4, ..EngineOptions::default() })
}

fn search<P: ListedGame>(engine: &mut Engine, pos: &P, limits: Limits<P::Move>) -> SearchResult<P::Move> {
    engine.search(pos, &limits, &AtomicBool::new(false), &mut |_| {})
}

fn depth<M>(d: u32) -> Limits<M> {
    Limits { depth: Some(d), ..Limits::default() }
}

fn start<P: ListedGame>(kind: GameKind) -> P {
    P::from_fen_in(kind, kind.start_fen()).unwrap()
}

fn read<P: ListedGame>(kind: GameKind, fen: &str) -> P {
    P::from_fen_in(kind, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Whether the side that just moved to `pos` has won: the game is over
/// with it as the winner.
fn won<P: Rules>(pos: &P) -> bool {
    pos.outcome(&[]).and_then(|o| o.winner()) == Some(!pos.turn())
}

/// Whether the side to move at `pos` can force a win within `plies`
/// plies: a plain exhaustive search, independent of the engine.
fn forced_win<P: Rules>(pos: &P, plies: u32) -> bool {
    plies > 0 && pos.legal_moves().iter().any(|m| wins_by(pos, m, plies))
}

/// Whether `m` forces a win within `plies` plies.
fn wins_by<P: Rules>(pos: &P, m: P::Move, plies: u32) -> bool {
    let next = pos.after(m).unwrap();
    let replies = next.legal_moves();
    match replies.is_empty() {
        true => won(&next),
        false => plies >= 3 && replies.iter().all(|r| forced_win(&next.after(r).unwrap(), plies - 2)),
    }
}

/// Searches random games with a tiny budget every few plies; a game over
/// by having no move gets no move, scored as a loss or a draw.
fn never_returns_an_illegal_move<P: ListedGame>(kind: GameKind) {
    let mut rng = common::rng(0x1234_5678);
    let mut e = engine();
    for game in 0..6 {
        let mut searched = 0;
        let mut ply = 0;
        let end = common::play_random(start::<P>(kind), &mut rng, 200, |pos| {
            if ply % 3 == game % 3 && !pos.legal_moves().is_empty() {
                let r = search(&mut e, pos, Limits { nodes: Some(1500), ..Limits::default() });
                let m = r.best_move.expect("a legal move exists");
                assert!(pos.is_legal(m), "{m} is illegal in {}", pos.fen());
                searched += 1;
            }
            ply += 1;
        });
        assert!(searched > 0);
        if end.legal_moves().is_empty() {
            let r = search(&mut e, &end, depth(3));
            assert_eq!(r.best_move, None, "{}", end.fen());
            let lost = end.outcome(&[]).and_then(|o| o.winner()) == Some(!end.turn());
            assert_eq!(r.info.score, if lost { Score::Loss(0) } else { Score::Cp(0) }, "{}", end.fen());
        }
    }
}

/// Each `(fen, plies)`: the engine scores a win in `plies` and its move
/// forces it; returns the moves.
fn finds_forced_wins<P: ListedGame>(kind: GameKind, wins: &[(&str, u32)]) -> Vec<P::Move> {
    let mut moves = Vec::new();
    for &(fen, plies) in wins {
        let pos: P = read(kind, fen);
        let r = search(&mut engine(), &pos, depth(plies + 2));
        assert_eq!(r.info.score, Score::Win(plies), "{fen}");
        let m = r.best_move.unwrap();
        assert!(wins_by(&pos, m, plies), "{m} in {fen}");
        moves.push(m);
    }
    moves
}

fn reports_each_iteration<P: ListedGame>(kind: GameKind) {
    let pos: P = start(kind);
    let mut depths = Vec::new();
    let r = engine().search(&pos, &depth(4), &AtomicBool::new(false), &mut |info| {
        assert!(!info.pv.is_empty() && pos.is_legal(info.pv[0]));
        depths.push(info.depth);
    });
    assert_eq!(depths, vec![1, 2, 3, 4]);
    assert_eq!(r.info.depth, 4);
    assert!(r.info.nodes > 0);
}

fn node_count_is_deterministic<P: ListedGame>(kind: GameKind, fen: &str, plies: u32) {
    let pos: P = read(kind, fen);
    let count = || search(&mut engine(), &pos, depth(plies)).info.nodes;
    assert_eq!(count(), count());
}

/// Whether the game's search tries null moves (its
/// [`SearchHooks::NULL_MOVE`](wormhole::engine::SearchHooks::NULL_MOVE)),
/// told by the search itself: the default search of the position `fen`,
/// `plies` deep, counts the nodes of the search with the null move on, or
/// of the one with it off, and not the other's.
fn uses_the_null_move<P: ListedGame>(kind: GameKind, fen: &str, plies: u32) -> bool {
    let pos: P = read(kind, fen);
    let count = |null_move| {
        let mut engine = engine();
        engine.set_features(Features { null_move, ..Features::default() });
        search(&mut engine, &pos, depth(plies)).info.nodes
    };
    let (default, on, off) = (count(None), count(Some(true)), count(Some(false)));
    assert_ne!(on, off, "the null move acts {plies} plies deep");
    assert!(default == on || default == off);
    default == on
}

fn weak_levels_play_legal_moves_reproducibly<P: ListedGame>(kind: GameKind, fen: &str) {
    let pos: P = read(kind, fen);
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

fn stop_is_obeyed_quickly<P: ListedGame>(kind: GameKind) {
    let pos: P = start(kind);
    let limits = Limits { infinite: true, ..Limits::default() };
    let thread = SearchThread::spawn(engine(), pos.clone(), limits);
    std::thread::sleep(Duration::from_millis(150));
    let asked = Instant::now();
    thread.stop();
    // A deadline, not a speed test: a search that ignored the stop would
    // run on for minutes; a loaded machine may take a while to schedule it.
    let deadline = asked + Duration::from_secs(10);
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
    assert!(pos.is_legal(r.best_move.unwrap()));
    let mut e = thread.join();
    // The engine comes back usable.
    assert!(search(&mut e, &pos, depth(2)).best_move.is_some());
}

fn searches_on_its_own_thread<P: ListedGame>(kind: GameKind) {
    let pos: P = start(kind);
    let thread = SearchThread::spawn(engine(), pos.clone(), depth(5));
    let mut done = None;
    while done.is_none() {
        match thread.recv_timeout(Duration::from_secs(60)) {
            Some(Event::Done(result)) => done = Some(result),
            Some(Event::Info(info)) => assert!(info.pv.iter().all(|&m| m.to_bits() != 0)),
            None => panic!("no result within a minute"),
        }
    }
    thread.join();
    assert!(pos.is_legal(done.unwrap().best_move.unwrap()));
}

fn respects_node_and_time_limits<P: ListedGame>(kind: GameKind) {
    let pos: P = start(kind);
    let mut e = engine();
    let r = search(&mut e, &pos, Limits { nodes: Some(20_000), ..Limits::default() });
    assert!(r.info.nodes <= 20_000 + 4096, "{} nodes", r.info.nodes);
    let start = Instant::now();
    let r = search(&mut e, &pos, Limits { movetime: Some(Duration::from_millis(100)), ..Limits::default() });
    // Without the time limit the search would go on for minutes; the bound
    // is loose so that a busy machine's scheduling cannot fail it.
    assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    assert!(r.best_move.is_some());
}

/// The harness for one game: `wins` are `(fen, plies)` forced wins, and
/// `middlegame` a position searched `deterministic` plies deep twice and by
/// the seeded weak levels.
macro_rules! engine_harness {
    ($game:ident: $pos:ty, $kind:expr, wins: $wins:expr, middlegame: $fen:expr, deterministic: $plies:expr,
     null_move: $null:expr) => {
        mod $game {
            use super::*;

            #[test]
            fn never_returns_an_illegal_move() {
                super::never_returns_an_illegal_move::<$pos>($kind);
            }
            #[test]
            fn finds_forced_wins() {
                super::finds_forced_wins::<$pos>($kind, $wins);
            }
            #[test]
            fn reports_each_iteration() {
                super::reports_each_iteration::<$pos>($kind);
            }
            #[test]
            fn node_count_is_deterministic() {
                super::node_count_is_deterministic::<$pos>($kind, $fen, $plies);
            }
            #[test]
            fn uses_the_null_move_as_its_game_says() {
                assert_eq!(super::uses_the_null_move::<$pos>($kind, $fen, $plies + 2), $null);
            }
            #[test]
            fn weak_levels_play_legal_moves_reproducibly() {
                super::weak_levels_play_legal_moves_reproducibly::<$pos>($kind, $fen);
            }
            #[test]
            fn stop_is_obeyed_quickly() {
                super::stop_is_obeyed_quickly::<$pos>($kind);
            }
            #[test]
            fn searches_on_its_own_thread() {
                super::searches_on_its_own_thread::<$pos>($kind);
            }
            #[test]
            fn respects_node_and_time_limits() {
                super::respects_node_and_time_limits::<$pos>($kind);
            }
        }
    };
}

// The instantiations: one line per game, with its forced wins (mates in one
// and two, a win by leaving no move, mates through a porthole, a portal and
// across the boards).
engine_harness!(classic: Position, GameKind::Classic, wins: &[
    ("rxbqxknr/pxxxxxxp/1px4x/2npxppx/2xp3x/N4PKN/PPxxPxPx/RxBQxBxR b 21", 1),
    ("xxxxxkxx/xxxxxxxR/xpxxx2x/xxxxxxKx/xxxpxqxx/xx1x1xxx/xPxxPxBx/xxBxxxxx w 50", 1),
    ("rxxqxknr/pxxxxxxp/1px1b2x/1Nnpxppx/2xp3x/x4PKN/PPxxPxPx/RxBQxBxR b 23", 3),
], middlegame: "rnbqkxxr/xpxpxxpx/2xbpn1p/pP3P2/xx1Px3/x2B4/xxPxxPPP/RNBQKxNR b 17", deterministic: 6, null_move: false);
engine_harness!(fairy: Position, GameKind::Fairy, wins: &[
    ("xxxmxxxx/xxpxppxp/xxk4P/xwpxx1x1/3Ppxx1/Nxxxx3/PPPPxxxP/xxxxKxNx w 32", 1),
    ("xxxxxxxx/xpxxxxxx/ckxxxx1x/xxpxKPWx/pnxxxPxp/Pxx2xxN/xxxPxxxx/xxxxxWxx w 46", 3),
], middlegame: "cnwmkwxx/xppxxpxp/5xxc/p2p2px/P2P3x/4CxPx/xPPxPPxx/CNWMKWNx b 17", deterministic: 6, null_move: false);
engine_harness!(porthole_chess: porthole::Position, GameKind::Porthole, wins: &[
    ("6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1 a8,b4", 1),
], middlegame: "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2 b5,c5,f5,g5,b4,c4,f4,g4", deterministic: 5, null_move: true);
engine_harness!(linked_chess: linked::Position, GameKind::Linked, wins: &[
    ("7k/6pp/8/8/8/8/5PPP/R5K1 w - - 0 1 a4,e5", 1),
], middlegame: "4k2r/1rp2pp1/pp4Pp/3p4/2pPP3/2P3P1/P4P1P/2R2R1K b k d3 0 12 a1,h7", deterministic: 5, null_move: true);
engine_harness!(twoboard_chess: twoboard::Position, GameKind::Twoboard, wins: &[
    ("7K/8/8/7n/8/8/8/7r|k7/8/8/8/8/8/8/1N6 b B -|- -|- bAh5 0 39", 1),
], middlegame: "rnbq1bnr/ppp2ppp/3pp3/P7/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/1pppppp1/7p/p7/8/6PP/PPPPPP2/RNBQ1BNR w B KQ|kq -|- wAa5,bBa5 2 6",
   deterministic: 5, null_move: true);

/// Morphy's mate in two by zugzwang, 1.Ra6! (bxa6 2.b7#; a bishop move
/// 2.Rxa7# or bxa7#), in ordinary chess (Porthole chess without
/// portholes), whose search has the null move and the deep pruning: the
/// null move's cutoffs deep in the tree are verified, and a quiet check
/// is never futile, so the quiet mate 2.b7# is seen. Since the threat
/// terms (the rook on a6 counts as hanging, so Black's pass looks safe
/// below the verification's depth) it is found at depth 9, through the
/// verification.
#[test]
fn porthole_finds_morphys_mate_by_zugzwang() {
    let morphy = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1 -";
    let pos: porthole::Position = read(GameKind::Porthole, morphy);
    let r = search(&mut engine(), &pos, depth(10));
    let m = r.best_move.unwrap();
    assert_eq!(m.to_string(), "a1a6");
    assert!(wins_by(&pos, m, 3), "{m}");
    for plies in [10, 16] {
        let r = search(&mut engine(), &pos, depth(plies));
        assert_eq!(r.info.score, Score::Win(3), "depth {plies}");
    }
}
