//! The hub's tests: players, watchers and guests as notifiers, storage in
//! memory ([`memory::Memory`]) or on disk, time on a manual clock.

mod challenges;
mod memory;
mod nodes;
mod writes;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use wormhole::{AnyPosition, Color, GameKind, Rules};

use super::clock::ManualClock;
use super::live::canonical;
use super::*;
use crate::server::store::{Account, GameId, Records};
use memory::Memory;

/// The events a session was told, in order.
type Events = Arc<Mutex<Vec<HubEvent>>>;

fn inbox() -> (Notifier, Events) {
    let events = Events::default();
    let sink = Arc::clone(&events);
    (Box::new(move |e| sink.lock().unwrap().push(e)), events)
}

/// A hub on `records` with a manual clock and `threads` engine workers.
fn hub_on(records: impl Records + 'static, clock: &Arc<ManualClock>, threads: usize) -> Hub {
    let config = HubConfig {
        engine_threads: threads,
        absence: Duration::from_secs(120),
        start_window: DEFAULT_START_WINDOW,
        clock: clock.clone(),
    };
    Hub::start(records, config).unwrap()
}

/// A hub on a storage that tests can open again: to read what is stored,
/// or to start another hub on it as a restarted server would.
struct Fixture<R> {
    hub: Hub,
    clock: Arc<ManualClock>,
    open: Box<dyn Fn() -> R>,
}

/// A hub on storage in memory.
fn fixture() -> Fixture<Memory> {
    let mem = Memory::default();
    fixture_on(Box::new(move || mem.clone()))
}

fn fixture_on<R: Records + 'static>(open: Box<dyn Fn() -> R>) -> Fixture<R> {
    let clock = Arc::new(ManualClock::at(1_764_806_400_000));
    Fixture { hub: hub_on(open(), &clock, 1), clock, open }
}

impl<R: Records + 'static> Fixture<R> {
    /// The game as stored now.
    fn stored(&self, game: GameId) -> crate::server::store::StoredGame {
        (self.open)().game(game).unwrap().expect("a stored game")
    }
}

/// A registered player's session.
struct TestPlayer {
    s: SessionId,
    account: Account,
    events: Events,
}

impl<R> Fixture<R> {
    fn player(&self, name: &str) -> TestPlayer {
        let account = match self.hub.account_by_key(&format!("SHA256:{name}")).unwrap() {
            Some(a) => a,
            None => self.hub.register(name, &format!("SHA256:{name}"), "ssh-ed25519 AAAA").unwrap(),
        };
        let (notify, events) = inbox();
        let s = self.hub.connect(Who::Player(account.clone()), notify).unwrap();
        TestPlayer { s, account, events }
    }

    fn guest(&self) -> (SessionId, Events) {
        let (notify, events) = inbox();
        (self.hub.connect(Who::Guest, notify).unwrap(), events)
    }

    /// `white` challenges, `black` accepts: the game's id.
    fn game(&self, white: &TestPlayer, black: &TestPlayer, kind: GameKind, clock: Option<(u64, u64)>) -> GameId {
        let id = self.hub.challenge(white.s, spec(kind, clock)).unwrap();
        self.hub.accept(black.s, id).unwrap()
    }
}

fn spec(kind: GameKind, clock: Option<(u64, u64)>) -> ChallengeSpec {
    ChallengeSpec { start_fen: None, kind, clock, colour: ColourChoice::White, rated: false, to: None }
}

fn moved(events: &Events, game: GameId) -> Vec<String> {
    let events = events.lock().unwrap();
    let moves = events.iter().filter_map(|e| match e {
        HubEvent::Moved { game: g, mv, .. } if *g == game => Some(mv.clone()),
        _ => None,
    });
    moves.collect()
}

fn ended(events: &Events, game: GameId) -> Option<Ending> {
    events.lock().unwrap().iter().find_map(|e| match e {
        HubEvent::Ended { game: g, ending } if *g == game => Some(ending.clone()),
        _ => None,
    })
}

