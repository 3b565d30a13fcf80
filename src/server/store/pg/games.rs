//! Games on PostgreSQL: created, played a committed move at a time, finished
//! and rated, read back whole.

use std::collections::HashMap;

use postgres::types::ToSql;
use postgres::{Client, GenericClient, Row, Statement, Transaction};
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
    g.result, g.termination, g.final_white_ms, g.final_black_ms, g.deadline_ms, g.takebacks
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
        takebacks: count(row.get(18)),
    })
}

/// A count or ply from its `BIGINT` column.
fn count(value: i64) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

/// A game's state and its moves from a ply on ([`GameTail`]), one
/// statement (one snapshot, one round trip once prepared): a row per
/// move, or one without a move.
pub(super) const GAME_SINCE: &str = "SELECT g.result, g.termination, g.deadline_ms, g.next_ply, g.takebacks,
    m.mv, m.white_ms, m.black_ms, m.at_ms
    FROM games g LEFT JOIN moves m ON m.game = g.id AND m.ply >= $2 WHERE g.id = $1 ORDER BY m.ply";

/// A game's state and its moves from ply `from` on, by [`GAME_SINCE`]
/// prepared as `read`.
pub(super) fn game_since(
    client: &mut Client,
    read: &Statement,
    game: GameId,
    from: u32,
) -> Result<Option<GameTail>, StoreError> {
    let rows = client.query(read, &[&game.0, &i64::from(from)])?;
    let Some(first) = rows.first() else { return Ok(None) };
    let result = first.get::<_, Option<String>>(0).map(|result| (result, first.get(1)));
    let moves = rows
        .iter()
        .filter_map(|r| {
            let mv = r.get::<_, Option<String>>(5)?;
            Some(StoredMove { mv, white_ms: r.get(6), black_ms: r.get(7), at_ms: ms(r.get(8)) })
        })
        .collect();
    let (next_ply, takebacks) = (count(first.get(3)), count(first.get(4)));
    let deadline_ms = first.get::<_, Option<i64>>(2).map(ms);
    Ok(Some(GameTail { from, moves, next_ply, takebacks, result, deadline_ms }))
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
    let Some(row) =
        tx.query_opt("SELECT result IS NOT NULL, next_ply FROM games WHERE id = $1 FOR UPDATE", &[&game.0])?
    else {
        return Err(StoreError::NoGame(game));
    };
    if row.get(0) {
        return Err(StoreError::GameOver(game));
    }
    Ok(u32::try_from(row.get::<_, i64>(1)).unwrap_or(u32::MAX))
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

/// Stores a batch of moves in one statement, run on its own (its own
/// transaction: one round trip to the database, one wait for its disk).
/// The moves come as arrays, one element a move (at most one a game): each
/// game's row is locked in the order of the ids (so that two nodes' batches
/// never wait for each other in a circle) and read as last committed;
/// a move passes when its game goes on, at that ply, before its deadline
/// ([`StoredTurn::check`], here in SQL: a compare-and-set on the row), and
/// only then is its row written, its game's next ply and deadline set and
/// its note sent. The answer is a row per move, in order: the game as
/// locked (none: no such game) and whether the move was stored.
pub(super) const WRITE_MOVES: &str = "WITH input AS (
        SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[],
            $7::bigint[], $8::text[]) WITH ORDINALITY AS i(game, ply, mv, white_ms, black_ms, at_ms, deadline, note, n)),
    locked AS (SELECT id, next_ply, result IS NOT NULL AS over, deadline_ms FROM games
        WHERE id IN (SELECT game FROM input) ORDER BY id FOR UPDATE),
    passed AS (SELECT i.* FROM input i JOIN locked l ON l.id = i.game
        WHERE NOT l.over AND l.next_ply = i.ply AND (l.deadline_ms IS NULL OR i.at_ms < l.deadline_ms)),
    moved AS (UPDATE games g SET next_ply = p.ply + 1, deadline_ms = p.deadline FROM passed p
        WHERE g.id = p.game RETURNING g.id),
    stored AS (INSERT INTO moves (game, ply, mv, white_ms, black_ms, at_ms)
        SELECT game, ply, mv, white_ms, black_ms, at_ms FROM passed)
    SELECT l.id IS NOT NULL, l.over, l.next_ply, l.deadline_ms, m.id IS NOT NULL,
        (SELECT count(pg_notify($9, p.note)) FROM passed p)
    FROM input i LEFT JOIN locked l ON l.id = i.game LEFT JOIN moved m ON m.id = i.game ORDER BY i.n";

