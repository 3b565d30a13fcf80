//! The hub's sense of time: the wall clock in Unix milliseconds (stored
//! move times are compared with it after a restart), or a clock the tests
//! move by hand.

#[cfg(test)]
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Where the hub reads the time.
pub trait TimeSource: Send + Sync {
    /// Now, in Unix milliseconds.
    fn now_ms(&self) -> u64;
}

/// The system's wall clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl TimeSource for SystemClock {
    fn now_ms(&self) -> u64 {
        // Before 1970 only on a broken clock: count it as the epoch.
        SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
    }
}

/// A clock that moves only when told to (tests).
#[cfg(test)]
#[derive(Debug, Default)]
pub struct ManualClock(AtomicU64);

#[cfg(test)]
impl ManualClock {
    /// A clock showing `ms`.
    pub fn at(ms: u64) -> ManualClock {
        ManualClock(AtomicU64::new(ms))
    }

    /// Moves the clock on by `ms`.
    pub fn advance(&self, ms: u64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

#[cfg(test)]
impl TimeSource for ManualClock {
    fn now_ms(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}
