//! The two piece sets of Wormhole chess.

use std::fmt;
use std::str::FromStr;

use crate::excerpt::Excerpt;
use crate::{GameKind, Role};

/// Which piece set is in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// K Q R B N P, with short-range rook, bishop and queen.
    #[default]
    Classic,
    /// K C W M N P: Champion, Wizard and Murray Lion replace Q R B.
    Fairy,
}

impl Variant {
    /// Both variants.
    pub const ALL: [Variant; 2] = [Variant::Classic, Variant::Fairy];

    /// The game this piece set plays: [`GameKind::Classic`] or
    /// [`GameKind::Fairy`], whose line of [`GAMES`](crate::GAMES) holds the
    /// names and the start position.
    pub const fn game(self) -> GameKind {
        match self {
            Variant::Classic => GameKind::Classic,
            Variant::Fairy => GameKind::Fairy,
        }
    }

    /// The name used on the command line and in UCI: `classic` or `fairy`
    /// (what [`Display`](fmt::Display) writes and [`FromStr`] reads; the
    /// latter also takes the vchess names `Wormhole2` and `Wormhole1`).
    pub const fn name(self) -> &'static str {
        self.game().name()
    }

    /// The name in a PGN `Variant` tag: `Wormhole` or `Wormhole fairy`.
    pub const fn pgn_name(self) -> &'static str {
        self.game().pgn_name()
    }

    /// The piece set a PGN `Variant` tag names, read leniently (see
    /// [`GameKind::from_pgn_tag`]); `None` for another game.
    ///
    /// ```
    /// use wormhole::Variant;
    /// for v in Variant::ALL {
    ///     assert_eq!(Variant::from_pgn_tag(v.pgn_name()), Some(v));
    /// }
    /// assert_eq!(Variant::from_pgn_tag("Atomic"), None);
    /// assert_eq!(Variant::from_pgn_tag("Porthole"), None);
    /// ```
    pub fn from_pgn_tag(tag: &str) -> Option<Variant> {
        GameKind::from_pgn_tag(tag).and_then(GameKind::variant)
    }

    /// The FEN of the initial position.
    pub const fn start_fen(self) -> &'static str {
        self.game().start_fen()
    }

    /// The roles a pawn may promote to, strongest first.
    pub const fn promotion_roles(self) -> &'static [Role] {
        self.game().promotions()
    }

    /// Whether pieces of this role belong to this piece set.
    pub fn has_role(self, role: Role) -> bool {
        self.game().has_role(role)
    }
}

/// The game of a piece set ([`Variant::game`]).
impl From<Variant> for GameKind {
    fn from(variant: Variant) -> GameKind {
        variant.game()
    }
}

impl GameKind {
    /// The Wormhole piece set, if this is Wormhole chess.
    pub const fn variant(self) -> Option<Variant> {
        match self {
            GameKind::Classic => Some(Variant::Classic),
            GameKind::Fairy => Some(Variant::Fairy),
            // Unreachable when Wormhole chess is the only game built.
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for an unknown variant name; holds the name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant '{}' (expected 'classic' or 'fairy')", Excerpt(.0))]
pub struct ParseVariantError(pub String);

/// Reads the names of the Wormhole games in [`GAMES`](crate::GAMES), in any case.
impl FromStr for Variant {
    type Err = ParseVariantError;
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        s.parse::<GameKind>().ok().and_then(GameKind::variant).ok_or_else(|| ParseVariantError(s.to_string()))
    }
}
