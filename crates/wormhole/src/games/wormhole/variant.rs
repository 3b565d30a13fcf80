//! The two piece sets of Wormhole chess.

use std::fmt;
use std::str::FromStr;

use super::info::{CLASSIC, FAIRY};
use crate::core::Role;
use crate::core::excerpt::Excerpt;
use crate::game_info::GameInfo;

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

    /// This piece set's line of the list of games (its names, start
    /// position and level settings).
    pub(crate) const fn info(self) -> &'static GameInfo {
        match self {
            Variant::Classic => &CLASSIC,
            Variant::Fairy => &FAIRY,
        }
    }

    /// The name used on the command line and in UCI: `classic` or `fairy`
    /// (what [`Display`](fmt::Display) writes and [`FromStr`] reads; the
    /// latter also takes the vchess names `Wormhole2` and `Wormhole1`).
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// The name in a PGN `Variant` tag: `Wormhole` or `Wormhole fairy`.
    pub const fn pgn_name(self) -> &'static str {
        self.info().pgn_name
    }

    /// The FEN of the initial position.
    pub const fn start_fen(self) -> &'static str {
        self.info().start_fen
    }

    /// The roles a pawn may promote to, strongest first.
    pub const fn promotion_roles(self) -> &'static [Role] {
        self.info().promotions
    }

    /// The fixed piece values this piece set is judged by outside the
    /// engine (puzzles, the analysis's reasons), by
    /// [`Role::index`](crate::core::Role::index): P N B R Q K C W M
    /// (see [`Evaluate::judged_values`](crate::rules::Evaluate::judged_values)).
    ///
    /// ```
    /// use wormhole::{Role, Variant};
    /// assert_eq!(Variant::Classic.judged_values()[Role::Rook.index()], 318);
    /// ```
    pub const fn judged_values(self) -> &'static [i32; Role::MAX] {
        match self {
            Variant::Classic => &[100, 205, 236, 318, 712, 0, 500, 420, 650],
            Variant::Fairy => &[100, 245, 258, 318, 701, 0, 472, 409, 660],
        }
    }

    /// Whether pieces of this role belong to this piece set.
    pub fn has_role(self, role: Role) -> bool {
        self.info().roles.contains(&role)
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

/// Reads the names and aliases of the two piece sets' lines of the list of
/// games, in any case.
impl FromStr for Variant {
    type Err = ParseVariantError;
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        let name = s.trim().to_ascii_lowercase();
        let named = |v: &Variant| v.info().name == name || v.info().aliases.contains(&name.as_str());
        Variant::ALL.into_iter().find(named).ok_or_else(|| ParseVariantError(s.to_string()))
    }
}
