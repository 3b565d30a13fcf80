//! The two piece sets as games of the list ([`GameKind::Classic`],
//! [`GameKind::Fairy`]): above the list, which gathers this folder's lines.

use super::variant::Variant;
use crate::games::GameKind;

impl Variant {
    /// The game this piece set plays: [`GameKind::Classic`] or
    /// [`GameKind::Fairy`], whose line of [`GAMES`](crate::games::GAMES) holds the
    /// names and the start position.
    pub const fn game(self) -> GameKind {
        match self {
            Variant::Classic => GameKind::Classic,
            Variant::Fairy => GameKind::Fairy,
        }
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
