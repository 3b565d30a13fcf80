//! Games on PostgreSQL: created, played a committed move at a time, finished
//! and rated, read back whole.

use postgres::types::ToSql;
use postgres::{Client, GenericClient, Row, Transaction};
use wormhole::GameKind;

use super::{db, ms, notify, rating_at};
use crate::glicko::Rating;
use crate::server::store::ratings::{after_game, white_score};
use crate::server::store::*;

/// Two nullable columns that are both set or both not.
pub(super) fn pair(row: &Row, at: usize) -> Option<(i64, i64)> {
    match (row.get(at), row.get(at + 1)) {
        (Some(first), Some(second)) => Some((first, second)),
        _ => None,
    }
}

/// A game's kind from its stored name.
pub(super) fn kind(name: String) -> Result<GameKind, StoreError> {
    name.parse().map_err(|_| StoreError::UnknownKind(name))
}

/// A seat from its columns at `at`: account, account name, engine level.
fn seat(row: &Row, at: usize) -> Seat {
    match (row.get::<_, Option<i64>>(at), row.get::<_, Option<String>>(at + 1)) {
        (Some(id), Some(name)) => Seat::Player(Account { id: AccountId(id), name }),
        _ => {
            let level = row.get::<_, Option<i64>>(at + 2).unwrap_or_default();
            Seat::Engine { level: u8::try_from(level).unwrap_or_default() }
        }
    }
}

const GAME_SELECT: &str = "SELECT g.id, g.variant, g.start_fen, g.white_account, w.name, g.white_engine,
    g.black_account, b.name, g.black_engine, g.rated, g.clock_initial_ms, g.clock_increment_ms, g.created_ms,
    g.result, g.termination, g.final_white_ms, g.final_black_ms, g.deadline_ms
    FROM games g LEFT JOIN accounts w ON w.id = g.white_account LEFT JOIN accounts b ON b.id = g.black_account";

/// A game without its moves, from a row of [`GAME_SELECT`].
fn game_from(row: &Row) -> Result<StoredGame, StoreError> {
    let result = row.get::<_, Option<String>>(13).map(|result| (result, row.get(14)));
    let game = NewGame {
        kind: kind(row.get(1))?,
        start_fen: row.get(2),
        seats: [seat(row, 3), seat(row, 6)],
        rated: row.get(9),
        clock: pair(row, 10).map(|(initial, increment)| (ms(initial), ms(increment))),
    };
    Ok(StoredGame {
        id: GameId(row.get(0)),
        game,
        created_ms: ms(row.get(12)),
        moves: Vec::new(),
        result,
        final_clocks: pair(row, 15).map(|(white, black)| [white, black]),
        deadline_ms: row.get::<_, Option<i64>>(17).map(ms),
    })
}

/// The games of a filtered [`GAME_SELECT`], each with its moves.
pub(super) fn games_where(
    client: &mut impl GenericClient,
    filter: &str,
    params: &[&(dyn ToSql + Sync)],
) -> Result<Vec<StoredGame>, StoreError> {
    let rows = client.query(&format!("{GAME_SELECT} {filter}"), params)?;
    let mut games = rows.iter().map(game_from).collect::<Result<Vec<_>, _>>()?;
    for game in &mut games {
        let moves = client
            .query("SELECT mv, white_ms, black_ms, at_ms FROM moves WHERE game = $1 ORDER BY ply", &[&game.id.0])?;
        game.moves = moves
            .iter()
            .map(|r| StoredMove { mv: r.get(0), white_ms: r.get(1), black_ms: r.get(2), at_ms: ms(r.get(3)) })
            .collect();
    }
    Ok(games)
}

/// A player's games, newest first, at most `limit`.
pub(super) fn games_of(client: &mut Client, account: AccountId, limit: u32) -> Result<Vec<StoredGame>, StoreError> {
    let filter = "WHERE g.white_account = $1 OR g.black_account = $1 ORDER BY g.created_ms DESC, g.id DESC LIMIT $2";
    games_where(client, filter, &[&account.0, &i64::from(limit)])
}

/// A game in progress, within a write, its row locked until the write
/// ends: its next ply. Refuses a game that does not exist or is over.
pub(super) fn open_game(tx: &mut Transaction<'_>, game: GameId) -> Result<u32, StoreError> {
    let Some(row) = tx.query_opt("SELECT result IS NOT NULL FROM games WHERE id = $1 FOR UPDATE", &[&game.0])? else {
        return Err(StoreError::NoGame(game));
    };
    if row.get(0) {
        return Err(StoreError::GameOver(game));
    }
    let next: i64 = tx.query_one("SELECT COALESCE(MAX(ply) + 1, 0) FROM moves WHERE game = $1", &[&game.0])?.get(0);
    Ok(u32::try_from(next).unwrap_or(u32::MAX))
}

