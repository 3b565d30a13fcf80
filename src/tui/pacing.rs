//! The event loop's reading of the state: how long it may wait for input
//! ([`poll_timeout`]) and when the screen next changes by itself
//! ([`changes_at`]), from the engine's search, the review's, the clocks
//! and a server's claim countdown.

use std::time::{Duration, Instant};

use wormhole::Rules;

use super::clock;
use super::state::AppState;

/// How long the event loop may wait for input: None = until a key comes.
/// While the engine thinks, its move is picked up within 10 ms.
pub fn poll_timeout(session: &AppState) -> Option<Duration> {
    if session.core().engine.thinking.is_some() {
        Some(Duration::from_millis(10))
    } else if reviewing(session) {
        Some(Duration::from_millis(50))
    } else if session.core().game.clocks().is_running() {
        Some(Duration::from_millis(100))
    } else {
        None
    }
}

/// When the screen next changes by itself, seen from the last tick: the
/// spinner and the engine's report every `frame`; a running clock or the
/// claim's countdown when its text changes (once a second, a tenth below
/// 20 s), not every frame.
pub fn changes_at(session: &AppState, frame: Duration) -> Option<Instant> {
    let (now, game) = (session.core().now, &session.core().game);
    let report = session.core().engine.thinking.is_some() || reviewing(session);
    let clock = game.clocks().clock().filter(|c| c.is_running()).and_then(|c| {
        let turn = game.line().position().turn();
        clock::text_changes_in(c.remaining(turn, turn, now))
    });
    let claim = session.activity().remote().and_then(|r| r.presence).and_then(|p| {
        let wait = p.claim_in(now);
        clock::text_changes_in(wait).or((!wait.is_zero()).then_some(wait))
    });
    let first = [report.then_some(frame), clock, claim].into_iter().flatten().min()?;
    Some(now + first)
}

/// Whether the review's analysis runs.
fn reviewing(session: &AppState) -> bool {
    session.study().review.as_ref().is_some_and(|r| r.running)
}
