//! Proving who wins: depth-first proof-number search (df-pn, Nagai 2002,
//! with the 1+ε thresholds of Pawlewicz and Lew).
//!
//! Every ply adds a hole, so no position repeats: the game graph is a
//! directed acyclic graph and the search needs none of the cycle fixes
//! chess solvers need. There are no draws either, so disproving "the side
//! to move wins" proves that it loses. A side wins by leaving the other
//! without moves, which is what proof numbers favour: a new position's
//! disproof number starts at twice its number of moves and king steps
//! (df-pn+), so the search first follows the moves that leave the
//! opponent fewest replies and least room for its king; and a material
//! lead weighs both numbers, so it looks first where the side ahead is to
//! move.
//!
//! Each position has a proof number φ (how many positions must still be
//! solved to prove the side to move wins) and a disproof number δ (to
//! prove it loses). Seen from the side to move, φ is the least δ of its
//! children and δ the sum of their φ.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::engine::pages::{Zeroable, ZeroedPages, prefetch};
use crate::engine::{Alone, Proof, ProvedTable, ProverMemory, Settled, SolveLimits, SolveProgress, TableAllocError};
use crate::games::wormhole::attacks::king;
use crate::games::wormhole::eval::{EvalParams, material};
use crate::games::wormhole::movegen::{ProofMobility, SquareMobility};
use crate::games::wormhole::{Move, MoveList, Position};

/// A proof or disproof number too large to reach: the question is settled.
const INF: u32 = u32::MAX / 2;

/// The child's disproof threshold grows to (1 + 1/EPSILON_DIV) times the
/// second-best child's, so the search switches children less often.
/// On the proof-horizon replay at 500,000 positions a move
/// (`examples/proof_horizon`, 24 classic and 16 fairy recorded games;
/// median / mean plies before the end): 4, classic 22 / 22.33, fairy
/// 20 / 22.75; 2, 22 / 22.25 and 20 / 22.69; 8, 22 / 22.29 and 20 / 22.75.
const EPSILON_DIV: u32 = 4;

/// How often (in positions) the clock and stop flag are polled.
const POLL_INTERVAL: u64 = 4096;

/// A settled position is told to the search beside the solver (see
/// [`Solver::solve_sharing`]) when it took at least this many positions
/// to settle: cheaper ones the search finds by itself, and would only
/// crowd its table.
const PUBLISH_WORK: u32 = 16;

/// The size of the solver's table when the engine makes it, in MiB. A
/// table four times as large proves no earlier on the proof-horizon
/// replay at 500,000 positions a move (see [`EPSILON_DIV`]): classic
/// 22 / 22.29, fairy 20 / 22.75, the kept positions that matter fit.
pub(crate) const SOLVER_MB: usize = 64;

/// The outcome of [`Solver::solve`].
#[derive(Clone, Copy, Debug)]
pub struct SolveResult {
    /// The result, if proved.
    pub proof: Proof<Move>,
    /// Positions expanded.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
}

/// One table entry: a position's numbers and the work spent on it (a
/// view of one of a [`Bucket`]'s slots).
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    phi: u32,
    delta: u32,
    /// Positions expanded at and below it: cheap entries are replaced
    /// first, settled ones never by unsettled ones; 0 for a position not
    /// expanded, whose first numbers are kept while there is room
    /// ([`ProofTable::put_first`]).
    work: u32,
}

impl Slot {
    /// Whether the numbers say the question is answered (never of an empty
    /// slot, whose numbers are zero too).
    fn settled(&self) -> bool {
        self.key != 0 && (self.phi == 0 || self.delta == 0)
    }

    /// Whether the position was expanded and settled (not only by its
    /// first numbers).
    fn settled_by_search(&self) -> bool {
        self.work > 0 && self.settled()
    }

    /// How much the slot is worth keeping: settled entries first, then
    /// the costlier; an empty slot, or one with first numbers only, is
    /// worth nothing.
    fn value(&self) -> u64 {
        if self.work == 0 {
            return 0;
        }
        self.work as u64 + ((self.settled_by_search() as u64) << 32)
    }
}

/// How many positions share a bucket.
const WAYS: usize = 3;

/// Three slots in one 64-byte cache line (one memory access per lookup),
/// field by field.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket {
    keys: [u64; WAYS],
    phi: [u32; WAYS],
    delta: [u32; WAYS],
    work: [u32; WAYS],
}

// SAFETY: integers only; all zero is the empty bucket (`Bucket::default()`).
unsafe impl Zeroable for Bucket {}

impl Bucket {
    fn slot(&self, i: usize) -> Slot {
        Slot { key: self.keys[i], phi: self.phi[i], delta: self.delta[i], work: self.work[i] }
    }

    fn set(&mut self, i: usize, s: Slot) {
        (self.keys[i], self.phi[i], self.delta[i], self.work[i]) = (s.key, s.phi, s.delta, s.work);
    }
}

/// Proof and disproof numbers by position, in buckets of [`WAYS`].
struct ProofTable {
    buckets: ZeroedPages<Bucket>,
}

