//! The hub: everything between people on `wormhole serve` that is neither
//! SSH nor drawing. Who is online, challenges, live games with the
//! server's clocks, watchers, chat, draw offers, takebacks, rematches,
//! resignations, wins by absence, engine games on a bounded fair pool, the
//! restore of every game in progress after a restart, and ratings,
//! leaderboards, player pages and PGN through the storage. Pure Rust with
//! threads: no async runtime, no SSH; every part is tested in-process.
//!
//! # Using it
//!
//! - [`Hub::start`]`(records, `[`HubConfig`]`)` rebuilds every unfinished
//!   game from the storage ([`Records`], the server's store), each
//!   side to move's clock having run since its last stored move, and starts
//!   the ticker (flags, absences) and the engine pool. [`Hub`] is
//!   `Clone + Send + Sync`; dropping the last clone stops its threads.
//! - A connection is a session: [`Hub::connect`]`(`[`Who`]`, `[`Notifier`]`)`
//!   gives a [`SessionId`]; [`Hub::disconnect`] ends it (its player's games
//!   go on; the absence timer runs on their move). The notifier receives
//!   every [`HubEvent`] for the session; it must not block, nor call the
//!   hub's actions (reading is fine). Events reach each session in order.
//! - Identity: [`Hub::account_by_key`], [`Hub::register`], [`Hub::offer_key`] and [`Hub::confirm_key`].
//! - Lobby: [`Hub::lobby`], [`Hub::challenge`] ([`ChallengeSpec`]),
//!   [`Hub::cancel`], [`Hub::accept`], [`Hub::decline`], [`Hub::play_engine`].
//! - Playing: [`Hub::open`] (a [`GameView`]: play if it is yours, else
//!   watch), [`Hub::leave`], [`Hub::play`] (any notation
//!   `AnyPosition::parse_move` reads; stored and relayed in the canonical
//!   coordinate form, see [`live::canonical`]), [`Hub::resign`],
//!   [`Hub::offer_draw`] / [`Hub::answer_draw`] (games with draws only),
//!   [`Hub::ask_takeback`] / [`Hub::answer_takeback`], [`Hub::rematch`],
//!   [`Hub::chat`], [`Hub::claim_absence`].
//! - Reading: [`Hub::leaderboard`], [`Hub::player`], [`Hub::pgn`].
//!
//! Every action answers `Result<_, `[`HubError`]`>`; a refusal says why.
//!
//! # Rules it keeps
//!
//! - Commit, then notify: a move is in the storage before any session is
//!   told of it, and the same holds for an engine's move, an ending, a
//!   takeback. Moves are committed by the hub's [`writer`] thread, many
//!   games' moves in one transaction, with the wait for the disk outside
//!   the hub's lock: a move is checked under the lock, stored, and only
//!   then played in memory and told ([`Hub::play`] returns after that). A
//!   move the storage refuses is not played: the player is told why, and
//!   the game stays as it was. Other writes (a game's start and end, a
//!   takeback, accounts) are rare and commit under the lock.
//! - The server decides when a flag falls: the hub's ticker looks every
//!   [`TICK`], and a move arriving after the flag fell loses on time. The
//!   running clock is stored as a deadline (the instant the side to move's
//!   flag falls), written with each move and takeback, and moved on at a
//!   start by the time the server was down; a flag ends the game only if
//!   the stored deadline has passed at the ply the hub flags
//!   ([`Finish::flag`](crate::server::store::Finish::flag)), so that with
//!   several nodes any of them decides it, once, from the database (each
//!   also looks there for deadlines past, [`NODE_FLAG_SWEEP_MS`](crate::limits::NODE_FLAG_SWEEP_MS)).
//! - Open challenges are stored, so a restart keeps them. A challenge
//!   lasts until it is accepted, declined or withdrawn, while its creator
//!   is online, and for [`CHALLENGE_GRACE`] after their last session
//!   closed (a dropped connection, or the server's restart: nobody is
//!   online when it starts); then it expires. As on a good chess site, a
//!   seek leaves with its player, so that nobody accepts a game against
//!   someone who is not there (who would lose it by absence); the grace
//!   keeps it through a dropped connection or a restart.

mod caps;
mod chat;
pub mod clock;
pub mod contain;
pub mod live;
mod lobby;
mod nodes;
mod playing;
mod pool;
mod tasks;
#[cfg(test)]
mod tests;
mod types;
pub mod writer;

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError, Weak};
use std::thread::JoinHandle;
use std::time::Duration;

