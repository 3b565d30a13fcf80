//! Several server nodes on one PostgreSQL database, in-process: two hubs,
//! each on its own `PgStore` connections, share players, challenges, games,
//! watchers, offers and chat through the database's notes.

use super::*;
use crate::server::store::PgStore;

/// Two hubs (nodes A and B) on one new database, sharing a manual clock.
struct Nodes {
    a: Fixture<PgStore>,
    b: Hub,
    /// The database's URL.
    url: String,
}

fn two_nodes() -> Nodes {
    let url = crate::server::store::test_pg::database();
    let open_url = url.clone();
    let a = fixture_on(Box::new(move || PgStore::open(&open_url).unwrap()));
    let b = hub_on(PgStore::open(&url).unwrap(), &a.clock, 1);
    Nodes { a, b, url }
}

/// Two nodes, ann's session on node A and ben's on node B.
fn ann_and_ben() -> (Nodes, TestPlayer, TestPlayer) {
    let n = two_nodes();
    let (ann, ben) = (player_on(&n.a.hub, "ann"), player_on(&n.b, "ben"));
    (n, ann, ben)
}

/// A player's session on `hub` (registered there if new).
fn player_on(hub: &Hub, name: &str) -> TestPlayer {
    let fp = format!("SHA256:{name}");
    let account = match hub.account_by_key(&fp).unwrap() {
        Some(a) => a,
        None => hub.register(name, &fp, "ssh-ed25519 AAAA").unwrap(),
    };
    let (notify, events) = inbox();
    let s = hub.connect(Who::Player(account.clone()), notify).unwrap();
    TestPlayer { s, account, events }
}

/// Waits (up to 20 s) until `ready` holds.
fn wait_until(what: &str, ready: impl Fn() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < Duration::from_secs(20), "not within 20 s: {what}");
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn count(events: &Events, pred: impl Fn(&HubEvent) -> bool) -> usize {
    events.lock().unwrap().iter().filter(|e| pred(e)).count()
}

/// ann on node A challenges, ben on node B accepts: the game, started on both.
fn cross_game(n: &Nodes, ann: &TestPlayer, ben: &TestPlayer, kind: GameKind, clock: Option<(u64, u64)>) -> GameId {
    cross_challenge(n, ann, ben, spec(kind, clock))
}

/// ann on node A challenges with `challenge`, ben on node B accepts: the
/// game, started on both.
fn cross_challenge(n: &Nodes, ann: &TestPlayer, ben: &TestPlayer, challenge: ChallengeSpec) -> GameId {
    let id = n.a.hub.challenge(ann.s, challenge).unwrap();
    wait_until("the challenge reaches node B", || n.b.lobby(ben.s).unwrap().challenges.iter().any(|c| c.id == id));
    let game = n.b.accept(ben.s, id).unwrap();
    wait_for(&ann.events, |e| matches!(e, HubEvent::GameStarted { game: g } if g.id == game));
    game
}

/// A rated game of a minute a side (no increment) between ann on node A
/// and ben on node B, after e4 at once and e5 `black_ms` later, both
/// moves seen on both nodes.
fn rated_minute_after_e5(n: &Nodes, ann: &TestPlayer, ben: &TestPlayer, black_ms: u64) -> GameId {
    let rated = ChallengeSpec { rated: true, ..spec(GameKind::Classic, Some((60_000, 0))) };
    let game = cross_challenge(n, ann, ben, rated);
    n.a.hub.play(ann.s, game, "e2e4").unwrap();
    wait_until("e4 on B", || moved(&ben.events, game).len() == 1);
    n.a.clock.advance(black_ms);
    n.b.play(ben.s, game, "e7e5").unwrap();
    wait_until("e5 on A", || moved(&ann.events, game).len() == 2);
    game
}

