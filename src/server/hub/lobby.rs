//! The lobby: challenges open or by name, engine games, who is online, and
//! what the storage says of players (leaderboards, pages, PGN).

use rand::RngExt;
use wormhole::engine::Level;
use wormhole::pgn::PgnGame;
use wormhole::{Color, GameKind};

use super::live::LiveGame;
use super::types::*;
use super::{CHALLENGE_GRACE, CLOCK_INITIAL_MS, CLOCK_MAX_INCREMENT_MS, Challenge, Ctx, Hub, lock};
use crate::server::store::{Account, AccountId, GameId, LeaderRow, NewGame, PlayerPage, Seat, StoreError};

impl Hub {
    /// What session `s` sees in the lobby.
    pub fn lobby(&self, s: SessionId) -> Result<Lobby, HubError> {
        let mut lobby = self.inner.act(|cx| {
            let me = match &cx.st.sessions.get(&s).ok_or(HubError::NoSession(s))?.who {
                Who::Player(a) => Some(a.clone()),
                Who::Guest => None,
            };
            let online: Vec<String> = cx
                .st
                .sessions
                .values()
                .filter_map(|s| match &s.who {
                    Who::Player(a) => Some(a.name.clone()),
                    Who::Guest => None,
                })
                .chain(cx.st.elsewhere.values().cloned())
                .collect();
            let challenges = cx
                .st
                .challenges
                .iter()
                .filter(|(_, c)| visible_to(c, me.as_ref()))
                .map(|(&id, c)| {
                    let paused = cx.playing(c.from.id);
                    ChallengeInfo { id, from: c.from.name.clone(), spec: c.spec.clone(), paused }
                })
                .collect();
            let going = cx.st.games.values().filter(|g| g.ending.is_none());
            let now = cx.now;
            let live: Vec<LobbyGame> = going.clone().map(|g| g.info(now)).collect();
            let mine = match &me {
                Some(a) => going.filter(|g| g.colour_of(a.id).is_some()).map(|g| g.info(now)).collect(),
                None => Vec::new(),
            };
            Ok(Lobby { online, challenges, live, mine })
        })?;
        // Sorted once the hub is free again: every session reads the lobby
        // after each change, and the names of a crowd take a while to sort.
        lobby.online.sort_by_cached_key(|n| n.to_lowercase());
        lobby.online.dedup();
        Ok(lobby)
    }

    /// Offers a game: to anyone, or to the player `spec.to` names (told at once).
    pub fn challenge(&self, s: SessionId, spec: ChallengeSpec) -> Result<ChallengeId, HubError> {
        self.inner.act(|cx| {
            let from = cx.player(s)?;
            check_clock(spec.clock)?;
            let to = match &spec.to {
                Some(name) => Some(cx.records.account_by_name(name)?.ok_or_else(|| HubError::NoPlayer(name.clone()))?),
                None => None,
            };
            if to.as_ref().is_some_and(|t| t.id == from.id) {
                return Err(HubError::ChallengeSelf);
            }
            super::caps::check(&cx.st.challenges, &from, to.as_ref())?;
            let spec = ChallengeSpec { to: to.as_ref().map(|t| t.name.clone()), ..spec };
            let id = cx.records.add_challenge(from.id, &spec, cx.now)?;
            if let Some(to) = &to {
                cx.tell_account(to.id, HubEvent::Challenged { id, from: from.name.clone(), spec: spec.clone() });
            }
            cx.st.challenges.insert(id, Challenge { from, spec, gone_since: None });
            cx.tell_all(HubEvent::LobbyChanged);
            Ok(id)
        })
    }

    /// Withdraws one's own challenge.
    pub fn cancel(&self, s: SessionId, id: ChallengeId) -> Result<(), HubError> {
        self.inner.act(|cx| {
            let me = cx.player(s)?;
            let c = cx.st.challenges.get(&id).ok_or(HubError::NoChallenge(id))?;
            if c.from.id != me.id {
                return Err(HubError::NotYourChallenge(id));
            }
            cx.records.remove_challenge(id)?;
            cx.st.challenges.remove(&id);
            cx.tell_all(HubEvent::LobbyChanged);
            Ok(())
        })
    }

