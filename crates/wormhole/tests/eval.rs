//! The evaluation harness, written once and run for every game: over the
//! positions of random games, the evaluation (material only and positional)
//! is colour-symmetric, and the positional evaluation is the dot product
//! of the term counts with the weights; the terms cover every weight once.
//! A new game joins with one `eval_harness!` line at the end.

use wormhole::rules::{EvalWeights, Evaluate, MoveSet};
use wormhole::{GameKind, ListedGame, Position, Rules};
use wormhole::{linked, porthole, twoboard};

mod common;

/// Random games from the start of `kind`: `games` of at most `plies`
/// plies; checks every position after the first move.
fn for_random_positions<P: ListedGame>(
    kind: GameKind,
    seed: u64,
    games: usize,
    plies: usize,
    mut check: impl FnMut(&P),
) {
    let mut rng = common::rng(seed);
    for _ in 0..games {
        let start = P::from_fen_in(kind, kind.start_fen()).unwrap();
        let mut first = true;
        common::play_random(start, &mut rng, plies, |pos| {
            if !std::mem::take(&mut first) {
                check(pos);
            }
        });
    }
}

/// The evaluation and the number of legal moves of `pos` and of its mirror
/// (`None` when the game cannot write one) are the same.
fn check_symmetry<P: Rules + Evaluate>(pos: &P, mirror: fn(&P) -> Option<P>) {
    let Some(flipped) = mirror(pos) else { return };
    let params = pos.default_params();
    for positional in [false, true] {
        assert_eq!(pos.evaluate(&params, positional), flipped.evaluate(&params, positional), "{}", pos.fen());
    }
    assert_eq!(pos.legal_moves().len(), flipped.legal_moves().len(), "{}", pos.fen());
}

/// The positional evaluation is the term counts times the weights (over
/// the game's feature scale, rounded down).
fn check_terms_times_weights<P: Rules + Evaluate>(pos: &P) {
    let params = pos.default_params();
    let dot: i32 = pos.eval_features().iter().zip(params.weights()).map(|(f, w)| f * w).sum();
    assert_eq!(pos.evaluate(&params, true), dot.div_euclid(P::FEATURE_SCALE), "{}", pos.fen());
}

/// The terms, in order, cover every weight once, each named once and documented.
fn check_terms_cover_every_weight_once<W: EvalWeights>() {
    let terms = W::terms();
    let mut next = 0;
    for (i, t) in terms.iter().enumerate() {
        assert_eq!(t.start, next, "{} starts where the previous term ends", t.name);
        assert!(!t.doc.is_empty());
        assert!(terms[..i].iter().all(|u| u.name != t.name), "{} is named once", t.name);
        next += t.shape.weights();
    }
    assert_eq!(next, W::default().weights().len());
}

/// The harness for one game: `games` random games of at most `plies` plies
/// from seed `seed`, plus the `fens` of its table; `mirror` flips a
/// position top to bottom with the colours swapped.
macro_rules! eval_harness {
    ($game:ident: $pos:ty, $kind:expr, seed: $seed:expr, games: $games:expr, plies: $plies:expr,
     mirror: $mirror:expr, fens: $fens:expr) => {
        mod $game {
            use super::*;

            #[test]
            fn evaluation_is_symmetric_and_the_sum_of_its_terms() {
                for_random_positions::<$pos>($kind, $seed, $games, $plies, |pos| {
                    check_symmetry(pos, $mirror);
                    check_terms_times_weights(pos);
                });
                for fen in $fens {
                    let pos = <$pos as ListedGame>::from_fen_in($kind, fen).unwrap();
                    check_symmetry(&pos, $mirror);
                    check_terms_times_weights(&pos);
                }
            }

            #[test]
            fn terms_cover_every_weight_once() {
                check_terms_cover_every_weight_once::<<$pos as Evaluate>::Params>();
            }
        }
    };
}

