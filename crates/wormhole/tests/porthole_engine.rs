//! The shared engine playing Porthole chess: game ends (mate through a
//! porthole, stalemate), draws scored as draws (stalemate, repetition with
//! the game's history, the fifty-move rule) and the weakest level. What
//! every game shares is in the harness of `engine.rs`.

use std::sync::atomic::AtomicBool;

use wormhole::Rules;
use wormhole::engine::{Engine, EngineOptions, Features, Level, Limits, Score, SearchResult};
use wormhole::porthole::{Move, Position};

fn engine() -> Engine {
    Engine::new(EngineOptions { hash_mb: 4, ..EngineOptions::default() })
}

fn search(fen: &str, limits: Limits<Move>) -> (Position, SearchResult<Move>) {
    let pos = Position::from_fen(fen).unwrap();
    let result = engine().search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
    (pos, result)
}

fn depth(d: u32) -> Limits<Move> {
    Limits { depth: Some(d), ..Limits::default() }
}

#[test]
fn mates_through_a_porthole() {
    // The rook enters b4 and leaves at a8: the only mate (b1-b8 is blocked
    // by b4's token, and a normal move cannot end on a8).
    let (pos, result) = search("6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1 a8,b4", depth(4));
    assert_eq!(result.info.score, Score::Win(1));
    assert!(result.info.exact);
    assert_eq!(pos.san(result.best_move.unwrap()), "Rb4>a8#");
}

/// Searches with `features` to `plies`: the porthole mate is still
/// proved, and an undefended queen is still taken.
fn keeps_the_mate_and_the_win(features: Features, plies: u32) {
    let mut engine = engine();
    engine.set_features(features);
    let mut run = |fen: &str| {
        let pos = Position::from_fen(fen).unwrap();
        let result = engine.search(&pos, &depth(plies), &AtomicBool::new(false), &mut |_| {});
        (pos.san(result.best_move.unwrap()), result.info.score, result.info.exact)
    };
    assert_eq!(run("6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1 a8,b4"), ("Rb4>a8#".to_string(), Score::Win(1), true));
    let (best, _, _) = run("7k/pppq4/8/8/8/8/PPP5/3RK3 w - - 0 1");
    assert_eq!(best, "Rxd7");
}

#[test]
fn the_capture_search_table_cutoffs_and_the_iterative_reduction_keep_the_mate_and_the_win() {
    // The switches `qtt` and `iir` (off by default: no gain measured) on,
    // deep enough for both to act.
    keeps_the_mate_and_the_win(Features { qsearch_tt: true, iir: true, ..Features::default() }, 7);
}

#[test]
fn capture_history_history_reductions_and_counter_moves_keep_the_mate_and_the_win() {
    // The switches `caphist`, `histlmr` and `counter` on, deep enough for
    // the tables to fill and the reductions to act.
    let on = Some(true);
    keeps_the_mate_and_the_win(
        Features { capture_history: on, history_lmr: on, counter_moves: on, ..Features::default() },
        8,
    );
}

#[test]
fn continuation_history_and_singular_extensions_keep_the_mate_and_the_win() {
    // The switches `conthist` and `singular` on, deep enough for the
    // singular extensions (from eight plies) to act.
    let on = Some(true);
    keeps_the_mate_and_the_win(Features { continuation_history: on, singular: on, ..Features::default() }, 10);
}

#[test]
fn the_null_move_and_the_deep_pruning_keep_the_mate_and_the_win() {
    // Porthole chess's own search (both on), deep enough for both to act.
    let features = Features::default();
    keeps_the_mate_and_the_win(features, 9);
    // Ordinary chess, Legal's mate: 1.Nf6+ gxf6 2.Bxf7#, proved at a
    // depth where every pruning of the search acts.
    let mut engine = engine();
    engine.set_features(features);
    let pos = Position::from_fen("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1 -").unwrap();
    let result = engine.search(&pos, &depth(9), &AtomicBool::new(false), &mut |_| {});
    assert_eq!((pos.san(result.best_move.unwrap()), result.info.score), ("Nf6+".to_string(), Score::Win(3)));
}

