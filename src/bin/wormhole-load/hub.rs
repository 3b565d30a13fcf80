//! The hub's load benchmark (`wormhole-load`): sessions as notifiers
//! in this process, no SSH. Players in games each making a move every
//! interval, players against the engine, guests watching; it measures the
//! relay latency (from the call to [`Hub::play`] to each notifier that is
//! told of the move), the process's CPU time and resident memory, and
//! checks afterwards, on a second handle to the storage, that no move was
//! lost: every move played is stored, and every session of a game was told
//! of every move, in order.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use wormhole::{AnyPosition, GameKind, Rules};

use wormhole_app::process_use::Process;
use wormhole_app::server::hub::*;
use wormhole_app::server::store::{GameId, Records};

use crate::LoadArgs;

/// What to load the hub with.
#[derive(Debug, Clone)]
pub struct LoadPlan {
    /// Games between two players, each making a move every `interval`.
    pub games: usize,
    /// Games of a player against the engine (the player answers after `interval`).
    pub engine_games: usize,
    /// Sessions in all: two per game, one per engine game, the rest watch.
    pub sessions: usize,
    pub interval: Duration,
    pub duration: Duration,
    pub engine_level: u8,
    pub engine_threads: usize,
    pub kind: GameKind,
}

/// What the benchmark measured.
#[derive(Debug, Clone)]
pub struct LoadReport {
    pub watchers: usize,
    /// Moves played in games between players, and by or against the engine.
    pub player_moves: usize,
    pub engine_game_moves: usize,
    /// Games that ended and were started again between the same players.
    pub games_ended: usize,
    /// Notifications of a move, and their latency in microseconds (sorted).
    pub latencies_us: Vec<u64>,
    pub cpu_seconds: f64,
    pub wall_seconds: f64,
    pub rss_kib: u64,
    pub peak_rss_kib: u64,
    /// The writer's transactions, the moves they committed, the most in one.
    pub commits: (u64, u64, u64),
    /// What was lost, one line each (empty: nothing).
    pub lost: Vec<String>,
}

impl LoadReport {
    /// The latency at quantile `q` (0 to 1), in microseconds.
    pub fn latency_us(&self, q: f64) -> u64 {
        let n = self.latencies_us.len();
        if n == 0 {
            return 0;
        }
        self.latencies_us[((n - 1) as f64 * q).round() as usize]
    }

    /// The figures, one per line.
    pub fn summary(&self, plan: &LoadPlan) -> String {
        let mib = |kib: u64| kib as f64 / 1024.0;
        [
            format!(
                "sessions: {} ({} players in {} games, {} against the engine at level {}, {} guests watching)",
                plan.sessions,
                2 * plan.games,
                plan.games,
                plan.engine_games,
                plan.engine_level,
                self.watchers
            ),
            format!(
                "moves: {} in games between players (one every {} ms a game), {} in engine games; {} games ended and restarted",
                self.player_moves,
                plan.interval.as_millis(),
                self.engine_game_moves,
                self.games_ended
            ),
            format!(
                "relay latency, play call to notifier, {} notifications: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                self.latencies_us.len(),
                self.latency_us(0.5) as f64 / 1000.0,
                self.latency_us(0.99) as f64 / 1000.0,
                self.latency_us(1.0) as f64 / 1000.0
            ),
            format!(
                "cpu: {:.1} s user+system in {:.1} s ({:.0}% of one core; {} engine threads)",
                self.cpu_seconds,
                self.wall_seconds,
                100.0 * self.cpu_seconds / self.wall_seconds.max(1e-9),
                plan.engine_threads
            ),
            format!(
                "commits: {} moves in {} transactions ({:.3} transactions, so waits for the disk, per move; up to {} moves in one)",
                self.commits.1,
                self.commits.0,
                self.commits.0 as f64 / self.commits.1.max(1) as f64,
                self.commits.2
            ),
            format!("memory: resident {:.1} MiB, peak {:.1} MiB", mib(self.rss_kib), mib(self.peak_rss_kib)),
            match self.lost.len() {
                0 => "moves lost: 0 (every move stored, and told to every player and watcher of its game in order)".to_string(),
                n => format!("moves lost: {n} sessions missed moves:\n  {}", self.lost.join("\n  ")),
            },
        ]
        .join("\n")
    }
}