/// Waits (up to 20 s) until `events` holds one that `pred` accepts.
fn wait_for(events: &Events, pred: impl Fn(&HubEvent) -> bool) {
    let start = Instant::now();
    while !events.lock().unwrap().iter().any(&pred) {
        assert!(start.elapsed() < Duration::from_secs(20), "no such event came: {:?}", events.lock().unwrap());
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A move that ends the game if there is one, else one picked by `seed`:
/// a game that ends in a few dozen moves, in any game.
fn quick_move(pos: &AnyPosition, seed: &mut u64) -> String {
    let moves = pos.legal_moves();
    let ends = moves.iter().find(|&&m| pos.after(m).unwrap().outcome(&[]).is_some());
    *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    let m = ends.copied().unwrap_or(moves[(*seed >> 33) as usize % moves.len()]);
    // Players type SAN; the hub stores its canonical form.
    pos.san(m)
}

/// Two players play `kind` to its end with a guest watching: every move
/// reaches both players and the watcher, in order, and the end too.
fn play_to_the_end(kind: GameKind) {
    let f = fixture();
    let (a, b) = (f.player("ann"), f.player("bob"));
    let (watcher, seen) = f.guest();
    let game = f.game(&a, &b, kind, None);
    assert!(f.hub.lobby(watcher).unwrap().live.iter().any(|g| g.id == game));
    assert_eq!(f.hub.open(watcher, game).unwrap().you, None);
    assert_eq!(f.hub.open(a.s, game).unwrap().you, Some(Color::White));
    let mut pos = AnyPosition::new(kind);
    let mut seed = 7;
    let mut played = Vec::new();
    while ended(&a.events, game).is_none() {
        assert!(played.len() < 3000, "the game should end");
        let mover = if pos.turn() == Color::White { &a } else { &b };
        let text = quick_move(&pos, &mut seed);
        f.hub.play(mover.s, game, &text).unwrap();
        let mv = pos.play_text(&text).unwrap();
        played.push(canonical(mv));
    }
    for events in [&a.events, &b.events, &seen] {
        assert_eq!(moved(events, game), played);
        assert!(ended(events, game).is_some());
    }
    let stored = f.stored(game);
    assert_eq!(stored.moves.iter().map(|m| m.mv.clone()).collect::<Vec<_>>(), played);
    let ending = ended(&a.events, game).unwrap();
    assert_eq!(stored.result, Some((ending.result.clone(), ending.why.clone())));
    assert!(f.hub.lobby(b.s).unwrap().mine.is_empty(), "a finished game is not listed to resume");
    assert!(f.hub.pgn(game).unwrap().contains("[White \"ann\"]"));
}

#[test]
fn two_players_play_wormhole_chess_to_the_end_with_a_watcher() {
    play_to_the_end(GameKind::Classic);
}

#[test]
fn two_players_play_two_board_chess_to_the_end_with_a_watcher() {
    play_to_the_end(GameKind::Twoboard);
}

#[test]
fn every_move_is_stored_before_anyone_is_told() {
    stored_before_told(fixture());
}

/// A watcher whose notifier reads the storage (another handle) finds each
/// move there when told of it.
fn stored_before_told<R: Records + 'static>(f: Fixture<R>) {
    let (a, b) = (f.player("ann"), f.player("bob"));
    let game = f.game(&a, &b, GameKind::Porthole, Some((60_000, 0)));
    let reading = std::sync::Mutex::new((f.open)());
    let checked = Arc::new(Mutex::new(0));
    let count = Arc::clone(&checked);
    let reader: Notifier = Box::new(move |e| {
        if let HubEvent::Moved { game, ply, mv, .. } = e {
            let stored = reading.lock().unwrap().game(game).unwrap().unwrap();
            assert_eq!(stored.moves.get(ply).map(|m| m.mv.as_str()), Some(mv.as_str()), "told before stored");
            *count.lock().unwrap() += 1;
        }
    });
    let watcher = f.hub.connect(Who::Guest, reader).unwrap();
    f.hub.open(watcher, game).unwrap();
    for (p, mv) in [(&a, "e4"), (&b, "e5"), (&a, "Nf3"), (&b, "Nc6")] {
        f.hub.play(p.s, game, mv).unwrap();
    }
    assert_eq!(*checked.lock().unwrap(), 4);
}

#[test]
fn refusals_say_why() {
    let f = fixture();
    let (a, b, c) = (f.player("ann"), f.player("bob"), f.player("cat"));
    let (guest, _) = f.guest();
    let game = f.game(&a, &b, GameKind::Classic, None);
    let err = |r: Result<(), HubError>| r.unwrap_err().to_string();
    assert!(
        err(f.hub.play(a.s, game, "e5")).starts_with("illegal move 'e5': "),
        "{}",
        err(f.hub.play(a.s, game, "e5"))
    );
    assert_eq!(err(f.hub.play(b.s, game, "e5")), "it is not your move");
    assert_eq!(
        err(f.hub.play(guest, game, "e4")),
        "guests may watch games but not play: connect with an SSH key to play"
    );
    assert!(matches!(f.hub.challenge(guest, spec(GameKind::Classic, None)), Err(HubError::GuestCannotPlay)));
    f.hub.open(c.s, game).unwrap();
    assert_eq!(err(f.hub.play(c.s, game, "e4")), format!("game {game} is not yours: you are watching it"));
    f.hub.leave(c.s, game).unwrap();
    f.hub.play(a.s, game, "d4").unwrap();
    assert!(moved(&c.events, game).is_empty(), "cat left before the move");
    assert!(matches!(f.hub.chat(c.s, game, "hi"), Err(HubError::NotYourGame(_))), "cat does not watch it now");
    f.hub.open(c.s, game).unwrap();
    assert!(matches!(f.hub.play_engine(a.s, spec(GameKind::Classic, None), 13), Err(HubError::BadLevel(13))));
    assert!(matches!(f.hub.challenge(a.s, spec(GameKind::Classic, Some((10, 0)))), Err(HubError::BadClock(10, 0))));
    f.hub.play(b.s, game, "e5").unwrap();
    assert_eq!(moved(&a.events, game), ["d2d4", "e7e5"]);
    assert!(moved(&c.events, game).len() == 1, "the watcher sees the move");
}

#[test]
fn the_hub_decides_when_a_flag_falls() {
    let f = fixture();
    let (a, b) = (f.player("ann"), f.player("bob"));
    let game = f.game(&a, &b, GameKind::Porthole, Some((5_000, 1_000)));
    f.clock.advance(1_500);
    f.hub.play(a.s, game, "e4").unwrap();
    let clocks = f.hub.open(b.s, game).unwrap().clocks.unwrap();
    assert_eq!((clocks.left_ms, clocks.running), ([6_000, 5_000], Some(Color::Black)), "White's first move is free");
    f.clock.advance(2_000);
    f.hub.play(b.s, game, "e5").unwrap();
    let clocks = f.hub.open(b.s, game).unwrap().clocks.unwrap();
    assert_eq!((clocks.left_ms, clocks.running), ([6_000, 4_000], Some(Color::White)));
    f.clock.advance(5_999);
    f.hub.tick();
    assert_eq!(ended(&a.events, game), None, "White has a millisecond left");
    f.clock.advance(1);
    f.hub.tick();
    let ending = ended(&a.events, game).expect("White's flag fell");
    assert_eq!((ending.result.as_str(), ending.why.as_str()), ("0-1", "time forfeit"));
    assert_eq!(ended(&b.events, game), Some(ending.clone()));
    assert_eq!(f.stored(game).result, Some(("0-1".into(), "time forfeit".into())));
    assert!(matches!(f.hub.play(a.s, game, "Nf3"), Err(HubError::GameOver(_))));
    // The finished game shows the clocks as they ended, live and reread.
    let ended_clocks = Clocks { left_ms: [0, 4_000], running: None };
    f.clock.advance(60_000);
    assert_eq!(f.hub.open(b.s, game).unwrap().clocks, Some(ended_clocks));
    assert_eq!(f.stored(game).final_clocks, Some([0, 4_000]));
    let watcher = f.guest().0;
    f.clock.advance(FINISHED_KEPT_MS);
    f.hub.tick();
    assert_eq!(f.hub.open(watcher, game).unwrap().clocks, Some(ended_clocks), "reread from the storage");
}

/// A bug that panics while the ticker ends one game (storing its flag, a
/// test hook) ends that game by error, told to both; the tick goes on to
/// the other game, whose flag falls as it should.
#[test]
fn a_panic_in_one_games_tick_ends_that_game_and_the_tick_goes_on() {
    let f = fixture();
    let gate = (f.open)().1;
    let (a, b, c, d) = (f.player("ann"), f.player("bob"), f.player("cid"), f.player("dan"));
    let games = [(&a, &b), (&c, &d)].map(|(white, black)| {
        let game = f.game(white, black, GameKind::Porthole, Some((5_000, 0)));
        f.hub.play(white.s, game, "e4").unwrap();
        f.hub.play(black.s, game, "e5").unwrap();
        game
    });
    gate.set(|g| g.panic_finish = Some(games[0]));
    f.clock.advance(5_001);
    f.hub.tick();
    let error = Ending::new("*", "ended by a server error");
    assert_eq!(ended(&a.events, games[0]), Some(error.clone()));
    assert_eq!(ended(&b.events, games[0]), Some(error));
    let flag = ended(&d.events, games[1]).expect("the other game's flag fell");
    assert_eq!((flag.result.as_str(), flag.why.as_str()), ("0-1", "time forfeit"));
    assert!(matches!(f.hub.play(a.s, games[0], "d4"), Err(HubError::GameOver(_))));
}

#[test]
fn a_move_after_the_flag_fell_loses_on_time() {
    let f = fixture();
    let (a, b) = (f.player("ann"), f.player("bob"));
    let game = f.game(&a, &b, GameKind::Porthole, Some((5_000, 0)));
    f.hub.play(a.s, game, "e4").unwrap();
    f.hub.play(b.s, game, "e5").unwrap();
    f.clock.advance(5_000);
    assert!(matches!(f.hub.play(a.s, game, "Nf3"), Err(HubError::GameOver(_))));
    assert_eq!(ended(&b.events, game).map(|e| e.result), Some("0-1".into()));
}

/// A move made after the stored deadline of its clock, which this hub had
/// not followed (set here by `set_deadline`, as a node it did not hear
/// from would have stored it): the store refuses it, and the hub flags
/// the game from the stored deadline, the mover losing on time, both
/// players told once; the move is not stored.
fn a_move_after_the_stored_deadline_loses_on_time<R: Records + 'static>(
    f: Fixture<R>,
    set_deadline: impl Fn(GameId, u64),
) {
    let (a, b) = (f.player("ann"), f.player("bob"));
    let game = f.game(&a, &b, GameKind::Classic, Some((60_000, 0)));
    f.hub.play(a.s, game, "e4").unwrap();
    f.clock.advance(1_000);
    f.hub.play(b.s, game, "e5").unwrap();
    // In the hub's memory White has 60 s from e5; as stored, 10 s.
    let e5 = f.clock.now_ms();
    set_deadline(game, e5 + 10_000);
    f.clock.advance(10_000);
    let refused = f.hub.play(a.s, game, "Nf3");
    assert!(matches!(refused, Err(HubError::GameOver(_))), "{refused:?}");
    for p in [&a, &b] {
        let ending = ended(&p.events, game).expect("both told the end");
        assert_eq!((ending.result.as_str(), ending.why.as_str()), ("0-1", "time forfeit"));
        assert_eq!(count_ended(&p.events, game), 1, "told once");
        assert_eq!(moved(&p.events, game), ["e2e4", "e7e5"], "the late move was never told");
    }
    let stored = f.stored(game);
    assert_eq!((stored.moves.len(), stored.result), (2, Some(("0-1".into(), "time forfeit".into()))));
}

