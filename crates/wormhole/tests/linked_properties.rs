//! Property tests of Linked-portal chess beyond the shared harness of
//! `properties.rs` (make/undo, hash, move lists, FEN and notation round
//! trips run there): random games from the default start and every
//! position of the perft suite end as the rules say, and reach the cases
//! that make the properties worth checking.

mod common;

use proptest::prelude::*;
use rand::RngExt;
use wormhole::linked::{DrawReason, Game, Move, MoveKind, Outcome, Portals, Position};

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

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

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

#[test]
fn random_games_reach_the_interesting_cases() {
    // The properties (here and in properties.rs) are only as good as the positions they visit:
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