#[test]
fn a_player_on_each_node_play_and_a_watcher_on_the_first_sees_every_move() {
    let (n, ann, ben) = ann_and_ben();
    let (watcher, seen) = n.a.guest();
    let game = cross_game(&n, &ann, &ben, GameKind::Classic, None);
    assert!(n.a.hub.lobby(ann.s).unwrap().challenges.is_empty(), "accepted on B: gone from A");
    assert_eq!(n.a.hub.open(watcher, game).unwrap().you, None);
    let mut pos = AnyPosition::new(GameKind::Classic);
    let (mut seed, mut played, mut took) = (11, Vec::new(), Vec::new());
    while ended(&ann.events, game).is_none() && ended(&ben.events, game).is_none() {
        assert!(played.len() < 3000, "the game should end");
        let (mover, hub, other) = if pos.turn() == Color::White { (&ann, &n.a.hub, &ben) } else { (&ben, &n.b, &ann) };
        let text = quick_move(&pos, &mut seed);
        let ply = played.len();
        let start = Instant::now();
        hub.play(mover.s, game, &text).unwrap();
        let arrived = |e: &HubEvent| matches!(e, HubEvent::Moved { game: g, ply: p, .. } if *g == game && *p == ply);
        wait_until("the move reaches the other node's player", || count(&other.events, arrived) == 1);
        took.push(start.elapsed());
        played.push(canonical(pos.play_text(&text).unwrap()));
    }
    wait_until("the end reaches everyone", || {
        [&ann.events, &ben.events, &seen].iter().all(|e| ended(e, game).is_some())
    });
    for events in [&ann.events, &ben.events, &seen] {
        assert_eq!(moved(events, game), played, "every move once, in order");
    }
    let stored = n.a.stored(game);
    assert_eq!(stored.moves.iter().map(|m| m.mv.clone()).collect::<Vec<_>>(), played);
    assert_eq!(ended(&ben.events, game).map(|e| (e.result, e.why)), stored.result);
    took.sort();
    println!(
        "a move from one node to a player on the other (play() called -> event told, {} moves): p50 {:?}, p90 {:?}, max {:?}",
        took.len(),
        took[took.len() / 2],
        took[took.len() * 9 / 10],
        took[took.len() - 1]
    );
}

#[test]
fn offers_and_chat_cross_nodes_and_a_draw_agreed_on_one_ends_the_game_on_both() {
    let (n, ann, ben) = ann_and_ben();
    let game = cross_game(&n, &ann, &ben, GameKind::Porthole, None);
    n.b.chat(ben.s, game, "hello from B").unwrap();
    let said = |e: &HubEvent| matches!(e, HubEvent::Chat { text, .. } if text == "hello from B");
    wait_for(&ann.events, said);
    n.a.hub.play(ann.s, game, "e4").unwrap();
    wait_until("e4 on B", || moved(&ben.events, game).len() == 1);
    n.a.hub.offer_draw(ann.s, game).unwrap();
    wait_for(&ben.events, |e| matches!(e, HubEvent::DrawOffered { game: g } if *g == game));
    n.b.answer_draw(ben.s, game, false).unwrap();
    wait_for(&ann.events, |e| matches!(e, HubEvent::OfferDeclined { game: g, .. } if *g == game));
    n.b.offer_draw(ben.s, game).unwrap();
    wait_for(&ann.events, |e| matches!(e, HubEvent::DrawOffered { game: g } if *g == game));
    n.a.hub.answer_draw(ann.s, game, true).unwrap();
    wait_until("the draw ends the game on B", || ended(&ben.events, game).is_some());
    assert_eq!(ended(&ben.events, game).unwrap().why, "draw by agreement");
    assert!(n.b.play(ben.s, game, "e5").is_err(), "over on B too");
}

#[test]
fn a_declined_challenge_by_name_is_told_to_its_maker_on_the_other_node() {
    let (n, ann, ben) = ann_and_ben();
    let to_ben = ChallengeSpec { to: Some("ben".into()), ..spec(GameKind::Classic, None) };
    let id = n.a.hub.challenge(ann.s, to_ben).unwrap();
    wait_for(&ben.events, |e| matches!(e, HubEvent::Challenged { id: c, .. } if *c == id));
    n.b.decline(ben.s, id).unwrap();
    wait_for(&ann.events, |e| matches!(e, HubEvent::ChallengeDeclined { id: c, .. } if *c == id));
    wait_until("gone from A", || n.a.hub.lobby(ann.s).unwrap().challenges.is_empty());
}

#[test]
fn an_engine_game_of_a_dead_node_goes_on_where_its_player_reconnects() {
    let n = two_nodes();
    let ann = player_on(&n.a.hub, "ann");
    let game = n.a.hub.play_engine(ann.s, spec(GameKind::Classic, None), 1).unwrap();
    n.a.hub.play(ann.s, game, "e4").unwrap();
    wait_until("the engine answers on A", || moved(&ann.events, game).len() == 2);
    let Nodes { a, b, .. } = n;
    a.hub.kill();
    let again = player_on(&b, "ann");
    let view = b.open(again.s, game).unwrap();
    assert_eq!(view.moves.len(), 2, "B has the game as stored");
    b.play(again.s, game, "d4").unwrap();
    wait_until("the engine answers on B", || moved(&again.events, game).len() == 2);
    assert_eq!(b.open(again.s, game).unwrap().moves.len(), 4);
}

