//! Open challenges, kept so that a restart of the server does not lose
//! them: made, withdrawn (declined, cancelled, expired), listed, and
//! accepted, which removes the challenge and creates its game in one
//! transaction (a challenge is never accepted twice nor lost).

use rusqlite::params;

use super::accounts::one_account;
use super::games::{insert_game, pair_at};
use super::{
    Account, AccountId, ChallengeId, ChallengeSpec, ColourChoice, GameId, NewGame, Store, StoreError, StoredChallenge,
    kind_at,
};

/// A colour choice as its column's text.
pub(super) fn colour_text(colour: ColourChoice) -> &'static str {
    match colour {
        ColourChoice::White => "white",
        ColourChoice::Black => "black",
        ColourChoice::Random => "random",
    }
}

pub(super) fn colour_from(text: &str) -> ColourChoice {
    match text {
        "white" => ColourChoice::White,
        "black" => ColourChoice::Black,
        // The schema allows only the three.
        _ => ColourChoice::Random,
    }
}

/// A challenge from a row of [`Store::challenges`]'s query.
fn challenge_from(row: &rusqlite::Row<'_>) -> rusqlite::Result<StoredChallenge> {
    let spec = ChallengeSpec {
        kind: kind_at(row, 3)?,
        clock: pair_at(row, 4)?,
        colour: colour_from(&row.get::<_, String>(6)?),
        rated: row.get(7)?,
        to: row.get(9)?,
        start_fen: row.get(11)?,
    };
    let from = Account { id: row.get(1)?, name: row.get(2)? };
    Ok(StoredChallenge { id: row.get(0)?, from, spec, created_ms: row.get(10)? })
}

impl Store {
    /// Stores a challenge; refuses one from or to a player without an account.
    /// Refuses one from a player without an account, or to a name that
    /// has none.
    pub fn add_challenge(
        &mut self,
        from: AccountId,
        spec: &ChallengeSpec,
        now_ms: u64,
    ) -> Result<ChallengeId, StoreError> {
        let tx = self.write()?;
        if one_account(&tx, "WHERE id = ?1", from)?.is_none() {
            return Err(StoreError::NoAccount(from));
        }
        let to = match &spec.to {
            Some(name) => {
                Some(one_account(&tx, "WHERE name = ?1", name)?.ok_or_else(|| StoreError::NoName(name.clone()))?.id)
            }
            None => None,
        };
        tx.prepare_cached(
            "INSERT INTO challenges (account, variant, clock_initial_ms, clock_increment_ms, colour, rated,
             to_account, created_ms, start_fen) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        )?
        .execute(params![
            from,
            spec.kind.name(),
            spec.clock.map(|c| c.0),
            spec.clock.map(|c| c.1),
            colour_text(spec.colour),
            spec.rated,
            to,
            now_ms,
            spec.start_fen
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
    pub fn accept_challenge(&mut self, id: ChallengeId, game: &NewGame, now_ms: u64) -> Result<GameId, StoreError> {
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
             c.to_account, t.name, c.created_ms, c.start_fen
             FROM challenges c JOIN accounts f ON f.id = c.account LEFT JOIN accounts t ON t.id = c.to_account
             ORDER BY c.id",
        )?;
        let rows = stmt.query_map([], challenge_from)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// Deletes challenge `id` within a write, or says it is not there.
fn remove(tx: &rusqlite::Connection, id: ChallengeId) -> Result<(), StoreError> {
    let gone = tx.prepare_cached("DELETE FROM challenges WHERE id = ?1")?.execute([id])?;
    if gone == 0 { Err(StoreError::NoChallenge(id)) } else { Ok(()) }
}
