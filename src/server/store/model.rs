//! The server's data, one model: what the store keeps and returns, and what
//! the hub keeps and hands on (accounts, games and their moves, open
//! challenges, ratings). Each id is its own type over the database's
//! integer; every time is Unix milliseconds as a `u64` (clock readings left
//! in a game, which a flag can take below zero, are `i64`).

use std::fmt;

use wormhole::GameKind;

use super::StoreError;
use crate::glicko::Rating;

/// Defines an id: a number the database gives, shown as that number,
/// stored as an integer column.
macro_rules! ids {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        impl rusqlite::ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
                self.0.to_sql()
            }
        }

        impl rusqlite::types::FromSql for $name {
            fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
                i64::column_result(value).map($name)
            }
        }
    )*};
}

ids! {
    /// An account's id.
    AccountId;
    /// A game's id (live games keep it).
    GameId;
    /// An open challenge's id (never given twice).
    ChallengeId;
}

/// A registered player: a name and the SSH keys that log into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub id: AccountId,
    /// The name as the player typed it (names compare regardless of case).
    pub name: String,
}

/// Who plays one colour of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seat {
    /// A registered player.
    Player(Account),
    /// The server's engine at this level of the app's ladder (1-12).
    Engine { level: u8 },
}

impl Seat {
    /// The name to show and to write in a saved game: the player's, or the
    /// engine's as saved games name it (`Engine, level 3 (learner)`; a
    /// number that is no level is shown as it is).
    pub fn name(&self) -> String {
        match self {
            Seat::Player(a) => a.name.clone(),
            Seat::Engine { level } => wormhole::engine::Level::new(*level)
                .map_or_else(|| format!("Engine, level {level}"), |l| l.player_name()),
        }
    }
}

/// The colour a challenger asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColourChoice {
    White,
    Black,
    /// Drawn when the game starts.
    Random,
}

/// What a challenge (or an engine game) asks for. The piece set of
/// Wormhole chess is its [`GameKind`] (classic or fairy), as the app names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeSpec {
    pub kind: GameKind,
    /// Initial time and increment in milliseconds; `None`: untimed.
    pub clock: Option<(u64, u64)>,
    /// The challenger's colour.
    pub colour: ColourChoice,
    /// Whether the result changes ratings (never against the engine).
    pub rated: bool,
    /// The player challenged by name; `None`: open to anyone.
    pub to: Option<String>,
    /// The start the challenger set up (`setup` in the lobby: Linked-portal
    /// chess's portals), as a FEN; `None`: the game's own start.
    pub start_fen: Option<String>,
}

/// An open challenge as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredChallenge {
    pub id: ChallengeId,
    pub from: Account,
    /// What it asks for; `to` names the player challenged by name.
    pub spec: ChallengeSpec,
    pub created_ms: u64,
}

/// A game to create: its settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGame {
    pub kind: GameKind,
    /// The start position's FEN.
    pub start_fen: String,
    /// White's and Black's seats.
    pub seats: [Seat; 2],
    /// Whether a finish between two players changes their ratings.
    pub rated: bool,
    /// Initial time and increment, in milliseconds; `None`: untimed.
    pub clock: Option<(u64, u64)>,
}

/// A move as stored: its canonical text, both clocks after it, its time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMove {
    pub mv: String,
    /// White's and Black's clocks after the move, in milliseconds.
    pub white_ms: i64,
    pub black_ms: i64,
    /// When it was played.
    pub at_ms: u64,
}

/// One move of a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveWrite {
    pub game: GameId,
    /// Its ply, 0 for the first.
    pub ply: u32,
    pub stored: StoredMove,
    /// When the side to move after it flags (Unix ms), in a timed game:
    /// the game's row keeps it, so that any server node can decide the
    /// flag from the database ([`Finish::flag`]); `None` untimed.
    pub deadline_ms: Option<u64>,
}

#[cfg(test)]
impl MoveWrite {
    /// A move of an untimed game (no deadline), for tests.
    pub fn untimed(game: GameId, ply: u32, stored: StoredMove) -> MoveWrite {
        MoveWrite { game, ply, stored, deadline_ms: None }
    }
}

/// The answer to a batch of moves: one result per move, in order; the
/// outer error when the batch failed as a whole (nothing of it stored).
pub type BatchResult = Result<Vec<Result<(), super::StoreError>>, super::StoreError>;