/// The position after `moves` (canonical texts) of Wormhole chess.
fn position_after(moves: &[String]) -> AnyPosition {
    let mut pos = AnyPosition::new(GameKind::Classic);
    for m in moves {
        pos.play_text(m).unwrap();
    }
    pos
}

/// Runs `left` and `right` at once (as two nodes' sessions would).
fn at_once<A: Send, B: Send>(left: impl FnOnce() -> A + Send, right: impl FnOnce() -> B + Send) -> (A, B) {
    let start = std::sync::Barrier::new(2);
    std::thread::scope(|scope| {
        let l = scope.spawn(|| {
            start.wait();
            left()
        });
        let r = scope.spawn(|| {
            start.wait();
            right()
        });
        (l.join().unwrap(), r.join().unwrap())
    })
}

#[test]
fn a_move_racing_for_one_ply_on_two_nodes_is_stored_once_and_the_loser_is_told_to_look_again() {
    let (n, ann, ben) = ann_and_ben();
    let ann_on_b = player_on(&n.b, "ann");
    let mut game = cross_game(&n, &ann, &ben, GameKind::Classic, None);
    let (mut raced, mut rounds) = (0, 0);
    while rounds < 100 {
        let moves = n.b.open(ben.s, game).unwrap().moves;
        let pos = position_after(&moves);
        let legal = pos.legal_moves();
        if legal.is_empty() || ended(&ben.events, game).is_some() {
            game = cross_game(&n, &ann, &ben, GameKind::Classic, None);
            continue;
        }
        rounds += 1;
        let (first, second) = (legal[0].to_string(), legal[legal.len() - 1].to_string());
        let (on_a, on_b) = at_once(|| n.a.hub.play(ann.s, game, &first), || n.b.play(ann_on_b.s, game, &second));
        let ply = moves.len();
        let won = match (&on_a, &on_b) {
            (Ok(()), Err(e)) | (Err(e), Ok(())) => {
                // The move that came first may have ended the game.
                assert!(matches!(e, HubError::Raced(_) | HubError::NotYourMove | HubError::GameOver(_)), "{e}");
                raced += usize::from(matches!(e, HubError::Raced(_)));
                if on_a.is_ok() { &first } else { &second }
            }
            _ => panic!("round {rounds}: exactly one move at ply {ply} is played: {on_a:?} {on_b:?}"),
        };
        let stored = n.a.stored(game).moves;
        assert_eq!((stored.len(), &stored[ply].mv), (ply + 1, won), "the winner's move, once");
        wait_until("both nodes have the move stored", || {
            n.a.hub.open(ann.s, game).unwrap().moves.len() == ply + 1
                && n.b.open(ben.s, game).unwrap().moves.len() == ply + 1
        });
        if ended(&ben.events, game).is_none() && ended(&ann.events, game).is_none() {
            let reply = position_after(&n.b.open(ben.s, game).unwrap().moves).legal_moves()[0].to_string();
            n.b.play(ben.s, game, &reply).unwrap();
            wait_until("A has the reply", || n.a.hub.open(ann.s, game).unwrap().moves.len() == ply + 2);
        }
    }
    for events in [&ann.events, &ben.events] {
        let game_moves = moved(events, game);
        assert_eq!(game_moves, n.a.stored(game).moves.iter().map(|m| m.mv.clone()).collect::<Vec<_>>());
    }
    println!("{rounds} rounds of one ply raced on two nodes: {raced} lost in the store (told to look again)");
    assert!(raced > 0, "some rounds raced as far as the store");
}

#[test]
fn a_flag_and_a_resignation_on_two_nodes_at_once_end_the_game_once_and_rate_it_once() {
    let (n, ann, ben) = ann_and_ben();
    let rounds = 40;
    for round in 0..rounds {
        let game = rated_minute_after_e5(&n, &ann, &ben, 0);
        n.a.clock.advance(61_000);
        // A's ticker sees White's flag as B's player resigns (and B's ticker sees the flag).
        let (_, resigned) = at_once(|| n.a.hub.tick(), || n.b.resign(ben.s, game));
        n.b.tick();
        wait_until("both players told", || ended(&ann.events, game).is_some() && ended(&ben.events, game).is_some());
        let stored = n.a.stored(game).result.expect("ended");
        for events in [&ann.events, &ben.events] {
            let told: Vec<_> = events
                .lock()
                .unwrap()
                .iter()
                .filter(|e| matches!(e, HubEvent::Ended { game: g, .. } if *g == game))
                .cloned()
                .collect();
            assert_eq!(told.len(), 1, "round {round}: one ending told: {told:?}");
            let HubEvent::Ended { ending, .. } = &told[0] else { unreachable!() };
            assert_eq!((ending.result.clone(), ending.why.clone()), stored, "round {round}: the stored ending");
        }
        assert_eq!(resigned.is_ok(), stored.1 == "resignation", "round {round}: {resigned:?} {stored:?}");
    }
    let board = n.b.leaderboard(GameKind::Classic, 10).unwrap();
    assert!(board.iter().all(|row| row.games == rounds), "each game rated once: {board:?}");
}

