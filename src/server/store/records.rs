//! The store's interface: what the hub keeps in, and reads from, the
//! server's storage (accounts, games and their moves, challenges, ratings),
//! so that the hub is written against what it needs and tested without SSH
//! on a fake in memory. The SQLite [`Store`] implements it here,
//! each method its inherent one.

use wormhole::GameKind;

use super::*;

/// The storage the hub needs. Every write is committed when the call
/// returns: the hub tells nobody of a move before the batch holding it
/// ([`Records::add_moves`]) has returned.
pub trait Records: Send {
    /// A second handle on the same storage, for the hub's writer thread:
    /// its commits (and their waits for the disk) then hold no lock of the hub.
    fn open_again(&mut self) -> Result<Box<dyn Records>, StoreError>;
    /// The account a key (its OpenSSH `SHA256:` fingerprint) belongs to.
    fn account_by_key(&mut self, fp: &str) -> Result<Option<Account>, StoreError>;
    /// The account called `name` (any letter case).
    fn account_by_name(&mut self, name: &str) -> Result<Option<Account>, StoreError>;
    /// A new account with its first key; refuses a bad or taken name, or a known key.
    fn register(&mut self, name: &str, fp: &str, key_text: &str) -> Result<Account, StoreError>;
    /// `account`'s offer of a key (`addkey`), bound once a connection
    /// signed with it confirms ([`Records::confirm_key`]).
    fn offer_key(&mut self, account: AccountId, fp: &str, key_text: &str) -> Result<(), StoreError>;
    /// The accounts that offered the key `fp`.
    fn key_offers(&mut self, fp: &str) -> Result<Vec<Account>, StoreError>;
    /// Binds the key `fp` to `account`, which offered it; every offer of it goes.
    fn confirm_key(&mut self, fp: &str, account: AccountId) -> Result<(), StoreError>;
    /// Drops every offer of the key `fp`.
    fn refuse_key_offers(&mut self, fp: &str) -> Result<(), StoreError>;
    /// `account`'s keys and offers.
    fn account_keys(&mut self, account: AccountId) -> Result<Vec<KeyRow>, StoreError>;
    /// Removes a key or offer of `account`'s; refuses its last key.
    fn remove_key(&mut self, account: AccountId, fp: &str) -> Result<(), StoreError>;
    /// Creates a game, started at `now_ms`.
    fn create_game(&mut self, game: &NewGame, now_ms: u64) -> Result<GameId, StoreError>;
    /// Commits the moves of any games together, in order, with one wait
    /// for the disk; each move's ply must be its game's next, and its time
    /// before its clock's stored deadline ([`StoredTurn::check`]; a move
    /// refused leaves the others stored).
    fn add_moves(&mut self, moves: &[MoveWrite]) -> BatchResult;
    /// Takes back the moves from ply `keep` on (a takeback both players
    /// agreed), the game's deadline becoming `deadline_ms` (its side to
    /// move's clock restarts).
    fn take_back(&mut self, game: GameId, keep: u32, deadline_ms: Option<u64>) -> Result<(), StoreError>;
    /// Ends a game with both clocks as they ended (a timed game); a rated
    /// game between two players updates both ratings, and answers them
    /// (`*`, an aborted game, rates nobody). A flag ([`Finish::flag`]) ends
    /// it only if the stored deadline says so ([`StoreError::NotDue`]).
    fn finish_game(&mut self, game: GameId, end: &Finish) -> Result<Option<RatingChange>, StoreError>;
    /// The ratings a finished game changed, if it was rated: both
    /// players' before and after, as [`Records::finish_game`] answered
    /// the node that ended it.
    fn rating_change(&mut self, game: GameId) -> Result<Option<RatingChange>, StoreError>;
    /// Notes that the hub runs a clock at `at_ms`.
    fn set_alive(&mut self, at_ms: u64) -> Result<(), StoreError>;
    /// The last time noted by [`Records::set_alive`]: after a restart, the
    /// running clocks count to it, and not through the time the server was down.
    fn last_alive(&mut self) -> Result<Option<u64>, StoreError>;
    /// Resumes running clocks at a start, at `now_ms` (noted as the clocks'
    /// time, [`Records::set_alive`], in the same write): each game's
    /// deadline still as read becomes its new one. Answers how many moved.
    fn resume_clocks(&mut self, now_ms: u64, clocks: &[ResumedClock]) -> Result<usize, StoreError>;
    /// The games in progress whose stored deadline is at or before
    /// `now_ms`: flags any node may decide.
    fn overdue_games(&mut self, now_ms: u64) -> Result<Vec<GameId>, StoreError>;
    /// Stores an open challenge of `from`'s (to the player `spec.to` names, when by name).
    fn add_challenge(&mut self, from: AccountId, spec: &ChallengeSpec, now_ms: u64) -> Result<ChallengeId, StoreError>;
    /// Removes a challenge declined, withdrawn or expired.
    fn remove_challenge(&mut self, id: ChallengeId) -> Result<(), StoreError>;
    /// Accepts a challenge: it goes and `game` is created, together.
    fn accept_challenge(&mut self, id: ChallengeId, game: &NewGame, now_ms: u64) -> Result<GameId, StoreError>;
    /// Every open challenge, oldest first.
    fn challenges(&mut self) -> Result<Vec<StoredChallenge>, StoreError>;
    /// Every game not finished, with its moves.
    fn active_games(&mut self) -> Result<Vec<StoredGame>, StoreError>;
    /// A game, finished or not.
    fn game(&mut self, id: GameId) -> Result<Option<StoredGame>, StoreError>;
    /// A game's state and its moves from ply `from` on, in one read (what
    /// a node reads when another tells it the game changed).
    fn game_since(&mut self, id: GameId, from: u32) -> Result<Option<GameTail>, StoreError>;
    /// The best rated players of `kind`, at most `limit`.
    fn leaderboard(&mut self, kind: GameKind, limit: usize) -> Result<Vec<LeaderRow>, StoreError>;
    /// The page of the player called `name`.
    fn player(&mut self, name: &str) -> Result<Option<PlayerPage>, StoreError>;
    /// Tells the other server nodes sharing this storage of `note` (a change
    /// not stored: an offer, a chat line). One node alone (SQLite) has nobody to tell.
    fn announce(&mut self, _note: &Note) -> Result<(), StoreError> {
        Ok(())
    }
    /// Notes that this node lives at `at_ms` (its heartbeat), and forgets
    /// the nodes silent for `forget_ms` and their sessions.
    fn heartbeat(&mut self, _at_ms: u64, _forget_ms: u64) -> Result<(), StoreError> {
        Ok(())
    }
    /// Notes whether `account` has a session on this node (`here`), and
    /// tells the other nodes ([`Note::Presence`]).
    fn set_presence(&mut self, _account: &Account, _here: bool) -> Result<(), StoreError> {
        Ok(())
    }
    /// The accounts with a session on another node whose heartbeat is at
    /// or after `since_ms`.
    fn online_elsewhere(&mut self, _since_ms: u64) -> Result<Vec<Account>, StoreError> {
        Ok(Vec::new())
    }
    /// The other server nodes' notes, as they come ([`Note`]); `None`
    /// when the storage is this node's alone (SQLite).
    fn listen(&mut self) -> Result<Option<Listener>, StoreError> {
        Ok(None)
    }
}