/// A game as stored: enough to rebuild it after a restart, or export it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    pub id: GameId,
    pub game: NewGame,
    pub created_ms: u64,
    /// Every move in order: move `i` has ply `i`.
    pub moves: Vec<StoredMove>,
    /// The result (`1-0`, `0-1`, `1/2-1/2`, `*` aborted) and why, once finished.
    pub result: Option<(String, String)>,
    /// White's and Black's clocks (ms) as the game ended (a timed game
    /// finished since schema version 3).
    pub final_clocks: Option<[i64; 2]>,
    /// While a timed game's clock runs: when the side to move's flag
    /// falls (Unix ms), as written with its last move, takeback or the
    /// restart that resumed it (schema version 7).
    pub deadline_ms: Option<u64>,
    /// How many times its moves were taken back (schema version 9).
    pub takebacks: u32,
}

/// What changed in a game from a ply on, as one read sees it
/// ([`Records::game_since`](super::Records::game_since)): its state, and
/// its moves from that ply on. A reader that holds the moves before that
/// ply, read or written when the game had `takebacks` takebacks, holds
/// them still as stored; another count means a takeback since, and the
/// game is read whole again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameTail {
    /// The ply of `moves[0]`: the one asked from.
    pub from: u32,
    /// The moves from `from` on, in order (none when the game has no more).
    pub moves: Vec<StoredMove>,
    /// The ply its next move must have (fewer than `from`: moves were taken back).
    pub next_ply: u32,
    /// As [`StoredGame::takebacks`].
    pub takebacks: u32,
    /// As [`StoredGame::result`].
    pub result: Option<(String, String)>,
    /// As [`StoredGame::deadline_ms`].
    pub deadline_ms: Option<u64>,
}

/// How a game ended, to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finish {
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    pub result: String,
    /// Why, in words (`checkmate`, `time forfeit`, ...).
    pub why: String,
    pub at_ms: u64,
    /// White's and Black's clocks as they stopped, in a timed game.
    pub clocks: Option<[i64; 2]>,
    /// A flag: the plies played when the side to move's time ran out. The
    /// game then ends only if that is still its ply count and its stored
    /// deadline is at or before `at_ms` ([`StoreError::NotDue`](super::StoreError::NotDue)
    /// otherwise), whichever node decides it.
    pub flag: Option<u32>,
}

/// A running clock resumed at a start, so that the time the server was
/// down is charged to nobody: `game`'s deadline `from` (`None`: a game
/// from before schema version 7) becomes `to`, if it is still `from`
/// (another node starting at once may have moved it first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResumedClock {
    pub game: GameId,
    pub from: Option<u64>,
    pub to: u64,
}

/// White's and Black's ratings before and after a rated game.
pub type RatingChange = [(Rating, Rating); 2];

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaderRow {
    pub name: String,
    pub rating: Rating,
    /// Rated games played in this game.
    pub games: u32,
}

/// A key of an account as `keys` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyRow {
    /// The OpenSSH fingerprint, `SHA256:...`.
    pub fingerprint: String,
    /// Offered by `addkey`, not yet confirmed by a sign-in with it.
    pub pending: bool,
}

/// A player's rating after one rated game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingPoint {
    pub game: GameId,
    pub at_ms: u64,
    pub rating: Rating,
}

/// A finished or unfinished game in a player's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    pub id: GameId,
    pub kind: GameKind,
    /// White's and Black's names (an engine as [`Seat::name`] names it).
    pub names: [String; 2],
    /// `*` while it is played.
    pub result: String,
    pub created_ms: u64,
}

/// A player's page.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerPage {
    pub account: Account,
    /// The rating in each game where the player has one.
    pub ratings: Vec<(GameKind, Rating)>,
    /// The newest games first.
    pub recent: Vec<GameSummary>,
    /// Each rated game's rating after it, oldest first, per game.
    pub history: Vec<(GameKind, Vec<(u64, Rating)>)>,
}

/// What a move's write checks of its game: whether it is over, its next
/// ply, and its stored deadline.
pub struct StoredTurn {
    /// Whether it has ended.
    pub over: bool,
    /// The ply its next move must have.
    pub next_ply: u32,
    /// When the side to move's flag falls, if its clock runs.
    pub deadline_ms: Option<u64>,
}

impl StoredTurn {
    /// Whether `w` may be stored: its game going on, at its next ply, and
    /// played before its clock's deadline (at the deadline, the flag has
    /// fallen: [`Finish::flag`] decides the same way).
    pub fn check(&self, w: &MoveWrite) -> Result<(), StoreError> {
        let (game, ply, at_ms) = (w.game, w.ply, w.stored.at_ms);
        if self.over {
            return Err(StoreError::GameOver(game));
        }
        if ply != self.next_ply {
            return Err(StoreError::WrongPly { game, expected: self.next_ply, got: ply });
        }
        match self.deadline_ms {
            Some(deadline) if at_ms >= deadline => Err(StoreError::PastDeadline { game, ply, at_ms, deadline }),
            _ => Ok(()),
        }
    }
}