/// Each session's record of the moves it was told of, and the latencies.
#[derive(Default)]
struct Tally {
    sent: Mutex<HashMap<(GameId, usize), Instant>>,
    latencies: Mutex<Vec<u64>>,
    /// Per session, per game: the plies told, in order.
    told: Mutex<HashMap<(SessionId, GameId), Vec<usize>>>,
}

impl Tally {
    /// A notifier for a session: moves are counted and timed; a player's
    /// engine-game events also go to `forward`.
    fn notifier(self: &Arc<Self>, slot: Arc<Mutex<SessionId>>, forward: Option<Sender<HubEvent>>) -> Notifier {
        let tally = Arc::clone(self);
        Box::new(move |event| {
            if let HubEvent::Moved { game, ply, .. } = &event {
                let at = tally.sent.lock().unwrap().get(&(*game, *ply)).copied();
                if let Some(at) = at {
                    tally.latencies.lock().unwrap().push(at.elapsed().as_micros() as u64);
                }
                let s = *slot.lock().unwrap();
                tally.told.lock().unwrap().entry((s, *game)).or_default().push(*ply);
            }
            if let Some(forward) = &forward {
                let _ = forward.send(event);
            }
        })
    }
}

/// Runs the plan on the hub started on `open()`; checks on a second `open()`.
pub fn measure<R: Records + 'static>(
    open: &dyn Fn() -> Result<R, HubError>,
    plan: &LoadPlan,
) -> Result<LoadReport, HubError> {
    let config = HubConfig { engine_threads: plan.engine_threads, ..HubConfig::default() };
    let hub = Hub::start(open()?, config)?;
    let tally = Arc::new(Tally::default());
    let seated = seat(&hub, &tally, plan)?;
    let watchers = seated.watchers;
    let cpu_before = Process::Me.cpu_seconds();
    let start = Instant::now();
    let played = drive(&hub, &tally, plan, seated)?;
    let wall_seconds = start.elapsed().as_secs_f64();
    let cpu = Process::Me.cpu_seconds() - cpu_before;
    let (rss_kib, peak_rss_kib) = Process::Me.memory_kib();
    // Let the last engine moves and notifications settle before checking.
    std::thread::sleep(Duration::from_millis(200));
    let commits = hub.commits();
    drop(hub);
    let lost = check(&mut open()?, &tally, &played)?;
    let mut latencies_us = std::mem::take(&mut *tally.latencies.lock().unwrap());
    latencies_us.sort_unstable();
    Ok(LoadReport {
        watchers,
        player_moves: played.player_moves,
        engine_game_moves: played.engine_moves,
        games_ended: played.ended,
        latencies_us,
        cpu_seconds: cpu,
        wall_seconds,
        rss_kib,
        peak_rss_kib,
        commits,
        lost,
    })
}

/// A game's two players, White's first.
type Pair = [(SessionId, Account); 2];

/// The sessions of a run: each game's two players and its watchers, each
/// engine game's player with the events it is told.
struct Seated {
    watchers: usize,
    pairs: Vec<(Pair, Vec<SessionId>)>,
    engine_players: Vec<(SessionId, Receiver<HubEvent>)>,
}

