//! The search engine: negamax with alpha-beta, iterative deepening and a
//! transposition table, for every game that implements [`Searchable`]. The
//! search is generic and monomorphized, so each game gets its own compiled
//! copy calling its own move generator and evaluation.
//!
//! Scores are exact at game ends (as each game's rules say), so a search that reaches every
//! game end below a move proves the result and reports
//! [`Score::Win`] or [`Score::Loss`] with the distance in plies. Draws
//! (stalemate, repetition, the fifty-move rule, king against king: games
//! with [`Rules::DRAWS`](crate::rules::Rules::DRAWS)) score 0 for both sides.
//!
//! The public surface is small: an [`Engine`] searched with [`Engine::search`]
//! (blocking, with a callback and a stop flag), or the same run on its own
//! thread with [`SearchThread`]; [`Limits`] also restrict the root moves
//! and ask for several best lines (MultiPV). A game with a prover
//! ([`Prove`]; Wormhole chess's proof-number
//! [`Solver`](crate::games::wormhole::solve::Solver)) tries to prove who wins without a
//! time horizon; the engine runs it beside its search
//! ([`Features::proof_search`]), the two sharing proofs through the table
//! ([`ProvedTable`]).
//!
//! Modules, one concern each: `search` (a thread's state and the context
//! its threads share), `negamax` (alpha-beta with principal variation
//! search, in named steps), `root` (iterative deepening, aspiration
//! windows, MultiPV, lazy SMP helpers), `qsearch` (captures at
//! the horizon, which still detects positions with no legal move), `ordering`
//! (TT move, MVV-LVA, killers, history), `tt` (lock-free shared table),
//! `eval` (the evaluation-term machinery each game's terms use; the terms
//! live in the game's folder), `time`, `levels` (the ladder 1..12),
//! `score` (game-end distances), `prove` (what the engine shares with a
//! game's prover), `minimax` (a plain reference search), `thread`.
//!
//! Proofs are sound: a game-end score comes only from positions with no
//! legal move. Reductions only delay proofs; move-skipping pruning
//! (futility, late-move pruning) applies only once a move is known not to
//! lose, and a null move never claims a game end, so no loss or win is
//! claimed without every defence having been searched.
//!
//! Distances are exact when [`Info::exact`] says so: a game end claimed by
//! one iteration is verified by the next in a proof window (see
//! `negamax`), where nothing is pruned and the table answers only with
//! proved bounds. Until then a claimed `Win(n)` means "within n plies".
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use wormhole::engine::{Engine, EngineOptions, Limits};
//! use wormhole::{Position, Rules, Variant};
//! let mut engine = Engine::new(EngineOptions::default());
//! let pos = Position::new(Variant::Classic);
//! let limits = Limits { depth: Some(3), ..Limits::default() };
//! let result = engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
//! assert!(pos.is_legal(result.best_move.unwrap()));
//! ```

mod correction;
mod defence;
mod eval;
mod eval_cache;
mod hooks;
mod levels;
mod minimax;
mod negamax;
mod ordering;
pub mod orthodox_eval;
pub(crate) mod pages;
mod piece_to;
mod pns;
mod prove;
mod prune;
mod qsearch;
mod root;
mod score;
mod search;
pub mod see;
mod singular;
mod thread;
mod time;
mod tt;
mod tuning;

use std::any::Any;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::rules::{EvalWeights, MoveSet};

pub(crate) use eval::{
    Scorer, TermSink, board_balance, eval_scaffold, impl_eval_weights, material_balance, term_counts,
};
pub use eval::{Term, TermShape};
pub(crate) use hooks::ORTHODOX_CAPTURE_ORDER;
pub(crate) use hooks::sealed;
pub use hooks::{SearchHooks, Searchable};
pub use levels::{Level, LevelColumn, LevelSettings, ParseLevelError};
pub use minimax::{Minimax, WIN_VALUE};
pub use pns::{PnTable, prove_any, prove_in_slot};
pub use prove::{
    Alone, InGame, Proof, Prove, ProvedTable, Prover, ProverMemory, ProverSlot, Reporting, Settled, SolveLimits,
    SolveProgress,
};
pub use thread::{Event, SearchThread};
pub use tt::TableAllocError;
pub use tuning::Tuning;

