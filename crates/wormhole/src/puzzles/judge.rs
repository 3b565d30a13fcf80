//! Deciding that a move is the only one that wins, at each of the
//! solver's turns, for the generator and for `check` alike.
//!
//! What "wins" means depends on the game:
//! - a game with a prover and no draws ([`SearchHooks::PROVER`], Wormhole
//!   chess): the prover proves that the solver's move wins and that every
//!   other move loses. The solution goes on while the solver's winning move
//!   stays the only one, for at most [`MAX_SOLVER_MOVES`] moves or to the
//!   end of the game; the defender's reply is the one whose proof is the
//!   longest (the prover's longest line, an estimate of the resistance).
//!   A proved win need not show on the board: the line must end with the
//!   win visible ([`win_shows`]: the game over, or the solver not behind
//!   in material whatever the defender replies), so while it is not, the
//!   line plays on past [`MAX_SOLVER_MOVES`] (up to [`MAX_PLAYED_ON`]),
//!   each of the solver's moves still the only winning one; a line whose
//!   win never shows is refused ([`Refusal::Unclear`]);
//! - a game with draws (Porthole chess and the other portal games, whose
//!   generic prover proves wins but cannot prove a move that does not win
//!   lost): a forced mate within [`MAX_SOLVER_MOVES`] moves, each of the
//!   solver's moves the only one that mates within the moves left, and each
//!   reply the one that delays the mate longest (both by the exact search
//!   of `exact.rs`, over every legal move); each of the solver's moves is
//!   also proved to win by the game's prover ([`crate::engine::prove_any`]),
//!   a search of its own, so two searches agree on every mate;
//! - a material puzzle of a game with draws ([`Goal::Material`]): the
//!   solver's only move that wins material, by the material search of
//!   `material.rs`.

use std::sync::atomic::AtomicBool;

use super::exact::{Budget, win_distance, wins_with};
use super::record::LineError;
use super::solution::{MAX_PLAYED_ON, MAX_SOLVER_MOVES, Refusal, win_visible};
use crate::engine::{Alone, Proof, Prover, ProverSlot, SearchHooks, SolveLimits};
use crate::rules::{Evaluate, GameOutcome, MoveSet, Rules};

/// The prover the judge proves wins with: the game's, in a game without
/// draws, where a move that does not win loses, so "the only winning
/// move" is proved by proving every other move lost. A game with draws
/// (whose prover proves wins only, [`crate::engine::prove_any`]) is judged
/// by its forced mates instead.
pub(crate) fn judging_prover<P: SearchHooks>() -> Option<Prover<P>> {
    P::PROVER.filter(|_| !P::DRAWS)
}

/// What a puzzle of a game with draws wins: a mate (the module's rules) or
/// material (`material.rs`). A game without draws proves every win, so
/// it reads any goal as [`Goal::Mate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// A forced mate (or, in a game without draws, a proved win).
    Mate,
    /// Material, kept where the line ends.
    Material,
}

impl Goal {
    /// The goal of `puzzle`: [`Goal::Material`] when no theme names a mate
    /// or a stalemate.
    pub fn of(puzzle: &super::Puzzle) -> Goal {
        if super::material::is_material(puzzle) { Goal::Material } else { Goal::Mate }
    }
}

/// How much work deciding one puzzle may take; a question not settled
/// within it rejects the puzzle ([`Refusal::Unsettled`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effort {
    /// Positions the exact search may play for the whole solution.
    pub exact_positions: u64,
    /// Positions the prover may search for each position it must settle.
    pub prover_positions: u64,
}

impl Effort {
    /// What the generator spends on a candidate.
    pub const GENERATE: Effort = Effort { exact_positions: 3_000_000, prover_positions: 20_000 };
    /// What `check` spends on a puzzle: ten times as much, so that a
    /// puzzle the generator settled (its prover helped by what it proved
    /// before in the same game) settles again from scratch.
    pub const CHECK: Effort = Effort { exact_positions: 30_000_000, prover_positions: 200_000 };
}

/// The judge of one thread: the prover's memory and the effort allowed.
#[derive(Debug)]
pub struct Judge {
    prover: ProverSlot,
    effort: Effort,
}

impl Judge {
    /// A judge that spends at most `effort` on a puzzle.
    pub fn new(effort: Effort) -> Judge {
        Judge { prover: ProverSlot::default(), effort }
    }

    /// Forgets what the prover proved (its results are exact either way;
    /// forgetting keeps a run's results independent of which thread
    /// judged what before).
    pub fn clear(&mut self) {
        self.prover.clear();
    }