/// Registers and connects every session of the plan.
fn seat(hub: &Hub, tally: &Arc<Tally>, plan: &LoadPlan) -> Result<Seated, HubError> {
    let connect = |who: Option<String>, forward| -> Result<(SessionId, Option<Account>), HubError> {
        let account = match who {
            Some(name) => {
                let fp = format!("SHA256:load-{name}");
                Some(match hub.account_by_key(&fp)? {
                    Some(a) => a,
                    None => hub.register(&name, &fp, "ssh-ed25519 load")?,
                })
            }
            None => None,
        };
        let slot = Arc::new(Mutex::new(0));
        let who = account.clone().map_or(Who::Guest, Who::Player);
        let s = hub.connect(who, tally.notifier(Arc::clone(&slot), forward))?;
        *slot.lock().unwrap() = s;
        Ok((s, account))
    };
    let player = |name: String| connect(Some(name), None).map(|(s, a)| (s, a.expect("a player")));
    let watchers = plan.sessions.saturating_sub(2 * plan.games + plan.engine_games);
    let guests = (0..watchers).map(|_| connect(None, None).map(|(s, _)| s)).collect::<Result<Vec<_>, _>>()?;
    let mut pairs = Vec::new();
    for g in 0..plan.games {
        let pair = [player(format!("load-{g}w"))?, player(format!("load-{g}b"))?];
        pairs.push((pair, guests.iter().copied().skip(g).step_by(plan.games.max(1)).collect()));
    }
    let mut engine_players = Vec::new();
    for g in 0..plan.engine_games {
        let (tx, rx) = channel();
        engine_players.push((connect(Some(format!("load-e{g}")), Some(tx))?.0, rx));
    }
    Ok(Seated { watchers, pairs, engine_players })
}

/// Runs a driver thread per game for the plan's duration.
fn drive(hub: &Hub, tally: &Tally, plan: &LoadPlan, seated: Seated) -> Result<Played, HubError> {
    let stop = AtomicBool::new(false);
    let results: Vec<Result<Played, HubError>> = std::thread::scope(|scope| {
        let stop = &stop;
        let players = seated.pairs.iter().enumerate().map(|(i, (pair, watching))| {
            scope.spawn(move || drive_players(hub, tally, stop, plan, i as u64, pair, watching))
        });
        let players: Vec<_> = players.collect();
        let engines = seated
            .engine_players
            .into_iter()
            .enumerate()
            .map(|(i, (me, rx))| scope.spawn(move || drive_engine(hub, tally, stop, plan, i as u64, me, &rx)));
        let engines: Vec<_> = engines.collect();
        std::thread::sleep(plan.duration);
        stop.store(true, Ordering::SeqCst);
        players.into_iter().chain(engines).map(|t| t.join().expect("a driver panicked")).collect()
    });
    let mut played = Played::default();
    for r in results {
        played.add(r?);
    }
    Ok(played)
}

/// What the drivers did: each game with the moves they know were stored
/// (a move accepted by the hub), the sessions that should have seen them.
#[derive(Default)]
struct Played {
    games: Vec<(GameId, Vec<SessionId>)>,
    player_moves: usize,
    engine_moves: usize,
    ended: usize,
}

impl Played {
    fn add(&mut self, other: Played) {
        self.games.extend(other.games);
        self.player_moves += other.player_moves;
        self.engine_moves += other.engine_moves;
        self.ended += other.ended;
    }
}

/// A driver's copy of a game: the position, the earlier positions (for
/// repetitions) and the next ply.
struct Copy {
    pos: AnyPosition,
    earlier: Vec<u64>,
}

impl Copy {
    fn new(kind: GameKind) -> Copy {
        Copy { pos: AnyPosition::new(kind), earlier: Vec::new() }
    }

    fn ply(&self) -> usize {
        self.earlier.len()
    }

    /// Plays `mv`; whether the game goes on.
    fn play(&mut self, mv: &str) -> Result<bool, HubError> {
        let hash = self.pos.hash();
        self.pos.play_text(mv).map_err(|e| HubError::IllegalMove { text: mv.to_string(), why: e.to_string() })?;
        self.earlier.push(hash);
        Ok(self.pos.outcome(&self.earlier).is_none())
    }

