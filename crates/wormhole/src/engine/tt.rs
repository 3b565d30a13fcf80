//! The transposition table: what earlier searches learnt about positions,
//! keyed by the Zobrist hash (which includes the holes).
//!
//! Shared between search threads without locks: each entry is two atomic
//! words, the key XOR the data and the data, so a torn write (two threads
//! writing the same entry at once) fails the key check instead of returning
//! another position's data.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use super::pages::{self, Zeroable, ZeroedPages};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at least the score (a beta cutoff).
    Lower = 1,
    /// The true value is at most the score (no move reached alpha).
    Upper = 2,
    /// The score is exact.
    Exact = 3,
}

/// One probe result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The best or refuting move found, if any, packed
    /// ([`GameMove::to_bits`](crate::rules::GameMove::to_bits)).
    pub best: Option<u32>,
    /// The score, relative to the node (see `score::to_tt`).
    pub score: i32,
    /// The depth the score was searched to.
    pub depth: i32,
    /// What the score bounds.
    pub bound: Bound,
    /// Whether the bound is a proved fact at any depth: it comes from a
    /// search with no unsound pruning whose depth reached every game end
    /// the bound speaks of (see `search::Searcher::tt_cutoff`).
    pub proof: bool,
}

/// Two atomic words; all bits zero is an empty slot.
#[derive(Default)]
struct TableSlot {
    check: AtomicU64,
    data: AtomicU64,
}

// SAFETY: two atomic integers, valid at 0 (an empty slot).
unsafe impl Zeroable for TableSlot {}

const BUCKET: usize = 2;

/// A fixed-size hash table of search results, shared between threads.
pub struct Table {
    slots: ZeroedPages<TableSlot>,
    buckets: usize,
    generation: AtomicU8,
}

/// A table of search results could not be allocated: the machine does
/// not have the memory asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate {mb} MiB for the table: not enough memory")]
pub struct TableAllocError {
    /// The size asked for, in MiB.
    pub mb: usize,
}

impl Table {
    /// A table of about `mb` MiB (at least one bucket), or an error when
    /// the memory cannot be had. The memory comes zeroed from the system;
    /// up to 256 MiB it is backed now (see `pages`), a larger table is
    /// left untouched, so that allocating it takes no time and a page is
    /// only paid for when a search first stores to it.
    pub fn new(mb: usize) -> Result<Table, TableAllocError> {
        let bytes = mb.max(1).checked_mul(1024 * 1024).ok_or(TableAllocError { mb })?;
        let buckets = (bytes / (16 * BUCKET)).max(1);
        let slots = ZeroedPages::new(buckets * BUCKET).ok_or(TableAllocError { mb })?;
        Ok(Table { slots, buckets, generation: AtomicU8::new(0) })
    }