fn count_ended(events: &Events, game: GameId) -> usize {
    events.lock().unwrap().iter().filter(|e| matches!(e, HubEvent::Ended { game: g, .. } if *g == game)).count()
}

#[test]
fn a_move_after_the_stored_deadline_loses_on_time_in_memory() {
    let f = fixture();
    let mem = (f.open)();
    a_move_after_the_stored_deadline_loses_on_time(f, move |game, deadline| {
        mem.data().games.iter_mut().find(|g| g.id == game).unwrap().deadline_ms = Some(deadline);
    });
}

#[test]
fn on_postgresql_a_move_after_the_stored_deadline_loses_on_time() {
    let url = crate::server::store::test_pg::database();
    let open = url.clone();
    let f = fixture_on(Box::new(move || crate::server::store::PgStore::open(&open).unwrap()));
    a_move_after_the_stored_deadline_loses_on_time(f, move |game, deadline| {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        let deadline = i64::try_from(deadline).unwrap();
        client.execute("UPDATE games SET deadline_ms = $1 WHERE id = $2", &[&deadline, &game.0]).unwrap();
    });
}

#[test]
fn on_the_sqlite_store_a_move_after_the_stored_deadline_loses_on_time() {
    let (dir, f) = on_disk();
    let path = dir.path().join(crate::server::store::DB_FILE);
    a_move_after_the_stored_deadline_loses_on_time(f, move |game, deadline| {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.busy_timeout(crate::server::store::BUSY_TIMEOUT).unwrap();
        conn.execute("UPDATE games SET deadline_ms = ?1 WHERE id = ?2", rusqlite::params![deadline, game.0]).unwrap();
    });
}

