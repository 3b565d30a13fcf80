//! Game analysis: the engine reviews a whole game, as lichess does after
//! every game, and says where each side went wrong and why.
//!
//! Every position of the game is searched once ([`analyse`]), and where
//! the game's move is not the engine's choice, the two moves again side by
//! side, as deep as the first search went. The results give each move's
//! [`MoveReview`]: the evaluation before and after (one chain,
//! [`GameAnalysis::value`]: the evaluation after move N is the one before
//! move N+1 and the `[%eval]` of the annotated PGN, and the engine's own
//! choice loses nothing), the engine's best move and line, the opponent's
//! best reply and line after the move, and a [`Judgement`] by the loss in
//! the mover's expected score. Each game turns centipawns into expected
//! score by its own curve, fitted to engine games of that game
//! ([`Eval::expected_score`], [`win_chance_slope`]), so one set of
//! thresholds judges every game: an inaccuracy from a loss of 5 points
//! of expected score (0.1 of winning chances on the -1..1 scale), a
//! mistake from 10, a blunder from 15, as lichess judges chess. A move is
//! charged only with the loss that both the chain and the side-by-side
//! search agree on, so an evaluation that merely drifts as the searches
//! see further is not blamed on the player. Giving up a proved win is
//! always a blunder. A judged move is explained by the reply that punishes
//! it ([`GameAnalysis::explain`]): what it wins, or the forced win it
//! allows, and its line. Per side, [`GameAnalysis::summary`] counts the
//! judgements and gives lichess's game accuracy.
//!
//! With a node budget ([`AnalysisOptions::default`]) the analysis is
//! deterministic: the same game with the same options gives the same
//! review, whatever the number of threads (see [`analyse`]).
//!
//! This module uses only the engine's public API; it lives beside the
//! engine rather than in it because it is a client of the search, like the
//! app, and knows nothing of its internals.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use wormhole::analysis::{AnalysisOptions, analyse};
//! use wormhole::engine::Limits;
//! use wormhole::{AnyPosition, GameKind, Rules};
//! // A game of either kind: here Porthole chess, with a porthole move.
//! let start = AnyPosition::new(GameKind::Porthole);
//! let mut pos = start.clone();
//! let mut moves = Vec::new();
//! for san in ["f3", "e5", "fg4>c4"] {
//!     moves.push(pos.play_text(san).unwrap());
//! }
//! let options = AnalysisOptions { limits: Limits { depth: Some(3), ..Limits::default() }, ..AnalysisOptions::default() };
//! let analysis = analyse(&start, &moves, &options, &AtomicBool::new(false), &mut |_, _| {}).unwrap();
//! assert!(analysis.is_complete());
//! let first = analysis.review(0).unwrap();
//! assert_eq!(first.played, moves[0]);
//! println!("{}", analysis.summary(wormhole::Color::White));
//! ```

mod accuracy;
mod eval;
mod reason;
mod run;

use std::fmt;

use crate::core::Color;
use crate::engine::Limits;
use crate::games::{AnyMove, AnyPosition, PlayError};
use crate::pgn::Annotation;
use crate::rules::Rules;

pub use eval::{Eval, win_chance_slope};
pub use reason::line_san;
pub use run::{analyse, analyse_position};

/// How a move is judged: by the drop in the mover's winning chances
/// (twice the loss in expected score), with the same thresholds in every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Judgement {
    /// Winning chances dropped by at least 0.1 (`?!`).
    Inaccuracy,
    /// Winning chances dropped by at least 0.2 (`?`).
    Mistake,
    /// Winning chances dropped by at least 0.3, or a proved win was given
    /// up (by both the chain of positions and the side-by-side search) (`??`).
    Blunder,
}

impl Judgement {
    /// Every judgement, mildest first.
    pub const ALL: [Judgement; 3] = [Judgement::Inaccuracy, Judgement::Mistake, Judgement::Blunder];

