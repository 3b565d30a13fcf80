//! Accounts and their SSH keys: a key is the account, there is no password.

use rusqlite::{Connection, OptionalExtension, params};

#[cfg(test)]
use super::AccountKey;
use super::{Account, AccountId, Store, StoreError, check_name, now_ms};

/// The columns of an account, in [`account_from`]'s order.
const ACCOUNT_COLUMNS: &str = "accounts.id, accounts.name";

pub(super) fn account_from(row: &rusqlite::Row<'_>) -> rusqlite::Result<Account> {
    Ok(Account { id: row.get(0)?, name: row.get(1)? })
}

/// One account found by a query with one parameter.
pub(super) fn one_account(
    conn: &Connection,
    filter: &str,
    param: impl rusqlite::ToSql,
) -> Result<Option<Account>, StoreError> {
    let sql = format!("SELECT {ACCOUNT_COLUMNS} FROM accounts {filter}");
    Ok(conn.prepare_cached(&sql)?.query_row([param], account_from).optional()?)
}

/// Fails with [`StoreError::KeyTaken`] when the fingerprint has an account.
pub(super) fn check_key_free(conn: &Connection, fingerprint: &str) -> Result<(), StoreError> {
    let taken = conn.prepare_cached("SELECT 1 FROM account_keys WHERE fingerprint = ?1")?.exists([fingerprint])?;
    if taken { Err(StoreError::KeyTaken(fingerprint.to_string())) } else { Ok(()) }
}

pub(super) fn insert_key(
    conn: &Connection,
    account: AccountId,
    fingerprint: &str,
    text: &str,
) -> Result<(), StoreError> {
    conn.prepare_cached("INSERT INTO account_keys (fingerprint, account, key_text, added_ms) VALUES (?1, ?2, ?3, ?4)")?
        .execute(params![fingerprint, account, text, now_ms()])?;
    Ok(())
}

impl Store {
    /// Makes an account named `name` that the key `fingerprint` (whose
    /// public key is `key_text`) logs into. Refuses a bad name, a name
    /// taken in any case, and a key that already has an account.
    pub fn register(&mut self, name: &str, fingerprint: &str, key_text: &str) -> Result<Account, StoreError> {
        check_name(name)?;
        let tx = self.write()?;
        if one_account(&tx, "WHERE name = ?1", name)?.is_some() {
            return Err(StoreError::NameTaken(name.to_string()));
        }
        check_key_free(&tx, fingerprint)?;
        tx.prepare_cached("INSERT INTO accounts (name, created_ms) VALUES (?1, ?2)")?
            .execute(params![name, now_ms()])?;
        let account = Account { id: AccountId(tx.last_insert_rowid()), name: name.to_string() };
        insert_key(&tx, account.id, fingerprint, key_text)?;
        tx.commit()?;
        Ok(account)
    }

    /// Adds another key to an account at once (the server offers keys
    /// instead: [`Store::offer_key`]). Refuses a key that has an account.
    #[cfg(test)]
    pub fn add_key(&mut self, account: AccountId, fingerprint: &str, key_text: &str) -> Result<(), StoreError> {
        let tx = self.write()?;
        if one_account(&tx, "WHERE id = ?1", account)?.is_none() {
            return Err(StoreError::NoAccount(account));
        }
        check_key_free(&tx, fingerprint)?;
        insert_key(&tx, account, fingerprint, key_text)?;
        tx.commit()?;
        Ok(())
    }

    /// The keys of an account, oldest first.
    #[cfg(test)]
    pub fn keys_of(&self, account: AccountId) -> Result<Vec<AccountKey>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT fingerprint, key_text, added_ms FROM account_keys WHERE account = ?1 ORDER BY added_ms, rowid",
        )?;
        let rows = stmt.query_map([account], |row| {
            Ok(AccountKey { fingerprint: row.get(0)?, text: row.get(1)?, added_ms: row.get(2)? })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The account a key logs into, if any.
    pub fn account_by_key(&self, fingerprint: &str) -> Result<Option<Account>, StoreError> {
        let filter = "JOIN account_keys ON account_keys.account = accounts.id WHERE account_keys.fingerprint = ?1";
        one_account(&self.conn, filter, fingerprint)
    }

    /// The account of a name, in any case.
    pub fn account_by_name(&self, name: &str) -> Result<Option<Account>, StoreError> {
        one_account(&self.conn, "WHERE name = ?1", name)
    }

    /// The account of an id.
    #[cfg(test)]
    pub fn account(&self, id: AccountId) -> Result<Option<Account>, StoreError> {
        one_account(&self.conn, "WHERE id = ?1", id)
    }
}
