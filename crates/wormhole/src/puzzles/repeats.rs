//! Puzzles that repeat another of their set, which a set keeps once:
//! - a tail: the puzzle's position comes up in another's solution with the
//!   solver to move, so it is that line from there on (the generator meets
//!   it one or two moves later in the same game);
//! - a sibling: the same solution from the same placement of the pieces,
//!   the positions differing only elsewhere (where a portal stands), so
//!   the same puzzle twice.
//!
//! ```
//! use wormhole::puzzles::{Puzzle, Repeat, repeats};
//! let long = Puzzle::parse("long\tporthole\t7k/8/8/8/8/8/1R6/R5K1 w - - 0 1\ta1a7 h8g8 b2b8\tRa7 Kg8 Rb8#\t1400\tmate-in-2 quiet-move\t500")?;
//! let tail = Puzzle::parse("tail\tporthole\t6k1/R7/8/8/8/8/1R6/6K1 w - - 2 2\tb2b8\tRb8#\t900\tmate-in-1 check\t10")?;
//! assert_eq!(repeats(&[tail, long]), [(0, Repeat::Tail { of: "long".into(), ply: 2 })]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::fmt;

use super::Puzzle;
use crate::games::GameKind;
use crate::rules::Rules;

/// How a puzzle repeats another one of its set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Repeat {
    /// Its position comes up in the solution of `of`, the solver to move,
    /// after `ply` moves of that solution.
    Tail {
        /// The id of the puzzle whose line holds it.
        of: String,
        /// The moves of that solution before its position.
        ply: usize,
    },
    /// The same solution as `of` from the same placement of the pieces.
    Sibling {
        /// The id of the puzzle kept.
        of: String,
    },
}

impl fmt::Display for Repeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Repeat::Tail { of, ply } => write!(f, "the tail of {of}'s line (its moves from move {} on)", ply + 1),
            Repeat::Sibling { of } => write!(f, "the same solution as {of} from the same placement of the pieces"),
        }
    }
}

/// The puzzles of `puzzles` that repeat another, by index, in order, with
/// why. Of a tail and the line holding it, the longer line stays; of
/// siblings, the first. A puzzle whose moves do not play is no one's tail
/// (`check` reports it).
pub fn repeats(puzzles: &[Puzzle]) -> Vec<(usize, Repeat)> {
    let mut inside: HashMap<(GameKind, u64), (usize, usize)> = HashMap::new();
    let mut starts = Vec::with_capacity(puzzles.len());
    for (i, p) in puzzles.iter().enumerate() {
        let Some(Hashes { start, solver_turns }) = solver_positions(p) else {
            starts.push(None);
            continue;
        };
        starts.push(Some(start));
        for (ply, hash) in solver_turns {
            inside.entry((p.game, hash)).or_insert((i, ply));
        }
    }
    let mut siblings: HashMap<(GameKind, &[String], &str), usize> = HashMap::new();
    let mut found = Vec::new();
    for (j, p) in puzzles.iter().enumerate() {
        let tail = starts[j].and_then(|s| inside.get(&(p.game, s))).filter(|&&(i, _)| i != j);
        let placement = p.fen.split_whitespace().next().unwrap_or_default();
        let first = *siblings.entry((p.game, &p.solution, placement)).or_insert(j);
        if let Some(&(i, ply)) = tail {
            found.push((j, Repeat::Tail { of: puzzles[i].id.clone(), ply }));
        } else if first != j {
            found.push((j, Repeat::Sibling { of: puzzles[first].id.clone() }));
        }
    }
    found
}

/// The positions of a puzzle, by hash.
struct Hashes {
    /// Its position.
    start: u64,
    /// The positions in its solution with the solver to move (after an
    /// even number of moves, the start left out), each with the moves
    /// before it.
    solver_turns: Vec<(usize, u64)>,
}

/// The [`Hashes`] of `puzzle`; `None` if its moves do not play.
fn solver_positions(puzzle: &Puzzle) -> Option<Hashes> {
    let mut pos = puzzle.position().ok()?;
    let start = pos.hash();
    let mut solver_turns = Vec::new();
    for (ply, m) in puzzle.line().ok()?.into_iter().enumerate() {
        pos.play(m).ok()?;
        if (ply + 1) % 2 == 0 {
            solver_turns.push((ply + 1, pos.hash()));
        }
    }
    Some(Hashes { start, solver_turns })
}
