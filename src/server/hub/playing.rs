//! Playing and watching: moves (stored, then relayed), the server's
//! clocks, endings, offers (draw, takeback, rematch), chat, absences, and
//! the engine's moves, which take the same path as a player's.

use std::sync::mpsc::SyncSender;
use std::time::Duration;

use wormhole::engine::{Clock as EngineClock, Limits};
use wormhole::{AnyMove, Color};

use super::chat::inert_line;
use super::live::{LiveGame, has_draws};
use super::lobby::opponent_account;
use super::nodes::note_of;
use super::pool::Job;
use super::types::*;
use super::writer::PendingMove;
use super::{ALIVE_EVERY_MS, Ctx, FINISHED_KEPT_MS, Hub, NOTICES_KEPT};
use crate::server::store::{Account, Finish, GameId, Note, Seat, StoreError};

impl Hub {
    /// Opens a game: its player joins it, anyone else watches it read-only.
    /// A finished game the hub no longer holds is read from the storage.
    pub fn open(&self, s: SessionId, game: GameId) -> Result<GameView, HubError> {
        self.inner.act(|cx| {
            let who = cx.st.sessions.get(&s).ok_or(HubError::NoSession(s))?.who.clone();
            let you = |live: &LiveGame| match &who {
                Who::Player(a) => live.colour_of(a.id),
                Who::Guest => None,
            };
            if let Who::Player(a) = &who {
                cx.st.last_game.insert(a.id, Some(game));
            }
            if let Some(live) = cx.st.games.get_mut(&game) {
                let colour = you(live);
                if colour.is_none() {
                    live.watchers.insert(s);
                }
                return Ok(live.view(colour, cx.now, cx.absence.as_millis() as u64));
            }
            let stored = cx.records.game(game)?.ok_or(HubError::NoGame(game))?;
            let live = LiveGame::reread(stored)?;
            Ok(live.view(you(&live), cx.now, cx.absence.as_millis() as u64))
        })
    }

    /// Leaves a game's screen: stops watching it (a player's game goes
    /// on); a reconnection no longer returns to it.
    pub fn leave(&self, s: SessionId, game: GameId) -> Result<(), HubError> {
        self.inner.act(|cx| {
            if let Ok(me) = cx.player(s)
                && cx.st.last_game.get(&me.id) == Some(&Some(game))
            {
                cx.st.last_game.insert(me.id, None);
            }
            if let Some(live) = cx.st.games.get_mut(&game) {
                live.watchers.remove(&s);
            }
            Ok(())
        })
    }

    /// Plays `mv` (any notation the game reads) in `game`: checked, stored
    /// (by the writer, with other games' moves), then played and relayed to
    /// both players and every watcher; returns once it is.
    pub fn play(&self, s: SessionId, game: GameId, mv: &str) -> Result<(), HubError> {
        self.play_relayed(s, game, mv, None)
    }

    /// [`Hub::play`], the move's event carrying `relay` (when its keys were
    /// read) for the server's relay times.
    pub fn play_relayed(&self, s: SessionId, game: GameId, mv: &str, relay: Option<Relayed>) -> Result<(), HubError> {
        let (answer, stored) = std::sync::mpsc::sync_channel(1);
        self.inner.act_on(game, |cx| {
            let color = cx.my_colour(s, game)?;
            if cx.time_up(game) {
                let ending = cx.st.games[&game].ending.clone().map(|e| format!("{} {}", e.result, e.why));
                return Err(HubError::GameOver(ending.unwrap_or_default()));
            }
            let live = &cx.st.games[&game];
            if live.turn() != color {
                return Err(HubError::NotYourMove);
            }
            let (mv, text, san) = live.read_move(mv)?;
            cx.save_move(game, mv, text, san, Some(answer), relay);
            Ok(())
        })?;
        stored.recv().unwrap_or_else(|_| Err(HubError::NotStored("the server is stopping".into())))
    }

    /// Resigns `game`.
    pub fn resign(&self, s: SessionId, game: GameId) -> Result<(), HubError> {
        self.inner.act_on(game, |cx| {
            let color = cx.my_colour(s, game)?;
            cx.end_game(game, win_for(!color, "resignation"))
        })
    }

