//! Every limit on what a user hands the program, in one table: the longest
//! input line, the largest files read, and the range of every number an
//! option takes. A value outside its range is refused with a message that
//! names the range; nothing is cut or clamped silently.

use std::ops::RangeInclusive;

use wormhole::engine::{EngineOptions, Features};

/// The longest line the input line takes, in characters: a path as long as
/// Linux allows (4096 bytes) fits. A key past it is refused with a message.
pub const MAX_INPUT_CHARS: usize = 4096;

/// The lobby's lines typed before that Ctrl-P recalls, the newest kept.
pub const LOBBY_TYPED_LINES: usize = 50;

/// The largest game file (PGN) read: a whole game of Wormhole chess is a
/// few kilobytes, so anything near this is not a game.
pub const MAX_GAME_FILE_BYTES: u64 = 10 * 1000 * 1000;

/// The largest puzzle file read: a puzzle is a line of about 150 bytes.
pub const MAX_PUZZLE_FILE_BYTES: u64 = 50 * 1000 * 1000;

/// `puzzles generate --games`: at least one game.
pub const PUZZLE_GAMES: RangeInclusive<u64> = 1..=10_000_000;

/// `--threads` of the tools that share work between threads (`puzzles`).
pub const TOOL_THREADS: RangeInclusive<u64> = 1..=EngineOptions::MAX_THREADS as u64;

/// The largest config file read: a few hundred bytes is a full one.
pub const MAX_CONFIG_BYTES: u64 = 64 * 1024;

/// The largest puzzle record read (ratings and every puzzle tried): an
/// attempt is about 130 bytes, so this holds some 150,000 of them.
pub const MAX_PUZZLE_RECORD_BYTES: u64 = 20 * 1000 * 1000;

/// Thinking time per move or position in milliseconds (`play`, `analyze`,
/// `match` `--movetime`): a millisecond to an hour.
pub const MOVETIME_MS: RangeInclusive<u64> = 1..=3_600_000;

/// `match --games`: at least one game (rounded up to a pair).
pub const MATCH_GAMES: RangeInclusive<i64> = 1..=1_000_000;

/// The numbers a `match --engine-a/-b` setting takes (`hash=`, `depth=`...),
/// by setting: a value outside is refused with the range.
pub const MATCH_SETTINGS: [(&str, RangeInclusive<i64>); 23] = [
    ("hash", *EngineOptions::HASH_MB.start() as i64..=*EngineOptions::HASH_MB.end() as i64),
    ("threads", 1..=EngineOptions::MAX_THREADS as i64),
    ("depth", 1..=100),
    ("nodes", 1..=1_000_000_000_000),
    ("movetime", *MOVETIME_MS.start() as i64..=*MOVETIME_MS.end() as i64),
    ("fmargin", 0..=2000),
    ("lmrdiv", 50..=1000),
    ("corrmax", *Features::CORRECTION_LIMITS.start() as i64..=*Features::CORRECTION_LIMITS.end() as i64),
    ("prooffrom", 1..=10_000),
    ("temperature", 1..=100_000),
    ("hquad", 0..=1000),
    ("hlin", 0..=10_000),
    ("hmax", 0..=16_384),
    ("rfpmargin", 0..=2000),
    ("rfpdepth", 0..=20),
    ("fbase", 0..=2000),
    ("fdeep", 0..=2000),
    ("fdepth", 0..=20),
    ("lmpbase", 0..=100),
    ("lmpdepth", 0..=20),
    ("nullr", 1..=10),
    ("seeqm", 0..=2000),
    ("seecm", 0..=2000),
];

/// How many random openings `match` draws for one pair of games before it
/// gives up: random games that all end before `--random-plies` never give one.
pub const MATCH_OPENING_TRIES: u32 = 10_000;
/// `wormhole match`: random plies at the start of each opening.
pub const MATCH_RANDOM_PLIES: u32 = 4;
/// `wormhole match --openings`: random plies after the book's line from
/// the book's second round on.
pub const MATCH_BOOK_RANDOM_PLIES: u32 = 2;

/// `solve --time` in seconds: more than nothing, at most a week.
pub const SOLVE_SECONDS: RangeInclusive<f64> = 0.001..=604_800.0;

/// `solve --hash` in MiB: the engine's own hash limits.
pub const SOLVE_HASH_MB: RangeInclusive<u64> =
    *EngineOptions::HASH_MB.start() as u64..=*EngineOptions::HASH_MB.end() as u64;

/// `serve --max-sessions`: the most app sessions at once.
pub const SERVE_MAX_SESSIONS: usize = 200;

/// `serve --per-key`: the most sessions at once of one SSH key.
pub const SERVE_PER_KEY: usize = 5;

/// `serve --input-per-second`: the rate of input bytes a connection may
/// keep up (a token bucket: a burst of [`SERVE_INPUT_BURST_SECONDS`] of it
/// at once) before it is disconnected.
pub const SERVE_INPUT_PER_SECOND: usize = 64 * 1024;

