//! Choosing a set that teaches from the puzzles found: every puzzle that
//! is not a mate in one, and mates in one up to a third of the set, picked
//! to spread over the ratings with as few repeated solutions as possible.
//! The choice depends on the puzzles alone (not their order in the files):
//! the same puzzles give the same set.

use std::collections::HashSet;

use super::{Puzzle, Theme};

/// A shipped set holds at most one mate in one in this many puzzles.
pub const MATE_IN_ONE_SHARE: usize = 3;

/// The fewest puzzles a shipped set holds.
pub const MIN_SET_SIZE: usize = 150;

/// Whether `puzzle` is a mate in one (or a stalemate in one, which wins
/// in Wormhole chess): one move that ends the game.
pub fn is_mate_in_one(puzzle: &Puzzle) -> bool {
    puzzle.themes.iter().any(|t| matches!(t, Theme::MateIn(1) | Theme::StalemateIn(1)))
}

/// The set chosen from `puzzles` (no two with the same id, see
/// [`super::repeats`] for the other repeats): every puzzle that is not a
/// mate in one, in the given order, and as many mates in one as keep them
/// at most one in [`MATE_IN_ONE_SHARE`]: sorted by rating (then id), those
/// with a first move (SAN) not chosen yet come first, picked at evenly
/// spaced ranks so that the easy and the hard are kept alike.
///
/// ```
/// use wormhole::puzzles::{Puzzle, is_mate_in_one, select};
/// let line = |id: &str, san: &str, rating: u16, themes: &str| {
///     let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
///     Puzzle::parse(&format!("{id}\tporthole\t{fen}\ta1a8\t{san}\t{rating}\t{themes}\t10")).unwrap()
/// };
/// let found = vec![
///     line("m1", "Ra8#", 600, "mate-in-1"),
///     line("m2", "Ra8#", 900, "mate-in-1"),
///     line("w1", "Ra8", 1200, "wins-material"),
///     line("w2", "Ra8", 1300, "wins-material"),
/// ];
/// let chosen = select(&found);
/// assert_eq!(chosen.iter().map(|p| p.id.as_str()).collect::<Vec<_>>(), ["m1", "w1", "w2"]);
/// assert!(chosen.iter().filter(|p| is_mate_in_one(p)).count() * 3 <= chosen.len());
/// ```
pub fn select(puzzles: &[Puzzle]) -> Vec<Puzzle> {
    let others = puzzles.iter().filter(|p| !is_mate_in_one(p)).count();
    let room = others / (MATE_IN_ONE_SHARE - 1);
    let mut mates: Vec<&Puzzle> = puzzles.iter().filter(|p| is_mate_in_one(p)).collect();
    mates.sort_by(|a, b| (a.rating, &a.id).cmp(&(b.rating, &b.id)));
    let mut seen = HashSet::new();
    let (fresh, repeated): (Vec<&Puzzle>, Vec<&Puzzle>) = mates.iter().partition(|p| seen.insert(&p.san));
    let mut kept: HashSet<&str> = spread(&fresh, room).into_iter().map(|p| p.id.as_str()).collect();
    let rest = room.saturating_sub(kept.len());
    kept.extend(spread(&repeated, rest).into_iter().map(|p| p.id.as_str()));
    puzzles.iter().filter(|p| !is_mate_in_one(p) || kept.contains(p.id.as_str())).cloned().collect()
}

/// At most `n` of `sorted`, at evenly spaced ranks (the first and the last
/// among them when `n` ≥ 2).
fn spread<'a>(sorted: &[&'a Puzzle], n: usize) -> Vec<&'a Puzzle> {
    let len = sorted.len();
    match n {
        0 => Vec::new(),
        _ if n >= len => sorted.to_vec(),
        1 => vec![sorted[len / 2]],
        _ => (0..n).map(|i| sorted[i * (len - 1) / (n - 1)]).collect(),
    }
}