#[test]
fn a_side_with_no_move_is_mated_or_stalemated() {
    let (_, mated) = search("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1 -", depth(3));
    assert_eq!((mated.best_move, mated.info.score), (None, Score::Loss(0)));
    let (_, stalemated) = search("k7/8/1Q6/8/8/8/8/2K5 b - - 0 1 -", depth(3));
    assert_eq!((stalemated.best_move, stalemated.info.score), (None, Score::Cp(0)));
}

#[test]
fn stalemate_is_a_draw_not_a_win() {
    // Qb6 would stalemate Black: a queen up, White keeps the game going.
    let (pos, result) = search("k7/8/8/1Q6/8/8/8/2K5 w - - 0 1 -", depth(3));
    assert_ne!(result.best_move.unwrap(), pos.parse_move("Qb6").unwrap());
    assert!(matches!(result.info.score, Score::Cp(v) if v > 500) || matches!(result.info.score, Score::Win(_)));
}

#[test]
fn returning_to_a_position_of_the_game_is_a_draw() {
    // A queen down, Black can only hope for a draw: Ka8 goes back to a
    // position the game has seen, which the search scores as a draw.
    let fen = "1k6/8/8/8/8/8/1Q6/K7 b - - 0 1 -";
    let pos = Position::from_fen(fen).unwrap();
    let ka8 = pos.parse_move("Ka8").unwrap();
    let seen = pos.after(ka8).hash();
    let limits = Limits { history: vec![seen], ..depth(4) };
    let (_, result) = search(fen, limits);
    assert_eq!((result.best_move, result.info.score), (Some(ka8), Score::Cp(0)));
    // Without that history the same search sees a lost position.
    let (_, fresh) = search(fen, depth(4));
    assert!(matches!(fresh.info.score, Score::Cp(v) if v < -500) || matches!(fresh.info.score, Score::Loss(_)));
}

#[test]
fn the_fifty_move_rule_draws() {
    // 99 plies without a capture or pawn move: any quiet move draws, and
    // White (a queen down) takes one.
    let (_, result) = search("k7/8/8/8/8/8/1q6/4K3 w - - 99 80 -", depth(3));
    assert_eq!(result.info.score, Score::Cp(0));
}

#[test]
fn the_weakest_level_plays_legal_moves_and_sees_mate_in_one() {
    let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1 a8,b4").unwrap();
    let mut e = Engine::new(EngineOptions { level: Level::MIN, seed: Some(3), ..EngineOptions::default() });
    let result = e.search(&pos, &Limits::default(), &AtomicBool::new(false), &mut |_| {});
    assert_eq!(pos.san(result.best_move.unwrap()), "Rb4>a8#");
    let start = Position::new();
    let result = e.search(&start, &Limits::default(), &AtomicBool::new(false), &mut |_| {});
    assert!(start.is_legal(result.best_move.unwrap()));
}

#[test]
fn the_capture_search_checks_see_a_back_rank_mate_past_the_horizon() {
    // Black threatens Rd1#, a quiet check that White's Qb7 leaves; a
    // search one ply deep sees it only through the capture search's
    // checks (after Qb7, the capture search of Black's reply tries Rd1+,
    // and White has no evasion).
    let pos = Position::from_fen("3r2k1/Q4ppp/8/8/8/8/5PPP/6K1 w - - 0 1 -").unwrap();
    let qb7 = pos.parse_move("Qb7").unwrap();
    let score = |qsearch_checks: bool| {
        let mut engine = engine();
        engine.set_features(Features { qsearch_checks, ..Features::default() });
        let limits = Limits { searchmoves: vec![qb7], ..depth(1) };
        engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {}).info.score
    };
    assert_eq!(score(true), Score::Loss(2));
    assert!(matches!(score(false), Score::Cp(v) if v > 0), "without the checks the mate stays unseen");
}