use self::ordering::History;
use self::tt::Table;

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// A heuristic estimate in centipawns (a pawn is about 100).
    Cp(i32),
    /// The side to move has a proved win: the opponent runs out of moves
    /// after at most this many plies; exactly this many (the shortest win)
    /// when the search says the distance is exact ([`Info::exact`]).
    Win(u32),
    /// The side to move has a proved loss: it runs out of moves after at
    /// most this many plies (0: it has no legal move now); exactly this
    /// many (the longest defence) when the distance is exact.
    Loss(u32),
}

impl Default for Score {
    fn default() -> Score {
        Score::Cp(0)
    }
}

impl Score {
    /// Whether the result of the game is proved.
    pub fn is_proved(self) -> bool {
        !matches!(self, Score::Cp(_))
    }

    /// The UCI form: `cp X` or `mate N` with N in moves, negative when losing.
    pub fn uci(self) -> String {
        match self {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Win(n) => format!("mate {}", n.div_ceil(2)),
            Score::Loss(n) => format!("mate -{}", n.div_ceil(2)),
        }
    }
}

/// Progress of a search, reported after each completed iteration. `M` is
/// the game's move type ([`Rules::Move`](crate::rules::Rules::Move)).
#[derive(Clone, Debug)]
pub struct Info<M> {
    /// The nominal depth of the completed iteration, in plies.
    pub depth: u32,
    /// The deepest ply any line reached (including the capture search).
    pub seldepth: u32,
    /// The score of the principal variation.
    pub score: Score,
    /// Whether `score` is a proved result whose distance is exact (the
    /// shortest win, the longest defence). A search that ran out of time
    /// before verifying a distance reports the proved result with this
    /// false: the game end comes at the latest after that many plies.
    pub exact: bool,
    /// Positions searched so far (all threads).
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time spent so far.
    pub time: Duration,
    /// The principal variation, starting with the best move.
    pub pv: Vec<M>,
    /// The best root moves, best first, as many as [`Limits::multipv`]
    /// asks for (fewer when fewer moves are legal or allowed). The first
    /// line repeats `score` and `pv`.
    pub lines: Vec<PvLine<M>>,
}

impl<M> Default for Info<M> {
    fn default() -> Info<M> {
        Info {
            depth: 0,
            seldepth: 0,
            score: Score::default(),
            exact: false,
            nodes: 0,
            nps: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
            lines: Vec::new(),
        }
    }
}

/// One of the best root moves, with its score and principal variation
/// (for MultiPV analysis).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine<M> {
    /// The score of the line, from the side to move's point of view.
    pub score: Score,
    /// Whether `score` is a proved result with an exact distance (see [`Info::exact`]).
    pub exact: bool,
    /// The line, starting with the root move.
    pub pv: Vec<M>,
}

impl<M> Default for PvLine<M> {
    fn default() -> PvLine<M> {
        PvLine { score: Score::default(), exact: false, pv: Vec::new() }
    }
}

impl<M: Copy> PvLine<M> {
    /// The root move this line starts with.
    pub fn root_move(&self) -> Option<M> {
        self.pv.first().copied()
    }

    /// The same line with every move converted by `f`.
    pub fn map_moves<N>(&self, f: impl Fn(M) -> N) -> PvLine<N> {
        PvLine { score: self.score, exact: self.exact, pv: self.pv.iter().map(|&m| f(m)).collect() }
    }
}

impl<M: Copy> Info<M> {
    /// The same figures with every move converted by `f` (for a program
    /// that holds either game's moves as one type, such as [`AnyMove`](crate::games::AnyMove)).
    pub fn map_moves<N>(&self, f: impl Fn(M) -> N) -> Info<N> {
        Info {
            depth: self.depth,
            seldepth: self.seldepth,
            score: self.score,
            exact: self.exact,
            nodes: self.nodes,
            nps: self.nps,
            time: self.time,
            pv: self.pv.iter().map(|&m| f(m)).collect(),
            lines: self.lines.iter().map(|l| l.map_moves(&f)).collect(),
        }
    }

    /// Makes `line` the best line: the first of `lines`, its score and
    /// line the figures' own.
    fn set_best_line(&mut self, line: PvLine<M>) {
        (self.score, self.exact, self.pv) = (line.score, line.exact, line.pv.clone());
        match self.lines.first_mut() {
            Some(first) => *first = line,
            None => self.lines.push(line),
        }
    }
}