use wormhole::AnyMove;

use crate::server::store::ResumedClock;
pub use crate::server::store::{Account, AccountId, GameId, KeyRow, LeaderRow, PlayerPage, Records, StoreError};
use clock::{SystemClock, TimeSource};
use live::LiveGame;
pub use playing::ABORTED;
use pool::EnginePool;
pub use types::*;
use writer::{PendingMove, Writer};

/// How often the ticker looks at the clocks and absences.
pub const TICK: Duration = Duration::from_millis(20);
/// The longest chat line, in characters.
pub const CHAT_MAX_CHARS: usize = 200;

/// The most spectators' chat lines a game keeps to show its players at its end.
pub const SPECTATOR_CHAT_KEPT: usize = 100;
/// How long a finished game stays on the hub for a rematch or a look.
pub const FINISHED_KEPT_MS: u64 = 10 * 60 * 1000;
/// Each engine worker's transposition table, in MiB: games are short.
pub const POOL_HASH_MB: usize = 16;
/// A clock's bounds: initial time and the largest increment, in ms.
pub const CLOCK_INITIAL_MS: std::ops::RangeInclusive<u64> = 1_000..=24 * 3_600_000;
/// The largest increment, in ms.
pub const CLOCK_MAX_INCREMENT_MS: u64 = 60_000;
/// How long a challenge waits for its creator to come back once their
/// last session closed (or the server restarted) before it expires.
pub const CHALLENGE_GRACE: Duration = Duration::from_secs(5 * 60);
/// The default time a player may be gone on their move before the
/// opponent may claim the win.
pub const DEFAULT_ABSENCE: Duration = Duration::from_secs(120);
/// The default start window: a timed game whose side to move has not made
/// its first move this long after its turn began is aborted.
pub const DEFAULT_START_WINDOW: Duration = Duration::from_secs(30);
/// How many ended games each player's notices keep.
pub const NOTICES_KEPT: usize = 20;
/// How often the hub notes in the storage that it runs a clock: after a
/// kill, the running clocks resume from at most this much before it.
pub const ALIVE_EVERY_MS: u64 = 1_000;

/// How the hub runs.
#[derive(Clone)]
pub struct HubConfig {
    /// Engine workers (at least one).
    pub engine_threads: usize,
    /// How long a player may be gone on their own move before the opponent may claim the win.
    pub absence: Duration,
    /// How long each side has for its first move in a timed game (at most
    /// the game's initial time) before the game is aborted.
    pub start_window: Duration,
    /// Where the hub reads the time.
    pub clock: Arc<dyn TimeSource>,
}

impl Default for HubConfig {
    /// One engine worker per core, the default absence and start window, the wall clock.
    fn default() -> HubConfig {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        HubConfig {
            engine_threads: cores,
            absence: DEFAULT_ABSENCE,
            start_window: DEFAULT_START_WINDOW,
            clock: Arc::new(SystemClock),
        }
    }
}

/// The hub; clones share it.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
    _life: Arc<Life>,
}

/// Stops the hub's threads when the last [`Hub`] clone goes.
struct Life(Arc<Inner>);

impl Drop for Life {
    fn drop(&mut self) {
        self.0.shut_down();
    }
}

/// A connected session.
struct Session {
    who: Who,
    notify: Arc<Notifier>,
}

/// An open challenge (stored).
struct Challenge {
    from: Account,
    spec: ChallengeSpec,
    /// Since when its creator has had no session (Unix ms): it expires
    /// [`CHALLENGE_GRACE`] later.
    gone_since: Option<u64>,
}

/// Everything the hub holds in memory.
#[derive(Default)]
struct State {
    sessions: BTreeMap<SessionId, Session>,
    challenges: BTreeMap<ChallengeId, Challenge>,
    games: BTreeMap<GameId, LiveGame>,
    next_session: SessionId,
    /// When the hub last noted in the storage that it ran a clock.
    alive_noted: u64,
    /// Where each player was last: on a game (opened and not left), or
    /// the lobby (`None`): where a reconnection returns them.
    last_game: BTreeMap<AccountId, Option<GameId>>,
    /// Each player's games that ended lately, oldest first.
    notices: BTreeMap<AccountId, Vec<Notice>>,
    /// Several nodes: the players online on another live node, by account.
    elsewhere: BTreeMap<AccountId, String>,
    /// When this node last noted its heartbeat.
    heartbeat_at: u64,
    /// When this node last looked for the stored deadlines past ([`NODE_FLAG_SWEEP_MS`](crate::limits::NODE_FLAG_SWEEP_MS)).
    swept_at: u64,
}

