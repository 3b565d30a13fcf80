//! Several server nodes on one PostgreSQL database, in-process: two hubs,
//! each on its own `PgStore` connections, share players, challenges, games,
//! watchers, offers and chat through the database's notes.

use super::*;
use crate::server::store::PgStore;

/// Two hubs (nodes A and B) on one new database, sharing a manual clock.
struct Nodes {
    a: Fixture<PgStore>,
    b: Hub,
}

fn two_nodes() -> Nodes {
    let url = crate::server::store::test_pg::database();
    let open_url = url.clone();
    let a = fixture_on(Box::new(move || PgStore::open(&open_url).unwrap()));
    let b = hub_on(PgStore::open(&url).unwrap(), &a.clock, 1);
    Nodes { a, b }
}

/// A player's session on `hub` (registered there if new).
fn player_on(hub: &Hub, name: &str) -> Player {
    let fp = format!("SHA256:{name}");
    let account = match hub.account_by_key(&fp).unwrap() {
        Some(a) => a,
        None => hub.register(name, &fp, "ssh-ed25519 AAAA").unwrap(),
    };
    let (notify, events) = inbox();
    let s = hub.connect(Who::Player(account.clone()), notify).unwrap();
    Player { s, account, events }
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
fn cross_game(n: &Nodes, ann: &Player, ben: &Player, kind: GameKind, clock: Option<(u64, u64)>) -> GameId {
    let id = n.a.hub.challenge(ann.s, spec(kind, clock)).unwrap();
    wait_until("the challenge reaches node B", || n.b.lobby(ben.s).unwrap().challenges.iter().any(|c| c.id == id));
    let game = n.b.accept(ben.s, id).unwrap();
    wait_for(&ann.events, |e| matches!(e, HubEvent::GameStarted { game: g } if g.id == game));
    game
}

#[test]
fn a_player_on_each_node_play_and_a_watcher_on_the_first_sees_every_move() {
    let n = two_nodes();
    let (ann, ben) = (player_on(&n.a.hub, "ann"), player_on(&n.b, "ben"));
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
    let n = two_nodes();
    let (ann, ben) = (player_on(&n.a.hub, "ann"), player_on(&n.b, "ben"));
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
    let n = two_nodes();
    let (ann, ben) = (player_on(&n.a.hub, "ann"), player_on(&n.b, "ben"));
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
    let Nodes { a, b } = n;
    a.hub.kill();
    let again = player_on(&b, "ann");
    let view = b.open(again.s, game).unwrap();
    assert_eq!(view.moves.len(), 2, "B has the game as stored");
    b.play(again.s, game, "d4").unwrap();
    wait_until("the engine answers on B", || moved(&again.events, game).len() == 2);
    assert_eq!(b.open(again.s, game).unwrap().moves.len(), 4);
}