    /// Declines a challenge made to this player by name; the challenger is told.
    pub fn decline(&self, s: SessionId, id: ChallengeId) -> Result<(), HubError> {
        self.inner.act(|cx| {
            let me = cx.player(s)?;
            let c = cx.st.challenges.get(&id).ok_or(HubError::NoChallenge(id))?;
            if !c.spec.to.as_ref().is_some_and(|to| to.eq_ignore_ascii_case(&me.name)) {
                return Err(HubError::NotYourChallenge(id));
            }
            let from = c.from.id;
            cx.records.remove_challenge(id)?;
            cx.st.challenges.remove(&id);
            cx.announce(&crate::server::store::Note::Declined { id, from, by: me.name.clone() });
            cx.tell_account(from, HubEvent::ChallengeDeclined { id, by: me.name });
            cx.tell_all(HubEvent::LobbyChanged);
            Ok(())
        })
    }

    /// Accepts a challenge: the game starts and both players are told.
    pub fn accept(&self, s: SessionId, id: ChallengeId) -> Result<GameId, HubError> {
        self.inner.act(|cx| {
            let me = cx.player(s)?;
            let c = cx.st.challenges.get(&id).ok_or(HubError::NoChallenge(id))?;
            if c.from.id == me.id {
                return Err(HubError::OwnChallenge);
            }
            if !visible_to(c, Some(&me)) {
                return Err(HubError::NotYourChallenge(id));
            }
            if let Some(game) = cx.playing(c.from.id) {
                return Err(HubError::MakerPlaying { name: c.from.name.clone(), game });
            }
            let white_is_challenger = match c.spec.colour {
                ColourChoice::White => true,
                ColourChoice::Black => false,
                ColourChoice::Random => rand::rng().random(),
            };
            let (from, me, spec) = (Seat::Player(c.from.clone()), Seat::Player(me), c.spec.clone());
            let seats = if white_is_challenger { [from, me] } else { [me, from] };
            // Out of the list first, so that the game's start withdraws the others only.
            let challenge = cx.st.challenges.remove(&id).expect("found above");
            match cx.start_game(&spec, seats, spec.rated, Some(id)) {
                // Accepted on another node first: gone (its note is on the way).
                Err(HubError::Records(StoreError::NoChallenge(_))) if cx.several => Err(HubError::ChallengeTaken(id)),
                Err(e) => {
                    cx.st.challenges.insert(id, challenge);
                    Err(e)
                }
                Ok(game) => Ok(game),
            }
        })
    }

    /// Starts a game against the engine at `level` (1-12, the app's ladder).
    pub fn play_engine(&self, s: SessionId, spec: ChallengeSpec, level: u8) -> Result<GameId, HubError> {
        self.inner.act(|cx| {
            let account = cx.player(s)?;
            Level::new(level).ok_or(HubError::BadLevel(level))?;
            // One engine game at a time: the unfinished one is resumed, not piled up.
            let engine_game =
                |g: &&LiveGame| g.ending.is_none() && g.colour_of(account.id).is_some() && g.accounts().count() == 1;
            if let Some(open) = cx.st.games.values().find(engine_game) {
                return Err(HubError::EngineGameOpen(open.id));
            }
            let me = Seat::Player(account);
            if spec.rated {
                return Err(HubError::EngineUnrated);
            }
            check_clock(spec.clock)?;
            let engine = Seat::Engine { level };
            let me_white = match spec.colour {
                ColourChoice::White => true,
                ColourChoice::Black => false,
                ColourChoice::Random => rand::rng().random(),
            };
            let seats = if me_white { [me, engine] } else { [engine, me] };
            cx.start_game(&spec, seats, false, None)
        })
    }

    /// The game a player's new session returns to: the one they were on
    /// when their connection dropped (finished or not), or none if they
    /// were in the lobby; when the hub does not know (it restarted since),
    /// their unfinished game where they are to move with the least time,
    /// else any unfinished game of theirs. `None`: the lobby.
    pub fn resume_game(&self, s: SessionId) -> Result<Option<GameId>, HubError> {
        self.inner.act(|cx| {
            let me = cx.player(s)?;
            if let Some(&was) = cx.st.last_game.get(&me.id) {
                return Ok(was);
            }
            let mine = cx.st.games.values().filter(|g| g.ending.is_none() && g.colour_of(me.id).is_some());
            let urgency = |g: &&LiveGame| {
                let to_move = g.colour_of(me.id) == Some(g.turn());
                (!to_move, g.game.clock.map_or(i64::MAX, |_| g.left_at(g.turn(), cx.now)))
            };
            Ok(mine.min_by_key(urgency).map(|g| g.id))
        })
    }

    /// This player's games that ended lately, newest first; from now on
    /// they count as seen.
    pub fn notices(&self, s: SessionId) -> Result<Vec<Notice>, HubError> {
        self.inner.act(|cx| {
            let me = cx.player(s)?;
            let notices = cx.st.notices.entry(me.id).or_default();
            let list: Vec<Notice> = notices.iter().rev().cloned().collect();
            for n in notices.iter_mut() {
                n.seen = true;
            }
            Ok(list)
        })
    }

