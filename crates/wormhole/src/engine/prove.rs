//! Proving who wins, for a game that has a prover (opt-in: the game
//! implements [`Prove`] and names it in
//! [`SearchHooks::PROVER`](super::SearchHooks::PROVER)). The engine runs it after
//! its alpha-beta search without knowing which game it is: it holds the
//! prover's memory in a [`ProverSlot`] and reads back a [`Proof`].

use std::any::Any;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::TableAllocError;
use super::score::{MATE, MATE_BOUND, MAX_PLY};
use super::tt::{Bound, Entry, Table};
use crate::rules::Rules;

/// The least time worth giving the proof-number solver (the root's search
/// and the defence after it both leave it out below this).
pub(super) const MIN_PROOF_TIME: Duration = Duration::from_millis(20);

/// How far a proof search may go; the first limit reached ends it.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolveLimits {
    /// Search at most about this many positions.
    pub nodes: Option<u64>,
    /// Search for at most this long.
    pub time: Option<Duration>,
}

/// Progress of a proof search: reported about every second, and once
/// when it ends (see [`ProvedTable::progress`]).
#[derive(Clone, Copy, Debug)]
pub struct SolveProgress {
    /// Positions expanded so far.
    pub nodes: u64,
    /// Time spent so far.
    pub time: Duration,
    /// The root's proof number (0: the side to move wins).
    pub proof_number: u32,
    /// The root's disproof number (0: the side to move loses).
    pub disproof_number: u32,
}

/// What a proof search found about the side to move (`M`: the game's move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof<M> {
    /// The side to move wins by playing `first_move`: whatever the
    /// opponent does, it runs out of moves within `plies` plies (the
    /// longest line of the proof, not necessarily the shortest win).
    Win {
        /// A winning move.
        first_move: M,
        /// The longest line of the proof, in plies.
        plies: u32,
        /// Positions in the proof tree.
        size: u64,
    },
    /// The side to move loses whatever it plays: it runs out of moves
    /// within `plies` plies.
    Loss {
        /// The stubbornest defence the proof knows: the move whose proof
        /// of loss has the longest line (`None` without a move).
        defence: Option<M>,
        /// The longest line of the proof, in plies.
        plies: u32,
        /// Positions in the proof tree.
        size: u64,
    },
    /// Not settled within the limits.
    Unknown,
}

impl<M> Proof<M> {
    /// The same proof with its move (the win's or the defence's) converted by `f`.
    pub fn map_move<N>(self, f: impl FnOnce(M) -> N) -> Proof<N> {
        match self {
            Proof::Win { first_move, plies, size } => Proof::Win { first_move: f(first_move), plies, size },
            Proof::Loss { defence, plies, size } => Proof::Loss { defence: defence.map(f), plies, size },
            Proof::Unknown => Proof::Unknown,
        }
    }
}

/// What a game's prover keeps between searches (its table): the engine
/// holds it in a [`ProverSlot`] and clears it for a new game.
pub trait ProverMemory: Any + Send {
    /// Forgets every position (for a new game).
    fn clear(&mut self);
    /// Replaces the table by an empty one of about `mb` MiB; when the
    /// memory cannot be had, keeps the table as it was and says so.
    fn resize(&mut self, mb: usize) -> Result<(), TableAllocError>;
}

/// The engine's place for a prover's memory, of whichever game it last
/// proved: made at its first use, kept between searches (a settled
/// position stays settled), replaced when another game's prover needs it.
#[derive(Default)]
pub struct ProverSlot {
    memory: Option<Box<dyn ProverMemory>>,
    /// The table size asked for ([`ProverSlot::set_table_mb`]); the
    /// prover's own when `None`.
    table_mb: Option<usize>,
}

