//! What the benchmark's sessions do: register, meet, play, watch, and
//! what they measured.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use rand::seq::IndexedRandom;
use russh::keys::PrivateKey;
use russh::keys::ssh_key::private::Ed25519Keypair;
use wormhole::{AnyMove, AnyPosition, GameKind, Rules};
use wormhole_app::server::relay::RelayHistogram;
use wormhole_app::server::store::{GameId, Records};

use super::Args;
use super::client::{Dialer, LoadSession};

/// The game every session plays: Wormhole chess, whose games end by
/// themselves (a hole a ply), so rematches come often.
const KIND: GameKind = GameKind::Classic;
/// How long a screen may take to show what it waits for.
const WITHIN: Duration = Duration::from_secs(60);
/// How long the engine may take to answer.
const ENGINE_WITHIN: Duration = Duration::from_secs(60);
/// How long a move sent as the load ends may take to be stored.
const IN_FLIGHT: Duration = Duration::from_secs(5);

/// Two players in a game: `white` is to move first.
pub struct PlayerGame {
    pub id: u64,
    white: LoadSession,
    black: LoadSession,
}

/// A player against the engine.
pub struct EngineGame {
    id: u64,
    player: LoadSession,
    white: bool,
}

/// What the games measured.
#[derive(Default)]
pub struct Stats {
    /// From a move's keys sent to each other screen of its game showing it.
    latencies: Vec<Duration>,
    player_moves: usize,
    engine_game_moves: usize,
    rematches: usize,
    /// Moves sent, by game.
    sent: BTreeMap<u64, usize>,
    /// What went missing, one line each.
    pub lost: Vec<String>,
}

/// A new session registered as `name`, in the lobby.
async fn register(dial: &Dialer, port: u16, name: &str) -> anyhow::Result<LoadSession> {
    let mut seed = [0u8; 32];
    rand::fill(&mut seed);
    let key = PrivateKey::from(Ed25519Keypair::from_seed(&seed));
    let s = dial.connect(port, Some(key)).await?;
    s.wait_for("choose your name", WITHIN).await?;
    s.enter(name).await?;
    s.wait_for(&format!("you are {name}"), WITHIN).await?;
    Ok(s)
}

/// The number after `before` on the screen, up to `after`.
fn number_after(screen: &str, before: &str, after: char) -> anyhow::Result<u64> {
    let at = screen.find(before).with_context(|| format!("no {before:?} on the screen:\n{screen}"))?;
    let text = screen[at + before.len()..].split(after).next().unwrap_or("");
    text.trim().parse().with_context(|| format!("{text:?} after {before:?} is not a number"))
}

/// The id of the game on a session's screen (`Game N: ...`).
fn game_id(s: &LoadSession) -> anyhow::Result<u64> {
    number_after(&s.contents(), "Game ", ':')
}

/// The `i`th session's node among `ports`: round the nodes.
fn node(ports: &[u16], i: usize) -> u16 {
    ports[i % ports.len()]
}

/// Runs `make(i)` for each `i` in `0..n` at once (each waits for its
/// connections' turn at the dialer); their results in order of `i`.
async fn all_at_once<T, F>(n: usize, make: impl Fn(usize) -> F) -> anyhow::Result<Vec<T>>
where
    T: Send + 'static,
    F: std::future::Future<Output = anyhow::Result<T>> + Send + 'static,
{
    let tasks: Vec<_> = (0..n).map(|i| tokio::spawn(make(i))).collect();
    let mut done = Vec::with_capacity(n);
    for task in tasks {
        done.push(task.await??);
    }
    Ok(done)
}

/// `n` games between two new players each, with `clock` if given: one
/// challenges, the other accepts; with several nodes, on two nodes next
/// to each other. All set up at once.
pub async fn player_games(
    dial: &Dialer,
    ports: &[u16],
    n: usize,
    clock: Option<&str>,
) -> anyhow::Result<Vec<PlayerGame>> {
    let (ports, clock) = (ports.to_vec(), clock.unwrap_or_default().to_string());
    all_at_once(n, |g| player_game(dial.clone(), node(&ports, g), node(&ports, g + 1), g, clock.clone())).await
}

