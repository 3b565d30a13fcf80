//! Open challenges, kept so that a restart of the server does not lose
//! them: made, withdrawn (declined, cancelled, expired), listed, and
//! accepted, which removes the challenge and creates its game in one
//! transaction (a challenge is never accepted twice nor lost).

use rusqlite::params;

use super::games::insert_game;
use super::{AccountId, GameId, NewGame, Store, StoreError};

/// A challenge's id in the database (never given twice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChallengeId(pub i64);

/// The colour a challenger asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colour {
    White,
    Black,
    Random,
}

impl Colour {
    /// The column's text.
    fn text(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
            Colour::Random => "random",
        }
    }

    fn from_text(text: &str) -> Colour {
        match text {
            "white" => Colour::White,
            "black" => Colour::Black,
            // The schema allows only the three.
            _ => Colour::Random,
        }
    }
}

/// A challenge to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewChallenge {
    pub from: AccountId,
    /// The game's name as `--variant` takes it.
    pub variant: String,
    /// (initial, increment) in milliseconds; `None` is untimed.
    pub clock: Option<(i64, i64)>,
    pub colour: Colour,
    pub rated: bool,
    /// The player challenged by name; `None`: open to anyone.
    pub to: Option<AccountId>,
}

/// A stored challenge, with its players' names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredChallenge {
    pub id: ChallengeId,
    pub challenge: NewChallenge,
    pub from_name: String,
    pub to_name: Option<String>,
    pub created_ms: i64,
}

impl Store {
    /// Stores a challenge; refuses one from or to a player without an account.
    pub fn add_challenge(&mut self, c: &NewChallenge, now_ms: i64) -> Result<ChallengeId, StoreError> {
        let tx = self.write()?;
        for account in [Some(c.from), c.to].into_iter().flatten() {
            if !tx.prepare_cached("SELECT 1 FROM accounts WHERE id = ?1")?.exists([account.0])? {
                return Err(StoreError::NoAccount(account));
            }
        }
        tx.prepare_cached(
            "INSERT INTO challenges (account, variant, clock_initial_ms, clock_increment_ms, colour, rated,
             to_account, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?
        .execute(params![
            c.from.0,
            c.variant,
            c.clock.map(|c| c.0),
            c.clock.map(|c| c.1),
            c.colour.text(),
            c.rated,
            c.to.map(|a| a.0),
            now_ms
        ])?;
        let id = ChallengeId(tx.last_insert_rowid());
        tx.commit()?;
        Ok(id)
    }

    /// Removes a challenge (declined, withdrawn or expired); refuses one
    /// that is not there.
    pub fn remove_challenge(&mut self, id: ChallengeId) -> Result<(), StoreError> {
        let tx = self.write()?;
        remove(&tx, id)?;
        tx.commit()?;
        Ok(())
    }

    /// Accepts a challenge: it goes and `game` is created, in one
    /// transaction. Refuses a challenge that is not there.
    pub fn accept_challenge(&mut self, id: ChallengeId, game: &NewGame, now_ms: i64) -> Result<GameId, StoreError> {
        let tx = self.write()?;
        remove(&tx, id)?;
        let game = insert_game(&tx, game, now_ms)?;
        tx.commit()?;
        Ok(game)
    }

    /// Every open challenge, oldest first.
    pub fn challenges(&self) -> Result<Vec<StoredChallenge>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT c.id, c.account, f.name, c.variant, c.clock_initial_ms, c.clock_increment_ms, c.colour, c.rated,
             c.to_account, t.name, c.created_ms
             FROM challenges c JOIN accounts f ON f.id = c.account LEFT JOIN accounts t ON t.id = c.to_account
             ORDER BY c.id",
        )?;
        let rows = stmt.query_map([], |row| {
            let clock = match (row.get(4)?, row.get(5)?) {
                (Some(initial), Some(increment)) => Some((initial, increment)),
                _ => None,
            };
            let challenge = NewChallenge {
                from: AccountId(row.get(1)?),
                variant: row.get(3)?,
                clock,
                colour: Colour::from_text(&row.get::<_, String>(6)?),
                rated: row.get(7)?,
                to: row.get::<_, Option<i64>>(8)?.map(AccountId),
            };
            Ok(StoredChallenge {
                id: ChallengeId(row.get(0)?),
                challenge,
                from_name: row.get(2)?,
                to_name: row.get(9)?,
                created_ms: row.get(10)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// Deletes challenge `id` within a write, or says it is not there.
fn remove(tx: &rusqlite::Connection, id: ChallengeId) -> Result<(), StoreError> {
    let gone = tx.prepare_cached("DELETE FROM challenges WHERE id = ?1")?.execute([id.0])?;
    if gone == 0 { Err(StoreError::NoChallenge(id)) } else { Ok(()) }
}
