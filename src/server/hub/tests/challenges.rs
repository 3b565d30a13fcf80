//! Open challenges are stored: a restarted hub lists them and they can be
//! accepted; accepting, declining and withdrawing remove them; one whose
//! creator is gone expires after [`CHALLENGE_GRACE`].

use super::*;

/// What the storage holds: each challenge's id and creator.
fn stored_challenges<R: Records>(f: &Fixture<R>) -> Vec<(ChallengeId, String)> {
    (f.open)().challenges().unwrap().into_iter().map(|c| (c.id, c.from.name)).collect()
}

fn restart_keeps_challenges<R: Records + 'static>(f: Fixture<R>) {
    let (a, b) = (f.player("ann"), f.player("bob"));
    let open = f.hub.challenge(a.s, spec(GameKind::Porthole, Some((180_000, 2_000)))).unwrap();
    let rated = ChallengeSpec {
        to: Some("bob".into()),
        rated: true,
        colour: ColourChoice::Black,
        ..spec(GameKind::Twoboard, None)
    };
    let to_bob = f.hub.challenge(a.s, rated.clone()).unwrap();
    let withdrawn = f.hub.challenge(b.s, spec(GameKind::Classic, None)).unwrap();
    f.hub.cancel(b.s, withdrawn).unwrap();
    let before = f.hub.lobby(b.s).unwrap().challenges;
    assert_eq!(stored_challenges(&f), [(open, "ann".to_string()), (to_bob, "ann".to_string())]);
    let Fixture { hub, clock, open: reopen } = f;
    drop(hub);
    clock.advance(60_000);
    let f = Fixture { hub: hub_on(reopen(), &clock, 1), clock, open: reopen };
    let (b, c) = (f.player("bob"), f.player("cat"));
    assert_eq!(f.hub.lobby(b.s).unwrap().challenges, before, "the same challenges, numbers and settings");
    let seen: Vec<_> = f.hub.lobby(c.s).unwrap().challenges.iter().map(|c| c.id).collect();
    assert_eq!(seen, [open], "cat sees the open challenge, not bob's");
    let game = f.hub.accept(c.s, open).unwrap();
    let view = f.hub.open(c.s, game).unwrap();
    assert_eq!((view.info.kind, view.info.clock), (GameKind::Porthole, Some((180_000, 2_000))));
    let err = f.hub.accept(b.s, to_bob).unwrap_err();
    assert!(matches!(err, HubError::MakerPlaying { game: g, .. } if g == game), "ann plays cat: it waits");
    f.hub.resign(c.s, game).unwrap();
    let game = f.hub.accept(b.s, to_bob).unwrap();
    let view = f.hub.open(b.s, game).unwrap();
    assert_eq!((view.you, view.info.rated, view.info.names[0].as_str()), (Some(Color::White), true, "bob"));
    assert!(stored_challenges(&f).is_empty(), "accepted challenges are gone from the storage");
    assert!(matches!(f.hub.accept(c.s, open), Err(HubError::NoChallenge(_))));
}

#[test]
fn open_challenges_survive_a_restart_and_can_be_accepted() {
    restart_keeps_challenges(fixture());
}

#[test]
fn on_the_sqlite_store_open_challenges_survive_a_restart_and_can_be_accepted() {
    let (_dir, f) = on_disk();
    restart_keeps_challenges(f);
}

#[test]
fn on_postgresql_open_challenges_survive_a_restart_and_can_be_accepted() {
    restart_keeps_challenges(on_postgres());
}

#[test]
fn a_challenge_expires_once_its_creator_is_gone_for_the_grace_time() {
    let f = fixture();
    let (a, b) = (f.player("ann"), f.player("bob"));
    let id = f.hub.challenge(a.s, spec(GameKind::Fairy, None)).unwrap();
    let declined =
        f.hub.challenge(a.s, ChallengeSpec { to: Some("bob".into()), ..spec(GameKind::Fairy, None) }).unwrap();
    f.hub.decline(b.s, declined).unwrap();
    assert_eq!(stored_challenges(&f), [(id, "ann".to_string())], "a declined challenge is gone");
    let grace = CHALLENGE_GRACE.as_millis() as u64;
    let listed = || f.hub.lobby(b.s).unwrap().challenges.len();
    f.hub.disconnect(a.s);
    f.clock.advance(grace - 1);
    f.hub.tick();
    assert_eq!(listed(), 1, "ann may still come back");
    // Back in time: the challenge stays as long as she is; gone again, the wait starts again.
    let a = f.player("ann");
    f.clock.advance(grace);
    f.hub.tick();
    assert_eq!(listed(), 1, "ann is online");
    f.hub.disconnect(a.s);
    f.clock.advance(grace - 1);
    f.hub.tick();
    assert_eq!(listed(), 1);
    f.clock.advance(1);
    f.hub.tick();
    assert_eq!(listed(), 0, "expired");
    assert!(stored_challenges(&f).is_empty());
    assert!(b.events.lock().unwrap().iter().filter(|e| **e == HubEvent::LobbyChanged).count() > 3);
}

