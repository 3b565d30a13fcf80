//! Puzzles that win material, in the games with draws (the Portal games),
//! whose provers prove wins only: a material search decides them, exact
//! by its own measure (nothing pruned but by alpha-beta, no evaluation but
//! the game's material by its fixed values ([`Evaluate::judged_values`](crate::rules::Evaluate::judged_values)), never the
//! engine's weights), so the generator and `check` agree on every line,
//! whatever the engine's evaluation becomes.
//!
//! The search looks at every legal move for [`FULL_PLIES`] plies, then at
//! captures and promotions only (and every reply to a check) until the
//! position is quiet; a mate is worth more than any material, a draw is
//! even. At each of the solver's turns the solution's move is the only one
//! that keeps [`MIN_GAIN`] or more over the material of the puzzle's
//! position, every other move at least [`MARGIN`] worse; the line ends as
//! soon as the gain is on the board and lasts (the defender to move can
//! win none of it back by captures, [`win_visible`] holds), after at most
//! [`MAX_SOLVER_MOVES`] moves of the solver.

use super::exact::Budget;
use super::solution::{MAX_SOLVER_MOVES, Refusal, win_visible};
use super::{Puzzle, Theme};
use crate::core::Role;
use crate::engine::SearchHooks;
use crate::rules::{Evaluate, GameMove, GameOutcome, MoveSet, Rules};

/// Plies in which the search looks at every legal move.
pub const FULL_PLIES: u32 = 4;

/// The least material (centipawns, the game's fixed values: a pawn is 100)
/// a material puzzle wins: more than two pawns or the exchange.
pub const MIN_GAIN: i32 = 250;

/// How much worse than the solution's move every other move must be.
pub const MARGIN: i32 = 200;

/// A mate, worth more than any material.
const MATE: i32 = 1_000_000;

/// Whether `puzzle` is a material puzzle (no mate or stalemate theme):
/// judged by this module's rules in a game with draws.
pub fn is_material(puzzle: &Puzzle) -> bool {
    !puzzle.themes.iter().any(|t| matches!(t, Theme::MateIn(_) | Theme::StalemateIn(_)))
}

/// What the search settles about one position's solver's turn.
struct Only<M> {
    /// The only move that wins the material.
    best: M,
}