impl ProofTable {
    fn new(mb: usize) -> Result<ProofTable, TableAllocError> {
        let bytes = mb.max(1).checked_mul(1024 * 1024).ok_or(TableAllocError { mb })?;
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let buckets = ZeroedPages::new(n).ok_or(TableAllocError { mb })?;
        Ok(ProofTable { buckets })
    }

    fn bucket(&self, key: u64) -> usize {
        (((key as u128) * (self.buckets.len() as u128)) >> 64) as usize
    }

    /// Loads `key`'s bucket into the cache, to be read soon.
    fn prefetch(&self, key: u64) {
        prefetch(&self.buckets[self.bucket(key)]);
    }

    fn get(&self, key: u64) -> Option<(u32, u32)> {
        let b = &self.buckets[self.bucket(key)];
        let i = b.keys.iter().position(|&k| k == key)?;
        Some((b.phi[i], b.delta[i]))
    }

    /// Remembers `key`'s numbers and the work they took, in its bucket's
    /// slot for it, else the one least worth keeping (see [`Slot::value`]);
    /// a settled position is never replaced by an unsettled one.
    fn put(&mut self, key: u64, phi: u32, delta: u32, work: u32) {
        let i = self.bucket(key);
        let b = &mut self.buckets[i];
        let new = Slot { key, phi, delta, work };
        let i = b
            .keys
            .iter()
            .position(|&k| k == key)
            .unwrap_or_else(|| (0..WAYS).min_by_key(|&i| b.slot(i).value()).unwrap_or(0));
        if b.keys[i] != key && b.slot(i).settled_by_search() && !new.settled() {
            return;
        }
        b.set(i, new);
    }

    /// Remembers the first numbers of a position not yet expanded, in an
    /// empty slot of its bucket or over another such position's, never
    /// over an expanded one: a position is met again and again while its
    /// parent is searched, and its first numbers take as long to compute
    /// as counting its moves.
    fn put_first(&mut self, key: u64, phi: u32, delta: u32) {
        let i = self.bucket(key);
        let b = &mut self.buckets[i];
        // An empty slot, else first numbers from a slot the key picks.
        let empty = (0..WAYS).find(|&i| b.keys[i] == 0);
        let slot = empty.or_else(|| (0..WAYS).map(|j| (j + key as usize) % WAYS).find(|&i| b.work[i] == 0));
        if let Some(i) = slot {
            b.set(i, Slot { key, phi, delta, work: 0 });
        }
    }

    fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
    }
}

/// A proof-number solver with its table, kept between searches (a
/// settled position stays settled).
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use wormhole::engine::{Proof, SolveLimits};
/// use wormhole::solve::Solver;
/// use wormhole::{Position, Variant};
/// // Black to move, and every Black move allows a mate in one.
/// let fen = "rxxqxknr/pxxxxxxp/1px1b2x/1Nnpxppx/2xp3x/x4PKN/PPxxPxPx/RxBQxBxR b 23";
/// let pos = Position::from_fen(fen, Variant::Classic).unwrap();
/// let mut solver = Solver::new(4);
/// let result = solver.solve(&pos, &SolveLimits::default(), &AtomicBool::new(false), &mut |_| {});
/// assert!(matches!(result.proof, Proof::Win { .. }));
/// ```
pub struct Solver {
    table: ProofTable,
    /// The piece values of the game being solved (for [`first_numbers`]).
    values: EvalParams,
    /// Per ply, the children of the position being expanded there.
    children: Vec<Vec<SolveChild>>,
}

/// The limits of one search and its progress reports.
struct SolveBudget<'a> {
    start: Instant,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    stopped: bool,
    next_report: Instant,
    on_progress: &'a mut dyn FnMut(&SolveProgress),
    /// The root's numbers as last known, for the progress reports.
    root: (u32, u32),
    /// What the search beside proved, and where the solver tells it what it settles.
    shared: &'a dyn ProvedTable,
}

impl SolveBudget<'_> {
    /// Counts a position; every [`POLL_INTERVAL`] positions checks the
    /// limits and reports progress when a second has passed.
    #[inline]
    fn count(&mut self) {
        self.nodes += 1;
        if self.nodes & (POLL_INTERVAL - 1) != 0 {
            return;
        }
        let now = Instant::now();
        if self.stop.load(Ordering::Relaxed) || self.nodes >= self.node_limit || self.deadline.is_some_and(|d| now >= d)
        {
            self.stopped = true;
        }
        if now >= self.next_report {
            self.next_report = now + Duration::from_secs(1);
            self.report(now);
        }
    }

    /// Reports the progress so far, to the caller and to the table shared.
    fn report(&mut self, now: Instant) {
        let (proof_number, disproof_number) = self.root;
        let progress = SolveProgress { nodes: self.nodes, time: now - self.start, proof_number, disproof_number };
        (self.on_progress)(&progress);
        self.shared.progress(&progress);
    }
}

/// A child of an expanded position: the move and the child's numbers from
/// the child's side.
#[derive(Clone, Copy)]
struct SolveChild {
    m: Move,
    /// The child's hash.
    key: u64,
    phi: u32,
    delta: u32,
}

