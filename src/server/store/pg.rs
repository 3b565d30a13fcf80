//! The store on PostgreSQL (`wormhole serve --database postgres://...`):
//! the same [`Records`] as the SQLite [`Store`], the same
//! schema steps ([`MIGRATIONS`]), the same
//! rules, through the synchronous `postgres` client. Its calls block, as
//! the SQLite store's do: the hub calls them from its own threads (session
//! threads, the writer, the ticker), never from inside the SSH server's
//! async runtime (the `postgres` client runs one of its own per connection,
//! which cannot be started from inside another).
//!
//! Writes that check before they change (a move's ply, a game still in
//! progress) lock the game's row first (`SELECT ... FOR UPDATE`), so that
//! two connections, or two server nodes, decide one after the other.
//!
//! Several nodes: each write that another node must hear of sends its
//! [`Note`] (`NOTIFY`, [`notify`]) in its own transaction, so the note goes
//! out when, and only if, the change is committed; [`Records::listen`]
//! hears the other nodes' ([`listen`]). A store's connections share one
//! node id ([`PgStore::node`]), so that a node ignores its own notes.

mod games;
mod listen;
pub(super) mod schema;

pub use listen::Listener;

use postgres::{Client, NoTls, Transaction};
use wormhole::GameKind;

use super::challenges::{colour_from, colour_text};
use crate::glicko::Rating;

use super::ratings::{PAGE_GAMES, RATING_CHANGE_SQL, change_of, summary};
use super::schema::{MIGRATIONS, known_version};
use super::*;

/// The store: one connection to a PostgreSQL database.
pub struct PgStore {
    client: Client,
    /// The connection URL, to open another connection.
    url: String,
    /// This node's id in its notes: random, shared by the node's connections.
    node: String,
    /// The statement that writes a batch of moves, once prepared on this connection.
    write_moves: Option<postgres::Statement>,
    /// The statements run most often (a session's sign-in and presence, a
    /// game's tail), each prepared once on this connection: then one round
    /// trip a run, where an unprepared text takes two.
    prepared: std::collections::HashMap<&'static str, postgres::Statement>,
}

/// Sends `note` from node `node` on the nodes' channel: within a
/// transaction, when (and if) it commits.
pub(super) fn notify(client: &mut impl postgres::GenericClient, node: &str, note: &Note) -> Result<(), StoreError> {
    client.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &note.payload(node)])?;
    Ok(())
}

/// Notes that an account (`$2`) has a session on a node (`$1`), with the
/// note `$4` on the channel `$3`, in one statement.
const PRESENT: &str = "WITH row AS (INSERT INTO node_sessions (node, account) VALUES ($1, $2) ON CONFLICT DO NOTHING)
    SELECT pg_notify($3, $4)";

/// Notes that an account has no session left on a node, as [`PRESENT`].
const ABSENT: &str = "WITH row AS (DELETE FROM node_sessions WHERE node = $1 AND account = $2)
    SELECT pg_notify($3, $4)";

/// A time or span as its `BIGINT` column (no time the server makes comes near the bound).
fn db(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// A `BIGINT` column as a time or span (the store writes none below zero).
fn ms(value: i64) -> u64 {
    u64::try_from(value).unwrap_or_default()
}

/// The URL without its password, to name the database in errors and logs.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user = &url[scheme + 3..at];
            let user = user.split(':').next().unwrap_or_default();
            format!("{}{user}{}", &url[..scheme + 3], &url[at..])
        }
        _ => url.to_string(),
    }
}

impl PgStore {
    /// Connects to the database at `url` and applies any migration it lacks.
    pub fn open(url: &str) -> Result<PgStore, StoreError> {
        PgStore::open_as(url, &format!("{:016x}", rand::random::<u64>()))
    }

    /// [`PgStore::open`] as node `node`.
    fn open_as(url: &str, node: &str) -> Result<PgStore, StoreError> {
        let client = Client::connect(url, NoTls)?;
        let mut store = PgStore {
            client,
            url: url.to_string(),
            node: node.to_string(),
            write_moves: None,
            prepared: Default::default(),
        };
        store.migrate()?;
        Ok(store)
    }