/// The side to move's value of `pos` by the material search, `depth` plies
/// of every move left; `None` once the budget is spent.
fn search<P: SearchHooks + Evaluate>(
    pos: &mut P,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    budget: &mut Budget,
) -> Option<i32> {
    budget.take()?;
    if let Some(outcome) = pos.outcome(&[]) {
        return Some(match outcome.winner() {
            None => 0,
            Some(c) if c == pos.turn() => MATE,
            Some(_) => -MATE,
        });
    }
    let quiet = depth == 0 && !pos.is_check();
    let mut best = -MATE;
    if quiet {
        best = pos.judged_material();
        if best >= beta {
            return Some(best);
        }
        alpha = alpha.max(best);
    }
    for m in ordered(pos, quiet) {
        let undo = pos.play_unchecked(m);
        let value = search(pos, depth.saturating_sub(1), -beta, -alpha, budget).map(|v| -v);
        pos.undo(m, undo);
        let value = value?;
        if value > best {
            best = value;
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    Some(best)
}

/// The legal moves of `pos`, captures first (the most valuable victim
/// first), then promotions, then the rest in generation order; with
/// `quiet`, captures and promotions only.
fn ordered<P: SearchHooks>(pos: &P, quiet: bool) -> Vec<P::Move> {
    let mut moves: Vec<(i32, P::Move)> = pos
        .legal_moves()
        .iter()
        .filter_map(|m| {
            let victim = pos.captured_by(m).map(|p| 10 * P::CAPTURE_ORDER[p.role.index()] + 10);
            let key = victim.or(m.promotion().map(|_| 5));
            match key {
                Some(k) => Some((-k, m)),
                None if quiet => None,
                None => Some((0, m)),
            }
        })
        .collect();
    moves.sort_by_key(|(k, _)| *k);
    moves.into_iter().map(|(_, m)| m).collect()
}

/// The only move of the solver (to move in `pos`) that keeps a gain of
/// [`MIN_GAIN`] over `start` (the solver's material in the puzzle's
/// position), every other move at least [`MARGIN`] worse.
fn only_gain<P: SearchHooks + Evaluate>(
    pos: &mut P,
    start: i32,
    ply: usize,
    budget: &mut Budget,
) -> Result<Only<P::Move>, Refusal> {
    let unsettled = |pos: &P, m: P::Move| Refusal::Unsettled { ply, mv: pos.san(m) };
    let mut best: Option<(P::Move, i32)> = None;
    let mut second: Option<(P::Move, i32)> = None;
    for m in ordered(pos, false) {
        // Only whether a move beats the best less the margin matters:
        // tested with a null window, searched in full only if it does.
        let bound = best.map(|(_, b)| b - MARGIN);
        let value = value_of(pos, m, bound, budget).ok_or_else(|| unsettled(pos, m))?;
        let Some(value) = value else { continue };
        match best {
            Some((b, v)) if value > v => {
                second = Some((b, v));
                best = Some((m, value));
            }
            Some(_) => second = Some((m, value)),
            None => best = Some((m, value)),
        }
    }
    let Some((best, value)) = best.filter(|&(_, v)| v - start >= MIN_GAIN) else {
        return Err(Refusal::NoWin { ply, moves: None });
    };
    match second {
        Some((other, v)) if v > value - MARGIN => {
            Err(Refusal::NotUnique { ply, first: pos.san(best), second: pos.san(other) })
        }
        _ => Ok(Only { best }),
    }
}

/// The value of the move `m` for the side to move of `pos` when it is
/// above `bound` (`Some(None)` when it is not, tested with a null window;
/// the exact value without a bound); `None` once the budget is spent.
fn value_of<P: SearchHooks + Evaluate>(
    pos: &mut P,
    m: P::Move,
    bound: Option<i32>,
    budget: &mut Budget,
) -> Option<Option<i32>> {
    let undo = pos.play_unchecked(m);
    let value = (|| {
        if let Some(bound) = bound
            && -search(pos, FULL_PLIES - 1, -bound - 1, -bound, budget)? <= bound
        {
            return Some(None);
        }
        Some(Some(-search(pos, FULL_PLIES - 1, -MATE - 1, MATE + 1, budget)?))
    })();
    pos.undo(m, undo);
    value
}

/// The defender's reply (to move in `pos`) that keeps the most material,
/// the first such in move order.
fn best_reply<P: SearchHooks + Evaluate>(pos: &mut P, ply: usize, budget: &mut Budget) -> Result<P::Move, Refusal> {
    let mut best: Option<(P::Move, i32)> = None;
    for r in ordered(pos, false) {
        let bound = best.map(|(_, b)| b);
        let value = value_of(pos, r, bound, budget).ok_or_else(|| Refusal::Unsettled { ply, mv: pos.san(r) })?;
        if let Some(value) = value {
            best = Some((r, value));
        }
    }
    best.map(|(r, _)| r).ok_or(Refusal::NoWin { ply, moves: None })
}

/// Whether the gain shows in `end` (the defender to move): the solver
/// holds [`MIN_GAIN`] over `start`, the defender's captures win none of it
/// back, and [`win_visible`] holds.
fn gain_shows<P: SearchHooks + Evaluate>(end: &mut P, start: i32, budget: &mut Budget) -> Option<bool> {
    if end.outcome(&[]).is_some() {
        return Some(false);
    }
    let held = -end.judged_material();
    let after_captures = -search(end, 0, -MATE - 1, MATE + 1, budget)?;
    Some(held - start >= MIN_GAIN && after_captures - start >= MIN_GAIN && win_visible(end))
}

/// The material puzzle's solution from `pos`, if it is one (the module's
/// rules), within `positions` of the search.
pub(crate) fn solve<P: SearchHooks + Evaluate>(pos: &P, positions: u64) -> Result<Vec<P::Move>, Refusal> {
    let mut budget = Budget(positions);
    let mut at = pos.clone();
    let start = at.judged_material();
    let mut line = Vec::new();
    loop {
        let only = only_gain(&mut at, start, line.len(), &mut budget)?;
        at.play_unchecked(only.best);
        line.push(only.best);
        let unsettled = || Refusal::Unsettled { ply: line.len() - 1, mv: "the line's end".into() };
        if gain_shows(&mut at, start, &mut budget).ok_or_else(unsettled)? {
            return Ok(line);
        }
        if at.outcome(&[]).is_some() || line.len().div_ceil(2) as u32 >= MAX_SOLVER_MOVES {
            return Err(Refusal::Unclear { ply: line.len() - 1 });
        }
        let reply = best_reply(&mut at, line.len(), &mut budget)?;
        at.play_unchecked(reply);
        line.push(reply);
    }
}

/// Checks a material puzzle's `line` from `pos` by the module's rules:
/// each of the solver's moves is the only one that keeps the gain, and
/// the gain shows where the line ends (the defender's replies are legal:
/// they played).
pub(crate) fn check<P: SearchHooks + Evaluate>(pos: &P, line: &[P::Move], positions: u64) -> Result<(), Refusal> {
    let solver_moves = line.len().div_ceil(2);
    if solver_moves > MAX_SOLVER_MOVES as usize {
        return Err(Refusal::TooLong { moves: solver_moves, limit: MAX_SOLVER_MOVES });
    }
    let mut budget = Budget(positions);
    let mut at = pos.clone();
    let start = at.judged_material();
    for (ply, &m) in line.iter().enumerate() {
        if ply % 2 == 0 {
            let only = only_gain(&mut at, start, ply, &mut budget)?;
            if only.best != m {
                return Err(Refusal::WrongMove { ply, written: at.san(m), winner: at.san(only.best) });
            }
        }
        at.play_unchecked(m);
    }
    let last = line.len().saturating_sub(1);
    let unsettled = || Refusal::Unsettled { ply: last, mv: "the line's end".into() };
    match gain_shows(&mut at, start, &mut budget).ok_or_else(unsettled)? {
        true if line.len() % 2 == 1 => Ok(()),
        _ => Err(Refusal::Unclear { ply: last }),
    }
}

/// The tactic of a material line's first move `first` from `pos`: in a
/// line of more than one move, [`Theme::Fork`] (the moved piece then
/// attacks two or more of the king and the pieces worth more than a pawn)
/// and [`Theme::DiscoveredAttack`] (another piece of the solver's then
/// attacks such a piece it did not); [`Theme::HangingPiece`] (it takes
/// such a piece and the defender takes nothing back in the line). Attacks
/// are the captures the solver would have if the defender passed.
pub(crate) fn tactics<P: SearchHooks>(pos: &P, line: &[P::Move]) -> Vec<Theme> {
    let first = line[0];
    let mut themes = Vec::new();
    let mut after = pos.clone();
    after.play_unchecked(first);
    let check = after.is_check();
    if after.outcome(&[]).is_some() || !after.may_pass() {
        return themes;
    }
    after.pass();
    let before = targets(pos, |m| m.from() != first.from());
    let by_mover = targets(&after, |m| m.from() == first.to() && m.board() == first.board());
    let by_others = targets(&after, |m| m.from() != first.to() || m.board() != first.board());
    let later = line.len() > 1;
    if later && by_mover.len() + usize::from(check) >= 2 {
        themes.push(Theme::Fork);
    }
    if later && by_others.iter().any(|t| !before.contains(t) && !by_mover.contains(t)) {
        themes.push(Theme::DiscoveredAttack);
    }
    let takes = pos.captured_by(first).is_some_and(|p| valuable::<P>(p.role));
    if takes && !defender_captures(pos, line) {
        themes.push(Theme::HangingPiece);
    }
    themes
}

/// Whether a piece of `role` is worth more than a pawn (by the search's
/// order of captures: a knight or more).
fn valuable<P: SearchHooks>(role: Role) -> bool {
    P::CAPTURE_ORDER[role.index()] >= P::CAPTURE_ORDER[Role::Knight.index()]
}

/// The squares (board, square) of pieces worth more than a pawn, the king
/// aside (a check counts it), that the side to move of `pos` can capture
/// with a move `by` accepts.
fn targets<P: SearchHooks>(pos: &P, by: impl Fn(&P::Move) -> bool) -> Vec<(usize, crate::core::Square)> {
    let mut found: Vec<(usize, crate::core::Square)> = pos
        .legal_moves()
        .iter()
        .filter(|m| by(m) && pos.captured_by(*m).is_some_and(|p| p.role != Role::King && valuable::<P>(p.role)))
        .map(|m| (m.board(), m.to()))
        .collect();
    found.sort_by_key(|&(b, sq)| (b, sq.index()));
    found.dedup();
    found
}

/// Whether a defender's reply in `line` (from `pos`) captures.
fn defender_captures<P: Rules>(pos: &P, line: &[P::Move]) -> bool {
    let mut at = pos.clone();
    for (ply, &m) in line.iter().enumerate() {
        if ply % 2 == 1 && at.captured_by(m).is_some() {
            return true;
        }
        at.play_unchecked(m);
    }
    false
}
