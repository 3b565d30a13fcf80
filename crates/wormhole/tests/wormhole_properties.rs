//! Wormhole chess's own properties over random games in both piece sets:
//! the generator's shortcut against copy-make, games end within 64 plies
//! with a winner, the checked `play`, FENs after a mid-game diagram. The
//! properties every game shares are in `properties.rs`.

use proptest::prelude::*;
use wormhole::{Color, Move, Position, Rules, Variant};

mod common;

fn variant(fairy: bool) -> Variant {
    if fairy { Variant::Fairy } else { Variant::Classic }
}

/// A random game of `variant` from its initial position (see
/// [`common::random_game`]).
fn random_game(seed: u64, variant: Variant, check: impl FnMut(&Position)) -> Position {
    common::random_game(Position::new(variant), &mut common::rng(seed), check)
}

/// The generator's shortcut (checking king safety once per piece, and only
/// for pieces on the king's paths) must agree with playing each move and
/// asking whether the king is attacked.
fn check_legality_by_copy_make(pos: &Position) {
    let legal = pos.legal_moves();
    for &m in pos.pseudo_legal_moves().iter() {
        let after = pos.after(m);
        let king = after.board().king_of(pos.turn()).unwrap();
        let safe = after.attackers(king, !pos.turn()).is_empty();
        assert_eq!(legal.contains(&m), safe, "{m} in {}", pos.fen());
    }
}

fn check_fen_round_trip(pos: &Position) {
    let back = Position::from_fen(&pos.fen(), pos.variant()).unwrap();
    assert_eq!(&back, pos);
}

/// The checked `play` accepts exactly the legal moves among `candidates`,
/// plays them as `play_unchecked` does, and leaves the position untouched
/// when it refuses one.
fn check_checked_play(pos: &Position, candidates: &[Move]) {
    for &m in candidates {
        let mut p = pos.clone();
        match p.play(m) {
            Ok(_) => assert_eq!(p, pos.after(m), "{m} in {}", pos.fen()),
            Err(e) => {
                assert!(!pos.is_legal(m), "{m} refused ({e}) in {}", pos.fen());
                assert_eq!(&p, pos, "refused {m} changed {}", pos.fen());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn legal_moves_match_copy_make(seed: u64, fairy: bool) {
        random_game(seed, variant(fairy), check_legality_by_copy_make);
    }

    #[test]
    fn games_end_within_64_plies_with_a_winner(seed: u64, fairy: bool) {
        let end = random_game(seed, variant(fairy), |pos| {
            assert_eq!(pos.board().holes().count(), pos.plies());
            assert_eq!(pos.board().squares_left(), 64 - pos.plies());
        });
        prop_assert!(end.plies() <= 64);
        let outcome = end.outcome().expect("the game is over");
        prop_assert_eq!(outcome.winner, !end.turn());
        prop_assert_eq!(outcome.reason == wormhole::EndReason::Checkmate, end.is_check());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn checked_play_accepts_exactly_the_legal_moves(seed: u64, fairy: bool) {
        // Candidates: this position's moves that follow the pieces' rules,
        // and the previous position's legal moves (mostly illegal now).
        let mut previous: Vec<Move> = Vec::new();
        random_game(seed, variant(fairy), |pos| {
            let mut candidates: Vec<Move> = pos.pseudo_legal_moves().to_vec();
            candidates.extend(&previous);
            check_checked_play(pos, &candidates);
            previous = pos.legal_moves().to_vec();
        });
    }

    /// A diagram may count more plies than holes (it starts mid-game); every
    /// ply then adds one hole, so the difference stays, and every FEN written
    /// while the game goes on must read back to the same position.
    #[test]
    fn fens_written_after_a_mid_game_diagram_read_back(seed: u64, fairy: bool, cut in 0u32..40, extra in 0u32..=64) {
        let mut diagram = None;
        let end = random_game(seed, variant(fairy), |pos| {
            if pos.plies() == cut {
                diagram = Some(pos.clone());
            }
        });
        let diagram = diagram.unwrap_or(end);
        let holes = diagram.board().holes().count();
        let fen = format!("{} {} {}", diagram.board().placement(), diagram.turn().char(), holes + extra);
        let start = Position::from_fen(&fen, diagram.variant()).unwrap();
        common::random_game(start, &mut common::rng(seed ^ 0x5eed), |pos| {
            assert_eq!(pos.plies(), pos.board().holes().count() + extra);
            check_fen_round_trip(pos);
        });
    }
}

#[test]
fn checkmate_gets_a_hash_sign_and_black_wins() {
    // The queen lands next to the cornered king, guarded by her own king.
    let pos = Position::from_fen("8/8/8/8/8/2k5/3q4/K7 b 0", Variant::Classic).unwrap();
    let m: Move = pos.parse_move("Qb2").unwrap();
    assert_eq!(pos.san(m), "Qb2#");
    let outcome = pos.after(m).outcome().unwrap();
    assert_eq!(outcome.winner, Color::Black);
    assert_eq!(outcome.to_string(), "Black wins by checkmate");
}