    /// The judgement of a drop in winning chances (on the -1..1 scale), if any.
    pub fn from_drop(drop: f64) -> Option<Judgement> {
        Judgement::ALL.into_iter().rev().find(|j| drop >= j.threshold())
    }

    /// The smallest drop in winning chances that earns this judgement.
    pub const fn threshold(self) -> f64 {
        match self {
            Judgement::Inaccuracy => 0.1,
            Judgement::Mistake => 0.2,
            Judgement::Blunder => 0.3,
        }
    }

    /// The PGN numeric annotation glyph: 6 (`?!`), 2 (`?`) or 4 (`??`).
    pub const fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// The mark written after the move: `?!`, `?` or `??`.
    pub const fn symbol(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// An index into per-judgement tables, mildest first.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// `Inaccuracy`, `Mistake` or `Blunder`.
impl fmt::Display for Judgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        })
    }
}

/// How to analyse a game: always with the full-strength engine.
#[derive(Clone, Debug)]
pub struct AnalysisOptions {
    /// The search limit for each position: a node count (the same result
    /// every time), a depth, or a movetime (which depends on the machine
    /// and its load); unset: the full-strength level's own budget.
    pub limits: Limits<AnyMove>,
    /// Positions searched at the same time, one search thread each.
    pub threads: usize,
    /// Each thread's transposition table size in MiB (cleared before
    /// each position).
    pub hash_mb: usize,
    /// For a game with a prover (Wormhole chess), where the engine proves
    /// in play ([`Engine::proves`](crate::engine::Engine::proves)): where
    /// the search proved nothing, the prover tries to settle the
    /// position within this many positions (the same result every time);
    /// `None`: the search alone.
    pub proof_nodes: Option<u64>,
}

impl AnalysisOptions {
    /// The node budget per position of [`AnalysisOptions::default`].
    pub const DEFAULT_NODES: u64 = 200_000;
    /// The table size per thread of [`AnalysisOptions::default`], in MiB.
    pub const DEFAULT_HASH_MB: usize = 16;
    /// The prover's budget per position of [`AnalysisOptions::default`].
    pub const DEFAULT_PROOF_NODES: u64 = 20_000;

    /// The default options searching `nodes` nodes per position with `threads` threads.
    pub fn with_nodes(nodes: u64, threads: usize) -> AnalysisOptions {
        let limits = Limits { nodes: Some(nodes.max(1)), ..Limits::default() };
        let (hash_mb, proof_nodes) = (AnalysisOptions::DEFAULT_HASH_MB, Some(AnalysisOptions::DEFAULT_PROOF_NODES));
        AnalysisOptions { limits, threads, hash_mb, proof_nodes }
    }

    /// How the analysis searches, for a person: `full-strength engine,
    /// 200000 nodes per position` (or a depth, or a time per position).
    ///
    /// ```
    /// use wormhole::analysis::AnalysisOptions;
    /// assert_eq!(AnalysisOptions::with_nodes(5000, 2).how(), "full-strength engine, 5000 nodes per position");
    /// ```
    pub fn how(&self) -> String {
        format!("full-strength engine, {}", self.limit())
    }

    /// The search limit per position, for a person: `200000 nodes per
    /// position`, `depth 6 per position` or `300 ms per position`.
    pub fn limit(&self) -> String {
        let l = &self.limits;
        match (l.nodes, l.depth, l.movetime) {
            (Some(n), _, _) => format!("{n} nodes per position"),
            (None, Some(d), _) => format!("depth {d} per position"),
            (None, None, Some(t)) => format!("{} ms per position", t.as_millis()),
            (None, None, None) => "the full-strength level's own budget".to_string(),
        }
    }
}

impl Default for AnalysisOptions {
    /// [`AnalysisOptions::DEFAULT_NODES`] nodes per position, one thread,
    /// [`AnalysisOptions::DEFAULT_HASH_MB`] MiB of table.
    fn default() -> AnalysisOptions {
        AnalysisOptions::with_nodes(AnalysisOptions::DEFAULT_NODES, 1)
    }
}