impl Solver {
    /// A solver with a table of about `mb` MiB. Panics when the machine
    /// cannot give that memory: see [`Solver::try_new`].
    pub fn new(mb: usize) -> Solver {
        Solver::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A solver with a table of about `mb` MiB, or the error when the
    /// machine cannot give that memory.
    ///
    /// ```
    /// use wormhole::solve::Solver;
    /// assert!(Solver::try_new(1).is_ok());
    /// assert!(Solver::try_new(usize::MAX >> 20).is_err(), "more bytes than an address holds");
    /// ```
    pub fn try_new(mb: usize) -> Result<Solver, TableAllocError> {
        Ok(Solver { table: ProofTable::new(mb)?, values: EvalParams::default(), children: Vec::new() })
    }

    /// Forgets every position (for a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Tries to prove who wins `pos` within `limits`, until `stop`
    /// becomes true; calls `on_progress` about every second and once at
    /// the end.
    pub fn solve(
        &mut self,
        pos: &Position,
        limits: &SolveLimits,
        stop: &AtomicBool,
        on_progress: &mut dyn FnMut(&SolveProgress),
    ) -> SolveResult {
        self.solve_sharing(pos, limits, stop, &Alone, on_progress)
    }

    /// [`Solver::solve`] beside another search: a position `shared` says
    /// is proved starts settled, and each position the solver settles
    /// with some work is published there, the game ending within the
    /// squares left (every ply makes a hole); `shared` has the progress
    /// reports too.
    pub fn solve_sharing(
        &mut self,
        pos: &Position,
        limits: &SolveLimits,
        stop: &AtomicBool,
        shared: &dyn ProvedTable,
        on_progress: &mut dyn FnMut(&SolveProgress),
    ) -> SolveResult {
        let start = Instant::now();
        let mut budget = SolveBudget {
            start,
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.time.map(|t| start + t),
            stop,
            stopped: false,
            next_report: start + Duration::from_secs(1),
            on_progress,
            root: (1, 1),
            shared,
        };
        self.values = EvalParams::for_variant(pos.variant());
        let mut pos = pos.clone();
        let (phi, delta) = self.mid(&mut pos, INF, INF, 0, &mut budget);
        budget.report(Instant::now());
        let nodes = budget.nodes;
        // Walking the proof may have to redo parts the table lost: allow it
        // as much work again, whatever the limits.
        let mut walk_budget = SolveBudget {
            node_limit: nodes.saturating_mul(2).max(POLL_INTERVAL),
            deadline: None,
            stopped: false,
            ..budget
        };
        let proof = match (phi, delta) {
            (0, _) => self.proof_tree(&pos, &mut walk_budget).map_or(Proof::Unknown, ProofTree::win),
            (_, 0) => self.proof_tree(&pos, &mut walk_budget).map_or(Proof::Unknown, ProofTree::loss),
            _ => Proof::Unknown,
        };
        SolveResult { proof, nodes, time: start.elapsed() }
    }

    /// The numbers of `pos` from the table, or else its first numbers (see
    /// [`first_numbers`]).
    fn numbers(&self, pos: &Position, shared: &dyn ProvedTable) -> (u32, u32) {
        self.table.get(pos.hash()).unwrap_or_else(|| first_numbers(pos, &self.values, shared, None))
    }

    /// Expands `pos` until its proof number reaches `th_phi`, its disproof
    /// number `th_delta`, or the search runs out of budget; returns its
    /// numbers.
    fn mid(
        &mut self,
        pos: &mut Position,
        th_phi: u32,
        th_delta: u32,
        ply: usize,
        budget: &mut SolveBudget,
    ) -> (u32, u32) {
        budget.count();
        let start_nodes = budget.nodes;
        if self.children.len() <= ply {
            self.children.push(Vec::new());
        }
        let mut kids = std::mem::take(&mut self.children[ply]);
        self.expand(pos, &mut kids, budget.shared);
        let (mut phi, mut delta);
        loop {
            let (p, d, best, delta2) = aggregate(&kids);
            (phi, delta) = (p, d);
            if ply == 0 {
                budget.root = (phi, delta);
            }
            if phi >= th_phi || delta >= th_delta || budget.stopped {
                break;
            }
            let c = kids[best];
            // The child may take our disproof number up to its threshold, and
            // its own disproof number (our proof number) up to a little past
            // the second-best child's.
            let child_th_phi = th_delta.saturating_sub(delta).saturating_add(c.phi).min(INF);
            let child_th_delta = th_phi.min(delta2.saturating_add(delta2 / EPSILON_DIV).saturating_add(1)).min(INF);
            let undo = pos.play_unchecked(c.m);
            let (cp, cd) = self.mid(pos, child_th_phi, child_th_delta, ply + 1, budget);
            pos.undo(c.m, undo);
            kids[best].phi = cp;
            kids[best].delta = cd;
        }
        let below = (budget.nodes - start_nodes).min(u32::MAX as u64 - 1) as u32;
        self.table.put(pos.hash(), phi, delta, below + 1);
        if (phi == 0 || delta == 0) && below >= PUBLISH_WORK {
            budget.shared.publish(pos.hash(), Settled { won: phi == 0, plies: pos.board().squares_left() });
        }
        self.children[ply] = kids;
        (phi, delta)
    }

    /// Fills `kids` with the children of `pos` and their current numbers.
    /// The children's table entries are fetched together first, so that
    /// their memory latencies overlap; a child's first numbers, once
    /// computed, are kept where there is room (see [`ProofTable::put_first`]).
    /// The reads stall on memory all the same (half of this function's
    /// time, on the instruction after the prefetches); neither fetching
    /// the table beside only for the children missing here (about 5%
    /// fewer positions a second on `wormhole solve`) nor counting the
    /// other side's moves before reading the table (the same) did better.
    fn expand(&mut self, pos: &mut Position, kids: &mut Vec<SolveChild>, shared: &dyn ProvedTable) {
        kids.clear();
        let moves: MoveList = pos.legal_moves();
        for &m in moves.iter() {
            let key = pos.hash_after(m);
            self.table.prefetch(key);
            shared.prefetch(key);
            kids.push(SolveChild { m, key, phi: 0, delta: 0 });
        }
        // The other side's moves here, counted once for the children's estimates.
        let mut replies = None;
        for c in kids.iter_mut() {
            (c.phi, c.delta) = match self.table.get(c.key) {
                Some(numbers) => numbers,
                None => {
                    let replies = replies.get_or_insert_with(|| pos.mobility_by_square(!pos.turn()));
                    let (phi, delta) = child_first_numbers(pos, c.m, replies, &self.values, shared);
                    self.table.put_first(c.key, phi, delta);
                    (phi, delta)
                }
            };
        }
    }

    /// The proof tree of a settled position: its size and longest line,
    /// and the move to play: for a won position, the winning move of the
    /// shortest line known; for a lost one, the longest defence. `None`
    /// if part of the proof was lost from the table and could not be
    /// redone.
    fn proof_tree(&mut self, pos: &Position, budget: &mut SolveBudget) -> Option<ProofTree> {
        let spare = (budget.nodes / 4).clamp(MIN_SPARE_VISITS, MAX_SPARE_VISITS);
        let mut walk = TreeWalk { depths: HashMap::new(), spare, budget };
        let mut pos = pos.clone();
        let won = self.numbers(&pos, walk.budget.shared).0 == 0;
        let plies = self.line_depth(&mut pos, won, Walking::Redo, &mut walk)?;
        let first_move = self.best_child(&mut pos, won, &walk);
        let mut tree = HashSet::new();
        self.tree_positions(&mut pos, won, &walk, &mut tree);
        Some(ProofTree { first_move, plies, size: tree.len() as u64 })
    }

    /// Gathers in `tree` the positions of the proof whose lines `walk`
    /// measured: below a won position, the move of its shortest line;
    /// below a lost one, every move.
    fn tree_positions(&self, pos: &mut Position, won: bool, walk: &TreeWalk, tree: &mut HashSet<u64>) {
        if !tree.insert(pos.hash()) {
            return;
        }
        let moves = pos.legal_moves();
        let shortest = if won { self.best_child(pos, true, walk) } else { None };
        for &m in moves.iter().filter(|&&m| !won || Some(m) == shortest) {
            let undo = pos.play_unchecked(m);
            self.tree_positions(pos, !won, walk, tree);
            pos.undo(m, undo);
        }
    }

    /// The longest line below `pos`, settled as `won` (the side to move
    /// wins) or lost, where the winner plays its shortest win known: at a
    /// won position, the least over its children settled lost (the
    /// winning move's by [`Walking::Redo`], the others' by
    /// [`Walking::TableOnly`]); at a lost one, the most over its children;
    /// and never more than the distance the table beside knows, where it
    /// settles `pos` the same way (the search's, or an earlier walk's:
    /// each distance found is published there, so the next move's walk
    /// keeps this one's claims).
    /// On the brute-force suite at 20,000 positions each, 223 of the 303
    /// results proved have the exact distance (with the first numbers of
    /// the time: 220, and 214 with the winning move's line alone).
    fn line_depth(&mut self, pos: &mut Position, won: bool, how: Walking, walk: &mut TreeWalk) -> Option<u32> {
        let key = pos.hash();
        if let Some(&d) = walk.depths.get(&key) {
            return Some(d);
        }
        let known = walk.budget.shared.proved(key).filter(|s| s.won == won).map(|s| s.plies);
        let walked = if how == Walking::TableOnly && walk.spare == 0 {
            None
        } else {
            walk.spare -= (how == Walking::TableOnly) as u64;
            if won { self.won_depth(pos, how, walk) } else { self.lost_depth(pos, how, walk) }
        };
        let depth = walked.into_iter().chain(known).min()?;
        walk.depths.insert(key, depth);
        // Shared, a later walk (the next move's) starts from this distance.
        walk.budget.shared.publish(key, Settled { won, plies: depth });
        Some(depth)
    }

    /// [`Solver::line_depth`] of a won position: the winning move's line
    /// first when walking the proof ([`Walking::Redo`]), then every other
    /// child settled lost, from the tables alone.
    fn won_depth(&mut self, pos: &mut Position, how: Walking, walk: &mut TreeWalk) -> Option<u32> {
        let first = match how {
            Walking::Redo => Some(self.winning_move(pos, walk)?),
            Walking::TableOnly => None,
        };
        let mut least = None;
        if let Some(m) = first {
            let undo = pos.play_unchecked(m);
            let d = self.line_depth(pos, false, Walking::Redo, walk);
            pos.undo(m, undo);
            least = Some(d?);
        }
        for &m in pos.legal_moves().iter().filter(|&&m| Some(m) != first) {
            let undo = pos.play_unchecked(m);
            let lost = self.settled_as(pos, walk.budget.shared) == Some(false);
            let d = if lost { self.line_depth(pos, false, Walking::TableOnly, walk) } else { None };
            pos.undo(m, undo);
            least = least.into_iter().chain(d).min();
        }
        least.map(|d| 1 + d)
    }

    /// [`Solver::line_depth`] of a lost position: every child must be
    /// settled won, searched again if the table lost it ([`Walking::Redo`])
    /// or else not walked ([`Walking::TableOnly`]).
    fn lost_depth(&mut self, pos: &mut Position, how: Walking, walk: &mut TreeWalk) -> Option<u32> {
        let mut deepest = 0;
        for &m in pos.legal_moves().iter() {
            let undo = pos.play_unchecked(m);
            let settled = match how {
                Walking::Redo => self.settle(pos, true, walk).is_some(),
                Walking::TableOnly => self.settled_as(pos, walk.budget.shared) == Some(true),
            };
            let d = if settled { self.line_depth(pos, true, how, walk) } else { None };
            pos.undo(m, undo);
            deepest = deepest.max(1 + d?);
        }
        Some(deepest)
    }

    /// After a walk: the move of a won position to the child with the
    /// shortest line, or of a lost one to the child with the longest (the
    /// defence that makes the winner play longest, as far as the proof
    /// knows). Against the exact distances of the brute-force suite, a
    /// longest defence in 59 of its 64 lost positions where the defences
    /// differ, a quickest in 1 (test
    /// `the_solvers_defence_of_a_lost_position_is_mostly_a_longest_one`).
    fn best_child(&self, pos: &mut Position, won: bool, walk: &TreeWalk) -> Option<Move> {
        let moves = pos.legal_moves();
        let depth = |m: Move, pos: &mut Position| {
            let undo = pos.play_unchecked(m);
            let d = walk.depths.get(&pos.hash()).copied();
            let lost = self.settled_as(pos, walk.budget.shared) == Some(false);
            pos.undo(m, undo);
            d.filter(|_| !won || lost)
        };
        let known = moves.iter().filter_map(|&m| Some((depth(m, pos)?, m)));
        if won { known.min_by_key(|&(d, _)| d) } else { known.max_by_key(|&(d, _)| d) }.map(|(_, m)| m)
    }

    /// The move of a won position to a child lost for its side (preferring
    /// one that leaves it no move at all).
    fn winning_move(&mut self, pos: &mut Position, walk: &mut TreeWalk) -> Option<Move> {
        let moves = pos.legal_moves();
        let mut found = None;
        for &m in moves.iter() {
            let undo = pos.play_unchecked(m);
            let (phi, delta) = self.numbers(pos, walk.budget.shared);
            let no_move = phi == INF && delta == 0 && !pos.has_legal_move();
            pos.undo(m, undo);
            if delta == 0 && (found.is_none() || no_move) {
                found = Some(m);
                if no_move {
                    break;
                }
            }
        }
        if found.is_none() {
            // The table lost the proof: redo it below each move in turn.
            for &m in moves.iter() {
                let undo = pos.play_unchecked(m);
                let lost = self.settle(pos, false, walk).is_some();
                pos.undo(m, undo);
                if lost {
                    return Some(m);
                }
            }
        }
        found
    }

    /// Whether the side to move in `pos` is known to win (`Some(true)`) or
    /// to lose, from the tables alone or its having no move; cheaper than
    /// [`Solver::numbers`], which computes the first numbers of a new
    /// position.
    fn settled_as(&self, pos: &Position, shared: &dyn ProvedTable) -> Option<bool> {
        // A position's first numbers (a table entry too) do not say that
        // it has no move: out of check, they count its king's room.
        let known = match self.table.get(pos.hash()) {
            Some((0, _)) => Some(true),
            Some((_, 0)) => Some(false),
            _ => None,
        };
        known.or_else(|| shared.proved(pos.hash()).map(|s| s.won)).or_else(|| (!pos.has_legal_move()).then_some(false))
    }

    /// Makes sure the table holds `pos` settled as `won` (side to move
    /// wins) or lost, searching again if the entry was replaced.
    fn settle(&mut self, pos: &mut Position, won: bool, walk: &mut TreeWalk) -> Option<()> {
        let settled = |(phi, delta): (u32, u32)| if won { phi == 0 } else { delta == 0 };
        if settled(self.numbers(pos, walk.budget.shared)) {
            return Some(());
        }
        let n = self.mid(pos, INF, INF, 1, walk.budget);
        settled(n).then_some(())
    }
}

/// How a walk over a proof goes on where the table lost part of it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Walking {
    /// Searches it again (the proof itself).
    Redo,
    /// Gives up on that line (a shorter win, looked for in the table only).
    TableOnly,
}

