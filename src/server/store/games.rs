//! Games and their moves: created, played a committed move at a time, taken
//! back, finished, and read back whole to resume, list or export.

use rusqlite::{Connection, OptionalExtension, params};

use super::{
    AccountId, BatchResult, GameId, GameTail, MoveWrite, NewGame, ResumedClock, Seat, Store, StoreError, StoredGame,
    StoredMove, StoredTurn, kind_at,
};

/// A seat as its two columns: (account, engine level).
fn seat_columns(seat: &Seat) -> (Option<AccountId>, Option<u8>) {
    match seat {
        Seat::Player(a) => (Some(a.id), None),
        Seat::Engine { level } => (None, Some(*level)),
    }
}

/// A seat from its columns at `at`: account, account name, engine level.
fn seat_at(row: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Seat> {
    let (account, name, level): (Option<AccountId>, Option<String>, Option<u8>) =
        (row.get(at)?, row.get(at + 1)?, row.get(at + 2)?);
    Ok(match (account, name) {
        (Some(id), Some(name)) => Seat::Player(super::Account { id, name }),
        _ => Seat::Engine { level: level.unwrap_or_default() },
    })
}

/// Two nullable columns that are both set or both not.
pub(super) fn pair_at<T: rusqlite::types::FromSql>(
    row: &rusqlite::Row<'_>,
    at: usize,
) -> rusqlite::Result<Option<(T, T)>> {
    Ok(match (row.get(at)?, row.get(at + 1)?) {
        (Some(first), Some(second)) => Some((first, second)),
        _ => None,
    })
}

#[cfg(test)]
impl StoredGame {
    /// The ply the next move must have.
    pub fn next_ply(&self) -> u32 {
        u32::try_from(self.moves.len()).unwrap()
    }

    /// When the side to move's clock started: the last move's time, or the
    /// game's creation before any move.
    pub fn last_move_ms(&self) -> u64 {
        self.moves.last().map_or(self.created_ms, |m| m.at_ms)
    }
}

/// A game's columns, in [`game_from`]'s order, before its filter.
const GAME_SELECT: &str = "SELECT g.id, g.variant, g.start_fen, g.white_account, w.name, g.white_engine,
    g.black_account, b.name, g.black_engine, g.rated, g.clock_initial_ms, g.clock_increment_ms, g.created_ms,
    g.result, g.termination, g.finished_ms, g.final_white_ms, g.final_black_ms, g.deadline_ms, g.takebacks
    FROM games g LEFT JOIN accounts w ON w.id = g.white_account LEFT JOIN accounts b ON b.id = g.black_account";

/// A game without its moves, from a row of [`GAME_SELECT`].
fn game_from(row: &rusqlite::Row<'_>) -> rusqlite::Result<StoredGame> {
    let result = match row.get::<_, Option<String>>(13)? {
        Some(result) => Some((result, row.get(14)?)),
        None => None,
    };
    let game = NewGame {
        kind: kind_at(row, 1)?,
        start_fen: row.get(2)?,
        seats: [seat_at(row, 3)?, seat_at(row, 6)?],
        rated: row.get(9)?,
        clock: pair_at(row, 10)?,
    };
    Ok(StoredGame {
        id: row.get(0)?,
        game,
        created_ms: row.get(12)?,
        moves: Vec::new(),
        result,
        final_clocks: pair_at(row, 16)?.map(|(white, black)| [white, black]),
        deadline_ms: row.get(18)?,
        takebacks: row.get(19)?,
    })
}

/// A game's state and its moves from a ply on ([`GameTail`]), one
/// statement (one snapshot): a row per move, or one without a move.
const GAME_SINCE: &str = "SELECT g.result, g.termination, g.deadline_ms, g.next_ply, g.takebacks,
    m.mv, m.white_ms, m.black_ms, m.at_ms
    FROM games g LEFT JOIN moves m ON m.game = g.id AND m.ply >= ?2 WHERE g.id = ?1 ORDER BY m.ply";

/// The game's state from the first row of [`GAME_SINCE`], its moves not yet read.
fn tail_from(row: &rusqlite::Row<'_>, from: u32) -> rusqlite::Result<GameTail> {
    let result = match row.get::<_, Option<String>>(0)? {
        Some(result) => Some((result, row.get(1)?)),
        None => None,
    };
    let (deadline_ms, next_ply, takebacks) = (row.get(2)?, row.get(3)?, row.get(4)?);
    Ok(GameTail { from, moves: Vec::new(), next_ply, takebacks, result, deadline_ms })
}

/// The move of a row of [`GAME_SINCE`], if it has one.
fn tail_move(row: &rusqlite::Row<'_>) -> rusqlite::Result<Option<StoredMove>> {
    let Some(mv) = row.get::<_, Option<String>>(5)? else { return Ok(None) };
    Ok(Some(StoredMove { mv, white_ms: row.get(6)?, black_ms: row.get(7)?, at_ms: row.get(8)? }))
}

/// The games of a filtered [`GAME_SELECT`], each with its moves.
fn games_where(conn: &Connection, filter: &str, params: impl rusqlite::Params) -> Result<Vec<StoredGame>, StoreError> {
    let mut games: Vec<StoredGame> = conn
        .prepare_cached(&format!("{GAME_SELECT} {filter}"))?
        .query_map(params, game_from)?
        .collect::<Result<_, _>>()?;
    let mut stmt =
        conn.prepare_cached("SELECT mv, white_ms, black_ms, at_ms FROM moves WHERE game = ?1 ORDER BY ply")?;
    for game in &mut games {
        let moves = stmt.query_map([game.id], |row| {
            Ok(StoredMove { mv: row.get(0)?, white_ms: row.get(1)?, black_ms: row.get(2)?, at_ms: row.get(3)? })
        })?;
        game.moves = moves.collect::<Result<_, _>>()?;
    }
    Ok(games)
}

/// Notes the clocks' time (see [`Store::set_alive`]), within a write or not.
pub(super) fn note_alive(conn: &Connection, at_ms: u64) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO server_alive (id, at_ms) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET at_ms = ?1",
    )?
    .execute([at_ms])?;
    Ok(())
}

