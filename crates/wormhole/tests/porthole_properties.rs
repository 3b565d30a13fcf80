//! Porthole chess's own properties over random games, from the default
//! start and from every position of the perft suite (stacks, pawns on their
//! first and last ranks, kings on P-squares): legality against an
//! independent attack oracle, games end as the rules say, random play
//! reaches the interesting cases. The properties every game shares are in
//! `properties.rs`.

mod common;

use proptest::prelude::*;
use rand::RngExt;
use wormhole::porthole::{Game, Move, MoveKind, Position};
use wormhole::{Color, Role, Square};

/// The default start and every position of the perft suite.
fn starts() -> Vec<Position> {
    let suite = include_str!("data/porthole.epd").lines().filter_map(|l| l.split(';').next());
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

/// Whether `by` attacks `target`, by walking the board square by square
/// (an oracle independent of the library's attack tables): lines stop at
/// the first piece or token.
fn naive_attacked(pos: &Position, target: Square, by: Color) -> bool {
    let at = |f: i8, r: i8| {
        if (0..8).contains(&f) && (0..8).contains(&r) { Square::from_coords(f as u8, r as u8) } else { None }
    };
    let (tf, tr) = (target.file() as i8, target.rank() as i8);
    let is = |sq: Option<Square>, roles: &[Role]| {
        sq.and_then(|s| pos.board().piece_at(s)).is_some_and(|p| p.color == by && roles.contains(&p.role))
    };
    let forward: i8 = if by == Color::White { 1 } else { -1 };
    let pawn = [-1, 1].iter().any(|&df| is(at(tf + df, tr - forward), &[Role::Pawn]));
    let knight = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
        .iter()
        .any(|&(df, dr)| is(at(tf + df, tr + dr), &[Role::Knight]));
    let lines = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)].iter().any(|&(df, dr)| {
        let slider = if df == 0 || dr == 0 { Role::Rook } else { Role::Bishop };
        let mut step = 1;
        while let Some(sq) = at(tf + df * step, tr + dr * step) {
            let king = if step == 1 { Role::King } else { Role::Queen };
            if pos.board().piece_at(sq).is_some() || pos.tokens().contains(sq) {
                return is(Some(sq), &[slider, Role::Queen, king]);
            }
            step += 1;
        }
        false
    });
    pawn || knight || lines
}

/// Castling by its definition, computed without the generator's shortcuts.
fn castling_is_legal(pos: &Position, m: Move) -> bool {
    let us = pos.turn();
    let rank = m.from().rank();
    let (rook_file, path): (u8, &[u8]) = if m.to().file() == 6 { (7, &[4, 5, 6]) } else { (0, &[4, 3, 2]) };
    let (lo, hi) = (rook_file.min(4) + 1, rook_file.max(4));
    let at = |file: u8| Square::from_coords(file, rank).unwrap();
    (lo..hi).all(|f| pos.board().piece_at(at(f)).is_none() && !pos.tokens().contains(at(f)))
        && path.iter().all(|&f| !naive_attacked(pos, at(f), !us))
        && pos.board().piece_at(at(rook_file)).is_some_and(|p| p.role == Role::Rook && p.color == us)
}

/// The generator's shortcuts (pins, check masks, entries legal for all exits
/// or none) must agree with playing each move and asking whether the king
/// is attacked; and the library's attack test must agree with the oracle.
fn check_legality_by_copy_make(pos: &Position) {
    let king = pos.board().king_of(pos.turn()).unwrap();
    assert_eq!(pos.is_check(), naive_attacked(pos, king, !pos.turn()), "check in {}", pos.fen());
    let legal = pos.legal_moves();
    let pseudo = pos.pseudo_legal_moves();
    for m in &pseudo {
        let expected = match m.kind() {
            MoveKind::Castle => castling_is_legal(pos, m),
            _ => {
                let after = pos.after(m);
                !naive_attacked(&after, after.board().king_of(pos.turn()).unwrap(), !pos.turn())
            }
        };
        assert_eq!(legal.contains(m), expected, "{m} in {}", pos.fen());
    }
    assert!(
        legal.iter().all(|m| pseudo.contains(m)),
        "a legal move missing from the pseudo-legal list in {}",
        pos.fen()
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn legal_moves_match_copy_make(seed: u64, start: usize) {
        random_game(seed, start, 200, check_legality_by_copy_make);
    }

    #[test]
    fn games_end_as_the_rules_say(seed: u64, start: usize) {
        let game = random_game(seed, start, 400, |_| {});
        let pos = game.position();
        match game.outcome() {
            Some(wormhole::porthole::Outcome::Checkmate { winner }) => {
                prop_assert!(pos.is_check() && !pos.has_legal_move());
                prop_assert_eq!(winner, !pos.turn());
            }
            Some(wormhole::porthole::Outcome::Draw(reason)) => {
                use wormhole::porthole::DrawReason::*;
                let holds = match reason {
                    Stalemate => !pos.is_check() && !pos.has_legal_move(),
                    Repetition => game.repetitions() >= 3,
                    FiftyMoves => pos.halfmoves() >= 100,
                    KingVersusKing => pos.board().occupied().count() == 2,
                };
                prop_assert!(holds, "{:?} in {}", reason, pos.fen());
            }
            None => prop_assert_eq!(game.moves().len(), 400),
        }
    }
}

#[test]
fn random_games_reach_the_interesting_cases() {
    // The properties above are only as good as the positions they visit:
    // check that random play reaches stacks, porthole captures, castling,
    // promotions and a pawn on its last rank.
    let (mut stacks, mut entry_captures, mut castles, mut promotions, mut stranded) = (0, 0, 0, 0, 0);
    for seed in 0..40 {
        random_game(seed, seed as usize, 200, |pos| {
            stacks += pos.tokens().iter().filter(|&(_, h)| h > 1).count();
            for m in &pos.legal_moves() {
                entry_captures += usize::from(m.is_porthole() && pos.captured_by(m).is_some());
                castles += usize::from(m.kind() == MoveKind::Castle);
                promotions += usize::from(m.promotion().is_some());
            }
            let last = |c: Color| wormhole::Bitboard::rank(c.last_rank());
            stranded += Color::ALL.iter().map(|&c| (pos.board().pieces(c, Role::Pawn) & last(c)).count()).sum::<u32>();
        });
    }
    assert!(
        stacks > 0 && entry_captures > 0 && castles > 0 && promotions > 0 && stranded > 0,
        "stacks {stacks}, entry captures {entry_captures}, castles {castles}, promotions {promotions}, stranded pawns {stranded}"
    );
}