    /// The solution from `pos` if it is a puzzle of `goal` (see the
    /// module's rules).
    pub(crate) fn solve<P: SearchHooks + Evaluate>(&mut self, pos: &P, goal: Goal) -> Result<Vec<P::Move>, Refusal> {
        if pos.legal_moves().len() < 2 {
            return Err(Refusal::NoWin { ply: 0, moves: None });
        }
        match (judging_prover::<P>(), goal) {
            (Some(prove), _) => self.solve_proved(prove, pos),
            (None, Goal::Mate) => self.solve_mate(pos),
            (None, Goal::Material) => super::material::solve(pos, self.effort.exact_positions),
        }
    }

    /// Checks a solution by the module's rules: at each of the solver's
    /// turns its move is the only winning one, and a forced mate's last
    /// move mates (the defender's replies are legal: they played).
    pub(crate) fn check<P: SearchHooks + Evaluate>(
        &mut self,
        pos: &P,
        line: &[P::Move],
        goal: Goal,
    ) -> Result<(), Refusal> {
        if judging_prover::<P>().is_none() && goal == Goal::Material {
            return super::material::check(pos, line, self.effort.exact_positions);
        }
        let solver_moves = line.len().div_ceil(2);
        let limit = if judging_prover::<P>().is_some() { MAX_PLAYED_ON } else { MAX_SOLVER_MOVES };
        if solver_moves > limit as usize {
            return Err(Refusal::TooLong { moves: solver_moves, limit });
        }
        let mut budget = Budget(self.effort.exact_positions);
        let mut pos = pos.clone();
        for (ply, &m) in line.iter().enumerate() {
            if ply % 2 == 0 {
                let left = (solver_moves - ply / 2) as u32;
                let winner = match judging_prover::<P>() {
                    Some(prove) => self.proved_winner(prove, &mut pos, ply)?,
                    None => self.proved_mate(&mut pos, left, ply, &mut budget)?,
                };
                if winner != m {
                    return Err(Refusal::WrongMove { ply, written: pos.san(m), winner: pos.san(winner) });
                }
            }
            pos.play_unchecked(m);
        }
        if judging_prover::<P>().is_some() && !win_visible(&mut pos) {
            return Err(Refusal::Unclear { ply: line.len().saturating_sub(1) });
        }
        Ok(())
    }

    /// The solution in a game with a prover: the solver's only winning
    /// moves while they stay the only ones, the longest proofs' replies,
    /// for [`MAX_SOLVER_MOVES`] moves and on while the win does not show
    /// (to [`MAX_PLAYED_ON`]); refused if it never shows.
    fn solve_proved<P: SearchHooks + Evaluate>(&mut self, prove: Prover<P>, pos: &P) -> Result<Vec<P::Move>, Refusal> {
        let mut at = pos.clone();
        let mut line = Vec::new();
        loop {
            let m = match self.proved_winner(prove, &mut at, line.len()) {
                Ok(m) => m,
                Err(_) if !line.is_empty() => {
                    line.pop();
                    break;
                }
                Err(why) => return Err(why),
            };
            at.play_unchecked(m);
            line.push(m);
            let solver_moves = line.len().div_ceil(2) as u32;
            let shown = solver_moves >= MAX_SOLVER_MOVES && win_visible(&mut at);
            if at.outcome(&[]).is_some() || shown || solver_moves == MAX_PLAYED_ON {
                break;
            }
            let reply = self.longest_proof(prove, &mut at, line.len())?;
            at.play_unchecked(reply);
            line.push(reply);
        }
        let mut end = pos.clone();
        for &m in &line {
            end.play_unchecked(m);
        }
        if !win_visible(&mut end) {
            return Err(Refusal::Unclear { ply: line.len() - 1 });
        }
        Ok(line)
    }

    /// The solution of a forced mate, by the exact search.
    fn solve_mate<P: SearchHooks>(&mut self, pos: &P) -> Result<Vec<P::Move>, Refusal> {
        let mut budget = Budget(self.effort.exact_positions);
        let mut pos = pos.clone();
        let unsettled = |pos: &P, ply| Refusal::Unsettled { ply, mv: format!("the position {}", pos.fen()) };
        let mut left = match win_distance(&mut pos, MAX_SOLVER_MOVES, &mut budget) {
            None => return Err(unsettled(&pos, 0)),
            Some(None) => return Err(Refusal::NoWin { ply: 0, moves: Some(MAX_SOLVER_MOVES) }),
            Some(Some(n)) => n,
        };
        let mut line = Vec::new();
        loop {
            let m = self.proved_mate(&mut pos, left, line.len(), &mut budget)?;
            pos.play_unchecked(m);
            line.push(m);
            if pos.outcome(&[]).is_some() {
                return Ok(line);
            }
            let (reply, longest) =
                longest_resistance(&mut pos, left - 1, &mut budget).ok_or_else(|| unsettled(&pos, line.len()))?;
            pos.play_unchecked(reply);
            line.push(reply);
            left = longest;
        }
    }

