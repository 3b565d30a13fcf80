//! A proof-number prover for any game, through the game traits alone:
//! depth-first proof-number search (df-pn) asking "does this side win?",
//! then a depth-bounded search for the exact distance of what it proved.
//!
//! A game opts in by implementing [`Prove`](super::Prove) with
//! [`prove_any`] (Wormhole chess has its own solver, with estimates of its
//! own). Unlike Wormhole chess, such a game may be drawn, so "the side to
//! move wins" disproved does not say it loses: each side's win is a
//! question of its own (the attacker's), asked in turn with growing
//! budgets, and the table keeps the numbers of both.
//!
//! Draws are never wins: a position the game calls drawn (stalemate, the
//! fifty-move rule, bare kings: [`Rules::outcome`], [`Rules::is_rule_draw`])
//! disproves the attacker's win, and so does a position that repeats one on
//! the current line (the graph history interaction: that disproof holds
//! for this line only, so a disproof that rests on a repetition is not
//! kept in the table). A proof never rests on a repetition, so what it
//! proves holds whatever line led there.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{Proof, ProvedTable, ProverMemory, ProverSlot, SolveLimits, SolveProgress, TableAllocError};
use crate::Color;
use crate::rules::{GameOutcome, MoveSet, Rules};

/// A number too large to reach: the question is settled.
const INF: u32 = u32::MAX / 2;

/// The table size the engine makes for this prover, in MiB.
pub(crate) const PN_MB: usize = 64;

/// How often (in positions) the clock and stop flag are polled.
const POLL_INTERVAL: u64 = 1024;

/// The longest line the search follows: deeper, the attacker's win is
/// taken as disproved on this line (a line this long in a game with draw
/// rules is almost surely a cycle).
const MAX_LINE: usize = 600;

/// The budget of the first round of each side's question, in positions;
/// each round doubles it ([`prove_any`]).
const FIRST_ROUND: u64 = 2048;

/// What distinguishes the two questions in the table: a key is the
/// position's hash, xored with this when Black is the attacker.
const BLACK_ATTACKS: u64 = 0x9e37_79b9_7f4a_7c15;

/// One table entry: a position's numbers for one attacker, and the work
/// (positions expanded) they took.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    pn: u32,
    dn: u32,
    work: u32,
}

/// The prover's memory: proof and disproof numbers by position and
/// attacker, two entries a bucket, the costlier kept.
pub struct PnTable {
    entries: Vec<Entry>,
}

impl PnTable {
    /// A table of about `mb` MiB, or the error when the machine cannot give it.
    pub fn new(mb: usize) -> Result<PnTable, TableAllocError> {
        let bytes = mb.max(1).checked_mul(1024 * 1024).ok_or(TableAllocError { mb })?;
        let n = (bytes / std::mem::size_of::<Entry>()).max(2) & !1;
        let mut entries = Vec::new();
        entries.try_reserve_exact(n).map_err(|_| TableAllocError { mb })?;
        entries.resize(n, Entry::default());
        Ok(PnTable { entries })
    }

    fn bucket(&self, key: u64) -> usize {
        ((((key as u128) * ((self.entries.len() / 2) as u128)) >> 64) as usize) * 2
    }

    fn get(&self, key: u64) -> Option<(u32, u32)> {
        let b = self.bucket(key);
        self.entries[b..b + 2].iter().find(|e| e.key == key).map(|e| (e.pn, e.dn))
    }

    /// Keeps `key`'s numbers in its slot, else over the cheaper entry
    /// unless that one is settled and these are not.
    fn put(&mut self, key: u64, pn: u32, dn: u32, work: u32) {
        let b = self.bucket(key);
        let pair = &mut self.entries[b..b + 2];
        let i = pair.iter().position(|e| e.key == key).unwrap_or(if pair[0].work <= pair[1].work { 0 } else { 1 });
        let old = pair[i];
        let settled = |e: &Entry| e.key != 0 && (e.pn == 0 || e.dn == 0);
        if old.key != key && settled(&old) && !(pn == 0 || dn == 0) {
            return;
        }
        pair[i] = Entry { key, pn, dn, work };
    }

