//! The schema's steps in PostgreSQL's SQL: the same tables, columns and
//! rules as SQLite's (`store/schema.rs`, which numbers the steps), with
//! PostgreSQL's types: `BIGSERIAL` ids (a sequence never gives a number
//! twice), `BIGINT` numbers and times, `BOOLEAN`, `DOUBLE PRECISION`
//! ratings, and names unique regardless of case through an index on
//! `lower(name)`.

/// Version 1: accounts and keys, games and moves, ratings and their history.
pub const V1: &str = "
CREATE TABLE accounts (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE UNIQUE INDEX accounts_by_name ON accounts (lower(name));
CREATE TABLE account_keys (
    fingerprint TEXT PRIMARY KEY,
    account BIGINT NOT NULL REFERENCES accounts(id),
    key_text TEXT NOT NULL,
    added_ms BIGINT NOT NULL
);
CREATE INDEX account_keys_by_account ON account_keys(account);
CREATE TABLE games (
    id BIGSERIAL PRIMARY KEY,
    variant TEXT NOT NULL,
    start_fen TEXT NOT NULL,
    white_account BIGINT REFERENCES accounts(id),
    white_engine BIGINT,
    black_account BIGINT REFERENCES accounts(id),
    black_engine BIGINT,
    rated BOOLEAN NOT NULL,
    clock_initial_ms BIGINT,
    clock_increment_ms BIGINT,
    created_ms BIGINT NOT NULL,
    result TEXT,
    termination TEXT,
    finished_ms BIGINT,
    CHECK ((white_account IS NULL) <> (white_engine IS NULL)),
    CHECK ((black_account IS NULL) <> (black_engine IS NULL)),
    CHECK ((clock_initial_ms IS NULL) = (clock_increment_ms IS NULL))
);
CREATE INDEX games_by_white ON games(white_account, created_ms);
CREATE INDEX games_by_black ON games(black_account, created_ms);
CREATE INDEX games_in_progress ON games(id) WHERE result IS NULL;
CREATE TABLE moves (
    game BIGINT NOT NULL REFERENCES games(id),
    ply BIGINT NOT NULL,
    mv TEXT NOT NULL,
    white_ms BIGINT NOT NULL,
    black_ms BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game, ply)
);
CREATE TABLE ratings (
    account BIGINT NOT NULL REFERENCES accounts(id),
    variant TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (account, variant)
);
CREATE INDEX ratings_by_variant ON ratings(variant, rating);
CREATE TABLE rating_history (
    account BIGINT NOT NULL REFERENCES accounts(id),
    game BIGINT NOT NULL REFERENCES games(id),
    variant TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (account, game)
);
CREATE INDEX rating_history_by_variant ON rating_history(account, variant, at_ms);
";

/// Version 2: open challenges.
pub const V2: &str = "
CREATE TABLE challenges (
    id BIGSERIAL PRIMARY KEY,
    account BIGINT NOT NULL REFERENCES accounts(id),
    variant TEXT NOT NULL,
    clock_initial_ms BIGINT,
    clock_increment_ms BIGINT,
    colour TEXT NOT NULL CHECK (colour IN ('white', 'black', 'random')),
    rated BOOLEAN NOT NULL,
    to_account BIGINT REFERENCES accounts(id),
    created_ms BIGINT NOT NULL,
    CHECK ((clock_initial_ms IS NULL) = (clock_increment_ms IS NULL))
);
";

/// Version 3: keys offered by `addkey`, bound once a signed connection confirms.
pub const V3: &str = "
CREATE TABLE key_offers (
    fingerprint TEXT NOT NULL,
    account BIGINT NOT NULL REFERENCES accounts(id),
    key_text TEXT NOT NULL,
    added_ms BIGINT NOT NULL,
    PRIMARY KEY (fingerprint, account)
);
";

/// Version 4: each finished game's clocks as they ended, and when a clock last ran.
pub const V4: &str = "
ALTER TABLE games ADD COLUMN final_white_ms BIGINT;
ALTER TABLE games ADD COLUMN final_black_ms BIGINT;
CREATE TABLE server_alive (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    at_ms BIGINT NOT NULL
);
";

/// Version 5: a challenge's start, as SQLite's version 5.
pub const V5: &str = "
ALTER TABLE challenges ADD COLUMN start_fen TEXT;
";

/// Version 6: presence across server nodes (PostgreSQL with several
/// nodes; SQLite keeps the tables empty): each node's heartbeat, and which
/// accounts have a session on which node.
pub const V6: &str = "
CREATE TABLE nodes (
    node TEXT PRIMARY KEY,
    seen_ms BIGINT NOT NULL
);
CREATE TABLE node_sessions (
    node TEXT NOT NULL,
    account BIGINT NOT NULL REFERENCES accounts(id),
    PRIMARY KEY (node, account)
);
";

/// Version 7: clocks as deadlines, as SQLite's version 7.
pub const V7: &str = "
ALTER TABLE games ADD COLUMN deadline_ms BIGINT;
CREATE INDEX games_by_deadline ON games(deadline_ms) WHERE result IS NULL AND deadline_ms IS NOT NULL;
";

/// Version 8: each game's next ply on its own row (see the SQLite step).
pub const V8: &str = "
ALTER TABLE games ADD COLUMN next_ply BIGINT NOT NULL DEFAULT 0;
UPDATE games SET next_ply = (SELECT COALESCE(MAX(ply) + 1, 0) FROM moves WHERE moves.game = games.id);
";

/// Version 9: each game's count of takebacks (see the SQLite step).
pub const V9: &str = "
ALTER TABLE games ADD COLUMN takebacks BIGINT NOT NULL DEFAULT 0;
";