/// What the engine found in one position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEval {
    /// The evaluation, from White's point of view.
    pub eval: Eval,
    /// The engine's line, starting with its best move (empty when the game is over).
    pub line: Vec<AnyMove>,
    /// The depth the search completed.
    pub depth: u32,
    /// Whether `eval` is a proved result whose distance the search verified
    /// (see [`Info::exact`](crate::engine::Info::exact)); else a proved
    /// distance is an upper bound.
    pub exact: bool,
    /// The engine's best move and the move the game played here, searched
    /// side by side, when they differ (`None` when the game played the best
    /// move, or at the end of the game).
    pub compared: Option<Comparison>,
}

/// The engine's best move and the game's move searched side by side from
/// the same position, to the same depth (MultiPV over just these two moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The best move's evaluation.
    pub best: Eval,
    /// The played move's evaluation.
    pub played: Eval,
}

impl PositionEval {
    /// The engine's best move, if the side to move has a legal move.
    pub fn best_move(&self) -> Option<AnyMove> {
        self.line.first().copied()
    }
}

/// One move of the game as the analysis sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The index of the move in the game (0: the first move).
    pub ply: usize,
    /// The side that played it.
    pub mover: Color,
    /// The move played.
    pub played: AnyMove,
    /// The evaluation before the move (with best play).
    pub before: Eval,
    /// The evaluation after the move: that of the position after it, the
    /// next move's `before` and the `[%eval]` of the annotated PGN.
    pub after: Eval,
    /// The engine's best move and the played move searched side by side
    /// (when they differ and the search was not stopped).
    pub compared: Option<Comparison>,
    /// The engine's line in the position before the move, starting with its best move.
    pub best_line: Vec<AnyMove>,
    /// The engine's line in the position after the move, starting with the
    /// opponent's best reply: for a judged move, the reply that punishes it.
    pub reply_line: Vec<AnyMove>,
    /// How the move is judged; `None` for a good move.
    pub judgement: Option<Judgement>,
    /// The move's accuracy in percent (100: it kept the winning chances).
    pub accuracy: f64,
}

impl MoveReview {
    /// The engine's best move in the position before the move.
    pub fn best_move(&self) -> Option<AnyMove> {
        self.best_line.first().copied()
    }

    /// Whether the move played is the engine's choice.
    pub fn is_best(&self) -> bool {
        self.best_move() == Some(self.played)
    }

    /// The engine's move, if it is a better move than the one played by
    /// the numbers the review shows: `before` is better than `after` for
    /// the mover.
    pub fn better_move(&self) -> Option<AnyMove> {
        let best = self.best_move().filter(|&b| b != self.played)?;
        self.before.is_better_for(self.mover, self.after).then_some(best)
    }

    /// The opponent's reply that punishes a judged move (`None` for a good
    /// move, or when the game ended with it).
    pub fn refutation(&self) -> Option<AnyMove> {
        self.judgement?;
        self.reply_line.first().copied()
    }
}

/// Per side: how many moves were judged, and how, and the accuracy.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// Moves of this side that have a review.
    pub moves: u32,
    /// Counts of each [`Judgement`], in the order of [`Judgement::ALL`].
    pub counts: [u32; 3],
    /// The mean of the moves' accuracies in percent (`None` without moves).
    pub accuracy: Option<f64>,
}

impl SideSummary {
    /// How many moves earned `judgement`.
    pub fn count(&self, judgement: Judgement) -> u32 {
        self.counts[judgement.index()]
    }
}

