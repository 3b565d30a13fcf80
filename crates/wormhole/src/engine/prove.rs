//! Proving who wins, for a game that has a prover (opt-in: the game
//! implements [`Prove`](crate::rules::Prove) and names it in
//! [`SearchHooks::PROVER`](crate::rules::SearchHooks::PROVER)). The engine runs it after
//! its alpha-beta search without knowing which game it is: it holds the
//! prover's memory in a [`ProverSlot`] and reads back a [`Proof`].

use std::any::Any;
use std::time::Duration;

/// How far a proof search may go; the first limit reached ends it.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolveLimits {
    /// Search at most about this many positions.
    pub nodes: Option<u64>,
    /// Search for at most this long.
    pub time: Option<Duration>,
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
        /// The longest line of the proof, in plies.
        plies: u32,
        /// Positions in the proof tree.
        size: u64,
    },
    /// Not settled within the limits.
    Unknown,
}

impl<M> Proof<M> {
    /// The same proof with its winning move converted by `f`.
    pub fn map_move<N>(self, f: impl FnOnce(M) -> N) -> Proof<N> {
        match self {
            Proof::Win { first_move, plies, size } => Proof::Win { first_move: f(first_move), plies, size },
            Proof::Loss { plies, size } => Proof::Loss { plies, size },
            Proof::Unknown => Proof::Unknown,
        }
    }
}

/// What a game's prover keeps between searches (its table): the engine
/// holds it in a [`ProverSlot`] and clears it for a new game.
pub trait ProverMemory: Any + Send {
    /// Forgets every position (for a new game).
    fn clear(&mut self);
}

/// The engine's place for a prover's memory, of whichever game it last
/// proved: made at its first use, kept between searches (a settled
/// position stays settled), replaced when another game's prover needs it.
#[derive(Default)]
pub struct ProverSlot(Option<Box<dyn ProverMemory>>);

impl ProverSlot {
    /// Runs `job` with the memory of type `T` held here, made by `make`
    /// when the slot is empty or holds another type.
    ///
    /// ```
    /// use wormhole::engine::{ProverMemory, ProverSlot};
    /// struct Seen(u32);
    /// impl ProverMemory for Seen {
    ///     fn clear(&mut self) {
    ///         self.0 = 0;
    ///     }
    /// }
    /// let mut slot = ProverSlot::default();
    /// slot.with(|| Seen(0), |s: &mut Seen| s.0 += 1);
    /// assert_eq!(slot.with(|| Seen(0), |s: &mut Seen| s.0), 1);
    /// slot.clear();
    /// assert_eq!(slot.with(|| Seen(0), |s: &mut Seen| s.0), 0);
    /// ```
    pub fn with<T: ProverMemory, R>(&mut self, make: impl FnOnce() -> T, job: impl FnOnce(&mut T) -> R) -> R {
        let held = self.0.take().map(|m| -> Box<dyn Any> { m }).map(Box::<dyn Any>::downcast::<T>);
        let mut memory = match held {
            Some(Ok(memory)) => memory,
            _ => Box::new(make()),
        };
        let result = job(&mut memory);
        self.0 = Some(memory);
        result
    }

    /// Clears the memory held, if any (for a new game).
    pub fn clear(&mut self) {
        if let Some(memory) = &mut self.0 {
            memory.clear();
        }
    }
}

impl std::fmt::Debug for ProverSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "ProverSlot(held)" } else { "ProverSlot(empty)" })
    }
}

/// Where two searches of one game leave each other what they proved: the
/// alpha-beta search's transposition table, which the prover reads
/// (proved wins and losses as starting facts) and writes (what it
/// settled, as bounds the search trusts at any depth). Keys are the
/// positions' hashes.
pub trait ProvedTable: Sync {
    /// Whether the side to move in the position with hash `key` is proved
    /// to win (`Some(true)`) or to lose (`Some(false)`), if known.
    fn proved(&self, key: u64) -> Option<bool>;
    /// Records that the side to move in the position with hash `key` wins
    /// (`won`) or loses, the game ending within `plies` plies.
    fn publish(&self, key: u64, won: bool, plies: u32);
}

/// No other search to share with (a prover run on its own).
#[derive(Clone, Copy, Debug, Default)]
pub struct Alone;

impl ProvedTable for Alone {
    fn proved(&self, _key: u64) -> Option<bool> {
        None
    }

    fn publish(&self, _key: u64, _won: bool, _plies: u32) {}
}
