//! Property tests over random games of Two-board portal chess, from the
//! start and from every position of the perft suite: make/undo restores
//! position and hash, the incremental hash is the hash from scratch, FEN,
//! coordinate and SAN round trips, SAN uniqueness, one king per side.

mod common;

use proptest::prelude::*;
use rand::RngExt;
use wormhole::twoboard::{BoardId, Game, Move, Position};
use wormhole::{Color, Role};

/// The start and every position of the perft suite.
fn starts() -> Vec<Position> {
    let suite = include_str!("data/twoboard.epd").lines().filter_map(|l| l.split(';').next());
    std::iter::once(Position::new()).chain(suite.map(|fen| Position::from_fen(fen.trim()).unwrap())).collect()
}

/// Plays random legal moves from start `which` until the game ends or
/// `max_plies` are played, calling `check` on every position reached.
fn random_game(seed: u64, which: usize, max_plies: usize, mut check: impl FnMut(&Position)) {
    let mut rng = common::rng(seed);
    let starts = starts();
    let mut game = Game::new(starts[which % starts.len()].clone());
    for _ in 0..max_plies {
        check(game.position());
        if game.outcome().is_some() {
            break;
        }
        let moves: Vec<Move> = game.position().legal_moves().iter().collect();
        game.play(moves[rng.random_range(0..moves.len())]).unwrap();
    }
}

fn check_make_undo_and_hash(pos: &Position) {
    assert_eq!(pos.hash(), pos.hash_from_scratch(), "hash of {}", pos.fen());
    let mut p = pos.clone();
    for m in pos.legal_moves().iter() {
        let undo = p.play_unchecked(m);
        assert_eq!(p.hash(), p.hash_from_scratch(), "hash after {m} in {}", pos.fen());
        p.undo(m, undo);
        assert_eq!(&p, pos, "undo {m} in {}", pos.fen());
    }
}

fn check_fen_round_trip(pos: &Position) {
    let again = Position::from_fen(&pos.fen()).unwrap_or_else(|e| panic!("{}: {e}", pos.fen()));
    assert_eq!(&again, pos, "{}", pos.fen());
}

fn check_notation_round_trips(pos: &Position) {
    let moves: Vec<Move> = pos.legal_moves().iter().collect();
    let mut sans: Vec<String> = Vec::new();
    for &m in &moves {
        assert_eq!(pos.parse_move(&m.to_string()), Ok(m), "coordinates {m} in {}", pos.fen());
        let san = pos.san(m);
        assert_eq!(pos.parse_move(&san), Ok(m), "SAN {san} in {}", pos.fen());
        sans.push(san);
    }
    sans.sort();
    sans.dedup();
    assert_eq!(sans.len(), moves.len(), "two moves with one SAN in {}", pos.fen());
}

fn check_one_king_per_side(pos: &Position) {
    for color in Color::ALL {
        let on_boards: u32 = BoardId::BOTH.iter().map(|&b| pos.board(b).pieces(color, Role::King).count()).sum();
        let in_transit = pos.intent(color).and_then(|i| i.in_transit()).is_some_and(|p| p.role == Role::King);
        assert_eq!(on_boards + u32::from(in_transit), 1, "{color} kings in {}", pos.fen());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn make_undo_restores_position_and_hash(seed in any::<u64>(), which in 0usize..32) {
        random_game(seed, which, 120, check_make_undo_and_hash);
    }

    #[test]
    fn fen_round_trips(seed in any::<u64>(), which in 0usize..32) {
        random_game(seed, which, 120, check_fen_round_trip);
    }

    #[test]
    fn notation_round_trips_and_san_is_unique(seed in any::<u64>(), which in 0usize..32) {
        random_game(seed, which, 60, check_notation_round_trips);
    }

    #[test]
    fn exactly_one_king_per_side(seed in any::<u64>(), which in 0usize..32) {
        random_game(seed, which, 200, check_one_king_per_side);
    }
}