/// `3 inaccuracies, 1 mistake, 0 blunders, accuracy 87%`.
impl fmt::Display for SideSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, j) in Judgement::ALL.into_iter().enumerate() {
            let n = self.count(j);
            let (one, many) = match j {
                Judgement::Inaccuracy => ("inaccuracy", "inaccuracies"),
                Judgement::Mistake => ("mistake", "mistakes"),
                Judgement::Blunder => ("blunder", "blunders"),
            };
            write!(f, "{}{n} {}", if i > 0 { ", " } else { "" }, if n == 1 { one } else { many })?;
        }
        match self.accuracy {
            Some(a) => write!(f, ", accuracy {a:.0}%"),
            None => Ok(()),
        }
    }
}

/// An illegal move in the game given to [`analyse`] or [`GameAnalysis::new`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number} of the game ({mv}) is not legal in its position: {reason}")]
pub struct IllegalGameMove {
    /// The index of the move in the game (0: the first move).
    pub ply: usize,
    /// Its move number as a person counts (ply 0 is move 1).
    pub number: usize,
    /// The move.
    pub mv: AnyMove,
    /// Why it cannot be played there.
    pub reason: PlayError,
}

/// The analysis of a game, filled in position by position as results
/// arrive (see [`analyse`]); reviews of moves whose two positions are
/// both searched are available at once.
#[derive(Clone, Debug)]
pub struct GameAnalysis {
    /// Every position of the game, from the start to after the last move.
    positions: Vec<AnyPosition>,
    moves: Vec<AnyMove>,
    evals: Vec<Option<PositionEval>>,
}

impl GameAnalysis {
    /// An analysis of the game from `start` with `moves`, with no position searched yet.
    pub fn new(start: &AnyPosition, moves: &[AnyMove]) -> Result<GameAnalysis, IllegalGameMove> {
        let mut positions = vec![start.clone()];
        for (ply, &mv) in moves.iter().enumerate() {
            let next =
                positions[ply].after(mv).map_err(|reason| IllegalGameMove { ply, number: ply + 1, mv, reason })?;
            positions.push(next);
        }
        let evals = vec![None; positions.len()];
        Ok(GameAnalysis { positions, moves: moves.to_vec(), evals })
    }

    /// The moves of the game.
    pub fn moves(&self) -> &[AnyMove] {
        &self.moves
    }

    /// The position before move `index` (`index == moves().len()`: the final position).
    pub fn position(&self, index: usize) -> Option<&AnyPosition> {
        self.positions.get(index)
    }

    /// The number of positions: one more than the number of moves.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the game has no move (only the start position).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Records what the engine found in position `index`.
    pub fn record(&mut self, index: usize, eval: PositionEval) {
        if let Some(slot) = self.evals.get_mut(index) {
            *slot = Some(eval);
        }
    }

    /// What the engine found in position `index`, once searched.
    pub fn eval(&self, index: usize) -> Option<&PositionEval> {
        self.evals.get(index)?.as_ref()
    }

    /// How many positions are searched.
    pub fn searched(&self) -> usize {
        self.evals.iter().filter(|e| e.is_some()).count()
    }

    /// Whether every position is searched.
    pub fn is_complete(&self) -> bool {
        self.evals.iter().all(Option::is_some)
    }

    /// The evaluation the review shows for position `index`, and whether a
    /// proved distance in it is exact: the position's own search, except
    /// where the game then played the engine's choice, whose position after
    /// it saw further (one ply deeper along the same line). So the numbers
    /// form one chain in which the engine's choice never loses anything;
    /// the evaluation after move N is the one before move N+1.
    pub fn value(&self, index: usize) -> Option<(Eval, bool)> {
        let mut at = index;
        let mut own = self.eval(at)?;
        while let (Some(&played), Some(next)) = (self.moves.get(at), self.eval(at + 1)) {
            if own.best_move() != Some(played) {
                break;
            }
            at += 1;
            own = next;
        }
        let steps = (at - index) as u32;
        let eval = match own.eval {
            Eval::Proved { winner, plies } => Eval::Proved { winner, plies: plies + steps },
            cp => cp,
        };
        Some((eval, own.exact))
    }