/// A timed game whose side to move makes no first move within the start
/// window is aborted at exactly the window: no result, unrated, told to
/// both. White's window runs from the game's start, Black's from White's
/// first move; a game with a shorter initial time has that as its window.
#[test]
fn a_game_without_a_first_move_is_aborted_at_exactly_the_window() {
    let f = fixture();
    let (a, b) = (f.player("ann"), f.player("bob"));
    let window = DEFAULT_START_WINDOW.as_millis() as u64;
    let rated = ChallengeSpec { rated: true, ..spec(GameKind::Classic, Some((60_000, 0))) };
    let game = f.hub.accept(b.s, f.hub.challenge(a.s, rated.clone()).unwrap()).unwrap();
    f.clock.advance(window - 1);
    f.hub.tick();
    assert_eq!(ended(&a.events, game), None, "a millisecond is left");
    let clocks = f.hub.open(a.s, game).unwrap().clocks.unwrap();
    assert_eq!((clocks.left_ms, clocks.running), ([60_000, 60_000], None), "no clock runs before White's move");
    f.clock.advance(1);
    f.hub.tick();
    let ending = ended(&a.events, game).expect("aborted at the window");
    assert_eq!((ending.result.as_str(), ending.why.as_str()), ("*", "aborted: White made no first move in time"));
    assert_eq!(ended(&b.events, game), Some(ending));
    assert_eq!(f.stored(game).result, Some(("*".into(), "aborted: White made no first move in time".into())));
    assert!(f.hub.leaderboard(GameKind::Classic, 10).unwrap().is_empty(), "an aborted game rates nobody");
    // Black's window starts with White's first move.
    let game = f.hub.accept(b.s, f.hub.challenge(a.s, rated).unwrap()).unwrap();
    f.clock.advance(window - 1);
    f.hub.play(a.s, game, "e4").unwrap();
    f.clock.advance(window - 1);
    f.hub.tick();
    assert_eq!(ended(&b.events, game), None);
    f.clock.advance(1);
    f.hub.tick();
    assert_eq!(ended(&b.events, game).map(|e| e.why), Some("aborted: Black made no first move in time".into()));
    // A 10 s game: the window is its initial time.
    let short = f.game(&a, &b, GameKind::Classic, Some((10_000, 0)));
    f.clock.advance(9_999);
    f.hub.tick();
    assert_eq!(ended(&a.events, short), None);
    f.clock.advance(1);
    f.hub.tick();
    assert_eq!(ended(&a.events, short).map(|e| e.result), Some("*".into()));
    // Once both moved, the game is never aborted.
    let played = f.game(&a, &b, GameKind::Classic, Some((600_000, 0)));
    f.hub.play(a.s, played, "e4").unwrap();
    f.hub.play(b.s, played, "e5").unwrap();
    f.clock.advance(window * 2);
    f.hub.tick();
    assert_eq!(ended(&a.events, played), None);
}

/// The time a server is down is charged to nobody: after a restart (a
/// kill, so no last note at shutdown), the running clock goes on from what
/// it showed at the last note of the clocks' time.
#[test]
fn downtime_is_charged_to_nobody_across_a_restart() {
    let f = fixture();
    let (a, b) = (f.player("ann"), f.player("bob"));
    let game = f.game(&a, &b, GameKind::Classic, Some((60_000, 0)));
    f.hub.play(a.s, game, "e4").unwrap();
    f.clock.advance(5_000);
    f.hub.play(b.s, game, "e5").unwrap();
    f.clock.advance(3_000);
    f.hub.tick();
    let at_tick = f.hub.open(a.s, game).unwrap().clocks.unwrap();
    assert_eq!(at_tick.left_ms, [57_000, 55_000]);
    // Killed 400 ms after the last note: those 400 ms are lost, not charged.
    f.clock.advance(400);
    let Fixture { hub, clock, open } = f;
    hub.kill();
    clock.advance(21_000);
    let f = Fixture { hub: hub_on(open(), &clock, 1), clock, open };
    let (notify, _) = inbox();
    let ann = f.hub.connect(Who::Player(a.account.clone()), notify).unwrap();
    let clocks = f.hub.open(ann, game).unwrap().clocks.unwrap();
    assert_eq!((clocks.left_ms, clocks.running), ([57_000, 55_000], Some(Color::White)), "as at the last note");
    let restarted = f.clock.now_ms();
    assert_eq!(f.stored(game).deadline_ms, Some(restarted + 57_000), "the stored deadline moved on too");
    f.clock.advance(2_000);
    assert_eq!(f.hub.open(ann, game).unwrap().clocks.unwrap().left_ms, [55_000, 55_000], "and it runs on");
    // A start window is not used up by the downtime either.
    let fresh = f.game(&f.player("cat"), &f.player("dan"), GameKind::Classic, Some((60_000, 0)));
    f.clock.advance(20_000);
    f.hub.tick();
    let Fixture { hub, clock, open } = f;
    hub.kill();
    clock.advance(60_000);
    let f = Fixture { hub: hub_on(open(), &clock, 1), clock, open };
    f.clock.advance(9_999);
    f.hub.tick();
    assert_eq!(f.stored(fresh).result, None, "10 s of the window were left");
    f.clock.advance(1);
    f.hub.tick();
    assert_eq!(f.stored(fresh).result.map(|r| r.0), Some("*".into()));
}