    /// The only move that mates within `left` moves of the solver (the
    /// exact search), proved to win by the game's prover as well, if it
    /// has one; a move the prover does not prove within the effort is
    /// unsettled.
    fn proved_mate<P: SearchHooks>(
        &mut self,
        pos: &mut P,
        left: u32,
        ply: usize,
        budget: &mut Budget,
    ) -> Result<P::Move, Refusal> {
        let m = only_mate(pos, left, ply, budget)?;
        match P::PROVER {
            Some(prove) if !self.proves_win(prove, pos, m) => Err(Refusal::Unsettled { ply, mv: pos.san(m) }),
            _ => Ok(m),
        }
    }

    /// Whether the prover proves that `m` wins (the defender's position
    /// after it lost, or the game won at once).
    fn proves_win<P: SearchHooks>(&mut self, prove: Prover<P>, pos: &mut P, m: P::Move) -> bool {
        let mover = pos.turn();
        let undo = pos.play_unchecked(m);
        let wins = match pos.outcome(&[]) {
            Some(outcome) => outcome.winner() == Some(mover),
            None => matches!(self.prove(prove, pos), Proof::Loss { .. }),
        };
        pos.undo(m, undo);
        wins
    }

    /// What the prover settles about the side to move of `pos`.
    fn prove<P: SearchHooks>(&mut self, prove: Prover<P>, pos: &P) -> Proof<P::Move> {
        let limits = SolveLimits { nodes: Some(self.effort.prover_positions), time: None };
        prove(pos, &mut self.prover, &limits, &AtomicBool::new(false), &Alone)
    }

    /// The only move the prover proves to win, every other proved to lose.
    fn proved_winner<P: SearchHooks>(&mut self, prove: Prover<P>, pos: &mut P, ply: usize) -> Result<P::Move, Refusal> {
        let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
        let mut winner = None;
        for m in moves {
            let undo = pos.play_unchecked(m);
            let proof = self.prove(prove, pos);
            pos.undo(m, undo);
            match (proof, winner) {
                (Proof::Win { .. }, _) => {}
                (Proof::Loss { .. }, None) => winner = Some(m),
                (Proof::Loss { .. }, Some(first)) => {
                    return Err(Refusal::NotUnique { ply, first: pos.san(first), second: pos.san(m) });
                }
                (Proof::Unknown, _) => return Err(Refusal::Unsettled { ply, mv: pos.san(m) }),
            }
        }
        winner.ok_or(Refusal::NoWin { ply, moves: None })
    }

    /// The defender's reply whose proof of the solver's win is the longest
    /// (the first such in move order).
    fn longest_proof<P: SearchHooks>(&mut self, prove: Prover<P>, pos: &mut P, ply: usize) -> Result<P::Move, Refusal> {
        let replies: Vec<P::Move> = pos.legal_moves().iter().collect();
        let mut best: Option<(P::Move, u32)> = None;
        for r in replies {
            let undo = pos.play_unchecked(r);
            let proof = self.prove(prove, pos);
            pos.undo(r, undo);
            let Proof::Win { plies, .. } = proof else {
                return Err(Refusal::Unsettled { ply, mv: pos.san(r) });
            };
            if best.is_none_or(|(_, b)| plies > b) {
                best = Some((r, plies));
            }
        }
        best.map(|(r, _)| r).ok_or(Refusal::NoWin { ply, moves: None })
    }
}

/// The only move that mates within `left` moves of the solver.
fn only_mate<P: Rules>(pos: &mut P, left: u32, ply: usize, budget: &mut Budget) -> Result<P::Move, Refusal> {
    let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
    let mut winner = None;
    let mut unsettled = None;
    for m in moves {
        match (wins_with(pos, m, left, budget), winner) {
            (Some(true), None) => winner = Some(m),
            (Some(true), Some(first)) => {
                return Err(Refusal::NotUnique { ply, first: pos.san(first), second: pos.san(m) });
            }
            (Some(false), _) => {}
            (None, _) => unsettled = unsettled.or(Some(m)),
        }
    }
    match (winner, unsettled) {
        (_, Some(m)) => Err(Refusal::Unsettled { ply, mv: pos.san(m) }),
        (Some(m), None) => Ok(m),
        (None, None) => Err(Refusal::NoWin { ply, moves: Some(left) }),
    }
}

