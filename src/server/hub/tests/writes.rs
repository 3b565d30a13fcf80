//! The hub's writer: moves of many games committed together, outside the
//! hub's lock, each told only once stored, none lost or reordered; a move
//! the storage refuses is not played.

use super::*;

/// `n` games between new players (`player0` against `player1`, ...), White to move.
fn games<R>(f: &Fixture<R>, n: usize) -> Vec<(TestPlayer, TestPlayer, GameId)> {
    (0..n)
        .map(|i| {
            let (white, black) = (f.player(&format!("player{}", 2 * i)), f.player(&format!("player{}", 2 * i + 1)));
            let game = f.game(&white, &black, GameKind::Classic, None);
            (white, black, game)
        })
        .collect()
}

/// Games whose moves are held at the disk: the hub still answers, nobody is
/// told of a move, and the moves made meanwhile go to the disk together.
#[test]
fn moves_waiting_for_the_disk_are_committed_together_and_told_after() {
    let f = fixture();
    let gate = (f.open)().1;
    let games = games(&f, 6);
    gate.set(|g| g.hold = true);
    let hub = &f.hub;
    std::thread::scope(|scope| {
        let games = &games;
        let play = |i: usize| scope.spawn(move || hub.play(games[i].0.s, games[i].2, "e4"));
        let mut moving = vec![play(0)];
        // The first move is at the disk; the other five then wait for it with the writer.
        gate.wait_until(|g| g.waiting == 1);
        moving.extend((1..games.len()).map(play));
        let saving = || lock(&f.hub.inner.state).games.values().filter(|g| g.saving).count();
        let start = Instant::now();
        while saving() < 6 {
            assert!(start.elapsed() < Duration::from_secs(20), "the moves reach the writer");
            std::thread::sleep(Duration::from_millis(2));
        }
        // The hub's lock is free while the disk works.
        let (_, black, game) = &games[0];
        assert_eq!(f.hub.lobby(black.s).unwrap().mine.len(), 1);
        assert!(f.hub.open(black.s, *game).unwrap().moves.is_empty(), "not played before it is stored");
        for (_, black, game) in games {
            assert!(moved(&black.events, *game).is_empty(), "told before stored");
        }
        gate.set(|g| g.hold = false);
        for m in moving {
            m.join().unwrap().unwrap();
        }
    });
    for (white, black, game) in &games {
        assert_eq!(moved(&white.events, *game), ["e2e4"]);
        assert_eq!(moved(&black.events, *game), ["e2e4"]);
        assert_eq!(f.stored(*game).moves.len(), 1);
    }
    assert_eq!(f.hub.commits(), (2, 6, 5), "one transaction for the first move, one for the five made meanwhile");
}

/// A move the storage refuses is not played: its player is told why, the
/// opponent nothing, the game is as it was and takes the move again later.
#[test]
fn a_move_the_storage_refuses_is_not_played_and_its_player_is_told_why() {
    let f = fixture();
    let gate = (f.open)().1;
    let (a, b) = (f.player("ann"), f.player("bob"));
    let game = f.game(&a, &b, GameKind::Porthole, Some((60_000, 0)));
    gate.set(|g| g.fail = Some("disk full".into()));
    let err = f.hub.play(a.s, game, "e4").unwrap_err();
    assert!(matches!(err, HubError::NotStored(_)));
    assert_eq!(err.to_string(), "the move was not stored, so it is not played (the game is as it was): disk full");
    let view = f.hub.open(b.s, game).unwrap();
    assert!(view.moves.is_empty() && view.clocks.unwrap().running.is_none(), "no clock runs before White moves");
    assert!(moved(&a.events, game).is_empty() && moved(&b.events, game).is_empty());
    assert!(matches!(f.hub.play(b.s, game, "e5"), Err(HubError::NotYourMove)));
    gate.set(|g| g.fail = None);
    f.hub.play(a.s, game, "e4").unwrap();
    assert_eq!(moved(&b.events, game), ["e2e4"]);
    assert_eq!(f.stored(game).moves.len(), 1);
}

/// A bug that panics while one game's move is written (a test hook in the
/// storage) ends that game, with a message to both players; the writer
/// lives on: the other game's moves, made meanwhile and after, are stored
/// and told, and nothing waits for the game that panicked.
#[test]
fn a_panic_writing_one_games_move_ends_that_game_and_the_others_go_on() {
    let f = fixture();
    let gate = (f.open)().1;
    let games = games(&f, 2);
    let ((a, b, broken), (c, d, fine)) = (&games[0], &games[1]);
    gate.set(|g| g.panic_game = Some(*broken));
    let err = f.hub.play(a.s, *broken, "e4").unwrap_err();
    assert!(matches!(err, HubError::ServerError(g) if g == *broken), "{err}");
    let ending = Ending::new("*", "ended by a server error");
    for events in [&a.events, &b.events] {
        assert_eq!(ended(events, *broken), Some(ending.clone()));
        assert!(moved(events, *broken).is_empty(), "a move not stored is not played");
    }
    assert!(matches!(f.hub.play(b.s, *broken, "e5"), Err(HubError::GameOver(_))), "the game is over");
    f.hub.play(c.s, *fine, "e4").unwrap();
    f.hub.play(d.s, *fine, "e5").unwrap();
    assert_eq!(moved(&c.events, *fine), ["e2e4", "e7e5"]);
    assert_eq!(f.stored(*fine).moves.len(), 2);
    assert_eq!(f.stored(*broken).result, Some((ending.result, ending.why)));
}

/// Many games moving at once from many threads on the SQLite store: every
/// move is stored, in order, and told to both players in order; a store
/// opened afterwards holds exactly the moves played.
#[test]
fn moves_of_many_games_from_many_threads_are_all_stored_in_order() {
    let (_dir, f) = on_disk();
    many_threads_store_every_move(f);
}

#[test]
fn on_postgresql_moves_of_many_games_from_many_threads_are_all_stored_in_order() {
    many_threads_store_every_move(on_postgres());
}

fn many_threads_store_every_move<R: Records + 'static>(f: Fixture<R>) {
    const GAMES: usize = 8;
    const PLIES: usize = 40;
    let games = games(&f, GAMES);
    let hub = &f.hub;
    let played: Vec<Vec<String>> = std::thread::scope(|scope| {
        let drivers: Vec<_> = games
            .iter()
            .enumerate()
            .map(|(i, (white, black, game))| {
                scope.spawn(move || {
                    let mut pos = AnyPosition::new(GameKind::Classic);
                    let mut seed = i as u64 + 1;
                    let mut played = Vec::new();
                    while played.len() < PLIES && pos.outcome(&[]).is_none() {
                        let mover = if pos.turn() == Color::White { white } else { black };
                        let text = quick_move(&pos, &mut seed);
                        hub.play(mover.s, *game, &text).unwrap();
                        played.push(canonical(pos.play_text(&text).unwrap()));
                    }
                    played
                })
            })
            .collect();
        drivers.into_iter().map(|d| d.join().unwrap()).collect()
    });
    let total: usize = played.iter().map(Vec::len).sum();
    let (transactions, moves, _) = f.hub.commits();
    assert_eq!(moves as usize, total);
    assert!(transactions <= moves);
    let mut store = (f.open)();
    for ((white, black, game), played) in games.iter().zip(&played) {
        let stored = Records::game(&mut store, *game).unwrap().unwrap();
        assert_eq!(stored.moves.iter().map(|m| m.mv.clone()).collect::<Vec<_>>(), *played, "game {game}");
        assert_eq!(moved(&white.events, *game), *played);
        assert_eq!(moved(&black.events, *game), *played);
    }
}
