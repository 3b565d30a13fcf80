//! What the hub keeps in, and reads from, the server's storage: one small
//! trait, [`Records`], so that the hub is written against what it needs
//! (accounts, games and their moves, ratings) and tested without SSH. The
//! server's SQLite store implements it.

use std::error::Error;

use wormhole::GameKind;

use crate::glicko::Rating;

/// An account's number in the storage.
pub type AccountId = i64;
/// A game's number in the storage (live games keep it).
pub type GameId = i64;
/// An open challenge's number.
pub type ChallengeId = u64;

/// An error of the storage, kept whole as the source of
/// [`HubError::Records`](super::HubError::Records).
pub type RecordsError = Box<dyn Error + Send + Sync>;

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
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub id: AccountId,
    pub name: String,
}

/// Who plays one side of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seat {
    /// A registered player.
    Player(Account),
    /// The server's engine at this level of the app's ladder (1-12).
    Engine { level: u8 },
}

/// A game to create.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGame {
    pub kind: GameKind,
    pub start_fen: String,
    /// White's and Black's seats.
    pub seats: [Seat; 2],
    pub rated: bool,
    /// Initial time and increment, in milliseconds; `None`: untimed.
    pub clock: Option<(u64, u64)>,
}

/// A move as stored: its canonical text and both clocks after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMove {
    pub mv: String,
    pub white_ms: i64,
    pub black_ms: i64,
    /// When it was played, in Unix milliseconds.
    pub at_ms: u64,
}

/// A game as stored: enough to rebuild it after a restart, or export it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    pub id: GameId,
    pub game: NewGame,
    /// When it was created, in Unix milliseconds.
    pub created_ms: u64,
    /// Every move, in order.
    pub moves: Vec<StoredMove>,
    /// The result (`1-0`, `0-1`, `1/2-1/2`, `*` aborted) and why, once finished.
    pub result: Option<(String, String)>,
    /// White's and Black's clocks (ms) as the game ended, when kept.
    pub final_clocks: Option<[i64; 2]>,
}

/// White's and Black's ratings before and after a rated game.
pub type RatingChange = [(Rating, Rating); 2];

/// An open challenge as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredChallenge {
    pub id: ChallengeId,
    pub from: Account,
    /// What it asks for; `to` names the player challenged by name.
    pub spec: ChallengeSpec,
    /// When it was made, in Unix milliseconds.
    pub created_ms: u64,
}

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaderRow {
    pub name: String,
    pub rating: Rating,
    /// Rated games played in this game.
    pub games: u32,
}

/// A finished or unfinished game in a player's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    pub id: GameId,
    pub kind: GameKind,
    /// White's and Black's names (an engine as the app names it).
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

/// One move of a batch: its game, its ply (0 for the first), and the move.
pub type MoveWrite = (GameId, u32, StoredMove);

/// The answer to a batch of moves: one result per move, in order; the
/// outer error when the batch failed as a whole (nothing of it stored).
pub type BatchResult = Result<Vec<Result<(), RecordsError>>, RecordsError>;

/// The storage the hub needs. Every write is committed when the call
/// returns: the hub tells nobody of a move before the batch holding it
/// ([`Records::add_moves`]) has returned.
pub trait Records: Send {
    /// A second handle on the same storage, for the hub's writer thread:
    /// its commits (and their waits for the disk) then hold no lock of the hub.
    fn open_again(&mut self) -> Result<Box<dyn Records>, RecordsError>;
    /// The account a key (its OpenSSH `SHA256:` fingerprint) belongs to.
    fn account_by_key(&mut self, fp: &str) -> Result<Option<Account>, RecordsError>;
    /// The account called `name` (any letter case).
    fn account_by_name(&mut self, name: &str) -> Result<Option<Account>, RecordsError>;
    /// A new account with its first key; refuses a bad or taken name, or a known key.
    fn register(&mut self, name: &str, fp: &str, key_text: &str) -> Result<Account, RecordsError>;
    /// `account`'s offer of a key (`addkey`), bound once a connection
    /// signed with it confirms ([`Records::confirm_key`]).
    fn offer_key(&mut self, account: AccountId, fp: &str, key_text: &str) -> Result<(), RecordsError>;
    /// The accounts that offered the key `fp`.
    fn key_offers(&mut self, fp: &str) -> Result<Vec<Account>, RecordsError>;
    /// Binds the key `fp` to `account`, which offered it; every offer of it goes.
    fn confirm_key(&mut self, fp: &str, account: AccountId) -> Result<(), RecordsError>;
    /// Drops every offer of the key `fp`.
    fn refuse_key_offers(&mut self, fp: &str) -> Result<(), RecordsError>;
    /// `account`'s keys, (fingerprint, whether only offered).
    fn account_keys(&mut self, account: AccountId) -> Result<Vec<(String, bool)>, RecordsError>;
    /// Removes a key or offer of `account`'s; refuses its last key.
    fn remove_key(&mut self, account: AccountId, fp: &str) -> Result<(), RecordsError>;
    /// Creates a game, started at `now_ms`.
    fn create_game(&mut self, game: &NewGame, now_ms: u64) -> Result<GameId, RecordsError>;
    /// Commits the moves of any games together, in order, with one wait
    /// for the disk; each move's ply must be its game's next (a move
    /// refused leaves the others stored).
    fn add_moves(&mut self, moves: &[MoveWrite]) -> BatchResult;
    /// Takes back the moves from ply `keep` on (a takeback both players agreed).
    fn take_back(&mut self, game: GameId, keep: u32) -> Result<(), RecordsError>;
    /// Ends a game with both clocks as they ended (a timed game); a rated
    /// game between two players updates both ratings, and answers them
    /// (`*`, an aborted game, rates nobody).
    fn finish_game(
        &mut self,
        game: GameId,
        result: &str,
        why: &str,
        at_ms: u64,
        clocks: Option<[i64; 2]>,
    ) -> Result<Option<RatingChange>, RecordsError>;
    /// Notes that the hub runs a clock at `at_ms`.
    fn set_alive(&mut self, at_ms: u64) -> Result<(), RecordsError>;
    /// The last time noted by [`Records::set_alive`]: after a restart, the
    /// running clocks count to it, and not through the time the server was down.
    fn last_alive(&mut self) -> Result<Option<u64>, RecordsError>;
    /// Stores an open challenge of `from`'s (to the account `to`, when by name).
    fn add_challenge(
        &mut self,
        from: AccountId,
        to: Option<AccountId>,
        spec: &ChallengeSpec,
        now_ms: u64,
    ) -> Result<ChallengeId, RecordsError>;
    /// Removes a challenge declined, withdrawn or expired.
    fn remove_challenge(&mut self, id: ChallengeId) -> Result<(), RecordsError>;
    /// Accepts a challenge: it goes and `game` is created, together.
    fn accept_challenge(&mut self, id: ChallengeId, game: &NewGame, now_ms: u64) -> Result<GameId, RecordsError>;
    /// Every open challenge, oldest first.
    fn challenges(&mut self) -> Result<Vec<StoredChallenge>, RecordsError>;
    /// Every game not finished, with its moves.
    fn active_games(&mut self) -> Result<Vec<StoredGame>, RecordsError>;
    /// A game, finished or not.
    fn game(&mut self, id: GameId) -> Result<Option<StoredGame>, RecordsError>;
    /// The best rated players of `kind`, at most `limit`.
    fn leaderboard(&mut self, kind: GameKind, limit: usize) -> Result<Vec<LeaderRow>, RecordsError>;
    /// The page of the player called `name`.
    fn player(&mut self, name: &str) -> Result<Option<PlayerPage>, RecordsError>;
}
