//! Strength levels for people, one table from level 1 (a newcomer to the
//! game can win) to level 12 (the full engine). The weak levels search two
//! or three plies and pick a move at random, favouring the better ones (a
//! softmax over the root moves' scores with a temperature); the levels
//! above cap the positions searched. Each level was measured against the
//! one below with `wormhole match`, in each game (its [`LevelColumn`]), and
//! the lowest against a plain two-ply minimax on material
//! ([`Minimax`](super::Minimax)). Level 12 is capped by time alone, so its
//! step over level 11 depends on the machine and the clock, not on the
//! column (the README's levels section gives it as measured).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::{Info, PvLine, Score, SearchResult};

/// A playing strength for people: 1 (a newcomer to the game can win) to
/// 12 (the full engine). The app and UCI show the same [`Level::name`].
///
/// ```
/// use wormhole::engine::Level;
/// let level: Level = "5".parse().unwrap();
/// assert_eq!(level.number(), 5);
/// assert_eq!(level.to_string(), "5 (casual)");
/// assert_eq!("5 (casual)".parse::<Level>(), Ok(level));
/// assert_eq!("Casual".parse::<Level>(), Ok(level));
/// assert!("13".parse::<Level>().is_err());
/// assert!("5 (expert)".parse::<Level>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// How a game record names the engine, before its level.
const ENGINE_PLAYER: &str = "Engine, level ";

/// The time a level thinks per move when the caller sets no limit.
const MOVETIME: Duration = Duration::from_secs(1);

/// The levels' names, weakest first (index 0 is level 1). What each level
/// allows the search is the game's: its [`LevelColumn`] (in the game's
/// folder, through [`Searchable::levels`](super::Searchable::levels)), measured with
/// `wormhole match` so that each level beats the one below.
const NAMES: [&str; 12] = [
    "newcomer",
    "beginner",
    "learner",
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

/// What each level allows the search in one game, weakest first (index 0
/// is level 1).
pub type LevelColumn = [LevelSettings; NAMES.len()];

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level: the full engine.
    pub const MAX: Level = Level(NAMES.len() as u8);
    /// The level a new player starts at: the middle of the ladder.
    pub const FOR_NEW_PLAYERS: Level = Level(6);

    /// The level numbered `n`, if it is from 1 to 12.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= Level::MIN.0 && n <= Level::MAX.0 { Some(Level(n)) } else { None }
    }

    /// Every level, weakest first.
    pub fn all() -> impl DoubleEndedIterator<Item = Level> + ExactSizeIterator {
        (Level::MIN.0..=Level::MAX.0).map(Level)
    }

    /// The level's number, 1 to 12.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// A short name a person understands, such as "beginner".
    pub const fn name(self) -> &'static str {
        NAMES[self.0 as usize - 1]
    }

    /// How a game record names the engine playing at this level (a PGN
    /// `White` or `Black` tag, a server's seat), read back by
    /// [`Level::of_player`].
    ///
    /// ```
    /// use wormhole::engine::Level;
    ///
    /// let level = Level::new(5).unwrap();
    /// assert_eq!(level.player_name(), "Engine, level 5 (casual)");
    /// assert_eq!(Level::of_player("Engine, level 5 (casual)"), Some(level));
    /// assert_eq!(Level::of_player("Engine, level 5"), Some(level));
    /// assert_eq!(Level::of_player("alice"), None);
    /// ```
    pub fn player_name(self) -> String {
        format!("{ENGINE_PLAYER}{self}")
    }

    /// The level of a player named as [`Level::player_name`] writes it (or
    /// by its number alone); `None` for any other name.
    pub fn of_player(name: &str) -> Option<Level> {
        name.strip_prefix(ENGINE_PLAYER)?.parse().ok()
    }

    /// What this level allows the search in a game whose ladder is
    /// `levels` (the game's [`LevelColumn`], from its entry in the list of
    /// games): the engine knows no list of games.
    pub const fn settings(self, levels: &LevelColumn) -> LevelSettings {
        levels[self.0 as usize - 1]
    }
}

/// `3 (casual)`: the number, then the name.
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.0, self.name())
    }
}

/// Text that names no level.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("level must be a number from {min} to {max} or a level's name, not '{text}'", min = Level::MIN.0, max = Level::MAX.0)]
pub struct ParseLevelError {
    /// The text that was not a level.
    pub text: String,
}

/// Reads a level by number (`"7"`), name (`"expert"`) or both as
/// [`Display`](fmt::Display) writes them (`"7 (expert)"`, what a UCI GUI
/// sends back from the `Level` option).
impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let text = s.trim();
        let number = text.parse::<u8>().ok();
        Level::all()
            .find(|l| number == Some(l.number()) || text == l.to_string() || text.eq_ignore_ascii_case(l.name()))
            .ok_or_else(|| ParseLevelError { text: s.to_string() })
    }
}

/// What a level allows the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// The deepest iteration.
    pub max_depth: Option<u32>,
    /// The most nodes per move.
    pub max_nodes: Option<u64>,
    /// Whether the evaluation looks beyond material.
    pub positional_eval: bool,
    /// Pick the move at random among all root moves, a move scoring `t`
    /// centipawns less being e (2.718) times less likely; `None`: the best.
    pub temperature: Option<u32>,
    /// Thinking time per move when the caller gives no limit.
    pub default_movetime: Duration,
}

