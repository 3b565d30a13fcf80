//! The schema's migrations: numbered steps, each an SQL text for SQLite and
//! one for PostgreSQL, applied once each, in order, each in its own
//! transaction, recorded in `schema_migrations`. A new version is a new
//! step at the end of [`MIGRATIONS`], with both texts; a text once
//! released never changes, since databases out there already ran it.

use rusqlite::{Connection, TransactionBehavior, params};

use super::{StoreError, now_ms};

/// One schema version, in each engine's SQL.
pub(super) struct SchemaStep {
    pub sqlite: &'static str,
    pub postgres: &'static str,
}

/// The migrations: version `i + 1` is `MIGRATIONS[i]`.
pub(super) const MIGRATIONS: &[SchemaStep] = &[
    SchemaStep { sqlite: V1, postgres: super::pg::schema::V1 },
    SchemaStep { sqlite: V2, postgres: super::pg::schema::V2 },
    SchemaStep { sqlite: V3, postgres: super::pg::schema::V3 },
    SchemaStep { sqlite: V4, postgres: super::pg::schema::V4 },
    SchemaStep { sqlite: V5, postgres: super::pg::schema::V5 },
    SchemaStep { sqlite: V6, postgres: super::pg::schema::V6 },
    SchemaStep { sqlite: V7, postgres: super::pg::schema::V7 },
    SchemaStep { sqlite: V8, postgres: super::pg::schema::V8 },
    SchemaStep { sqlite: V9, postgres: super::pg::schema::V9 },
];

/// Version 1: accounts and keys, games and moves, ratings and their history.
const V1: &str = "
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created_ms INTEGER NOT NULL
);
CREATE TABLE account_keys (
    fingerprint TEXT PRIMARY KEY,
    account INTEGER NOT NULL REFERENCES accounts(id),
    key_text TEXT NOT NULL,
    added_ms INTEGER NOT NULL
);
CREATE INDEX account_keys_by_account ON account_keys(account);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    variant TEXT NOT NULL,
    start_fen TEXT NOT NULL,
    white_account INTEGER REFERENCES accounts(id),
    white_engine INTEGER,
    black_account INTEGER REFERENCES accounts(id),
    black_engine INTEGER,
    rated INTEGER NOT NULL,
    clock_initial_ms INTEGER,
    clock_increment_ms INTEGER,
    created_ms INTEGER NOT NULL,
    result TEXT,
    termination TEXT,
    finished_ms INTEGER,
    CHECK ((white_account IS NULL) <> (white_engine IS NULL)),
    CHECK ((black_account IS NULL) <> (black_engine IS NULL)),
    CHECK ((clock_initial_ms IS NULL) = (clock_increment_ms IS NULL))
);
CREATE INDEX games_by_white ON games(white_account, created_ms);
CREATE INDEX games_by_black ON games(black_account, created_ms);
CREATE INDEX games_in_progress ON games(id) WHERE result IS NULL;
CREATE TABLE moves (
    game INTEGER NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    mv TEXT NOT NULL,
    white_ms INTEGER NOT NULL,
    black_ms INTEGER NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (game, ply)
) WITHOUT ROWID;
CREATE TABLE ratings (
    account INTEGER NOT NULL REFERENCES accounts(id),
    variant TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (account, variant)
);
CREATE INDEX ratings_by_variant ON ratings(variant, rating);
CREATE TABLE rating_history (
    account INTEGER NOT NULL REFERENCES accounts(id),
    game INTEGER NOT NULL REFERENCES games(id),
    variant TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    PRIMARY KEY (account, game)
);
CREATE INDEX rating_history_by_variant ON rating_history(account, variant, at_ms);
";

/// Version 2: open challenges, kept across restarts until accepted,
/// declined, withdrawn or expired. `to_account` is the player challenged by
/// name (`NULL`: open to anyone); AUTOINCREMENT so that a number players
/// saw is never given to another challenge.
const V2: &str = "
CREATE TABLE challenges (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account INTEGER NOT NULL REFERENCES accounts(id),
    variant TEXT NOT NULL,
    clock_initial_ms INTEGER,
    clock_increment_ms INTEGER,
    colour TEXT NOT NULL CHECK (colour IN ('white', 'black', 'random')),
    rated INTEGER NOT NULL,
    to_account INTEGER REFERENCES accounts(id),
    created_ms INTEGER NOT NULL,
    CHECK ((clock_initial_ms IS NULL) = (clock_increment_ms IS NULL))
);
";