/// The shared hub. Locks are taken in the order state, records, pool, then
/// the writer's queue (the writer takes no lock of the hub while it commits).
struct Inner {
    state: Mutex<State>,
    records: Mutex<Box<dyn Records>>,
    pool: Mutex<Option<EnginePool>>,
    /// Held while events go out, so that each session gets them in order.
    delivery: Mutex<()>,
    /// Commits the moves, outside the hub's lock.
    writer: Writer,
    /// Signalled (with `state`) when a game's move left the writer.
    settled: Condvar,
    config: HubConfig,
    ticker: Mutex<Option<JoinHandle<()>>>,
    /// Whether other server nodes share the storage (it has notes to hear).
    several: bool,
    /// The thread hearing the other nodes' notes, if any ([`nodes`]).
    hearing: Mutex<Option<JoinHandle<()>>>,
    stopping: (Mutex<bool>, Condvar),
    /// Set when the hub stops as a killed server would: without its last
    /// note of the clocks' time (tests).
    killed: std::sync::atomic::AtomicBool,
}

/// Events to deliver once the state is unlocked.
type PendingEvents = Vec<(Arc<Notifier>, HubEvent)>;

/// What an action works on: the state and the storage, locked, and the
/// events it makes.
struct Ctx<'a> {
    st: &'a mut State,
    records: &'a mut dyn Records,
    pool: Option<&'a EnginePool>,
    now: u64,
    absence: Duration,
    /// [`HubConfig::start_window`] in ms.
    start_window: u64,
    out: PendingEvents,
    /// Moves checked and marked saving, for the writer.
    writes: Vec<PendingMove>,
    /// [`Inner::several`].
    several: bool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Hub {
    /// Starts the hub on `records`: every unfinished game is rebuilt with
    /// its moves and clocks, the ticker and the engine pool start.
    pub fn start(mut records: impl Records + 'static, config: HubConfig) -> Result<Hub, HubError> {
        let threads = config.engine_threads;
        // The writer hands its batches to the hub made just below.
        let hub_slot: Arc<OnceLock<Weak<Inner>>> = Arc::default();
        let hub_of = Arc::clone(&hub_slot);
        let done: writer::Done = Box::new(move |batch| {
            if let Some(inner) = hub_of.get().and_then(Weak::upgrade) {
                inner.stored(batch);
            }
        });
        let writer = Writer::start(records.open_again()?, done).map_err(HubError::Spawn)?;
        let listener = records.listen()?;
        let inner = Arc::new(Inner {
            state: Mutex::new(State::default()),
            records: Mutex::new(Box::new(records)),
            pool: Mutex::new(None),
            delivery: Mutex::new(()),
            writer,
            settled: Condvar::new(),
            config,
            ticker: Mutex::new(None),
            several: listener.is_some(),
            hearing: Mutex::new(None),
            stopping: (Mutex::new(false), Condvar::new()),
            killed: std::sync::atomic::AtomicBool::new(false),
        });
        let _ = hub_slot.set(Arc::downgrade(&inner));
        let weak = Arc::downgrade(&inner);
        let deliver: pool::Deliver = Box::new(move |game, ply, mv| {
            if let Some(inner) = weak.upgrade() {
                inner.engine_moved(game, ply, mv);
            }
        });
        *lock(&inner.pool) = Some(EnginePool::start(threads, deliver));
        inner.restore()?;
        let weak = Arc::downgrade(&inner);
        let ticker = std::thread::Builder::new()
            .name("hub-ticker".into())
            .spawn(move || tick_loop(&weak))
            .map_err(HubError::Spawn)?;
        *lock(&inner.ticker) = Some(ticker);
        if let Some(listener) = listener {
            let weak = Arc::downgrade(&inner);
            let hearing = std::thread::Builder::new()
                .name("hub-nodes".into())
                .spawn(move || nodes::hear_loop(&weak, listener))
                .map_err(HubError::Spawn)?;
            *lock(&inner.hearing) = Some(hearing);
        }
        Ok(Hub { _life: Arc::new(Life(Arc::clone(&inner))), inner })
    }

    /// A new session for `who`, told of events through `notify`.
    pub fn connect(&self, who: Who, notify: Notifier) -> Result<SessionId, HubError> {
        self.inner.act(|cx| {
            cx.st.next_session += 1;
            let id = cx.st.next_session;
            let account = match &who {
                Who::Player(a) => Some(a.id),
                Who::Guest => None,
            };
            let back = account.is_some_and(|a| cx.sessions_of(a).is_empty());
            if let (Who::Player(a), true) = (&who, back) {
                cx.set_presence(a, true);
            }
            cx.st.sessions.insert(id, Session { who, notify: Arc::new(notify) });
            if let Some(account) = account.filter(|_| back) {
                cx.player_back(account);
            }
            cx.tell_all(HubEvent::LobbyChanged);
            Ok(id)
        })
    }

    /// Ends session `s`: its games go on; when it was its player's last,
    /// their challenges wait [`CHALLENGE_GRACE`] for them.
    pub fn disconnect(&self, s: SessionId) {
        let _ = self.inner.act(|cx| {
            let session = cx.st.sessions.remove(&s).ok_or(HubError::NoSession(s))?;
            for game in cx.st.games.values_mut() {
                game.watchers.remove(&s);
            }
            if let Who::Player(a) = session.who
                && cx.sessions_of(a.id).is_empty()
            {
                cx.set_presence(&a, false);
                if !cx.st.elsewhere.contains_key(&a.id) {
                    cx.player_gone(a.id);
                }
            }
            cx.tell_all(HubEvent::LobbyChanged);
            Ok(())
        });
    }

    /// The account of a key, by its OpenSSH fingerprint.
    pub fn account_by_key(&self, fp: &str) -> Result<Option<Account>, HubError> {
        Ok(lock(&self.inner.records).account_by_key(fp)?)
    }

    /// A new account called `name` with its first key.
    pub fn register(&self, name: &str, fp: &str, key_text: &str) -> Result<Account, HubError> {
        Ok(lock(&self.inner.records).register(name, fp, key_text)?)
    }

    /// `account`'s offer of a key (`addkey`): bound once proven.
    pub fn offer_key(&self, account: AccountId, fp: &str, key_text: &str) -> Result<(), HubError> {
        Ok(lock(&self.inner.records).offer_key(account, fp, key_text)?)
    }

    /// The accounts that offered the key `fp`.
    pub fn key_offers(&self, fp: &str) -> Result<Vec<Account>, HubError> {
        Ok(lock(&self.inner.records).key_offers(fp)?)
    }

    /// Binds the key `fp` to `account`, which offered it (a connection
    /// signed with the key confirms).
    pub fn confirm_key(&self, fp: &str, account: AccountId) -> Result<(), HubError> {
        Ok(lock(&self.inner.records).confirm_key(fp, account)?)
    }

    /// Drops every offer of the key `fp` (its holder said none is theirs).
    pub fn refuse_key_offers(&self, fp: &str) -> Result<(), HubError> {
        Ok(lock(&self.inner.records).refuse_key_offers(fp)?)
    }

    /// `account`'s keys: (fingerprint, whether only offered).
    pub fn account_keys(&self, account: AccountId) -> Result<Vec<KeyRow>, HubError> {
        Ok(lock(&self.inner.records).account_keys(account)?)
    }

    /// Removes a key or offer of `account`'s; not its last key.
    pub fn remove_key(&self, account: AccountId, fp: &str) -> Result<(), HubError> {
        Ok(lock(&self.inner.records).remove_key(account, fp)?)
    }

    /// Transactions the writer committed and the moves they held, and the
    /// most moves one held.
    pub fn commits(&self) -> (u64, u64, u64) {
        let counts = self.inner.writer.counts();
        let get = |n: &std::sync::atomic::AtomicU64| n.load(Ordering::Relaxed);
        (get(&counts.transactions), get(&counts.moves), get(&counts.largest))
    }

    /// Looks at the clocks and absences now (the ticker does every [`TICK`]).
    #[cfg(test)]
    pub fn tick(&self) {
        self.inner.tick();
    }

    /// Stops the hub as a killed server stops: nothing more is stored.
    #[cfg(test)]
    pub fn kill(self) {
        self.inner.killed.store(true, Ordering::SeqCst);
    }
}