/// Game `g` between two new players, the first on `port_a`, the other on `port_b`.
async fn player_game(dial: Dialer, port_a: u16, port_b: u16, g: usize, clock: String) -> anyhow::Result<PlayerGame> {
    let (a, b) = (format!("pa{g}"), format!("pb{g}"));
    let (white, black) = tokio::try_join!(register(&dial, port_a, &a), register(&dial, port_b, &b))?;
    white.enter(&format!("challenge {b} {} {clock} white", KIND.name())).await?;
    // The lobby's row of the challenge: `>   1 pa0 vs you ... accept`.
    let row = format!("{a} vs you");
    black.wait_for(&row, WITHIN).await.with_context(|| format!("{a}'s screen:\n{}", white.contents()))?;
    let line = black.contents().lines().find(|l| l.contains(&row)).unwrap_or("").to_string();
    let number = line.trim_start_matches([' ', '>']).split_whitespace().next().unwrap_or("");
    let challenge: u64 = number.parse().context("a challenge's number")?;
    black.enter(&format!("accept {challenge}")).await?;
    white.wait_for("You play White", WITHIN).await?;
    black.wait_for("You play Black", WITHIN).await?;
    Ok(PlayerGame { id: game_id(&white)?, white, black })
}

/// `n` players each starting a game against the engine, all at once.
pub async fn engine_games(dial: &Dialer, ports: &[u16], n: usize, level: u8) -> anyhow::Result<Vec<EngineGame>> {
    let ports = ports.to_vec();
    all_at_once(n, |e| {
        let (dial, port) = (dial.clone(), node(&ports, e));
        async move {
            let player = register(&dial, port, &format!("en{e}")).await?;
            player.enter(&format!("engine {} {level}", KIND.name())).await?;
            player.wait_for("You play", WITHIN).await?;
            let white = player.contents().contains("You play White");
            Ok(EngineGame { id: game_id(&player)?, player, white })
        }
    })
    .await
}

/// `n` guests, each watching one of `games` in turn (on the nodes in
/// turn too), all connected at once; grouped by game.
pub async fn watchers(dial: &Dialer, ports: &[u16], n: usize, games: &[u64]) -> anyhow::Result<Vec<Vec<LoadSession>>> {
    let mut by_game: Vec<Vec<LoadSession>> = games.iter().map(|_| Vec::new()).collect();
    if games.is_empty() {
        return Ok(by_game);
    }
    let (ports, ids) = (ports.to_vec(), games.to_vec());
    let sessions = all_at_once(n, |w| {
        // w / games: a game's watchers go round the nodes.
        let (dial, port, id) = (dial.clone(), node(&ports, w / ids.len() + w), ids[w % ids.len()]);
        async move {
            let s = dial.connect(port, None).await?;
            s.wait_for("you are a guest", WITHIN).await?;
            watch(&s, id).await?;
            Ok(s)
        }
    })
    .await?;
    for (w, s) in sessions.into_iter().enumerate() {
        by_game[w % games.len()].push(s);
    }
    Ok(by_game)
}

/// Opens game `id` to watch it.
async fn watch(s: &LoadSession, id: u64) -> anyhow::Result<()> {
    s.enter(&format!("open {id}")).await?;
    s.wait_for(&format!("Game {id}:"), WITHIN).await?;
    s.wait_for("Watching", WITHIN).await?;
    Ok(())
}

/// A legal move of `pos`, at random.
fn any_move(pos: &AnyPosition) -> AnyMove {
    *pos.legal_moves().choose(&mut rand::rng()).expect("a game going on has a move")
}