    /// A legal move that does not end the game if there is one (games
    /// last), picked by `seed`, as SAN.
    fn lasting_move(&self, seed: &mut u64) -> String {
        let moves = self.pos.legal_moves();
        let mut earlier = self.earlier.clone();
        earlier.push(self.pos.hash());
        let lasts = |m: &&wormhole::AnyMove| self.pos.after(**m).is_ok_and(|p| p.outcome(&earlier).is_none());
        let lasting: Vec<_> = moves.iter().filter(lasts).copied().collect();
        let pool = if lasting.is_empty() { &moves } else { &lasting };
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        self.pos.san(pool[(*seed % pool.len() as u64) as usize])
    }
}

/// Plays `mv` for session `s` in `game`, timing its relay; whether the game goes on.
fn send(hub: &Hub, tally: &Tally, s: SessionId, game: GameId, copy: &mut Copy, mv: &str) -> Result<bool, HubError> {
    tally.sent.lock().unwrap().insert((game, copy.ply()), Instant::now());
    hub.play(s, game, mv)?;
    copy.play(mv)
}

/// Drives one game between two players: a move every interval, a new
/// game when one ends; the watchers follow.
fn drive_players(
    hub: &Hub,
    tally: &Tally,
    stop: &AtomicBool,
    plan: &LoadPlan,
    seed: u64,
    pair: &Pair,
    watching: &[SessionId],
) -> Result<Played, HubError> {
    let mut played = Played::default();
    let mut seed = seed.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut next = Instant::now();
    while !stop.load(Ordering::SeqCst) {
        let (white, black) = if played.ended % 2 == 0 { (&pair[0], &pair[1]) } else { (&pair[1], &pair[0]) };
        let spec = ChallengeSpec { to: Some(black.1.name.clone()), ..open_spec(plan) };
        let game = hub.accept(black.0, hub.challenge(white.0, spec)?)?;
        for &w in watching {
            hub.open(w, game)?;
        }
        played.games.push((game, [white.0, black.0].into_iter().chain(watching.iter().copied()).collect()));
        let mut copy = Copy::new(plan.kind);
        loop {
            next += plan.interval;
            std::thread::sleep(next.saturating_duration_since(Instant::now()));
            if stop.load(Ordering::SeqCst) {
                return Ok(played);
            }
            let mover = if copy.pos.turn() == wormhole::Color::White { white.0 } else { black.0 };
            let mv = copy.lasting_move(&mut seed);
            played.player_moves += 1;
            if !send(hub, tally, mover, game, &mut copy, &mv)? {
                played.ended += 1;
                break;
            }
        }
    }
    Ok(played)
}

/// An untimed casual game of the plan's kind, the challenger White.
fn open_spec(plan: &LoadPlan) -> ChallengeSpec {
    ChallengeSpec { start_fen: None, kind: plan.kind, clock: None, colour: ColourChoice::White, rated: false, to: None }
}

/// Drives one game against the engine: the player (White) answers each
/// engine move after the interval; a new game when one ends.
fn drive_engine(
    hub: &Hub,
    tally: &Tally,
    stop: &AtomicBool,
    plan: &LoadPlan,
    seed: u64,
    me: SessionId,
    events: &Receiver<HubEvent>,
) -> Result<Played, HubError> {
    let mut played = Played::default();
    let mut seed = seed.wrapping_add(1000).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    while !stop.load(Ordering::SeqCst) {
        let game = hub.play_engine(me, open_spec(plan), plan.engine_level)?;
        played.games.push((game, vec![me]));
        let mut copy = Copy::new(plan.kind);
        loop {
            std::thread::sleep(plan.interval);
            if stop.load(Ordering::SeqCst) {
                return Ok(played);
            }
            let mv = copy.lasting_move(&mut seed);
            played.engine_moves += 1;
            if !send(hub, tally, me, game, &mut copy, &mv)? {
                break;
            }
            let Some(reply) = engine_reply(events, stop, game, copy.ply()) else { return Ok(played) };
            played.engine_moves += 1;
            if !copy.play(&reply)? {
                break;
            }
        }
        played.ended += 1;
    }
    Ok(played)
}