#[test]
fn a_challenge_accepted_on_two_nodes_at_once_starts_one_game() {
    let n = two_nodes();
    let (ann, cat, ben) = (player_on(&n.a.hub, "ann"), player_on(&n.a.hub, "cat"), player_on(&n.b, "ben"));
    let rounds = 50;
    let mut taken = 0;
    for round in 0..rounds {
        let id = n.a.hub.challenge(ann.s, spec(GameKind::Classic, None)).unwrap();
        wait_until("the challenge on B", || n.b.lobby(ben.s).unwrap().challenges.iter().any(|c| c.id == id));
        let (by_cat, by_ben) = at_once(|| n.a.hub.accept(cat.s, id), || n.b.accept(ben.s, id));
        let (game, hub, winner) = match (&by_cat, &by_ben) {
            (Ok(g), Err(e)) | (Err(e), Ok(g)) => {
                assert!(matches!(e, HubError::ChallengeTaken(_) | HubError::NoChallenge(_)), "round {round}: {e}");
                taken += usize::from(matches!(e, HubError::ChallengeTaken(_)));
                if by_cat.is_ok() { (*g, &n.a.hub, &cat) } else { (*g, &n.b, &ben) }
            }
            _ => panic!("round {round}: accepted once: {by_cat:?} {by_ben:?}"),
        };
        hub.abort(winner.s, game).unwrap();
        wait_until("ann told", || ended(&ann.events, game).is_some());
    }
    assert!((n.a.open)().challenges().unwrap().is_empty());
    println!("{rounds} challenges accepted on two nodes at once: {taken} refused in the store as taken");
    assert!(taken > 0, "some rounds raced as far as the store");
}

#[test]
fn a_node_whose_heartbeat_stops_has_its_players_shown_gone_after_the_timeout() {
    use crate::limits::{NODE_HEARTBEAT_MS, NODE_TIMEOUT_MS};
    let (n, ann, ben) = ann_and_ben();
    let game = cross_game(&n, &ann, &ben, GameKind::Classic, None);
    let online = |hub: &Hub, s| hub.lobby(s).unwrap().online;
    wait_until("B lists ann online", || online(&n.b, ben.s) == ["ann", "ben"]);
    wait_until("A lists ben online", || online(&n.a.hub, ann.s) == ["ann", "ben"]);
    assert_eq!(n.b.open(ben.s, game).unwrap().opponent_gone_ms, None, "ann, on node A, is here");
    n.a.hub.play(ann.s, game, "e2e4").unwrap();
    wait_until("e4 on B", || moved(&ben.events, game).len() == 1);
    n.b.play(ben.s, game, "e7e5").unwrap();
    // Node A stops as a killed node does: no heartbeat, no goodbye.
    let Nodes { a, b, .. } = n;
    let clock = Arc::clone(&a.clock);
    a.hub.kill();
    clock.advance(NODE_TIMEOUT_MS - NODE_HEARTBEAT_MS);
    b.tick();
    assert_eq!(online(&b, ben.s), ["ann", "ben"], "not yet: within the timeout");
    clock.advance(2 * NODE_HEARTBEAT_MS);
    b.tick();
    assert_eq!(online(&b, ben.s), ["ben"], "ann's node is silent past the timeout");
    assert!(
        ben.events.lock().unwrap().iter().any(|e| matches!(e, HubEvent::OpponentGone { game: g, .. } if *g == game))
    );
    assert_eq!(b.open(ben.s, game).unwrap().opponent_gone_ms, Some(0), "the claim countdown starts now");
    assert!(matches!(b.claim_absence(ben.s, game), Err(HubError::TooEarly(_))));
    clock.advance(120_000);
    b.tick();
    b.claim_absence(ben.s, game).unwrap();
    assert_eq!(ended(&ben.events, game).unwrap().why, "opponent left the game");
}