impl ProverSlot {
    /// Runs `job` with the memory of type `T` held here, made by `make`
    /// when the slot is empty or holds another type (then resized to the
    /// size asked for, if any).
    ///
    /// ```
    /// use wormhole::engine::{ProverMemory, ProverSlot, TableAllocError};
    /// struct Seen(u32, usize);
    /// impl ProverMemory for Seen {
    ///     fn clear(&mut self) {
    ///         self.0 = 0;
    ///     }
    ///     fn resize(&mut self, mb: usize) -> Result<(), TableAllocError> {
    ///         *self = Seen(0, mb);
    ///         Ok(())
    ///     }
    /// }
    /// let mut slot = ProverSlot::default();
    /// slot.with(|| Seen(0, 1), |s: &mut Seen| s.0 += 1);
    /// assert_eq!(slot.with(|| Seen(0, 1), |s: &mut Seen| s.0), 1);
    /// slot.clear();
    /// assert_eq!(slot.with(|| Seen(0, 1), |s: &mut Seen| s.0), 0);
    /// slot.set_table_mb(8).unwrap();
    /// assert_eq!(slot.with(|| Seen(0, 1), |s: &mut Seen| s.1), 8);
    /// // A size no machine has is refused at once, even before first use.
    /// let mut fresh = ProverSlot::default();
    /// assert_eq!(fresh.set_table_mb(usize::MAX >> 20), Err(TableAllocError { mb: usize::MAX >> 20 }));
    /// ```
    pub fn with<T: ProverMemory, R>(&mut self, make: impl FnOnce() -> T, job: impl FnOnce(&mut T) -> R) -> R {
        let held = self.memory.take().map(|m| -> Box<dyn Any> { m }).map(Box::<dyn Any>::downcast::<T>);
        let mut memory = match held {
            Some(Ok(memory)) => memory,
            _ => Box::new(self.made(make)),
        };
        let result = job(&mut memory);
        self.memory = Some(memory);
        result
    }

    /// A new memory from `make`, of the size asked for.
    fn made<T: ProverMemory>(&self, make: impl FnOnce() -> T) -> T {
        let mut memory = make();
        // `set_table_mb` checked that the memory can be had; should it be
        // gone since, the prover keeps its own size rather than fail.
        if let Some(mb) = self.table_mb {
            let _ = memory.resize(mb);
        }
        memory
    }

    /// Gives the prover's table about `mb` MiB from now on: the memory
    /// held is resized (and emptied) at once, or left as it was with the
    /// error when the machine cannot give that much.
    pub fn set_table_mb(&mut self, mb: usize) -> Result<(), TableAllocError> {
        match &mut self.memory {
            Some(memory) => memory.resize(mb)?,
            // Made at first use: check now that a table this large can be
            // had (untouched zeroed memory costs nothing until used).
            None => drop(Table::new(mb)?),
        }
        self.table_mb = Some(mb);
        Ok(())
    }

    /// Clears the memory held, if any (for a new game).
    pub fn clear(&mut self) {
        if let Some(memory) = &mut self.memory {
            memory.clear();
        }
    }
}

impl std::fmt::Debug for ProverSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let held = if self.memory.is_some() { "held" } else { "empty" };
        write!(f, "ProverSlot({held}, table {:?} MiB)", self.table_mb)
    }
}

/// What a table knows of a settled position: who wins, and within how
/// many plies at most the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settled {
    /// Whether the side to move wins (else it loses).
    pub won: bool,
    /// The game ends within this many plies (an upper bound: the winner
    /// may have a shorter win).
    pub plies: u32,
}

/// Where two searches of one game leave each other what they proved: the
/// alpha-beta search's transposition table, which the prover reads
/// (proved wins and losses as starting facts, with the distances the
/// search found) and writes (what it settled, as bounds the search trusts
/// at any depth). Keys are the positions' hashes.
pub trait ProvedTable: Sync {
    /// Whether the side to move in the position with hash `key` is proved
    /// to win or to lose, and within how many plies, if known.
    fn proved(&self, key: u64) -> Option<Settled>;
    /// Records that the position with hash `key` is settled as `settled` says.
    fn publish(&self, key: u64, settled: Settled);
    /// Hints that `key` will be asked about soon (does nothing by default).
    fn prefetch(&self, key: u64) {
        let _ = key;
    }
    /// Takes the prover's progress, about every second and once at the
    /// end (a search beside has no use for it: ignored by default).
    fn progress(&self, progress: &SolveProgress) {
        let _ = progress;
    }
    /// The hashes of the positions the game went through before the one
    /// proved, for repetition in a game with draws: none by default.
    fn earlier(&self) -> &[u64] {
        &[]
    }
}