/// Plays `game` until `end`, a move every `interval`, watched by `watching`.
pub async fn play_game(
    mut game: PlayerGame,
    watching: Vec<LoadSession>,
    end: Instant,
    interval: Duration,
    stats: Arc<Mutex<Stats>>,
) {
    let mut pos = AnyPosition::new(KIND);
    let mut ply = 0;
    while Instant::now() < end {
        let next = Instant::now() + interval;
        if pos.outcome(&[]).is_some() {
            if let Err(e) = rematch(&mut game, &watching).await {
                stats.lock().unwrap().lost.push(format!("game {}: the rematch failed: {e:#}", game.id));
                return;
            }
            stats.lock().unwrap().rematches += 1;
            (pos, ply) = (AnyPosition::new(KIND), 0);
            continue;
        }
        let white = pos.turn() == wormhole::Color::White;
        let (mover, other) = if white { (&game.white, &game.black) } else { (&game.black, &game.white) };
        let mv = any_move(&pos);
        ply += 1;
        let shown = format!("Moves ({ply}):");
        let sent = Instant::now();
        if let Err(e) = mover.enter(&mv.to_string()).await {
            stats.lock().unwrap().lost.push(format!("game {} ply {ply}: cannot send: {e:#}", game.id));
            return;
        }
        pos.play(mv).expect("a legal move");
        let mut seen = Vec::new();
        for s in std::iter::once(other).chain(&watching) {
            seen.push(s.wait_for(&shown, WITHIN).await.map(|at| at.saturating_duration_since(sent)));
        }
        stats.lock().unwrap().count_move(game.id, seen, ply);
        tokio::time::sleep_until(next.into()).await;
    }
}

/// Both players ask for a rematch (colours swap); the watchers follow.
async fn rematch(game: &mut PlayerGame, watching: &[LoadSession]) -> anyhow::Result<()> {
    // The server's word that the game is over ("game over: ..."), not the
    // board's result: with several nodes the last move can reach a player
    // before the game's end does, and a rematch asked in between is refused.
    game.white.wait_for("game over:", WITHIN).await?;
    game.white.enter("/rematch").await?;
    game.black.wait_for("asks for a rematch", WITHIN).await?;
    game.black.enter("/rematch").await?;
    game.black.wait_for("You play White", WITHIN).await?;
    game.white.wait_for("You play Black", WITHIN).await?;
    std::mem::swap(&mut game.white, &mut game.black);
    game.id = game_id(&game.white)?;
    for s in watching {
        s.send(b"\x1b").await?;
        s.wait_for("Games being played", WITHIN).await?;
        watch(s, game.id).await?;
    }
    Ok(())
}

/// The server's database as the benchmark reads it (either engine).
pub type Db = Arc<Mutex<Box<dyn Records>>>;

/// The move stored at `ply` (from 1) of `game`, read from the server's
/// database: how the player learns the engine's move. The store's calls
/// block: off the runtime's threads.
async fn stored_move(db: &Db, game: u64, ply: usize) -> anyhow::Result<String> {
    let db = Arc::clone(db);
    let stored = tokio::task::spawn_blocking(move || db.lock().unwrap().game(GameId(game as i64))).await??;
    let moves = stored.with_context(|| format!("no game {game} stored"))?.moves;
    let mv = moves.get(ply - 1).with_context(|| format!("game {game} has no move {ply} stored"))?;
    Ok(mv.mv.clone())
}

/// Plays `game` against the engine until `end`: a move `interval` after
/// the engine's, a rematch when it is over.
pub async fn play_engine(mut game: EngineGame, db: Db, end: Instant, interval: Duration, stats: Arc<Mutex<Stats>>) {
    if let Err(e) = engine_loop(&mut game, &db, end, interval, &stats).await {
        stats.lock().unwrap().lost.push(format!("engine game {}: {e:#}", game.id));
    }
}

