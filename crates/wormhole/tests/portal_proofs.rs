//! The generic proof-number prover (`engine::prove_any`) on the games with
//! draws, Porthole, Linked-portal and Two-board portal chess, against a
//! brute force: on small random positions (kings and a few pieces) every
//! result it proves is the brute force's, at the brute force's exact
//! distance, with a move that keeps it; it never calls a drawn line won
//! (the fifty-move rule, king against king, repetition: a third time by
//! the game's history, a perpetual check); and the engine's claims agree
//! too.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use wormhole::engine::{
    Alone, Engine, EngineOptions, Limits, PnTable, Proof, Score, Searchable, SolveLimits, prove_any,
};
use wormhole::rules::{GameOutcome, MoveSet, Rules};
use wormhole::{linked, porthole, twoboard};

/// How far the brute force looks, in plies.
const HORIZON: u32 = 5;

/// A plain depth-bounded minimax with the game's own ends and rule draws
/// (no repetition within so few plies changes a result).
#[derive(Default)]
struct PlainMinimax {
    memo: HashMap<(u64, u32, bool), bool>,
}

impl PlainMinimax {
    /// Whether the side to move wins within `k` plies.
    fn wins_within<P: Rules>(&mut self, pos: &mut P, k: u32) -> bool {
        if pos.outcome(&[]).is_some() || pos.is_rule_draw() || k == 0 {
            return false;
        }
        if let Some(&w) = self.memo.get(&(pos.hash(), k, true)) {
            return w;
        }
        let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
        let w = moves.into_iter().any(|m| {
            let undo = pos.play_unchecked(m);
            let w = self.loses_within(pos, k - 1);
            pos.undo(m, undo);
            w
        });
        self.memo.insert((pos.hash(), k, true), w);
        w
    }

    /// Whether the side to move loses within `k` plies (0: it has lost).
    fn loses_within<P: Rules>(&mut self, pos: &mut P, k: u32) -> bool {
        if let Some(o) = pos.outcome(&[]) {
            return o.winner() == Some(!pos.turn());
        }
        if pos.is_rule_draw() || k == 0 {
            return false;
        }
        if let Some(&w) = self.memo.get(&(pos.hash(), k, false)) {
            return w;
        }
        let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
        let w = moves.into_iter().all(|m| {
            let undo = pos.play_unchecked(m);
            let w = self.wins_within(pos, k - 1);
            pos.undo(m, undo);
            w
        });
        self.memo.insert((pos.hash(), k, false), w);
        w
    }

    /// The exact result within [`HORIZON`], if decided.
    fn truth<P: Rules>(&mut self, pos: &P) -> Option<Score> {
        let mut pos = pos.clone();
        (1..=HORIZON).find_map(|k| match k % 2 {
            1 => self.wins_within(&mut pos, k).then_some(Score::Win(k)),
            _ => self.loses_within(&mut pos, k).then_some(Score::Loss(k)),
        })
    }
}

/// A random placement of the white king on one board and the black king
/// on the last, with `extra` pieces (FEN letters) anywhere, as board
/// fields of FEN; `None` when two fall on one square.
fn placement(rng: &mut SmallRng, boards: usize, extra: &str) -> Option<Vec<String>> {
    let mut squares = vec![[None::<char>; 64]; boards];
    let mut put = |b: usize, c: char, rng: &mut SmallRng| {
        let sq = rng.random_range(0..64);
        let rank = sq / 8;
        let pawn_row = c.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7);
        if squares[b][sq].is_some() || pawn_row {
            return false;
        }
        squares[b][sq] = Some(c);
        true
    };
    let mut ok = put(0, 'K', rng) & put(boards - 1, 'k', rng);
    for c in extra.chars() {
        let b = rng.random_range(0..boards);
        ok &= put(b, c, rng);
    }
    ok.then(|| squares.iter().map(board_fen).collect())
}