    /// Forgets `key`'s entry, if any.
    fn forget(&mut self, key: u64) {
        let b = self.bucket(key);
        for e in &mut self.entries[b..b + 2] {
            if e.key == key {
                *e = Entry::default();
            }
        }
    }
}

impl ProverMemory for PnTable {
    fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    fn resize(&mut self, mb: usize) -> Result<(), TableAllocError> {
        *self = PnTable::new(mb)?;
        Ok(())
    }
}

impl std::fmt::Debug for PnTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PnTable({} entries)", self.entries.len())
    }
}

/// The limits of one proof and its progress reports.
struct Budget<'a> {
    start: Instant,
    nodes: u64,
    /// This round's last position.
    round_end: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    /// The limits or `stop` ended the whole proof.
    stopped: bool,
    next_report: Instant,
    /// The numbers of the root of the question asked last.
    root: (u32, u32),
    shared: &'a dyn ProvedTable,
}

impl Budget<'_> {
    /// Counts a position; polls the limits now and then.
    fn count(&mut self) {
        self.nodes += 1;
        if !self.nodes.is_multiple_of(POLL_INTERVAL) {
            return;
        }
        let now = Instant::now();
        if self.stop.load(Ordering::Relaxed) || self.nodes >= self.node_limit || self.deadline.is_some_and(|d| now >= d)
        {
            self.stopped = true;
        }
        if now >= self.next_report {
            self.next_report = now + Duration::from_secs(1);
            self.report(now, self.root);
        }
    }

    /// Whether this round is over (or the whole proof).
    fn out(&self) -> bool {
        self.stopped || self.nodes >= self.round_end
    }

    fn report(&self, now: Instant, (proof_number, disproof_number): (u32, u32)) {
        let progress = SolveProgress { nodes: self.nodes, time: now - self.start, proof_number, disproof_number };
        self.shared.progress(&progress);
    }
}

/// A child of an expanded position: its move, key and numbers (for the
/// attacker's question).
#[derive(Clone, Copy)]
struct Child<M> {
    m: M,
    pn: u32,
    dn: u32,
    /// Disproved by a repetition of the line (not kept in the table).
    repeated: bool,
}

/// One side's question, "does `attacker` win?", over a game.
struct Question<'a, 'b, P: Rules> {
    table: &'a mut PnTable,
    attacker: Color,
    /// The hashes of the positions of the current line, the root first.
    line: Vec<u64>,
    kids: Vec<Vec<Child<P::Move>>>,
    budget: &'a mut Budget<'b>,
}

/// The table key of `hash` for `attacker`'s question.
fn key_for(hash: u64, attacker: Color) -> u64 {
    if attacker == Color::Black { hash ^ BLACK_ATTACKS } else { hash }
}

/// The numbers of a position the game has ended or settled, for the
/// attacker's question: `Some((0, INF))` won, `Some((INF, 0))` not won (a
/// loss or a draw), `None` while it goes on.
fn settled_numbers<P: Rules>(pos: &P, attacker: Color, shared: &dyn ProvedTable) -> Option<(u32, u32)> {
    let verdict = |wins: bool| if wins { (0, INF) } else { (INF, 0) };
    if let Some(outcome) = pos.outcome(&[]) {
        return Some(verdict(outcome.winner() == Some(attacker)));
    }
    if pos.is_rule_draw() {
        return Some(verdict(false));
    }
    shared.proved(pos.hash()).map(|s| verdict(s.won == (pos.turn() == attacker)))
}

