//! Property tests over random Linked-portal games, from the default start
//! and from every position of the perft suite (residents, frozen portals,
//! en passant next to a portal, castling).

mod common;

use proptest::prelude::*;
use rand::RngExt;
use wormhole::linked::{DrawReason, Game, Move, MoveKind, Outcome, Portals, Position, zobrist};

/// The default start and every position of the perft suite.
fn starts() -> Vec<Position> {
    let suite = include_str!("data/linked.epd").lines().filter_map(|l| l.split(';').next());
    std::iter::once(Position::new()).chain(suite.map(|fen| Position::from_fen(fen.trim()).unwrap())).collect()
}

/// Plays random legal moves from start `which` until the game ends or
/// `max_plies` are played, calling `check` on every position reached.
fn random_game(seed: u64, which: usize, max_plies: usize, mut check: impl FnMut(&Position)) -> Game {
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
    game
}

fn check_make_unmake_and_hash(pos: &Position) {
    let mut p = pos.clone();
    for m in &pos.legal_moves() {
        let undo = p.play_unchecked(m);
        let scratch = zobrist::hash(p.board(), p.portals(), p.turn(), p.castling(), p.ep_square());
        assert_eq!(p.hash(), scratch, "hash after {m} in {}", pos.fen());
        assert!(!p.board().by_color(pos.turn()).is_empty(), "{m} in {}", pos.fen());
        p.undo(m, undo);
        assert_eq!(&p, pos, "undo {m} in {}", pos.fen());
    }
}

fn check_fen_round_trip(pos: &Position) {
    let back = Position::from_fen(&pos.fen()).unwrap_or_else(|e| panic!("{}: {e}", pos.fen()));
    assert_eq!(&back, pos);
}

fn check_notation(pos: &Position) {
    let mut sans: Vec<String> = Vec::new();
    for m in &pos.legal_moves() {
        let san = pos.san(m);
        assert_eq!(pos.parse_move(&san), Ok(m), "SAN {san} in {}", pos.fen());
        assert_eq!(pos.parse_move(&san.replace('>', "→")), Ok(m), "SAN {san} with an arrow in {}", pos.fen());
        assert_eq!(pos.parse_move(&m.to_string()), Ok(m), "{m} in {}", pos.fen());
        sans.push(san);
    }
    let count = sans.len();
    sans.sort();
    sans.dedup();
    assert_eq!(sans.len(), count, "duplicate SAN in {}", pos.fen());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn make_unmake_restores_position_and_hash(seed: u64, start: usize) {
        random_game(seed, start, 150, check_make_unmake_and_hash);
    }

    #[test]
    fn fen_write_then_read_is_identity(seed: u64, start: usize) {
        random_game(seed, start, 150, check_fen_round_trip);
    }

    #[test]
    fn games_end_as_the_rules_say(seed: u64, start: usize) {
        let game = random_game(seed, start, 300, |_| {});
        let pos = game.position();
        match game.outcome() {
            Some(Outcome::Checkmate { winner }) => {
                prop_assert!(pos.is_check() && !pos.has_legal_move());
                prop_assert_eq!(winner, !pos.turn());
            }
            Some(Outcome::Draw(reason)) => {
                let holds = match reason {
                    DrawReason::Stalemate => !pos.is_check() && !pos.has_legal_move(),
                    DrawReason::Repetition => game.repetitions() >= 3,
                    DrawReason::FiftyMoves => pos.halfmoves() >= 100,
                    DrawReason::KingVersusKing => pos.board().occupied().count() == 2,
                };
                prop_assert!(holds, "{:?} in {}", reason, pos.fen());
            }
            None => prop_assert_eq!(game.moves().len(), 300),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn san_and_coordinates_parse_back_and_san_is_unique(seed: u64, start: usize) {
        random_game(seed, start, 80, check_notation);
    }
}

#[test]
fn random_games_reach_the_interesting_cases() {
    // The properties above are only as good as the positions they visit:
    // random play must reach teleports, black holes, moves through the
    // portal, captures of J's resident, castling and en passant.
    let (mut teleports, mut holes, mut through, mut resident_captures, mut castles, mut ep) = (0, 0, 0, 0, 0, 0);
    for seed in 0..40 {
        random_game(seed, seed as usize, 150, |pos| {
            for m in &pos.legal_moves() {
                let cells = pos.portals().cells();
                match m.kind() {
                    MoveKind::Portal if pos.swallowed_by(m).any() => holes += 1,
                    MoveKind::Portal if pos.board().piece_at(m.to()).is_some() => teleports += 1,
                    MoveKind::Castle => castles += 1,
                    MoveKind::EnPassant => ep += 1,
                    MoveKind::Normal if cells.contains(m.to()) => {
                        through += 1;
                        resident_captures += usize::from(pos.captured_by(m).is_some());
                    }
                    _ => {}
                }
            }
            assert!(!matches!(pos.portals(), Portals::Active { white, black } if white == black));
        });
    }
    for (what, n) in [
        ("teleports", teleports),
        ("black holes", holes),
        ("moves through the portal", through),
        ("captures of J's resident", resident_captures),
        ("castlings", castles),
        ("en passant captures", ep),
    ] {
        assert!(n > 0, "random play never offered {what}");
    }
}
