//! A small per-thread memory of static evaluations, so a position met
//! again (a re-search, the next iteration, a transposition) is not
//! evaluated twice. The evaluation depends only on the position and the
//! search's fixed weights, so a cached value is the value itself: the
//! search visits the same nodes with or without the cache.

/// How many evaluations a thread remembers (a power of two): 1 MiB.
const ENTRIES: usize = 1 << 17;

/// Static evaluations by position hash, direct-mapped: a new position
/// replaces whatever shared its slot.
pub(super) struct EvalCache {
    /// The upper half of the hash, then the value as 32 bits; 0 is an
    /// empty slot. With the slot's index, 49 bits of the hash must match.
    slots: Vec<u64>,
}

impl EvalCache {
    /// An empty cache. Its zeroed memory comes untouched from the system,
    /// so a short search pays only for the slots it uses.
    pub fn new() -> EvalCache {
        EvalCache { slots: vec![0; ENTRIES] }
    }

    /// Hints the processor to load the slot of `hash`, to be read soon.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        super::pages::prefetch(&self.slots[hash as usize & (ENTRIES - 1)]);
    }

    /// The value remembered for `hash`, or `eval()`'s, remembered.
    #[inline]
    pub fn get_or(&mut self, hash: u64, eval: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.slots[hash as usize & (ENTRIES - 1)];
        let key = hash & !0xffff_ffff;
        if *slot != 0 && *slot & !0xffff_ffff == key {
            return *slot as u32 as i32;
        }
        let v = eval();
        *slot = key | u64::from(v as u32);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_by_hash_and_replaces_on_collision() {
        let mut c = EvalCache::new();
        let h = 0x1234_5678_0000_0007;
        assert_eq!(c.get_or(h, || -42), -42);
        assert_eq!(c.get_or(h, || panic!("evaluated again")), -42);
        // Same slot, other position: evaluated, and replaces the first.
        let other = h ^ 1 << 40;
        assert_eq!(c.get_or(other, || 5), 5);
        assert_eq!(c.get_or(h, || 43), 43);
        // An empty slot is no value for a hash whose upper half is 0.
        assert_eq!(c.get_or(9, || 0), 0);
        assert_eq!(c.get_or(9, || 10), 10);
    }
}