/// Stores a move as node A's writer does (the move's row and the game's
/// new deadline and next ply, one transaction) but without its note: as if A died
/// between its commit and its note reaching node B.
fn store_unheard(
    url: &str,
    game: GameId,
    ply: i64,
    (mv, white_ms, black_ms): (&str, i64, i64),
    at: u64,
    deadline: u64,
) {
    let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
    let mut tx = client.transaction().unwrap();
    let (at, deadline) = (i64::try_from(at).unwrap(), i64::try_from(deadline).unwrap());
    tx.execute(
        "INSERT INTO moves (game, ply, mv, white_ms, black_ms, at_ms) VALUES ($1, $2, $3, $4, $5, $6)",
        &[&game.0, &ply, &mv, &white_ms, &black_ms, &at],
    )
    .unwrap();
    tx.execute("UPDATE games SET deadline_ms = $1, next_ply = $2 WHERE id = $3", &[&deadline, &(ply + 1), &game.0])
        .unwrap();
    tx.commit().unwrap();
}

/// A timed game (60 s, no increment) between ann on node A and ben on
/// node B: e4 at the start, e5 10 s later (Black has 50 s left), then
/// node A dies, killed. Answers node B, ben, the game and the time of e5.
fn after_e5_node_a_dies() -> (Hub, TestPlayer, GameId, Arc<ManualClock>, String) {
    let (n, ann, ben) = ann_and_ben();
    let game = rated_minute_after_e5(&n, &ann, &ben, 10_000);
    let Nodes { a, b, url } = n;
    let clock = Arc::clone(&a.clock);
    a.hub.kill();
    (b, ben, game, clock, url)
}

/// Node A stored White's Nf3 and died before node B heard of it: B still
/// shows White to move (its flag at e5 + 60 s), but Black's stored
/// deadline (Nf3 + 50 s) comes first, and B flags Black on time from the
/// database alone (within a look, NODE_FLAG_SWEEP_MS).
#[test]
fn a_node_that_missed_the_last_move_flags_on_time_from_the_stored_deadline() {
    use crate::limits::NODE_FLAG_SWEEP_MS;
    let (b, ben, game, clock, url) = after_e5_node_a_dies();
    let e5 = clock.now_ms();
    clock.advance(1_000);
    store_unheard(&url, game, 2, ("g1f3", 59_000, 50_000), e5 + 1_000, e5 + 51_000);
    clock.advance(49_999);
    b.tick();
    assert_eq!(ended(&ben.events, game), None, "1 ms before Black's stored deadline");
    assert_eq!(moved(&ben.events, game).len(), 2, "B has not heard of Nf3");
    clock.advance(1 + NODE_FLAG_SWEEP_MS);
    b.tick();
    let ending = ended(&ben.events, game).expect("flagged by node B");
    assert_eq!((ending.result.as_str(), ending.why.as_str()), ("1-0", "time forfeit"));
    assert_eq!(moved(&ben.events, game), ["e2e4", "e7e5", "g1f3"], "told the move it missed, then the end");
    let stored = PgStore::open(&url).unwrap().game(game).unwrap().unwrap();
    assert_eq!(stored.result, Some(("1-0".into(), "time forfeit".into())));
    assert_eq!((stored.final_clocks, stored.deadline_ms), (Some([59_000, 0]), None));
    assert!(b.leaderboard(GameKind::Classic, 10).unwrap().iter().all(|row| row.games == 1), "rated once");
}

/// Node A stored White's Nf3 with 1 s left on White's clock and died
/// before node B heard of it: when White's flag falls in B's memory, the
/// store refuses it (the game is a ply further), and B reads the game
/// again and goes on; Black's flag falls at its stored deadline.
#[test]
fn a_node_that_missed_the_last_move_does_not_flag_the_side_that_made_it() {
    let (b, ben, game, clock, url) = after_e5_node_a_dies();
    let e5 = clock.now_ms();
    clock.advance(59_000);
    store_unheard(&url, game, 2, ("g1f3", 1_000, 50_000), e5 + 59_000, e5 + 109_000);
    clock.advance(1_000);
    b.tick();
    assert_eq!(ended(&ben.events, game), None, "White moved in time");
    assert_eq!(moved(&ben.events, game), ["e2e4", "e7e5", "g1f3"], "B read the game again");
    let clocks = b.open(ben.s, game).unwrap().clocks.unwrap();
    assert_eq!((clocks.left_ms, clocks.running), ([1_000, 49_000], Some(Color::Black)), "as stored");
    clock.advance(48_999);
    b.tick();
    assert_eq!(ended(&ben.events, game), None);
    clock.advance(1);
    b.tick();
    assert_eq!(ended(&ben.events, game).map(|e| e.result), Some("1-0".into()), "Black's flag, at its deadline");
}

