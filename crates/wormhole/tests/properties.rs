//! The properties every game must have, written once and run over random
//! games of each game: make and undo restore the position and its hash (and
//! the incremental hash is the hash of the position read from its FEN), the
//! move lists agree with each other and with what the search generates,
//! FENs read back, and every move's SAN and coordinates read back with no
//! SAN twice. A game adds its own checks through two hooks; a new game
//! joins with one `properties!` line at the end of this file.

use proptest::prelude::*;
use wormhole::porthole;
use wormhole::rules::{GameMove, MoveBuffer, MoveSet, SearchHooks};
use wormhole::{Position, Rules, Variant};

mod common;

/// The position's incremental hash is the hash of the position read from
/// its FEN; each legal move, played, passes the game's own `after_move`
/// checks (its hash from scratch, what it does to the board), and taken
/// back restores the position and its hash.
fn check_make_undo<P: Rules + PartialEq>(pos: &P, after_move: fn(&P, &P, P::Move)) {
    let fresh = P::from_fen_in(pos.kind(), &pos.fen()).unwrap_or_else(|e| panic!("{}: {e}", pos.fen()));
    assert_eq!(pos.hash(), fresh.hash(), "incremental hash in {}", pos.fen());
    let mut p = pos.clone();
    for m in pos.legal_moves().iter() {
        let undo = p.play_unchecked(m);
        after_move(pos, &p, m);
        p.undo(m, undo);
        assert_eq!(&p, pos, "undo {m} in {}", pos.fen());
        assert_eq!(p.hash(), pos.hash(), "hash after undo {m} in {}", pos.fen());
    }
}

/// The list's length, iteration and membership agree, with no move twice.
fn check_move_list<P: Rules>(pos: &P) {
    let list = pos.legal_moves();
    let mut moves: Vec<P::Move> = list.iter().collect();
    assert_eq!(moves.len(), list.len());
    assert!(moves.iter().all(|&m| list.contains(m)));
    moves.sort_by_key(|m| m.to_bits());
    moves.dedup();
    assert_eq!(moves.len(), list.len(), "a move listed twice in {}", pos.fen());
}

/// What the search generates (all moves, captures only) agrees with the
/// legal moves, and its quick "surely has a move" test never lies.
fn check_search_lists<P: SearchHooks>(pos: &P) {
    let safety = pos.king_safety();
    let generated = |captures: bool| {
        let mut list = P::SearchList::default();
        pos.generate(&safety, &mut list, captures);
        let mut v = list.as_mut_slice().to_vec();
        v.sort_by_key(|m| m.to_bits());
        v
    };
    let mut legal: Vec<P::Move> = pos.legal_moves().iter().collect();
    legal.sort_by_key(|m| m.to_bits());
    assert_eq!(generated(false), legal, "search list in {}", pos.fen());
    let legal_captures: Vec<P::Move> = legal.iter().copied().filter(|&m| pos.captured_by(m).is_some()).collect();
    assert_eq!(generated(true), legal_captures, "captures in {}", pos.fen());
    assert_eq!(P::safety_in_check(&safety), pos.is_check(), "check in {}", pos.fen());
    if !pos.is_check() && pos.surely_has_move(&safety) {
        assert!(!legal.is_empty(), "no legal move in {}", pos.fen());
    }
}

fn check_fen_round_trip<P: Rules + PartialEq>(pos: &P) {
    let back = P::from_fen_in(pos.kind(), &pos.fen()).unwrap_or_else(|e| panic!("{}: {e}", pos.fen()));
    assert_eq!(&back, pos);
}

/// Every move's SAN and coordinates read back as the move (and the game's
/// own `also` forms), `san_moves` pairs them in order, and no SAN repeats.
fn check_notation<P: Rules>(pos: &P, also: fn(&P, P::Move, &str)) {
    let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
    let mut sans: Vec<String> = Vec::new();
    for &m in &moves {
        let san = pos.san(m);
        assert_eq!(pos.parse_move(&san), Ok(m), "SAN {san} in {}", pos.fen());
        assert_eq!(pos.parse_move(&m.to_string()), Ok(m), "{m} in {}", pos.fen());
        also(pos, m, &san);
        sans.push(san);
    }
    let together: Vec<(P::Move, String)> = moves.iter().copied().zip(sans.iter().cloned()).collect();
    assert_eq!(pos.san_moves(), together, "san_moves in {}", pos.fen());
    let count = sans.len();
    sans.sort();
    sans.dedup();
    assert_eq!(sans.len(), count, "duplicate SAN in {}", pos.fen());
}

