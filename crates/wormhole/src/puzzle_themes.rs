//! What a puzzle is about: [`Theme`], generic (mate, capture, ...) or a
//! game's own ([`GameTheme`], declared in the game's folder), and the
//! game's own themes each game finds itself ([`PuzzleThemes`]).

use std::fmt;
use std::str::FromStr;

use crate::core::excerpt::Excerpt;
use crate::rules::Rules;

/// What a puzzle is about. Written in puzzle files by [`Theme::name`]
/// (`mate-in-2`, `quiet-move`) and read back with [`str::parse`] (the
/// generic themes) or [`Theme::read`] (also a game's own).
///
/// ```
/// use wormhole::games::wormhole::HOLE_TRAPS_KING;
/// use wormhole::puzzles::Theme;
/// use wormhole::GameKind;
/// assert_eq!("mate-in-3".parse::<Theme>(), Ok(Theme::MateIn(3)));
/// assert_eq!("stalemate-in-2".parse::<Theme>(), Ok(Theme::StalemateIn(2)));
/// assert_eq!(Theme::Game(HOLE_TRAPS_KING).to_string(), "hole-traps-king");
/// assert_eq!(Theme::read("hole-traps-king", GameKind::Classic.info().themes), Ok(Theme::Game(HOLE_TRAPS_KING)));
/// assert_eq!("mate-in-0".parse::<Theme>().unwrap_err().to_string(), "unknown puzzle theme 'mate-in-0'");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The solver wins in this many of its own moves, the last one leaving
    /// the defender in check with no legal move (checkmate).
    MateIn(u8),
    /// The solver wins in this many of its own moves, the last one leaving
    /// the defender no legal move while not in check (stalemate, which
    /// loses in Wormhole chess; not a mate).
    StalemateIn(u8),
    /// The first move captures.
    Capture,
    /// The first move gives check.
    Check,
    /// The first move neither captures nor gives check.
    QuietMove,
    /// A move of the solution promotes a pawn.
    Promotion,
    /// The line wins material (a game with draws: no mate, at least
    /// [`MIN_GAIN`](crate::puzzles::MIN_GAIN) kept, proved by the
    /// material search).
    WinsMaterial,
    /// The first move's piece then attacks two or more of the king and the
    /// pieces worth more than a pawn.
    Fork,
    /// The first move uncovers an attack of another piece on a piece worth
    /// more than a pawn.
    DiscoveredAttack,
    /// The first move takes a piece worth more than a pawn that nothing
    /// takes back.
    HangingPiece,
    /// A theme only one game has, declared in that game's folder and
    /// listed in its [`GameInfo::themes`](crate::game_info::GameInfo::themes); the
    /// game finds it itself ([`PuzzleThemes`]). Sorted after the generic
    /// themes, by name.
    Game(GameTheme),
}

/// A puzzle theme only one game has (Wormhole chess's `hole-traps-king`,
/// Porthole chess's `through-porthole`, ...): a constant of the game's
/// folder, named in its [`GameInfo::themes`](crate::game_info::GameInfo::themes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameTheme {
    /// The name in puzzle files and filters: lower case words joined by `-`.
    pub name: &'static str,
    /// A phrase for the player ("holes trap the king").
    pub description: &'static str,
}

impl Theme {
    /// The generic themes without a number, in the order of their declaration.
    pub const PLAIN: [Theme; 8] = [
        Theme::Capture,
        Theme::Check,
        Theme::QuietMove,
        Theme::Promotion,
        Theme::WinsMaterial,
        Theme::Fork,
        Theme::DiscoveredAttack,
        Theme::HangingPiece,
    ];

    /// The longest mate a theme names ([`Theme::MateIn`], [`Theme::StalemateIn`]).
    pub const MAX_MATE: u8 = 99;