/// A chess clock: the mover's remaining time and increment per move.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    /// Time left on the mover's clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

/// What may end a search, and which root moves to look at. Several limits
/// may be combined; the first reached ends the search. If none of depth,
/// nodes, movetime or clock is set and `infinite` is false, the engine uses
/// its level's own budget.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use wormhole::engine::{Engine, EngineOptions, Limits};
/// use wormhole::{Position, Variant};
/// let pos = Position::new(Variant::Classic);
/// let e4 = pos.parse_move("e4").unwrap();
/// let d4 = pos.parse_move("d4").unwrap();
/// // The two best of e4 and d4, each with its score and line.
/// let limits = Limits { depth: Some(4), searchmoves: vec![e4, d4], multipv: 2, ..Limits::default() };
/// let mut engine = Engine::new(EngineOptions::default());
/// let result = engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
/// let lines = &result.info.lines;
/// assert_eq!(lines.len(), 2);
/// assert!(lines.iter().all(|l| [e4, d4].contains(&l.root_move().unwrap())));
/// assert_ne!(lines[0].root_move(), lines[1].root_move());
/// ```
#[derive(Clone, Debug)]
pub struct Limits<M> {
    /// Search at most this many plies deep (iterations).
    pub depth: Option<u32>,
    /// Search at most about this many nodes.
    pub nodes: Option<u64>,
    /// Think for this long.
    pub movetime: Option<Duration>,
    /// Manage time from a clock.
    pub clock: Option<Clock>,
    /// Search until stopped (or until the result is proved to the end of the game).
    pub infinite: bool,
    /// Search only these root moves (UCI `go searchmoves`); empty: every
    /// legal move. Moves that are not legal in the position are left out;
    /// if none is legal, every legal move is searched.
    pub searchmoves: Vec<M>,
    /// How many best root moves to report in [`Info::lines`], each with its
    /// score and line (UCI `MultiPV`); 0 counts as 1. Each extra line costs
    /// about one more search of the root.
    pub multipv: usize,
    /// The hashes of the positions the game went through before this one,
    /// oldest first, in games where positions can repeat ([`Rules::DRAWS`](crate::rules::Rules::DRAWS)):
    /// the search scores a return to any of them as a draw. Ignored in
    /// Wormhole chess, where no position comes back.
    pub history: Vec<u64>,
}

impl<M> Default for Limits<M> {
    /// No limit (the level's budget), every root move, one line, no history.
    fn default() -> Limits<M> {
        Limits {
            depth: None,
            nodes: None,
            movetime: None,
            clock: None,
            infinite: false,
            searchmoves: Vec::new(),
            multipv: 1,
            history: Vec::new(),
        }
    }
}

impl<M: Clone> Limits<M> {
    /// The search on the opponent's time (UCI `go ponder`, the app's
    /// thinking while its player thinks): until stopped, over the same root
    /// moves and history as these limits, whose clock and budget are for
    /// the search that follows once the opponent has moved.
    pub fn pondering(&self) -> Limits<M> {
        Limits {
            infinite: true,
            searchmoves: self.searchmoves.clone(),
            history: self.history.clone(),
            ..Limits::default()
        }
    }
}

impl<M> Limits<M> {
    /// The same limits for another move type: each root move of
    /// [`Limits::searchmoves`] converted by `f`, those it rejects left out.
    pub fn map_moves<N>(&self, f: impl FnMut(&M) -> Option<N>) -> Limits<N> {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime,
            clock: self.clock,
            infinite: self.infinite,
            searchmoves: self.searchmoves.iter().filter_map(f).collect(),
            multipv: self.multipv,
            history: self.history.clone(),
        }
    }
}

impl<M: Copy + PartialEq> Limits<M> {
    /// The legal root moves of `pos` these limits allow (see [`Limits::searchmoves`]).
    pub fn root_moves<P: Searchable<Move = M>>(&self, pos: &P) -> Vec<M> {
        let legal: Vec<M> = pos.legal_moves().iter().collect();
        let allowed: Vec<M> = legal.iter().copied().filter(|m| self.searchmoves.contains(m)).collect();
        if allowed.is_empty() { legal } else { allowed }
    }