impl Inner {
    /// Runs `action` with the state and storage locked, then delivers the
    /// events it made, in order, with the state unlocked.
    fn act<T>(&self, action: impl FnOnce(&mut Ctx) -> Result<T, HubError>) -> Result<T, HubError> {
        self.act_locked(lock(&self.state), action)
    }

    /// [`Inner::act`] on `game` once no move of it is with the writer, so
    /// that the action sees the game as stored.
    fn act_on<T>(&self, game: GameId, action: impl FnOnce(&mut Ctx) -> Result<T, HubError>) -> Result<T, HubError> {
        let saving = |st: &mut State| st.games.get(&game).is_some_and(|g| g.saving);
        let state = self.settled.wait_while(lock(&self.state), saving).unwrap_or_else(PoisonError::into_inner);
        self.act_locked(state, action)
    }

    /// [`Inner::act`] with the state already locked.
    fn act_locked<T>(
        &self,
        mut state: MutexGuard<'_, State>,
        action: impl FnOnce(&mut Ctx) -> Result<T, HubError>,
    ) -> Result<T, HubError> {
        let mut records = lock(&self.records);
        let pool = lock(&self.pool);
        let mut cx = Ctx {
            st: &mut state,
            records: &mut **records,
            pool: pool.as_ref(),
            now: self.config.clock.now_ms(),
            absence: self.config.absence,
            start_window: self.config.start_window.as_millis() as u64,
            out: Vec::new(),
            writes: Vec::new(),
            several: self.several,
        };
        let result = action(&mut cx);
        let out = std::mem::take(&mut cx.out);
        // Queued under the lock: the writer takes moves in the hub's order.
        for pending in cx.writes.drain(..) {
            self.writer.submit(pending);
        }
        drop((pool, records));
        let order = lock(&self.delivery);
        drop(state);
        for (notify, event) in out {
            notify(event);
        }
        drop(order);
        result
    }

