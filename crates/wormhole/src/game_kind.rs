//! Choosing the game: Wormhole chess with either piece set, Porthole
//! chess, Linked-portal chess or Two-board portal chess. One table, [`GAMES`], holds each game's name (command line, UCI
//! `UCI_Variant`, configuration), the names it also answers to, its PGN
//! `Variant` tag, its start position and a one-line description; every
//! place that chooses a game reads it. Each game defines its line in its
//! own folder.

use std::fmt;
use std::str::FromStr;

use crate::core::excerpt::Excerpt;
use crate::core::{Role, Roles};
use crate::game_info::{FenClaim, GameInfo};
use crate::games::{GAMES, GameKind};

/// The first game of [`GAMES`].
impl Default for GameKind {
    fn default() -> GameKind {
        GameKind::ALL[0]
    }
}

impl GameKind {
    /// This game's line of [`GAMES`].
    pub const fn info(self) -> &'static GameInfo {
        &GAMES[self as usize]
    }

    /// The name on the command line, in UCI and in the configuration file.
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// The PGN `Variant` tag.
    pub const fn pgn_name(self) -> &'static str {
        self.info().pgn_name
    }

    /// The FEN of the start position.
    pub const fn start_fen(self) -> &'static str {
        self.info().start_fen
    }

    /// The game's name for people, as a title.
    pub const fn title(self) -> &'static str {
        self.info().title
    }

    /// One line for menus and help.
    pub const fn description(self) -> &'static str {
        self.info().description
    }

    /// The roles of its pieces.
    pub const fn roles(self) -> &'static [Role] {
        self.info().roles
    }

    /// The letters and names of its roles ([`GameInfo::role_names`]).
    pub const fn role_names(self) -> Roles {
        self.info().role_names
    }

    /// The roles a pawn may promote to, strongest first.
    pub const fn promotions(self) -> &'static [Role] {
        self.info().promotions
    }

    /// How a piece of `role` moves in this game, in one line.
    pub fn movement(self, role: Role) -> &'static str {
        (self.info().movement)(role)
    }

    /// How many boards it is played on.
    pub const fn boards(self) -> u8 {
        self.info().boards
    }

    /// Whether pieces of this role belong to this game.
    pub fn has_role(self, role: Role) -> bool {
        self.roles().contains(&role)
    }

    /// The game a name or alias names (any case).
    fn from_name(name: &str) -> Option<GameKind> {
        let name = name.trim().to_ascii_lowercase();
        GameKind::ALL.into_iter().find(|k| k.info().name == name || k.info().aliases.contains(&name.as_str()))
    }

    /// The game a PGN `Variant` tag names, read leniently: any case, the
    /// names and aliases of [`GAMES`], and any other tag by the game's
    /// [`GameInfo::pgn_tag_words`] (a `Wormhole...` tag is classic unless
    /// it says `fairy`).
    ///
    /// ```
    /// use wormhole::GameKind;
    /// assert_eq!(GameKind::from_pgn_tag("wormhole chess"), Some(GameKind::Classic));
    /// assert_eq!(GameKind::from_pgn_tag("Wormhole (fairy set)"), Some(GameKind::Fairy));
    /// assert_eq!(GameKind::from_pgn_tag("Atomic"), None);
    /// ```
    pub fn from_pgn_tag(tag: &str) -> Option<GameKind> {
        if let Some(kind) = GameKind::ALL.into_iter().find(|k| k.pgn_name().eq_ignore_ascii_case(tag.trim())) {
            return Some(kind);
        }
        let lower = tag.to_ascii_lowercase();
        GameKind::from_name(&lower).or_else(|| {
            let fits = |k: &GameKind| match k.info().pgn_tag_words.split_first() {
                Some((first, rest)) => lower.starts_with(first) && rest.iter().all(|w| lower.contains(w)),
                None => false,
            };
            GameKind::ALL.into_iter().filter(fits).max_by_key(|k| k.info().pgn_tag_words.len())
        })
    }

    /// The game a FEN belongs to, when it says: the one game whose
    /// [`GameInfo::fen_claim`] is strongest ([`FenClaim::Mark`] outranks
    /// [`FenClaim::Form`]). `None` for a text that is no FEN or that
    /// several games claim alike (a board whose pieces fit two piece sets;
    /// six orthodox fields, which read in several games). Each game's
    /// folder says what marks its FEN.
    pub fn detect_fen(fen: &str) -> Option<GameKind> {
        let claims = GAMES.map(|g| (g.fen_claim)(fen));
        let strongest = *claims.iter().max()?;
        let mut claimants = GameKind::ALL.into_iter().zip(claims).filter(|&(_, c)| c == strongest);
        match (claimants.next(), claimants.next()) {
            (Some((kind, _)), None) if strongest > FenClaim::No => Some(kind),
            _ => None,
        }
    }

    /// The game a FEN belongs to ([`GameKind::detect_fen`]), or `chosen`
    /// when it does not say or when it has the form of `chosen`'s FEN as
    /// well: a seventh field of two squares is Linked-portal chess's two
    /// portals or two of Porthole chess's portholes.
    ///
    /// ```
    /// use wormhole::GameKind;
    /// let two = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 e4,a5";
    /// assert_eq!(GameKind::detect_fen_or(two, GameKind::Porthole), GameKind::Porthole);
    /// assert_eq!(GameKind::detect_fen_or(two, GameKind::Classic), GameKind::Linked);
    /// ```
    pub fn detect_fen_or(fen: &str, chosen: GameKind) -> GameKind {
        match (chosen.info().fen_claim)(fen) {
            FenClaim::No => GameKind::detect_fen(fen).unwrap_or(chosen),
            FenClaim::Form | FenClaim::Mark => chosen,
        }
    }
}

