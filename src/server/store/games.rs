//! Games and their moves: created, played a committed move at a time, taken
//! back, finished, and read back whole to resume, list or export.

use rusqlite::{Connection, OptionalExtension, params};

use super::{AccountId, GameId, NewGame, Side, Store, StoreError, StoredGame};

/// One colour of a stored game: who plays it and the name to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    pub side: Side,
    /// The player's account name, or the engine's as saved games write it
    /// (`Engine, level 3 (learner)`, [`engine_seat_name`](super::engine_seat_name)).
    pub name: String,
}

/// One stored move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMove {
    /// Its index in the game, from 0.
    pub ply: u32,
    /// The move as the server wrote it.
    pub mv: String,
    /// White's and Black's clocks after the move, in milliseconds.
    pub white_ms: i64,
    pub black_ms: i64,
    /// When it was made.
    pub at_ms: i64,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finish {
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    pub result: String,
    /// Why, in words (`checkmate`, `time forfeit`, ...).
    pub termination: String,
    pub at_ms: i64,
}

impl StoredGame {
    /// The ply the next move must have.
    #[cfg(test)]
    pub fn next_ply(&self) -> u32 {
        self.moves.len() as u32
    }

    /// When the side to move's clock started: the last move's time, or the
    /// game's creation before any move.
    #[cfg(test)]
    pub fn last_move_ms(&self) -> i64 {
        self.moves.last().map_or(self.created_ms, |m| m.at_ms)
    }

    /// Test only (no export uses it): the tags the hub's PGN writer
    /// (`pgn_of` in `hub/lobby.rs`) writes for this game, with the same
    /// texts, plus a `TimeControl` that writer leaves out; the position's
    /// own tags (`Variant`, `FEN`) are not among them.
    #[cfg(test)]
    pub fn pgn_headers(&self) -> Vec<(&'static str, String)> {
        let event = if self.rated { "Rated game" } else { "Casual game" };
        // "2026-11-29 13:45" as "2026.11.29".
        let when = std::time::UNIX_EPOCH + std::time::Duration::from_millis(self.created_ms.max(0) as u64);
        let date = crate::files::minute_text(when)[..10].replace('-', ".");
        let result = self.finish.as_ref().map_or("*", |f| f.result.as_str());
        let mut tags = vec![
            ("Event", event.to_string()),
            ("Site", "wormhole serve".to_string()),
            ("Date", date),
            ("White", self.white.name.clone()),
            ("Black", self.black.name.clone()),
            ("Result", result.to_string()),
        ];
        if let Some((initial, increment)) = self.clock {
            tags.push(("TimeControl", format!("{}+{}", initial / 1000, increment / 1000)));
        }
        if let Some(finish) = &self.finish {
            tags.push(("Termination", finish.termination.clone()));
        }
        tags
    }
}

/// A side as its two columns: (account, engine level).
fn side_columns(side: Side) -> (Option<i64>, Option<i64>) {
    match side {
        Side::Player(id) => (Some(id.0), None),
        Side::Engine { level } => (None, Some(i64::from(level))),
    }
}