/// The harness for one game: its random games start from one of `starts`
/// and last at most `plies` (`notation_plies` for the notation property);
/// `cases` and `notation_cases` are the proptest case counts;
/// `after_move` and `notation` are the game's own checks.
macro_rules! properties {
    ($game:ident: $pos:ty, starts: $starts:expr, plies: $plies:expr, notation_plies: $nplies:expr,
     cases: $cases:expr, notation_cases: $ncases:expr, after_move: $after:expr, notation: $also:expr) => {
        mod $game {
            use super::*;

            fn game(seed: u64, start: usize, plies: usize, check: impl FnMut(&$pos)) {
                let starts: Vec<$pos> = $starts;
                common::play_random(starts[start % starts.len()].clone(), &mut common::rng(seed), plies, check);
            }

            proptest! {
                #![proptest_config(ProptestConfig { cases: $cases, ..ProptestConfig::default() })]

                #[test]
                fn make_undo_restores_position_and_hash_and_lists_agree(seed: u64, start: usize) {
                    game(seed, start, $plies, |pos| {
                        check_make_undo(pos, $after);
                        check_move_list(pos);
                        check_search_lists(pos);
                    });
                }

                #[test]
                fn fen_write_then_read_is_identity(seed: u64, start: usize) {
                    game(seed, start, $plies, check_fen_round_trip);
                }
            }

            proptest! {
                #![proptest_config(ProptestConfig { cases: $ncases, ..ProptestConfig::default() })]

                #[test]
                fn san_and_coordinates_parse_back_and_san_is_unique(seed: u64, start: usize) {
                    game(seed, start, $nplies, |pos| check_notation(pos, $also));
                }
            }
        }
    };
}

/// Wormhole chess: each move leaves one hole more, and the incremental hash
/// is the Zobrist hash of board and turn.
fn wormhole_after_move(before: &Position, after: &Position, m: wormhole::Move) {
    use wormhole::zobrist;
    assert_eq!(after.hash(), zobrist::hash(after.board(), after.turn()), "hash after {m} in {}", before.fen());
    assert_eq!(after.board().holes().count(), before.board().holes().count() + 1);
}

/// Porthole chess: the hash covers tokens and castling, and a move keeps
/// the tokens, or, through a porthole, lifts one from its entry onto its
/// origin and leaves no piece on the entry.
fn porthole_after_move(before: &porthole::Position, p: &porthole::Position, m: porthole::Move) {
    let hash = porthole::zobrist::hash(p.board(), p.tokens(), p.turn(), p.castling());
    assert_eq!(p.hash(), hash, "hash after {m} in {}", before.fen());
    assert_eq!(p.tokens().count(), before.tokens().count(), "tokens after {m} in {}", before.fen());
    if let Some(entry) = m.entry() {
        assert_eq!(p.tokens().height(entry) + 1, before.tokens().height(entry), "{m} in {}", before.fen());
        assert_eq!(p.tokens().height(m.from()), before.tokens().height(m.from()) + 1, "{m} in {}", before.fen());
        assert!(p.board().piece_at(entry).is_none(), "{m} leaves a piece on its entry in {}", before.fen());
    } else {
        assert_eq!(p.tokens(), before.tokens(), "{m} moved a token in {}", before.fen());
    }
}

fn wormhole_notation(pos: &Position, m: wormhole::Move, _san: &str) {
    assert_eq!(pos.parse_move(&pos.long_form(m)), Ok(m), "{} in {}", pos.long_form(m), pos.fen());
}

/// Porthole chess also reads its long form, and `→` for `>` in SAN.
fn porthole_notation(pos: &porthole::Position, m: porthole::Move, san: &str) {
    assert_eq!(pos.parse_move(&san.replace('>', "→")), Ok(m), "SAN {san} with an arrow in {}", pos.fen());
    assert_eq!(pos.parse_move(&pos.long_form(m)), Ok(m), "{} in {}", pos.long_form(m), pos.fen());
}

/// Porthole chess starts from its default start and from every position of
/// its perft suite (stacks, pawns on their first and last ranks, kings on
/// P-squares).
fn porthole_starts() -> Vec<porthole::Position> {
    let suite = include_str!("data/porthole.epd").lines().filter_map(|l| l.split(';').next());
    let suite = suite.map(|fen| porthole::Position::from_fen(fen.trim()).unwrap());
    std::iter::once(porthole::Position::new()).chain(suite).collect()
}

// The instantiations: one line per game. (Wormhole chess ran 4000 and 1000
// cases over both piece sets; each set now runs half.)
properties!(classic: Position, starts: vec![Position::new(Variant::Classic)], plies: 64, notation_plies: 64,
    cases: 2000, notation_cases: 500, after_move: wormhole_after_move, notation: wormhole_notation);
properties!(fairy: Position, starts: vec![Position::new(Variant::Fairy)], plies: 64, notation_plies: 64,
    cases: 2000, notation_cases: 500, after_move: wormhole_after_move, notation: wormhole_notation);
properties!(porthole_chess: porthole::Position, starts: porthole_starts(), plies: 200, notation_plies: 120,
    cases: 300, notation_cases: 60, after_move: porthole_after_move, notation: porthole_notation);
