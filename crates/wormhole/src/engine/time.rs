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
    /// Whether the soft target is a fixed move time (`movetime`, or the
    /// level's default), not a share of a clock: stopping early then saves
    /// nothing for later moves.
    pub fixed: bool,
}

/// Time kept back for the move to travel to the caller.
const OVERHEAD: Duration = Duration::from_millis(5);

impl TimePlan {
    /// The plan for `limits` when the clock should last `moves_left` more
    /// moves of ours ([`Rules::moves_to_plan`](crate::rules::Rules::moves_to_plan)),
    /// with `default` used when the caller set no limit.
    pub fn new<M>(start: Instant, limits: &Limits<M>, moves_left: u32, default: Option<Duration>) -> TimePlan {
        let mut plan = TimePlan { soft: None, hard: None, fixed: false };
        let mut set = |soft: Duration, hard: Duration| {
            let (s, h) = (start + soft, start + hard);
            plan.soft = Some(plan.soft.map_or(s, |x| x.min(s)));
            plan.hard = Some(plan.hard.map_or(h, |x| x.min(h)));
        };
        if let Some(t) = limits.movetime.or(default) {
            set(t, t);
            plan.fixed = limits.clock.is_none();
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
    /// times longer than the previous, so stop at half the soft target,
    /// leaving the rest to the clock's later moves or to a prover after the
    /// search. With a fixed move time and nothing after the search
    /// (`whole`), any time before the hard limit: the limit ends the
    /// iteration, whose root moves searched so far still count.
    pub fn may_start_iteration(&self, start: Instant, now: Instant, whole: bool) -> bool {
        match (self.soft, self.hard) {
            (_, Some(h)) if whole && self.fixed => now < h,
            (Some(s), _) => now < start + (s - start) / 2,
            (None, _) => true,
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
        let movetime = TimePlan { soft: Some(ms(1000)), hard: Some(ms(1000)), fixed: true };
        assert!(!movetime.may_start_iteration(start, ms(600), false), "past half the target, a prover after");
        assert_eq!(movetime.iteration_beside_prover(ms(600)), Some(ms(1000)));
        assert_eq!(movetime.iteration_beside_prover(ms(1000)), None, "the target reached");
        let clock = TimePlan { soft: Some(ms(500)), hard: Some(ms(2000)), fixed: false };
        assert_eq!(clock.iteration_beside_prover(ms(300)), Some(ms(500)), "never past the soft target");
        let odd = TimePlan { soft: Some(ms(500)), hard: Some(ms(400)), fixed: false };
        assert_eq!(odd.iteration_beside_prover(ms(300)), Some(ms(400)), "nor past the hard limit");
        assert_eq!(TimePlan { soft: None, hard: None, fixed: false }.iteration_beside_prover(ms(300)), None);
    }

    #[test]
    fn a_fixed_move_time_with_nothing_after_the_search_is_searched_to_its_end() {
        let start = Instant::now();
        let ms = |n| start + Duration::from_millis(n);
        let movetime = TimePlan { soft: Some(ms(1000)), hard: Some(ms(1000)), fixed: true };
        assert!(movetime.may_start_iteration(start, ms(900), true), "nothing after the search");
        assert!(!movetime.may_start_iteration(start, ms(1000), true), "the limit reached");
        let clock = TimePlan { soft: Some(ms(500)), hard: Some(ms(2000)), fixed: false };
        assert!(clock.may_start_iteration(start, ms(200), true));
        assert!(!clock.may_start_iteration(start, ms(300), true), "a clock keeps the rest for later moves");
    }
}