/// A game ended on node B (stored, its note not yet heard on node A: here
/// stored without one): ann's /rematch on node A reads the game again and
/// is taken, rather than refused as asked before the end; ann is told the end.
#[test]
fn a_rematch_asked_before_the_end_from_the_other_node_arrives_is_taken() {
    let (n, ann, ben) = ann_and_ben();
    let game = cross_game(&n, &ann, &ben, GameKind::Classic, None);
    let mut client = postgres::Client::connect(&n.url, postgres::NoTls).unwrap();
    let at = i64::try_from(n.a.clock.now_ms()).unwrap();
    client
        .execute(
            "UPDATE games SET result = '1-0', termination = 'resignation', finished_ms = $1 WHERE id = $2",
            &[&at, &game.0],
        )
        .unwrap();
    assert_eq!(ended(&ann.events, game), None, "node A has not heard of the end");
    assert_eq!(n.a.hub.rematch(ann.s, game).unwrap(), None, "asked: ben has not asked yet");
    let ending = ended(&ann.events, game).expect("ann told the end, read with her request");
    assert_eq!((ending.result.as_str(), ending.why.as_str()), ("1-0", "resignation"));
}

#[test]
fn a_flag_seen_by_both_nodes_at_once_ends_the_game_once_and_rates_it_once() {
    let (n, ann, ben) = ann_and_ben();
    let rounds = 40;
    for round in 0..rounds {
        let game = rated_minute_after_e5(&n, &ann, &ben, 0);
        n.a.clock.advance(60_000);
        // White's flag falls on both nodes: both tickers end the game at once.
        at_once(|| n.a.hub.tick(), || n.b.tick());
        wait_until("both players told", || ended(&ann.events, game).is_some() && ended(&ben.events, game).is_some());
        let stored = n.a.stored(game);
        assert_eq!(stored.result, Some(("0-1".into(), "time forfeit".into())), "round {round}");
        assert_eq!(stored.final_clocks, Some([0, 60_000]), "round {round}");
        for events in [&ann.events, &ben.events] {
            let told = count(events, |e| matches!(e, HubEvent::Ended { game: g, .. } if *g == game));
            assert_eq!(told, 1, "round {round}: one ending told");
        }
    }
    let board = n.b.leaderboard(GameKind::Classic, 10).unwrap();
    assert!(board.iter().all(|row| row.games == rounds), "each game rated once: {board:?}");
}

#[test]
fn a_rated_game_ended_on_one_node_shows_its_rating_change_on_the_other() {
    let n = two_nodes();
    let (ann, ben) = (player_on(&n.a.hub, "ann"), player_on(&n.b, "ben"));
    let rated = ChallengeSpec { rated: true, ..spec(GameKind::Classic, None) };
    let id = n.a.hub.challenge(ann.s, rated).unwrap();
    wait_until("the challenge on B", || n.b.lobby(ben.s).unwrap().challenges.iter().any(|c| c.id == id));
    let game = n.b.accept(ben.s, id).unwrap();
    wait_for(&ann.events, |e| matches!(e, HubEvent::GameStarted { game: g } if g.id == game));
    n.a.hub.play(ann.s, game, "e2e4").unwrap();
    wait_until("e4 on B", || moved(&ben.events, game).len() == 1);
    n.b.play(ben.s, game, &position_after(&moved(&ben.events, game)).legal_moves()[0].to_string()).unwrap();
    wait_until("the reply on A", || moved(&ann.events, game).len() == 2);
    n.a.hub.resign(ann.s, game).unwrap();
    wait_until("both players told", || ended(&ann.events, game).is_some() && ended(&ben.events, game).is_some());
    let ratings = ended(&ann.events, game).unwrap().ratings.expect("rated, on the node that ended it");
    let [(ann_before, ann_after), (ben_before, ben_after)] = ratings;
    assert!(ann_after < ann_before && ben_after > ben_before, "ann resigned: {ratings:?}");
    assert_eq!(ended(&ben.events, game).unwrap().ratings, Some(ratings), "the same change on the other node");
}

/// The moves a session's events show for `game`: each move told, each
/// takeback told taking back to its plies.
fn told_moves(events: &Events, game: GameId) -> Vec<String> {
    let mut moves = Vec::new();
    for e in events.lock().unwrap().iter() {
        match e {
            HubEvent::Moved { game: g, mv, .. } if *g == game => moves.push(mv.clone()),
            HubEvent::TakenBack { game: g, plies, .. } if *g == game => moves.truncate(*plies),
            _ => {}
        }
    }
    moves
}

/// The plies each takeback told for `game` took back to.
fn takebacks_told(events: &Events, game: GameId) -> Vec<usize> {
    let events = events.lock().unwrap();
    let told = events.iter().filter_map(|e| match e {
        HubEvent::TakenBack { game: g, plies, .. } if *g == game => Some(*plies),
        _ => None,
    });
    told.collect()
}