    /// The best rated players of `kind`.
    pub fn leaderboard(&self, kind: GameKind, limit: usize) -> Result<Vec<LeaderRow>, HubError> {
        Ok(lock(&self.inner.records).leaderboard(kind, limit)?)
    }

    /// The page of the player called `name`: ratings, recent games, rating history.
    pub fn player(&self, name: &str) -> Result<PlayerPage, HubError> {
        lock(&self.inner.records).player(name)?.ok_or_else(|| HubError::NoPlayer(name.to_string()))
    }

    /// A game, live or stored, as PGN (the app's writer).
    pub fn pgn(&self, game: GameId) -> Result<String, HubError> {
        self.inner.act(|cx| {
            let stored;
            let live = match cx.st.games.get(&game) {
                Some(live) => live,
                None => {
                    let g = cx.records.game(game)?.ok_or(HubError::NoGame(game))?;
                    stored = LiveGame::reread(g)?;
                    &stored
                }
            };
            Ok(pgn_of(live).to_pgn())
        })
    }
}

/// Whether `me` may see (and accept) challenge `c`.
fn visible_to(c: &Challenge, me: Option<&Account>) -> bool {
    match (&c.spec.to, me) {
        (None, _) => true,
        (Some(to), Some(me)) => to.eq_ignore_ascii_case(&me.name) || c.from.id == me.id,
        (Some(_), None) => false,
    }
}

/// Refuses a clock out of bounds.
fn check_clock(clock: Option<(u64, u64)>) -> Result<(), HubError> {
    match clock {
        Some((initial, inc)) if !CLOCK_INITIAL_MS.contains(&initial) || inc > CLOCK_MAX_INCREMENT_MS => {
            Err(HubError::BadClock(initial, inc))
        }
        _ => Ok(()),
    }
}

/// The game as the app's PGN: names, date, result and why.
pub(super) fn pgn_of(live: &LiveGame) -> PgnGame {
    let mut pgn = PgnGame::new(live.start().clone(), live.any_moves());
    let event = if live.game.rated { "Rated game" } else { "Casual game" };
    pgn.set_tag("Event", event);
    pgn.set_tag("Site", "wormhole serve");
    pgn.set_tag("Date", &pgn_date(live.created_ms));
    let [white, black] = live.names();
    pgn.set_tag("White", &white);
    pgn.set_tag("Black", &black);
    if let Some(e) = &live.ending {
        pgn.set_tag("Result", &e.result);
        pgn.set_tag("Termination", &e.why);
    }
    pgn
}

/// A PGN date (`YYYY.MM.DD`, UTC) from Unix milliseconds.
fn pgn_date(ms: u64) -> String {
    crate::files::utc_pgn_date(std::time::UNIX_EPOCH + std::time::Duration::from_millis(ms))
}

impl Ctx<'_> {
    /// Creates and starts a game between `seats` (White's, Black's); the
    /// `accepted` challenge goes in the same write.
    pub(super) fn start_game(
        &mut self,
        spec: &ChallengeSpec,
        seats: [Seat; 2],
        rated: bool,
        accepted: Option<ChallengeId>,
    ) -> Result<GameId, HubError> {
        let game = NewGame { kind: spec.kind, start_fen: start_fen(spec), seats, rated, clock: spec.clock };
        let id = match accepted {
            Some(challenge) => self.records.accept_challenge(challenge, &game, self.now)?,
            None => self.records.create_game(&game, self.now)?,
        };
        let live = LiveGame::new(id, game, self.now)?;
        let info = live.info(self.now);
        let players: Vec<AccountId> = live.accounts().map(|(_, a)| a).collect();
        self.st.games.insert(id, live);
        for account in players {
            self.withdraw_challenges_of(account, id);
        }
        self.tell_game(id, HubEvent::GameStarted { game: info });
        self.tell_all(HubEvent::LobbyChanged);
        self.engine_turn(id);
        Ok(id)
    }

    /// `account` left the hub: their challenges wait [`CHALLENGE_GRACE`],
    /// in each of their games going on the opponent is told.
    pub(super) fn player_gone(&mut self, account: AccountId) {
        let now = self.now;
        for c in self.st.challenges.values_mut().filter(|c| c.from.id == account) {
            c.gone_since = Some(now);
        }
        let mut told = Vec::new();
        for game in self.st.games.values_mut().filter(|g| g.ending.is_none()) {
            if let Some(color) = game.colour_of(account) {
                game.gone_since[color.index()] = Some(now);
                told.extend(opponent_account(game, color).map(|a| (a, game.id)));
            }
        }
        for (opponent, game) in told {
            let absence_ms = self.absence.as_millis() as u64;
            self.tell_account(opponent, HubEvent::OpponentGone { game, since: now, absence_ms });
        }
    }

    /// `account` is back: their challenges stay, the opponents are told.
    pub(super) fn player_back(&mut self, account: AccountId) {
        for c in self.st.challenges.values_mut().filter(|c| c.from.id == account) {
            c.gone_since = None;
        }
        let mut told = Vec::new();
        for game in self.st.games.values_mut() {
            if let Some(color) = game.colour_of(account)
                && game.gone_since[color.index()].take().is_some()
            {
                game.claim_told = false;
                told.extend(opponent_account(game, color).map(|a| (a, game.id)));
            }
        }
        for (opponent, game) in told {
            self.tell_account(opponent, HubEvent::OpponentBack { game });
        }
        // Several nodes: their engine games play on where they now are.
        if self.several {
            let engine_games: Vec<GameId> = self
                .st
                .games
                .values()
                .filter(|g| g.colour_of(account).is_some() && g.engine_to_move().is_some() && g.engine_ply.is_none())
                .map(|g| g.id)
                .collect();
            for game in engine_games {
                self.engine_turn(game);
            }
        }
    }
}

