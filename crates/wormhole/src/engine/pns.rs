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
//! proves holds whatever line led there. The game's positions before the
//! root ([`ProvedTable::earlier`]) count as drawn, as on the line: a win
//! never goes through one, so no position of a proof stands a third time
//! whatever line led there (should one stand twice before the root, the
//! table, kept between the game's moves, is emptied first).
//!
//! Positions alike but for the fifty-move count share a hash, and a win
//! with more plies left before that rule draws may not be one with fewer:
//! each settled entry keeps the plies left when it was settled
//! ([`Rules::plies_to_rule_draw`]) and holds only where a proof has as many
//! or more, a disproof as many or fewer.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{Proof, ProvedTable, ProverMemory, ProverSlot, SolveLimits, SolveProgress, TableAllocError};
use crate::core::Color;
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

/// One table entry: a position's numbers for one attacker, the work
/// (positions expanded) they took and the plies left before the
/// fifty-move rule draws ([`NO_CLOCK`] in a game without it).
#[derive(Clone, Copy, Default)]
struct ProofEntry {
    key: u64,
    pn: u32,
    dn: u32,
    work: u32,
    room: u32,
}

/// The plies left before a rule draw, in a game without the fifty-move rule.
const NO_CLOCK: u32 = u32::MAX;

/// The plies `pos` has left before the fifty-move rule draws it.
fn room<P: Rules>(pos: &P) -> u32 {
    pos.plies_to_rule_draw().unwrap_or(NO_CLOCK)
}

impl ProofEntry {
    /// Whether this entry's numbers hold with `room` plies left: a proof
    /// with as many or more, a disproof with as many or fewer, numbers
    /// not settled anywhere (they only guide the search).
    fn holds_at(&self, room: u32) -> bool {
        (self.pn != 0 || room >= self.room) && (self.dn != 0 || room <= self.room)
    }
}

/// The prover's memory: proof and disproof numbers by position and
/// attacker, two entries a bucket, the costlier kept.
pub struct PnTable {
    entries: Vec<ProofEntry>,
    /// What the positions the game had reached twice before the root were
    /// when the table was filled ([`repeated_twice`]).
    repeated: u64,
}

impl PnTable {
    /// A table of about `mb` MiB, or the error when the machine cannot give it.
    pub fn new(mb: usize) -> Result<PnTable, TableAllocError> {
        let bytes = mb.max(1).checked_mul(1024 * 1024).ok_or(TableAllocError { mb })?;
        let n = (bytes / std::mem::size_of::<ProofEntry>()).max(2) & !1;
        let mut entries = Vec::new();
        entries.try_reserve_exact(n).map_err(|_| TableAllocError { mb })?;
        entries.resize(n, ProofEntry::default());
        Ok(PnTable { entries, repeated: 0 })
    }

    fn bucket(&self, key: u64) -> usize {
        ((((key as u128) * ((self.entries.len() / 2) as u128)) >> 64) as usize) * 2
    }

    /// `key`'s numbers with `room` plies left before a rule draw, if known.
    fn get(&self, key: u64, room: u32) -> Option<(u32, u32)> {
        let b = self.bucket(key);
        self.entries[b..b + 2].iter().find(|e| e.key == key && e.holds_at(room)).map(|e| (e.pn, e.dn))
    }

    /// Keeps `key`'s numbers in its slot, else over the cheaper entry
    /// unless that one is settled and these are not.
    fn put(&mut self, key: u64, pn: u32, dn: u32, work: u32, room: u32) {
        let b = self.bucket(key);
        let pair = &mut self.entries[b..b + 2];
        let i = pair.iter().position(|e| e.key == key).unwrap_or(if pair[0].work <= pair[1].work { 0 } else { 1 });
        let old = pair[i];
        let settled = |e: &ProofEntry| e.key != 0 && (e.pn == 0 || e.dn == 0);
        if old.key != key && settled(&old) && !(pn == 0 || dn == 0) {
            return;
        }
        pair[i] = ProofEntry { key, pn, dn, work, room };
    }

