//! The caps on a player's challenges (issue #54: 300 challenges to one
//! player in 5 s were all stored and spammed their status line): at most
//! [`limits::SERVE_OPEN_CHALLENGES`] open at once, and one open at a time
//! to any one player ("already challenged").

use std::collections::BTreeMap;

use super::{Challenge, ChallengeId, HubError};
use crate::limits;
use crate::server::store::Account;

/// Whether `from` may open one more challenge (to `to`, when by name).
pub(super) fn check(
    challenges: &BTreeMap<ChallengeId, Challenge>,
    from: &Account,
    to: Option<&Account>,
) -> Result<(), HubError> {
    let mine: Vec<(&ChallengeId, &Challenge)> = challenges.iter().filter(|(_, c)| c.from.id == from.id).collect();
    if let Some(to) = to
        && let Some((id, _)) =
            mine.iter().find(|(_, c)| c.spec.to.as_ref().is_some_and(|n| n.eq_ignore_ascii_case(&to.name)))
    {
        return Err(HubError::AlreadyChallenged { name: to.name.clone(), id: **id });
    }
    if mine.len() >= limits::SERVE_OPEN_CHALLENGES {
        return Err(HubError::TooManyChallenges(limits::SERVE_OPEN_CHALLENGES));
    }
    Ok(())
}
