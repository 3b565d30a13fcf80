//! The server's own relay time: from a move's keys read off its player's
//! SSH channel to the frame that shows it handed to each other session's
//! channel (the opponent's, the watchers'), kept in a histogram of atomic
//! counters ([`RelayTimes`]: no allocation and no lock per move). `wormhole
//! serve --relay-times FILE` writes it to FILE every second
//! ([`RelayHistogram::to_text`]), and `wormhole-load --ssh` reads it
//! beside the relay time its clients see.
//!
//! The path: the SSH side stamps each input with the moment it read it;
//! the session's loop keeps its latest input's stamp ([`SessionRelay`]);
//! a move played from there carries it with the mover's session through
//! the hub ([`Relayed`], in [`HubEvent::Moved`](super::hub::HubEvent));
//! each other session whose screen follows the move keeps the stamp until
//! its next frame, which carries it to the SSH side, where the time is
//! counted once the frame is handed to the channel. A move that came from
//! another node (several nodes on PostgreSQL) carries no stamp, so only
//! the moves relayed within one node are counted.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Buckets under 8 µs are 1 µs wide; above, each power of two has 8.
const SUB: u64 = 8;
/// The buckets: up to 2^36 µs (19 hours), the last one open-ended.
pub const BUCKETS: usize = (SUB + 34 * SUB) as usize;

/// The bucket of a time of `us` microseconds.
fn bucket(us: u64) -> usize {
    if us < SUB {
        return us as usize;
    }
    let e = u64::from(63 - us.leading_zeros()); // 2^e <= us
    let m = (us >> (e - 3)) & (SUB - 1);
    (SUB + (e - 3) * SUB + m).min(BUCKETS as u64 - 1) as usize
}

/// The largest time (µs) bucket `i` holds.
fn upper_us(i: usize) -> u64 {
    let i = i as u64;
    if i < SUB {
        return i;
    }
    let (e, m) = ((i - SUB) / SUB + 3, (i - SUB) % SUB);
    ((SUB + m + 1) << (e - 3)) - 1
}

/// A connected session's number, given by
/// [`Hub::connect`](super::hub::Hub::connect) (defined here, below the hub,
/// as the stamp [`Relayed`] names the mover's session; the hub re-exports it).
pub type SessionId = u64;

/// How a move that one session played is relayed: when its keys were read
/// and which session sent them (whose own screen is not counted).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Relayed {
    pub read: Instant,
    pub from: SessionId,
}

/// The server's relay times, counted as they happen.
pub struct RelayTimes {
    buckets: [AtomicU64; BUCKETS],
    max_us: AtomicU64,
}

impl Default for RelayTimes {
    fn default() -> RelayTimes {
        RelayTimes { buckets: std::array::from_fn(|_| AtomicU64::new(0)), max_us: AtomicU64::new(0) }
    }
}

impl RelayTimes {
    /// Counts one relay that took `took`.
    pub fn record(&self, took: Duration) {
        let us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        self.buckets[bucket(us)].fetch_add(1, Ordering::Relaxed);
        self.max_us.fetch_max(us, Ordering::Relaxed);
    }

    /// What was counted so far.
    pub fn snapshot(&self) -> RelayHistogram {
        RelayHistogram {
            counts: self.buckets.iter().map(|b| b.load(Ordering::Relaxed)).collect(),
            max_us: self.max_us.load(Ordering::Relaxed),
        }
    }
}

/// A histogram of relay times, as read or written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelayHistogram {
    /// Relays per bucket ([`BUCKETS`] of them).
    counts: Vec<u64>,
    /// The longest, in microseconds.
    max_us: u64,
}

/// The first line of the text form.
const HEADER: &str = "wormhole relay times v1";

impl Default for RelayHistogram {
    fn default() -> RelayHistogram {
        RelayHistogram { counts: vec![0; BUCKETS], max_us: 0 }
    }
}