    /// Forgets `key`'s entry, if any.
    fn forget(&mut self, key: u64) {
        let b = self.bucket(key);
        for e in &mut self.entries[b..b + 2] {
            if e.key == key {
                *e = ProofEntry::default();
            }
        }
    }
}

impl ProverMemory for PnTable {
    fn clear(&mut self) {
        self.entries.fill(ProofEntry::default());
        self.repeated = 0;
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
struct ProofBudget<'a> {
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

impl ProofBudget<'_> {
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
    /// The hashes of the game's positions before the root, sorted: drawn
    /// if reached again, as a repetition of the line.
    earlier: &'a [u64],
    kids: Vec<Vec<Child<P::Move>>>,
    budget: &'a mut ProofBudget<'b>,
}

/// The table key of `hash` for `attacker`'s question.
fn key_for(hash: u64, attacker: Color) -> u64 {
    if attacker == Color::Black { hash ^ BLACK_ATTACKS } else { hash }
}

/// The numbers of a position the game has ended or settled, for the
/// attacker's question: `Some((0, INF))` won, `Some((INF, 0))` not won (a
/// loss or a draw), `None` while it goes on. What `shared` settled counts
/// where it ends before the fifty-move rule could draw.
fn settled_numbers<P: Rules>(pos: &P, attacker: Color, shared: &dyn ProvedTable) -> Option<(u32, u32)> {
    let verdict = |wins: bool| if wins { (0, INF) } else { (INF, 0) };
    if let Some(outcome) = pos.outcome(&[]) {
        return Some(verdict(outcome.winner() == Some(attacker)));
    }
    if pos.is_rule_draw() {
        return Some(verdict(false));
    }
    let settled = shared.proved(pos.hash()).filter(|s| s.plies <= room(pos));
    settled.map(|s| verdict(s.won == (pos.turn() == attacker)))
}

/// Whether `hash` is among the sorted hashes `earlier`.
fn seen(earlier: &[u64], hash: u64) -> bool {
    !earlier.is_empty() && earlier.binary_search(&hash).is_ok()
}

/// A mark of the positions that stand twice in `earlier` (sorted): a
/// proof may go through a position that stood once before the root (it
/// stands twice then), not one that stood twice, so a table filled with
/// another mark is emptied ([`PnTable::repeated`]).
fn repeated_twice(earlier: &[u64]) -> u64 {
    let twice = earlier.windows(2).filter(|w| w[0] == w[1]).map(|w| w[0]);
    twice.fold(0, |mark, h| (mark ^ h).rotate_left(7).wrapping_mul(0x9e37_79b9_7f4a_7c15))
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
            self.table.put(key, pn, dn, work, room(pos));
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
            let repeated = self.line.contains(&hash) || seen(self.earlier, hash);
            // A rule draw before the table: numbers not settled there may
            // be another clock's, and a position expanded is never drawn;
            // but a mate on the hundredth halfmove is a mate.
            let (pn, dn) = if repeated {
                (INF, 0)
            } else if pos.is_rule_draw() {
                let won = pos.outcome(&[]).is_some_and(|o| o.winner() == Some(self.attacker));
                if won { (0, INF) } else { (INF, 0) }
            } else if let Some(n) = self.table.get(key_for(hash, self.attacker), room(pos)) {
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
    let mut budget = ProofBudget {
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
    if pos.outcome(shared.earlier()).is_some() || pos.is_rule_draw() || pos.legal_moves().is_empty() {
        return Proof::Unknown;
    }
    let mut earlier = shared.earlier().to_vec();
    earlier.sort_unstable();
    let repeated = repeated_twice(&earlier);
    if table.repeated != repeated {
        table.clear();
        table.repeated = repeated;
    }
    let mut round = FIRST_ROUND;
    let (mut open, mut winner) = ([true, true], None);
    while winner.is_none() && open.iter().any(|&o| o) && !budget.stopped {
        for (i, attacker) in [pos.turn(), !pos.turn()].into_iter().enumerate() {
            if !open[i] || budget.stopped {
                continue;
            }
            budget.round_end = budget.nodes.saturating_add(round);
            let line = Vec::new();
            let mut q =
                Question::<P> { table, attacker, line, earlier: &earlier, kids: Vec::new(), budget: &mut budget };
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
    distances(pos, winner, table, &earlier, work, stop)
}

/// The proof of `pos` won by `winner`: its distance and move, and the
/// positions of the proof it was read from. The distance is first read
/// from the proof (a depth-bounded search where the winner plays only
/// moves `table` proved), then made exact by the same search over every
/// move for each shorter distance (1, 3, 5, ... plies, or 2, 4, ...);
/// should `work` positions or `stop` end that first, it stays the
/// proof's, a bound.
fn distances<P: Rules>(
    pos: &P,
    winner: Color,
    table: &PnTable,
    earlier: &[u64],
    work: u64,
    stop: &AtomicBool,
) -> Proof<P::Move> {
    let mut pos = pos.clone();
    let mut proof = Bounded::new(winner, Some(table), earlier, work, stop);
    let read = proof.shortest(&mut pos, MAX_LINE as u32);
    let size = proof.memo.len() as u64;
    let mut full = Bounded::new(winner, None, earlier, work, stop);
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
/// repeats one lasts no longer than the first time. The game's positions
/// before the root count as drawn, as in the proof.
struct Bounded<'a> {
    attacker: Color,
    /// Where the attacker may play only to positions this table proved
    /// (reading a distance off a proof), if any.
    only: Option<&'a PnTable>,
    /// The hashes of the game's positions before the root, sorted.
    earlier: &'a [u64],
    /// What is known of (hash, k, plies left before the fifty-move rule
    /// draws, where it may within k; else [`NO_CLOCK`]): won within k or not.
    memo: HashMap<(u64, u32, u32), bool>,
    nodes: u64,
    work: u64,
    stop: &'a AtomicBool,
}

impl<'a> Bounded<'a> {
    fn new(
        attacker: Color,
        only: Option<&'a PnTable>,
        earlier: &'a [u64],
        work: u64,
        stop: &'a AtomicBool,
    ) -> Bounded<'a> {
        Bounded { attacker, only, earlier, memo: HashMap::new(), nodes: 0, work, stop }
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
        let in_proof =
            |t: &PnTable| t.get(key_for(pos.hash(), self.attacker), room(pos)).is_some_and(|(pn, _)| pn == 0);
        self.only.is_none_or(in_proof) || pos.outcome(&[]).is_some_and(|o| o.winner() == Some(self.attacker))
    }

    /// Whether the attacker wins `pos` within `k` plies (`None`: out of work).
    fn wins_within<P: Rules>(&mut self, pos: &mut P, k: u32) -> Option<bool> {
        if let Some(o) = pos.outcome(&[]) {
            return Some(o.winner() == Some(self.attacker));
        }
        if k == 0 || pos.is_rule_draw() || seen(self.earlier, pos.hash()) {
            return Some(false);
        }
        // Within k plies the fifty-move rule draws only with fewer left.
        let key = (pos.hash(), k, Some(room(pos)).filter(|&r| r < k).unwrap_or(NO_CLOCK));
        if let Some(&w) = self.memo.get(&key) {
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
        self.memo.insert(key, result);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Alone, InGame};
    use crate::games::porthole::Position;

    /// Black to move (no portholes), halfmove clock `clock`: Black's only
    /// move, Kg8, is answered by Ra8#, unless the fifty-move rule draws
    /// first (from a clock of 99).
    fn mated_in_two(clock: u32) -> Position {
        Position::from_fen(&format!("7k/R7/6K1/8/8/8/8/8 b - - {clock} 60 -")).unwrap()
    }

    fn budget<'a>(stop: &'a AtomicBool) -> ProofBudget<'a> {
        let start = Instant::now();
        ProofBudget {
            start,
            nodes: 0,
            round_end: u64::MAX,
            node_limit: u64::MAX,
            deadline: None,
            stop,
            stopped: false,
            next_report: start + Duration::from_secs(60),
            root: (1, 1),
            shared: &Alone,
        }
    }

    /// The root's numbers for White's question, with `table` as it is.
    fn white_question(pos: &Position, table: &mut PnTable) -> (u32, u32) {
        let stop = AtomicBool::new(false);
        let mut budget = budget(&stop);
        let (line, kids) = (Vec::new(), Vec::new());
        let mut q =
            Question::<Position> { table, attacker: Color::White, line, earlier: &[], kids, budget: &mut budget };
        let (pn, dn, _) = q.mid(&mut pos.clone(), INF, INF);
        (pn, dn)
    }

    #[test]
    fn a_proof_with_more_plies_left_before_the_fifty_move_rule_is_not_read_with_fewer() {
        let mut table = PnTable::new(1).unwrap();
        assert_eq!(white_question(&mated_in_two(0), &mut table).0, 0);
        // Kg8 leads to the position just proved, but at 100 halfmoves.
        let (pn, dn) = white_question(&mated_in_two(99), &mut table);
        assert_eq!((pn, dn), (INF, 0), "the fifty-move rule draws before the mate");
        // A disproof with fewer plies left is not read with more.
        assert_eq!(white_question(&mated_in_two(10), &mut table).0, 0);
        // Numbers not settled, of another clock, do not hide the rule draw.
        let mut fresh = PnTable::new(1).unwrap();
        let mut drawn = mated_in_two(99);
        drawn.play(drawn.parse_move("Kg8").unwrap()).unwrap();
        fresh.put(key_for(drawn.hash(), Color::White), 1, 1, 1, 50);
        assert_eq!(white_question(&mated_in_two(99), &mut fresh), (INF, 0));
    }

    #[test]
    fn the_bounded_search_keeps_positions_near_the_fifty_move_rule_apart() {
        let stop = AtomicBool::new(false);
        let mut bounded = Bounded::new(Color::White, None, &[], 1000, &stop);
        assert_eq!(bounded.wins_within(&mut mated_in_two(0), 2), Some(true));
        assert_eq!(bounded.wins_within(&mut mated_in_two(99), 2), Some(false));
        assert_eq!(bounded.wins_within(&mut mated_in_two(98), 2), Some(true));
    }

    #[test]
    fn a_position_that_stood_twice_before_draws_the_third_time() {
        let pos = mated_in_two(0);
        let mut after_kg8 = pos.clone();
        after_kg8.play(pos.parse_move("Kg8").unwrap()).unwrap();
        let (drawn, again) = (after_kg8.hash(), after_kg8.hash());
        let mut table = PnTable::new(1).unwrap();
        let limits = SolveLimits { nodes: Some(10_000), time: None };
        let prove = |table: &mut PnTable, earlier: &[u64]| {
            prove_any(&pos, table, &limits, &AtomicBool::new(false), &InGame::new(&Alone, earlier))
        };
        assert!(matches!(prove(&mut table, &[]), Proof::Loss { plies: 2, .. }));
        // Once before: the prover, as the search, does not count on
        // reaching it again (the second time is no draw yet, but a proof
        // through it might make a third).
        assert_eq!(prove(&mut table, &[drawn]), Proof::Unknown);
        // Twice before: the third time draws, and what the table proved
        // before is forgotten.
        assert_eq!(prove(&mut table, &[drawn, again]), Proof::Unknown);
        let proved = table.get(key_for(drawn, Color::White), room(&after_kg8));
        assert!(proved.is_none_or(|(pn, _)| pn != 0), "{proved:?}");
    }
}