/// The least and most positions a walk may visit in the table only
/// ([`Walking::TableOnly`]): a quarter of those the search expanded,
/// within these.
const MIN_SPARE_VISITS: u64 = 4096;
const MAX_SPARE_VISITS: u64 = 50_000;

/// A walk over a proof: the depths of the positions already walked, the
/// visits left in the table only, and the budget for redoing lost parts.
struct TreeWalk<'a, 'b> {
    depths: HashMap<u64, u32>,
    spare: u64,
    budget: &'a mut SolveBudget<'b>,
}

/// A proof tree's summary.
struct ProofTree {
    /// The winning move of the shortest line known of a won position, the
    /// longest defence of a lost one.
    first_move: Option<Move>,
    plies: u32,
    size: u64,
}

impl ProofTree {
    fn win(self) -> Proof<Move> {
        match self.first_move {
            Some(first_move) => Proof::Win { first_move, plies: self.plies, size: self.size },
            None => Proof::Unknown,
        }
    }

    fn loss(self) -> Proof<Move> {
        Proof::Loss { defence: self.first_move, plies: self.plies, size: self.size }
    }
}

/// The numbers of a position not in the table: what the search beside
/// proved, or a first estimate: a position without moves is lost;
/// otherwise see [`first_disproof_number`] (given the `estimate` of its
/// side's moves but the king's, if any), and [`by_material`] for how
/// `values` weigh the two numbers.
fn first_numbers(pos: &Position, values: &EvalParams, shared: &dyn ProvedTable, estimate: Option<u32>) -> (u32, u32) {
    match shared.proved(pos.hash()) {
        Some(Settled { won: true, .. }) => return (0, INF),
        Some(Settled { won: false, .. }) => return (INF, 0),
        None => {}
    }
    match first_disproof_number(pos, estimate) {
        0 => (INF, 0),
        delta => by_material(delta, material(pos, values)),
    }
}

