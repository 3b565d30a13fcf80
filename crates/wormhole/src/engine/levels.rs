//! Strength levels for people: level 1 is the existing vchess bot (a
//! two-ply material search picking at random among equal moves), level 10
//! the full engine; the levels between cap the depth or nodes searched.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::eval::{EvalParams, material};
use super::{Info, PvLine, Score, SearchResult};
use crate::{Move, Position};

/// A playing strength for people: 1 (a beginner can win) to 10 (the full
/// engine). The app and UCI show the same [`Level::name`].
///
/// ```
/// use wormhole::engine::Level;
/// let level: Level = "3".parse().unwrap();
/// assert_eq!(level.number(), 3);
/// assert_eq!(level.to_string(), "3 (casual)");
/// assert!("11".parse::<Level>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// The name of each level, weakest first (index 0 is level 1).
const LEVEL_NAMES: [&str; 10] = [
    "beginner",
    "novice",
    "casual",
    "improver",
    "club player",
    "strong club player",
    "expert",
    "master",
    "grandmaster",
    "full strength",
];

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level: the full engine.
    pub const MAX: Level = Level(LEVEL_NAMES.len() as u8);
    /// The level a new player starts at: the middle of the ladder.
    pub const FOR_NEW_PLAYERS: Level = Level(4);

    /// The level numbered `n`, if it is from 1 to 10.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= Level::MIN.0 && n <= Level::MAX.0 { Some(Level(n)) } else { None }
    }

    /// Every level, weakest first.
    pub fn all() -> impl DoubleEndedIterator<Item = Level> + ExactSizeIterator {
        (Level::MIN.0..=Level::MAX.0).map(Level)
    }

    /// The level's number, 1 to 10.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// A short name a person understands, such as "beginner".
    pub const fn name(self) -> &'static str {
        LEVEL_NAMES[self.0 as usize - 1]
    }

    /// What this level allows the search.
    pub fn settings(self) -> LevelSettings {
        LevelSettings::for_level(self)
    }
}

/// `3 (casual)`: the number, then the name.
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.0, self.name())
    }
}

/// A level that is not a number from 1 to 10.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("level must be a number from {min} to {max}, not '{text}'", min = Level::MIN.0, max = Level::MAX.0)]
pub struct ParseLevelError {
    /// The text that was not a level.
    pub text: String,
}

/// Reads a level number (`"7"`).
impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        s.trim().parse::<u8>().ok().and_then(Level::new).ok_or_else(|| ParseLevelError { text: s.to_string() })
    }
}

/// What a level allows the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// Play like the vchess bot instead of searching.
    pub random_two_ply: bool,
    /// The deepest iteration.
    pub max_depth: Option<u32>,
    /// The most nodes per move.
    pub max_nodes: Option<u64>,
    /// Whether the evaluation looks beyond material.
    pub positional_eval: bool,
    /// Thinking time per move when the caller gives no limit.
    pub default_movetime: Duration,
}

impl LevelSettings {
    /// The settings of `level`.
    fn for_level(level: Level) -> LevelSettings {
        let full = LevelSettings {
            random_two_ply: false,
            max_depth: None,
            max_nodes: None,
            positional_eval: true,
            default_movetime: Duration::from_millis(1000),
        };
        let depth = |d| LevelSettings { max_depth: Some(d), ..full };
        let nodes = |n| LevelSettings { max_nodes: Some(n), ..full };
        match level.number() {
            1 => LevelSettings { random_two_ply: true, max_depth: Some(2), positional_eval: false, ..full },
            // A ladder measured with `wormhole match` (20 games per step at
            // 1 s/move): each level beat the one below.
            2 => LevelSettings { positional_eval: false, ..depth(2) },
            3 => depth(3),
            4 => depth(4),
            5 => depth(5),
            6 => depth(6),
            7 => nodes(30_000),
            8 => nodes(150_000),
            9 => nodes(600_000),
            _ => full,
        }
    }
}

/// A random generator, seeded when a seed is given.
pub fn make_rng(seed: Option<u64>) -> SmallRng {
    match seed {
        Some(s) => SmallRng::seed_from_u64(s),
        None => rand::make_rng(),
    }
}

/// The value for us of the position after our move `m`, looking at every
/// reply: material, or a game end.
fn two_ply_value(pos: &mut Position, m: Move, params: &EvalParams) -> i32 {
    const END: i32 = 100_000;
    let u = pos.play_unchecked(m);
    let replies = pos.legal_moves();
    let mut worst = END;
    for &r in replies.iter() {
        let u2 = pos.play_unchecked(r);
        let v = if pos.has_legal_move() { material(pos, params) } else { -END };
        pos.undo(r, u2);
        worst = worst.min(v);
    }
    pos.undo(m, u);
    worst
}

/// Level 1: a two-ply material search choosing at random among the best
/// of `moves` (the legal root moves).
pub fn two_ply_random(pos: &Position, moves: &[Move], rng: &mut SmallRng) -> SearchResult {
    let params = EvalParams::default();
    let mut pos = pos.clone();
    let mut best = i32::MIN;
    let mut ties: Vec<Move> = Vec::new();
    for &m in moves.iter() {
        let v = two_ply_value(&mut pos, m, &params);
        if v > best {
            best = v;
            ties.clear();
        }
        if v == best {
            ties.push(m);
        }
    }
    let best_move = if ties.is_empty() { None } else { Some(ties[rng.random_range(0..ties.len())]) };
    let score = match best_move {
        None => Score::Loss(0),
        Some(_) if best >= 100_000 => Score::Win(1),
        Some(_) if best <= -100_000 => Score::Loss(2),
        Some(_) => Score::Cp(best),
    };
    let pv: Vec<Move> = best_move.into_iter().collect();
    // Two plies see every win in one and every loss in two exactly.
    let exact = score.is_proved();
    let lines = best_move.map(|m| vec![PvLine { score, exact, pv: vec![m] }]).unwrap_or_default();
    let info = Info { depth: 2, seldepth: 2, score, exact, pv, lines, ..Info::default() };
    SearchResult { best_move, info }
}
