//! Chess clocks for both sides (`--clock MIN+INC`). Time is passed in by
//! the caller, so the clocks are plain values that tests can drive.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use wormhole::Color;

/// A time control: minutes per game for each side plus an increment per move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    pub initial: Duration,
    pub increment: Duration,
}

impl TimeControl {
    /// The least time a side may start with: less is lost before a move can be typed.
    pub const MIN_INITIAL: Duration = Duration::from_secs(1);
    /// The most minutes and increment seconds accepted.
    const MAX: f64 = 600.0;

    /// The clocks a game with this control starts with.
    pub fn clocks(self) -> ChessClock {
        ChessClock::new(self.initial, self.increment)
    }
}

/// `5+3`: minutes, then increment seconds (`5` alone is `5+0`).
impl FromStr for TimeControl {
    type Err = String;
    fn from_str(s: &str) -> Result<TimeControl, String> {
        let (min, inc) = s.split_once('+').unwrap_or((s, "0"));
        let number = |t: &str| t.trim().parse::<f64>().ok().filter(|v| v.is_finite());
        let (Some(min), Some(inc)) = (number(min), number(inc)) else {
            return Err(format!("'{s}': expected MIN+INC, e.g. 5+3"));
        };
        if min < 0.0 || inc < 0.0 {
            return Err(format!("'{s}': minutes and increment seconds cannot be negative"));
        }
        if min > TimeControl::MAX || inc > TimeControl::MAX {
            return Err(format!("'{s}': minutes and increment seconds must be at most 600"));
        }
        let initial = Duration::from_secs_f64(min * 60.0);
        if initial < TimeControl::MIN_INITIAL {
            return Err(format!("'{s}': a clock needs at least one second per side"));
        }
        Ok(TimeControl { initial, increment: Duration::from_secs_f64(inc) })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = |v: f64| {
            let s = format!("{v:.3}");
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        };
        write!(f, "{}+{}", number(self.initial.as_secs_f64() / 60.0), number(self.increment.as_secs_f64()))
    }
}

/// Both sides' clocks: what is left, the increment, and whether the side to
/// move's clock is running.
#[derive(Debug, Clone)]
pub struct ChessClock {
    remaining: [Duration; 2],
    increment: Duration,
    /// When the side to move's clock last started running (None: stopped).
    running_since: Option<Instant>,
}