    /// The statement `sql`, prepared on this connection the first time.
    fn prepared(&mut self, sql: &'static str) -> Result<postgres::Statement, StoreError> {
        if let Some(statement) = self.prepared.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(sql)?;
        self.prepared.insert(sql, statement.clone());
        Ok(statement)
    }

    /// This node's id, as its notes carry it.
    pub fn node(&self) -> &str {
        &self.node
    }

    /// Applies every step the database lacks, under a lock that makes two
    /// nodes starting at once apply each step once; refuses a newer database.
    fn migrate(&mut self) -> Result<(), StoreError> {
        loop {
            let mut tx = self.client.transaction()?;
            // Any fixed number: the lock of wormhole's migrations.
            tx.execute("SELECT pg_advisory_xact_lock(5716809)", &[])?;
            tx.batch_execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL)",
            )?;
            let found: i64 = tx.query_one("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", &[])?.get(0);
            if found > known_version() {
                let path = redact(&self.url);
                return Err(StoreError::TooNew { path, found, known: known_version() });
            }
            let Some(step) = usize::try_from(found).ok().and_then(|i| MIGRATIONS.get(i)) else { return Ok(()) };
            tx.batch_execute(step.postgres)?;
            tx.execute(
                "INSERT INTO schema_migrations (version, applied_ms) VALUES ($1, $2)",
                &[&(found + 1), &db(now_ms())],
            )?;
            tx.commit()?;
        }
    }

    /// The newest schema version applied.
    pub fn version(&mut self) -> Result<i64, StoreError> {
        Ok(self.client.query_one("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", &[])?.get(0))
    }
}

/// One account found by a query whose one parameter is `param`.
fn one_account(
    tx: &mut impl postgres::GenericClient,
    filter: &str,
    param: &(dyn postgres::types::ToSql + Sync),
) -> Result<Option<Account>, StoreError> {
    let row = tx.query_opt(&format!("SELECT id, name FROM accounts {filter}"), &[param])?;
    Ok(row.map(|r| Account { id: AccountId(r.get(0)), name: r.get(1) }))
}

/// Fails with [`StoreError::KeyTaken`] when the fingerprint has an account.
fn check_key_free(tx: &mut Transaction<'_>, fp: &str) -> Result<(), StoreError> {
    let taken = tx.query_opt("SELECT 1 FROM account_keys WHERE fingerprint = $1", &[&fp])?.is_some();
    if taken { Err(StoreError::KeyTaken(fp.to_string())) } else { Ok(()) }
}

fn insert_key(tx: &mut Transaction<'_>, account: AccountId, fp: &str, text: &str) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO account_keys (fingerprint, account, key_text, added_ms) VALUES ($1, $2, $3, $4)",
        &[&fp, &account.0, &text, &db(now_ms())],
    )?;
    Ok(())
}

const BY_ID: &str = "WHERE id = $1";
const BY_NAME: &str = "WHERE lower(name) = lower($1)";

/// Accounts and keys.
impl PgStore {
    fn pg_register(&mut self, name: &str, fp: &str, key_text: &str) -> Result<Account, StoreError> {
        check_name(name)?;
        let mut tx = self.client.transaction()?;
        if one_account(&mut tx, BY_NAME, &name)?.is_some() {
            return Err(StoreError::NameTaken(name.to_string()));
        }
        check_key_free(&mut tx, fp)?;
        let row = tx
            .query_one("INSERT INTO accounts (name, created_ms) VALUES ($1, $2) RETURNING id", &[&name, &db(now_ms())]);
        let account = Account { id: AccountId(row?.get(0)), name: name.to_string() };
        insert_key(&mut tx, account.id, fp, key_text)?;
        tx.commit()?;
        Ok(account)
    }

    fn pg_offer_key(&mut self, account: AccountId, fp: &str, key_text: &str) -> Result<(), StoreError> {
        let mut tx = self.client.transaction()?;
        if one_account(&mut tx, BY_ID, &account.0)?.is_none() {
            return Err(StoreError::NoAccount(account));
        }
        check_key_free(&mut tx, fp)?;
        tx.execute(
            "INSERT INTO key_offers (fingerprint, account, key_text, added_ms) VALUES ($1, $2, $3, $4)
             ON CONFLICT (fingerprint, account) DO UPDATE SET key_text = excluded.key_text, added_ms = excluded.added_ms",
            &[&fp, &account.0, &key_text, &db(now_ms())],
        )?;
        tx.commit()?;
        Ok(())
    }