/// Sets a game's deadline within a write.
pub(super) fn set_deadline(tx: &mut Transaction<'_>, game: GameId, deadline: Option<u64>) -> Result<(), StoreError> {
    tx.execute("UPDATE games SET deadline_ms = $1 WHERE id = $2", &[&deadline.map(db), &game.0])?;
    Ok(())
}

/// Checks a flag within a write, the game's row locked (see
/// [`Finish::flag`]): `next` is the game's next ply.
fn check_flag(tx: &mut Transaction<'_>, game: GameId, next: u32, end: &Finish) -> Result<(), StoreError> {
    let Some(ply) = end.flag else { return Ok(()) };
    let row = tx.query_one("SELECT deadline_ms FROM games WHERE id = $1", &[&game.0])?;
    let deadline = row.get::<_, Option<i64>>(0).map(ms);
    if next != ply || deadline.is_none_or(|d| d > end.at_ms) {
        return Err(StoreError::NotDue { game, ply, at_ms: end.at_ms, deadline });
    }
    Ok(())
}

/// Resumes running clocks at a start (see [`Records::resume_clocks`]).
pub(super) fn resume_clocks(client: &mut Client, now: u64, clocks: &[ResumedClock]) -> Result<usize, StoreError> {
    let mut tx = client.transaction()?;
    let mut moved = 0;
    for c in clocks {
        moved += tx.execute(
            "UPDATE games SET deadline_ms = $1 WHERE id = $2 AND result IS NULL AND deadline_ms IS NOT DISTINCT FROM $3",
            &[&db(c.to), &c.game.0, &c.from.map(db)],
        )?;
    }
    tx.execute(
        "INSERT INTO server_alive (id, at_ms) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET at_ms = $1",
        &[&db(now)],
    )?;
    tx.commit()?;
    Ok(usize::try_from(moved).unwrap_or(usize::MAX))
}

/// A game's row locked, and whether it is over.
const LOCK_GAME: &str = "SELECT result IS NOT NULL FROM games WHERE id = $1 FOR UPDATE";
/// A game's next ply: a statement of its own, after the lock, so that
/// it sees a move another writer committed while this one waited.
const NEXT_PLY: &str = "SELECT COALESCE(MAX(ply) + 1, 0) FROM moves WHERE game = $1";

/// A move stored, its game's deadline set and its note sent: one statement.
const WRITE_MOVE: &str = "WITH m AS (INSERT INTO moves (game, ply, mv, white_ms, black_ms, at_ms)
        VALUES ($1, $2, $3, $4, $5, $6)),
    d AS (UPDATE games SET deadline_ms = $7 WHERE id = $1)
    SELECT pg_notify($8, $9)";

/// Commits moves of any games in one transaction. Each move is checked
/// first (its game's row locked: there, going on, at that ply) and written
/// only if it passes, so a refused move leaves the others stored; the
/// statements are prepared once a batch, so a move costs three round
/// trips to the database (the writer's throughput on PostgreSQL is bound by them).
pub(super) fn add_moves(client: &mut Client, node: &str, moves: &[MoveWrite]) -> BatchResult {
    let mut tx = client.transaction()?;
    let (lock, next, write) = (tx.prepare(LOCK_GAME)?, tx.prepare(NEXT_PLY)?, tx.prepare(WRITE_MOVE)?);
    let mut results = Vec::with_capacity(moves.len());
    for w in moves {
        let (game, ply, m) = (w.game, w.ply, &w.stored);
        let result = match tx.query_opt(&lock, &[&game.0])? {
            None => Err(StoreError::NoGame(game)),
            Some(row) if row.get::<_, bool>(0) => Err(StoreError::GameOver(game)),
            Some(_) => {
                let expected = u32::try_from(tx.query_one(&next, &[&game.0])?.get::<_, i64>(0)).unwrap_or(u32::MAX);
                if ply == expected { Ok(()) } else { Err(StoreError::WrongPly { game, expected, got: ply }) }
            }
        };
        if result.is_ok() {
            let (note, deadline) = (Note::Game(game).payload(node), w.deadline_ms.map(db));
            let params: [&(dyn ToSql + Sync); 9] =
                [&game.0, &i64::from(ply), &m.mv, &m.white_ms, &m.black_ms, &db(m.at_ms), &deadline, &CHANNEL, &note];
            tx.query_one(&write, &params)?;
        }
        results.push(result);
    }
    tx.commit()?;
    Ok(results)
}