impl ChessClock {
    pub fn new(initial: Duration, increment: Duration) -> ChessClock {
        ChessClock { remaining: [initial; 2], increment, running_since: None }
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

    /// Both sides' time as it stands when no clock runs (for taking back).
    pub fn times(&self) -> [Duration; 2] {
        self.remaining
    }

    /// Clocks showing what another keeps (a server's): `left` for each
    /// side, the side to move's running since `running_since`.
    pub(super) fn shown(left: [Duration; 2], running_since: Option<Instant>) -> ChessClock {
        ChessClock { remaining: left, increment: Duration::ZERO, running_since }
    }

    /// Sets both sides' time and stops the clock.
    pub(super) fn restore(&mut self, times: [Duration; 2]) {
        self.remaining = times;
        self.running_since = None;
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

/// A game's clocks, if it has them, and what they showed at each ply, so
/// that taking moves back restores them.
#[derive(Debug, Clone, Default)]
pub struct GameClocks {
    clock: Option<ChessClock>,
    /// Both sides' time when the position after `i` moves was reached
    /// (empty without clocks).
    at_ply: Vec<[Duration; 2]>,
}

impl GameClocks {
    /// `clock`, showing the same times at each of the first `plies + 1`
    /// positions.
    pub(super) fn new(clock: Option<ChessClock>, plies: usize) -> GameClocks {
        let at_ply = clock.iter().flat_map(|c| std::iter::repeat_n(c.times(), plies + 1)).collect();
        GameClocks { clock, at_ply }
    }

    /// The clocks, if the game has them.
    pub fn clock(&self) -> Option<&ChessClock> {
        self.clock.as_ref()
    }

    /// Whether the side to move's clock runs.
    pub fn is_running(&self) -> bool {
        self.clock.as_ref().is_some_and(ChessClock::is_running)
    }

    /// `mover` moved at `now`, reaching the position after `ply` moves:
    /// charges its time, adds the increment and notes both times there.
    pub(super) fn moved(&mut self, mover: Color, ply: usize, now: Instant) {
        if let Some(c) = &mut self.clock {
            c.moved(mover, now);
            self.at_ply.truncate(ply);
            self.at_ply.push(c.times());
        }
    }

    /// Sets both clocks (stopped) to what they showed after `ply` moves.
    pub(super) fn restore(&mut self, ply: usize) {
        if let (Some(c), Some(&times)) = (&mut self.clock, self.at_ply.get(ply)) {
            c.restore(times);
        }
    }

    /// Runs the side to move's clock from `now` (if it is not running).
    pub(super) fn start(&mut self, now: Instant) {
        if let Some(c) = &mut self.clock {
            c.start(now);
        }
    }

    /// Stops `to_move`'s clock at `now`, charging the time it ran.
    pub(super) fn stop(&mut self, to_move: Color, now: Instant) {
        if let Some(c) = &mut self.clock {
            c.stop(to_move, now);
        }
    }

    /// Whether `to_move`'s running clock has run out at `now`.
    pub(super) fn flagged(&self, to_move: Color, now: Instant) -> bool {
        self.clock.as_ref().is_some_and(|c| c.is_running() && c.remaining(to_move, to_move, now).is_zero())
    }

    /// Shows the clocks another keeps (a server's) instead, the times noted
    /// per ply kept.
    pub(super) fn show(&mut self, clock: Option<ChessClock>) {
        self.clock = clock;
    }
}

/// Below this a clock shows tenths of a second.
const TENTHS_BELOW: Duration = Duration::from_secs(20);

/// A clock as drawn: `4:59` (whole seconds rounded up, so a fresh 5-minute
/// clock reads 5:00), `0:19.9` below [`TENTHS_BELOW`].
pub fn text(left: Duration) -> String {
    let s = left.as_secs();
    if left < TENTHS_BELOW {
        format!("{}:{:02}.{}", s / 60, s % 60, left.subsec_millis() / 100)
    } else {
        let s = left.as_millis().div_ceil(1000);
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// How long a running clock with `left` shows the same [`text`]: the
/// screen is drawn again just after, not every tenth (a millisecond past
/// the change, so the new text is what is drawn). None when it shows
/// `0:00.0` until it runs out.
pub fn text_changes_in(left: Duration) -> Option<Duration> {
    const PAST: Duration = Duration::from_millis(1);
    const TENTH: Duration = Duration::from_millis(100);
    if left < TENTH {
        return None;
    }
    let into = |step: Duration| Duration::from_nanos((left.as_nanos() % step.as_nanos()) as u64);
    let until = if left < TENTHS_BELOW {
        into(TENTH)
    } else if left == TENTHS_BELOW {
        Duration::ZERO
    } else {
        // Rounded up, `4:59` reads so until `left` is 4:58 exactly.
        let second = Duration::from_secs(1);
        match into(second) {
            d if d.is_zero() => second,
            d => d,
        }
    };
    Some(until + PAST)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse_print_and_refuse_less_than_a_second() {
        let tc: TimeControl = "5+3".parse().unwrap();
        assert_eq!((tc.initial, tc.increment), (Duration::from_secs(300), Duration::from_secs(3)));
        assert_eq!(tc.to_string(), "5+3");
        assert_eq!("0.5".parse::<TimeControl>().unwrap().to_string(), "0.5+0");
        assert_eq!(
            "1e-9+0".parse::<TimeControl>().unwrap_err(),
            "'1e-9+0': a clock needs at least one second per side"
        );
        assert!("0+1".parse::<TimeControl>().unwrap_err().contains("at least one second"));
        assert!("x+1".parse::<TimeControl>().unwrap_err().contains("expected MIN+INC"));
        assert!("NaN+1".parse::<TimeControl>().is_err());
        assert!("601+0".parse::<TimeControl>().unwrap_err().contains("at most 600"));
        assert!(
            "5+-3"
                .parse::<TimeControl>()
                .unwrap_err()
                .contains("'5+-3': minutes and increment seconds cannot be negative")
        );
        assert!("1/60+0".parse::<TimeControl>().is_err());
        assert_eq!("0.0167+0".parse::<TimeControl>().map(|t| t.initial >= Duration::from_secs(1)), Ok(true));
    }

    #[test]
    fn only_the_running_side_loses_time() {
        let t0 = Instant::now();
        let mut c = ChessClock::new(Duration::from_secs(60), Duration::from_secs(2));
        c.start(t0);
        let t1 = t0 + Duration::from_secs(5);
        assert_eq!(c.remaining(Color::White, Color::White, t1), Duration::from_secs(55));
        assert_eq!(c.remaining(Color::Black, Color::White, t1), Duration::from_secs(60));
        c.moved(Color::White, t1);
        assert!(!c.is_running());
        assert_eq!(c.remaining(Color::White, Color::Black, t1), Duration::from_secs(57));
    }

    #[test]
    fn a_clock_is_drawn_again_just_after_its_text_changes() {
        let ms = Duration::from_millis;
        assert_eq!(
            (text(ms(300_000)), text(ms(299_001)), text(ms(19_950))),
            ("5:00".into(), "5:00".into(), "0:19.9".into())
        );
        // Every millisecond from 70 s down, in steps that miss no boundary.
        for left in (0..70_000).map(ms) {
            let Some(wait) = text_changes_in(left) else {
                assert_eq!(text(left), "0:00.0", "{left:?}");
                continue;
            };
            let shown = text(left);
            assert_ne!(text(left.saturating_sub(wait)), shown, "{left:?}: not changed after {wait:?}");
            let before = wait.saturating_sub(ms(2));
            assert_eq!(text(left - before), shown, "{left:?}: changed before {wait:?}");
        }
    }
}