    /// Whether the caller set no limit at all (the level's budget applies).
    pub fn is_unset(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.movetime.is_none()
            && self.clock.is_none()
            && !self.infinite
    }
}

/// How the engine is configured.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// Playing strength.
    pub level: Level,
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Search threads (lazy SMP when more than one).
    pub threads: usize,
    /// Seed for the random choices of the weak levels; `None` seeds from the OS.
    pub seed: Option<u64>,
}

impl EngineOptions {
    /// The most search threads.
    pub const MAX_THREADS: usize = 64;
    /// The transposition table's size limits in MiB.
    pub const HASH_MB: std::ops::RangeInclusive<usize> = 1..=4096;
    /// The transposition table's default size in MiB.
    pub const DEFAULT_HASH_MB: usize = 64;
}

impl Default for EngineOptions {
    /// Full strength, one thread, the default table size.
    fn default() -> EngineOptions {
        EngineOptions { level: Level::MAX, hash_mb: EngineOptions::DEFAULT_HASH_MB, threads: 1, seed: None }
    }
}

/// Search and evaluation switches, for measuring what each feature gains.
/// The defaults keep what self-play matches showed to gain (200 games per
/// variant at 30 ms/move, the feature on against off; score of "on"):
/// LMR 60.5% / 61.5% (classic / fairy), futility 55.5% / 55.5%, check
/// extension 59.0% / 55.0%, lazy evaluation 56.0% / 52.5%, the fitted
/// positional evaluation 77.0% / 69.0% against material only. In
/// Wormhole chess the null move (53.5% / 51.0%) and late-move pruning
/// (52.0% over 800 games) did not show a significant gain and stay off:
/// stalemate loses there, so zugzwang is common and a pass is a poor
/// guide. Porthole chess searches with the null move and the deep
/// pruning (README, "Search switches measured").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Null-move pruning; `None`: the game decides ([`SearchHooks::NULL_MOVE`]).
    pub null_move: Option<bool>,
    /// Late-move reductions.
    pub lmr: bool,
    /// Futility and reverse-futility pruning near the leaves.
    pub futility: bool,
    /// Futility margin per ply of depth, in centipawns (reverse futility
    /// uses four fifths of it); 300 did no better than 150.
    pub futility_margin: i32,
    /// Late-move pruning: skip the last quiet moves near the leaves (off: no measured gain).
    pub late_move_pruning: bool,
    /// Search one ply deeper when in check.
    pub check_extension: bool,
    /// Skip the positional evaluation in the capture search when material
    /// alone is far outside the window.
    pub lazy_eval: bool,
    /// Mobility, king escape, promotion and trapped-piece terms (off: material only).
    pub positional_eval: bool,
    /// Pick the move at random among all root moves, as the weak levels
    /// do (see [`LevelSettings::temperature`]); `None`: the level decides.
    pub temperature: Option<u32>,
    /// At full strength, from the game's first proving move on (see
    /// [`Engine::proves`]), run the game's prover
    /// ([`SearchHooks::PROVER`];
    /// Wormhole chess's proof-number [`Solver`](crate::games::wormhole::solve::Solver);
    /// games with a prover only): with two or more threads, on a thread
    /// of its own beside the alpha-beta search, the two sharing what they
    /// proved through the table, its proof of the root ending the search;
    /// with one thread, in the time a timed search leaves unused when it
    /// did not prove the result (on its own thread too, the prover keeps
    /// that time). It proves results from further out. A timed search
    /// whose root is then lost, at a distance not verified, spends the
    /// rest of its time finding the defence that lasts longest.
    pub proof_search: bool,
    /// The first move (as the FEN counts them) at which
    /// [`Features::proof_search`] runs the prover; `None`: the game
    /// decides ([`SearchHooks::proof_from_move`]).
    pub proof_from_move: Option<u32>,
    /// Order the captures that lose material by static exchange
    /// ([`SearchHooks::see`]) after the quiet moves; `None`: the game
    /// decides ([`SearchHooks::SEE_ORDER`]).
    pub see_order: Option<bool>,
    /// Skip the captures that lose material by static exchange in the
    /// capture search; `None`: the game decides ([`SearchHooks::SEE_QSEARCH`]).
    pub see_qsearch: Option<bool>,
    /// The capture search ends at a transposition-table bound that
    /// settles its window (no game end: those are the main search's).
    pub qsearch_tt: bool,
    /// The capture search's first ply tries the quiet checks that do not
    /// lose material by static exchange too (the replies to a check are
    /// all searched): tactics one check past the horizon.
    pub qsearch_checks: bool,
    /// Internal iterative reduction: a node with no table move, which
    /// its ordering knows little about, is searched a ply shallower.
    pub iir: bool,
    /// Order captures of the same victim by how often they caused cutoffs
    /// (capture history) rather than by their attacker alone, in the main
    /// and the capture search; `None`: the game decides
    /// ([`SearchHooks::CAPTURE_HISTORY`]).
    pub capture_history: Option<bool>,
    /// Late-move reductions follow a quiet move's history: less for moves
    /// that often caused cutoffs, more for moves that rarely did; `None`:
    /// the game decides ([`SearchHooks::HISTORY_LMR`]).
    pub history_lmr: Option<bool>,
    /// Order the move that last refuted the opponent's previous move
    /// (counter move) right after the killers; `None`: the game decides
    /// ([`SearchHooks::COUNTER_MOVES`]).
    pub counter_moves: Option<bool>,
    /// Order quiet moves by their continuation history too (their scores
    /// after the moves one and two plies earlier, by piece and target
    /// square), which also joins the quiet history in the late-move
    /// reductions when those follow it ([`Features::history_lmr`]);
    /// `None`: the game decides ([`SearchHooks::CONTINUATION_HISTORY`]).
    pub continuation_history: Option<bool>,
    /// Search the table move a ply deeper when it is singular: a search
    /// of its node to half the depth without it fails low below the
    /// table's lower bound by a margin (`engine/singular.rs`); `None`:
    /// the game decides ([`SearchHooks::SINGULAR`]).
    pub singular: Option<bool>,
    /// Reverse futility, futility and late-move pruning reach deeper and
    /// follow whether the static evaluation improves on the one two plies
    /// earlier (late-move pruning then on, with its own move counts,
    /// whatever [`Features::late_move_pruning`] says); `None`: the game decides
    /// ([`SearchHooks::DEEP_PRUNING`]).
    pub deep_pruning: Option<bool>,
    /// Near the leaves, skip the moves that lose material by static
    /// exchange ([`SearchHooks::see`]) by more than a margin growing
    /// with the depth: captures and quiet moves alike (`engine/prune.rs`);
    /// `None`: the game decides ([`SearchHooks::SEE_PRUNE`]).
    pub see_prune: Option<bool>,
    /// Near the leaves, skip the late quiet moves whose history is far
    /// below zero (`engine/prune.rs`).
    pub history_prune: bool,
    /// Late quiet moves are reduced a ply more where the position does
    /// not improve (as the deep pruning knows it; nothing without it).
    pub improving_lmr: bool,
    /// Late captures that lose material by static exchange are reduced
    /// as late quiet moves are.
    pub capture_lmr: bool,
    /// The pruning near the leaves takes the table's score for the static
    /// evaluation where the entry's bound says it is the better guess
    /// (`engine/prune.rs`).
    pub tt_eval: bool,
    /// Razoring: a node near the leaves whose static evaluation is far
    /// below alpha asks the capture search first and ends if that agrees
    /// (`engine/prune.rs`).
    pub razoring: bool,
    /// Correct the static evaluation by how far recent searches found
    /// positions with the same pawns from it (`engine/correction.rs`);
    /// `None`: the game decides ([`SearchHooks::CORRECTION`]).
    pub correction: Option<bool>,
    /// Correct the static evaluation by each side's pieces other than
    /// pawns too (two tables, by a hash of White's and of Black's, added
    /// to the pawns' correction; `engine/correction.rs`); `None`: the game
    /// decides ([`SearchHooks::CORRECTION_PIECES`]).
    pub correction_pieces: Option<bool>,
    /// Correct the static evaluation by the move that led to the position
    /// too (a table by its piece and target square; `engine/correction.rs`);
    /// `None`: the game decides ([`SearchHooks::CORRECTION_PREVIOUS`]).
    pub correction_previous: Option<bool>,
    /// The most the correction history moves the static evaluation, in
    /// centipawns (each table's entries too; within
    /// [`Features::CORRECTION_LIMITS`]); `None`: 32.
    pub correction_limit: Option<u32>,
    /// The late-move reductions' divisor in hundredths (ln depth times ln
    /// move number over it); `None`: the game decides
    /// ([`SearchHooks::LMR_DIVISOR`]).
    pub lmr_divisor: Option<u32>,
    /// The search's margins, depths and counts ([`Tuning`]).
    pub tuning: Tuning,
}