async fn engine_loop(
    game: &mut EngineGame,
    db: &Db,
    end: Instant,
    interval: Duration,
    stats: &Mutex<Stats>,
) -> anyhow::Result<()> {
    let mut pos = AnyPosition::new(KIND);
    while Instant::now() < end {
        let ply = pos.move_number() as usize * 2 - usize::from(pos.turn() == wormhole::Color::White);
        if pos.outcome(&[]).is_some() {
            game.player.wait_for("Result", WITHIN).await?;
            game.player.enter("/rematch").await?;
            game.white = !game.white;
            game.player.wait_for(if game.white { "You play White" } else { "You play Black" }, WITHIN).await?;
            game.id = game_id(&game.player)?;
            stats.lock().unwrap().rematches += 1;
            pos = AnyPosition::new(KIND);
            continue;
        }
        if (pos.turn() == wormhole::Color::White) == game.white {
            tokio::time::sleep(interval).await;
            let mv = any_move(&pos);
            game.player.enter(&mv.to_string()).await?;
            pos.play(mv).expect("a legal move");
            // Not waited for on its own: the engine's reply may come before
            // the next frame (moves are committed together), so the screen
            // may never show this count; the reply's, awaited next, is
            // shown only after this move was played.
            let mut st = stats.lock().unwrap();
            st.engine_game_moves += 1;
            *st.sent.entry(game.id).or_default() += 1;
        } else {
            game.player.wait_for(&format!("Moves ({}):", ply), ENGINE_WITHIN).await?;
            pos.play_text(&stored_move(db, game.id, ply).await?)?;
            stats.lock().unwrap().engine_game_moves += 1;
        }
    }
    Ok(())
}

impl Stats {
    /// A move of game `id` at `ply`, and when each other screen showed it.
    fn count_move(&mut self, id: u64, seen: Vec<anyhow::Result<Duration>>, ply: usize) {
        self.player_moves += 1;
        *self.sent.entry(id).or_default() += 1;
        for r in seen {
            match r {
                Ok(latency) => self.latencies.push(latency),
                Err(e) => self.lost.push(format!("game {id} ply {ply}: {e:#}")),
            }
        }
    }

    /// Checks that every move sent is in the server's database (blocks).
    /// A player's last move in an engine game is not waited for on the
    /// screen, so it may still be on its way when the load ends: each game
    /// has until [`IN_FLIGHT`] to store what was sent.
    pub fn check_stored(&mut self, db: &Db) -> anyhow::Result<()> {
        let mut db = db.lock().unwrap();
        let deadline = Instant::now() + IN_FLIGHT;
        for (&game, &sent) in &self.sent {
            let stored = loop {
                let stored = db.game(GameId(game as i64))?.map_or(0, |g| g.moves.len());
                if stored >= sent || Instant::now() >= deadline {
                    break stored;
                }
                std::thread::sleep(Duration::from_millis(20));
            };
            if stored < sent {
                self.lost.push(format!("game {game}: {sent} moves sent, {stored} stored"));
            }
        }
        Ok(())
    }

    /// The figures, a few lines.
    /// `server`: the server's own relay times.
    pub fn summary(&mut self, args: &Args, wall: f64, cpu: f64, server: &RelayHistogram) -> String {
        self.latencies.sort();
        let at = |q: f64| {
            let i = ((self.latencies.len() as f64 - 1.0) * q).round() as usize;
            self.latencies.get(i).map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0)
        };
        format!(
            "wormhole-load --ssh: {} sessions over SSH ({} player games, {} engine games, {} watching) for {wall:.1} s\n\
             moves: {} between players, {} in engine games, {} rematches\n\
             relay latency (keys sent -> other screen shows it), {} screens: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms\n\
             server-side relay (keys read -> frame handed to the other session's channel), {} relays: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms\n\
             server CPU: {cpu:.1} s in {wall:.1} s ({:.0}% of one core)\n\
             lost: {}",
            args.sessions,
            args.games,
            args.engine_games,
            args.sessions - 2 * args.games - args.engine_games,
            self.player_moves,
            self.engine_game_moves,
            self.rematches,
            self.latencies.len(),
            at(0.5),
            at(0.99),
            at(1.0),
            server.count(),
            server.quantile_ms(0.5),
            server.quantile_ms(0.99),
            server.max_ms(),
            100.0 * cpu / wall,
            if self.lost.is_empty() { "nothing".to_string() } else { self.lost.join("\n  ") },
        )
    }
}