/// Stores a new game within a write; refuses a player without an account.
pub(super) fn insert_game(tx: &mut Transaction<'_>, new: &NewGame, now_ms: u64) -> Result<GameId, StoreError> {
    let mut columns = Vec::new();
    for seat in &new.seats {
        match seat {
            Seat::Player(a) => {
                if tx.query_opt("SELECT 1 FROM accounts WHERE id = $1", &[&a.id.0])?.is_none() {
                    return Err(StoreError::NoAccount(a.id));
                }
                columns.push((Some(a.id.0), None));
            }
            Seat::Engine { level } => columns.push((None, Some(i64::from(*level)))),
        }
    }
    let [(white, white_engine), (black, black_engine)] = [columns[0], columns[1]];
    let (initial, increment) = (new.clock.map(|c| db(c.0)), new.clock.map(|c| db(c.1)));
    let row = tx.query_one(
        "INSERT INTO games (variant, start_fen, white_account, white_engine, black_account, black_engine,
             rated, clock_initial_ms, clock_increment_ms, created_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
        &[
            &new.kind.name(),
            &new.start_fen,
            &white,
            &white_engine,
            &black,
            &black_engine,
            &new.rated,
            &initial,
            &increment,
            &db(now_ms),
        ],
    )?;
    Ok(GameId(row.get(0)))
}

fn read_rating(tx: &mut Transaction<'_>, account: AccountId, variant: &str) -> Result<Rating, StoreError> {
    let row = tx.query_opt(
        "SELECT rating, deviation, volatility FROM ratings WHERE account = $1 AND variant = $2",
        &[&account.0, &variant],
    )?;
    Ok(row.map(|r| rating_at(&r, 0)).unwrap_or_default())
}

/// Rates a finished game between two players, within the finishing write.
fn rate(tx: &mut Transaction<'_>, game: GameId, players: [AccountId; 2], score: f64, at: u64) -> RatingResult {
    let variant: String = tx.query_one("SELECT variant FROM games WHERE id = $1", &[&game.0])?.get(0);
    let [white, black] = players;
    let (old_white, old_black) = (read_rating(tx, white, &variant)?, read_rating(tx, black, &variant)?);
    let new =
        [(white, after_game(old_white, old_black, score)), (black, after_game(old_black, old_white, 1.0 - score))];
    for (account, r) in new {
        tx.execute(
            "INSERT INTO ratings (account, variant, rating, deviation, volatility, games) VALUES ($1, $2, $3, $4, $5, 1)
             ON CONFLICT (account, variant) DO UPDATE SET rating = excluded.rating,
             deviation = excluded.deviation, volatility = excluded.volatility, games = ratings.games + 1",
            &[&account.0, &variant, &r.rating, &r.deviation, &r.volatility],
        )?;
        tx.execute(
            "INSERT INTO rating_history (account, game, variant, at_ms, rating, deviation, volatility)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
            &[&account.0, &game.0, &variant, &db(at), &r.rating, &r.deviation, &r.volatility],
        )?;
    }
    Ok([(old_white, new[0].1), (old_black, new[1].1)])
}

type RatingResult = Result<RatingChange, StoreError>;

/// Ends a game (once: its row is locked and must be in progress), rating a
/// rated game between two players in the same write.
pub(super) fn finish_game(
    client: &mut Client,
    node: &str,
    game: GameId,
    end: &Finish,
) -> Result<Option<RatingChange>, StoreError> {
    let score = white_score(&end.result)?;
    let mut tx = client.transaction()?;
    let next = open_game(&mut tx, game)?;
    check_flag(&mut tx, game, next, end)?;
    let row = tx.query_one("SELECT rated, white_account, black_account FROM games WHERE id = $1", &[&game.0])?;
    let (rated, white, black): (bool, Option<i64>, Option<i64>) = (row.get(0), row.get(1), row.get(2));
    let clocks = (end.clocks.map(|c| c[0]), end.clocks.map(|c| c[1]));
    tx.execute(
        "UPDATE games SET result = $1, termination = $2, finished_ms = $3, final_white_ms = $4,
         final_black_ms = $5, deadline_ms = NULL WHERE id = $6",
        &[&end.result, &end.why, &db(end.at_ms), &clocks.0, &clocks.1, &game.0],
    )?;
    let mut change = None;
    if let (true, Some(white), Some(black), Some(score)) = (rated, white, black, score)
        && white != black
    {
        change = Some(rate(&mut tx, game, [AccountId(white), AccountId(black)], score, end.at_ms)?);
    }
    notify(&mut tx, node, &Note::Game(game))?;
    tx.commit()?;
    Ok(change)
}