    fn pg_confirm_key(&mut self, fp: &str, account: AccountId) -> Result<(), StoreError> {
        let mut tx = self.client.transaction()?;
        let row = tx
            .query_opt("SELECT key_text FROM key_offers WHERE fingerprint = $1 AND account = $2", &[&fp, &account.0])?;
        let Some(row) = row else { return Err(StoreError::NoKey(fp.to_string())) };
        let text: String = row.get(0);
        check_key_free(&mut tx, fp)?;
        insert_key(&mut tx, account, fp, &text)?;
        tx.execute("DELETE FROM key_offers WHERE fingerprint = $1", &[&fp])?;
        tx.commit()?;
        Ok(())
    }

    fn pg_remove_key(&mut self, account: AccountId, fp: &str) -> Result<(), StoreError> {
        let mut tx = self.client.transaction()?;
        let offers =
            tx.execute("DELETE FROM key_offers WHERE fingerprint = $1 AND account = $2", &[&fp, &account.0])?;
        if offers == 0 {
            let bound: Vec<String> = tx
                .query("SELECT fingerprint FROM account_keys WHERE account = $1 FOR UPDATE", &[&account.0])?
                .iter()
                .map(|r| r.get(0))
                .collect();
            if !bound.iter().any(|k| k == fp) {
                return Err(StoreError::NoKey(fp.to_string()));
            }
            if bound.len() <= 1 {
                return Err(StoreError::LastKey(fp.to_string()));
            }
            tx.execute("DELETE FROM account_keys WHERE account = $1 AND fingerprint = $2", &[&account.0, &fp])?;
        }
        tx.commit()?;
        Ok(())
    }
}

/// Challenges, the clock's note, ratings and pages.
impl PgStore {
    fn pg_add_challenge(&mut self, from: AccountId, spec: &ChallengeSpec, now: u64) -> Result<ChallengeId, StoreError> {
        let mut tx = self.client.transaction()?;
        if one_account(&mut tx, BY_ID, &from.0)?.is_none() {
            return Err(StoreError::NoAccount(from));
        }
        let to = match &spec.to {
            Some(name) => {
                Some(one_account(&mut tx, BY_NAME, name)?.ok_or_else(|| StoreError::NoName(name.clone()))?.id.0)
            }
            None => None,
        };
        let (initial, increment) = (spec.clock.map(|c| db(c.0)), spec.clock.map(|c| db(c.1)));
        let row = tx.query_one(
            "INSERT INTO challenges (account, variant, clock_initial_ms, clock_increment_ms, colour, rated,
             to_account, created_ms, start_fen) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
            &[
                &from.0,
                &spec.kind.name(),
                &initial,
                &increment,
                &colour_text(spec.colour),
                &spec.rated,
                &to,
                &db(now),
                &spec.start_fen,
            ],
        )?;
        notify(&mut tx, &self.node, &Note::Challenges)?;
        tx.commit()?;
        Ok(ChallengeId(row.get(0)))
    }

    fn pg_challenges(&mut self) -> Result<Vec<StoredChallenge>, StoreError> {
        let rows = self.client.query(
            "SELECT c.id, c.account, f.name, c.variant, c.clock_initial_ms, c.clock_increment_ms, c.colour, c.rated,
             t.name, c.created_ms, c.start_fen
             FROM challenges c JOIN accounts f ON f.id = c.account LEFT JOIN accounts t ON t.id = c.to_account
             ORDER BY c.id",
            &[],
        )?;
        rows.iter()
            .map(|row| {
                let clock = games::pair(row, 4).map(|(initial, increment)| (ms(initial), ms(increment)));
                let spec = ChallengeSpec {
                    kind: games::kind(row.get(3))?,
                    clock,
                    colour: colour_from(row.get(6)),
                    rated: row.get(7),
                    to: row.get(8),
                    start_fen: row.get(10),
                };
                let from = Account { id: AccountId(row.get(1)), name: row.get(2) };
                Ok(StoredChallenge { id: ChallengeId(row.get(0)), from, spec, created_ms: ms(row.get(9)) })
            })
            .collect()
    }

    fn pg_leaderboard(&mut self, kind: GameKind, limit: usize) -> Result<Vec<LeaderRow>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = self.client.query(
            "SELECT a.name, r.rating, r.deviation, r.volatility, r.games FROM ratings r
             JOIN accounts a ON a.id = r.account WHERE r.variant = $1 AND r.games > 0
             ORDER BY r.rating DESC, a.name LIMIT $2",
            &[&kind.name(), &limit],
        )?;
        let games = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
        Ok(rows.iter().map(|r| LeaderRow { name: r.get(0), rating: rating_at(r, 1), games: games(r.get(4)) }).collect())
    }

    fn pg_player(&mut self, name: &str) -> Result<Option<PlayerPage>, StoreError> {
        let Some(account) = one_account(&mut self.client, BY_NAME, &name)? else { return Ok(None) };
        let (mut ratings, mut history) = (Vec::new(), Vec::new());
        for kind in GameKind::ALL {
            let rows = self.client.query(
                "SELECT at_ms, rating, deviation, volatility FROM rating_history
                 WHERE account = $1 AND variant = $2 ORDER BY at_ms, game",
                &[&account.id.0, &kind.name()],
            )?;
            let points: Vec<(u64, Rating)> = rows.iter().map(|r| (ms(r.get(0)), rating_at(r, 1))).collect();
            if let Some(&(_, last)) = points.last() {
                ratings.push((kind, last));
                history.push((kind, points));
            }
        }
        let recent = games::games_of(&mut self.client, account.id, PAGE_GAMES)?.into_iter().map(summary).collect();
        Ok(Some(PlayerPage { account, ratings, recent, history }))
    }
}