#[test]
fn a_win_by_absence_may_be_claimed_after_the_set_time_not_before() {
    let f = fixture();
    let (a, b) = (f.player("ann"), f.player("bob"));
    let game = f.game(&a, &b, GameKind::Classic, None);
    f.hub.play(a.s, game, "e4").unwrap();
    f.hub.disconnect(b.s);
    assert!(a.events.lock().unwrap().iter().any(|e| matches!(e, HubEvent::OpponentGone { .. })));
    f.clock.advance(119_999);
    f.hub.tick();
    assert!(matches!(f.hub.claim_absence(a.s, game), Err(HubError::TooEarly(_))));
    assert!(!a.events.lock().unwrap().iter().any(|e| matches!(e, HubEvent::ClaimAvailable { .. })));
    f.clock.advance(1);
    f.hub.tick();
    assert!(a.events.lock().unwrap().contains(&HubEvent::ClaimAvailable { game }));
    // Back in time (with another key of bob's): no claim; gone again, the wait starts again.
    f.hub.offer_key(b.account.id, "SHA256:bob-laptop", "ssh-ed25519 BBBB").unwrap();
    f.hub.confirm_key("SHA256:bob-laptop", b.account.id).unwrap();
    let again = f.hub.account_by_key("SHA256:bob-laptop").unwrap().expect("bob's second key");
    let (notify, _) = inbox();
    let b = TestPlayer {
        s: f.hub.connect(Who::Player(again.clone()), notify).unwrap(),
        account: again,
        events: Events::default(),
    };
    assert!(a.events.lock().unwrap().contains(&HubEvent::OpponentBack { game }));
    assert!(f.hub.lobby(b.s).unwrap().mine.iter().any(|g| g.id == game), "the game is there to resume");
    assert!(matches!(f.hub.claim_absence(a.s, game), Err(HubError::TooEarly(_))));
    f.hub.disconnect(b.s);
    f.clock.advance(120_000);
    f.hub.claim_absence(a.s, game).unwrap();
    assert_eq!(ended(&a.events, game).map(|e| e.result), Some("1-0".into()));
}

#[test]
fn takeback_draw_resign_and_rematch() {
    let f = fixture();
    let (a, b) = (f.player("ann"), f.player("bob"));
    let game = f.game(&a, &b, GameKind::Porthole, Some((60_000, 0)));
    f.hub.play(a.s, game, "e4").unwrap();
    f.hub.ask_takeback(a.s, game).unwrap();
    assert!(b.events.lock().unwrap().contains(&HubEvent::TakebackAsked { game }));
    f.hub.answer_takeback(b.s, game, true).unwrap();
    assert!(a.events.lock().unwrap().iter().any(|e| matches!(e, HubEvent::TakenBack { plies: 0, .. })));
    assert!(f.stored(game).moves.is_empty());
    f.hub.play(a.s, game, "d4").unwrap();
    f.hub.ask_takeback(a.s, game).unwrap();
    f.hub.answer_takeback(b.s, game, false).unwrap();
    assert!(a.events.lock().unwrap().iter().any(|e| matches!(e, HubEvent::OfferDeclined { .. })));
    assert_eq!(f.hub.open(a.s, game).unwrap().moves, ["d2d4"]);
    f.hub.offer_draw(b.s, game).unwrap();
    f.hub.answer_draw(a.s, game, false).unwrap();
    assert!(matches!(f.hub.answer_draw(a.s, game, true), Err(HubError::NoOffer)));
    f.hub.offer_draw(b.s, game).unwrap();
    f.hub.answer_draw(a.s, game, true).unwrap();
    assert_eq!(ended(&b.events, game).map(|e| e.result), Some("1/2-1/2".into()));
    assert_eq!(f.hub.rematch(a.s, game).unwrap(), None);
    assert!(b.events.lock().unwrap().contains(&HubEvent::RematchAsked { game }));
    let again = f.hub.rematch(b.s, game).unwrap().expect("both asked");
    let view = f.hub.open(b.s, again).unwrap();
    assert_eq!((view.you, view.info.names.clone()), (Some(Color::White), ["bob".to_string(), "ann".to_string()]));
    f.hub.resign(a.s, again).unwrap();
    assert_eq!(ended(&b.events, again).map(|e| (e.result, e.why)), Some(("1-0".into(), "resignation".into())));
    let wormhole = f.game(&a, &b, GameKind::Classic, None);
    assert_eq!(
        f.hub.offer_draw(a.s, wormhole).unwrap_err().to_string(),
        "classic has no draws: the side without a move loses"
    );
}

#[test]
fn chat_reaches_both_players_inert_and_bounded() {
    let f = fixture();
    let (a, b) = (f.player("ann"), f.player("bob"));
    let game = f.game(&a, &b, GameKind::Classic, None);
    f.hub.chat(a.s, game, &format!("gg\u{1b}[2J\u{1b}]0;pwned\u{7} {}", "x".repeat(500))).unwrap();
    let said = b.events.lock().unwrap().iter().find_map(|e| match e {
        HubEvent::Chat { from, text, .. } => Some((from.clone(), text.clone())),
        _ => None,
    });
    let (from, text) = said.expect("bob is told");
    assert_eq!(from, "ann");
    assert!(text.starts_with("gg x") && !text.chars().any(char::is_control), "{text:?}");
    assert_eq!(text.chars().count(), CHAT_MAX_CHARS);
    assert!(matches!(f.hub.chat(a.s, game, "\u{1b}[1m"), Err(HubError::EmptyChat)));
}

/// A watcher sees the players' chat; a watcher's own line goes to the
/// watchers only (a spectators' chat); one not watching may not chat.
#[test]
fn watchers_see_the_players_chat_and_have_their_own() {
    let f = fixture();
    let (a, b, c, d) = (f.player("ann"), f.player("bob"), f.player("cat"), f.player("dan"));
    let game = f.game(&a, &b, GameKind::Classic, None);
    f.hub.open(c.s, game).unwrap();
    f.hub.open(d.s, game).unwrap();
    f.hub.chat(a.s, game, "good luck").unwrap();
    let chat = |p: &TestPlayer| -> Vec<(String, String)> {
        let events = p.events.lock().unwrap();
        let lines = events.iter().filter_map(|e| match e {
            HubEvent::Chat { from, text, .. } => Some((from.clone(), text.clone())),
            _ => None,
        });
        lines.collect()
    };
    assert_eq!(chat(&c), [("ann".to_string(), "good luck".to_string())], "the watcher sees the players' chat");
    f.hub.chat(c.s, game, "nice opening").unwrap();
    let spectator = ("cat (spectator)".to_string(), "nice opening".to_string());
    assert!(chat(&d).contains(&spectator) && chat(&c).contains(&spectator));
    assert!(!chat(&a).contains(&spectator) && !chat(&b).contains(&spectator), "players do not see it");
    // Shown to the players once the game ends, once; after it, to everyone.
    f.hub.resign(a.s, game).unwrap();
    assert_eq!(chat(&a).iter().filter(|l| **l == spectator).count(), 1, "ann is shown it at the end");
    assert!(chat(&b).contains(&spectator), "bob is shown it at the end");
    f.hub.chat(d.s, game, "well played").unwrap();
    assert!(chat(&a).contains(&("dan (spectator)".to_string(), "well played".to_string())));
    f.hub.leave(d.s, game).unwrap();
    assert!(matches!(f.hub.chat(d.s, game, "hi"), Err(HubError::NotYourGame(_))));
}

