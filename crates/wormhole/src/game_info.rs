//! What each game's folder says about the game, below the list of games
//! that gathers it ([`GAMES`](crate::games::GAMES)): its line
//! ([`GameInfo`]), how strongly a FEN looks like its own ([`FenClaim`]),
//! and the kinds it plays ([`GameKinds`]).

use crate::core::{Role, Roles};
use crate::engine::LevelColumn;
use crate::facts::StartChoices;
use crate::puzzle_themes::GameTheme;
use crate::rules::Rules;

/// What the program says about a game, in one place (the game's folder).
#[derive(Debug, Clone, Copy)]
pub struct GameInfo {
    /// Its name on the command line, in UCI and in the configuration file.
    pub name: &'static str,
    /// Other names read as this game (lower case).
    pub aliases: &'static [&'static str],
    /// The PGN `Variant` tag written for it.
    pub pgn_name: &'static str,
    /// The words by which another `Variant` tag names this game when read
    /// leniently ([`GameKind::from_pgn_tag`](crate::games::GameKind::from_pgn_tag)): a tag (in lower case) that
    /// starts with the first word and holds the others. The game with the
    /// most such words wins; none: no lenient reading.
    pub pgn_tag_words: &'static [&'static str],
    /// The FEN of its start position.
    pub start_fen: &'static str,
    /// How strongly a FEN says it is one of this game ([`GameKind::detect_fen`](crate::games::GameKind::detect_fen)).
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
    /// chances (`analysis::win_chance_slope`).
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
    pub setup: Option<StartChoices>,
    /// Whether its boards may be shown from Black's side; false where its
    /// rules fix the view (Two-board chess: White's rank 1 at the bottom of
    /// both boards).
    pub flips: bool,
}

/// How strongly a FEN says it belongs to a game ([`GameInfo::fen_claim`],
/// read by [`GameKind::detect_fen`](crate::games::GameKind::detect_fen)).
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

/// The kinds one game plays (Wormhole chess: its two piece sets; every
/// other game: one), numbered in the order the list of games names them.
/// Each game implements it in its folder; the list turns the numbers into
/// [`GameKind`](crate::games::GameKind)s.
pub trait GameKinds: Rules {
    /// The position `fen` describes in the game's kind number `index`.
    fn from_fen_at(index: usize, fen: &str) -> Result<Self, Self::FenError>;
    /// The number of the kind this position plays.
    fn kind_index(&self) -> usize;
}