/// A seat from its columns at `at`: account, account name, engine level.
fn seat_at(row: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Seat> {
    let (account, name, level): (Option<i64>, Option<String>, Option<i64>) =
        (row.get(at)?, row.get(at + 1)?, row.get(at + 2)?);
    Ok(match (account, name) {
        (Some(id), Some(name)) => Seat { side: Side::Player(AccountId(id)), name },
        _ => {
            let level = level.unwrap_or_default() as u8;
            Seat { side: Side::Engine { level }, name: super::engine_seat_name(level) }
        }
    })
}

/// A game's columns, in [`game_from`]'s order, before its filter.
const GAME_SELECT: &str = "SELECT g.id, g.variant, g.start_fen, g.white_account, w.name, g.white_engine,
    g.black_account, b.name, g.black_engine, g.rated, g.clock_initial_ms, g.clock_increment_ms, g.created_ms,
    g.result, g.termination, g.finished_ms, g.final_white_ms, g.final_black_ms
    FROM games g LEFT JOIN accounts w ON w.id = g.white_account LEFT JOIN accounts b ON b.id = g.black_account";

/// A game without its moves, from a row of [`GAME_SELECT`].
fn game_from(row: &rusqlite::Row<'_>) -> rusqlite::Result<StoredGame> {
    let clock = match (row.get(10)?, row.get(11)?) {
        (Some(initial), Some(increment)) => Some((initial, increment)),
        _ => None,
    };
    let finish = match row.get::<_, Option<String>>(13)? {
        Some(result) => Some(Finish { result, termination: row.get(14)?, at_ms: row.get(15)? }),
        None => None,
    };
    let final_clocks = match (row.get(16)?, row.get(17)?) {
        (Some(white), Some(black)) => Some((white, black)),
        _ => None,
    };
    Ok(StoredGame {
        id: GameId(row.get(0)?),
        variant: row.get(1)?,
        start_fen: row.get(2)?,
        white: seat_at(row, 3)?,
        black: seat_at(row, 6)?,
        rated: row.get(9)?,
        clock,
        created_ms: row.get(12)?,
        moves: Vec::new(),
        finish,
        final_clocks,
    })
}

/// The games of a filtered [`GAME_SELECT`], each with its moves.
fn games_where(conn: &Connection, filter: &str, params: impl rusqlite::Params) -> Result<Vec<StoredGame>, StoreError> {
    let mut games: Vec<StoredGame> = conn
        .prepare_cached(&format!("{GAME_SELECT} {filter}"))?
        .query_map(params, game_from)?
        .collect::<Result<_, _>>()?;
    let mut stmt =
        conn.prepare_cached("SELECT ply, mv, white_ms, black_ms, at_ms FROM moves WHERE game = ?1 ORDER BY ply")?;
    for game in &mut games {
        let moves = stmt.query_map([game.id.0], |row| {
            Ok(StoredMove {
                ply: row.get(0)?,
                mv: row.get(1)?,
                white_ms: row.get(2)?,
                black_ms: row.get(3)?,
                at_ms: row.get(4)?,
            })
        })?;
        game.moves = moves.collect::<Result<_, _>>()?;
    }
    Ok(games)
}

/// A game in progress, within a write: its next ply. Refuses a game that
/// does not exist or is over.
pub(super) fn open_game(conn: &Connection, game: GameId) -> Result<u32, StoreError> {
    let row: Option<(bool, u32)> = conn
        .prepare_cached(
            "SELECT g.result IS NOT NULL, (SELECT COALESCE(MAX(ply) + 1, 0) FROM moves WHERE game = g.id)
             FROM games g WHERE g.id = ?1",
        )?
        .query_row([game.0], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?;
    match row {
        None => Err(StoreError::NoGame(game)),
        Some((true, _)) => Err(StoreError::GameOver(game)),
        Some((false, next)) => Ok(next),
    }
}

/// Stores one move within a write, refusing a ply that is not the next.
fn insert_move(conn: &Connection, game: GameId, m: &StoredMove) -> Result<(), StoreError> {
    let expected = open_game(conn, game)?;
    if m.ply != expected {
        return Err(StoreError::WrongPly { game, expected, got: m.ply });
    }
    conn.prepare_cached(
        "INSERT INTO moves (game, ply, mv, white_ms, black_ms, at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![game.0, m.ply, m.mv, m.white_ms, m.black_ms, m.at_ms])?;
    Ok(())
}

/// Stores a new game within a write; refuses a player without an account.
pub(super) fn insert_game(tx: &Connection, new: &NewGame, now_ms: i64) -> Result<GameId, StoreError> {
    for side in [new.white, new.black] {
        if let Side::Player(id) = side
            && !tx.prepare_cached("SELECT 1 FROM accounts WHERE id = ?1")?.exists([id.0])?
        {
            return Err(StoreError::NoAccount(id));
        }
    }
    let ((white, white_engine), (black, black_engine)) = (side_columns(new.white), side_columns(new.black));
    tx.prepare_cached(
        "INSERT INTO games (variant, start_fen, white_account, white_engine, black_account, black_engine,
             rated, clock_initial_ms, clock_increment_ms, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![
        new.variant,
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
    pub fn create_game(&mut self, new: &NewGame, now_ms: i64) -> Result<GameId, StoreError> {
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
        white_ms: i64,
        black_ms: i64,
        at_ms: i64,
    ) -> Result<(), StoreError> {
        let tx = self.write()?;
        insert_move(&tx, game, &StoredMove { ply, mv: mv.to_string(), white_ms, black_ms, at_ms })?;
        tx.commit()?;
        Ok(())
    }

    /// Commits moves of any games in one transaction, so one wait for the
    /// disk serves them all (a commit waits for fsync: milliseconds). Each
    /// move is checked as [`Store::add_move`] checks it, in order; one
    /// refused leaves the others stored. The answer has one result per
    /// move; when the call fails as a whole, none is stored.
    pub fn add_moves(&mut self, moves: &[(GameId, StoredMove)]) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        let mut tx = self.write()?;
        let mut results = Vec::with_capacity(moves.len());
        for (game, m) in moves {
            // A savepoint per move: a refused one takes back only itself.
            let one = tx.savepoint()?;
            let result = insert_move(&one, *game, m);
            if result.is_ok() {
                one.commit()?;
            }
            results.push(result);
        }
        tx.commit()?;
        Ok(results)
    }

    /// Takes moves back: keeps the first `keep_plies` moves and deletes the
    /// rest, in one transaction. Refuses a finished game. Returns how many
    /// moves went.
    pub fn take_back(&mut self, game: GameId, keep_plies: u32) -> Result<u32, StoreError> {
        let tx = self.write()?;
        open_game(&tx, game)?;
        let gone = tx
            .prepare_cached("DELETE FROM moves WHERE game = ?1 AND ply >= ?2")?
            .execute(params![game.0, keep_plies])?;
        tx.commit()?;
        Ok(gone as u32)
    }

    /// A game with its moves.
    pub fn game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        Ok(games_where(&self.conn, "WHERE g.id = ?1", [id.0])?.pop())
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
        games_where(&self.conn, filter, params![account.0, limit])
    }
}