/// Every node expires the challenges of a creator gone: one that finds it
/// already removed (another node expired it first) drops it too, at once,
/// rather than failing and trying again at every tick.
#[test]
fn a_challenge_another_node_expired_first_goes_here_too() {
    let f = fixture();
    let (a, b) = (f.player("ann"), f.player("bob"));
    let id = f.hub.challenge(a.s, spec(GameKind::Fairy, None)).unwrap();
    f.hub.disconnect(a.s);
    f.clock.advance(CHALLENGE_GRACE.as_millis() as u64);
    // The other node's expiry: the stored challenge is gone, its note not yet heard.
    (f.open)().remove_challenge(id).unwrap();
    f.hub.tick();
    assert!(f.hub.lobby(b.s).unwrap().challenges.is_empty(), "gone here too");
    assert!(matches!(f.hub.accept(b.s, id), Err(HubError::NoChallenge(_))), "and cannot be accepted");
}

#[test]
fn after_a_restart_a_challenge_waits_the_grace_time_for_its_creator() {
    let f = fixture();
    let a = f.player("ann");
    f.hub.challenge(a.s, spec(GameKind::Linked, None)).unwrap();
    let Fixture { hub, clock, open } = f;
    drop(hub);
    let f = Fixture { hub: hub_on(open(), &clock, 1), clock, open };
    let b = f.player("bob");
    f.clock.advance(CHALLENGE_GRACE.as_millis() as u64);
    f.hub.tick();
    assert!(f.hub.lobby(b.s).unwrap().challenges.is_empty(), "ann did not come back");
    assert!(stored_challenges(&f).is_empty());
}

/// One game at a time: a player's challenges are withdrawn (and they are
/// told) when a game of theirs starts; one made while they play a timed
/// game waits, and cannot be accepted, until that game ends.
#[test]
fn a_seek_is_withdrawn_when_its_maker_starts_a_game() {
    let f = fixture();
    let (alice, bob, carol, dave) = (f.player("alice"), f.player("bob"), f.player("carol"), f.player("dave"));
    let seek = f.hub.challenge(alice.s, spec(GameKind::Fairy, Some((600_000, 0)))).unwrap();
    let to_bob = ChallengeSpec { to: Some("bob".into()), ..spec(GameKind::Classic, None) };
    let named = f.hub.challenge(alice.s, to_bob).unwrap();
    let with_carol = f.hub.challenge(carol.s, spec(GameKind::Classic, Some((600_000, 0)))).unwrap();
    let game = f.hub.accept(alice.s, with_carol).unwrap();
    assert!(alice.events.lock().unwrap().contains(&HubEvent::ChallengeWithdrawn { id: seek, game }));
    assert!(f.hub.lobby(dave.s).unwrap().challenges.is_empty(), "no seek of alice's is open");
    assert!(matches!(f.hub.accept(dave.s, seek), Err(HubError::NoChallenge(_))));
    // Her challenge to bob by name stays, and waits while she plays.
    assert_eq!(f.hub.lobby(bob.s).unwrap().challenges[0].paused, Some(game));
    assert!(matches!(f.hub.accept(bob.s, named), Err(HubError::MakerPlaying { .. })));
    // A seek made while she plays waits for the game's end.
    let later = f.hub.challenge(alice.s, spec(GameKind::Fairy, Some((600_000, 0)))).unwrap();
    assert_eq!(f.hub.lobby(dave.s).unwrap().challenges[0].paused, Some(game));
    let err = f.hub.accept(dave.s, later).unwrap_err();
    assert_eq!(err.to_string(), format!("alice is playing game {game}: their challenge waits until that game ends"));
    assert!(
        !alice.events.lock().unwrap().iter().any(|e| matches!(e, HubEvent::GameStarted { game: g } if g.id != game))
    );
    f.hub.resign(carol.s, game).unwrap();
    assert_eq!(f.hub.lobby(dave.s).unwrap().challenges[0].paused, None);
    let next = f.hub.accept(dave.s, later).unwrap();
    assert!(
        alice.events.lock().unwrap().iter().any(|e| matches!(e, HubEvent::GameStarted { game: g } if g.id == next))
    );
    assert!(matches!(f.hub.accept(bob.s, named), Err(HubError::MakerPlaying { .. })), "now she plays dave");
    // Challenging oneself says what to type instead.
    let me = ChallengeSpec { to: Some("ALICE".into()), ..spec(GameKind::Classic, None) };
    assert!(f.hub.challenge(alice.s, me).unwrap_err().to_string().contains("'new GAME' opens a challenge to anyone"));
}