impl Features {
    /// The limits [`Features::correction_limit`] may set, in centipawns.
    pub const CORRECTION_LIMITS: std::ops::RangeInclusive<u32> = 1..=1000;
}

impl Default for Features {
    fn default() -> Features {
        Features {
            null_move: None,
            lmr: true,
            futility: true,
            futility_margin: 150,
            late_move_pruning: false,
            check_extension: true,
            lazy_eval: true,
            positional_eval: true,
            temperature: None,
            proof_search: true,
            proof_from_move: None,
            see_order: None,
            see_qsearch: None,
            qsearch_tt: false,
            qsearch_checks: false,
            iir: false,
            capture_history: None,
            history_lmr: None,
            counter_moves: None,
            continuation_history: None,
            singular: None,
            deep_pruning: None,
            see_prune: None,
            history_prune: false,
            improving_lmr: false,
            capture_lmr: false,
            tt_eval: false,
            razoring: false,
            correction: None,
            correction_pieces: None,
            correction_previous: None,
            correction_limit: None,
            lmr_divisor: None,
            tuning: Tuning::default(),
        }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best_move: Option<M>,
    /// The last completed iteration's figures.
    pub info: Info<M>,
}

impl<M: Copy> SearchResult<M> {
    /// The same result with every move converted by `f`.
    pub fn map_moves<N>(&self, f: impl Fn(M) -> N) -> SearchResult<N> {
        SearchResult { best_move: self.best_move.map(&f), info: self.info.map_moves(f) }
    }

