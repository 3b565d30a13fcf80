//! Choosing a set that teaches from the puzzles found: every puzzle that
//! is neither a mate in one nor a plain capture (one move taking a piece
//! left hanging, the commonest material puzzle of the Portal games, where
//! weak players hang pieces far more often than they allow a fork), plain
//! captures up to half as many as those (more only where the set needs
//! them to reach [`MIN_SET_SIZE`]), and mates in one up to a third of the
//! set; both picked to spread over the ratings with as few repeated
//! solutions as possible. The choice depends on the puzzles alone (not
//! their order in the files): the same puzzles give the same set.

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

/// Whether `puzzle` is a plain capture: a material puzzle of one move that
/// takes a piece, with no other trick named.
pub fn is_plain_capture(puzzle: &Puzzle) -> bool {
    puzzle.solution.len() == 1
        && puzzle.themes.contains(&Theme::WinsMaterial)
        && puzzle
            .themes
            .iter()
            .all(|t| matches!(t, Theme::Capture | Theme::Check | Theme::WinsMaterial | Theme::HangingPiece))
}

/// The set chosen from `puzzles` (no two with the same id, see
/// [`super::repeats`] for the other repeats), in the given order: every
/// puzzle that is neither a mate in one nor a plain capture
/// ([`is_plain_capture`]); plain captures up to half as many as those, or
/// as many as bring the set to [`MIN_SET_SIZE`] with its third of mates in
/// one; and as many mates in one as keep them at most one in
/// [`MATE_IN_ONE_SHARE`]. Plain captures and mates in one are each chosen
/// alike: sorted by rating (then id), those with a first move (SAN) not
/// chosen yet come first, picked at evenly spaced ranks so that the easy
/// and the hard are kept alike.
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
    let rich = puzzles.iter().filter(|p| !is_mate_in_one(p) && !is_plain_capture(p)).count();
    let needed = (MIN_SET_SIZE * (MATE_IN_ONE_SHARE - 1)).div_ceil(MATE_IN_ONE_SHARE).saturating_sub(rich);
    let captures = chosen(puzzles, is_plain_capture, (rich / 2).max(needed));
    let others = rich + captures.len();
    let mates = chosen(puzzles, is_mate_in_one, others / (MATE_IN_ONE_SHARE - 1));
    puzzles
        .iter()
        .filter(|p| {
            let id = p.id.as_str();
            match (is_mate_in_one(p), is_plain_capture(p)) {
                (true, _) => mates.contains(id),
                (_, true) => captures.contains(id),
                _ => true,
            }
        })
        .cloned()
        .collect()
}

/// The ids of at most `room` of the puzzles `kind` accepts: sorted by
/// rating (then id), those with a first move not chosen yet first, at
/// evenly spaced ranks.
fn chosen(puzzles: &[Puzzle], kind: fn(&Puzzle) -> bool, room: usize) -> HashSet<&str> {
    let mut sorted: Vec<&Puzzle> = puzzles.iter().filter(|p| kind(p)).collect();
    sorted.sort_by(|a, b| (a.rating, &a.id).cmp(&(b.rating, &b.id)));
    let mut seen = HashSet::new();
    let (fresh, repeated): (Vec<&Puzzle>, Vec<&Puzzle>) = sorted.iter().partition(|p| seen.insert(&p.san));
    let mut kept: HashSet<&str> = spread(&fresh, room).into_iter().map(|p| p.id.as_str()).collect();
    let rest = room.saturating_sub(kept.len());
    kept.extend(spread(&repeated, rest).into_iter().map(|p| p.id.as_str()));
    kept
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
