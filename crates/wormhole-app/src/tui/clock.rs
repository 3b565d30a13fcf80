//! Chess clocks for both sides (`--clock MIN+INC`). Time is passed in by
//! the caller, so the clocks are plain values that tests can drive.

use std::time::{Duration, Instant};

use wormhole::Color;

/// Both sides' clocks: what is left, the increment, and whether the side to
/// move's clock is running.
#[derive(Debug, Clone)]
pub struct Clocks {
    remaining: [Duration; 2],
    increment: Duration,
    /// When the side to move's clock last started running (None: stopped).
    running_since: Option<Instant>,
}

impl Clocks {
    pub fn new(initial: Duration, increment: Duration) -> Clocks {
        Clocks { remaining: [initial; 2], increment, running_since: None }
    }

    /// Time left for `color` at `now`, counting the running period if
    /// `color` is to move.
    pub fn remaining(&self, color: Color, to_move: Color, now: Instant) -> Duration {
        let base = self.remaining[color.index()];
        match self.running_since {
            Some(t) if color == to_move => base.saturating_sub(now.saturating_duration_since(t)),
            _ => base,
        }
    }

    pub fn increment(&self) -> Duration {
        self.increment
    }

    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    pub(super) fn start(&mut self, now: Instant) {
        if self.running_since.is_none() {
            self.running_since = Some(now);
        }
    }

    pub(super) fn stop(&mut self, to_move: Color, now: Instant) {
        if let Some(t) = self.running_since.take() {
            let r = &mut self.remaining[to_move.index()];
            *r = r.saturating_sub(now.saturating_duration_since(t));
        }
    }

    /// The mover has moved: charge the elapsed time and add the increment.
    pub(super) fn moved(&mut self, mover: Color, now: Instant) {
        self.stop(mover, now);
        self.remaining[mover.index()] += self.increment;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_running_side_loses_time() {
        let t0 = Instant::now();
        let mut c = Clocks::new(Duration::from_secs(60), Duration::from_secs(2));
        c.start(t0);
        let t1 = t0 + Duration::from_secs(5);
        assert_eq!(c.remaining(Color::White, Color::White, t1), Duration::from_secs(55));
        assert_eq!(c.remaining(Color::Black, Color::White, t1), Duration::from_secs(60));
        c.moved(Color::White, t1);
        assert!(!c.is_running());
        assert_eq!(c.remaining(Color::White, Color::Black, t1), Duration::from_secs(57));
    }
}