    /// Whether the table's memory is backed already, so that clearing it
    /// is quicker than making a fresh one (see `pages`).
    pub(crate) fn resident(&self) -> bool {
        self.slots.resident()
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in self.slots.iter() {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Empties the table held by no one else: plain writes of zero, which
    /// the compiler turns into one fill of the memory (the atomic stores
    /// of [`Table::clear`] are one at a time, a few times slower).
    pub fn clear_unshared(&mut self) {
        for s in self.slots.iter_mut() {
            *s.check.get_mut() = 0;
            *s.data.get_mut() = 0;
        }
        *self.generation.get_mut() = 0;
    }

    /// Marks the start of a new search, so old entries are replaced first.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation.store((g + 1) & 63, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (((key as u128) * (self.buckets as u128)) >> 64) as usize * BUCKET
    }

    /// Hints the processor to load the entry for `key`.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        pages::prefetch(&self.slots[self.bucket(key)]);
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        for s in &self.slots[b..b + BUCKET] {
            let data = s.data.load(Ordering::Relaxed);
            if s.check.load(Ordering::Relaxed) ^ data == key && data != 0 {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Stores a result. Within its bucket, an entry for the same position
    /// is overwritten unless it holds a deeper result or a proof (and this
    /// result is none); otherwise the shallowest or oldest entry makes room.
    #[inline]
    pub fn store(&self, key: u64, best: Option<u32>, score: i32, depth: i32, bound: Bound, proof: bool) {
        let generation = self.generation.load(Ordering::Relaxed) as u64;
        let b = self.bucket(key);
        let bucket = &self.slots[b..b + BUCKET];
        let mut target = 0;
        let mut worst = i32::MAX;
        for (i, s) in bucket.iter().enumerate() {
            let data = s.data.load(Ordering::Relaxed);
            if s.check.load(Ordering::Relaxed) ^ data == key && data != 0 {
                let old = unpack(data);
                // Keep a deeper result for the same position, but keep its move if we have none.
                if bound != Bound::Exact && old.depth > depth + 2 && (data >> GENERATION & 63) == generation {
                    return;
                }
                if old.proof && !proof {
                    return;
                }
                let best = best.or(old.best);
                write(s, key, pack(best, score, depth, bound, proof, generation));
                return;
            }
            let age = ((generation + 64 - (data >> GENERATION & 63)) & 63) as i32;
            let worth = (data >> DEPTH & 0xff) as i32 - 8 * age;
            if data == 0 {
                target = i;
                worst = i32::MIN;
            } else if worth < worst {
                worst = worth;
                target = i;
            }
        }
        write(&bucket[target], key, pack(best, score, depth, bound, proof, generation));
    }

    /// Permille of the first entries that hold a result of the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) as u64;
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && (d >> GENERATION & 63) == generation
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

fn write(s: &TableSlot, key: u64, data: u64) {
    s.check.store(key ^ data, Ordering::Relaxed);
    s.data.store(data, Ordering::Relaxed);
}

// Layout: move 0..24 (0: none), score 24..40, depth 40..48, generation 48..54, bound 54..56, proof 56.
const MOVE_BITS: u64 = (1 << 24) - 1;
const SCORE: u32 = 24;
const DEPTH: u32 = 40;
const GENERATION: u32 = 48;
const BOUND: u32 = 54;
const PROOF: u32 = 56;

#[inline]
fn pack(best: Option<u32>, score: i32, depth: i32, bound: Bound, proof: bool, generation: u64) -> u64 {
    let m = best.map_or(0, u64::from) & MOVE_BITS;
    let s = (score.clamp(-32_767, 32_767) as i16 as u16) as u64;
    let d = depth.clamp(0, 255) as u64;
    m | s << SCORE | d << DEPTH | generation << GENERATION | (bound as u64) << BOUND | (proof as u64) << PROOF
}

#[inline]
fn unpack(data: u64) -> Entry {
    let bits = (data & MOVE_BITS) as u32;
    let bound = match data >> BOUND & 3 {
        1 => Bound::Lower,
        2 => Bound::Upper,
        _ => Bound::Exact,
    };
    Entry {
        best: (bits != 0).then_some(bits),
        score: (data >> SCORE) as u16 as i16 as i32,
        depth: (data >> DEPTH & 0xff) as i32,
        bound,
        proof: data >> PROOF & 1 == 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Square;

    #[test]
    fn tables_up_to_256_mib_are_backed_when_made_and_cleared_in_place() {
        assert!(Table::new(16).unwrap().resident());
        assert!(Table::new(256).unwrap().resident());
        // Under a huge page: the allocator's memory. Over 256 MiB: made
        // fresh for a new game rather than written over.
        assert!(!Table::new(1).unwrap().resident());
        assert!(!Table::new(512).unwrap().resident());
        let t = Table::new(16).unwrap();
        t.store(42, None, 5, 3, Bound::Exact, false);
        t.clear();
        assert!(t.probe(42).is_none());
    }

    #[test]
    fn store_and_probe() {
        let t = Table::new(1).unwrap();
        // The widest move: a porthole move from h8 through h7 to h6 (24 bits).
        let h = |name: &str| name.parse::<Square>().unwrap();
        let m = crate::games::porthole::Move::porthole(h("h8"), h("h7"), h("h6")).to_bits();
        t.store(0xdead_beef, Some(m), -31_990, 7, Bound::Lower, true);
        let e = t.probe(0xdead_beef).unwrap();
        assert_eq!((e.best, e.score, e.depth, e.bound, e.proof), (Some(m), -31_990, 7, Bound::Lower, true));
        // A proof is not replaced by a mere estimate, even a deeper one.
        t.store(0xdead_beef, None, 120, 30, Bound::Exact, false);
        assert!(t.probe(0xdead_beef).unwrap().proof);
        assert!(t.probe(0xdead_bee0).is_none());
        t.clear();
        assert!(t.probe(0xdead_beef).is_none());
    }

    #[test]
    fn a_table_the_machine_cannot_hold_is_an_error() {
        assert_eq!(Table::new(usize::MAX).err(), Some(TableAllocError { mb: usize::MAX }));
        assert_eq!(Table::new(usize::MAX >> 20).err(), Some(TableAllocError { mb: usize::MAX >> 20 }));
    }
}