/// `serve --connections-per-minute`: new connections from one address.
pub const SERVE_CONNECTIONS_PER_MINUTE: usize = 60;

/// `serve --login-grace`: seconds a connection has to open its shell (as
/// sshd's `LoginGraceTime`, whose default is 120).
pub const SERVE_LOGIN_GRACE_SECONDS: u64 = 30;

/// `serve --max-startups`: connections not yet signed in, server-wide
/// (sshd's `MaxStartups` refuses all at 100).
pub const SERVE_MAX_STARTUPS: usize = 100;

/// `serve --max-startups-per-address`: connections not yet signed in from
/// one address (sshd's `PerSourceMaxStartups`).
pub const SERVE_MAX_STARTUPS_PER_ADDRESS: usize = 10;

/// The largest window a server session draws, columns by rows: a client's
/// larger window is drawn at this size (and told so once). A session
/// drawn at it costs the memory the README's server section gives.
pub const SERVE_MAX_COLS: u32 = 500;
/// See [`SERVE_MAX_COLS`].
pub const SERVE_MAX_ROWS: u32 = 200;

/// A window change forwarded to the app at most this often (milliseconds):
/// the latest size waits for the next turn, so a flood costs no more redraws.
pub const SERVE_RESIZE_EVERY_MS: u64 = 100;

/// Input bytes a window change counts for in `--input-per-second`: a
/// flood of them is disconnected as a flood of keys is.
pub const SERVE_WINDOW_CHANGE_COST: usize = 256;

/// The most challenges one player has open at once (and one at a time to
/// any one player).
pub const SERVE_OPEN_CHALLENGES: usize = 10;

/// `serve --input-per-second` is a token bucket holding this many seconds
/// of input: a paste or a burst of keys passes, the rate holds over time.
pub const SERVE_INPUT_BURST_SECONDS: f64 = 4.0;

/// `serve --max-memory-mb`: a new session is refused while the server's
/// resident memory is at or past this many MiB.
pub const SERVE_MAX_MEMORY_MB: u64 = 2048;

/// Several server nodes on one PostgreSQL database: how long the
/// listening connection waits for another node's note before it looks
/// whether the hub still runs (milliseconds).
pub const NODE_LISTEN_POLL_MS: u64 = 200;

/// Several server nodes: the most notes of the others a node takes in one
/// go, within which the notes of who is online are followed once.
pub const NODE_NOTES_TOGETHER: usize = 256;

/// Several server nodes: how often each notes in the database that it
/// lives (its heartbeat) and reads who is online on the others (milliseconds).
pub const NODE_HEARTBEAT_MS: u64 = 2_000;

/// A node whose heartbeat is this old (milliseconds) is taken for dead:
/// its players show as gone (the opponent's claim countdown starts) until
/// they reconnect, to any node.
pub const NODE_TIMEOUT_MS: u64 = 10_000;

/// Several server nodes: how often each looks in the database for games
/// whose stored clock deadline has passed (milliseconds), so that a flag
/// falls on time even where a node missed the game's last move (its note
/// lost with the node that stored it) or never held the game.
pub const NODE_FLAG_SWEEP_MS: u64 = 1_000;

/// A node silent this long (milliseconds) is forgotten with its sessions' rows.
pub const NODE_FORGET_MS: u64 = 3_600_000;

/// How long a node waits before it opens its lost listening connection
/// again (milliseconds).
pub const NODE_LISTEN_RETRY_MS: u64 = 500;

/// `serve --relay-times FILE`: how often the server writes its relay
/// times to FILE (milliseconds).
pub const SERVE_RELAY_TIMES_EVERY_MS: u64 = 1_000;

/// Parses `solve --time`: a number of seconds within [`SOLVE_SECONDS`].
pub fn seconds(text: &str) -> Result<f64, String> {
    let secs: f64 = text.trim().parse().map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !SOLVE_SECONDS.contains(&secs) {
        return Err(format!("{text} seconds is outside {} to {} seconds", SOLVE_SECONDS.start(), SOLVE_SECONDS.end()));
    }
    Ok(secs)
}

/// `serve --start-window` in seconds: how long each side of a timed game
/// has for its first move before the game is aborted.
pub const START_WINDOW_SECONDS: RangeInclusive<u64> = 1..=3_600;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_outside_the_range_are_refused_with_the_range() {
        assert_eq!(seconds("2.5"), Ok(2.5));
        for bad in ["1e19", "1e20", "0", "-1", "NaN", "inf"] {
            let err = seconds(bad).unwrap_err();
            assert!(err.contains("outside 0.001 to 604800 seconds"), "{bad}: {err}");
        }
        assert_eq!(seconds("ten").unwrap_err(), "'ten' is not a number of seconds");
    }
}
