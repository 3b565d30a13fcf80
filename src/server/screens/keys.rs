//! A player's SSH keys from the lobby: `addkey` offers a key (bound only
//! once a connection signed with it confirms), `keys` lists them with
//! their fingerprints, `removekey FINGERPRINT` removes one (not the last);
//! and the first sign-in of an offered key, which asks whether the
//! accounts that offered it are its holder's.

use super::{ConnectionApp, HubAnswer};
use crate::server::inbox::Identity;

/// The status line of a new key's first sign-in: who offered it, if anyone.
pub fn first_sign_in(app: &ConnectionApp, fp: &str) -> Option<String> {
    let offers = app.hub.key_offers(fp).ok().filter(|o| !o.is_empty())?;
    let names: Vec<String> = offers.iter().map(|a| super::inert(&a.name)).collect();
    Some(format!(
        "This key was offered by {}: is that you? Type 'yes NAME' to sign in as them, 'no' to refuse, or choose a new name",
        names.join(", ")
    ))
}

impl ConnectionApp {
    /// The name form's line: `yes NAME` binds this key to the account
    /// NAME that offered it, `no` refuses every offer, else a new name.
    pub(super) fn register_or_confirm(&mut self, line: &str) -> HubAnswer {
        let Identity::Key { fp, .. } = self.identity.clone() else { return self.register(line) };
        let words: Vec<&str> = line.split_whitespace().collect();
        let offers = match self.hub.key_offers(&fp) {
            Ok(offers) if !offers.is_empty() => offers,
            _ => return self.register(line),
        };
        match words.as_slice() {
            ["no"] => match self.hub.refuse_key_offers(&fp) {
                Ok(()) => {
                    tracing::warn!("serve: {} refused the offers of key {fp}", self.peer);
                    HubAnswer::Note("Refused. A new key: choose your name (3-20 letters, digits, _ or -)".into())
                }
                Err(e) => HubAnswer::Refused(super::inert(&e.to_string())),
            },
            ["yes", name] => {
                let Some(account) = offers.into_iter().find(|a| a.name.eq_ignore_ascii_case(name)) else {
                    return HubAnswer::Refused(format!("{} did not offer this key", super::inert(name)));
                };
                match self.hub.confirm_key(&fp, account.id) {
                    Ok(()) => {
                        tracing::info!("serve: {} confirmed key {fp} for {}", self.peer, account.name);
                        self.connect(Some(account))
                    }
                    Err(e) => HubAnswer::Refused(super::inert(&e.to_string())),
                }
            }
            _ => self.register(line),
        }
    }

    /// Offers the OpenSSH public key `text` to this account.
    pub(super) fn add_key(&self, text: &str) -> HubAnswer {
        let Some(account) = &self.account else {
            return HubAnswer::Refused("guests have no account to add a key to".into());
        };
        let key = match russh::keys::PublicKey::from_openssh(text.trim()) {
            Ok(key) => key,
            Err(e) => {
                return HubAnswer::Refused(format!("not an OpenSSH public key ({e}): paste one line of a .pub file"));
            }
        };
        let fp = key.fingerprint(russh::keys::HashAlg::Sha256).to_string();
        let text = key.to_openssh().unwrap_or_default();
        match self.hub.offer_key(account.id, &fp, &text) {
            Ok(()) => HubAnswer::Note(format!(
                "key {fp} is pending: sign in with it and answer 'yes {}' to make it sign in as you",
                account.name
            )),
            Err(e) => HubAnswer::Refused(super::inert(&e.to_string())),
        }
    }

    /// This account's keys, with their fingerprints, on a page.
    pub(super) fn keys(&self) -> HubAnswer {
        let Some(account) = &self.account else { return HubAnswer::Refused("guests have no keys".into()) };
        match self.hub.account_keys(account.id) {
            Ok(keys) => {
                let mut lines: Vec<String> = keys
                    .iter()
                    .map(|k| if k.pending { format!("{}  (pending)", k.fingerprint) } else { k.fingerprint.clone() })
                    .collect();
                lines.push(String::new());
                lines.push("removekey FINGERPRINT removes one (not the last)".into());
                HubAnswer::Page(format!("Keys of {}", super::inert(&account.name)), lines)
            }
            Err(e) => HubAnswer::Refused(super::inert(&e.to_string())),
        }
    }

    /// Removes the key (or pending offer) `fp` of this account.
    pub(super) fn remove_key(&self, fp: &str) -> HubAnswer {
        let Some(account) = &self.account else { return HubAnswer::Refused("guests have no keys".into()) };
        match self.hub.remove_key(account.id, fp) {
            Ok(()) => {
                tracing::info!("serve: {} removed key {fp} of {}", self.peer, account.name);
                HubAnswer::Note(format!("key {fp} removed"))
            }
            Err(e) => HubAnswer::Refused(super::inert(&e.to_string())),
        }
    }
}