/// `moves` played in turn, White's by ann on node A and Black's by ben on
/// node B, each seen by the other before the next.
fn play_across(n: &Nodes, ann: &TestPlayer, ben: &TestPlayer, game: GameId, moves: &[&str]) {
    for mv in moves {
        let before = n.a.hub.open(ann.s, game).unwrap().moves.len();
        let white = before.is_multiple_of(2);
        let (hub, s) = if white { (&n.a.hub, ann.s) } else { (&n.b, ben.s) };
        hub.play(s, game, mv).unwrap();
        let other = if white { &ben.events } else { &ann.events };
        wait_until("the move on the other node", || told_moves(other, game).len() == before + 1);
    }
}

/// The moves stored for `game`, as texts.
fn stored_texts(n: &Nodes, game: GameId) -> Vec<String> {
    n.a.stored(game).moves.into_iter().map(|m| m.mv).collect()
}

/// Node A, told of ben's moves on node B, reads only the moves after those
/// it holds: an earlier row changed behind its back (no takeback counted,
/// no note) is not read again, so no takeback is told and its moves stay.
#[test]
fn a_node_catching_up_reads_only_the_moves_after_those_it_holds() {
    let (n, ann, ben) = ann_and_ben();
    let game = cross_game(&n, &ann, &ben, GameKind::Classic, None);
    play_across(&n, &ann, &ben, game, &["e2e4", "e7e5"]);
    let mut client = postgres::Client::connect(&n.url, postgres::NoTls).unwrap();
    client.execute("UPDATE moves SET mv = 'd2d4' WHERE game = $1 AND ply = 0", &[&game.0]).unwrap();
    play_across(&n, &ann, &ben, game, &["g1f3", "b8c6", "f1c4", "g8f6"]);
    let played = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"];
    assert_eq!(told_moves(&ann.events, game), played, "A followed ben's moves from the ply it held");
    assert_eq!(takebacks_told(&ann.events, game), [0usize; 0], "ply 0 was not read again");
    assert_eq!(n.a.hub.open(ann.s, game).unwrap().moves, played);
}

/// ann on node A asks to take back her Nf3 (and ben's reply), ben agrees
/// on node B, which stores the takeback: A reads the game whole (the
/// stored count of takebacks is not its own), takes both back, and then
/// follows the new moves from the ply it holds. A takeback and new moves
/// heard at once, the last ply's move the same text as before, are found
/// by the count too.
#[test]
fn a_takeback_on_the_other_node_is_followed_and_so_are_the_moves_after_it() {
    let (n, ann, ben) = ann_and_ben();
    let game = cross_game(&n, &ann, &ben, GameKind::Classic, None);
    play_across(&n, &ann, &ben, game, &["e2e4", "e7e5", "g1f3", "b8c6"]);
    n.a.hub.ask_takeback(ann.s, game).unwrap();
    wait_for(&ben.events, |e| matches!(e, HubEvent::TakebackAsked { game: g } if *g == game));
    n.b.answer_takeback(ben.s, game, true).unwrap();
    wait_until("the takeback on A", || takebacks_told(&ann.events, game) == [2]);
    assert_eq!(told_moves(&ann.events, game), ["e2e4", "e7e5"]);
    play_across(&n, &ann, &ben, game, &["f1c4", "g8f6", "d2d3"]);
    let after = ["e2e4", "e7e5", "f1c4", "g8f6", "d2d3"];
    for events in [&ann.events, &ben.events] {
        assert_eq!(told_moves(events, game), after);
    }
    assert_eq!(stored_texts(&n, game), after);
    // Another node takes back to ply 2 and plays two moves, in one write
    // with one note: ply 3 is g8f6 again, ply 2 is not what A holds.
    let mut client = postgres::Client::connect(&n.url, postgres::NoTls).unwrap();
    let mut tx = client.transaction().unwrap();
    tx.execute("DELETE FROM moves WHERE game = $1 AND ply >= 2", &[&game.0]).unwrap();
    for (ply, mv) in [(2i64, "b1c3"), (3, "g8f6")] {
        tx.execute(
            "INSERT INTO moves (game, ply, mv, white_ms, black_ms, at_ms) VALUES ($1, $2, $3, 0, 0, 0)",
            &[&game.0, &ply, &mv],
        )
        .unwrap();
    }
    tx.execute("UPDATE games SET next_ply = 4, takebacks = takebacks + 1 WHERE id = $1", &[&game.0]).unwrap();
    let note = crate::server::store::Note::Game(game).payload("elsewhere");
    tx.execute("SELECT pg_notify($1, $2)", &[&crate::server::store::CHANNEL, &note]).unwrap();
    tx.commit().unwrap();
    let now = ["e2e4", "e7e5", "b1c3", "g8f6"];
    wait_until("A follows", || told_moves(&ann.events, game) == now);
    wait_until("B follows", || told_moves(&ben.events, game) == now);
    assert_eq!(n.a.hub.open(ann.s, game).unwrap().moves, now);
    play_across(&n, &ann, &ben, game, &["d2d4", "e5d4"]);
    assert_eq!(told_moves(&ann.events, game), stored_texts(&n, game));
    assert_eq!(told_moves(&ben.events, game), stored_texts(&n, game));
}