/// The first numbers of the child of `pos` after `m`, whose side's moves
/// but the king's are estimated as their count in `pos` (`replies`) less
/// those of the pieces `m` captures: the rest of a move's effect on them
/// (a new hole on its from-square, a piece on its target) is small beside
/// a count in the tens. See [`COUNTED_BELOW`] for where they are counted.
fn child_first_numbers(
    pos: &mut Position,
    m: Move,
    replies: &SquareMobility,
    values: &EvalParams,
    shared: &dyn ProvedTable,
) -> (u32, u32) {
    let them = !pos.turn();
    let before = pos.board().by_color(them);
    let undo = pos.play_unchecked(m);
    let estimate = Some(replies.without(before & !pos.board().by_color(them))).filter(|&e| e >= COUNTED_BELOW);
    let numbers = first_numbers(pos, values, shared, estimate);
    pos.undo(m, undo);
    numbers
}

/// A child's moves estimated below this many are counted instead: so an
/// estimate never decides that a position has no move, and the
/// estimate's error weighs least where the numbers are small. Estimating
/// at all: on the proof-horizon replay at 100,000 positions a move
/// (`examples/proof_horizon`, 24 recorded games a set; median / mean
/// plies before the end), classic 20 / 19.29 in 20.96 s -> 20 / 19.25 in
/// 18.88 s, fairy 20 / 19.92 in 41.07 s -> 20 / 19.92 in 29.84 s; the
/// brute-force suite (`solver_effort`), 348 of 363 in 2,312,544
/// positions -> 347 in 2,338,370. Counted below 2 or 16 instead of 8:
/// the same plies within 0.1, 347 and 348 proved on the suite. The
/// full engine on the same games (1 s a move, two threads) proves about
/// as early as before: classic 23 / 22.12, fairy 22 / 21.67.
const COUNTED_BELOW: u32 = 8;

