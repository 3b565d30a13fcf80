//! Work other than the engine games' moves on the hub's engine pool
//! ([`PoolTask`]): a review's analysis of a finished game, one position at a
//! time, each queued behind the searches already waiting, so that it takes
//! its turn with the games and never has a thread of its own.

use std::sync::atomic::{AtomicU64, Ordering};

pub use super::pool::PoolTask;
use super::{Hub, lock};

/// The next task key handed out.
static NEXT_KEY: AtomicU64 = AtomicU64::new(1);

impl Hub {
    /// A key no other task has.
    pub fn task_key(&self) -> u64 {
        NEXT_KEY.fetch_add(1, Ordering::Relaxed)
    }

    /// Queues `task` on the engine pool under `key` (a task of that key
    /// still waiting is replaced).
    pub fn submit_task(&self, key: u64, task: PoolTask) {
        if let Some(pool) = lock(&self.inner.pool).as_ref() {
            pool.submit_task(key, task);
        }
    }

    /// Drops the task of `key` waiting, and stops it if it runs.
    pub fn cancel_task(&self, key: u64) {
        if let Some(pool) = lock(&self.inner.pool).as_ref() {
            pool.cancel_task(key);
        }
    }
}