impl Records for Store {
    fn open_again(&mut self) -> Result<Box<dyn Records>, StoreError> {
        Ok(Box::new(Store::open_again(self)?))
    }
    fn account_by_key(&mut self, fp: &str) -> Result<Option<Account>, StoreError> {
        Store::account_by_key(self, fp)
    }
    fn account_by_name(&mut self, name: &str) -> Result<Option<Account>, StoreError> {
        Store::account_by_name(self, name)
    }
    fn register(&mut self, name: &str, fp: &str, key_text: &str) -> Result<Account, StoreError> {
        Store::register(self, name, fp, key_text)
    }
    fn offer_key(&mut self, account: AccountId, fp: &str, key_text: &str) -> Result<(), StoreError> {
        Store::offer_key(self, account, fp, key_text)
    }
    fn key_offers(&mut self, fp: &str) -> Result<Vec<Account>, StoreError> {
        Store::key_offers(self, fp)
    }
    fn confirm_key(&mut self, fp: &str, account: AccountId) -> Result<(), StoreError> {
        Store::confirm_key(self, fp, account)
    }
    fn refuse_key_offers(&mut self, fp: &str) -> Result<(), StoreError> {
        Store::refuse_key_offers(self, fp)
    }
    fn account_keys(&mut self, account: AccountId) -> Result<Vec<KeyRow>, StoreError> {
        Store::account_keys(self, account)
    }
    fn remove_key(&mut self, account: AccountId, fp: &str) -> Result<(), StoreError> {
        Store::remove_key(self, account, fp)
    }
    fn create_game(&mut self, game: &NewGame, now_ms: u64) -> Result<GameId, StoreError> {
        Store::create_game(self, game, now_ms)
    }
    fn add_moves(&mut self, moves: &[MoveWrite]) -> BatchResult {
        Store::add_moves(self, moves)
    }
    fn take_back(&mut self, game: GameId, keep: u32, deadline_ms: Option<u64>) -> Result<(), StoreError> {
        Store::take_back(self, game, keep, deadline_ms).map(drop)
    }
    fn finish_game(&mut self, game: GameId, end: &Finish) -> Result<Option<RatingChange>, StoreError> {
        Store::finish_game(self, game, end)
    }
    fn rating_change(&mut self, game: GameId) -> Result<Option<RatingChange>, StoreError> {
        Store::rating_change(self, game)
    }
    fn set_alive(&mut self, at_ms: u64) -> Result<(), StoreError> {
        Store::set_alive(self, at_ms)
    }
    fn last_alive(&mut self) -> Result<Option<u64>, StoreError> {
        Store::last_alive(self)
    }
    fn resume_clocks(&mut self, now_ms: u64, clocks: &[ResumedClock]) -> Result<usize, StoreError> {
        Store::resume_clocks(self, now_ms, clocks)
    }
    fn overdue_games(&mut self, now_ms: u64) -> Result<Vec<GameId>, StoreError> {
        Store::overdue_games(self, now_ms)
    }
    fn add_challenge(&mut self, from: AccountId, spec: &ChallengeSpec, now_ms: u64) -> Result<ChallengeId, StoreError> {
        Store::add_challenge(self, from, spec, now_ms)
    }
    fn remove_challenge(&mut self, id: ChallengeId) -> Result<(), StoreError> {
        Store::remove_challenge(self, id)
    }
    fn accept_challenge(&mut self, id: ChallengeId, game: &NewGame, now_ms: u64) -> Result<GameId, StoreError> {
        Store::accept_challenge(self, id, game, now_ms)
    }
    fn challenges(&mut self) -> Result<Vec<StoredChallenge>, StoreError> {
        Store::challenges(self)
    }
    fn active_games(&mut self) -> Result<Vec<StoredGame>, StoreError> {
        Store::active_games(self)
    }
    fn game(&mut self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        Store::game(self, id)
    }
    fn game_since(&mut self, id: GameId, from: u32) -> Result<Option<GameTail>, StoreError> {
        Store::game_since(self, id, from)
    }
    fn leaderboard(&mut self, kind: GameKind, limit: usize) -> Result<Vec<LeaderRow>, StoreError> {
        Store::leaderboard(self, kind, limit)
    }
    fn player(&mut self, name: &str) -> Result<Option<PlayerPage>, StoreError> {
        Store::player(self, name)
    }
}