/// A material lead of this many centipawns doubles a new position's
/// disproof number and halves its proof number (see [`by_material`]).
const MATERIAL_DOUBLING: i32 = 400;

/// The most quarter doublings [`by_material`] applies either way.
const MAX_QUARTERS: usize = 64;

/// `SCALES[MAX_QUARTERS + q]`: 2^(q/4) in 256ths, and its inverse rounded
/// (at least 1), for q in -MAX_QUARTERS..=MAX_QUARTERS.
const SCALES: [(u64, u32); 2 * MAX_QUARTERS + 1] = {
    // 2^(i/4) for i in 0..4, in 256ths.
    const QUARTER_STEPS: [u64; 4] = [256, 304, 362, 431];
    let mut scales = [(0, 0); 2 * MAX_QUARTERS + 1];
    let mut i = 0;
    while i < scales.len() {
        let q = i as i64 - MAX_QUARTERS as i64;
        let (whole, part) = (q.div_euclid(4), QUARTER_STEPS[q.rem_euclid(4) as usize]);
        let scale = if whole >= 0 { part << whole } else { part >> -whole };
        let inverse = (256 + scale / 2) / if scale == 0 { 1 } else { scale };
        scales[i] = (scale, if inverse == 0 { 1 } else { inverse as u32 });
        i += 1;
    }
    scales
};

