//! The server's storage: accounts and their SSH keys, games and their
//! moves, and Glicko-2 ratings per game, in one SQLite file.
//!
//! # The file
//! [`Store::open`] keeps `server.sqlite3` (see [`DB_FILE`]) in the data
//! folder, making the folder (mode 0700) and the file (mode 0600; SQLite's
//! `-wal` and `-shm` files beside it take the same mode). The database runs
//! in WAL mode with `synchronous=FULL`, so that every committed write
//! survives a `kill -9` or a power loss, with foreign keys on and a busy
//! timeout ([`BUSY_TIMEOUT`]) so that two connections wait for each other
//! instead of failing. The schema is versioned: the migrations in
//! `store/schema.rs` are applied once each, in order, each in its own
//! transaction; a database from a newer program is refused
//! ([`StoreError::TooNew`]). `Store::open_in_memory` is the same store in
//! memory, for tests.
//!
//! # The API
//! The types are the server's one data model (`store/model.rs`): the store
//! returns them and the hub keeps them. [`Records`] is the interface the
//! hub is written against; [`Store`] implements it, each method its
//! inherent one below.
//! - Accounts ([`Account`]): an account is a name and the SSH keys that log
//!   into it, known by their OpenSSH fingerprints (`SHA256:...`, computed by
//!   the server). [`Store::register`], [`Store::offer_key`] and
//!   [`Store::confirm_key`], [`Store::account_keys`],
//!   [`Store::account_by_key`], [`Store::account_by_name`]. Names follow
//!   [`check_name`] and are unique regardless of case.
//! - Games ([`NewGame`], [`StoredGame`]): [`Store::create_game`];
//!   [`Store::add_moves`] commits the moves of many games with one wait for
//!   the disk (the hub's writer does, see [`Store::open_again`]), each with
//!   both clocks after it and its time, refusing any ply but its game's
//!   next one (plies count from 0) and a move made at or after its clock's
//!   stored deadline ([`StoreError::PastDeadline`]: the flag has fallen);
//!   [`Store::take_back`]; [`Store::finish_game`], which also rates a rated
//!   game between two players, in the same transaction. [`Store::game`],
//!   [`Store::active_games`] (everything needed to rebuild the games in
//!   progress after a restart: each move keeps its time, and the last one,
//!   or the game's creation before any move, is when the side to move's
//!   clock started) and [`Store::games_of`] (newest first). A game's PGN is
//!   written by the hub (`pgn_of` in `hub/lobby.rs`), not here.
//! - Open challenges ([`ChallengeSpec`], [`StoredChallenge`]), kept across
//!   restarts: [`Store::add_challenge`], [`Store::remove_challenge`],
//!   [`Store::challenges`], and [`Store::accept_challenge`], which removes
//!   the challenge and creates its game in one transaction.
//! - Ratings: [`Store::leaderboard`], [`Store::rating_history`],
//!   [`Store::player`] (a player's page).
//!
//! Every time is Unix milliseconds, a `u64`; ids are [`AccountId`],
//! [`GameId`] and [`ChallengeId`]. Writes take `&mut self` and run in
//! `BEGIN IMMEDIATE` transactions, so that two connections to one file
//! queue behind the busy timeout rather than fail on a lock upgrade. One
//! `Store` is one connection: share it behind a `Mutex`, or open one per
//! thread. Statements are prepared once per connection (`prepare_cached`).

mod accounts;
mod challenges;
mod games;
mod keys;
mod model;
mod note;
mod pg;
mod ratings;
mod records;
mod schema;
#[cfg(test)]
mod suite;
/// The tests' throwaway PostgreSQL cluster (shared with the integration tests).
#[cfg(test)]
#[path = "../../tests/common/pg.rs"]
pub mod test_pg;
#[cfg(test)]
mod tests;

use std::fs::{DirBuilder, OpenOptions};
use std::ops::RangeInclusive;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, Transaction, TransactionBehavior};

pub use model::*;
pub use note::{CHANNEL, Note, OfferKind};
pub use pg::{Listener, PgStore, redact};
pub use records::Records;

use crate::glicko::Rating;

/// The database's file name in the data folder.
pub const DB_FILE: &str = "server.sqlite3";

/// How long a write waits for another connection's transaction before it
/// fails: far longer than any of ours takes.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// How many prepared statements each connection keeps: more than the store
/// has, so none is prepared twice.
const STATEMENT_CACHE: usize = 64;

/// How long a player's name may be, in characters.
pub const NAME_LENGTH: RangeInclusive<usize> = 3..=20;

/// Checks a new player's name: [`NAME_LENGTH`] characters, each an ASCII
/// letter, a digit, `_` or `-` (so that a name never holds an escape
/// sequence or looks like another name in another script).
pub fn check_name(name: &str) -> Result<(), StoreError> {
    let bad = |why| Err(StoreError::BadName { name: name.to_string(), why });
    let length = name.chars().count();
    if length < *NAME_LENGTH.start() {
        return bad("a name has at least 3 characters");
    }
    if length > *NAME_LENGTH.end() {
        return bad("a name has at most 20 characters");
    }
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        return bad("a name holds only letters a-z and A-Z, digits, _ and -");
    }
    Ok(())
}

/// One SSH key of an account.
#[cfg(test)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountKey {
    /// The OpenSSH fingerprint, `SHA256:...`.
    pub fingerprint: String,
    /// The public key as OpenSSH writes it (`ssh-ed25519 AAAA...`).
    pub text: String,
    /// When it was added.
    pub added_ms: u64,
}