    /// Aborts `game`: an engine game at any time, a game between players
    /// before each side has moved (no result, nothing rated).
    pub fn abort(&self, s: SessionId, game: GameId) -> Result<(), HubError> {
        self.inner.act_on(game, |cx| {
            let color = cx.my_colour(s, game)?;
            let live = &cx.st.games[&game];
            let engine = matches!(live.seat(!color), Seat::Engine { .. });
            if !engine && live.plies() >= 2 {
                return Err(HubError::TooLateToAbort(game));
            }
            let why = format!("aborted by {color:?}");
            cx.end_game(game, Ending::new(ABORTED, &why))
        })
    }

    /// Offers a draw (games with draws only); an offer already made by the
    /// opponent is accepted. The engine declines.
    pub fn offer_draw(&self, s: SessionId, game: GameId) -> Result<(), HubError> {
        self.inner.act_on(game, |cx| {
            let color = cx.my_colour(s, game)?;
            let kind = cx.st.games[&game].kind();
            if !has_draws(kind) {
                return Err(HubError::NoDraws(kind));
            }
            if cx.take_offer(game, Offer::Draw(!color)) {
                return cx.end_game(game, agreed_draw());
            }
            cx.offer(game, color, Offer::Draw(color), HubEvent::DrawOffered { game })
        })
    }

    /// Answers the opponent's draw offer.
    pub fn answer_draw(&self, s: SessionId, game: GameId, yes: bool) -> Result<(), HubError> {
        self.inner.act_on(game, |cx| {
            let color = cx.my_colour(s, game)?;
            cx.answer(game, Offer::Draw(!color), yes)?;
            if yes { cx.end_game(game, agreed_draw()) } else { Ok(()) }
        })
    }

    /// Asks to take back one's last move (and the opponent's reply to it,
    /// if made). The engine agrees at once.
    pub fn ask_takeback(&self, s: SessionId, game: GameId) -> Result<(), HubError> {
        self.inner.act_on(game, |cx| {
            let color = cx.my_colour(s, game)?;
            takeback_keep(&cx.st.games[&game], color)?;
            cx.offer(game, color, Offer::Takeback(color), HubEvent::TakebackAsked { game })
        })
    }

    /// Answers the opponent's takeback request.
    pub fn answer_takeback(&self, s: SessionId, game: GameId, yes: bool) -> Result<(), HubError> {
        self.inner.act_on(game, |cx| {
            let color = cx.my_colour(s, game)?;
            cx.answer(game, Offer::Takeback(!color), yes)?;
            if yes { cx.take_back(game, !color) } else { Ok(()) }
        })
    }

    /// Asks for a rematch after a game, colours swapped: starts it if the
    /// opponent asked too (or is the engine), and gives its id.
    pub fn rematch(&self, s: SessionId, game: GameId) -> Result<Option<GameId>, HubError> {
        self.inner.act_on(game, |cx| {
            let me = cx.player(s)?;
            let live = cx.st.games.get(&game).ok_or(HubError::NoGame(game))?;
            let color = live.colour_of(me.id).ok_or(HubError::NotYourGame(game))?;
            if live.ending.is_none() && cx.several {
                // Another node may have ended it, its note not yet heard here.
                cx.catch_up(game)?;
            }
            let live = cx.st.games.get(&game).ok_or(HubError::NoGame(game))?;
            if live.ending.is_none() {
                return Err(HubError::NotOver);
            }
            let engine = matches!(live.seat(!color), Seat::Engine { .. });
            if !engine && !cx.take_offer(game, Offer::Rematch(!color)) {
                cx.offer(game, color, Offer::Rematch(color), HubEvent::RematchAsked { game })?;
                return Ok(None);
            }
            let live = &cx.st.games[&game];
            let spec = ChallengeSpec {
                start_fen: Some(live.game.start_fen.clone()),
                kind: live.kind(),
                clock: live.game.clock,
                colour: ColourChoice::White,
                rated: live.game.rated,
                to: None,
            };
            let [white, black] = live.game.seats.clone();
            cx.start_game(&spec, [black, white], spec.rated, None).map(Some)
        })
    }

    /// Declines the opponent's rematch.
    pub fn decline_rematch(&self, s: SessionId, game: GameId) -> Result<(), HubError> {
        self.inner.act_on(game, |cx| {
            let me = cx.player(s)?;
            let live = cx.st.games.get(&game).ok_or(HubError::NoGame(game))?;
            let color = live.colour_of(me.id).ok_or(HubError::NotYourGame(game))?;
            cx.answer(game, Offer::Rematch(!color), false)
        })
    }

