//! Keys offered to an account (`addkey`) and bound only once proven: a
//! connection signed with the key confirms it is that account's. A public
//! key is public, so pasting one proves nothing; signing with it does.

use rusqlite::params;

use super::accounts::{account_from, check_key_free, insert_key, one_account};
use super::{Account, AccountId, KeyRow, Store, StoreError, now_ms};

impl Store {
    /// Records `account`'s offer of the key `fingerprint` (text
    /// `key_text`); refuses a key that already has an account.
    pub fn offer_key(&mut self, account: AccountId, fingerprint: &str, key_text: &str) -> Result<(), StoreError> {
        let tx = self.write()?;
        if one_account(&tx, "WHERE id = ?1", account)?.is_none() {
            return Err(StoreError::NoAccount(account));
        }
        check_key_free(&tx, fingerprint)?;
        tx.prepare_cached(
            "INSERT OR REPLACE INTO key_offers (fingerprint, account, key_text, added_ms) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![fingerprint, account, key_text, now_ms()])?;
        tx.commit()?;
        Ok(())
    }

    /// The accounts that offered the key `fingerprint`, oldest offer first.
    pub fn key_offers(&self, fingerprint: &str) -> Result<Vec<Account>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT accounts.id, accounts.name FROM key_offers \
             JOIN accounts ON accounts.id = key_offers.account \
             WHERE key_offers.fingerprint = ?1 ORDER BY key_offers.added_ms, key_offers.rowid",
        )?;
        let rows = stmt.query_map([fingerprint], account_from)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Binds the key `fingerprint` to `account`, which offered it (a
    /// connection signed with the key said so); every offer of it goes.
    pub fn confirm_key(&mut self, fingerprint: &str, account: AccountId) -> Result<(), StoreError> {
        let tx = self.write()?;
        let text: Option<String> = tx
            .prepare_cached("SELECT key_text FROM key_offers WHERE fingerprint = ?1 AND account = ?2")?
            .query_row(params![fingerprint, account], |row| row.get(0))
            .ok();
        let Some(text) = text else { return Err(StoreError::NoKey(fingerprint.to_string())) };
        check_key_free(&tx, fingerprint)?;
        insert_key(&tx, account, fingerprint, &text)?;
        tx.prepare_cached("DELETE FROM key_offers WHERE fingerprint = ?1")?.execute([fingerprint])?;
        tx.commit()?;
        Ok(())
    }

    /// Drops every offer of the key `fingerprint` (its holder said none is theirs).
    pub fn refuse_key_offers(&mut self, fingerprint: &str) -> Result<(), StoreError> {
        let tx = self.write()?;
        tx.prepare_cached("DELETE FROM key_offers WHERE fingerprint = ?1")?.execute([fingerprint])?;
        tx.commit()?;
        Ok(())
    }

    /// An account's keys, bound ones first (oldest first), then its offers.
    pub fn account_keys(&self, account: AccountId) -> Result<Vec<KeyRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT fingerprint, 0 FROM account_keys WHERE account = ?1 \
             UNION ALL SELECT fingerprint, 1 FROM key_offers WHERE account = ?1",
        )?;
        let rows = stmt.query_map([account], |row| Ok(KeyRow { fingerprint: row.get(0)?, pending: row.get(1)? }))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Removes the key (or offer) `fingerprint` of `account`; refuses the
    /// account's last bound key and a key it does not have.
    pub fn remove_key(&mut self, account: AccountId, fingerprint: &str) -> Result<(), StoreError> {
        let tx = self.write()?;
        let offers = tx
            .prepare_cached("DELETE FROM key_offers WHERE fingerprint = ?1 AND account = ?2")?
            .execute(params![fingerprint, account])?;
        if offers == 0 {
            let count = |sql: &str| -> Result<i64, StoreError> {
                Ok(tx.prepare_cached(sql)?.query_row(params![account, fingerprint], |row| row.get(0))?)
            };
            if count("SELECT count(*) FROM account_keys WHERE account = ?1 AND fingerprint = ?2")? == 0 {
                return Err(StoreError::NoKey(fingerprint.to_string()));
            }
            if count("SELECT count(*) FROM account_keys WHERE account = ?1 AND ?2 IS NOT NULL")? <= 1 {
                return Err(StoreError::LastKey(fingerprint.to_string()));
            }
            tx.prepare_cached("DELETE FROM account_keys WHERE account = ?1 AND fingerprint = ?2")?
                .execute(params![account, fingerprint])?;
        }
        tx.commit()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offered_key_binds_only_when_confirmed_and_the_last_key_stays() {
        let mut store = Store::open_in_memory().unwrap();
        let alice = store.register("alice", "SHA256:alice", "ssh-ed25519 A").unwrap();
        let mallory = store.register("mallory", "SHA256:mallory", "ssh-ed25519 M").unwrap();
        store.offer_key(mallory.id, "SHA256:bob", "ssh-ed25519 B").unwrap();
        assert_eq!(store.account_by_key("SHA256:bob").unwrap(), None, "an offer binds nothing");
        assert_eq!(store.key_offers("SHA256:bob").unwrap(), vec![mallory.clone()]);
        store.refuse_key_offers("SHA256:bob").unwrap();
        assert!(store.key_offers("SHA256:bob").unwrap().is_empty());
        store.offer_key(alice.id, "SHA256:laptop", "ssh-ed25519 L").unwrap();
        store.confirm_key("SHA256:laptop", alice.id).unwrap();
        assert_eq!(store.account_by_key("SHA256:laptop").unwrap(), Some(alice.clone()));
        assert!(matches!(store.offer_key(mallory.id, "SHA256:laptop", "x"), Err(StoreError::KeyTaken(_))));
        let keys = store.account_keys(alice.id).unwrap();
        assert_eq!(keys.len(), 2);
        store.remove_key(alice.id, "SHA256:alice").unwrap();
        assert!(matches!(store.remove_key(alice.id, "SHA256:laptop"), Err(StoreError::LastKey(_))));
        assert!(matches!(store.remove_key(alice.id, "SHA256:none"), Err(StoreError::NoKey(_))));
        assert!(matches!(store.confirm_key("SHA256:none", alice.id), Err(StoreError::NoKey(_))));
    }
}