/// A game's [`StoredTurn`], within a write; refuses a game that does not exist.
fn stored_turn(conn: &Connection, game: GameId) -> Result<StoredTurn, StoreError> {
    conn.prepare_cached("SELECT result IS NOT NULL, next_ply, deadline_ms FROM games WHERE id = ?1")?
        .query_row([game], |row| Ok(StoredTurn { over: row.get(0)?, next_ply: row.get(1)?, deadline_ms: row.get(2)? }))
        .optional()?
        .ok_or(StoreError::NoGame(game))
}

/// A game in progress, within a write: its next ply. Refuses a game that
/// does not exist or is over.
pub(super) fn open_game(conn: &Connection, game: GameId) -> Result<u32, StoreError> {
    let state = stored_turn(conn, game)?;
    if state.over {
        return Err(StoreError::GameOver(game));
    }
    Ok(state.next_ply)
}

/// Stores one move within a write, refusing it unless [`StoredTurn::check`]
/// passes; the game's next ply and deadline become the move's.
fn insert_move(conn: &Connection, w: &MoveWrite) -> Result<(), StoreError> {
    let (game, ply, m) = (w.game, w.ply, &w.stored);
    stored_turn(conn, game)?.check(w)?;
    conn.prepare_cached(
        "INSERT INTO moves (game, ply, mv, white_ms, black_ms, at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![game, ply, m.mv, m.white_ms, m.black_ms, m.at_ms])?;
    conn.prepare_cached("UPDATE games SET next_ply = ?1, deadline_ms = ?2 WHERE id = ?3")?.execute(params![
        ply + 1,
        w.deadline_ms,
        game
    ])?;
    Ok(())
}

/// Sets a game's deadline within a write.
fn set_deadline(conn: &Connection, game: GameId, deadline_ms: Option<u64>) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE games SET deadline_ms = ?1 WHERE id = ?2")?.execute(params![deadline_ms, game])?;
    Ok(())
}

/// Checks a flag within a write (see [`crate::server::store::Finish::flag`]):
/// `next` is the game's next ply.
pub(super) fn check_flag(
    conn: &Connection,
    game: GameId,
    next: u32,
    flag: Option<u32>,
    at_ms: u64,
) -> Result<(), StoreError> {
    let Some(ply) = flag else { return Ok(()) };
    let deadline: Option<u64> =
        conn.prepare_cached("SELECT deadline_ms FROM games WHERE id = ?1")?.query_row([game], |r| r.get(0))?;
    if next != ply || deadline.is_none_or(|d| d > at_ms) {
        return Err(StoreError::NotDue { game, ply, at_ms, deadline });
    }
    Ok(())
}

/// Stores a new game within a write; refuses a player without an account.
pub(super) fn insert_game(tx: &Connection, new: &NewGame, now_ms: u64) -> Result<GameId, StoreError> {
    for seat in &new.seats {
        if let Seat::Player(a) = seat
            && !tx.prepare_cached("SELECT 1 FROM accounts WHERE id = ?1")?.exists([a.id])?
        {
            return Err(StoreError::NoAccount(a.id));
        }
    }
    let [(white, white_engine), (black, black_engine)] = new.seats.each_ref().map(seat_columns);
    tx.prepare_cached(
        "INSERT INTO games (variant, start_fen, white_account, white_engine, black_account, black_engine,
             rated, clock_initial_ms, clock_increment_ms, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![
        new.kind.name(),
        new.start_fen,
        white,
        white_engine,
        black,
        black_engine,
        new.rated,
        new.clock.map(|c| c.0),
        new.clock.map(|c| c.1),
        now_ms
    ])?;
    Ok(GameId(tx.last_insert_rowid()))
}

impl Store {
    /// Stores a new game; refuses a player without an account.
    pub fn create_game(&mut self, new: &NewGame, now_ms: u64) -> Result<GameId, StoreError> {
        let tx = self.write()?;
        let id = insert_game(&tx, new, now_ms)?;
        tx.commit()?;
        Ok(id)
    }