/// ben resigns on node B after a few moves: node A, reading from the ply
/// it holds, is told the end once, as stored, with every move; so is a
/// game played out until a move ends it, on either node.
#[test]
fn a_game_ended_on_the_other_node_is_told_once_with_every_move() {
    let (n, ann, ben) = ann_and_ben();
    let game = cross_game(&n, &ann, &ben, GameKind::Classic, None);
    play_across(&n, &ann, &ben, game, &["e2e4", "e7e5", "g1f3"]);
    n.b.resign(ben.s, game).unwrap();
    wait_until("the end on A", || ended(&ann.events, game).is_some());
    let stored = n.a.stored(game);
    let ending = ended(&ann.events, game).unwrap();
    assert_eq!(Some((ending.result, ending.why)), stored.result);
    assert_eq!(count(&ann.events, |e| matches!(e, HubEvent::Ended { game: g, .. } if *g == game)), 1);
    assert_eq!(told_moves(&ann.events, game), stored_texts(&n, game));
    assert!(n.a.hub.play(ann.s, game, "d2d4").is_err(), "over on A");
    // A game played out to its end by a move, made on either node.
    let game = cross_game(&n, &ann, &ben, GameKind::Classic, None);
    let (mut pos, mut seed) = (AnyPosition::new(GameKind::Classic), 5);
    while !pos.legal_moves().is_empty() {
        let text = quick_move(&pos, &mut seed);
        let white = pos.turn() == Color::White;
        let (hub, s, other) = if white { (&n.a.hub, ann.s, &ben.events) } else { (&n.b, ben.s, &ann.events) };
        let ply = told_moves(other, game).len();
        match hub.play(s, game, &text) {
            Ok(()) => {}
            Err(HubError::GameOver(_)) => break,
            Err(e) => panic!("{text}: {e}"),
        }
        pos.play_text(&text).unwrap();
        wait_until("the move on the other node", || told_moves(other, game).len() == ply + 1);
    }
    wait_until("the end on both", || ended(&ann.events, game).is_some() && ended(&ben.events, game).is_some());
    let stored = n.a.stored(game);
    assert_eq!(ended(&ben.events, game).map(|e| (e.result, e.why)), stored.result);
    assert_eq!(ended(&ann.events, game).map(|e| (e.result, e.why)), stored.result);
    for events in [&ann.events, &ben.events] {
        assert_eq!(told_moves(events, game), stored_texts(&n, game));
        assert_eq!(count(events, |e| matches!(e, HubEvent::Ended { game: g, .. } if *g == game)), 1);
    }
}

/// A crowd signs in on node A at once, then half of it leaves: node B,
/// which follows the notes of who is online that came together once,
/// lists exactly who is online in the end, each time.
#[test]
fn a_crowd_signing_in_and_out_on_one_node_is_listed_online_on_the_other() {
    let n = two_nodes();
    let ben = player_on(&n.b, "ben");
    let names: Vec<String> = (0..40).map(|i| format!("p{i:02}")).collect();
    let crowd: Vec<TestPlayer> = std::thread::scope(|scope| {
        let signing: Vec<_> = names.iter().map(|name| scope.spawn(|| player_on(&n.a.hub, name))).collect();
        signing.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let online = || n.b.lobby(ben.s).unwrap().online;
    let mut all: Vec<String> = names.iter().cloned().chain(["ben".to_string()]).collect();
    all.sort();
    wait_until("B lists the crowd", || online() == all);
    std::thread::scope(|scope| {
        for p in crowd.iter().step_by(2) {
            scope.spawn(|| n.a.hub.disconnect(p.s));
        }
    });
    let stayed: Vec<String> =
        all.iter().filter(|name| !names.iter().step_by(2).any(|gone| gone == *name)).cloned().collect();
    wait_until("B lists those who stayed", || online() == stayed);
}