/// The name ([`GameKind::name`]).
impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no game (the command line and UCI call the choice a
/// variant); holds the name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant '{}' (expected {})", Excerpt(.0), ExpectedNames)]
pub struct ParseGameKindError(pub String);

/// The names of [`GAMES`], quoted: `'classic', 'fairy', 'porthole' or 'twoboard'`.
struct ExpectedNames;

impl fmt::Display for ExpectedNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_choices(f, '\'', |g| g.name)
    }
}

/// Writes one field of every game of [`GAMES`] between `quote`s, as a
/// choice: `'classic', 'fairy', 'porthole' or 'twoboard'`.
pub(crate) fn write_choices(f: &mut fmt::Formatter<'_>, quote: char, field: fn(&GameInfo) -> &str) -> fmt::Result {
    for (i, g) in GAMES.iter().enumerate() {
        let sep = match i {
            0 => "",
            i if i + 1 == GAMES.len() => " or ",
            _ => ", ",
        };
        write!(f, "{sep}{quote}{}{quote}", field(g))?;
    }
    Ok(())
}

/// Reads a name or alias of [`GAMES`], in any case.
impl FromStr for GameKind {
    type Err = ParseGameKindError;
    fn from_str(s: &str) -> Result<GameKind, ParseGameKindError> {
        GameKind::from_name(s).ok_or_else(|| ParseGameKindError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_order_of_the_enum() {
        for (i, kind) in GameKind::ALL.into_iter().enumerate() {
            let g = &GAMES[i];
            assert_eq!(kind as usize, i);
            assert_eq!(g.name.parse::<GameKind>(), Ok(kind));
            assert_eq!(GameKind::from_pgn_tag(g.pgn_name), Some(kind));
            let same_words = GAMES.iter().filter(|o| o.pgn_tag_words == g.pgn_tag_words);
            assert!(g.pgn_tag_words.is_empty() || same_words.count() == 1, "{}: lenient tags name one game", g.name);
            assert_eq!(GameKind::detect_fen(g.start_fen), Some(kind));
        }
    }
}