/// A rating from the columns `at`, `at + 1`, `at + 2`.
fn rating_at(row: &postgres::Row, at: usize) -> Rating {
    Rating { rating: row.get(at), deviation: row.get(at + 1), volatility: row.get(at + 2) }
}

impl Records for PgStore {
    fn open_again(&mut self) -> Result<Box<dyn Records>, StoreError> {
        Ok(Box::new(PgStore::open_as(&self.url, &self.node)?))
    }
    fn account_by_key(&mut self, fp: &str) -> Result<Option<Account>, StoreError> {
        let find = self.prepared(
            "SELECT id, name FROM accounts WHERE id = (SELECT account FROM account_keys WHERE fingerprint = $1)",
        )?;
        let row = self.client.query_opt(&find, &[&fp])?;
        Ok(row.map(|r| Account { id: AccountId(r.get(0)), name: r.get(1) }))
    }
    fn account_by_name(&mut self, name: &str) -> Result<Option<Account>, StoreError> {
        one_account(&mut self.client, BY_NAME, &name)
    }
    fn register(&mut self, name: &str, fp: &str, key_text: &str) -> Result<Account, StoreError> {
        self.pg_register(name, fp, key_text)
    }
    fn offer_key(&mut self, account: AccountId, fp: &str, key_text: &str) -> Result<(), StoreError> {
        self.pg_offer_key(account, fp, key_text)
    }
    fn key_offers(&mut self, fp: &str) -> Result<Vec<Account>, StoreError> {
        let rows = self.client.query(
            "SELECT a.id, a.name FROM key_offers o JOIN accounts a ON a.id = o.account
             WHERE o.fingerprint = $1 ORDER BY o.added_ms, a.id",
            &[&fp],
        )?;
        Ok(rows.iter().map(|r| Account { id: AccountId(r.get(0)), name: r.get(1) }).collect())
    }
    fn confirm_key(&mut self, fp: &str, account: AccountId) -> Result<(), StoreError> {
        self.pg_confirm_key(fp, account)
    }
    fn refuse_key_offers(&mut self, fp: &str) -> Result<(), StoreError> {
        self.client.execute("DELETE FROM key_offers WHERE fingerprint = $1", &[&fp])?;
        Ok(())
    }
    fn account_keys(&mut self, account: AccountId) -> Result<Vec<KeyRow>, StoreError> {
        let rows = self.client.query(
            "SELECT fingerprint, false FROM account_keys WHERE account = $1
             UNION ALL SELECT fingerprint, true FROM key_offers WHERE account = $1",
            &[&account.0],
        )?;
        Ok(rows.iter().map(|r| KeyRow { fingerprint: r.get(0), pending: r.get(1) }).collect())
    }
    fn remove_key(&mut self, account: AccountId, fp: &str) -> Result<(), StoreError> {
        self.pg_remove_key(account, fp)
    }
    fn create_game(&mut self, game: &NewGame, now_ms: u64) -> Result<GameId, StoreError> {
        let mut tx = self.client.transaction()?;
        let id = games::insert_game(&mut tx, game, now_ms)?;
        notify(&mut tx, &self.node, &Note::Game(id))?;
        tx.commit()?;
        Ok(id)
    }
    fn add_moves(&mut self, moves: &[MoveWrite]) -> BatchResult {
        if moves.is_empty() {
            return Ok(Vec::new());
        }
        let write = match &self.write_moves {
            Some(statement) => statement.clone(),
            None => self.write_moves.insert(self.client.prepare(games::WRITE_MOVES)?).clone(),
        };
        games::add_moves(&mut self.client, &write, &self.node, moves)
    }
    fn take_back(&mut self, game: GameId, keep: u32, deadline_ms: Option<u64>) -> Result<(), StoreError> {
        let mut tx = self.client.transaction()?;
        games::open_game(&mut tx, game)?;
        tx.execute("DELETE FROM moves WHERE game = $1 AND ply >= $2", &[&game.0, &i64::from(keep)])?;
        tx.execute(
            "UPDATE games SET next_ply = LEAST(next_ply, $1), takebacks = takebacks + 1 WHERE id = $2",
            &[&i64::from(keep), &game.0],
        )?;
        games::set_deadline(&mut tx, game, deadline_ms)?;
        notify(&mut tx, &self.node, &Note::Game(game))?;
        tx.commit()?;
        Ok(())
    }
    fn finish_game(&mut self, game: GameId, end: &Finish) -> Result<Option<RatingChange>, StoreError> {
        games::finish_game(&mut self.client, &self.node, game, end)
    }
    fn rating_change(&mut self, game: GameId) -> Result<Option<RatingChange>, StoreError> {
        let rows = self.client.query(RATING_CHANGE_SQL, &[&game.0])?;
        let before = |r: &postgres::Row| r.get::<_, Option<f64>>(3).map(|_| rating_at(r, 3)).unwrap_or_default();
        change_of(game, rows.iter().map(|r| (before(r), rating_at(r, 0))).collect())
    }
    fn set_alive(&mut self, at_ms: u64) -> Result<(), StoreError> {
        self.client.execute(
            "INSERT INTO server_alive (id, at_ms) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET at_ms = $1",
            &[&db(at_ms)],
        )?;
        Ok(())
    }
    fn last_alive(&mut self) -> Result<Option<u64>, StoreError> {
        let row = self.client.query_opt("SELECT at_ms FROM server_alive WHERE id = 1", &[])?;
        Ok(row.map(|r| ms(r.get(0))))
    }
    fn resume_clocks(&mut self, now_ms: u64, clocks: &[ResumedClock]) -> Result<usize, StoreError> {
        games::resume_clocks(&mut self.client, now_ms, clocks)
    }
    fn overdue_games(&mut self, now_ms: u64) -> Result<Vec<GameId>, StoreError> {
        let rows = self.client.query(
            "SELECT id FROM games WHERE result IS NULL AND deadline_ms IS NOT NULL AND deadline_ms <= $1 ORDER BY id",
            &[&db(now_ms)],
        )?;
        Ok(rows.iter().map(|r| GameId(r.get(0))).collect())
    }
    fn add_challenge(&mut self, from: AccountId, spec: &ChallengeSpec, now_ms: u64) -> Result<ChallengeId, StoreError> {
        self.pg_add_challenge(from, spec, now_ms)
    }
    fn remove_challenge(&mut self, id: ChallengeId) -> Result<(), StoreError> {
        let mut tx = self.client.transaction()?;
        if tx.execute("DELETE FROM challenges WHERE id = $1", &[&id.0])? == 0 {
            return Err(StoreError::NoChallenge(id));
        }
        notify(&mut tx, &self.node, &Note::Challenges)?;
        tx.commit()?;
        Ok(())
    }
    fn accept_challenge(&mut self, id: ChallengeId, game: &NewGame, now_ms: u64) -> Result<GameId, StoreError> {
        let mut tx = self.client.transaction()?;
        if tx.execute("DELETE FROM challenges WHERE id = $1", &[&id.0])? == 0 {
            return Err(StoreError::NoChallenge(id));
        }
        let game = games::insert_game(&mut tx, game, now_ms)?;
        notify(&mut tx, &self.node, &Note::Challenges)?;
        notify(&mut tx, &self.node, &Note::Game(game))?;
        tx.commit()?;
        Ok(game)
    }
    fn challenges(&mut self) -> Result<Vec<StoredChallenge>, StoreError> {
        self.pg_challenges()
    }
    fn active_games(&mut self) -> Result<Vec<StoredGame>, StoreError> {
        games::games_where(&mut self.client, "WHERE g.result IS NULL ORDER BY g.id", &[])
    }
    fn game(&mut self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        Ok(games::games_where(&mut self.client, "WHERE g.id = $1", &[&id.0])?.pop())
    }
    fn game_since(&mut self, id: GameId, from: u32) -> Result<Option<GameTail>, StoreError> {
        let read = self.prepared(games::GAME_SINCE)?;
        games::game_since(&mut self.client, &read, id, from)
    }
    fn leaderboard(&mut self, kind: GameKind, limit: usize) -> Result<Vec<LeaderRow>, StoreError> {
        self.pg_leaderboard(kind, limit)
    }
    fn player(&mut self, name: &str) -> Result<Option<PlayerPage>, StoreError> {
        self.pg_player(name)
    }
    fn announce(&mut self, note: &Note) -> Result<(), StoreError> {
        notify(&mut self.client, &self.node, note)
    }
    fn heartbeat(&mut self, at_ms: u64, forget_ms: u64) -> Result<(), StoreError> {
        let mut tx = self.client.transaction()?;
        tx.execute(
            "INSERT INTO nodes (node, seen_ms) VALUES ($1, $2) ON CONFLICT (node) DO UPDATE SET seen_ms = $2",
            &[&self.node, &db(at_ms)],
        )?;
        let dead = db(at_ms.saturating_sub(forget_ms));
        tx.execute("DELETE FROM node_sessions WHERE node IN (SELECT node FROM nodes WHERE seen_ms < $1)", &[&dead])?;
        tx.execute("DELETE FROM nodes WHERE seen_ms < $1", &[&dead])?;
        tx.commit()?;
        Ok(())
    }
    fn set_presence(&mut self, account: &Account, here: bool) -> Result<(), StoreError> {
        // One statement (its own transaction, one round trip): the row and the note.
        let write = self.prepared(if here { PRESENT } else { ABSENT })?;
        let note = Note::Presence.payload(&self.node);
        self.client.execute(&write, &[&self.node, &account.id.0, &CHANNEL, &note])?;
        Ok(())
    }
    fn online_elsewhere(&mut self, since_ms: u64) -> Result<Vec<Account>, StoreError> {
        let read = self.prepared(
            "SELECT DISTINCT a.id, a.name FROM node_sessions s JOIN nodes n ON n.node = s.node
             JOIN accounts a ON a.id = s.account WHERE s.node <> $1 AND n.seen_ms >= $2 ORDER BY a.id",
        )?;
        let rows = self.client.query(&read, &[&self.node, &db(since_ms)])?;
        Ok(rows.iter().map(|r| Account { id: AccountId(r.get(0)), name: r.get(1) }).collect())
    }
    fn listen(&mut self) -> Result<Option<Listener>, StoreError> {
        listen::listen(&self.url, &self.node).map(Some)
    }
}