/// A new position's first numbers, (1, `delta`), weighed by the material
/// lead `lead` of its side to move (in centipawns): both are scaled by
/// 2^(lead / [`MATERIAL_DOUBLING`]), the proof number down and the
/// disproof number up, in steps of a quarter doubling and never below 1,
/// so the search looks first where the side ahead is to move, as its
/// wins are likelier there. At 250,000 positions a move, on the 48
/// recorded games of the proof-horizon replay (`examples/proof_horizon`,
/// median / mean plies before the end of the first proof): classic 22 /
/// 21.38 -> 22 / 21.54, fairy 20 / 19.04 -> 22 / 19.83 (with a continuous
/// scale, doubling at 200 centipawns: fairy 19.50; at 400 and 800:
/// 19.79). Brute-force suite: 347 of 363 in 2,419,881 -> 2,286,269
/// positions.
fn by_material(delta: u32, lead: i32) -> (u32, u32) {
    let quarters = (lead / (MATERIAL_DOUBLING / 4)).clamp(-(MAX_QUARTERS as i32), MAX_QUARTERS as i32);
    let (scale, phi) = SCALES[(quarters + MAX_QUARTERS as i32) as usize];
    let delta = ((delta as u64 * scale) >> 8).clamp(1, INF as u64 - 1);
    (phi, delta as u32)
}

/// The first disproof number of a position: 0 when it has no move, and
/// otherwise twice its moves and its king's room (its steps to squares
/// without a hole or an own piece). Proving a position lost takes about
/// one proof per move, and longer the more room its king has, as running
/// a side out of moves ends with its king. Out of check, the king's moves
/// are its room, counted once, attacked or not ([`Position::proof_mobility`]):
/// testing each step for attackers took a fifth of the solver's time, and
/// a position whose king has only attacked steps left and no other move
/// is found lost when it is expanded. Out of check, an `estimate` of the
/// moves but the king's stands for their count ([`child_first_numbers`]).
///
/// Measured on the brute-force suite (`engine_proofs`, test
/// `solver_effort`, at most 100,000 positions each): twice the legal
/// moves and room, 347 of 363 proved in 2,350,460 positions; out of
/// check as above, 347 in 2,419,881, at 1.1 to 1.4 times the positions
/// per second (`wormhole solve`). Earlier: with the plain move count
/// (n), 331 in 3,909,007 (against 338 in 3,437,752 for 2(n + room) then);
/// counting the other side's moves into the proof number did worse (325
/// in 4,862,336); the king's room weighted 0 to 2 times the moves, less
/// when in check, the king's unattacked steps, and a proof number from
/// the other king's room or moves did no better in both counts at
/// 50,000, 100,000 and 200,000 positions each.
fn first_disproof_number(pos: &Position, estimate: Option<u32>) -> u32 {
    let b = pos.board();
    let own = b.by_color(pos.turn()).0;
    let room = b.king_of(pos.turn()).map_or(0, |k| (king(k.index(), b.open()) & !own).count_ones());
    match pos.proof_mobility(estimate) {
        ProofMobility::InCheck { moves: 0 } => 0,
        ProofMobility::InCheck { moves } => 2 * (moves + room),
        ProofMobility::NotInCheck { without_king } => 2 * (without_king + room),
    }
}

/// The numbers of a position from its children's: φ is the least child δ,
/// δ the sum of the children's φ. Also returns the child with the least δ
/// and the second-least δ.
fn aggregate(kids: &[SolveChild]) -> (u32, u32, usize, u32) {
    if kids.is_empty() {
        // No move: the side to move has lost.
        return (INF, 0, 0, INF);
    }
    let (mut phi, mut delta2, mut best) = (INF, INF, 0);
    let mut sum: u64 = 0;
    for (i, c) in kids.iter().enumerate() {
        if c.delta < phi {
            delta2 = phi;
            phi = c.delta;
            best = i;
        } else if c.delta < delta2 {
            delta2 = c.delta;
        }
        sum += c.phi as u64;
    }
    // A child whose side cannot win makes us win: its φ is INF, and so is our δ.
    let delta = if kids.iter().any(|c| c.phi >= INF) { INF } else { sum.min(INF as u64 - 1) as u32 };
    (phi, delta, best, delta2)
}

/// The engine keeps the solver between searches and clears it for a new game.
impl ProverMemory for Solver {
    fn clear(&mut self) {
        Solver::clear(self);
    }

