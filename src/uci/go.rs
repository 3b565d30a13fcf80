//! The arguments of `go`. A parameter that cannot be understood is reported
//! and left out, never a reason to refuse the search: every `go` must end
//! in a `bestmove`, or the GUI waits forever.

use std::time::Duration;

use wormhole::engine::{Clock, Limits};
use wormhole::{Color, Rules};

use super::quoted;

/// Every word `go` knows; `searchmoves` takes moves up to the next of these.
const KEYWORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// The deepest search `go depth` asks for (deeper requests are cut to this).
const MAX_DEPTH: u64 = 200;

/// What a `go` command asked for; `M` is the game's move type.
#[derive(Debug)]
pub struct Go<M> {
    /// When to stop (for `go ponder`: once the opponent has played the move pondered on).
    pub limits: Limits<M>,
    /// `go ponder`: think on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
}

/// Parses the arguments of `go` for `pos`. Returns the request and what in
/// it was wrong (and left out).
pub fn parse<P: Rules>(args: &[&str], pos: &P) -> (Go<P::Move>, Vec<String>) {
    let mut go = Go { limits: Limits::default(), ponder: false };
    let mut errors = Vec::new();
    let (mut wtime, mut btime, mut winc, mut binc) = (None, None, 0, 0);
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        i += 1;
        match key {
            "ponder" => go.ponder = true,
            "infinite" => go.limits.infinite = true,
            "searchmoves" => {
                while i < args.len() && !KEYWORDS.contains(&args[i]) {
                    match super::move_text::parse_move(pos, args[i]) {
                        Ok(m) if !go.limits.searchmoves.contains(&m) => go.limits.searchmoves.push(m),
                        Ok(_) => {}
                        Err(e) => errors.push(format!("searchmoves: {} left out: {e}", quoted(args[i]))),
                    }
                    i += 1;
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "mate" | "movetime" => {
                let Some(n) = number(key, args, &mut i, &mut errors) else { continue };
                match key {
                    "wtime" => wtime = Some(n),
                    "btime" => btime = Some(n),
                    "winc" => winc = n,
                    "binc" => binc = n,
                    "depth" => go.limits.depth = Some(n.clamp(1, MAX_DEPTH) as u32),
                    "nodes" => go.limits.nodes = Some(n.max(1)),
                    "movetime" => go.limits.movetime = Some(Duration::from_millis(n)),
                    _ => {} // movestogo, mate: accepted, the clock and the search decide
                }
            }
            _ => errors.push(format!("unknown 'go' parameter {} left out", quoted(key))),
        }
    }
    let (time, inc) = if pos.turn() == Color::White { (wtime, winc) } else { (btime, binc) };
    if let Some(t) = time {
        go.limits.clock = Some(Clock { remaining: Duration::from_millis(t), increment: Duration::from_millis(inc) });
    }
    (go, errors)
}

/// The number after `key` (at `args[*i]`), moving `i` past what was used.
/// Negative clocks (some GUIs send them) count as zero. A word of `go`
/// after the key is left for the next round.
fn number(key: &str, args: &[&str], i: &mut usize, errors: &mut Vec<String>) -> Option<u64> {
    let Some(&value) = args.get(*i).filter(|v| !KEYWORDS.contains(v)) else {
        errors.push(format!("'go {key}' needs a number; {key} left out"));
        return None;
    };
    *i += 1;
    match value.parse::<i128>() {
        Ok(n) => Some(n.clamp(0, i128::from(u64::MAX)) as u64),
        Err(_) => {
            errors.push(format!("'go {key}' needs a number, got {}; {key} left out", quoted(value)));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::Strategy;
    use wormhole::{Move, Position, Variant};

    fn go(line: &str) -> (Go<Move>, Vec<String>) {
        let args: Vec<&str> = line.split_whitespace().collect();
        parse(&args, &Position::new(Variant::Classic))
    }

    #[test]
    fn clocks_are_the_side_to_moves() {
        let (g, errors) = go("wtime 60000 btime 1000 winc 500 binc 0 movestogo 20");
        assert!(errors.is_empty(), "{errors:?}");
        let clock = g.limits.clock.unwrap();
        assert_eq!((clock.remaining, clock.increment), (Duration::from_secs(60), Duration::from_millis(500)));
        let (g, _) = go("wtime -300 btime 1000");
        assert_eq!(g.limits.clock.unwrap().remaining, Duration::ZERO, "a negative clock counts as zero");
    }

    #[test]
    fn searchmoves_run_to_the_next_keyword() {
        let (g, errors) = go("searchmoves e2e4 d2d4 e2e4 movetime 100");
        assert!(errors.is_empty(), "{errors:?}");
        let texts: Vec<String> = g.limits.searchmoves.iter().map(|m| m.to_string()).collect();
        assert_eq!(texts, ["e2e4", "d2d4"]);
        assert_eq!(g.limits.movetime, Some(Duration::from_millis(100)));
    }

    #[test]
    fn what_cannot_be_understood_is_reported_and_left_out() {
        let (g, errors) = go("depth banana movetime 50 searchmoves e2e5 e2e4 frob ponder infinite nodes");
        assert_eq!(g.limits.depth, None);
        assert_eq!(g.limits.movetime, Some(Duration::from_millis(50)));
        assert_eq!(g.limits.searchmoves.len(), 1, "only e2e4 is a legal move: {:?}", g.limits.searchmoves);
        assert!(g.ponder && g.limits.infinite);
        assert_eq!(errors.len(), 4, "{errors:?}");
        assert!(errors[0].contains("'banana'"), "{errors:?}");
        assert!(errors[1].contains("'e2e5'"), "{errors:?}");
        assert!(errors[2].contains("'frob'"), "{errors:?}");
        assert!(errors[3].contains("'go nodes' needs a number"), "{errors:?}");
    }

    #[test]
    fn depth_is_kept_in_range() {
        assert_eq!(go("depth 999999").0.limits.depth, Some(MAX_DEPTH as u32));
        assert_eq!(go("depth 0").0.limits.depth, Some(1));
        assert_eq!(go("movetime 99999999999999999999999").0.limits.movetime, Some(Duration::from_millis(u64::MAX)));
    }

    proptest::proptest! {
        /// Whatever words follow `go`, parsing never panics, the depth
        /// stays in range and no word is reported twice.
        #[test]
        fn any_words_parse_or_are_reported(words in proptest::collection::vec(
            proptest::prop_oneof![
                proptest::sample::select(KEYWORDS.to_vec()).prop_map(str::to_string),
                "-?[0-9]{1,25}",
                "[a-h][1-8][a-h][1-8][qnm]?",
                "\\PC{0,6}",
            ],
            0..12,
        )) {
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            let (go, errors) = parse(&args, &Position::new(Variant::Classic));
            proptest::prop_assert!(go.limits.depth.is_none_or(|d| (1..=MAX_DEPTH as u32).contains(&d)));
            proptest::prop_assert!(errors.len() <= args.len());
        }
    }
}