/// The defender's reply after which the solver needs the most moves to
/// mate (at most `left`), with that number; the first such reply in move
/// order. `None` when the budget runs out.
fn longest_resistance<P: Rules>(pos: &mut P, left: u32, budget: &mut Budget) -> Option<(P::Move, u32)> {
    let replies: Vec<P::Move> = pos.legal_moves().iter().collect();
    let mut best: Option<(P::Move, u32)> = None;
    for r in replies {
        let undo = pos.play_unchecked(r);
        let distance = win_distance(pos, left, budget);
        pos.undo(r, undo);
        let n = distance??;
        if best.is_none_or(|(_, b)| n > b) {
            best = Some((r, n));
        }
    }
    best
}

impl Judge {
    /// Re-proves a puzzle: its moves play from its position, and at each of
    /// the solver's turns its move is the only winning one ([`Judge`]'s
    /// rules); the last leaves the game won.
    pub fn check_puzzle(&mut self, puzzle: &super::Puzzle) -> Result<(), Refusal> {
        let line = puzzle.line()?;
        let job = CheckJob { judge: self, line, goal: Goal::of(puzzle) };
        puzzle.game.with_position(Some(&puzzle.fen), job).map_err(LineError::Fen)?
    }
}

/// Whether `puzzle`'s win shows where its line ends (the
/// game over, or the solver not behind in material, whatever the defender
/// replies). Plays the moves only: no search.
pub fn win_shows(puzzle: &super::Puzzle) -> Result<bool, LineError> {
    let line = puzzle.line()?;
    puzzle.game.with_position(Some(&puzzle.fen), EndJob { line }).map_err(LineError::Fen)
}

/// [`win_shows`] on the game's own position.
struct EndJob {
    line: Vec<crate::games::AnyMove>,
}

impl crate::games::WithPosition for EndJob {
    type Output = bool;
    fn run<P: crate::games::ListedGame>(self, mut pos: P) -> bool {
        for m in self.line.iter().filter_map(|m| P::Move::try_from(m).ok()) {
            pos.play_unchecked(m);
        }
        win_visible(&mut pos)
    }
}

/// [`Judge::check_puzzle`] on the game's own position.
struct CheckJob<'a> {
    judge: &'a mut Judge,
    line: Vec<crate::games::AnyMove>,
    goal: Goal,
}

impl crate::games::WithPosition for CheckJob<'_> {
    type Output = Result<(), Refusal>;
    fn run<P: crate::games::ListedGame>(self, pos: P) -> Result<(), Refusal> {
        let line: Vec<P::Move> = self.line.iter().filter_map(|m| P::Move::try_from(m).ok()).collect();
        self.judge.check(&pos, &line, self.goal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::porthole::Position;

    /// White mates at once with Ra8; at 98 halfmoves a quiet rook move
    /// lets the fifty-move rule draw after Black's only reply, Kg8.
    #[test]
    fn the_prover_proves_a_mating_move_and_not_one_the_fifty_move_rule_draws() {
        let mut pos = Position::from_fen("7k/R7/6K1/8/8/8/8/8 w - - 98 60 -").unwrap();
        let prove = Position::PROVER.expect("Porthole has a prover");
        let mut judge = Judge::new(Effort::CHECK);
        let (mate, quiet) = (pos.parse_move("Ra8#").unwrap(), pos.parse_move("Ra6").unwrap());
        assert!(judge.proves_win(prove, &mut pos, mate));
        assert!(!judge.proves_win(prove, &mut pos, quiet));
        let at_zero = Position::from_fen("7k/R7/6K1/8/8/8/8/8 b - - 0 60 -").unwrap();
        let mut before = at_zero.clone();
        let kg8 = before.parse_move("Kg8").unwrap();
        // With a fresh clock the same quiet line mates: Kg8 is lost for Black.
        assert!(!judge.proves_win(prove, &mut before, kg8));
        assert!(matches!(judge.prove(prove, &at_zero), Proof::Loss { plies: 2, .. }));
    }

    /// A puzzle of a game with draws is judged by both searches: the exact
    /// search's only mate, which the prover proves.
    #[test]
    fn a_portal_mate_is_found_by_the_exact_search_and_proved_by_the_prover() {
        let pos = Position::from_fen("7k/R7/6K1/8/8/8/8/8 w - - 0 60 -").unwrap();
        let mut judge = Judge::new(Effort::CHECK);
        let mut at = pos.clone();
        let mut budget = Budget(Effort::CHECK.exact_positions);
        let m = judge.proved_mate(&mut at, 1, 0, &mut budget).unwrap();
        assert_eq!(pos.san(m), "Ra8#");
    }
}