    /// Rebuilds every open challenge and unfinished game; their players
    /// are gone until they connect. The running clocks go on from where
    /// they were when the server last noted it ran: its downtime is
    /// charged to nobody.
    fn restore(&self) -> Result<(), HubError> {
        self.act(|cx| {
            let alive = cx.records.last_alive()?;
            for c in cx.records.challenges()? {
                let challenge = Challenge { from: c.from, spec: c.spec, gone_since: Some(cx.now) };
                cx.st.challenges.insert(c.id, challenge);
            }
            let mut resumed = Vec::new();
            for stored in cx.records.active_games()? {
                let from = stored.deadline_ms;
                // One game that no longer reads (a program that changed its
                // rules) must not keep the server down: it stays stored, and
                // the operator is told.
                let mut game = match LiveGame::restore(stored) {
                    Ok(game) => game,
                    Err(e) => {
                        tracing::error!("hub: not restored: {e}");
                        continue;
                    }
                };
                game.resume(alive, cx.now);
                if let Some(to) = game.deadline().filter(|&to| Some(to) != from) {
                    resumed.push(ResumedClock { game: game.id, from, to });
                }
                for (color, _) in game.accounts().collect::<Vec<_>>() {
                    game.gone_since[color.index()] = Some(cx.now);
                }
                let id = game.id;
                cx.st.games.insert(id, game);
                cx.engine_turn(id);
            }
            cx.resume_clocks(&resumed)?;
            // Several nodes: the players on the others are not gone.
            if cx.several {
                cx.node_beat(true);
            }
            Ok(())
        })
    }

    fn tick(&self) {
        let _ = self.act(|cx| {
            cx.tick();
            Ok(())
        });
    }

    fn engine_moved(&self, game: GameId, ply: usize, mv: Option<AnyMove>) {
        let _ = self.act_on(game, |cx| cx.guarded(game, "the engine's move", |cx| cx.engine_moved(game, ply, mv)));
    }

    /// A batch the writer committed: each move stored is played and told,
    /// each refused is not played; then the games are free again. A move
    /// whose storing or playing panicked ends its game by error.
    fn stored(&self, batch: Vec<(PendingMove, Result<(), writer::Failure>)>) {
        let mut answers = Vec::with_capacity(batch.len());
        let _ = self.act(|cx| {
            for (pending, result) in batch {
                let (game, answer) = (pending.game, pending.answer.clone());
                let outcome = match result {
                    Err(writer::Failure::Panicked(why)) => {
                        Err(cx.end_by_error(game, &format!("storing a move panicked: {why}")))
                    }
                    Err(writer::Failure::Refused(why)) => {
                        cx.guarded(game, "keeping a refused move out", |cx| cx.stored_move(pending, Err(why)))
                    }
                    Err(writer::Failure::Raced(why)) => {
                        cx.guarded(game, "following the move that came first", |cx| cx.lost_race(pending, why))
                    }
                    Err(writer::Failure::Late(why)) => {
                        cx.guarded(game, "flagging a move too late", |cx| cx.late_move(pending, &why))
                    }
                    Ok(()) => cx.guarded(game, "playing a stored move", |cx| cx.stored_move(pending, Ok(()))),
                };
                answers.push((answer, outcome));
            }
            Ok(())
        });
        self.settled.notify_all();
        for (answer, result) in answers {
            if let Some(answer) = answer {
                let _ = answer.send(result);
            }
        }
    }