    /// Commits one move: its ply must be the next one; both clocks after it
    /// and its time go with it. When this returns, the move is on disk.
    #[cfg(test)]
    pub fn add_move(
        &mut self,
        game: GameId,
        ply: u32,
        mv: &str,
        clocks: [i64; 2],
        at_ms: u64,
    ) -> Result<(), StoreError> {
        let tx = self.write()?;
        let [white_ms, black_ms] = clocks;
        let stored = StoredMove { mv: mv.to_string(), white_ms, black_ms, at_ms };
        insert_move(&tx, &MoveWrite { game, ply, stored, deadline_ms: None })?;
        tx.commit()?;
        Ok(())
    }

    /// Commits moves of any games in one transaction, so one wait for the
    /// disk serves them all (a commit waits for fsync: milliseconds). Each
    /// move is checked as `Store::add_move` (for tests) checks it, in order; one
    /// refused leaves the others stored. The answer has one result per
    /// move; when the call fails as a whole, none is stored.
    pub fn add_moves(&mut self, moves: &[MoveWrite]) -> BatchResult {
        let mut tx = self.write()?;
        let mut results = Vec::with_capacity(moves.len());
        for m in moves {
            // A savepoint per move: a refused one takes back only itself.
            let one = tx.savepoint()?;
            let result = insert_move(&one, m);
            if result.is_ok() {
                one.commit()?;
            }
            results.push(result);
        }
        tx.commit()?;
        Ok(results)
    }

    /// Takes moves back: keeps the first `keep_plies` moves and deletes the
    /// rest, in one transaction, with the game's new deadline (the side to
    /// move's clock restarts). Refuses a finished game. Returns how many
    /// moves went.
    pub fn take_back(&mut self, game: GameId, keep_plies: u32, deadline_ms: Option<u64>) -> Result<u32, StoreError> {
        let tx = self.write()?;
        open_game(&tx, game)?;
        let gone =
            tx.prepare_cached("DELETE FROM moves WHERE game = ?1 AND ply >= ?2")?.execute(params![game, keep_plies])?;
        tx.prepare_cached("UPDATE games SET next_ply = MIN(next_ply, ?1), takebacks = takebacks + 1 WHERE id = ?2")?
            .execute(params![keep_plies, game])?;
        set_deadline(&tx, game, deadline_ms)?;
        tx.commit()?;
        Ok(u32::try_from(gone).unwrap_or(u32::MAX))
    }

    /// Resumes running clocks at a start (`now_ms`, noted as the clocks'
    /// time in the same write): each deadline still as read becomes its
    /// new one. Returns how many moved.
    pub fn resume_clocks(&mut self, now_ms: u64, clocks: &[ResumedClock]) -> Result<usize, StoreError> {
        let tx = self.write()?;
        let mut moved = 0;
        for c in clocks {
            moved += tx
                .prepare_cached(
                    "UPDATE games SET deadline_ms = ?1 WHERE id = ?2 AND result IS NULL AND deadline_ms IS ?3",
                )?
                .execute(params![c.to, c.game, c.from])?;
        }
        note_alive(&tx, now_ms)?;
        tx.commit()?;
        Ok(moved)
    }

    /// The games in progress whose stored deadline is at or before `now_ms`.
    pub fn overdue_games(&self, now_ms: u64) -> Result<Vec<GameId>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id FROM games WHERE result IS NULL AND deadline_ms IS NOT NULL AND deadline_ms <= ?1 ORDER BY id",
        )?;
        Ok(stmt.query_map([now_ms], |r| r.get(0))?.collect::<Result<_, _>>()?)
    }

    /// A game with its moves.
    pub fn game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        Ok(games_where(&self.conn, "WHERE g.id = ?1", [id])?.pop())
    }

    /// A game's state and its moves from ply `from` on.
    pub fn game_since(&self, id: GameId, from: u32) -> Result<Option<GameTail>, StoreError> {
        let mut stmt = self.conn.prepare_cached(GAME_SINCE)?;
        let mut rows = stmt.query(params![id, from])?;
        let Some(first) = rows.next()? else { return Ok(None) };
        let mut tail = tail_from(first, from)?;
        tail.moves.extend(tail_move(first)?);
        while let Some(row) = rows.next()? {
            tail.moves.extend(tail_move(row)?);
        }
        Ok(Some(tail))
    }

    /// Every game in progress, oldest first, with its moves: what the
    /// server resumes after a restart.
    pub fn active_games(&self) -> Result<Vec<StoredGame>, StoreError> {
        games_where(&self.conn, "WHERE g.result IS NULL ORDER BY g.id", [])
    }

    /// A player's games, finished or not, newest first, at most `limit`.
    pub fn games_of(&self, account: AccountId, limit: u32) -> Result<Vec<StoredGame>, StoreError> {
        let filter = "WHERE g.id IN (SELECT id FROM games WHERE white_account = ?1
                      UNION SELECT id FROM games WHERE black_account = ?1)
                      ORDER BY g.created_ms DESC, g.id DESC LIMIT ?2";
        games_where(&self.conn, filter, params![account, limit])
    }
}