/// Colours swapped and the board flipped top to bottom (holes stay holes).
/// Wormhole chess writes no mirror when the side to move no longer matches
/// the number of plies.
fn wormhole_mirror(pos: &Position) -> Option<Position> {
    let fen = pos.fen();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let swap = |c: char| match c {
        'x' => c,
        _ if c.is_ascii_uppercase() => c.to_ascii_lowercase(),
        _ => c.to_ascii_uppercase(),
    };
    let placement: Vec<String> = fields[0].split('/').rev().map(|rank| rank.chars().map(swap).collect()).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    Position::from_fen(&format!("{} {} {}", placement.join("/"), side, fields[2]), pos.variant()).ok()
}

/// Colours swapped and the board flipped top to bottom, castling rights
/// and tokens too; every Porthole position has one.
fn porthole_mirror(pos: &porthole::Position) -> Option<porthole::Position> {
    let fen = pos.fen();
    let f: Vec<&str> = fen.split_whitespace().collect();
    let swap = |c: char| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() };
    let placement: Vec<String> = f[0].split('/').rev().map(|rank| rank.chars().map(swap).collect()).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling: String = if f[2] == "-" { "-".into() } else { f[2].chars().map(swap).collect() };
    let flip_rank = |token: &str| {
        let (sq, height) = token.split_at(2);
        let rank = (b'1' + b'8' - sq.as_bytes()[1]) as char;
        format!("{}{rank}{height}", &sq[..1])
    };
    let tokens = if f[6] == "-" { "-".into() } else { f[6].split(',').map(flip_rank).collect::<Vec<_>>().join(",") };
    let mirrored = format!("{} {side} {castling} - {} {} {tokens}", placement.join("/"), f[4], f[5]);
    Some(porthole::Position::from_fen(&mirrored).unwrap_or_else(|e| panic!("{mirrored}: {e}")))
}

/// Colours swapped and the board flipped top to bottom, castling rights,
/// en passant square and portals too (each side's portal becomes the
/// other's).
fn linked_mirror(pos: &linked::Position) -> Option<linked::Position> {
    let fen = pos.fen();
    let f: Vec<&str> = fen.split_whitespace().collect();
    let swap = |c: char| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() };
    let placement: Vec<String> = f[0].split('/').rev().map(|rank| rank.chars().map(swap).collect()).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling: String = if f[2] == "-" { "-".into() } else { f[2].chars().map(swap).collect() };
    let flip = |sq: &str| format!("{}{}", &sq[..1], (b'1' + b'8' - sq.as_bytes()[1]) as char);
    let ep = if f[3] == "-" { "-".into() } else { flip(f[3]) };
    let portals = match f[6].split_once(',') {
        Some((w, b)) => format!("{},{}", flip(b), flip(w)),
        None => "-".into(),
    };
    let mirrored = format!("{} {side} {castling} {ep} {} {} {portals}", placement.join("/"), f[4], f[5]);
    Some(linked::Position::from_fen(&mirrored).unwrap_or_else(|e| panic!("{mirrored}: {e}")))
}

// The instantiations: one line per game.
eval_harness!(classic: Position, GameKind::Classic, seed: 99, games: 20, plies: 40, mirror: wormhole_mirror,
    fens: ["rnbqkxxr/xpxpxxpx/2xbpn1p/pP3P2/xx1Px3/x2B4/xxPxxPPP/RNBQKxNR b 17"]);
eval_harness!(fairy: Position, GameKind::Fairy, seed: 99, games: 20, plies: 40, mirror: wormhole_mirror,
    fens: ["cxwxkmxx/pppxxpxx/2np1xcp/2x1W3/3xP3/x4P2/PPPxxxPP/xNxMKxNC w 18"]);
eval_harness!(porthole_chess: porthole::Position, GameKind::Porthole, seed: 7, games: 20, plies: 60,
    mirror: porthole_mirror, fens: [] as [&str; 0]);
eval_harness!(linked_chess: linked::Position, GameKind::Linked, seed: 7, games: 20, plies: 60, mirror: linked_mirror,
    fens: include_str!("data/linked.epd").lines().filter_map(|l| l.split(';').next()).map(str::trim));
// Two-board chess writes no mirror (its boards and intents have no flip
// in the table yet): its terms are checked, not its symmetry.
eval_harness!(twoboard_chess: twoboard::Position, GameKind::Twoboard, seed: 7, games: 20, plies: 60, mirror: |_| None,
    fens: [] as [&str; 0]);