impl<P: Rules> Question<'_, '_, P> {
    /// Expands `pos` until its proof number reaches `th_pn`, its disproof
    /// number `th_dn`, or the round ends; returns its numbers and whether
    /// they rest on a repetition of the line.
    fn mid(&mut self, pos: &mut P, th_pn: u32, th_dn: u32) -> (u32, u32, bool) {
        self.budget.count();
        let ply = self.line.len();
        let start = self.budget.nodes;
        if self.kids.len() <= ply {
            self.kids.push(Vec::new());
        }
        let mut kids = std::mem::take(&mut self.kids[ply]);
        self.line.push(pos.hash());
        self.expand(pos, &mut kids);
        let or = pos.turn() == self.attacker;
        let (mut pn, mut dn, mut repeated);
        loop {
            let (p, d, best, second) = aggregate(&kids, or);
            (pn, dn) = (p, d);
            repeated = kids.iter().any(|c| c.repeated);
            if pn >= th_pn || dn >= th_dn || self.budget.out() || ply >= MAX_LINE {
                break;
            }
            let c = kids[best];
            let (cth_pn, cth_dn) = if or {
                (th_pn.min(second.saturating_add(1)), th_dn.saturating_sub(dn).saturating_add(c.dn).min(INF))
            } else {
                (th_pn.saturating_sub(pn).saturating_add(c.pn).min(INF), th_dn.min(second.saturating_add(1)))
            };
            let undo = pos.play_unchecked(c.m);
            let (cp, cd, cr) = self.mid(pos, cth_pn, cth_dn);
            pos.undo(c.m, undo);
            (kids[best].pn, kids[best].dn, kids[best].repeated) = (cp, cd, cr && cp != 0);
        }
        if ply >= MAX_LINE {
            (pn, dn, repeated) = (INF, 0, true);
        }
        self.line.pop();
        self.kids[ply] = kids;
        let key = key_for(pos.hash(), self.attacker);
        let work = (self.budget.nodes - start).min(u32::MAX as u64 - 1) as u32 + 1;
        if repeated && dn == 0 {
            // Not won on this line only: another line may win here.
            self.table.forget(key);
        } else {
            self.table.put(key, pn, dn, work);
        }
        (pn, dn, repeated && pn != 0)
    }

    /// Fills `kids` with the children of `pos` and their numbers: from the
    /// game's end, the line, the table, or else first numbers by mobility
    /// (the side to move's moves: each must be refuted at an AND position).
    fn expand(&mut self, pos: &mut P, kids: &mut Vec<Child<P::Move>>) {
        kids.clear();
        let moves = pos.legal_moves();
        for m in moves.iter() {
            let undo = pos.play_unchecked(m);
            let hash = pos.hash();
            let repeated = self.line.contains(&hash);
            let (pn, dn) = if repeated {
                (INF, 0)
            } else if let Some(n) = self.table.get(key_for(hash, self.attacker)) {
                n
            } else if let Some(n) = settled_numbers(pos, self.attacker, self.budget.shared) {
                n
            } else {
                let n = (pos.legal_move_count() as u32).max(1);
                if pos.turn() == self.attacker { (1, n) } else { (n, 1) }
            };
            pos.undo(m, undo);
            kids.push(Child { m, pn, dn, repeated });
        }
    }
}

/// A position's numbers from its children's, at an OR position (the
/// attacker to move: proof number the least, disproof number the sum) or
/// an AND one (the other way round); also the child to expand and the
/// second-least number that chooses it.
fn aggregate<M>(kids: &[Child<M>], or: bool) -> (u32, u32, usize, u32) {
    let pick = |c: &Child<M>| if or { c.pn } else { c.dn };
    let add = |c: &Child<M>| if or { c.dn } else { c.pn };
    let (mut least, mut second, mut best) = (INF, INF, 0);
    let mut sum: u64 = 0;
    for (i, c) in kids.iter().enumerate() {
        let v = pick(c);
        if v < least {
            (second, least, best) = (least, v, i);
        } else if v < second {
            second = v;
        }
        sum += add(c) as u64;
    }
    let sum = if kids.iter().any(|c| add(c) >= INF) { INF } else { sum.min(INF as u64 - 1) as u32 };
    if kids.is_empty() {
        // Not reached: a position without moves has ended (`settled_numbers`).
        return (INF, 0, 0, INF);
    }
    if or { (least, sum, best, second) } else { (sum, least, best, second) }
}

