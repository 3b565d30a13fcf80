//! The exact search behind every puzzle: whether the side to move wins
//! within n of its own moves, over every legal move (nothing pruned, no
//! evaluation), so a "no" is as much a proof as a "yes". It spends a
//! budget of positions and answers `None` when the budget runs out.

use crate::rules::{GameOutcome, MoveSet, Rules};

/// What the exact search may spend, in positions played; counts down.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget(pub u64);

impl Budget {
    /// Takes one position; `None` once the budget is spent.
    pub(crate) fn take(&mut self) -> Option<()> {
        self.0 = self.0.checked_sub(1)?;
        Some(())
    }
}

/// Whether the side to move of `pos` wins within `n` of its own moves
/// (`n` ≥ 1): some move wins at once, or leaves the opponent only replies
/// after which it wins within `n - 1`.
pub(crate) fn wins_within<P: Rules>(pos: &mut P, n: u32, budget: &mut Budget) -> Option<bool> {
    let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
    let mut settled = true;
    for m in moves {
        match wins_with(pos, m, n, budget) {
            Some(true) => return Some(true),
            Some(false) => {}
            None => settled = false,
        }
    }
    settled.then_some(false)
}

/// Whether the legal move `m` of the side to move wins within `n` of its
/// own moves, `m` counted.
pub(crate) fn wins_with<P: Rules>(pos: &mut P, m: P::Move, n: u32, budget: &mut Budget) -> Option<bool> {
    budget.take()?;
    let mover = pos.turn();
    let undo = pos.play_unchecked(m);
    let result = match pos.outcome(&[]) {
        Some(outcome) => Some(outcome.winner() == Some(mover)),
        None if n <= 1 => Some(false),
        None => every_reply_loses(pos, n - 1, budget),
    };
    pos.undo(m, undo);
    result
}

/// Whether every legal move of the side to move (it has some) lets the
/// opponent win within `n` of its moves.
fn every_reply_loses<P: Rules>(pos: &mut P, n: u32, budget: &mut Budget) -> Option<bool> {
    let replies: Vec<P::Move> = pos.legal_moves().iter().collect();
    let mut settled = true;
    for r in replies {
        let undo = pos.play_unchecked(r);
        let answer = wins_within(pos, n, budget);
        pos.undo(r, undo);
        match answer {
            Some(false) => return Some(false),
            Some(true) => {}
            None => settled = false,
        }
    }
    settled.then_some(true)
}

/// The fewest of its own moves the side to move needs to win, if it wins
/// within `max`.
pub(crate) fn win_distance<P: Rules>(pos: &mut P, max: u32, budget: &mut Budget) -> Option<Option<u32>> {
    for n in 1..=max {
        if wins_within(pos, n, budget)? {
            return Some(Some(n));
        }
    }
    Some(None)
}