/// The board field of a FEN, rank 8 first.
fn board_fen(squares: &[Option<char>; 64]) -> String {
    let ranks = (0..8).rev().map(|r| {
        let mut s = String::new();
        let mut empty = 0;
        for f in 0..8 {
            match squares[r * 8 + f] {
                Some(c) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                    }
                    (empty, _) = (0, s.push(c));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        s
    });
    ranks.collect::<Vec<_>>().join("/")
}

/// A game under test: how its FEN is written from boards, side and the
/// halfmove clock.
trait GameUnderTest: Searchable {
    const BOARDS: usize;
    /// Black to move at the halfmove clock `{clock}`, its only move `Kg8`,
    /// and mated the given number of plies from here.
    const MATED: (&'static str, u32);
    /// White to move, a queen and a rook down, checks for ever.
    const PERPETUAL: &'static str;
    fn parse(boards: &[String], side: char, halfmoves: u32) -> Option<Self>;
    /// The position of a FEN of this game (one known good).
    fn fen_of(fen: &str) -> Self;
}

impl GameUnderTest for porthole::Position {
    const BOARDS: usize = 1;
    const MATED: (&'static str, u32) = (MATED_IN_TWO, 2);
    const PERPETUAL: &'static str = PERPETUAL;
    fn fen_of(fen: &str) -> Self {
        Self::from_fen(fen).unwrap()
    }
    fn parse(boards: &[String], side: char, halfmoves: u32) -> Option<Self> {
        Self::from_fen(&format!("{} {side} - - {halfmoves} 60 c4,f5", boards[0])).ok()
    }
}

impl GameUnderTest for linked::Position {
    const BOARDS: usize = 1;
    const MATED: (&'static str, u32) = (MATED_IN_TWO, 2);
    const PERPETUAL: &'static str = PERPETUAL;
    fn fen_of(fen: &str) -> Self {
        Self::from_fen(fen).unwrap()
    }
    fn parse(boards: &[String], side: char, halfmoves: u32) -> Option<Self> {
        Self::from_fen(&format!("{} {side} - - {halfmoves} 60 e4,a5", boards[0])).ok()
    }
}

impl GameUnderTest for twoboard::Position {
    const BOARDS: usize = 2;
    /// All on board B: `Kg8`, `Ra8+`, each side passes on A (nothing to
    /// move there), and Black is mated on B.
    const MATED: (&'static str, u32) = ("8/8/8/8/8/8/8/8|7k/R7/6K1/8/8/8/8/8 b B -|- -|- - {clock} 60", 4);
    /// The perpetual on board B, each side passing on A between.
    const PERPETUAL: &'static str = "8/8/8/8/8/8/8/8|6k1/6p1/8/7Q/8/7K/1r6/1q6 w B -|- -|- - 0 60";
    fn fen_of(fen: &str) -> Self {
        Self::from_fen(fen).unwrap()
    }
    fn parse(boards: &[String], side: char, halfmoves: u32) -> Option<Self> {
        let board = if side == 'w' { 'A' } else { 'B' };
        Self::from_fen(&format!("{}|{} {side} {board} -|- -|- - {halfmoves} 60", boards[0], boards[1])).ok()
    }
}

/// A proof of `pos` by the generic prover, within `nodes` positions.
fn prove<P: Rules>(pos: &P, nodes: u64) -> Proof<P::Move> {
    let mut table = PnTable::new(16).unwrap();
    let limits = SolveLimits { nodes: Some(nodes), time: None };
    prove_any(pos, &mut table, &limits, &AtomicBool::new(false), &Alone)
}

/// The proof as a score, if proved.
fn proved_score<M>(proof: &Proof<M>) -> Option<Score> {
    match *proof {
        Proof::Win { plies, .. } => Some(Score::Win(plies)),
        Proof::Loss { plies, .. } => Some(Score::Loss(plies)),
        Proof::Unknown => None,
    }
}

/// Checks the prover against the brute force on random positions of `G`
/// with `extra` pieces until `wanted` are decided within the horizon:
/// every proof is right and exact; returns (decided, proved exactly).
fn suite<G: GameUnderTest>(seed: u64, extra: &str, wanted: usize) -> (usize, usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut decided, mut exact, mut tries) = (0, 0, 0);
    while decided < wanted && tries < 20_000 {
        tries += 1;
        let side = if rng.random_range(0..2) == 0 { 'w' } else { 'b' };
        let Some(pos) = placement(&mut rng, G::BOARDS, extra).and_then(|b| G::parse(&b, side, 0)) else { continue };
        if pos.outcome(&[]).is_some() || pos.legal_moves().is_empty() {
            continue;
        }
        let mut brute = PlainMinimax::default();
        let truth = brute.truth(&pos);
        let proof = prove(&pos, 20_000);
        let fen = pos.fen();
        match (proved_score(&proof), truth) {
            (Some(claim), Some(truth)) => {
                assert_eq!(claim, truth, "{fen}: proved {proof:?}");
                exact += 1;
            }
            (Some(Score::Win(n) | Score::Loss(n)), None) => assert!(n > HORIZON, "{fen}: proved {proof:?}, none"),
            _ => {}
        }
        if let (Proof::Win { first_move, plies, .. }, Some(_)) = (proof, truth) {
            let mut next = pos.after(first_move).unwrap();
            assert!(brute.loses_within(&mut next, plies - 1), "{fen}: {first_move} does not win in {plies}");
        }
        decided += truth.is_some() as usize;
    }
    assert_eq!(decided, wanted, "only {decided} decided positions in {tries} tries");
    (decided, exact)
}

#[test]
fn porthole_proofs_match_the_brute_force() {
    let (decided, exact) = suite::<porthole::Position>(1, "RQp", 8);
    eprintln!("porthole: {exact} of {decided} decided positions proved at the exact distance");
    assert!(exact >= decided * 9 / 10, "{exact} of {decided}");
}

#[test]
fn linked_proofs_match_the_brute_force() {
    let (decided, exact) = suite::<linked::Position>(2, "RQp", 8);
    eprintln!("linked: {exact} of {decided} decided positions proved at the exact distance");
    assert!(exact >= decided * 9 / 10, "{exact} of {decided}");
}

#[test]
fn twoboard_proofs_match_the_brute_force() {
    let (decided, exact) = suite::<twoboard::Position>(3, "RQr", 8);
    eprintln!("twoboard: {exact} of {decided} decided positions proved at the exact distance");
    assert!(exact >= decided * 9 / 10, "{exact} of {decided}");
}

/// The fifty-move rule: a win in 3 plies at a fresh clock, with the clock
/// at 98 draws before the mate (at 100 halfmoves), so the prover must not
/// call it won; found among random positions of `G` (Porthole and Linked:
/// Two-board's random positions with a king on each board gave no win in
/// 3 plies in 20,000 tries).
fn fifty_moves_draw_a_win<G: GameUnderTest>(seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    for _ in 0..20_000 {
        let Some(boards) = placement(&mut rng, G::BOARDS, "QR") else { continue };
        let (Some(fresh), Some(late)) = (G::parse(&boards, 'w', 0), G::parse(&boards, 'w', 98)) else { continue };
        let mut brute = PlainMinimax::default();
        let mut at = fresh.clone();
        if fresh.outcome(&[]).is_some() || brute.wins_within(&mut at, 1) || !brute.wins_within(&mut at, 3) {
            continue;
        }
        assert_eq!(proved_score(&prove(&fresh, 200_000)), Some(Score::Win(3)), "{}", fresh.fen());
        assert_eq!(PlainMinimax::default().truth(&late), None, "{}", late.fen());
        let proof = prove(&late, 200_000);
        assert!(!matches!(proof, Proof::Win { .. }), "{}: {proof:?} past the fifty-move rule", late.fen());
        return;
    }
    panic!("no win in 3 plies found in {}", std::any::type_name::<G>());
}

#[test]
fn the_fifty_move_rule_draws_a_win_the_prover_would_claim() {
    fifty_moves_draw_a_win::<porthole::Position>(4);
    fifty_moves_draw_a_win::<linked::Position>(5);
}

/// King against king: Black's only move takes White's last piece, so the
/// game is drawn, and neither side is proved to win.
#[test]
fn king_against_king_is_no_win() {
    fn drawn<P: Rules>(pos: P) {
        assert_eq!(pos.legal_moves().len(), 1, "{}", pos.fen());
        assert_eq!(PlainMinimax::default().truth(&pos), None);
        assert_eq!(prove(&pos, 100_000), Proof::Unknown, "{}", pos.fen());
    }
    drawn(porthole::Position::from_fen("k7/1R6/8/2K5/8/8/8/8 b - - 0 40 -").unwrap());
    drawn(linked::Position::from_fen("k7/1R6/8/2K5/8/8/8/8 b - - 0 40 -").unwrap());
    drawn(twoboard::Position::from_fen("8/8/8/8/8/8/8/K7|k7/1R6/8/8/8/8/8/8 b B -|- -|- - 0 40").unwrap());
}

/// Black to move (no portholes, no portals), halfmove clock `{clock}`:
/// Black's only move, Kg8, is answered by Ra8#.
const MATED_IN_TWO: &str = "7k/R7/6K1/8/8/8/8/8 b - - {clock} 60 -";

/// White to move: Black is a queen and a rook up, but White checks on e8
/// and h5 for ever (Black's king has one square each time).
const PERPETUAL: &str = "6k1/6p1/8/7Q/8/7K/1r6/1q6 w - - 0 60 -";

/// `G::MATED` at the halfmove clock `clock`, and in how many plies Black
/// is mated there.
fn mated<P: GameUnderTest>(clock: u32) -> (P, u32) {
    (P::fen_of(&P::MATED.0.replace("{clock}", &clock.to_string())), P::MATED.1)
}

/// The fifty-move rule by hand, in every game with it: where the mate
/// would fall after the hundredth halfmove, the game is drawn first, and
/// neither the prover nor the engine (the prover beside its search)
/// claims a result, even with a table that proved the mate at a fresh
/// clock (same positions, same hashes); a mate on the hundredth halfmove
/// itself still counts, and is proved at its distance.
#[test]
fn a_mate_after_the_hundredth_halfmove_is_a_draw() {
    fn drawn<P: GameUnderTest>() {
        let plies = P::MATED.1;
        let ((fresh, _), (last, _), (late, _)) = (mated::<P>(0), mated::<P>(100 - plies), mated::<P>(101 - plies));
        let lost_in = |proof: &Proof<P::Move>| matches!(*proof, Proof::Loss { plies: n, .. } if n == plies);
        assert!(lost_in(&prove(&fresh, 10_000)), "{}", fresh.fen());
        assert_eq!(PlainMinimax::default().truth(&last), Some(Score::Loss(plies)), "{}", last.fen());
        assert!(lost_in(&prove(&last, 10_000)), "{}: mate on the hundredth halfmove", last.fen());
        assert_eq!(PlainMinimax::default().truth(&late), None);
        let mut table = PnTable::new(16).unwrap();
        let limits = SolveLimits { nodes: Some(10_000), time: None };
        let stop = AtomicBool::new(false);
        assert!(lost_in(&prove_any(&fresh, &mut table, &limits, &stop, &Alone)));
        assert_eq!(prove_any(&late, &mut table, &limits, &stop, &Alone), Proof::Unknown, "{}", late.fen());
        let mut engine = Engine::new(EngineOptions { hash_mb: 8, threads: 2, ..EngineOptions::default() });
        let limits = Limits { movetime: Some(std::time::Duration::from_millis(200)), ..Limits::default() };
        let result = engine.search(&late, &limits, &stop, &mut |_| {});
        assert!(matches!(result.info.score, Score::Cp(_)), "{}: {:?}", late.fen(), result.info.score);
    }
    drawn::<porthole::Position>();
    drawn::<linked::Position>();
    drawn::<twoboard::Position>();
}

/// Threefold repetition: where the position after Black's only move stood
/// twice before, that move draws, so the engine given the game's history
/// claims no win (its prover beside the search is told the history).
#[test]
fn a_mate_through_a_third_repetition_is_a_draw() {
    fn drawn<P: GameUnderTest>() {
        let (pos, plies) = mated::<P>(0);
        let only = pos.legal_moves().iter().next().unwrap();
        let repeated = pos.after(only).unwrap().hash();
        let mut engine = Engine::new(EngineOptions { hash_mb: 8, threads: 2, ..EngineOptions::default() });
        let stop = AtomicBool::new(false);
        let movetime = Some(std::time::Duration::from_millis(200));
        let fresh = engine.search(&pos, &Limits { movetime, ..Limits::default() }, &stop, &mut |_| {});
        assert_eq!(fresh.info.score, Score::Loss(plies), "{}", pos.fen());
        let limits = Limits { movetime, history: vec![repeated, 1, repeated, 2], ..Limits::default() };
        let result = engine.search(&pos, &limits, &stop, &mut |_| {});
        assert!(matches!(result.info.score, Score::Cp(_)), "{}: {:?}", pos.fen(), result.info.score);
    }
    drawn::<porthole::Position>();
    drawn::<linked::Position>();
    drawn::<twoboard::Position>();
}

/// Perpetual check: the only "win" goes round a repetition, so no side
/// is proved to win.
#[test]
fn a_perpetual_check_is_no_win() {
    fn drawn<P: GameUnderTest>() {
        let pos = P::fen_of(P::PERPETUAL);
        assert_eq!(PlainMinimax::default().truth(&pos), None);
        assert_eq!(prove(&pos, 50_000), Proof::Unknown, "{}", P::PERPETUAL);
    }
    drawn::<porthole::Position>();
    drawn::<linked::Position>();
    drawn::<twoboard::Position>();
}

/// The engine at full strength on two threads, its prover beside the
/// search: on decided positions of each game, every claim is right, and
/// an exact one at the brute force's distance.
fn engine_claims_are_right<G: GameUnderTest>(seed: u64, extra: &str) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut checked = 0;
    let limits = Limits { movetime: Some(std::time::Duration::from_millis(100)), ..Limits::default() };
    while checked < 8 {
        let Some(pos) = placement(&mut rng, G::BOARDS, extra).and_then(|b| G::parse(&b, 'w', 0)) else { continue };
        let Some(truth) = (pos.outcome(&[]).is_none()).then(|| PlainMinimax::default().truth(&pos)).flatten() else {
            continue;
        };
        let mut engine = Engine::new(EngineOptions { hash_mb: 8, threads: 2, ..EngineOptions::default() });
        let result = engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
        let (score, exact) = (result.info.score, result.info.exact);
        let fen = pos.fen();
        match (score, truth) {
            (claim, truth) if exact => assert_eq!(claim, truth, "{fen}"),
            (Score::Win(n), Score::Win(t)) | (Score::Loss(n), Score::Loss(t)) => assert!(n >= t, "{fen}"),
            (Score::Cp(_), _) => {}
            _ => panic!("{fen}: engine {score:?}, truth {truth:?}"),
        }
        checked += 1;
    }
}

#[test]
fn the_engines_claims_agree_with_the_brute_force_in_every_portal_game() {
    engine_claims_are_right::<porthole::Position>(7, "RQp");
    engine_claims_are_right::<linked::Position>(8, "RQp");
    engine_claims_are_right::<twoboard::Position>(9, "RQr");
}