/// Tries within `limits` (or until `stop`) to prove who wins `pos`,
/// asking in turn whether the side to move wins and whether the other
/// does, each round twice the last's budget, with the table `table` kept
/// between calls; positions `shared` knows as settled start so, and its
/// `progress` hears of the search. A result's distance is exact (the
/// winner's shortest win against the longest defence) when the
/// depth-bounded check over every move finishes within the positions
/// the proof took, else the proof tree's longest line.
pub fn prove_any<P: Rules>(
    pos: &P,
    table: &mut PnTable,
    limits: &SolveLimits,
    stop: &AtomicBool,
    shared: &dyn ProvedTable,
) -> Proof<P::Move> {
    let start = Instant::now();
    let mut budget = Budget {
        start,
        nodes: 0,
        round_end: 0,
        node_limit: limits.nodes.unwrap_or(u64::MAX),
        deadline: limits.time.map(|t| start + t),
        stop,
        stopped: false,
        next_report: start + Duration::from_secs(1),
        root: (1, 1),
        shared,
    };
    if pos.outcome(&[]).is_some() || pos.is_rule_draw() || pos.legal_moves().is_empty() {
        return Proof::Unknown;
    }
    let mut round = FIRST_ROUND;
    let (mut open, mut winner) = ([true, true], None);
    while winner.is_none() && open.iter().any(|&o| o) && !budget.stopped {
        for (i, attacker) in [pos.turn(), !pos.turn()].into_iter().enumerate() {
            if !open[i] || budget.stopped {
                continue;
            }
            budget.round_end = budget.nodes.saturating_add(round);
            let mut q = Question::<P> { table, attacker, line: Vec::new(), kids: Vec::new(), budget: &mut budget };
            let (pn, dn, repeated) = q.mid(&mut pos.clone(), INF, INF);
            budget.root = (pn, dn);
            budget.report(Instant::now(), (pn, dn));
            if pn == 0 {
                winner = Some(attacker);
                break;
            }
            // Disproved for good, unless only on this line's repetitions.
            open[i] = dn != 0 || repeated;
        }
        round = round.saturating_mul(2);
    }
    let Some(winner) = winner else { return Proof::Unknown };
    let work = budget.nodes.max(100_000);
    distances(pos, winner, table, work, stop)
}

/// The proof of `pos` won by `winner`: its distance and move, and the
/// positions of the proof it was read from. The distance is first read
/// from the proof (a depth-bounded search where the winner plays only
/// moves `table` proved), then made exact by the same search over every
/// move for each shorter distance (1, 3, 5, ... plies, or 2, 4, ...);
/// should `work` positions or `stop` end that first, it stays the
/// proof's, a bound.
fn distances<P: Rules>(pos: &P, winner: Color, table: &PnTable, work: u64, stop: &AtomicBool) -> Proof<P::Move> {
    let mut pos = pos.clone();
    let mut proof = Bounded::new(winner, Some(table), work, stop);
    let read = proof.shortest(&mut pos, MAX_LINE as u32);
    let size = proof.memo.len() as u64;
    let mut full = Bounded::new(winner, None, work, stop);
    let found = match read {
        Some((plies, m)) => Some(full.shortest(&mut pos, plies.saturating_sub(2)).unwrap_or((plies, m))),
        // Part of the proof is not in the table (proved beside): search it all.
        None => full.shortest(&mut pos, MAX_LINE as u32),
    };
    let Some((plies, m)) = found else { return Proof::Unknown };
    match (pos.turn() == winner, m) {
        (true, Some(first_move)) => Proof::Win { first_move, plies, size },
        (true, None) => Proof::Unknown,
        (false, defence) => Proof::Loss { defence, plies, size },
    }
}

/// A depth-bounded proof: does the attacker win within k plies? Bounded,
/// it needs no test for repetitions: the shortest win repeats no position
/// (each of the winner's moves brings the end nearer), and a defence that
/// repeats one lasts no longer than the first time.
struct Bounded<'a> {
    attacker: Color,
    /// Where the attacker may play only to positions this table proved
    /// (reading a distance off a proof), if any.
    only: Option<&'a PnTable>,
    /// What is known of (hash, k): won within k or not.
    memo: HashMap<(u64, u32), bool>,
    nodes: u64,
    work: u64,
    stop: &'a AtomicBool,
}

