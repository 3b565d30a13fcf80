//! The two piece sets of Wormhole chess.

use std::fmt;
use std::str::FromStr;

use crate::Role;
use crate::excerpt::Excerpt;

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

    /// The name used on the command line and in UCI: `classic` or `fairy`
    /// (what [`Display`](fmt::Display) writes and [`FromStr`] reads; the
    /// latter also takes the vchess names `Wormhole2` and `Wormhole1`).
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Fairy => "fairy",
        }
    }

    /// The name in a PGN `Variant` tag: `Wormhole` or `Wormhole fairy`.
    pub const fn pgn_name(self) -> &'static str {
        match self {
            Variant::Classic => "Wormhole",
            Variant::Fairy => "Wormhole fairy",
        }
    }

    /// The piece set a PGN `Variant` tag names, read leniently (any case;
    /// any `Wormhole...` name, and `classic`, is classic unless it says
    /// `fairy` or is `Wormhole1`, the vchess name of the fairy set).
    ///
    /// ```
    /// use wormhole::Variant;
    /// for v in Variant::ALL {
    ///     assert_eq!(Variant::from_pgn_tag(v.pgn_name()), Some(v));
    /// }
    /// assert_eq!(Variant::from_pgn_tag("Atomic"), None);
    /// ```
    pub fn from_pgn_tag(tag: &str) -> Option<Variant> {
        let tag = tag.to_ascii_lowercase();
        if tag.contains("fairy") || tag == "wormhole1" {
            Some(Variant::Fairy)
        } else if tag.starts_with("wormhole") || tag == "classic" {
            Some(Variant::Classic)
        } else {
            None
        }
    }

    /// The FEN of the initial position.
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Classic => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0",
            Variant::Fairy => "cnwmkwnc/pppppppp/8/8/8/8/PPPPPPPP/CNWMKWNC w 0",
        }
    }

    /// The roles a pawn may promote to, strongest first.
    pub const fn promotion_roles(self) -> &'static [Role] {
        match self {
            Variant::Classic => &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
            Variant::Fairy => &[Role::Lion, Role::Champion, Role::Wizard, Role::Knight],
        }
    }

    /// Whether pieces of this role belong to this piece set.
    pub const fn has_role(self, role: Role) -> bool {
        match role {
            Role::Pawn | Role::Knight | Role::King => true,
            Role::Queen | Role::Rook | Role::Bishop => matches!(self, Variant::Classic),
            Role::Champion | Role::Wizard | Role::Lion => matches!(self, Variant::Fairy),
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

impl FromStr for Variant {
    type Err = ParseVariantError;
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        match s.to_ascii_lowercase().as_str() {
            "classic" | "wormhole" | "wormhole2" => Ok(Variant::Classic),
            "fairy" | "wormhole1" => Ok(Variant::Fairy),
            _ => Err(ParseVariantError(s.to_string())),
        }
    }
}