    /// The review of move `ply`, once the positions before and after it are searched.
    pub fn review(&self, ply: usize) -> Option<MoveReview> {
        let played = *self.moves.get(ply)?;
        let (searched, reply) = (self.eval(ply)?, self.eval(ply + 1)?);
        let ((before, _), (after, _)) = (self.value(ply)?, self.value(ply + 1)?);
        let pos = &self.positions[ply];
        let mover = pos.turn();
        let is_best = searched.best_move() == Some(played);
        let compared = searched.compared.filter(|_| !is_best);
        let kind = pos.kind();
        // The loss in expected score along the chain the review shows; where
        // the two moves were also searched side by side (to the same depth,
        // so their difference is not the noise of two searches), only what
        // both views agree was lost: an evaluation that merely drifts as the
        // searches see further is not blamed on the player.
        let loss = |b: Eval, a: Eval| b.win_chances(mover, kind) - a.win_chances(mover, kind);
        let drop = match compared {
            Some(c) => loss(before, after).min(loss(c.best, c.played)),
            None => loss(before, after),
        }
        .max(0.0);
        // A win proved before the move but not after it, where the two
        // moves searched side by side both stay short of a proof, may be
        // only out of the prover's reach after it: not charged.
        let lost_win = |b: Eval, a: Eval| b.is_proved_win_for(mover) && !a.is_proved_win_for(mover);
        let out_of_reach = lost_win(before, after) && compared.is_some_and(|c| !lost_win(c.best, c.played));
        let judgement = if is_best || out_of_reach {
            None
        } else if lost_win(before, after) {
            Some(Judgement::Blunder)
        } else {
            Judgement::from_drop(drop)
        };
        let drop = if out_of_reach { 0.0 } else { drop };
        Some(MoveReview {
            ply,
            mover,
            played,
            before,
            after,
            compared,
            best_line: searched.line.clone(),
            reply_line: reply.line.clone(),
            judgement,
            accuracy: move_accuracy(drop),
        })
    }