    /// The name in puzzle files and filters; a [`Theme::MateIn`] is
    /// `mate-in-N` ([`Theme::to_string`](ToString::to_string) gives it).
    pub fn name(self) -> &'static str {
        match self {
            Theme::MateIn(_) => "mate-in-N",
            Theme::StalemateIn(_) => "stalemate-in-N",
            Theme::Capture => "capture",
            Theme::Check => "check",
            Theme::QuietMove => "quiet-move",
            Theme::Promotion => "promotion",
            Theme::WinsMaterial => "wins-material",
            Theme::Fork => "fork",
            Theme::DiscoveredAttack => "discovered-attack",
            Theme::HangingPiece => "hanging-piece",
            Theme::Game(theme) => theme.name,
        }
    }

    /// A sentence for the player ("mate in 2", "a quiet move").
    pub fn description(self) -> String {
        match self {
            Theme::MateIn(n) => format!("mate in {n}"),
            Theme::StalemateIn(n) => format!("stalemate in {n} (no legal move left, which loses here)"),
            Theme::Capture => "the first move captures".into(),
            Theme::Check => "the first move gives check".into(),
            Theme::QuietMove => "a quiet first move".into(),
            Theme::Promotion => "a promotion".into(),
            Theme::WinsMaterial => "wins material".into(),
            Theme::Fork => "a fork: one piece attacks two".into(),
            Theme::DiscoveredAttack => "a discovered attack".into(),
            Theme::HangingPiece => "takes a piece left undefended".into(),
            Theme::Game(theme) => theme.description.into(),
        }
    }

    /// The theme `text` names: a generic one ([`str::parse`]) or one of
    /// `own`, the themes of the puzzle's game.
    pub fn read(text: &str, own: &[GameTheme]) -> Result<Theme, ParseThemeError> {
        match own.iter().find(|t| t.name == text) {
            Some(&theme) => Ok(Theme::Game(theme)),
            None => text.parse(),
        }
    }
}

/// The name: [`Theme::name`], with the number for [`Theme::MateIn`] and
/// [`Theme::StalemateIn`].
impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Theme::MateIn(n) => write!(f, "mate-in-{n}"),
            Theme::StalemateIn(n) => write!(f, "stalemate-in-{n}"),
            other => f.write_str(other.name()),
        }
    }
}

/// A theme name that is none of [`Theme`]'s (of the generic ones, or of
/// the game's own for [`Theme::read`]); holds the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown puzzle theme '{}'", Excerpt(.0))]
pub struct ParseThemeError(pub String);

/// The themes with a number, by the start of their names.
const NUMBERED: [(&str, NumberedTheme); 2] = [("mate-in-", Theme::MateIn), ("stalemate-in-", Theme::StalemateIn)];

/// A theme made from its number.
type NumberedTheme = fn(u8) -> Theme;

/// The generic themes only; a game's own are read by [`Theme::read`].
impl FromStr for Theme {
    type Err = ParseThemeError;
    fn from_str(s: &str) -> Result<Theme, ParseThemeError> {
        for (prefix, theme) in NUMBERED {
            if let Some(digits) = s.strip_prefix(prefix) {
                // Only the canonical spelling: no sign, no leading zero.
                return match digits.parse::<u8>() {
                    Ok(n @ 1..=Theme::MAX_MATE) if n.to_string() == digits => Ok(theme(n)),
                    _ => Err(ParseThemeError(s.to_string())),
                };
            }
        }
        Theme::PLAIN.into_iter().find(|t| t.name() == s).ok_or_else(|| ParseThemeError(s.to_string()))
    }
}

/// The themes only one game knows, found by the game itself (each game
/// implements it in its folder; the defaults find none).
pub trait PuzzleThemes: Rules {
    /// The game's themes in the solver's move `m`, played from `self`.
    fn move_themes(&self, m: Self::Move) -> Vec<Theme> {
        let _ = m;
        Vec::new()
    }
    /// The game's themes in the position where the solution ends (the
    /// defender to move, the game over).
    fn end_themes(&self) -> Vec<Theme> {
        Vec::new()
    }
}