    /// Sends a chat line, made inert and bounded: a player's to both
    /// players and every watcher; a watcher's (with an account) to the
    /// watchers only while the game runs, a spectators' chat the players
    /// are shown when it ends (and, once it has ended, to everyone).
    pub fn chat(&self, s: SessionId, game: GameId, text: &str) -> Result<(), HubError> {
        self.inner.act(|cx| {
            let me = cx.player(s)?;
            let live = cx.st.games.get(&game).ok_or(HubError::NoGame(game))?;
            let text = inert_line(text).ok_or(HubError::EmptyChat)?;
            let spectator = live.colour_of(me.id).is_none();
            if spectator && !live.watchers.contains(&s) {
                return Err(HubError::NotYourGame(game));
            }
            cx.announce(&Note::Chat { game, from: me.name.clone(), spectator, text: text.clone() });
            cx.relay_chat(game, &me.name, spectator, text);
            Ok(())
        })
    }

    /// Claims the win when the opponent has been gone on their own move
    /// for the set time.
    pub fn claim_absence(&self, s: SessionId, game: GameId) -> Result<(), HubError> {
        self.inner.act_on(game, |cx| {
            let color = cx.my_colour(s, game)?;
            if !cx.claimable(&cx.st.games[&game], !color) {
                return Err(HubError::TooEarly(cx.absence));
            }
            cx.end_game(game, win_for(color, "opponent left the game"))
        })
    }
}

/// The result of an aborted game: nobody won, nothing is rated.
pub const ABORTED: &str = "*";

fn win_for(winner: Color, why: &str) -> Ending {
    Ending::new(wormhole::rules::result_str(Some(winner)), why)
}

fn agreed_draw() -> Ending {
    Ending::new(wormhole::rules::result_str(None), "draw by agreement")
}

/// How many moves stay when `color` takes back its last move.
fn takeback_keep(live: &LiveGame, color: Color) -> Result<usize, HubError> {
    let back = if live.turn() == color { 2 } else { 1 };
    match live.plies().checked_sub(back) {
        Some(keep) if live.ending.is_none() => Ok(keep),
        _ => Err(HubError::NothingToTakeBack),
    }
}

