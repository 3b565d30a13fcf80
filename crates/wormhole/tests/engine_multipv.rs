//! MultiPV and searchmoves: the best N root moves with their scores and
//! lines, and a search restricted to given root moves.

use std::sync::atomic::AtomicBool;

use wormhole::engine::{Engine, EngineOptions, Limits, Score, SearchResult};
use wormhole::{Move, Position, Rules, Variant};

fn search(pos: &Position, limits: &Limits<Move>) -> SearchResult<Move> {
    let mut engine = Engine::new(EngineOptions { hash_mb: 4, ..EngineOptions::default() });
    engine.search(pos, limits, &AtomicBool::new(false), &mut |_| {})
}

fn limits(depth: u32, multipv: usize, searchmoves: Vec<Move>) -> Limits<Move> {
    Limits { depth: Some(depth), multipv, searchmoves, ..Limits::default() }
}

/// Positions from engine games at several stages, both piece sets.
const POSITIONS: &[(&str, Variant)] = &[
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0", Variant::Classic),
    ("rnbqkxxr/xpxpxxpx/2xbpn1p/pP3P2/xx1Px3/x2B4/xxPxxPPP/RNBQKxNR b 17", Variant::Classic),
    ("rxbxkxnr/xxPxxpxx/x2x3p/xx2x1x1/1bxpNx1P/Pn1xxxK1/xPxxxxPx/RxxxxQxR b 31", Variant::Classic),
    ("cnwmkwxx/xppxxpxp/5xxc/p2p2px/P2P3x/4CxPx/xPPxPPxx/CNWMKWNx b 17", Variant::Fairy),
    ("xnxmkxxx/xppxxpxp/2cx1xxx/xw1p2xx/Pp1P1N1x/4xxPx/xPPxPPxx/CNxMKxxx w 28", Variant::Fairy),
];

/// A total order on scores: wins first (the shortest best), losses last
/// (the longest best).
fn rank(score: Score) -> i64 {
    match score {
        Score::Win(n) => 1_000_000 - n as i64,
        Score::Cp(cp) => cp as i64,
        Score::Loss(n) => -1_000_000 + n as i64,
    }
}

fn root_moves(result: &SearchResult<Move>) -> Vec<Move> {
    result.info.lines.iter().map(|l| l.root_move().expect("a line is never empty")).collect()
}

#[test]
fn multipv_gives_distinct_legal_moves_best_first() {
    for &(fen, variant) in POSITIONS {
        let pos = Position::from_fen(fen, variant).unwrap();
        let legal = pos.legal_moves().len();
        for n in [1, 3, legal + 2] {
            let r = search(&pos, &limits(4, n, Vec::new()));
            let moves = root_moves(&r);
            assert_eq!(moves.len(), n.min(legal), "{n} lines in {fen}");
            for (i, m) in moves.iter().enumerate() {
                assert!(pos.is_legal(*m), "{m} in {fen}");
                assert!(!moves[..i].contains(m), "{m} twice in {fen}");
            }
            for pair in r.info.lines.windows(2) {
                assert!(rank(pair[0].score) >= rank(pair[1].score), "{:?} before {:?} in {fen}", pair[0], pair[1]);
            }
            for line in &r.info.lines {
                let mut p = pos.clone();
                for &m in &line.pv {
                    assert!(p.is_legal(m), "{m} in the line {:?} of {fen}", line.pv);
                    p.play_unchecked(m);
                }
            }
            assert_eq!((r.info.score, &r.info.pv), (r.info.lines[0].score, &r.info.lines[0].pv));
            assert_eq!(r.best_move, Some(moves[0]));
        }
    }
}

/// Whether the side to move can leave the opponent without a move within
/// `plies` plies: plain exhaustive search.
fn forced_win(pos: &Position, plies: u32) -> bool {
    plies > 0
        && pos.legal_moves().iter().any(|&m| {
            let next = pos.after(m);
            let replies = next.legal_moves();
            replies.is_empty() || (plies >= 3 && replies.iter().all(|&r| forced_win(&next.after(r), plies - 2)))
        })
}

#[test]
fn every_line_has_its_own_exact_score() {
    // A mate in two (3 plies): with one line per legal move, exactly the
    // moves that force the win within 3 plies score a win in 3.
    let fen = "rxxqxknr/pxxxxxxp/1px1b2x/1Nnpxppx/2xp3x/x4PKN/PPxxPxPx/RxBQxBxR b 23";
    let pos = Position::from_fen(fen, Variant::Classic).unwrap();
    let legal = pos.legal_moves().len();
    let r = search(&pos, &limits(6, legal, Vec::new()));
    assert_eq!(r.info.lines.len(), legal);
    let mut wins = 0;
    for line in &r.info.lines {
        let m = line.root_move().unwrap();
        let next = pos.after(m);
        let wins_in_3 = next.legal_moves().iter().all(|&reply| forced_win(&next.after(reply), 1));
        let wins_in_1 = !next.has_legal_move();
        assert!(!wins_in_1, "{m} mates at once in {fen}");
        assert_eq!(line.score == Score::Win(3), wins_in_3, "{m}: {:?} in {fen}", line.score);
        wins += wins_in_3 as usize;
    }
    assert!(wins >= 1);
}

#[test]
fn searchmoves_are_obeyed() {
    for &(fen, variant) in POSITIONS {
        let pos = Position::from_fen(fen, variant).unwrap();
        let best = search(&pos, &limits(4, 1, Vec::new())).best_move.unwrap();
        // Two moves other than the engine's own choice.
        let allowed: Vec<Move> = pos.legal_moves().iter().copied().filter(|&m| m != best).rev().take(2).collect();
        assert_eq!(allowed.len(), 2, "{fen} has at least three legal moves");
        for n in [1, 3] {
            let r = search(&pos, &limits(4, n, allowed.clone()));
            let moves = root_moves(&r);
            assert_eq!(moves.len(), n.min(allowed.len()), "{fen}");
            assert!(moves.iter().all(|m| allowed.contains(m)), "{moves:?} outside {allowed:?} in {fen}");
            assert!(allowed.contains(&r.best_move.unwrap()));
            assert!(r.info.pv.first() == r.best_move.as_ref());
        }
    }
}

#[test]
fn searchmoves_with_helper_threads_and_a_weak_level() {
    let (fen, variant) = POSITIONS[1];
    let pos = Position::from_fen(fen, variant).unwrap();
    let only = pos.legal_moves()[0];
    for (threads, level) in [(2, 10), (1, 1), (1, 5)] {
        let options = EngineOptions { threads, hash_mb: 4, seed: Some(3), level: level.to_string().parse().unwrap() };
        let mut engine = Engine::new(options);
        let r = engine.search(&pos, &limits(5, 2, vec![only]), &AtomicBool::new(false), &mut |_| {});
        assert_eq!(r.best_move, Some(only), "{threads} threads, level {level}");
        assert_eq!(root_moves(&r), vec![only]);
    }
}

#[test]
fn illegal_searchmoves_are_left_out() {
    let pos = Position::new(Variant::Classic);
    let e4 = pos.parse_move("e4").unwrap();
    // Black's reply e7e5: a move, but not White's.
    let illegal = pos.after(e4).parse_move("e5").unwrap();
    assert!(!pos.is_legal(illegal));
    let r = search(&pos, &limits(3, 5, vec![illegal, e4]));
    assert_eq!(root_moves(&r), vec![e4]);
    // Nothing legal to restrict to: every move is searched.
    let r = search(&pos, &limits(3, 30, vec![illegal]));
    assert_eq!(r.info.lines.len(), pos.legal_moves().len());
}