/// A [`ProvedTable`] that adds the game's history to `table`: the positions
/// before the one proved ([`ProvedTable::earlier`]), which a prover must
/// not count on reaching again (the third time draws).
pub struct InGame<'a> {
    table: &'a dyn ProvedTable,
    earlier: &'a [u64],
}

impl<'a> InGame<'a> {
    /// Shares through `table`, with the hashes of the game's positions
    /// before the one proved, `earlier`.
    pub fn new(table: &'a dyn ProvedTable, earlier: &'a [u64]) -> InGame<'a> {
        InGame { table, earlier }
    }
}

impl ProvedTable for InGame<'_> {
    fn proved(&self, key: u64) -> Option<Settled> {
        self.table.proved(key)
    }

    fn publish(&self, key: u64, settled: Settled) {
        self.table.publish(key, settled);
    }

    fn prefetch(&self, key: u64) {
        self.table.prefetch(key);
    }

    fn progress(&self, progress: &SolveProgress) {
        self.table.progress(progress);
    }

    fn earlier(&self) -> &[u64] {
        self.earlier
    }
}

impl std::fmt::Debug for InGame<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "InGame({} earlier positions)", self.earlier.len())
    }
}

/// A [`ProvedTable`] that passes on to `table` what the prover proves and
/// reads, and its progress to a callback (for a prover run by a program
/// that shows its progress, like `wormhole solve`).
pub struct Reporting<'a> {
    table: &'a dyn ProvedTable,
    on_progress: Mutex<&'a mut (dyn FnMut(&SolveProgress) + Send)>,
}

impl<'a> Reporting<'a> {
    /// Shares through `table` and reports progress to `on_progress`.
    pub fn new(table: &'a dyn ProvedTable, on_progress: &'a mut (dyn FnMut(&SolveProgress) + Send)) -> Reporting<'a> {
        Reporting { table, on_progress: Mutex::new(on_progress) }
    }
}

impl ProvedTable for Reporting<'_> {
    fn proved(&self, key: u64) -> Option<Settled> {
        self.table.proved(key)
    }

    fn publish(&self, key: u64, settled: Settled) {
        self.table.publish(key, settled);
    }

    fn prefetch(&self, key: u64) {
        self.table.prefetch(key);
    }

    fn progress(&self, progress: &SolveProgress) {
        let mut on_progress = self.on_progress.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        (*on_progress)(progress);
    }

    fn earlier(&self) -> &[u64] {
        self.table.earlier()
    }
}

impl std::fmt::Debug for Reporting<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Reporting")
    }
}

/// No other search to share with (a prover run on its own).
#[derive(Clone, Copy, Debug, Default)]
pub struct Alone;

impl ProvedTable for Alone {
    fn proved(&self, _key: u64) -> Option<Settled> {
        None
    }

    fn publish(&self, _key: u64, _settled: Settled) {}
}

/// How the engine calls a game's prover ([`Prove::prove_sharing`]).
pub type Prover<P> = fn(&P, &mut ProverSlot, &SolveLimits, &AtomicBool, &dyn ProvedTable) -> Proof<<P as Rules>::Move>;

/// Proving who wins, opt-in: a game with a prover (Wormhole chess's
/// proof-number solver) implements it and names it in [`SearchHooks::PROVER`](super::SearchHooks::PROVER).
pub trait Prove: Rules {
    /// Tries within `limits` (or until `stop`) to prove who wins;
    /// `memory` keeps the prover's table between searches (the prover
    /// puts its own type there, [`ProverSlot::with`]).
    fn prove(&self, memory: &mut ProverSlot, limits: &SolveLimits, stop: &AtomicBool) -> Proof<Self::Move>;