impl LevelSettings {
    /// A level that searches `depth` plies and picks among the root moves
    /// by a softmax with `temperature` (centipawns).
    pub const fn soft(depth: u32, temperature: u32) -> LevelSettings {
        LevelSettings {
            max_depth: Some(depth),
            max_nodes: None,
            positional_eval: true,
            temperature: Some(temperature),
            default_movetime: MOVETIME,
        }
    }

    /// A level that plays its best move after at most `nodes` positions.
    pub const fn nodes(nodes: u64) -> LevelSettings {
        LevelSettings {
            max_depth: None,
            max_nodes: Some(nodes),
            positional_eval: true,
            temperature: None,
            default_movetime: MOVETIME,
        }
    }

    /// The full engine.
    pub const FULL: LevelSettings = LevelSettings {
        max_depth: None,
        max_nodes: None,
        positional_eval: true,
        temperature: None,
        default_movetime: MOVETIME,
    };
}

/// A random generator, seeded when a seed is given.
pub fn make_rng(seed: Option<u64>) -> SmallRng {
    match seed {
        Some(s) => SmallRng::seed_from_u64(s),
        None => rand::make_rng(),
    }
}

/// A line's score in centipawns for the softmax: game ends far beyond any
/// estimate, the quicker win and the slower loss first.
fn softmax_value(score: Score) -> f64 {
    match score {
        Score::Cp(cp) => cp as f64,
        Score::Win(n) => 10_000.0 - n as f64,
        Score::Loss(n) => -10_000.0 + n as f64,
    }
}

/// Picks one of `lines` (every root move, searched) at random, a line
/// `temperature` centipawns worse than another being e times less likely.
pub fn pick_softly<'a, M>(lines: &'a [PvLine<M>], temperature: u32, rng: &mut SmallRng) -> Option<&'a PvLine<M>> {
    let t = temperature.max(1) as f64;
    let best = lines.iter().map(|l| softmax_value(l.score)).fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = lines.iter().map(|l| ((softmax_value(l.score) - best) / t).exp()).collect();
    let mut x = rng.random::<f64>() * weights.iter().sum::<f64>();
    for (line, w) in lines.iter().zip(&weights) {
        if x < *w {
            return Some(line);
        }
        x -= w;
    }
    lines.last()
}

/// The result of a search whose lines cover every root move, with the
/// move chosen by [`pick_softly`].
pub fn choose_softly<M: Copy>(mut result: SearchResult<M>, temperature: u32, rng: &mut SmallRng) -> SearchResult<M> {
    if let Some(line) = pick_softly(&result.info.lines, temperature, rng).cloned() {
        result.best_move = line.root_move();
        let info = Info { score: line.score, exact: line.exact, pv: line.pv, ..result.info };
        result.info = info;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    #[test]
    fn the_ladder_climbs() {
        let names: Vec<&str> = Level::all().map(Level::name).collect();
        assert!(names.iter().enumerate().all(|(i, n)| !n.is_empty() && !names[..i].contains(n)));
        // In every game: randomness first (less of it, or deeper, level by
        // level), then growing node budgets, then the full engine.
        for game in GameKind::ALL {
            let settings: Vec<LevelSettings> = Level::all().map(|l| l.settings(game.info().levels)).collect();
            let soft = settings.iter().take_while(|s| s.temperature.is_some()).count();
            assert!(soft >= 1 && settings[soft..].iter().all(|s| s.temperature.is_none()));
            let calmer = |a: &LevelSettings, b: &LevelSettings| {
                (b.max_depth, std::cmp::Reverse(b.temperature)) > (a.max_depth, std::cmp::Reverse(a.temperature))
            };
            assert!(settings[..soft].windows(2).all(|w| calmer(&w[0], &w[1])), "{game}: {settings:?}");
            let budgets: Vec<u64> = settings[soft..].iter().map(|s| s.max_nodes.unwrap_or(u64::MAX)).collect();
            assert!(budgets.windows(2).all(|w| w[0] < w[1]), "{game}: {budgets:?}");
            assert_eq!(Level::MAX.settings(game.info().levels), LevelSettings::FULL);
        }
    }

    #[test]
    fn softmax_prefers_better_lines_and_takes_wins() {
        let line = |score| -> PvLine<crate::games::wormhole::Move> { PvLine { score, ..PvLine::default() } };
        let lines = [line(Score::Cp(0)), line(Score::Cp(100)), line(Score::Loss(2))];
        let mut rng = make_rng(Some(1));
        let mut picked = [0; 3];
        for _ in 0..2000 {
            let chosen = pick_softly(&lines, 100, &mut rng).unwrap();
            picked[lines.iter().position(|l| l.score == chosen.score).unwrap()] += 1;
        }
        // e (2.718) times as often for 100 centipawns more; a loss never.
        let ratio = picked[1] as f64 / picked[0] as f64;
        assert!((2.3..3.2).contains(&ratio) && picked[2] == 0, "{picked:?}");
        let win = [line(Score::Cp(900)), line(Score::Win(3))];
        assert!((0..50).all(|_| pick_softly(&win, 300, &mut rng).unwrap().score == Score::Win(3)));
    }
}