    /// Takes in what a prover found: a proved win becomes the score (unless
    /// the search verified its own, or proved one as short), with
    /// the winning move as the move to play and the line; a proved loss
    /// becomes the score, with the proof's longest defence as the move to
    /// play (a lost engine makes the winner work longest). Returns whether
    /// the result changed (not when the proof is unsettled or the search
    /// had proved as much).
    pub(crate) fn settle(&mut self, proof: Proof<M>) -> bool {
        let info = &mut self.info;
        let (score, pv) = match (proof, info.score) {
            (Proof::Win { first_move, plies, .. }, score) if shorter_win(plies, score, info.exact) => {
                self.best_move = Some(first_move);
                (Score::Win(plies), vec![first_move])
            }
            (Proof::Loss { defence, plies, .. }, score) if !matches!(score, Score::Loss(_)) => {
                self.best_move = defence.or(self.best_move);
                (Score::Loss(plies), defence.map_or_else(|| info.pv.clone(), |m| vec![m]))
            }
            _ => return false,
        };
        info.set_best_line(PvLine { score, exact: false, pv });
        true
    }

    /// Plays a won root's shortest `win` ([`defence::shorten`]), with its
    /// exact distance as the score.
    fn take_win(&mut self, win: defence::ShortestWin<M>) {
        let line = PvLine { score: Score::Win(win.plies), exact: true, pv: vec![win.best] };
        self.info.set_best_line(line);
        self.best_move = Some(win.best);
    }

