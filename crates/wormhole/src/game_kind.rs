//! Choosing the game: Wormhole chess with either piece set, Porthole
//! chess, Linked-portal chess or Two-board portal chess. One table, [`GAMES`], holds each game's name (command line, UCI
//! `UCI_Variant`, configuration), the names it also answers to, its PGN
//! `Variant` tag, its start position and a one-line description; every
//! place that chooses a game reads it. Each game defines its line in its
//! own folder.

use std::fmt;
use std::str::FromStr;

use crate::engine::LevelColumn;
use crate::excerpt::Excerpt;
use crate::facts::Setup;
use crate::puzzles::GameTheme;
use crate::{GAMES, GameKind, ListedGame};
use crate::{Role, Roles};

/// What the program says about a game, in one place (the game's folder).
#[derive(Debug, Clone, Copy)]
pub struct GameInfo {
    /// The game.
    pub kind: GameKind,
    /// Its name on the command line, in UCI and in the configuration file.
    pub name: &'static str,
    /// Other names read as this game (lower case).
    pub aliases: &'static [&'static str],
    /// The PGN `Variant` tag written for it.
    pub pgn_name: &'static str,
    /// The words by which another `Variant` tag names this game when read
    /// leniently ([`GameKind::from_pgn_tag`]): a tag (in lower case) that
    /// starts with the first word and holds the others. The game with the
    /// most such words wins; none: no lenient reading.
    pub pgn_tag_words: &'static [&'static str],
    /// The FEN of its start position.
    pub start_fen: &'static str,
    /// How strongly a FEN says it is one of this game ([`GameKind::detect_fen`]).
    pub fen_claim: fn(&str) -> FenClaim,
    /// The depth `wormhole bench` searches this game's positions to.
    pub bench_depth: u32,
    /// The positions `wormhole bench` searches in this game: its start and
    /// positions from engine games at various stages.
    pub bench_positions: &'static [&'static str],
    /// The game's name for people, as a title.
    pub title: &'static str,
    /// One line for menus and help.
    pub description: &'static str,
    /// The roles of its pieces, in the order the app lists them.
    pub roles: &'static [Role],
    /// The letters and names of its roles, as its FEN and notation write
    /// and read them (and the app shows them).
    pub role_names: Roles,
    /// The roles a pawn may promote to, strongest first.
    pub promotions: &'static [Role],
    /// How a piece of each role moves, in one line.
    pub movement: fn(Role) -> &'static str,
    /// What each strength level allows the search.
    pub levels: &'static LevelColumn,
    /// The slope `k` of the curve that turns centipawns into winning
    /// chances ([`win_chance_slope`](crate::analysis::win_chance_slope)).
    pub win_chance_slope: f64,
    /// How many boards it is played on (the app draws one board only).
    pub boards: u8,
    /// The puzzle themes only this game has, declared in its folder (the
    /// generic ones, mate, capture, ..., are every game's).
    pub themes: &'static [GameTheme],
    /// The puzzle set shipped for it: the text of a puzzle file of its
    /// folder ([`parse_file`](crate::puzzles::parse_file)), made by
    /// `wormhole puzzles generate`.
    pub puzzles: Option<&'static str>,
    /// The names of its boards, in the order of a position's boards
    /// (`A`, `B`); none for a game of one board.
    pub board_names: &'static [&'static str],
    /// The choices of its start position a player may set before a game;
    /// `None`: the start is fixed.
    pub setup: Option<Setup>,
    /// Whether its boards may be shown from Black's side; false where its
    /// rules fix the view (Two-board chess: White's rank 1 at the bottom of
    /// both boards).
    pub flips: bool,
}

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
        GAMES.iter().find(|g| g.name == name || g.aliases.contains(&name.as_str())).map(|g| g.kind)
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
        if let Some(g) = GAMES.iter().find(|g| g.pgn_name.eq_ignore_ascii_case(tag.trim())) {
            return Some(g.kind);
        }
        let lower = tag.to_ascii_lowercase();
        GameKind::from_name(&lower).or_else(|| {
            let fits = |g: &&GameInfo| match g.pgn_tag_words.split_first() {
                Some((first, rest)) => lower.starts_with(first) && rest.iter().all(|w| lower.contains(w)),
                None => false,
            };
            GAMES.iter().filter(fits).max_by_key(|g| g.pgn_tag_words.len()).map(|g| g.kind)
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
        let mut claimants = GAMES.iter().zip(claims).filter(|&(_, c)| c == strongest);
        match (claimants.next(), claimants.next()) {
            (Some((g, _)), None) if strongest > FenClaim::No => Some(g.kind),
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

/// How strongly a FEN says it belongs to a game ([`GameInfo::fen_claim`],
/// read by [`GameKind::detect_fen`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FenClaim {
    /// Not the form of this game's FEN, or a form that says nothing (six
    /// orthodox fields, which several games read).
    No,
    /// The form of this game's FEN, which another game's may share.
    Form,
    /// A mark of this game's FEN that outranks another game's form.
    Mark,
}

/// Something to do with a position of whichever game was chosen
/// ([`GameKind::with_position`]): a generic method, so each game gets its
/// own compiled copy.
pub trait WithPosition {
    /// What it gives back.
    type Output;
    /// Does it with `pos`.
    fn run<P: ListedGame>(self, pos: P) -> Self::Output;
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
        for (i, g) in GAMES.iter().enumerate() {
            assert_eq!(g.kind as usize, i);
            assert_eq!(g.name.parse::<GameKind>(), Ok(g.kind));
            assert_eq!(GameKind::from_pgn_tag(g.pgn_name), Some(g.kind));
            let same_words = GAMES.iter().filter(|o| o.pgn_tag_words == g.pgn_tag_words);
            assert!(g.pgn_tag_words.is_empty() || same_words.count() == 1, "{}: lenient tags name one game", g.name);
            assert_eq!(GameKind::detect_fen(g.start_fen), Some(g.kind));
        }
    }
}