    /// Stops the ticker and the engine pool.
    fn shut_down(&self) {
        *lock(&self.stopping.0) = true;
        self.stopping.1.notify_all();
        for thread in [lock(&self.ticker).take(), lock(&self.hearing).take()].into_iter().flatten() {
            if thread.thread().id() != std::thread::current().id() {
                let _ = thread.join();
            }
        }
        // The clocks ran until now: a restart goes on from here.
        if !self.killed.load(Ordering::SeqCst) {
            let _ = self.act(|cx| {
                cx.note_alive(true);
                Ok(())
            });
        }
        let pool = lock(&self.pool).take();
        drop(pool);
        self.writer.stop();
    }
}

/// The ticker: every [`TICK`] until the hub stops.
fn tick_loop(inner: &Weak<Inner>) {
    loop {
        let Some(hub) = inner.upgrade() else { return };
        let stopping = lock(&hub.stopping.0);
        let (stopping, _) =
            hub.stopping.1.wait_timeout_while(stopping, TICK, |stop| !*stop).unwrap_or_else(PoisonError::into_inner);
        if *stopping {
            return;
        }
        drop(stopping);
        // A game whose tick panics is ended by error (Ctx::guarded); what
        // is left (challenges, the games' list) is tried again next tick.
        if let Err(why) = contain::contained(|| hub.tick()) {
            tracing::error!("hub: the ticker's work panicked: {why}");
        }
    }
}

impl Ctx<'_> {
    /// Stores the running clocks' deadlines as this start resumed them
    /// (the downtime charged to nobody): any node decides their flags
    /// from them. A clock another node starting at once moved first is
    /// read back as it stored it.
    fn resume_clocks(&mut self, resumed: &[ResumedClock]) -> Result<(), HubError> {
        if resumed.is_empty() {
            return Ok(());
        }
        let moved = self.records.resume_clocks(self.now, resumed)?;
        if moved < resumed.len() {
            for c in resumed {
                self.catch_up(c.game)?;
            }
        }
        Ok(())
    }

    /// The notifiers of `account`'s sessions.
    fn sessions_of(&self, account: AccountId) -> Vec<Arc<Notifier>> {
        let mine = |s: &&Session| matches!(&s.who, Who::Player(a) if a.id == account);
        self.st.sessions.values().filter(mine).map(|s| Arc::clone(&s.notify)).collect()
    }

    fn tell_account(&mut self, account: AccountId, event: HubEvent) {
        for notify in self.sessions_of(account) {
            self.out.push((notify, event.clone()));
        }
    }

    fn tell_all(&mut self, event: HubEvent) {
        let all: Vec<_> = self.st.sessions.values().map(|s| Arc::clone(&s.notify)).collect();
        self.out.extend(all.into_iter().map(|n| (n, event.clone())));
    }

    /// Tells both players of `game` and everyone watching it.
    fn tell_game(&mut self, game: GameId, event: HubEvent) {
        let Some(live) = self.st.games.get(&game) else { return };
        let accounts: Vec<_> = live.accounts().map(|(_, a)| a).collect();
        let watchers: Vec<_> =
            live.watchers.iter().filter_map(|s| self.st.sessions.get(s)).map(|s| Arc::clone(&s.notify)).collect();
        for account in accounts {
            self.tell_account(account, event.clone());
        }
        self.out.extend(watchers.into_iter().map(|n| (n, event.clone())));
    }

    /// The account of session `s`, or why it cannot play.
    fn player(&self, s: SessionId) -> Result<Account, HubError> {
        match &self.st.sessions.get(&s).ok_or(HubError::NoSession(s))?.who {
            Who::Player(a) => Ok(a.clone()),
            Who::Guest => Err(HubError::GuestCannotPlay),
        }
    }
}
