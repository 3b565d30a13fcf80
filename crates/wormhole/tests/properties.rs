//! The properties every game must have, written once and run over random
//! games of each game: make and undo restore the position and its hash (and
//! the incremental hash is the hash of the position read from its FEN), the
//! move lists agree with each other and with what the search generates,
//! FENs read back, and every move's SAN and coordinates read back with no
//! SAN twice. A game adds its own checks through two hooks; a new game
//! joins with one `properties!` line at the end of this file.

use proptest::prelude::*;
use wormhole::engine::SearchHooks;
use wormhole::rules::{GameMove, GameOutcome, MoveBuffer, MoveSet};
use wormhole::{Color, ListedGame, Position, Role, Rules, Variant};
use wormhole::{linked, porthole, twoboard};

mod common;

/// The position's incremental hash is the hash of the position read from
/// its FEN; each legal move, played, passes the game's own `after_move`
/// checks (its hash from scratch, what it does to the board), and taken
/// back restores the position and its hash.
fn check_make_undo<P: ListedGame + PartialEq>(pos: &P, after_move: fn(&P, &P, P::Move)) {
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
/// legal moves, its quick "surely has a move" test never lies, and its
/// "in check" is the rules' check (`check_is_search_check`) or, where the
/// game gives the search its own meaning, tells a lost game when no move
/// is left.
fn check_search_lists<P: SearchHooks>(pos: &P, check_is_search_check: bool) {
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
    if check_is_search_check {
        assert_eq!(P::safety_in_check(&safety), pos.is_check(), "check in {}", pos.fen());
    } else if legal.is_empty() {
        // The search's own "in check" tells the lost game from the drawn
        // one when no move is left (Two-board chess: a pass would leave
        // the king attacked, which may differ from the rules' check, as
        // when the king's own intent would swap it away from an arrival).
        let lost = pos.outcome(&[]).and_then(|o| o.winner()) == Some(!pos.turn());
        assert_eq!(P::safety_in_check(&safety), lost, "search check and loss in {}", pos.fen());
    }
    if !pos.is_check() && pos.surely_has_move(&safety) {
        assert!(!legal.is_empty(), "no legal move in {}", pos.fen());
    }
}

fn check_fen_round_trip<P: ListedGame + PartialEq>(pos: &P) {
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
/// `after_move` and `notation` are the game's own checks; `check_is_search_check`
/// says whether the search's "in check" is exactly the rules' check.
macro_rules! properties {
    ($game:ident: $pos:ty, starts: $starts:expr, plies: $plies:expr, notation_plies: $nplies:expr,
     cases: $cases:expr, notation_cases: $ncases:expr, after_move: $after:expr, notation: $also:expr,
     check_is_search_check: $same_check:expr) => {
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
                        check_search_lists(pos, $same_check);
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

/// Linked-portal chess: the hash covers portals, castling and en passant,
/// and no move (a black hole included) leaves its own side without pieces.
fn linked_after_move(before: &linked::Position, p: &linked::Position, m: linked::Move) {
    let hash = linked::zobrist::hash(p.board(), p.portals(), p.turn(), p.castling(), p.ep_square());
    assert_eq!(p.hash(), hash, "hash after {m} in {}", before.fen());
    assert!(!p.board().by_color(before.turn()).is_empty(), "{m} in {}", before.fen());
}

/// Linked-portal chess also reads `→` for `>` in SAN.
fn linked_notation(pos: &linked::Position, m: linked::Move, san: &str) {
    assert_eq!(pos.parse_move(&san.replace('>', "→")), Ok(m), "SAN {san} with an arrow in {}", pos.fen());
}

/// Two-board portal chess: the incremental hash is the hash from scratch,
/// before and after the move, and each side has exactly one king, on a
/// board or in transit.
fn twoboard_after_move(before: &twoboard::Position, p: &twoboard::Position, m: twoboard::Move) {
    assert_eq!(before.hash(), before.hash_from_scratch(), "hash of {}", before.fen());
    assert_eq!(p.hash(), p.hash_from_scratch(), "hash after {m} in {}", before.fen());
    for color in Color::ALL {
        let boards = twoboard::BoardId::BOTH.iter().map(|&b| p.board(b).pieces(color, Role::King).count());
        let in_transit = p.intent(color).and_then(|i| i.in_transit()).is_some_and(|piece| piece.role == Role::King);
        assert_eq!(boards.sum::<u32>() + u32::from(in_transit), 1, "{color} kings after {m} in {}", before.fen());
    }
}

/// A game's start and every position of its perft suite `epd` (for
/// Porthole chess: stacks, pawns on their first and last ranks, kings on
/// P-squares; for Linked-portal chess: residents, frozen portals, en
/// passant next to a portal).
fn with_suite<P: ListedGame>(start: P, epd: &str) -> Vec<P> {
    let suite = epd.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let suite = suite.map(|l| P::from_fen_in(start.kind(), l.split(';').next().unwrap().trim()).unwrap());
    std::iter::once(start.clone()).chain(suite).collect()
}

// The instantiations: one line per game. (Wormhole chess ran 4000 and 1000
// cases over both piece sets; each set now runs half.)
properties!(classic: Position, starts: vec![Position::new(Variant::Classic)], plies: 64, notation_plies: 64,
    cases: 2000, notation_cases: 500, after_move: wormhole_after_move, notation: wormhole_notation,
    check_is_search_check: true);
properties!(fairy: Position, starts: vec![Position::new(Variant::Fairy)], plies: 64, notation_plies: 64,
    cases: 2000, notation_cases: 500, after_move: wormhole_after_move, notation: wormhole_notation,
    check_is_search_check: true);
properties!(porthole_chess: porthole::Position,
    starts: with_suite(porthole::Position::new(), include_str!("data/porthole.epd")), plies: 200, notation_plies: 120,
    cases: 300, notation_cases: 60, after_move: porthole_after_move, notation: porthole_notation,
    check_is_search_check: true);
properties!(linked_chess: linked::Position, starts: with_suite(linked::Position::new(), include_str!("data/linked.epd")),
    plies: 150, notation_plies: 80, cases: 120, notation_cases: 40, after_move: linked_after_move,
    notation: linked_notation, check_is_search_check: true);
properties!(twoboard_chess: twoboard::Position,
    starts: with_suite(twoboard::Position::new(), include_str!("data/twoboard.epd")), plies: 120, notation_plies: 60,
    cases: 48, notation_cases: 48, after_move: twoboard_after_move, notation: |_, _, _| {},
    check_is_search_check: false);