impl Ctx<'_> {
    /// The game going on that `account` plays against another player with
    /// a clock, if any: while it runs, their challenges wait.
    pub(super) fn playing(&self, account: AccountId) -> Option<GameId> {
        let busy = |g: &&LiveGame| {
            g.ending.is_none() && g.game.clock.is_some() && g.accounts().count() == 2 && g.colour_of(account).is_some()
        };
        self.st.games.values().find(busy).map(|g| g.id)
    }

    /// Withdraws every open seek `account` made (to anyone), as their game
    /// `game` starts (one game at a time); they are told of each. Their
    /// challenges by name stay, paused while they play
    /// ([`Ctx::playing`]): the player named may still answer later.
    fn withdraw_challenges_of(&mut self, account: AccountId, game: GameId) {
        let seek = |c: &Challenge| c.from.id == account && c.spec.to.is_none();
        let theirs: Vec<ChallengeId> = self.st.challenges.iter().filter(|(_, c)| seek(c)).map(|(&id, _)| id).collect();
        for id in theirs {
            // One the storage keeps stays listed, paused while they play.
            if let Err(e) = self.records.remove_challenge(id) {
                tracing::error!("hub: challenge {id} not withdrawn: {e}");
                continue;
            }
            self.st.challenges.remove(&id);
            self.tell_account(account, HubEvent::ChallengeWithdrawn { id, game });
        }
    }

    /// Removes the challenges whose creator has been gone for [`CHALLENGE_GRACE`].
    pub(super) fn expire_challenges(&mut self) {
        let grace = CHALLENGE_GRACE.as_millis() as u64;
        let now = self.now;
        let expired: Vec<ChallengeId> = self
            .st
            .challenges
            .iter()
            .filter(|(_, c)| c.gone_since.is_some_and(|since| now.saturating_sub(since) >= grace))
            .map(|(&id, _)| id)
            .collect();
        for id in expired {
            match self.records.remove_challenge(id) {
                // Removed here, or by another node first (one conditional
                // delete: it expires once, its note tells the other nodes).
                Ok(()) | Err(StoreError::NoChallenge(_)) => {}
                // One the storage does not remove now is tried at the next tick.
                Err(e) => {
                    tracing::error!("hub: challenge {id} not expired: {e}");
                    continue;
                }
            }
            self.st.challenges.remove(&id);
            self.tell_all(HubEvent::LobbyChanged);
        }
    }
}

/// The account playing against `color` in `game`, if a player.
pub(super) fn opponent_account(game: &LiveGame, color: Color) -> Option<AccountId> {
    game.accounts().find(|&(c, _)| c != color).map(|(_, a)| a)
}

/// The start a game made from `spec` plays from: the challenger's set-up
/// start, else the game's own.
fn start_fen(spec: &ChallengeSpec) -> String {
    spec.start_fen.clone().unwrap_or_else(|| spec.kind.start_fen().to_string())
}

#[cfg(test)]
mod tests {
    #[test]
    fn pgn_dates_are_civil_dates() {
        assert_eq!(super::pgn_date(0), "1970.01.01");
        assert_eq!(super::pgn_date(951_782_400_000), "2000.02.29");
        assert_eq!(super::pgn_date(1_764_806_400_000), "2025.12.04");
    }
}