    /// The reviews available so far, in game order.
    pub fn reviews(&self) -> impl Iterator<Item = MoveReview> + '_ {
        (0..self.moves.len()).filter_map(|ply| self.review(ply))
    }

    /// The first move after `ply` (or from the start, for `None`) judged at
    /// least `judgement`, for stepping through a game's mistakes.
    pub fn next_judged(&self, after: Option<usize>, judgement: Judgement) -> Option<usize> {
        let from = after.map_or(0, |p| p + 1);
        (from..self.moves.len()).find(|&p| self.review(p).and_then(|r| r.judgement).is_some_and(|j| j >= judgement))
    }

    /// Counts and accuracy of `side`'s reviewed moves. The accuracy is
    /// lichess's game accuracy: the mean of a volatility-weighted mean and
    /// the harmonic mean of the moves' accuracies, so that a few bad moves
    /// weigh much more than many easy ones.
    pub fn summary(&self, side: Color) -> SideSummary {
        let mut summary = SideSummary::default();
        let mut moves = Vec::new();
        let weights = accuracy::volatility_weights(&self.white_percents());
        for r in self.reviews().filter(|r| r.mover == side) {
            summary.moves += 1;
            moves.push((r.accuracy, weights.get(r.ply).copied().unwrap_or(1.0)));
            if let Some(j) = r.judgement {
                summary.counts[j.index()] += 1;
            }
        }
        summary.accuracy = accuracy::game_accuracy(&moves);
        summary
    }

    /// White's expected score in percent in each position, as the review
    /// shows it ([`GameAnalysis::value`]); 50 where not searched yet.
    fn white_percents(&self) -> Vec<f64> {
        let kind = self.positions[0].kind();
        let percent = |i| self.value(i).map_or(50.0, |(e, _)| e.expected_score(Color::White, kind) * 100.0);
        (0..self.len()).map(percent).collect()
    }

    /// The annotations of an annotated PGN, one per move: the evaluation
    /// after the move as `[%eval ...]`; for a judged move its NAG, the
    /// reason in words ([`GameAnalysis::explain`]) and the engine's better
    /// line as a variation; and on the move after it, the reply that
    /// punishes it as a variation, when the game went otherwise.
    pub fn annotations(&self) -> Vec<Annotation> {
        let mut notes: Vec<Annotation> = (0..self.moves.len()).map(|ply| self.annotation(ply)).collect();
        for review in self.reviews() {
            let (Some(reply), Some(next)) = (review.refutation(), notes.get_mut(review.ply + 1)) else { continue };
            if self.moves[review.ply + 1] != reply {
                next.variations.insert(0, review.reply_line.clone());
            }
        }
        notes
    }

    fn annotation(&self, ply: usize) -> Annotation {
        let Some((after, _)) = self.value(ply + 1) else { return Annotation::default() };
        let eval = format!("[%eval {after}]");
        match self.review(ply).and_then(|r| Some((r.judgement?, r))) {
            Some((judgement, review)) => Annotation {
                nag: Some(judgement.nag()),
                comment: Some(format!("{eval} {}", self.explain(&review))),
                variations: match review.better_move() {
                    Some(_) => vec![review.best_line],
                    None => Vec::new(),
                },
            },
            None => Annotation { comment: Some(eval), ..Annotation::default() },
        }
    }

    /// What the review says of a judged move: the mark, the reply that
    /// punishes it and what that wins, and the better move. `Blunder. b6
    /// allows 6.Qxh6, winning a knight (+7.10, White wins 96%): 6.Qxh6 Nf6
    /// 7.Qg5. Nc3 was best.`; `Mistake. Kf1 allows mate in 3: ...`; a win
    /// given up is said so. Empty for a move that is not judged.
    pub fn explain(&self, review: &MoveReview) -> String {
        let Some(judgement) = review.judgement else { return String::new() };
        let pos = &self.positions[review.ply];
        let mut text = format!("{judgement}.");
        if review.before.is_proved_win_for(review.mover) && !review.after.is_proved_win_for(review.mover) {
            text.push_str(" The proved win is gone.");
        }
        let exact = self.value(review.ply + 1).is_some_and(|(_, exact)| exact);
        if let Some(reason) = reason::reason(pos, &self.positions[review.ply + 1], review, exact) {
            text.push_str(&format!(" {} {reason}.", pos.san(review.played)));
        }
        if let Some(san) = review.better_move().map(|b| pos.san(b)) {
            text.push_str(&format!(" {san} was best."));
        }
        text
    }
}

/// The accuracy of a move that lost `drop` of winning chances (on the -1..1
/// scale), in percent: lichess's curve over the win percentage
/// (`103.1668 · e^(-0.04354 · Δ%) - 3.1669`, clamped to 0..100).
fn move_accuracy(drop: f64) -> f64 {
    let percent = drop * 50.0;
    (103.1668 * (-0.04354 * percent).exp() - 3.1669).clamp(0.0, 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judgement_thresholds() {
        assert_eq!(Judgement::from_drop(0.05), None);
        assert_eq!(Judgement::from_drop(0.1), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::from_drop(0.25), Some(Judgement::Mistake));
        assert_eq!(Judgement::from_drop(1.7), Some(Judgement::Blunder));
        assert_eq!(Judgement::Blunder.nag(), 4);
    }

    #[test]
    fn accuracy_falls_with_the_drop() {
        assert!((move_accuracy(0.0) - 100.0).abs() < 0.01);
        assert!(move_accuracy(0.1) > move_accuracy(0.3));
        assert_eq!(move_accuracy(2.0), 0.0);
    }

    #[test]
    fn summary_text() {
        let s = SideSummary { moves: 10, counts: [2, 1, 0], accuracy: Some(86.6) };
        assert_eq!(s.to_string(), "2 inaccuracies, 1 mistake, 0 blunders, accuracy 87%");
    }
}