impl Ctx<'_> {
    /// Tells a chat line of `from`'s in `game` (inert): a player's to both
    /// players and every watcher; a spectator's to the watchers while the
    /// game runs, kept for the players until it ends (to everyone after).
    pub(super) fn relay_chat(&mut self, game: GameId, from: &str, spectator: bool, text: String) {
        let Some(live) = self.st.games.get(&game) else { return };
        if !spectator {
            self.tell_game(game, HubEvent::Chat { game, from: from.to_string(), text });
            return;
        }
        let from = format!("{from} (spectator)");
        if live.ending.is_some() {
            self.tell_game(game, HubEvent::Chat { game, from, text });
            return;
        }
        let watchers: Vec<_> =
            live.watchers.iter().filter_map(|w| self.st.sessions.get(w)).map(|w| w.notify.clone()).collect();
        let kept = &mut self.st.games.get_mut(&game).expect("found above").spectators_chat;
        if kept.len() < super::SPECTATOR_CHAT_KEPT {
            kept.push((from.clone(), text.clone()));
        }
        for notify in watchers {
            self.out.push((notify, HubEvent::Chat { game, from: from.clone(), text: text.clone() }));
        }
    }

    /// The colour session `s` plays in `game`, going on.
    fn my_colour(&self, s: SessionId, game: GameId) -> Result<Color, HubError> {
        let me: Account = self.player(s)?;
        let live = self.st.games.get(&game).ok_or(HubError::NoGame(game))?;
        let color = live.colour_of(me.id).ok_or(HubError::NotYourGame(game))?;
        match &live.ending {
            Some(e) => Err(HubError::GameOver(format!("{} {}", e.result, e.why))),
            None => Ok(color),
        }
    }

    /// Hands the legal move `mv`, made now, to the writer; the game waits
    /// for it (see [`Ctx::stored_move`]). `answer` is told the outcome.
    fn save_move(
        &mut self,
        game: GameId,
        mv: AnyMove,
        text: String,
        san: String,
        answer: Option<SyncSender<Result<(), HubError>>>,
        relay: Option<Relayed>,
    ) {
        let live = self.st.games.get_mut(&game).expect("the caller found the game");
        let stored = live.stored_move(text, self.now);
        let deadline_ms = live.deadline_after(&stored);
        live.saving = true;
        self.writes.push(PendingMove { game, ply: live.plies(), stored, deadline_ms, mv, san, answer, relay });
    }

    /// A move back from the writer. Stored: it is played, then told to
    /// everyone; the game ends if the rules end it, and the engine starts
    /// if it is its turn. Refused: the game stays as it was (the engine
    /// searches again; a player is told why).
    pub(super) fn stored_move(&mut self, pending: PendingMove, result: Result<(), String>) -> Result<(), HubError> {
        let PendingMove { game, ply, stored, mv, san, relay, .. } = pending;
        let live = self.st.games.get_mut(&game).ok_or(HubError::NoGame(game))?;
        live.saving = false;
        if let Err(why) = result {
            tracing::error!("hub: game {game}: move {} not stored: {why}", stored.mv);
            self.engine_turn(game);
            return Err(HubError::NotStored(why));
        }
        let text = stored.mv.clone();
        live.push(mv, san.clone(), stored)?;
        let clocks = live.clocks(self.now);
        let ending = live.rules_ending();
        self.tell_game(game, HubEvent::Moved { game, ply, mv: text, san, clocks, relay });
        match ending {
            Some(ending) => self.end_game(game, ending),
            None => {
                self.engine_turn(game);
                Ok(())
            }
        }
    }

    /// Ends `game` with `ending`: stored (ratings with it, and the clocks
    /// as they stopped), then told ([`Ctx::ended_in_memory`]).
    pub(super) fn end_game(&mut self, game: GameId, ending: Ending) -> Result<(), HubError> {
        self.end_game_as(game, ending, None)
    }

    /// [`Ctx::end_game`], by a flag at ply `flag` if it is one: the store
    /// ends the game only if its stored deadline has passed at that ply;
    /// if not (this node missed a move, or a restart moved the clock on),
    /// the game is read again and goes on.
    fn end_game_as(&mut self, game: GameId, ending: Ending, flag: Option<u32>) -> Result<(), HubError> {
        let live = self.st.games.get(&game).ok_or(HubError::NoGame(game))?;
        let clocks = live.final_clocks(self.now);
        let end = Finish { result: ending.result.clone(), why: ending.why.clone(), at_ms: self.now, clocks, flag };
        let change = match self.records.finish_game(game, &end) {
            Err(e @ StoreError::NotDue { .. }) => {
                tracing::info!("hub: game {game}: {e}: read again");
                self.catch_up(game)?;
                return Err(e.into());
            }
            // Another node ended it first: what it stored is the ending.
            Err(StoreError::GameOver(_)) if self.several => {
                self.catch_up(game)?;
                let ending = self.st.games.get(&game).and_then(|g| g.ending.clone());
                return Err(HubError::GameOver(ending.map(|e| format!("{} {}", e.result, e.why)).unwrap_or_default()));
            }
            change => change?,
        };
        self.ended_in_memory(game, ending.rated(change));
        Ok(())
    }

    /// What ending `game` does besides storing it: its clocks stop, it
    /// keeps its ending, each player gets a notice, the engine stops, the
    /// players, watchers and lobby are told.
    pub(super) fn ended_in_memory(&mut self, game: GameId, ending: Ending) {
        let Some(live) = self.st.games.get_mut(&game) else { return };
        if let Some(clocks) = live.final_clocks(self.now) {
            live.stop_clocks(clocks, self.now);
        }
        live.ending = Some(ending.clone());
        let info = live.info(self.now);
        let players: Vec<_> = live.accounts().collect();
        for (you, account) in players {
            let seen = !self.sessions_of(account).is_empty();
            let notice = Notice { game: info.clone(), you, ending: ending.clone(), seen };
            let notices = self.st.notices.entry(account).or_default();
            notices.push(notice);
            if notices.len() > NOTICES_KEPT {
                notices.remove(0);
            }
        }
        let live = self.st.games.get_mut(&game).expect("found above");
        live.ended_at = Some(self.now);
        live.offers.clear();
        if let Some(pool) = self.pool {
            pool.cancel(game);
        }
        self.tell_game(game, HubEvent::Ended { game, ending });
        // The spectators' chat, kept from the players while they played.
        let live = self.st.games.get_mut(&game).expect("found above");
        let said = std::mem::take(&mut live.spectators_chat);
        let players: Vec<_> = live.accounts().map(|(_, a)| a).collect();
        for (from, text) in said {
            for &account in &players {
                self.tell_account(account, HubEvent::Chat { game, from: from.clone(), text: text.clone() });
            }
        }
        self.tell_all(HubEvent::LobbyChanged);
    }

    /// Ends `game` if its time is up: aborted when the side to move has
    /// not made its first move within the start window (no result,
    /// unrated), lost on time when its flag has fallen; whether it ended.
    pub(super) fn time_up(&mut self, game: GameId) -> bool {
        // A move with the writer was made before the time was up.
        let Some(live) = self.st.games.get(&game).filter(|g| !g.saving) else { return false };
        let due = live.first_move_due(self.start_window).filter(|_| live.engine_to_move().is_none());
        if due.is_some_and(|due| self.now >= due) {
            let why = format!("aborted: {:?} made no first move in time", live.turn());
            let ending = Ending::new(ABORTED, &why);
            return self.end_game(game, ending).is_ok();
        }
        let Some(fallen) = live.flag_fallen(self.now) else { return false };
        let ply = u32::try_from(live.plies()).unwrap_or(u32::MAX);
        // A failed store keeps the game going: the next tick tries again.
        self.end_game_as(game, win_for(!fallen, "time forfeit"), Some(ply)).is_ok()
    }

    /// Whether the player of `color` in `live` has been gone on their own move for the set time.
    fn claimable(&self, live: &LiveGame, color: Color) -> bool {
        let Some(gone) = live.gone_since[color.index()] else { return false };
        let since = gone.max(live.turn_start());
        live.ending.is_none()
            && !live.saving
            && live.turn() == color
            && self.now.saturating_sub(since) >= self.absence.as_millis() as u64
    }

    /// Records `offer` by `color` and tells the opponent (the engine declines
    /// a draw or rematch and agrees to a takeback at once).
    fn offer(&mut self, game: GameId, color: Color, offer: Offer, event: HubEvent) -> Result<(), HubError> {
        let live = self.st.games.get_mut(&game).ok_or(HubError::NoGame(game))?;
        if matches!(live.seat(!color), Seat::Engine { .. }) {
            return match offer {
                Offer::Takeback(_) => self.take_back(game, color),
                _ => {
                    if let Some(account) = opponent_account(live, !color) {
                        self.tell_account(account, HubEvent::OfferDeclined { game, offer });
                    }
                    Ok(())
                }
            };
        }
        if !live.offers.contains(&offer) {
            live.offers.push(offer);
        }
        if let Some(opponent) = opponent_account(live, color) {
            self.tell_account(opponent, event);
        }
        let (kind, by) = note_of(offer);
        self.announce(&Note::Offer { game, kind, by, made: true });
        Ok(())
    }

    /// Removes `offer` from `game`; whether it was there.
    fn take_offer(&mut self, game: GameId, offer: Offer) -> bool {
        let Some(live) = self.st.games.get_mut(&game) else { return false };
        let had = live.offers.contains(&offer);
        live.offers.retain(|&o| o != offer);
        had
    }

    /// Answers `offer` (the opponent's); a refusal is told to them.
    fn answer(&mut self, game: GameId, offer: Offer, yes: bool) -> Result<(), HubError> {
        if !self.take_offer(game, offer) {
            return Err(HubError::NoOffer);
        }
        let (Offer::Draw(by) | Offer::Takeback(by) | Offer::Rematch(by)) = offer;
        if !yes && let Some(account) = self.st.games.get(&game).and_then(|g| opponent_account(g, !by)) {
            self.tell_account(account, HubEvent::OfferDeclined { game, offer });
        }
        if !yes {
            let (kind, by) = note_of(offer);
            self.announce(&Note::Offer { game, kind, by, made: false });
        }
        Ok(())
    }

    /// Takes back `color`'s last move (and the reply): stored, then told.
    fn take_back(&mut self, game: GameId, color: Color) -> Result<(), HubError> {
        let live = self.st.games.get_mut(&game).ok_or(HubError::NoGame(game))?;
        let keep = takeback_keep(live, color)?;
        self.records.take_back(game, keep as u32, live.deadline_after_takeback(keep, self.now))?;
        live.take_back_to(keep, self.now);
        // Counted in the store as here: the next catch-up reads only what follows.
        live.takebacks += 1;
        let clocks = live.clocks(self.now);
        if let Some(pool) = self.pool {
            pool.cancel(game);
        }
        self.tell_game(game, HubEvent::TakenBack { game, plies: keep, clocks });
        self.engine_turn(game);
        Ok(())
    }

    /// Queues the engine's search if it is the engine's move in `game`.
    pub(super) fn engine_turn(&mut self, game: GameId) {
        let (Some(live), Some(pool)) = (self.st.games.get_mut(&game), self.pool) else { return };
        let Some(level) = live.engine_to_move() else {
            live.engine_ply = None;
            return;
        };
        // Several nodes: the engine plays where its player is (one node searches).
        let player = live.accounts().next().map(|(_, a)| a);
        if self.several && player.is_none_or(|a| self.sessions_of(a).is_empty()) {
            let live = self.st.games.get_mut(&game).expect("found above");
            live.engine_ply = None;
            return;
        }
        let live = self.st.games.get_mut(&game).expect("found above");
        let mut limits = Limits::default();
        if let Some((_, increment)) = live.game.clock {
            let left = live.left_at(live.turn(), self.now).max(1).unsigned_abs();
            let clock =
                EngineClock { remaining: Duration::from_millis(left), increment: Duration::from_millis(increment) };
            limits.clock = Some(clock);
        }
        live.engine_ply = Some(live.plies());
        let position = live.position().clone();
        pool.submit(Job { game, ply: live.plies(), position, level, limits });
    }

    /// The engine's move for `ply` of `game`, if the game still waits for it.
    pub(super) fn engine_moved(&mut self, game: GameId, ply: usize, mv: Option<AnyMove>) -> Result<(), HubError> {
        let live = self.st.games.get(&game).ok_or(HubError::NoGame(game))?;
        if live.engine_ply != Some(ply) || live.plies() != ply || live.ending.is_some() {
            return Ok(());
        }
        if self.time_up(game) {
            return Ok(());
        }
        let Some(mv) = mv else { return Err(self.end_by_error(game, "the engine found no move")) };
        let live = &self.st.games[&game];
        let (mv, text, san) = live.read_move(&mv.to_string())?;
        self.st.games.get_mut(&game).expect("found above").engine_ply = None;
        self.save_move(game, mv, text, san, None, None);
        Ok(())
    }

    /// Flags, absences, challenges whose creator left, and the finished
    /// games' time to go.
    pub(super) fn tick(&mut self) {
        self.note_alive(false);
        self.node_beat(false);
        self.sweep_flags();
        self.expire_challenges();
        let ids: Vec<GameId> = self.st.games.keys().copied().collect();
        for game in ids {
            let _ = self.guarded(game, "its clock's tick", |cx| {
                cx.tick_game(game);
                Ok(())
            });
        }
        let now = self.now;
        self.st.games.retain(|_, g| g.ended_at.is_none_or(|at| now.saturating_sub(at) < FINISHED_KEPT_MS));
    }

    /// One game's tick: its flag, and whether its opponent may now claim.
    fn tick_game(&mut self, game: GameId) {
        self.time_up(game);
        let live = &self.st.games[&game];
        let turn = live.turn();
        if !live.claim_told && self.claimable(live, turn) {
            let opponent = opponent_account(live, turn);
            self.st.games.get_mut(&game).expect("listed").claim_told = true;
            if let Some(opponent) = opponent {
                self.tell_account(opponent, HubEvent::ClaimAvailable { game });
            }
        }
    }

    /// Notes in the storage that the clocks run now (every
    /// [`ALIVE_EVERY_MS`], or `now` if `now`), while a timed game goes on:
    /// after a restart they go on from the last note.
    pub(super) fn note_alive(&mut self, now: bool) {
        let timed = self.st.games.values().any(|g| g.ending.is_none() && g.game.clock.is_some());
        if !timed || (!now && self.now < self.st.alive_noted + ALIVE_EVERY_MS) {
            return;
        }
        match self.records.set_alive(self.now) {
            Ok(()) => self.st.alive_noted = self.now,
            Err(e) => tracing::error!("hub: the clocks' time not noted: {e}"),
        }
    }
}