/// Version 3: keys offered by `addkey`, bound to the account only once a
/// connection signed with the key confirms (issue #54: a public key is
/// public, so pasting one proves nothing). Several accounts may offer one key.
const V3: &str = "
CREATE TABLE key_offers (
    fingerprint TEXT NOT NULL,
    account INTEGER NOT NULL REFERENCES accounts(id),
    key_text TEXT NOT NULL,
    added_ms INTEGER NOT NULL,
    PRIMARY KEY (fingerprint, account)
);
";

/// Version 4: fair clocks. Each finished game's clocks as they ended
/// (White's, Black's; `NULL` for an untimed game or one finished before),
/// and when the server was last seen running a clock (one row): after a
/// restart, the time it was down is charged to nobody.
const V4: &str = "
ALTER TABLE games ADD COLUMN final_white_ms INTEGER;
ALTER TABLE games ADD COLUMN final_black_ms INTEGER;
CREATE TABLE server_alive (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at_ms INTEGER NOT NULL
);
";

/// Version 5: a challenge's start, when its challenger set one up
/// (Linked-portal chess's portals; `NULL`: the game's own start).
const V5: &str = "
ALTER TABLE challenges ADD COLUMN start_fen TEXT;
";

/// Version 6: presence across server nodes (PostgreSQL with several
/// nodes; SQLite keeps the tables empty): each node's heartbeat, and which
/// accounts have a session on which node.
const V6: &str = "
CREATE TABLE nodes (
    node TEXT PRIMARY KEY,
    seen_ms INTEGER NOT NULL
);
CREATE TABLE node_sessions (
    node TEXT NOT NULL,
    account INTEGER NOT NULL REFERENCES accounts(id),
    PRIMARY KEY (node, account)
);
";

/// Version 7: clocks as deadlines. While a timed game's clock runs, the
/// instant the side to move's flag falls (Unix ms), written in the
/// transaction of each move and takeback (and moved on by a restart, which
/// charges its downtime to nobody), so that any server node can decide
/// the flag from the database alone; `NULL` while no clock runs. Games in
/// progress from before get theirs when the server starts (it writes every
/// running clock's deadline as it resumes them).
const V7: &str = "
ALTER TABLE games ADD COLUMN deadline_ms INTEGER;
CREATE INDEX games_by_deadline ON games(deadline_ms) WHERE result IS NULL AND deadline_ms IS NOT NULL;
";

/// Version 8: each game's next ply on its own row, so that a move is
/// accepted by one compare-and-set on the game (its ply, still in
/// progress, its deadline not passed).
const V8: &str = "
ALTER TABLE games ADD COLUMN next_ply INTEGER NOT NULL DEFAULT 0;
UPDATE games SET next_ply = (SELECT COALESCE(MAX(ply) + 1, 0) FROM moves WHERE moves.game = games.id);
";

/// Version 9: how many times each game's moves were taken back, counted
/// in the takeback's own write. Only a takeback changes a move already
/// stored, so a server node whose count of a game is the stored one holds
/// a beginning of its stored moves, and reads only the moves after it
/// when another node tells it the game changed ([`super::GameTail`]).
const V9: &str = "
ALTER TABLE games ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 0;
";

/// The newest version this program knows.
pub(super) fn known_version() -> i64 {
    i64::try_from(MIGRATIONS.len()).unwrap_or(i64::MAX)
}

/// Applies every migration the database lacks; refuses a database newer
/// than this program. `label` names the file in the error.
pub(super) fn migrate(conn: &mut Connection, label: &str) -> Result<(), StoreError> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_ms INTEGER NOT NULL)",
    )?;
    loop {
        // Immediate: two programs opening one new file at once apply each
        // migration once, the second finding it done.
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let found = version(&tx)?;
        if found > known_version() {
            return Err(StoreError::TooNew { path: label.to_string(), found, known: known_version() });
        }
        let Some(step) = usize::try_from(found).ok().and_then(|i| MIGRATIONS.get(i)) else { return Ok(()) };
        tx.execute_batch(step.sqlite)?;
        tx.execute(
            "INSERT INTO schema_migrations (version, applied_ms) VALUES (?1, ?2)",
            params![found + 1, now_ms()],
        )?;
        tx.commit()?;
    }
}

/// The newest version applied to the database (0 for a new one).
pub(super) fn version(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn.query_row("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", [], |row| row.get(0))?)
}
