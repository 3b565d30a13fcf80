//! How long to think: a soft target (do not start another iteration after
//! it) and a hard limit (abort the iteration).

use std::time::{Duration, Instant};

use super::Limits;

/// Deadlines for one search.
#[derive(Clone, Copy, Debug)]
pub struct TimePlan {
    /// Do not start a new iteration after this.
    pub soft: Option<Instant>,
    /// Stop searching at once after this.
    pub hard: Option<Instant>,
}

/// Time kept back for the move to travel to the caller.
const OVERHEAD: Duration = Duration::from_millis(5);

impl TimePlan {
    /// The plan for `limits` when the clock should last `moves_left` more
    /// moves of ours ([`Rules::moves_to_plan`](crate::rules::Rules::moves_to_plan)),
    /// with `default` used when the caller set no limit.
    pub fn new<M>(start: Instant, limits: &Limits<M>, moves_left: u32, default: Option<Duration>) -> TimePlan {
        let mut plan = TimePlan { soft: None, hard: None };
        let mut set = |soft: Duration, hard: Duration| {
            let (s, h) = (start + soft, start + hard);
            plan.soft = Some(plan.soft.map_or(s, |x| x.min(s)));
            plan.hard = Some(plan.hard.map_or(h, |x| x.min(h)));
        };
        if let Some(t) = limits.movetime.or(default) {
            set(t, t);
        }
        if let Some(c) = limits.clock {
            let usable = c.remaining.saturating_sub(OVERHEAD);
            let soft = usable / moves_left.max(1) + c.increment * 3 / 4;
            let hard = (soft * 4).min(usable * 2 / 5);
            set(soft.min(hard), hard);
        }
        plan
    }

    /// Whether a new iteration may start at `now`: iterations take a few
    /// times longer than the previous, so stop at half the soft target.
    pub fn may_start_iteration(&self, start: Instant, now: Instant) -> bool {
        match self.soft {
            Some(s) => now < start + (s - start) / 2,
            None => true,
        }
    }

    /// The deadline of an iteration started at `now` past
    /// [`TimePlan::may_start_iteration`], while a prover beside the search
    /// runs until the soft target: the search's thread would idle until
    /// then, so it may search on, stopping at the soft target (or the hard
    /// limit, if sooner). `None` once the soft target is reached, or
    /// without one.
    pub fn iteration_beside_prover(&self, now: Instant) -> Option<Instant> {
        let soft = self.soft.filter(|&s| now < s)?;
        Some(self.hard.map_or(soft, |h| h.min(soft)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_iteration_beside_the_prover_ends_at_the_soft_target_or_the_hard_limit() {
        let start = Instant::now();
        let ms = |n| start + Duration::from_millis(n);
        let movetime = TimePlan { soft: Some(ms(1000)), hard: Some(ms(1000)) };
        assert!(!movetime.may_start_iteration(start, ms(600)), "past half the target, alone");
        assert_eq!(movetime.iteration_beside_prover(ms(600)), Some(ms(1000)));
        assert_eq!(movetime.iteration_beside_prover(ms(1000)), None, "the target reached");
        let clock = TimePlan { soft: Some(ms(500)), hard: Some(ms(2000)) };
        assert_eq!(clock.iteration_beside_prover(ms(300)), Some(ms(500)), "never past the soft target");
        let odd = TimePlan { soft: Some(ms(500)), hard: Some(ms(400)) };
        assert_eq!(odd.iteration_beside_prover(ms(300)), Some(ms(400)), "nor past the hard limit");
        assert_eq!(TimePlan { soft: None, hard: None }.iteration_beside_prover(ms(300)), None);
    }
}