impl<'a> Bounded<'a> {
    fn new(attacker: Color, only: Option<&'a PnTable>, work: u64, stop: &'a AtomicBool) -> Bounded<'a> {
        Bounded { attacker, only, memo: HashMap::new(), nodes: 0, work, stop }
    }

    /// The least k up to `bound` (of the parity of `pos`'s side) within
    /// which the attacker wins, with the move to play: the attacker's winning
    /// move or the defence that lasts longest ([`Bounded::move_at`]); `None`
    /// when none is found or the work runs out.
    fn shortest<P: Rules>(&mut self, pos: &mut P, bound: u32) -> Option<(u32, Option<P::Move>)> {
        let or = pos.turn() == self.attacker;
        let mut k = if or { 1 } else { 2 };
        while k <= bound {
            if self.wins_within(pos, k)? {
                return Some((k, self.move_at(pos, k)));
            }
            k += 2;
        }
        None
    }

    /// At `pos`, won within `k`: the attacker's move that wins within
    /// `k`, or a defence that lasts past `k - 2`.
    fn move_at<P: Rules>(&mut self, pos: &mut P, k: u32) -> Option<P::Move> {
        let or = pos.turn() == self.attacker;
        let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
        for m in moves {
            let undo = pos.play_unchecked(m);
            let pick =
                if or { self.wins_within(pos, k - 1) } else { self.wins_within(pos, k.saturating_sub(3)).map(|w| !w) };
            pos.undo(m, undo);
            if pick? {
                return Some(m);
            }
        }
        None
    }

    /// Whether the attacker may play to `pos` (every move, unless reading a proof).
    fn allowed<P: Rules>(&self, pos: &P) -> bool {
        let in_proof = |t: &PnTable| t.get(key_for(pos.hash(), self.attacker)).is_some_and(|(pn, _)| pn == 0);
        self.only.is_none_or(in_proof) || pos.outcome(&[]).is_some_and(|o| o.winner() == Some(self.attacker))
    }

    /// Whether the attacker wins `pos` within `k` plies (`None`: out of work).
    fn wins_within<P: Rules>(&mut self, pos: &mut P, k: u32) -> Option<bool> {
        if let Some(o) = pos.outcome(&[]) {
            return Some(o.winner() == Some(self.attacker));
        }
        if k == 0 || pos.is_rule_draw() {
            return Some(false);
        }
        if let Some(&w) = self.memo.get(&(pos.hash(), k)) {
            return Some(w);
        }
        self.nodes += 1;
        if self.nodes > self.work || (self.nodes.is_multiple_of(POLL_INTERVAL) && self.stop.load(Ordering::Relaxed)) {
            return None;
        }
        let or = pos.turn() == self.attacker;
        let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
        let mut result = !or;
        for m in moves {
            let undo = pos.play_unchecked(m);
            let w = if or && !self.allowed(pos) { Some(false) } else { self.wins_within(pos, k - 1) };
            pos.undo(m, undo);
            if w? == or {
                result = or;
                break;
            }
        }
        self.memo.insert((pos.hash(), k), result);
        Some(result)
    }
}

/// [`prove_any`] with the table held in the engine's `memory` (made there
/// at first use): what a game's [`Prove`](super::Prove) calls.
pub fn prove_in_slot<P: Rules>(
    pos: &P,
    memory: &mut ProverSlot,
    limits: &SolveLimits,
    stop: &AtomicBool,
    shared: &dyn ProvedTable,
) -> Proof<P::Move> {
    // Should the default size not be had, a small table still proves.
    let make = || PnTable::new(PN_MB).or_else(|_| PnTable::new(1)).expect("a table of 1 MiB");
    memory.with(make, |table: &mut PnTable| prove_any(pos, table, limits, stop, shared))
}