#[test]
fn a_restarted_hub_has_every_game_with_its_moves_and_clocks() {
    restart_keeps_every_game(fixture());
}

fn restart_keeps_every_game<R: Records + 'static>(f: Fixture<R>) {
    let (a, b) = (f.player("ann"), f.player("bob"));
    let untimed = f.game(&b, &a, GameKind::Twoboard, None);
    let game = f.game(&a, &b, GameKind::Porthole, Some((60_000, 2_000)));
    f.clock.advance(3_000);
    f.hub.play(a.s, game, "e4").unwrap();
    f.clock.advance(4_000);
    f.hub.play(b.s, game, "e5").unwrap();
    f.hub.play(b.s, untimed, "A:e4").unwrap();
    let before = f.hub.open(a.s, game).unwrap();
    assert_eq!(before.clocks.unwrap().left_ms, [62_000, 58_000], "White's first move took no time");
    let ended_game = f.hub.play_engine(a.s, spec(GameKind::Classic, None), 1).unwrap();
    f.hub.resign(a.s, ended_game).unwrap();
    let Fixture { hub, clock, open } = f;
    drop(hub);
    clock.advance(10_000);
    let f = Fixture { hub: hub_on(open(), &clock, 1), clock, open };
    let hub = &f.hub;
    let (notify, events) = inbox();
    let ann = hub.connect(Who::Player(a.account.clone()), notify).unwrap();
    assert_eq!(hub.lobby(ann).unwrap().mine.iter().map(|g| g.id).collect::<Vec<_>>(), [untimed, game]);
    let after = hub.open(ann, game).unwrap();
    assert_eq!(after.moves, ["e2e4", "e7e5"]);
    let clocks = after.clocks.unwrap();
    assert_eq!((clocks.left_ms, clocks.running), ([62_000, 58_000], Some(Color::White)), "downtime charged to nobody");
    assert_eq!(hub.open(ann, untimed).unwrap().moves, ["Ae2e4"]);
    f.clock.advance(1_000);
    hub.play(ann, game, "Nf3").unwrap();
    assert_eq!(moved(&events, game), ["g1f3"]);
    assert_eq!(f.stored(game).moves[2].white_ms, 63_000);
}

#[test]
fn a_rated_game_updates_both_ratings_and_the_leaderboard() {
    rated_game_rates_both(fixture());
}

fn rated_game_rates_both<R: Records + 'static>(f: Fixture<R>) {
    let (a, b) = (f.player("ann"), f.player("bob"));
    let rated = ChallengeSpec { rated: true, colour: ColourChoice::Random, ..spec(GameKind::Linked, None) };
    let game = f.hub.accept(b.s, f.hub.challenge(a.s, rated).unwrap()).unwrap();
    let bob = f.hub.open(b.s, game).unwrap().you.unwrap();
    f.hub.resign(b.s, game).unwrap();
    assert_eq!(ended(&a.events, game).unwrap().result, wormhole::rules::result_str(Some(!bob)));
    let board = f.hub.leaderboard(GameKind::Linked, 10).unwrap();
    let names: Vec<_> = board.iter().map(|r| (r.name.as_str(), r.games)).collect();
    assert_eq!(names, [("ann", 1), ("bob", 1)]);
    assert!(board[0].rating.rating > 1500.0 && board[1].rating.rating < 1500.0);
    let page = f.hub.player("ann").unwrap();
    assert_eq!(page.recent.first().map(|g| g.result.as_str()), Some(wormhole::rules::result_str(Some(!bob))));
    assert!(f.hub.leaderboard(GameKind::Classic, 10).unwrap().is_empty());
}

/// A challenge with a set-up start (Linked-portal chess's portals) makes
/// a game from that start, as both players and a restart see it.
#[test]
fn a_set_up_challenge_starts_its_game_there() {
    let f = fixture();
    let (a, b) = (f.player("ann"), f.player("bob"));
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 d4,e5";
    let portals = ChallengeSpec { start_fen: Some(fen.into()), ..spec(GameKind::Linked, None) };
    let game = f.hub.accept(b.s, f.hub.challenge(a.s, portals).unwrap()).unwrap();
    for s in [a.s, b.s] {
        assert_eq!(f.hub.open(s, game).unwrap().start_fen, fen);
    }
    // A rematch plays from the same start.
    f.hub.resign(a.s, game).unwrap();
    assert_eq!(f.hub.rematch(a.s, game).unwrap(), None);
    let again = f.hub.rematch(b.s, game).unwrap().unwrap();
    assert_eq!(f.hub.open(a.s, again).unwrap().start_fen, fen);
    let plain = f.hub.accept(b.s, f.hub.challenge(a.s, spec(GameKind::Linked, None)).unwrap()).unwrap();
    assert_eq!(f.hub.open(a.s, plain).unwrap().start_fen, GameKind::Linked.start_fen());
}