    /// [`Prove::prove`] beside another search of the same game, sharing
    /// what each proved through `table` (read as starting facts, written
    /// as the prover settles positions). Without sharing, by default.
    fn prove_sharing(
        &self,
        memory: &mut ProverSlot,
        limits: &SolveLimits,
        stop: &AtomicBool,
        table: &dyn ProvedTable,
    ) -> Proof<Self::Move> {
        let _ = table;
        self.prove(memory, limits, stop)
    }
}

/// The game end a table entry proves, if any: a win stored as a lower or
/// exact bound, a loss as an upper or exact one.
fn entry_settled(e: &Entry) -> Option<Settled> {
    let win = e.score >= MATE_BOUND && e.bound != Bound::Upper;
    let loss = e.score <= -MATE_BOUND && e.bound != Bound::Lower;
    (win || loss).then(|| Settled { won: win, plies: (MATE - e.score.abs()) as u32 })
}

/// The table is where the alpha-beta search and a prover beside it share
/// what they proved. A game end stored as a bound is a fact (see
/// `negamax`): a win as a lower bound, a loss as an upper bound, or an
/// exact one; its distance from the node is as far as the game can last.
/// What the prover settles is stored as such a bound, marked a proof, at
/// the distance it cannot exceed.
impl ProvedTable for Table {
    fn proved(&self, key: u64) -> Option<Settled> {
        entry_settled(&self.probe(key)?)
    }

    fn publish(&self, key: u64, settled: Settled) {
        let old = self.probe(key);
        if old.as_ref().and_then(entry_settled).is_some_and(|known| known.plies <= settled.plies) {
            // Keep the shorter distance (the search's own may be exact).
            return;
        }
        let plies = settled.plies.min(MAX_PLY as u32) as i32;
        let (score, bound) = if settled.won { (MATE - plies, Bound::Lower) } else { (plies - MATE, Bound::Upper) };
        // A shorter distance replaces a longer one, however deep its search.
        let depth = old.map_or(plies, |e| e.depth.max(plies));
        self.store(key, None, score, depth, bound, true);
    }

    fn prefetch(&self, key: u64) {
        Table::prefetch(self, key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search's game ends are shared with their distances: a win as a
    /// lower bound, a loss as an upper bound, never a mere estimate; what
    /// the prover publishes replaces the search's own only with a shorter
    /// distance.
    #[test]
    fn the_table_shares_game_ends_with_their_distances() {
        let t = Table::new(1).unwrap();
        // Keys in different buckets.
        let [k1, k2, k3, k4, k5] = [1u64, 2, 3, 4, 5].map(|i| i << 60);
        t.store(k1, None, MATE - 7, 7, Bound::Lower, false);
        t.store(k2, None, 9 - MATE, 9, Bound::Upper, false);
        t.store(k3, None, MATE - 5, 5, Bound::Upper, false);
        t.store(k4, None, 250, 12, Bound::Exact, false);
        assert_eq!(t.proved(k1), Some(Settled { won: true, plies: 7 }));
        assert_eq!(t.proved(k2), Some(Settled { won: false, plies: 9 }));
        assert_eq!(t.proved(k3), None, "'at most a win in 5' proves nothing");
        assert_eq!(t.proved(k4), None);
        t.publish(k1, Settled { won: true, plies: 40 });
        t.publish(k5, Settled { won: false, plies: 40 });
        assert_eq!(t.proved(k1), Some(Settled { won: true, plies: 7 }));
        assert_eq!(t.proved(k5), Some(Settled { won: false, plies: 40 }));
        t.publish(k1, Settled { won: true, plies: 5 });
        t.publish(k5, Settled { won: false, plies: 30 });
        assert_eq!(t.proved(k1), Some(Settled { won: true, plies: 5 }), "a shorter win, over a deeper search's");
        assert_eq!(t.proved(k5), Some(Settled { won: false, plies: 30 }));
        assert_eq!(t.probe(k1).map(|e| e.depth), Some(7), "the deeper search's depth stays");
    }
}