    /// Plays a lost root's longest `defence` ([`defence::defend`]), with
    /// its exact distance as the score when the check found it.
    fn take_defence(&mut self, defence: defence::Defence<M>) {
        let score = defence.exact.map_or(self.info.score, Score::Loss);
        self.info.set_best_line(PvLine { score, exact: defence.exact.is_some(), pv: vec![defence.best] });
        self.best_move = Some(defence.best);
    }
}

/// Whether a proved win within `plies` says more than the search's `score`
/// (`exact`: its distance verified): the search proved no win, or a longer
/// one it did not verify.
fn shorter_win(plies: u32, score: Score, exact: bool) -> bool {
    match score {
        Score::Win(searched) => !exact && plies < searched,
        _ => true,
    }
}

/// A chess engine for any game of the crate: options, transposition table
/// and move-ordering history, kept between searches of the same game (call
/// [`Engine::new_game`] when the game changes).
pub struct Engine {
    options: EngineOptions,
    features: Features,
    /// Evaluation weights set for tuning (one game's [`Evaluate::Params`](crate::rules::Evaluate::Params));
    /// `None`, or another game's weights: each position's defaults.
    params: Option<Arc<dyn Any + Send + Sync>>,
    tt: Arc<Table>,
    history: History,
    rng: rand::rngs::SmallRng,
    /// The memory of the game's prover ([`Features::proof_search`]), made
    /// at its first use; its table stays between searches (a settled
    /// position stays settled).
    prover: ProverSlot,
}

/// The transposition table of a new engine. An engine cannot work without
/// one; a size within [`EngineOptions::HASH_MB`] that the machine cannot
/// give is a fatal error, reported by name (use [`Engine::set_hash_mb`] to
/// grow a table with the error as a value).
fn new_table(mb: usize) -> Table {
    Table::new(mb).unwrap_or_else(|e| panic!("{e}"))
}

impl Engine {
    /// An engine with the given options.
    pub fn new(options: EngineOptions) -> Engine {
        let mut options = options;
        options.threads = options.threads.clamp(1, EngineOptions::MAX_THREADS);
        options.hash_mb = options.hash_mb.clamp(*EngineOptions::HASH_MB.start(), *EngineOptions::HASH_MB.end());
        let tt = Arc::new(new_table(options.hash_mb));
        let rng = levels::make_rng(options.seed);
        Engine {
            options,
            features: Features::default(),
            params: None,
            tt,
            history: History::new(),
            rng,
            prover: ProverSlot::default(),
        }
    }

    /// The options in use.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Changes the playing strength.
    pub fn set_level(&mut self, level: Level) {
        self.options.level = level;
    }

    /// Changes the number of search threads (takes effect at the next search).
    pub fn set_threads(&mut self, threads: usize) {
        self.options.threads = threads.clamp(1, EngineOptions::MAX_THREADS);
    }

    /// Resizes (and clears) the transposition table: a table of up to
    /// 256 MiB is backed by the system now (milliseconds, more where
    /// memory is fragmented), a larger one as the searches fill it (see
    /// [`Engine::new_game`]). When the memory cannot be had the table stays
    /// as it was and the error says so.
    pub fn set_hash_mb(&mut self, hash_mb: usize) -> Result<(), TableAllocError> {
        let hash_mb = hash_mb.clamp(*EngineOptions::HASH_MB.start(), *EngineOptions::HASH_MB.end());
        self.replace_table(Table::new(hash_mb)?);
        self.options.hash_mb = hash_mb;
        Ok(())
    }

    /// Puts `table` in place of the transposition table; the old one is
    /// freed on a thread of its own, as giving back gigabytes of touched
    /// memory takes a while that no search or `stop` should wait for.
    fn replace_table(&mut self, table: Table) {
        let old = std::mem::replace(&mut self.tt, Arc::new(table));
        // Without a thread (spawn failed), it is freed here.
        let _ = std::thread::Builder::new().name("free table".into()).spawn(move || drop(old));
    }

    /// The search and evaluation switches.
    pub fn features(&self) -> Features {
        self.features
    }

    /// Switches search or evaluation features on or off (for matches).
    pub fn set_features(&mut self, features: Features) {
        self.features = features;
    }

    /// Whether the engine at full strength runs the game's prover on
    /// `pos` ([`Features::proof_search`]): the game has one, and `pos` is
    /// at or past its first proving move ([`Features::proof_from_move`],
    /// else the game's own,
    /// [`SearchHooks::proof_from_move`]).
    ///
    /// ```
    /// use wormhole::engine::{Engine, EngineOptions, Features};
    /// use wormhole::{Position, Variant};
    /// let mut engine = Engine::new(EngineOptions { hash_mb: 1, ..EngineOptions::default() });
    /// let start = Position::new(Variant::Classic);
    /// assert!(!engine.proves(&start), "classic Wormhole chess keeps its opening's threads");
    /// assert!(engine.proves(&Position::new(Variant::Fairy)));
    /// engine.set_features(Features { proof_from_move: Some(1), ..Features::default() });
    /// assert!(engine.proves(&start));
    /// ```
    pub fn proves<P: Searchable>(&self, pos: &P) -> bool {
        let from = self.features.proof_from_move.unwrap_or_else(|| pos.proof_from_move());
        P::PROVER.is_some() && self.features.proof_search && pos.move_number() >= from
    }