/// What can go wrong with the store; every variant says what it was about.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot create {path}: {source}")]
    Create { path: PathBuf, source: std::io::Error },
    #[error(
        "{path} was written by a newer wormhole (schema version {found}; this one knows up to {known}): \
         run that newer wormhole on it, or start this one on another --data folder"
    )]
    TooNew { path: String, found: i64, known: i64 },
    #[error("the name {name:?} is not allowed: {why}")]
    BadName { name: String, why: &'static str },
    #[error("the name {0:?} is taken")]
    NameTaken(String),
    #[error("the key {0} already belongs to an account")]
    KeyTaken(String),
    #[error("{0} is the account's last key: add another first")]
    LastKey(String),
    #[error("the account has no key {0}")]
    NoKey(String),
    #[error("there is no account #{0}")]
    NoAccount(AccountId),
    #[error("there is no player called {0:?}")]
    NoName(String),
    #[error("there is no game #{0}")]
    NoGame(GameId),
    #[error("there is no open challenge #{0}")]
    NoChallenge(ChallengeId),
    #[error("game #{0} is over: it takes no more moves")]
    GameOver(GameId),
    #[error("game #{game} expects ply {expected} next, not ply {got}")]
    WrongPly { game: GameId, expected: u32, got: u32 },
    #[error(
        "game #{game}: ply {ply} was played at {at_ms}, at or after its clock's deadline {deadline}: the flag has fallen"
    )]
    PastDeadline { game: GameId, ply: u32, at_ms: u64, deadline: u64 },
    #[error("game #{game}: no flag has fallen at ply {ply} by {at_ms} (its clock's deadline is {deadline:?})")]
    NotDue { game: GameId, ply: u32, at_ms: u64, deadline: Option<u64> },
    #[error("game #{game} has {rows} rating history rows: a rated game has two, one a player")]
    BadRatingHistory { game: GameId, rows: usize },
    #[error("{0:?} is not a result: 1-0, 0-1, 1/2-1/2, or * for an aborted game")]
    BadResult(String),
    /// A failure a test makes the storage answer (a full disk, a lost server).
    #[cfg(test)]
    #[error("{0}")]
    Injected(String),
    #[error("a store in memory has one connection only: open the store in a folder")]
    InMemory,
    #[error("stored game names {0:?}, which is no game this wormhole knows")]
    UnknownKind(String),
    #[error("the database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("the database: {0}")]
    Postgres(#[from] postgres::Error),
    #[error("cannot listen to the other server nodes: {0}")]
    Listen(String),
}

/// The store: one connection to the server's database.
pub struct Store {
    conn: Connection,
    /// The file, to open another connection to it; `None` in memory.
    path: Option<PathBuf>,
}

impl Store {
    /// Opens (or makes) the store in `dir`, applying any migration it lacks.
    pub fn open(dir: &Path) -> Result<Store, StoreError> {
        DirBuilder::new().recursive(true).mode(0o700).create(dir).map_err(|source| create_error(dir, source))?;
        let path = dir.join(DB_FILE);
        // Made here rather than by SQLite, so that it is the owner's only.
        OpenOptions::new()
            .create(true)
            .append(true)
            .mode(0o600)
            .open(&path)
            .map_err(|source| create_error(&path, source))?;
        let conn = Connection::open(&path)?;
        let mut store = Store::setup(conn, &path.display().to_string())?;
        store.path = Some(path);
        Ok(store)
    }

    /// Another connection to the same file (for a thread of its own); a
    /// store in memory has no other.
    pub fn open_again(&self) -> Result<Store, StoreError> {
        let path = self.path.as_ref().ok_or(StoreError::InMemory)?;
        let mut store = Store::setup(Connection::open(path)?, &path.display().to_string())?;
        store.path = Some(path.clone());
        Ok(store)
    }

    /// A store in memory: the same schema and rules, gone when dropped.
    #[cfg(test)]
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Store::setup(Connection::open_in_memory()?, ":memory:")
    }

    /// Sets the connection up (see the module docs) and migrates it.
    fn setup(conn: Connection, label: &str) -> Result<Store, StoreError> {
        conn.busy_timeout(BUSY_TIMEOUT)?;
        conn.pragma_update(None, "foreign_keys", true)?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        // Answers the mode it is in: "wal", or "memory" in memory.
        let _mode: String = conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))?;
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        let mut store = Store { conn, path: None };
        schema::migrate(&mut store.conn, label)?;
        Ok(store)
    }

    /// The newest schema version applied.
    pub fn version(&self) -> Result<i64, StoreError> {
        schema::version(&self.conn)
    }

    /// A write transaction that holds the write lock from its start.
    fn write(&mut self) -> Result<Transaction<'_>, StoreError> {
        Ok(self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?)
    }
}

fn create_error(path: &Path, source: std::io::Error) -> StoreError {
    StoreError::Create { path: path.to_path_buf(), source }
}

/// Now as Unix milliseconds, for the times the store takes itself (an
/// account's or key's creation, a migration's).
pub fn now_ms() -> u64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
}

/// A rating as stored in a row's columns `at`, `at + 1`, `at + 2`.
fn rating_at(row: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Rating> {
    Ok(Rating { rating: row.get(at)?, deviation: row.get(at + 1)?, volatility: row.get(at + 2)? })
}

/// A game's kind from its stored name (the GameKind's name, as `--variant`
/// takes it), in a row's column `at`.
fn kind_at(row: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<wormhole::GameKind> {
    let name: String = row.get(at)?;
    name.parse().map_err(|e: wormhole::ParseGameKindError| {
        rusqlite::Error::FromSqlConversionFailure(at, rusqlite::types::Type::Text, Box::new(e))
    })
}
