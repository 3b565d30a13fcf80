//! Several server nodes on one database: the hub hears the other nodes'
//! notes ([`Note`], through [`Records::listen`](super::Records::listen))
//! and feeds each change into its own memory as if one of its sessions had
//! made it: it reads the game's rows again and plays the moves it lacks,
//! takes back what was taken back, ends what ended ([`Ctx::catch_up`]);
//! it reads the open challenges again ([`Ctx::sync_challenges`]); it
//! relays offers and chat lines, which are not stored. Its own changes go
//! out from the storage's writes (a move's note is in its transaction) or,
//! for what is not stored, through [`Ctx::announce`].
//!
//! The store decides every race (a move at a ply taken, a game already
//! ended, a challenge already accepted): the node that loses reads the
//! game again, so that every node ends with what was stored. An engine
//! game's engine runs on the node where its player is (a node alone, as
//! on SQLite, runs every one).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Weak;
use std::time::Duration;

use wormhole::Rules;

use super::live::LiveGame;
use super::lobby::opponent_account;
use super::types::*;
use super::{Challenge, Ctx, Inner, lock};
use crate::limits::{
    NODE_FLAG_SWEEP_MS, NODE_FORGET_MS, NODE_HEARTBEAT_MS, NODE_LISTEN_POLL_MS, NODE_NOTES_TOGETHER, NODE_TIMEOUT_MS,
};
use crate::server::store::{Account, AccountId, GameId, Listener, Note, OfferKind, StoredMove};

/// The thread that hears the other nodes, until the hub stops. Notes of
/// who is online ([`Note::Presence`]) that have come together are followed
/// once, after the others that came with them (at most
/// [`NODE_NOTES_TOGETHER`]): each reads every session
/// of the other nodes again, so one read serves them all (a crowd signing
/// in sends one a player).
pub(super) fn hear_loop(inner: &Weak<Inner>, listener: Listener) {
    let poll = Duration::from_millis(NODE_LISTEN_POLL_MS);
    loop {
        let first = listener.notes.recv_timeout(poll);
        let Some(hub) = inner.upgrade() else { return };
        if *lock(&hub.stopping.0) {
            return;
        }
        let first = match first {
            Ok(note) => note,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => continue,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return,
        };
        let mut presence = false;
        for note in std::iter::once(first).chain(listener.notes.try_iter().take(NODE_NOTES_TOGETHER - 1)) {
            if *lock(&hub.stopping.0) {
                return;
            }
            match note {
                Note::Presence => presence = true,
                note => hub.hear(note),
            }
        }
        if presence && !*lock(&hub.stopping.0) {
            hub.hear(Note::Presence);
        }
    }
}

impl Inner {
    /// Another node's change, fed into this hub; a panic is logged.
    fn hear(&self, note: Note) {
        if let Err(why) = super::contain::contained(|| self.heard(note)) {
            tracing::error!("hub: a note of another node panicked: {why}");
        }
    }

    /// Another node's change, fed into this hub.
    fn heard(&self, note: Note) {
        let result = match note {
            Note::Game(game) => self.act_on(game, |cx| cx.catch_up(game)),
            Note::Challenges => self.act(|cx| cx.sync_challenges()),
            Note::Declined { id, from, by } => self.act(|cx| {
                cx.tell_account(from, HubEvent::ChallengeDeclined { id, by });
                Ok(())
            }),
            Note::Offer { game, kind, by, made } => self.act_on(game, |cx| {
                cx.remote_offer(game, offer_of(kind, by), made);
                Ok(())
            }),
            Note::Chat { game, from, spectator, text } => self.act(|cx| {
                cx.relay_chat(game, &from, spectator, text);
                Ok(())
            }),
            Note::Presence => self.act(|cx| cx.refresh_presence()),
            Note::Resync => self.resync(),
        };
        if let Err(e) = result {
            tracing::error!("hub: another node's change not followed: {e}");
        }
    }

    /// Reads everything again (the listening connection was lost a while).
    fn resync(&self) -> Result<(), HubError> {
        self.act(|cx| cx.sync_challenges())?;
        let known: Vec<GameId> = lock(&self.state).games.keys().copied().collect();
        let stored: Vec<GameId> = lock(&self.records).active_games()?.into_iter().map(|g| g.id).collect();
        let all: BTreeSet<GameId> = known.into_iter().chain(stored).collect();
        for game in all {
            self.act_on(game, |cx| cx.catch_up(game))?;
        }
        Ok(())
    }
}