/// Commits moves of any games in one statement ([`WRITE_MOVES`], prepared
/// once a connection), on its own: one round trip. A batch that holds
/// several moves of a game (never the hub's writer, which has one a game
/// in flight) goes in rounds, a game's moves in order, in one transaction.
/// A refused move leaves the others stored.
pub(super) fn add_moves(client: &mut Client, write: &Statement, node: &str, moves: &[MoveWrite]) -> BatchResult {
    let mut rounds: Vec<Vec<usize>> = Vec::new();
    let mut seen: HashMap<GameId, usize> = HashMap::new();
    for (i, w) in moves.iter().enumerate() {
        let round = seen.entry(w.game).and_modify(|n| *n += 1).or_insert(0);
        match rounds.get_mut(*round) {
            Some(r) => r.push(i),
            None => rounds.push(vec![i]),
        }
    }
    let mut results: Vec<Option<Result<(), StoreError>>> = moves.iter().map(|_| None).collect();
    if let [only] = rounds.as_slice() {
        write_round(client, write, node, moves, only, &mut results)?;
    } else {
        let mut tx = client.transaction()?;
        for round in &rounds {
            write_round(&mut tx, write, node, moves, round, &mut results)?;
        }
        tx.commit()?;
    }
    Ok(results.into_iter().map(|r| r.expect("every move is in a round")).collect())
}

/// Runs [`WRITE_MOVES`] on the moves `round` (at most one a game) names.
fn write_round(
    client: &mut impl GenericClient,
    write: &Statement,
    node: &str,
    moves: &[MoveWrite],
    round: &[usize],
    results: &mut [Option<Result<(), StoreError>>],
) -> Result<(), StoreError> {
    let these: Vec<&MoveWrite> = round.iter().map(|&i| &moves[i]).collect();
    let column = |f: fn(&MoveWrite) -> i64| these.iter().map(|w| f(w)).collect::<Vec<i64>>();
    let (games, plies) = (column(|w| w.game.0), column(|w| i64::from(w.ply)));
    let (white, black) = (column(|w| w.stored.white_ms), column(|w| w.stored.black_ms));
    let at = column(|w| db(w.stored.at_ms));
    let texts: Vec<&str> = these.iter().map(|w| w.stored.mv.as_str()).collect();
    let deadlines: Vec<Option<i64>> = these.iter().map(|w| w.deadline_ms.map(db)).collect();
    let notes: Vec<String> = these.iter().map(|w| Note::Game(w.game).payload(node)).collect();
    let params: [&(dyn ToSql + Sync); 9] = [&games, &plies, &texts, &white, &black, &at, &deadlines, &notes, &CHANNEL];
    let rows = client.query(write, &params)?;
    for ((&i, w), row) in round.iter().zip(&these).zip(&rows) {
        results[i] = Some(move_result(w, row));
    }
    Ok(())
}

/// One move's answer from its row of [`WRITE_MOVES`].
fn move_result(w: &MoveWrite, row: &Row) -> Result<(), StoreError> {
    if row.get::<_, bool>(4) {
        return Ok(());
    }
    if !row.get::<_, bool>(0) {
        return Err(StoreError::NoGame(w.game));
    }
    let next_ply = u32::try_from(row.get::<_, i64>(2)).unwrap_or(u32::MAX);
    let state = StoredTurn { over: row.get(1), next_ply, deadline_ms: row.get::<_, Option<i64>>(3).map(ms) };
    state.check(w)?;
    // The row passed as locked, yet was not written: no such case, but never an Ok.
    Err(StoreError::WrongPly { game: w.game, expected: next_ply, got: w.ply })
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
