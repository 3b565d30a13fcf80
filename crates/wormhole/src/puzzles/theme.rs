//! What a puzzle is about: [`Theme`], and the game-specific themes each
//! game finds itself ([`PuzzleThemes`]).

use std::fmt;
use std::str::FromStr;

use crate::core::excerpt::Excerpt;
use crate::rules::Rules;

/// What a puzzle is about. Written in puzzle files by [`Theme::name`]
/// (`mate-in-2`, `quiet-move`) and read back with [`str::parse`].
///
/// ```
/// use wormhole::puzzles::Theme;
/// assert_eq!("mate-in-3".parse::<Theme>(), Ok(Theme::MateIn(3)));
/// assert_eq!("stalemate-in-2".parse::<Theme>(), Ok(Theme::StalemateIn(2)));
/// assert_eq!(Theme::HoleTrapsKing.to_string(), "hole-traps-king");
/// assert_eq!("mate-in-0".parse::<Theme>().unwrap_err().to_string(), "unknown puzzle theme 'mate-in-0'");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The solver wins in this many of its own moves, the last one leaving
    /// the defender in check with no legal move (checkmate).
    MateIn(u8),
    /// Wormhole chess: the solver wins in this many of its own moves, the
    /// last one leaving the defender no legal move while not in check
    /// (stalemate, which loses in that game; not a mate).
    StalemateIn(u8),
    /// The first move captures.
    Capture,
    /// The first move gives check.
    Check,
    /// The first move neither captures nor gives check.
    QuietMove,
    /// A move of the solution promotes a pawn.
    Promotion,
    /// Wormhole chess: at the end, holes close some of the losing king's
    /// directions (it could step there on a board without holes).
    HoleTrapsKing,
    /// Porthole chess: a solver's move captures through a porthole.
    CaptureThroughPorthole,
    /// Porthole chess: a solver's move through a porthole gets out of check.
    EscapeThroughPorthole,
    /// Porthole chess: a solver's move goes through a porthole without
    /// capturing.
    ThroughPorthole,
    /// Linked-portal chess: a solver's move steps its own portal.
    PortalStep,
    /// Two-board portal chess: a solver's move declares an intent on a
    /// portal or teleports a piece to the other board.
    Teleport,
}

impl Theme {
    /// The themes without a number, in the order of their declaration.
    pub const PLAIN: [Theme; 10] = [
        Theme::Capture,
        Theme::Check,
        Theme::QuietMove,
        Theme::Promotion,
        Theme::HoleTrapsKing,
        Theme::CaptureThroughPorthole,
        Theme::EscapeThroughPorthole,
        Theme::ThroughPorthole,
        Theme::PortalStep,
        Theme::Teleport,
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
            Theme::HoleTrapsKing => "hole-traps-king",
            Theme::CaptureThroughPorthole => "capture-through-porthole",
            Theme::EscapeThroughPorthole => "escape-through-porthole",
            Theme::ThroughPorthole => "through-porthole",
            Theme::PortalStep => "portal-step",
            Theme::Teleport => "teleport",
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
            Theme::HoleTrapsKing => "holes trap the king".into(),
            Theme::CaptureThroughPorthole => "a capture through a porthole".into(),
            Theme::EscapeThroughPorthole => "an escape through a porthole".into(),
            Theme::ThroughPorthole => "a move through a porthole".into(),
            Theme::PortalStep => "a step of the portal".into(),
            Theme::Teleport => "a teleport to the other board".into(),
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

/// A theme name that is none of [`Theme`]'s; holds the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown puzzle theme '{}'", Excerpt(.0))]
pub struct ParseThemeError(pub String);

/// The themes with a number, by the start of their names.
const NUMBERED: [(&str, NumberedTheme); 2] = [("mate-in-", Theme::MateIn), ("stalemate-in-", Theme::StalemateIn)];

/// A theme made from its number.
type NumberedTheme = fn(u8) -> Theme;

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