/// The hub's offer of a note's.
pub(super) fn offer_of(kind: OfferKind, by: wormhole::Color) -> Offer {
    match kind {
        OfferKind::Draw => Offer::Draw(by),
        OfferKind::Takeback => Offer::Takeback(by),
        OfferKind::Rematch => Offer::Rematch(by),
    }
}

/// A note's offer of the hub's: (kind, by).
pub(super) fn note_of(offer: Offer) -> (OfferKind, wormhole::Color) {
    match offer {
        Offer::Draw(by) => (OfferKind::Draw, by),
        Offer::Takeback(by) => (OfferKind::Takeback, by),
        Offer::Rematch(by) => (OfferKind::Rematch, by),
    }
}

impl Ctx<'_> {
    /// Several nodes: notes whether `account` has a session here (the
    /// others are told); a failure is logged.
    pub(super) fn set_presence(&mut self, account: &Account, here: bool) {
        if self.several
            && let Err(e) = self.records.set_presence(account, here)
        {
            tracing::error!("hub: {}'s presence on this node not noted: {e}", account.name);
        }
    }

    /// Several nodes: this node's heartbeat every [`NODE_HEARTBEAT_MS`]
    /// (or `now`), then who is online on the others read again.
    pub(super) fn node_beat(&mut self, now: bool) {
        if !self.several || (!now && self.now < self.st.heartbeat_at + NODE_HEARTBEAT_MS) {
            return;
        }
        self.st.heartbeat_at = self.now;
        if let Err(e) = self.records.heartbeat(self.now, NODE_FORGET_MS) {
            tracing::error!("hub: this node's heartbeat not noted: {e}");
        }
        if let Err(e) = self.refresh_presence() {
            tracing::error!("hub: who is online on the other nodes not read: {e}");
        }
    }

    /// Several nodes: every [`NODE_FLAG_SWEEP_MS`], the games whose stored
    /// deadline has passed are read again and flagged here, so that a flag
    /// falls from the database alone (this node may have missed the last
    /// move, whose node died before its note went out). A game whose move
    /// is with this node's writer is left to the next look.
    pub(super) fn sweep_flags(&mut self) {
        if !self.several || self.now < self.st.swept_at + NODE_FLAG_SWEEP_MS {
            return;
        }
        self.st.swept_at = self.now;
        let due = match self.records.overdue_games(self.now) {
            Ok(due) => due,
            Err(e) => return tracing::error!("hub: the clocks' deadlines not read: {e}"),
        };
        for game in due {
            let held = self.st.games.get(&game);
            if held.is_some_and(|g| g.saving || g.flag_fallen(self.now).is_some()) {
                // Saving: next time; fallen here: this tick's own look flags it.
                continue;
            }
            let _ = self.guarded(game, "a flag from its stored deadline", |cx| {
                cx.catch_up(game)?;
                cx.time_up(game);
                Ok(())
            });
        }
    }

    /// Reads who is online on the other live nodes (heartbeat within
    /// [`NODE_TIMEOUT_MS`]): a player no longer online anywhere is gone
    /// (their opponents told, the claim countdown starts), one newly online is back.
    pub(super) fn refresh_presence(&mut self) -> Result<(), HubError> {
        let since = self.now.saturating_sub(NODE_TIMEOUT_MS);
        let now: BTreeMap<AccountId, String> =
            self.records.online_elsewhere(since)?.into_iter().map(|a| (a.id, a.name)).collect();
        let before = std::mem::replace(&mut self.st.elsewhere, now.clone());
        let left: Vec<AccountId> = before.keys().filter(|a| !now.contains_key(a)).copied().collect();
        let came: Vec<AccountId> = now.keys().filter(|a| !before.contains_key(a)).copied().collect();
        for &account in left.iter().filter(|&&a| self.sessions_of(a).is_empty()).collect::<Vec<_>>() {
            self.player_gone(account);
        }
        for &account in came.iter().filter(|&&a| self.sessions_of(a).is_empty()).collect::<Vec<_>>() {
            self.player_back(account);
        }
        if !left.is_empty() || !came.is_empty() {
            self.tell_all(HubEvent::LobbyChanged);
        }
        Ok(())
    }

    /// A move the storage refused because another node stored one at its
    /// ply first (or ended the game): the game is read again, and the
    /// player is told to look again ([`HubError::Raced`]), or that it is over.
    pub(super) fn lost_race(&mut self, pending: super::writer::PendingMove, why: String) -> Result<(), HubError> {
        let game = pending.game;
        tracing::info!("hub: game {game}: a move lost the race for its ply to another node: {why}");
        if let Some(live) = self.st.games.get_mut(&game) {
            live.saving = false;
        }
        self.catch_up(game)?;
        match self.st.games.get(&game).and_then(|g| g.ending.clone()) {
            Some(e) => Err(HubError::GameOver(format!("{} {}", e.result, e.why))),
            None => Err(HubError::Raced(game)),
        }
    }

    /// A move the storage refused as played at or after its clock's
    /// deadline (a deadline this node had not followed, or a flag not yet
    /// decided): the game is read again and flagged, the player who ran out
    /// losing and both told; the mover is told it is over.
    pub(super) fn late_move(&mut self, pending: super::writer::PendingMove, why: &str) -> Result<(), HubError> {
        let game = pending.game;
        tracing::info!("hub: game {game}: a move came after its flag fell: {why}");
        if let Some(live) = self.st.games.get_mut(&game) {
            live.saving = false;
        }
        self.catch_up(game)?;
        self.time_up(game);
        match self.st.games.get(&game).and_then(|g| g.ending.clone()) {
            Some(e) => Err(HubError::GameOver(format!("{} {}", e.result, e.why))),
            None => Err(HubError::NotStored(why.to_string())),
        }
    }

    /// Tells the other nodes of `note` (a change not stored); a failure is
    /// logged: the change stands on this node.
    pub(super) fn announce(&mut self, note: &Note) {
        if let Err(e) = self.records.announce(note) {
            tracing::error!("hub: the other nodes not told of a change: {e}");
        }
    }

    /// Brings `game` to what is stored: a game this node does not hold is
    /// taken up (its players here are told it started); the moves it lacks
    /// are played and told, moves taken back are taken back, the running
    /// clock is the stored deadline's, an ending is kept and told. The
    /// common case reads only the game's row and the moves after those
    /// held ([`Records::game_since`](super::Records::game_since)); a
    /// takeback since this node last read the game (the stored count of
    /// takebacks is not its own) reads it whole.
    pub(super) fn catch_up(&mut self, game: GameId) -> Result<(), HubError> {
        let Some(live) = self.st.games.get(&game) else { return self.take_up(game) };
        let (held, takebacks) = (live.plies(), live.takebacks);
        let from = u32::try_from(held).unwrap_or(u32::MAX);
        let Some(tail) = self.records.game_since(game, from)? else { return Ok(()) };
        let (deadline, result) = if tail.takebacks == takebacks && tail.next_ply >= from {
            self.follow_moves(game, held, &tail.moves)?;
            (tail.deadline_ms, tail.result)
        } else {
            let Some(stored) = self.records.game(game)? else { return Ok(()) };
            self.follow_moves(game, 0, &stored.moves)?;
            self.st.games.get_mut(&game).expect("held").takebacks = stored.takebacks;
            (stored.deadline_ms, stored.result)
        };
        // The running clock as stored (a restart may have moved it on).
        self.st.games.get_mut(&game).expect("held").follow_deadline(deadline);
        let live = &self.st.games[&game];
        match (result, &live.ending) {
            (Some((result, why)), None) => self.ended_elsewhere(game, &result, &why)?,
            (None, None) if live.engine_ply.is_none() => self.engine_turn(game),
            _ => {}
        }
        Ok(())
    }

    /// A game this node does not hold, read whole and taken up: its
    /// players here are told it started (and ended, if it has).
    fn take_up(&mut self, game: GameId) -> Result<(), HubError> {
        let Some(stored) = self.records.game(game)? else { return Ok(()) };
        let result = stored.result.clone();
        let live = LiveGame::restore(stored)?;
        let info = live.info(self.now);
        self.st.games.insert(game, live);
        self.tell_game(game, HubEvent::GameStarted { game: info });
        self.tell_all(HubEvent::LobbyChanged);
        match result {
            Some((result, why)) => self.ended_elsewhere(game, &result, &why),
            None => {
                self.engine_turn(game);
                Ok(())
            }
        }
    }

    /// Tells the end of `game` another node stored, with the ratings it
    /// changed (read back, as that node was answered them).
    fn ended_elsewhere(&mut self, game: GameId, result: &str, why: &str) -> Result<(), HubError> {
        let change = self.records.rating_change(game)?;
        self.ended_in_memory(game, Ending::new(result, why).rated(change));
        Ok(())
    }

    /// Makes `game`'s moves from ply `from` on `stored` (the stored moves
    /// from that ply; `from` is at most the plies held): what differs is
    /// taken back, then the moves it lacks are played; each change is told.
    fn follow_moves(&mut self, game: GameId, from: usize, stored: &[StoredMove]) -> Result<(), HubError> {
        let live = self.st.games.get_mut(&game).ok_or(HubError::NoGame(game))?;
        let alike = stored.iter().enumerate().take_while(|(i, s)| live.move_text(from + i) == Some(s.mv.as_str()));
        let same = from + alike.count();
        if same < live.plies() || same < from + stored.len() {
            // The engine's search, if any, was for a position gone.
            live.engine_ply = None;
        }
        if same < live.plies() {
            live.take_back_to(same, self.now);
            let clocks = live.clocks(self.now);
            if let Some(pool) = self.pool {
                pool.cancel(game);
            }
            self.tell_game(game, HubEvent::TakenBack { game, plies: same, clocks });
        }
        for m in &stored[same - from..] {
            let live = self.st.games.get_mut(&game).expect("found above");
            let pos = live.position();
            let bad = |why: String| HubError::BadStoredGame { game, why };
            let mv = pos.parse_move(&m.mv).map_err(|e| bad(format!("move {}: {e}", m.mv)))?;
            let san = pos.san(mv);
            let ply = live.plies();
            live.push(mv, san.clone(), m.clone())?;
            let clocks = live.clocks(self.now);
            self.tell_game(game, HubEvent::Moved { game, ply, mv: m.mv.clone(), san, clocks, relay: None });
        }
        Ok(())
    }

    /// Makes the open challenges those stored: new ones are listed (the
    /// player one names, if here, is told), gone ones go; the lobby is
    /// told only if they changed.
    pub(super) fn sync_challenges(&mut self) -> Result<(), HubError> {
        let stored = self.records.challenges()?;
        let ids: BTreeSet<_> = stored.iter().map(|c| c.id).collect();
        let before = self.st.challenges.len();
        self.st.challenges.retain(|id, _| ids.contains(id));
        let mut changed = self.st.challenges.len() != before;
        for c in stored {
            if self.st.challenges.contains_key(&c.id) {
                continue;
            }
            changed = true;
            if let Some(to) = c.spec.to.as_deref().and_then(|name| self.account_here(name)) {
                let event = HubEvent::Challenged { id: c.id, from: c.from.name.clone(), spec: c.spec.clone() };
                self.tell_account(to, event);
            }
            self.st.challenges.insert(c.id, Challenge { from: c.from, spec: c.spec, gone_since: None });
        }
        // Every session reads the lobby again when told: only for a change.
        if changed {
            self.tell_all(HubEvent::LobbyChanged);
        }
        Ok(())
    }

    /// The account called `name` if it has a session on this node.
    fn account_here(&self, name: &str) -> Option<crate::server::store::AccountId> {
        self.st.sessions.values().find_map(|s| match &s.who {
            Who::Player(a) if a.name.eq_ignore_ascii_case(name) => Some(a.id),
            _ => None,
        })
    }

    /// Another node's offer in `game`: made (its opponent here is told), or
    /// declined (its maker here is told).
    fn remote_offer(&mut self, game: GameId, offer: Offer, made: bool) {
        let Some(live) = self.st.games.get_mut(&game) else { return };
        let (Offer::Draw(by) | Offer::Takeback(by) | Offer::Rematch(by)) = offer;
        if !made {
            live.offers.retain(|&o| o != offer);
            if let Some(account) = opponent_account(live, !by) {
                self.tell_account(account, HubEvent::OfferDeclined { game, offer });
            }
            return;
        }
        if !live.offers.contains(&offer) {
            live.offers.push(offer);
        }
        let event = match offer {
            Offer::Draw(_) => HubEvent::DrawOffered { game },
            Offer::Takeback(_) => HubEvent::TakebackAsked { game },
            Offer::Rematch(_) => HubEvent::RematchAsked { game },
        };
        if let Some(opponent) = opponent_account(live, by) {
            self.tell_account(opponent, event);
        }
    }
}