#[test]
fn challenges_by_name_are_told_and_may_be_declined() {
    let f = fixture();
    let (a, b, c) = (f.player("ann"), f.player("bob"), f.player("cat"));
    let to_bob = ChallengeSpec { to: Some("BOB".into()), ..spec(GameKind::Fairy, Some((60_000, 0))) };
    let id = f.hub.challenge(a.s, to_bob).unwrap();
    assert!(
        b.events
            .lock()
            .unwrap()
            .iter()
            .any(|e| matches!(e, HubEvent::Challenged { id: i, from, .. } if *i == id && from == "ann"))
    );
    assert!(f.hub.lobby(c.s).unwrap().challenges.is_empty(), "cat does not see bob's challenge");
    assert!(matches!(f.hub.accept(c.s, id), Err(HubError::NotYourChallenge(_))));
    assert!(matches!(
        f.hub.challenge(a.s, ChallengeSpec { to: Some("nobody".into()), ..spec(GameKind::Fairy, None) }),
        Err(HubError::NoPlayer(_))
    ));
    f.hub.decline(b.s, id).unwrap();
    assert!(a.events.lock().unwrap().contains(&HubEvent::ChallengeDeclined { id, by: "bob".into() }));
    let open = f.hub.challenge(a.s, spec(GameKind::Fairy, None)).unwrap();
    assert_eq!(f.hub.lobby(c.s).unwrap().challenges.len(), 1);
    f.hub.cancel(a.s, open).unwrap();
    assert!(f.hub.lobby(c.s).unwrap().challenges.is_empty());
    assert_eq!(f.hub.lobby(c.s).unwrap().online, ["ann", "bob", "cat"]);
}

/// A task that panics on the engine pool's one worker is logged and
/// dropped: the worker lives on and plays the next engine game's move.
#[test]
fn the_engine_worker_survives_a_panicking_task() {
    let f = fixture();
    let a = f.player("ann");
    let key = f.hub.task_key();
    f.hub.submit_task(key, Box::new(|_, _| panic!("test: a bug in an engine task")));
    let black = ChallengeSpec { colour: ColourChoice::Black, ..spec(GameKind::Classic, None) };
    let game = f.hub.play_engine(a.s, black, 1).unwrap();
    wait_for(&a.events, |e| matches!(e, HubEvent::Moved { game: g, ply: 0, .. } if *g == game));
    assert!(ended(&a.events, game).is_none());
}

#[test]
fn engine_games_share_one_worker_and_both_progress() {
    let f = fixture();
    let players = [f.player("ann"), f.player("bob")];
    let black = ChallengeSpec { colour: ColourChoice::Black, ..spec(GameKind::Classic, None) };
    let games = [
        f.hub.play_engine(players[0].s, black.clone(), 1).unwrap(),
        f.hub.play_engine(players[1].s, black, 2).unwrap(),
    ];
    let mut positions = [AnyPosition::new(GameKind::Classic), AnyPosition::new(GameKind::Classic)];
    let mut seed = 3;
    for round in 0..3 {
        for ((&game, pos), a) in games.iter().zip(&mut positions).zip(&players) {
            let ply = 2 * round;
            let engine_moved =
                |e: &HubEvent| matches!(e, HubEvent::Moved { game: g, ply: p, .. } if *g == game && *p == ply);
            wait_for(&a.events, |e| engine_moved(e) || matches!(e, HubEvent::Ended { game: g, .. } if *g == game));
            if ended(&a.events, game).is_some() {
                continue;
            }
            pos.play_text(moved(&a.events, game).last().unwrap()).unwrap();
            if pos.outcome(&[]).is_some() {
                continue;
            }
            let text = quick_move(pos, &mut seed);
            pos.play_text(&text).unwrap();
            f.hub.play(a.s, game, &text).unwrap();
        }
    }
    for (game, a) in games.into_iter().zip(&players) {
        let engine_moves = moved(&a.events, game).len().div_ceil(2);
        assert!(engine_moves >= 3 || ended(&a.events, game).is_some(), "game {game} progressed");
    }
    // The engine agrees to a takeback at once.
    let a = f.player("cat");
    let white = spec(GameKind::Classic, None);
    let game = f.hub.play_engine(a.s, white, 1).unwrap();
    f.hub.play(a.s, game, "e4").unwrap();
    wait_for(&a.events, |e| matches!(e, HubEvent::Moved { game: g, ply: 1, .. } if *g == game));
    f.hub.ask_takeback(a.s, game).unwrap();
    assert!(
        a.events
            .lock()
            .unwrap()
            .iter()
            .any(|e| matches!(e, HubEvent::TakenBack { game: g, plies: 0, .. } if *g == game))
    );
    assert!(f.stored(game).moves.is_empty());
}

#[test]
fn the_pool_serves_games_in_turn() {
    // Two games that each ask again as soon as their move comes: with one
    // worker they alternate, neither runs twice while the other waits.
    let order = Arc::new(Mutex::new(Vec::new()));
    let pool_slot: Arc<Mutex<Option<Arc<pool::EnginePool>>>> = Arc::default();
    let (log, slot) = (Arc::clone(&order), Arc::clone(&pool_slot));
    let job = |game, ply| pool::Job {
        game,
        ply,
        position: AnyPosition::new(GameKind::Classic),
        level: wormhole::engine::Level::MIN,
        limits: wormhole::engine::Limits { depth: Some(1), ..Default::default() },
    };
    let pool = Arc::new(pool::EnginePool::start(
        1,
        Box::new(move |game, ply, _| {
            log.lock().unwrap().push(game);
            if ply < 5
                && let Some(pool) = slot.lock().unwrap().clone()
            {
                pool.submit(job(game, ply + 1));
            }
        }),
    ));
    *pool_slot.lock().unwrap() = Some(Arc::clone(&pool));
    pool.submit(job(GameId(1), 0));
    pool.submit(job(GameId(2), 0));
    let start = Instant::now();
    while order.lock().unwrap().len() < 12 {
        assert!(start.elapsed() < Duration::from_secs(20));
        std::thread::sleep(Duration::from_millis(5));
    }
    *pool_slot.lock().unwrap() = None;
    let order = order.lock().unwrap().clone();
    assert!(order.windows(2).all(|w| w[0] != w[1]), "the games take turns: {order:?}");
    assert_eq!(pool.waiting(), 0);
}