/// The engine's move at `ply` of `game`; `None` when stopped.
fn engine_reply(events: &Receiver<HubEvent>, stop: &AtomicBool, game: GameId, ply: usize) -> Option<String> {
    loop {
        match events.recv_timeout(Duration::from_millis(50)) {
            Ok(HubEvent::Moved { game: g, mv, ply: p, .. }) if g == game && p == ply => return Some(mv),
            Ok(_) | Err(RecvTimeoutError::Timeout) if !stop.load(Ordering::SeqCst) => {}
            _ => return None,
        }
    }
}

/// Whether every move played is stored and every session was told of
/// every move of its game, in order.
fn check(records: &mut dyn Records, tally: &Tally, played: &Played) -> Result<Vec<String>, HubError> {
    let told = tally.told.lock().unwrap();
    let mut lost = Vec::new();
    for (game, sessions) in &played.games {
        let stored = records.game(*game)?.map_or(0, |g| g.moves.len());
        let all: Vec<usize> = (0..stored).collect();
        for s in sessions {
            let seen = told.get(&(*s, *game)).cloned().unwrap_or_default();
            if seen != all {
                lost.push(format!("game {game}: session {s} was told of {} of {stored} stored moves", seen.len()));
            }
        }
    }
    Ok(lost)
}

/// Runs `wormhole-load` (without `--ssh`): the plan on a hub over a fresh SQLite store
/// in a temporary folder; prints the figures. Fails if a move was lost.
pub fn run(args: &LoadArgs) -> anyhow::Result<()> {
    wormhole_app::server::log::init();
    let dir = tempfile::tempdir()?;
    let plan = LoadPlan {
        games: args.games,
        engine_games: args.engine_games,
        sessions: args.sessions,
        interval: Duration::from_millis(args.interval_ms),
        duration: Duration::from_secs(args.seconds),
        engine_level: args.engine_level,
        engine_threads: args.engine_threads.unwrap_or_else(|| HubConfig::default().engine_threads),
        kind: GameKind::Classic,
    };
    eprintln!("wormhole-load: {} s on {} (SQLite store)", args.seconds, dir.path().display());
    let open = || wormhole_app::server::store::Store::open(dir.path()).map_err(HubError::Records);
    let report = measure(&open, &plan)?;
    println!("{}", report.summary(&plan));
    anyhow::ensure!(report.lost.is_empty(), "{} sessions missed moves", report.lost.len());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_load_benchmark_loses_no_move() {
        let dir = tempfile::tempdir().unwrap();
        let plan = LoadPlan {
            games: 3,
            engine_games: 2,
            sessions: 12,
            interval: Duration::from_millis(10),
            duration: Duration::from_millis(600),
            engine_level: 1,
            engine_threads: 1,
            kind: GameKind::Classic,
        };
        let open = || wormhole_app::server::store::Store::open(dir.path()).map_err(HubError::Records);
        let report = measure(&open, &plan).unwrap();
        assert_eq!(report.lost, Vec::<String>::new());
        assert_eq!(report.watchers, 4);
        assert!(report.player_moves > 20 && report.engine_game_moves > 4, "{report:?}");
        assert!(report.latencies_us.len() >= report.player_moves * 2, "each move reaches both players");
        assert!(report.cpu_seconds > 0.0 && report.peak_rss_kib >= report.rss_kib && report.rss_kib > 0);
        let summary = report.summary(&plan);
        assert!(summary.contains("moves lost: 0") && summary.contains("p99"), "{summary}");
        assert!(report.games_ended <= report.player_moves);
    }
}