    fn resize(&mut self, mb: usize) -> Result<(), TableAllocError> {
        self.table = ProofTable::new(mb)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A child's first numbers from the estimate of its moves: lost just
    /// when counted lost; as counted when in check; and close to the
    /// counted ones otherwise (over every child of the positions of
    /// random games of both piece sets).
    #[test]
    fn a_childs_estimated_first_numbers_are_sound_and_close_to_the_counted_ones() {
        use rand::rngs::SmallRng;
        use rand::{RngExt, SeedableRng};
        let (values, mut rng) = (EvalParams::default(), SmallRng::seed_from_u64(24));
        let (mut children, mut lost, mut error) = (0, 0, 0.0);
        for variant in [crate::games::wormhole::Variant::Classic, crate::games::wormhole::Variant::Fairy] {
            for _ in 0..40 {
                let mut pos = Position::new(variant);
                while let moves = pos.legal_moves()
                    && !moves.is_empty()
                {
                    let replies = pos.mobility_by_square(!pos.turn());
                    for &m in moves.iter() {
                        let estimated = child_first_numbers(&mut pos, m, &replies, &values, &Alone);
                        let mut child = pos.clone();
                        child.play_unchecked(m);
                        let counted = first_numbers(&child, &values, &Alone, None);
                        let fen = child.fen();
                        // Lost just when counted lost (which some positions without a
                        // move are not: out of check, a king's attacked steps count).
                        assert_eq!(estimated.1 == 0, counted.1 == 0, "{fen}");
                        assert!(estimated.1 > 0 || child.legal_moves().is_empty(), "{fen}");
                        if child.is_check() {
                            assert_eq!(estimated, counted, "{fen}");
                        }
                        children += 1;
                        if counted.1 == 0 {
                            lost += 1;
                        } else {
                            error += (estimated.1 as f64 / counted.1 as f64).ln().abs();
                        }
                    }
                    pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        assert!(lost > 20, "only {lost} of {children} children had no move");
        let mean = error / (children - lost) as f64;
        eprintln!("{children} children, {lost} lost; disproof numbers off by a factor of e^{mean:.4} on average");
        assert!(mean < 0.05, "disproof numbers off by a factor of e^{mean:.4} on average");
    }

    #[test]
    fn unsettled_numbers_are_kept_and_settled_ones_are_not_replaced_by_them() {
        let mut t = ProofTable::new(1).unwrap();
        // Five keys in one bucket (the bucket is the key's top bits).
        let [a, b, c, d, e] = [1u64, 2, 3, 4, 5].map(|k| k << 40);
        assert_eq!(t.bucket(a), t.bucket(e));
        // An empty slot's numbers are zero, yet it is not settled: an
        // unsettled position takes it.
        t.put(a, 5, 7, 3);
        assert_eq!(t.get(a), Some((5, 7)));
        t.put(b, 0, INF, 1);
        t.put(c, 6, 6, 9);
        assert_eq!((t.get(b), t.get(c)), (Some((0, INF)), Some((6, 6))));
        // The bucket is full: an unsettled newcomer replaces the cheapest
        // unsettled entry, never the settled one.
        t.put(d, 2, 9, 1);
        assert_eq!([a, b, c, d].map(|k| t.get(k)), [None, Some((0, INF)), Some((6, 6)), Some((2, 9))]);
        t.put(e, 4, 4, 1);
        t.put(a, 4, 4, 1);
        assert_eq!(t.get(b), Some((0, INF)));
        // A position keeps its slot when its numbers change.
        t.put(a, 0, INF, 2);
        t.put(a, INF, 0, 3);
        assert_eq!(t.get(a), Some((INF, 0)));
    }

    #[test]
    fn first_numbers_take_only_room_no_expanded_position_needs() {
        let mut t = ProofTable::new(1).unwrap();
        let [a, b, c, d, e] = [1u64, 2, 3, 4, 5].map(|k| k << 40);
        // First numbers fill the empty slots, and replace each other.
        t.put_first(a, 1, 8);
        t.put_first(b, INF, 0);
        t.put_first(c, 2, 6);
        assert_eq!([a, b, c].map(|k| t.get(k)), [Some((1, 8)), Some((INF, 0)), Some((2, 6))]);
        t.put_first(d, 3, 3);
        assert_eq!(t.get(d), Some((3, 3)));
        // An expanded position replaces first numbers, even settled ones.
        t.put(e, 5, 5, 1);
        t.put(a, 7, 7, 1);
        t.put(b, 9, 9, 1);
        assert_eq!([a, b, e].map(|k| t.get(k)), [Some((7, 7)), Some((9, 9)), Some((5, 5))]);
        // A full bucket of expanded positions takes no first numbers.
        t.put_first(c, 2, 6);
        assert_eq!(t.get(c), None);
        assert_eq!([a, b, e].map(|k| t.get(k)), [Some((7, 7)), Some((9, 9)), Some((5, 5))]);
    }

    #[test]
    fn material_halves_or_doubles_the_first_numbers_by_quarter_doublings() {
        assert_eq!(by_material(10, 0), (1, 10));
        assert_eq!(by_material(10, 99), (1, 10), "less than a quarter doubling");
        assert_eq!(by_material(10, 100), (1, 11));
        assert_eq!(by_material(10, 400), (1, 20));
        assert_eq!(by_material(10, -400), (2, 5));
        assert_eq!(by_material(10, -600), (3, 3));
        assert_eq!(by_material(10, -900), (5, 2));
        // Never zero (a settled number), nor past INF, however large the lead.
        assert_eq!(by_material(1, i32::MIN), (256, 1));
        assert_eq!(by_material(INF - 1, i32::MAX), (1, INF - 1));
    }

    #[test]
    fn a_bucket_is_one_cache_line() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(std::mem::align_of::<Bucket>(), 64);
    }
}