    /// The evaluation weights used for `pos`: those set with
    /// [`Engine::set_eval_params`] if they are of its game, else its defaults.
    pub fn eval_params<P: Searchable>(&self, pos: &P) -> P::Params {
        let set = self.params.as_ref().and_then(|p| p.downcast_ref::<P::Params>());
        set.cloned().unwrap_or_else(|| pos.default_params())
    }

    /// Replaces the evaluation weights of one game (for tuning matches);
    /// `None` restores every game's defaults.
    pub fn set_eval_params<W: EvalWeights>(&mut self, params: Option<W>) {
        self.params = params.map(|p| Arc::new(p) as Arc<dyn Any + Send + Sync>);
    }

    /// Restores every game's default evaluation weights.
    pub fn clear_eval_params(&mut self) {
        self.params = None;
    }

    /// The transposition table as the place where a prover and this
    /// engine's searches share what they proved (see [`ProvedTable`]).
    pub fn proved_table(&self) -> &dyn ProvedTable {
        &*self.tt
    }

    /// How full the transposition table is, in permille (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Forgets everything learnt: clears the transposition table and
    /// history. A table of up to 256 MiB, backed when it was made, is
    /// written over (a few milliseconds); a larger one this engine alone
    /// uses is replaced by fresh zeroed memory instead, which takes no
    /// time even at the largest size; a table another holder still shares
    /// is cleared in place.
    pub fn new_game(&mut self) {
        let fresh = match self.tt.resident() || Arc::strong_count(&self.tt) > 1 {
            true => None,
            false => Table::new(self.options.hash_mb).ok(),
        };
        match fresh {
            Some(fresh) => self.replace_table(fresh),
            None => match Arc::get_mut(&mut self.tt) {
                Some(table) => table.clear_unshared(),
                None => self.tt.clear(),
            },
        }
        self.history.clear();
        self.prover.clear();
    }

    /// Runs the game's prover on `pos` within `limits`, sharing what this
    /// engine's searches proved (through its table); `None` for a game
    /// without a prover. With a node limit and one thread the proof is the
    /// same every time.
    pub fn prove<P: Searchable>(&mut self, pos: &P, limits: &SolveLimits, stop: &AtomicBool) -> Option<Proof<P::Move>> {
        self.prove_reporting(pos, limits, stop, &mut |_| {})
    }

    /// [`Engine::prove`], calling `on_progress` about every second and once
    /// at the end.
    pub fn prove_reporting<P: Searchable>(
        &mut self,
        pos: &P,
        limits: &SolveLimits,
        stop: &AtomicBool,
        on_progress: &mut (dyn FnMut(&SolveProgress) + Send),
    ) -> Option<Proof<P::Move>> {
        let table = Reporting::new(&*self.tt, on_progress);
        P::PROVER.map(|prove| prove(pos, &mut self.prover, limits, stop, &table))
    }

    /// Gives the game's prover a table of about `mb` MiB from now on
    /// (emptied); when the machine cannot give that much, the table stays
    /// as it was and the error says so.
    pub fn set_prover_mb(&mut self, mb: usize) -> Result<(), TableAllocError> {
        self.prover.set_table_mb(mb)
    }

    /// Searches `pos` until a limit is reached or `stop` becomes true.
    /// Blocks the caller; calls `on_info` after each completed iteration and
    /// polls `stop` every couple of thousand nodes.
    pub fn search<P: Searchable>(
        &mut self,
        pos: &P,
        limits: &Limits<P::Move>,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move> {
        let settings = self.options.level.settings(pos.levels());
        let Some(temperature) = self.features.temperature.or(settings.temperature) else {
            return root::run(self, pos, limits, &settings, stop, on_info);
        };
        // A weak level scores every root move and picks one at random.
        let every_move = Limits { multipv: usize::MAX, ..limits.clone() };
        let result = root::run(self, pos, &every_move, &settings, stop, on_info);
        levels::choose_softly(result, temperature, &mut self.rng)
    }
}