impl RelayHistogram {
    /// How many relays it counts.
    pub fn count(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The time (ms) under which a fraction `q` of the relays took, to
    /// the bucket's upper end (at most 1/8 over), never above the longest.
    pub fn quantile_ms(&self, q: f64) -> f64 {
        let total = self.count();
        if total == 0 {
            return f64::NAN;
        }
        let rank = ((total as f64 * q).ceil() as u64).clamp(1, total);
        let mut seen = 0;
        for (i, &n) in self.counts.iter().enumerate() {
            seen += n;
            if seen >= rank {
                return upper_us(i).min(self.max_us) as f64 / 1000.0;
            }
        }
        self.max_ms()
    }

    /// The longest relay (ms).
    pub fn max_ms(&self) -> f64 {
        self.max_us as f64 / 1000.0
    }

    /// Both histograms' relays (several nodes).
    pub fn merge(&mut self, other: &RelayHistogram) {
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        self.max_us = self.max_us.max(other.max_us);
    }

    /// The relays counted since `before` (an earlier snapshot of the same
    /// server); the longest is the whole run's.
    pub fn since(&self, before: &RelayHistogram) -> RelayHistogram {
        let counts = self.counts.iter().zip(&before.counts).map(|(a, b)| a.saturating_sub(*b)).collect();
        RelayHistogram { counts, max_us: self.max_us }
    }

    /// The text form: a header, the longest, then `INDEX COUNT` per
    /// bucket that counted any.
    pub fn to_text(&self) -> String {
        let mut text = format!("{HEADER}\nmax_us {}\n", self.max_us);
        for (i, n) in self.counts.iter().enumerate().filter(|(_, n)| **n > 0) {
            text.push_str(&format!("{i} {n}\n"));
        }
        text
    }

    /// Reads [`RelayHistogram::to_text`]'s form; `None` if it is not one
    /// (a file written half, say).
    pub fn parse(text: &str) -> Option<RelayHistogram> {
        let mut lines = text.lines();
        if lines.next()? != HEADER {
            return None;
        }
        let max_us = lines.next()?.strip_prefix("max_us ")?.parse().ok()?;
        let mut histogram = RelayHistogram { max_us, ..RelayHistogram::default() };
        for line in lines {
            let (i, n) = line.split_once(' ')?;
            let i: usize = i.parse().ok().filter(|&i| i < BUCKETS)?;
            histogram.counts[i] = n.parse().ok()?;
        }
        Some(histogram)
    }
}

/// Writes `times` to `path` now and every
/// [`SERVE_RELAY_TIMES_EVERY_MS`](crate::limits::SERVE_RELAY_TIMES_EVERY_MS)
/// (`serve --relay-times`), whole each time (written aside, then renamed
/// over it), on a thread of its own for the server's life.
pub fn keep_written(path: std::path::PathBuf, times: std::sync::Arc<RelayTimes>) -> std::io::Result<()> {
    let mut aside = path.clone().into_os_string();
    aside.push(".new");
    let write =
        move || std::fs::write(&aside, times.snapshot().to_text()).and_then(|()| std::fs::rename(&aside, &path));
    write()?;
    std::thread::Builder::new().name("relay-times".into()).spawn(move || {
        loop {
            std::thread::sleep(Duration::from_millis(crate::limits::SERVE_RELAY_TIMES_EVERY_MS));
            if let Err(e) = write() {
                tracing::error!("serve: cannot write the relay times: {e}");
                return;
            }
        }
    })?;
    Ok(())
}

/// One session's part in the relay times: the moment its latest input was
/// read, and the moves of other sessions its next frame shows.
pub struct SessionRelay {
    times: std::sync::Arc<RelayTimes>,
    /// Only the session's own thread takes these locks (the SSH side gets
    /// the frame's stamps with the frame): never contended.
    read: Mutex<Option<Instant>>,
    shown: Mutex<Vec<Instant>>,
}

impl SessionRelay {
    /// A session counting into `times`.
    pub fn new(times: std::sync::Arc<RelayTimes>) -> SessionRelay {
        SessionRelay { times, read: Mutex::new(None), shown: Mutex::new(Vec::new()) }
    }

    /// The session's loop took an input read at `at`.
    pub fn input_read(&self, at: Instant) {
        *self.read.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(at);
    }

    /// The stamp of a move that session `from` plays now, from its latest input.
    pub fn stamp(&self, from: SessionId) -> Option<Relayed> {
        let read = *self.read.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        read.map(|read| Relayed { read, from })
    }

    /// The screen follows a move read at `read`: the next frame shows it.
    pub fn will_show(&self, read: Instant) {
        self.shown.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(read);
    }

    /// The stamps the frame being sent carries (none kept after).
    pub fn take_shown(&self) -> Vec<Instant> {
        std::mem::take(&mut *self.shown.lock().unwrap_or_else(std::sync::PoisonError::into_inner))
    }

    /// The frame carrying `shown` was handed to the channel now.
    pub fn written(&self, shown: &[Instant]) {
        let now = Instant::now();
        for read in shown {
            self.times.record(now.saturating_duration_since(*read));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_time_falls_in_a_bucket_whose_upper_end_holds_it_within_an_eighth() {
        for us in (0..5000).chain([65_535, 65_536, 1_000_000, 123_456_789, 1 << 35]) {
            let i = bucket(us);
            assert!(upper_us(i) >= us, "{us} µs in bucket {i} up to {}", upper_us(i));
            assert!(i == 0 || upper_us(i - 1) < us, "{us} µs belongs below bucket {i}");
            assert!(upper_us(i) - us <= us / 8, "{us} µs: bucket {i} up to {}", upper_us(i));
        }
        assert_eq!(bucket(u64::MAX), BUCKETS - 1);
    }

    #[test]
    fn quantiles_merge_and_text_of_recorded_times() {
        let times = RelayTimes::default();
        for ms in 1..=100 {
            times.record(Duration::from_millis(ms));
        }
        let h = times.snapshot();
        assert_eq!(h.count(), 100);
        let (p50, p99) = (h.quantile_ms(0.5), h.quantile_ms(0.99));
        assert!((50.0..=50.0 * 1.125).contains(&p50), "p50 {p50}");
        assert!((99.0..=100.0).contains(&p99), "p99 {p99}");
        assert_eq!(h.max_ms(), 100.0);
        assert_eq!(RelayHistogram::parse(&h.to_text()), Some(h.clone()));
        let mut two = h.clone();
        two.merge(&h);
        assert_eq!(two.count(), 200);
        assert_eq!(two.since(&h), h);
        assert_eq!(RelayHistogram::parse("wormhole relay times v1\nmax_us 5\n3"), None, "a line cut");
    }
}