/// The engine's workers are nicer than the sessions: a search gives the
/// processor up to a move being relayed.
#[test]
fn engine_workers_yield_to_the_sessions() {
    let pool = pool::EnginePool::start(1, Box::new(|_, _, _| {}));
    let (tx, rx) = std::sync::mpsc::channel();
    pool.submit_task(
        1,
        Box::new(move |_, _| {
            let _ = tx.send(rustix::process::getpriority_process(Some(rustix::thread::gettid())));
        }),
    );
    let nice = rx.recv_timeout(Duration::from_secs(20)).expect("the task ran").expect("its priority reads");
    assert_eq!(nice, pool::WORKER_NICE);
}

#[test]
fn the_canonical_move_text_reads_back_as_the_same_move_in_every_game() {
    for kind in GameKind::ALL {
        let mut pos = AnyPosition::new(kind);
        let mut seed = 11;
        for _ in 0..60 {
            for m in pos.legal_moves() {
                assert_eq!(pos.parse_move(&canonical(m)).ok(), Some(m), "{kind}: {} in {}", canonical(m), pos.fen());
            }
            if pos.outcome(&[]).is_some() {
                break;
            }
            let text = quick_move(&pos, &mut seed);
            pos.play_text(&text).unwrap();
        }
    }
}

/// A hub on the SQLite store in a temporary folder, opened again for each read.
fn on_disk() -> (tempfile::TempDir, Fixture<crate::server::store::Store>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_path_buf();
    (dir, fixture_on(Box::new(move || crate::server::store::Store::open(&path).unwrap())))
}

/// A hub on the PostgreSQL store, in a database of its own in the tests'
/// throwaway cluster, connected again for each read.
fn on_postgres() -> Fixture<crate::server::store::PgStore> {
    let url = crate::server::store::test_pg::database();
    fixture_on(Box::new(move || crate::server::store::PgStore::open(&url).unwrap()))
}

#[test]
fn on_postgresql_every_move_is_stored_before_anyone_is_told() {
    stored_before_told(on_postgres());
}

#[test]
fn on_postgresql_a_restarted_hub_has_every_game_with_its_moves_and_clocks() {
    restart_keeps_every_game(on_postgres());
}

#[test]
fn on_postgresql_a_rated_game_updates_both_ratings_and_the_leaderboard() {
    rated_game_rates_both(on_postgres());
}

#[test]
fn on_the_sqlite_store_every_move_is_stored_before_anyone_is_told() {
    let (_dir, f) = on_disk();
    stored_before_told(f);
}

#[test]
fn on_the_sqlite_store_a_restarted_hub_has_every_game_with_its_moves_and_clocks() {
    let (_dir, f) = on_disk();
    restart_keeps_every_game(f);
}

#[test]
fn on_the_sqlite_store_a_rated_game_updates_both_ratings_and_the_leaderboard() {
    let (_dir, f) = on_disk();
    rated_game_rates_both(f);
}

#[test]
fn challenges_are_capped_and_one_to_a_player_at_a_time() {
    let f = fixture();
    let (a, b) = (f.player("ann"), f.player("bob"));
    let to_bob = ChallengeSpec { to: Some("bob".into()), ..spec(GameKind::Classic, None) };
    let first = f.hub.challenge(a.s, to_bob.clone()).unwrap();
    for _ in 0..5 {
        let again = f.hub.challenge(a.s, to_bob.clone());
        assert!(matches!(again, Err(HubError::AlreadyChallenged { id, .. }) if id == first), "{again:?}");
    }
    let told = b.events.lock().unwrap().iter().filter(|e| matches!(e, HubEvent::Challenged { .. })).count();
    assert_eq!(told, 1, "bob is told once");
    for _ in 1..crate::limits::SERVE_OPEN_CHALLENGES {
        f.hub.challenge(a.s, spec(GameKind::Classic, None)).unwrap();
    }
    let eleventh = f.hub.challenge(a.s, spec(GameKind::Classic, None));
    assert!(matches!(eleventh, Err(HubError::TooManyChallenges(10))), "{eleventh:?}");
    assert!(eleventh.unwrap_err().to_string().contains("cancel one first"));
    f.hub.decline(b.s, first).unwrap();
    f.hub.challenge(a.s, spec(GameKind::Classic, None)).expect("a place freed");
}

/// An engine game is resumed, not piled up, and may be aborted; a game
/// between players may be aborted only before both have moved.
#[test]
fn engine_games_are_resumed_not_piled_up_and_aborts_rate_nobody() {
    let f = fixture();
    let (a, b) = (f.player("ann"), f.player("bob"));
    let engine = ChallengeSpec { colour: ColourChoice::Black, ..spec(GameKind::Classic, None) };
    let first = f.hub.play_engine(a.s, engine.clone(), 1).unwrap();
    assert_eq!(f.hub.open(a.s, first).unwrap().you, Some(Color::Black), "the colour asked for");
    let again = f.hub.play_engine(a.s, engine.clone(), 1).unwrap_err();
    assert!(matches!(again, HubError::EngineGameOpen(g) if g == first), "{again}");
    assert!(again.to_string().contains(&format!("'open {first}' resumes it")));
    f.hub.abort(a.s, first).unwrap();
    assert_eq!(ended(&a.events, first).map(|e| (e.result, e.why)), Some(("*".into(), "aborted by Black".into())));
    f.hub.play_engine(a.s, engine, 1).unwrap();
    let rated = ChallengeSpec { rated: true, ..spec(GameKind::Classic, None) };
    let game = f.hub.accept(b.s, f.hub.challenge(a.s, rated).unwrap()).unwrap();
    f.hub.play(a.s, game, "e4").unwrap();
    f.hub.abort(b.s, game).unwrap();
    assert_eq!(ended(&a.events, game).map(|e| e.result), Some("*".into()));
    assert!(f.hub.leaderboard(GameKind::Classic, 10).unwrap().is_empty(), "nothing rated");
    let later = f.game(&a, &b, GameKind::Classic, None);
    f.hub.play(a.s, later, "e4").unwrap();
    f.hub.play(b.s, later, "e5").unwrap();
    assert!(matches!(f.hub.abort(a.s, later), Err(HubError::TooLateToAbort(_))));
}
