//! The store suite: what every [`Records`] must do, run on each engine
//! (SQLite in memory, and PostgreSQL in the tests' throwaway cluster, a
//! database per test). The SQLite-only tests (the file, WAL, a kill -9)
//! are in `tests.rs`.

use wormhole::GameKind;

use super::*;
use crate::glicko::START_RATING;

const FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// A time of 2026, past what 32 bits hold in milliseconds.
const T0: u64 = 1_796_400_000_000;

fn new_game(white: &Seat, black: &Seat, rated: bool) -> NewGame {
    let seats = [white.clone(), black.clone()];
    NewGame { kind: GameKind::Classic, start_fen: FEN.into(), seats, rated, clock: Some((300_000, 2_000)) }
}

fn end(result: &str, why: &str, at_ms: u64) -> Finish {
    Finish { result: result.into(), why: why.into(), at_ms, clocks: Some([1_000, -20]), flag: None }
}

fn mv(text: &str, at_ms: u64) -> StoredMove {
    StoredMove { mv: text.into(), white_ms: 299_000, black_ms: -5, at_ms }
}

/// Players ann and bob.
fn two(r: &mut dyn Records) -> (Account, Account) {
    (
        r.register("ann", "SHA256:ann", "ssh-ed25519 A").unwrap(),
        r.register("bob", "SHA256:bob", "ssh-ed25519 B").unwrap(),
    )
}

fn accounts_and_keys(r: &mut dyn Records) {
    let (ann, bob) = two(r);
    assert!(matches!(r.register("ANN", "SHA256:x", "k"), Err(StoreError::NameTaken(_))), "names ignore case");
    assert!(matches!(r.register("cid", "SHA256:ann", "k"), Err(StoreError::KeyTaken(_))));
    assert!(matches!(r.register("c d", "SHA256:y", "k"), Err(StoreError::BadName { .. })));
    assert_eq!(r.account_by_name("cid").unwrap(), None, "a refused registration leaves nothing");
    assert_eq!(r.account_by_key("SHA256:bob").unwrap(), Some(bob.clone()));
    assert_eq!(r.account_by_name("Ann").unwrap(), Some(ann.clone()));
    r.offer_key(bob.id, "SHA256:new", "ssh-ed25519 N").unwrap();
    r.offer_key(ann.id, "SHA256:new", "ssh-ed25519 N").unwrap();
    assert_eq!(r.account_by_key("SHA256:new").unwrap(), None, "an offer binds nothing");
    assert_eq!(r.key_offers("SHA256:new").unwrap().len(), 2);
    r.confirm_key("SHA256:new", ann.id).unwrap();
    assert!(r.key_offers("SHA256:new").unwrap().is_empty(), "every offer of it goes");
    assert_eq!(r.account_by_key("SHA256:new").unwrap(), Some(ann.clone()));
    assert!(matches!(r.confirm_key("SHA256:none", ann.id), Err(StoreError::NoKey(_))));
    assert!(matches!(r.offer_key(bob.id, "SHA256:new", "x"), Err(StoreError::KeyTaken(_))));
    r.offer_key(bob.id, "SHA256:later", "x").unwrap();
    let keys = r.account_keys(bob.id).unwrap();
    assert_eq!(
        keys,
        [
            KeyRow { fingerprint: "SHA256:bob".into(), pending: false },
            KeyRow { fingerprint: "SHA256:later".into(), pending: true }
        ]
    );
    r.refuse_key_offers("SHA256:later").unwrap();
    assert_eq!(r.account_keys(bob.id).unwrap().len(), 1);
    assert!(matches!(r.remove_key(bob.id, "SHA256:bob"), Err(StoreError::LastKey(_))));
    r.remove_key(ann.id, "SHA256:ann").unwrap();
    assert!(matches!(r.remove_key(ann.id, "SHA256:ann"), Err(StoreError::NoKey(_))));
    assert!(matches!(r.offer_key(AccountId(999), "SHA256:z", "k"), Err(StoreError::NoAccount(_))));
}

fn moves_are_kept_in_order_and_a_wrong_ply_is_refused(r: &mut dyn Records) {
    let (ann, _) = two(r);
    let (white, engine) = (Seat::Player(ann), Seat::Engine { level: 3 });
    let game = r.create_game(&new_game(&white, &engine, false), T0).unwrap();
    let other = r.create_game(&new_game(&engine, &white, false), T0 + 1).unwrap();
    let batch = [
        MoveWrite::untimed(game, 0, mv("e2e4", T0 + 10)),
        MoveWrite::untimed(other, 0, mv("d2d4", T0 + 11)),
        MoveWrite::untimed(game, 2, mv("g1f3", T0 + 12)),
        MoveWrite::untimed(game, 1, mv("e7e5", T0 + 13)),
        MoveWrite::untimed(GameId(999), 0, mv("a2a3", T0 + 14)),
    ];
    let results = r.add_moves(&batch).unwrap();
    assert!(results[0].is_ok() && results[1].is_ok() && results[3].is_ok(), "{results:?}");
    assert!(matches!(results[2], Err(StoreError::WrongPly { expected: 1, got: 2, .. })), "{:?}", results[2]);
    assert!(matches!(results[4], Err(StoreError::NoGame(GameId(999)))));
    let stored = r.game(game).unwrap().unwrap();
    assert_eq!(stored.moves, [mv("e2e4", T0 + 10), mv("e7e5", T0 + 13)]);
    assert_eq!((stored.id, stored.created_ms, &stored.game), (game, T0, &new_game(&white, &engine, false)));
    assert_eq!(stored.game.seats[1].name(), "Engine, level 3 (learner)");
    r.take_back(game, 1, None).unwrap();
    assert_eq!(r.game(game).unwrap().unwrap().moves, [mv("e2e4", T0 + 10)]);
    assert_eq!(r.active_games().unwrap().iter().map(|g| g.id).collect::<Vec<_>>(), [game, other]);
    assert_eq!(r.finish_game(game, &end("1-0", "checkmate", T0 + 20)).unwrap(), None, "an engine game rates nobody");
    let finished = r.game(game).unwrap().unwrap();
    assert_eq!(
        (finished.result, finished.final_clocks),
        (Some(("1-0".into(), "checkmate".into())), Some([1_000, -20]))
    );
    let late = r.add_moves(&[MoveWrite::untimed(game, 1, mv("e7e5", T0 + 30))]).unwrap();
    assert!(matches!(late[0], Err(StoreError::GameOver(_))), "{late:?}");
    assert!(matches!(r.take_back(game, 0, None), Err(StoreError::GameOver(_))));
    assert_eq!(r.game(GameId(999)).unwrap(), None);
}

fn a_rated_game_rates_both_once(r: &mut dyn Records) {
    let (ann, bob) = two(r);
    let (a, b) = (Seat::Player(ann.clone()), Seat::Player(bob.clone()));
    let game = r.create_game(&new_game(&a, &b, true), T0).unwrap();
    let [(ann_before, ann_after), (bob_before, bob_after)] =
        r.finish_game(game, &end("1-0", "resignation", T0 + 60_000)).unwrap().expect("rated");
    assert_eq!((ann_before.rating, bob_before.rating), (START_RATING, START_RATING));
    assert!(ann_after.rating > START_RATING && bob_after.rating < START_RATING);
    assert!(matches!(r.finish_game(game, &end("0-1", "again", T0)), Err(StoreError::GameOver(_))), "ended once");
    let board = r.leaderboard(GameKind::Classic, 10).unwrap();
    let rows: Vec<_> = board.iter().map(|row| (row.name.as_str(), row.rating, row.games)).collect();
    assert_eq!(rows, [("ann", ann_after, 1), ("bob", bob_after, 1)]);
    assert_eq!(r.leaderboard(GameKind::Classic, 1).unwrap().len(), 1);
    assert!(r.leaderboard(GameKind::Porthole, 10).unwrap().is_empty(), "ratings are per game");
    let page = r.player("ANN").unwrap().expect("ann's page");
    assert_eq!((page.account, page.ratings), (ann, vec![(GameKind::Classic, ann_after)]));
    assert_eq!(page.history, [(GameKind::Classic, vec![(T0 + 60_000, ann_after)])]);
    let names = [String::from("ann"), String::from("bob")];
    let summary = GameSummary { id: game, kind: GameKind::Classic, names, result: "1-0".into(), created_ms: T0 };
    assert_eq!(page.recent, [summary]);
    assert_eq!(r.player("nobody").unwrap(), None);
    for (result, rated) in [("1-0", false), ("*", true)] {
        let game = r.create_game(&new_game(&a, &b, rated), T0).unwrap();
        assert_eq!(r.finish_game(game, &end(result, "x", T0)).unwrap(), None, "{result} rated {rated}");
    }
    let game = r.create_game(&new_game(&a, &b, true), T0).unwrap();
    assert!(matches!(r.finish_game(game, &end("2-0", "x", T0)), Err(StoreError::BadResult(_))));
    let nobody = Seat::Player(Account { id: AccountId(999), name: "nobody".into() });
    assert!(matches!(r.create_game(&new_game(&nobody, &b, true), T0), Err(StoreError::NoAccount(_))));
}

fn a_finished_game_tells_any_reader_what_it_did_to_the_ratings(r: &mut dyn Records) {
    let (ann, bob) = two(r);
    let (a, b) = (Seat::Player(ann), Seat::Player(bob));
    let first = r.create_game(&new_game(&a, &b, true), T0).unwrap();
    assert_eq!(r.rating_change(first).unwrap(), None, "not over yet");
    let ann_won = r.finish_game(first, &end("1-0", "checkmate", T0 + 1_000)).unwrap().expect("rated");
    assert_eq!(r.rating_change(first).unwrap(), Some(ann_won));
    // Bob has White now; his rating before is the one the first game left.
    let second = r.create_game(&new_game(&b, &a, true), T0 + 2_000).unwrap();
    let bob_won = r.finish_game(second, &end("1-0", "resignation", T0 + 3_000)).unwrap().expect("rated");
    assert_eq!((bob_won[0].0, bob_won[1].0), (ann_won[1].1, ann_won[0].1));
    assert_eq!(r.rating_change(second).unwrap(), Some(bob_won));
    assert_eq!(r.rating_change(first).unwrap(), Some(ann_won), "a later game changes nothing of an earlier one");
    let friendly = r.create_game(&new_game(&a, &b, false), T0).unwrap();
    r.finish_game(friendly, &end("0-1", "checkmate", T0 + 4_000)).unwrap();
    assert_eq!(r.rating_change(friendly).unwrap(), None, "not rated");
}

fn a_challenge_is_kept_until_accepted_once(r: &mut dyn Records) {
    let (ann, bob) = two(r);
    let to_bob = ChallengeSpec {
        start_fen: None,
        kind: GameKind::Porthole,
        clock: Some((60_000, 1_000)),
        colour: ColourChoice::Black,
        rated: true,
        to: Some("Bob".into()),
    };
    let one = r.add_challenge(ann.id, &to_bob, T0).unwrap();
    // An open one with a set-up start (Linked-portal chess's portals).
    let open = ChallengeSpec {
        to: None,
        clock: None,
        colour: ColourChoice::Random,
        kind: GameKind::Linked,
        start_fen: Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 d4,e5".into()),
        ..to_bob.clone()
    };
    let two = r.add_challenge(ann.id, &open, T0 + 1).unwrap();
    let listed = r.challenges().unwrap();
    let bob_named = ChallengeSpec { to: Some("bob".into()), ..to_bob.clone() };
    assert_eq!(
        listed,
        [
            StoredChallenge { id: one, from: ann.clone(), spec: bob_named, created_ms: T0 },
            StoredChallenge { id: two, from: ann.clone(), spec: open, created_ms: T0 + 1 },
        ]
    );
    let seats = (Seat::Player(bob), Seat::Player(ann.clone()));
    let game = r.accept_challenge(one, &new_game(&seats.0, &seats.1, true), T0 + 2).unwrap();
    assert_eq!(r.game(game).unwrap().map(|g| g.created_ms), Some(T0 + 2));
    let again = r.accept_challenge(one, &new_game(&seats.0, &seats.1, true), T0 + 3);
    assert!(matches!(again, Err(StoreError::NoChallenge(_))), "accepted once only: {again:?}");
    r.remove_challenge(two).unwrap();
    assert!(matches!(r.remove_challenge(two), Err(StoreError::NoChallenge(_))));
    assert!(r.challenges().unwrap().is_empty());
    assert!(r.add_challenge(ann.id, &to_bob, T0).unwrap() > two, "a number is never given twice");
    let to_nobody = ChallengeSpec { to: Some("nobody".into()), ..to_bob.clone() };
    assert!(matches!(r.add_challenge(ann.id, &to_nobody, T0), Err(StoreError::NoName(_))));
    assert!(matches!(r.add_challenge(AccountId(999), &to_bob, T0), Err(StoreError::NoAccount(_))));
}

fn the_clock_note_is_kept(r: &mut dyn Records) {
    assert_eq!(r.last_alive().unwrap(), None);
    r.set_alive(T0).unwrap();
    r.set_alive(T0 + 5).unwrap();
    assert_eq!(r.last_alive().unwrap(), Some(T0 + 5));
    let mut again = r.open_again().unwrap();
    assert_eq!(again.last_alive().unwrap(), Some(T0 + 5), "another connection reads it");
}

/// A flag at ply `ply` decided at `at_ms` (White wins: Black's time ran out).
fn flag(ply: u32, at_ms: u64) -> Finish {
    Finish { flag: Some(ply), ..end("1-0", "time forfeit", at_ms) }
}

/// A move of a timed game, with the game's deadline after it.
fn timed(game: GameId, ply: u32, stored: StoredMove, deadline_ms: u64) -> MoveWrite {
    MoveWrite { game, ply, stored, deadline_ms: Some(deadline_ms) }
}

fn a_clock_deadline_is_stored_and_decides_a_flag(r: &mut dyn Records) {
    let (ann, bob) = two(r);
    let game = r.create_game(&new_game(&Seat::Player(ann), &Seat::Player(bob), true), T0).unwrap();
    assert_eq!(r.game(game).unwrap().unwrap().deadline_ms, None, "no clock runs before White's first move");
    assert!(matches!(r.finish_game(game, &flag(0, T0 + 999_999)), Err(StoreError::NotDue { deadline: None, .. })));
    let results = r.add_moves(&[timed(game, 0, mv("e2e4", T0 + 10), T0 + 100)]).unwrap();
    assert!(results[0].is_ok(), "{results:?}");
    assert_eq!(r.game(game).unwrap().unwrap().deadline_ms, Some(T0 + 100), "written with the move");
    assert!(r.overdue_games(T0 + 99).unwrap().is_empty());
    assert_eq!(r.overdue_games(T0 + 100).unwrap(), [game]);
    assert!(matches!(r.finish_game(game, &flag(1, T0 + 99)), Err(StoreError::NotDue { ply: 1, .. })), "too early");
    assert!(matches!(r.finish_game(game, &flag(0, T0 + 100)), Err(StoreError::NotDue { ply: 0, .. })), "a ply gone");
    r.add_moves(&[timed(game, 1, mv("e7e5", T0 + 50), T0 + 500)]).unwrap();
    r.take_back(game, 1, Some(T0 + 700)).unwrap();
    assert_eq!(r.game(game).unwrap().unwrap().deadline_ms, Some(T0 + 700), "a takeback restarts the clock");
    // A start resumes the clock: only from the deadline it read.
    let stale = ResumedClock { game, from: Some(T0 + 1), to: T0 + 5_000 };
    assert_eq!(r.resume_clocks(T0 + 800, &[stale]).unwrap(), 0, "another node moved it first");
    let resumed = ResumedClock { game, from: Some(T0 + 700), to: T0 + 900 };
    assert_eq!(r.resume_clocks(T0 + 800, &[resumed]).unwrap(), 1);
    assert_eq!(r.resume_clocks(T0 + 801, &[resumed]).unwrap(), 0, "once");
    assert_eq!((r.game(game).unwrap().unwrap().deadline_ms, r.last_alive().unwrap()), (Some(T0 + 900), Some(T0 + 801)));
    assert!(matches!(r.finish_game(game, &flag(1, T0 + 899)), Err(StoreError::NotDue { .. })));
    assert!(r.finish_game(game, &flag(1, T0 + 900)).unwrap().is_some(), "flagged and rated");
    let stored = r.game(game).unwrap().unwrap();
    assert_eq!((stored.result.unwrap().1, stored.deadline_ms), ("time forfeit".to_string(), None));
    assert!(r.overdue_games(T0 + 10_000).unwrap().is_empty());
    assert!(matches!(r.finish_game(game, &flag(1, T0 + 901)), Err(StoreError::GameOver(_))), "flagged once");
}

/// A move made at or after its clock's stored deadline is refused, typed
/// (the flag has fallen: the hub then flags the game), and leaves nothing;
/// the batch's other moves are stored; a move just before is stored.
fn a_move_at_or_after_its_deadline_is_refused(r: &mut dyn Records) {
    let (ann, bob) = two(r);
    let seats = (Seat::Player(ann), Seat::Player(bob));
    let [late, early] = [0, 1].map(|_| r.create_game(&new_game(&seats.0, &seats.1, true), T0).unwrap());
    for game in [late, early] {
        r.add_moves(&[timed(game, 0, mv("e2e4", T0 + 10), T0 + 100)]).unwrap()[0].as_ref().unwrap();
    }
    let batch = [timed(late, 1, mv("e7e5", T0 + 100), T0 + 400), timed(early, 1, mv("e7e5", T0 + 99), T0 + 400)];
    let results = r.add_moves(&batch).unwrap();
    assert!(
        matches!(results[0], Err(StoreError::PastDeadline { game, ply: 1, at_ms, deadline })
            if game == late && at_ms == T0 + 100 && deadline == T0 + 100),
        "{results:?}"
    );
    assert!(results[1].is_ok(), "the other move of the batch is stored: {results:?}");
    let stored = r.game(late).unwrap().unwrap();
    assert_eq!((stored.moves.len(), stored.deadline_ms), (1, Some(T0 + 100)), "the late move left nothing");
    assert_eq!(r.game(early).unwrap().unwrap().deadline_ms, Some(T0 + 400));
    let later = r.add_moves(&[timed(late, 1, mv("e7e5", T0 + 5_000), T0 + 9_000)]).unwrap();
    assert!(matches!(later[0], Err(StoreError::PastDeadline { .. })), "later still: {later:?}");
    assert!(r.finish_game(late, &flag(1, T0 + 100)).unwrap().is_some(), "the flag that fell ends it");
    assert!(matches!(
        r.add_moves(&[timed(late, 1, mv("e7e5", T0 + 50), T0 + 400)]).unwrap()[0],
        Err(StoreError::GameOver(_))
    ));
    let untimed = NewGame { clock: None, ..new_game(&seats.0, &seats.1, false) };
    let untimed = r.create_game(&untimed, T0).unwrap();
    let results = r.add_moves(&[MoveWrite::untimed(untimed, 0, mv("e2e4", T0 + 999_999_999))]).unwrap();
    assert!(results[0].is_ok(), "a game without a clock has no deadline: {results:?}");
}

/// A game read from a ply on ([`Records::game_since`]): its state and the
/// moves from there, as [`Records::game`] has them; a takeback is counted
/// (only a takeback changes a stored move), by its own write.
fn a_game_is_read_from_a_ply_on_and_each_takeback_is_counted(r: &mut dyn Records) {
    let (ann, bob) = two(r);
    let game = r.create_game(&new_game(&Seat::Player(ann), &Seat::Player(bob), false), T0).unwrap();
    let tail = |r: &mut dyn Records, from| r.game_since(game, from).unwrap().expect("the game");
    let fresh = tail(r, 0);
    assert_eq!(
        (fresh.moves.len(), fresh.next_ply, fresh.takebacks, fresh.result, fresh.deadline_ms),
        (0, 0, 0, None, None)
    );
    let played = [mv("e2e4", T0 + 10), mv("e7e5", T0 + 20), mv("g1f3", T0 + 30)];
    for (ply, m) in (0..).zip(&played) {
        r.add_moves(&[timed(game, ply, m.clone(), T0 + 1_000 + u64::from(ply))]).unwrap()[0].as_ref().unwrap();
    }
    let whole = r.game(game).unwrap().unwrap();
    assert_eq!((whole.moves.as_slice(), whole.takebacks), (played.as_slice(), 0));
    for from in 0..=3u32 {
        let t = tail(r, from);
        assert_eq!(t.moves, played[from as usize..], "from ply {from}");
        assert_eq!((t.from, t.next_ply, t.takebacks, t.deadline_ms), (from, 3, 0, Some(T0 + 1_002)));
    }
    assert_eq!((tail(r, 7).moves, tail(r, 7).next_ply), (vec![], 3), "past the last move: none, its next ply");
    r.take_back(game, 1, Some(T0 + 2_000)).unwrap();
    let after = tail(r, 1);
    assert_eq!((after.moves.len(), after.next_ply, after.takebacks, after.deadline_ms), (0, 1, 1, Some(T0 + 2_000)));
    assert_eq!(tail(r, 3).next_ply, 1, "a reader that held 3 plies sees fewer stored");
    r.add_moves(&[timed(game, 1, mv("d7d5", T0 + 40), T0 + 3_000)]).unwrap()[0].as_ref().unwrap();
    assert_eq!((tail(r, 1).moves, tail(r, 1).takebacks), (vec![mv("d7d5", T0 + 40)], 1));
    assert_eq!(r.game(game).unwrap().unwrap().takebacks, 1, "the whole game has the count too");
    r.take_back(game, 0, None).unwrap();
    assert_eq!(tail(r, 0).takebacks, 2, "each takeback counts");
    r.finish_game(game, &end("0-1", "resignation", T0 + 50)).unwrap();
    let over = tail(r, 0);
    assert_eq!((over.result, over.deadline_ms), (Some(("0-1".into(), "resignation".into())), None));
    assert_eq!(r.game_since(GameId(999), 0).unwrap(), None);
}

/// How many rounds each race runs.
const ROUNDS: u32 = 150;

/// Runs `each` on two connections of their own at once, `ROUNDS` times, each
/// round started together; answers both results of each round.
fn race<T: Send>(r: &mut dyn Records, each: impl Fn(&mut dyn Records, u32, usize) -> T + Sync) -> Vec<[T; 2]> {
    let mut writers = [r.open_again().unwrap(), r.open_again().unwrap()];
    let barrier = std::sync::Barrier::new(2);
    let [a, b] = &mut writers;
    let (each, barrier) = (&each, &barrier);
    let run = move |w: &mut Box<dyn Records>, side: usize| {
        (0..ROUNDS)
            .map(|round| {
                barrier.wait();
                each(w.as_mut(), round, side)
            })
            .collect::<Vec<T>>()
    };
    let (left, right) = std::thread::scope(|scope| {
        let left = scope.spawn(move || run(a, 0));
        let right = scope.spawn(move || run(b, 1));
        (left.join().unwrap(), right.join().unwrap())
    });
    left.into_iter().zip(right).map(|(l, r)| [l, r]).collect()
}

/// Exactly one of a round's two results is `Ok`.
fn one_wins<T: std::fmt::Debug>(round: usize, results: &[Result<T, StoreError>; 2]) -> usize {
    let winners: Vec<usize> = (0..2).filter(|&i| results[i].is_ok()).collect();
    assert_eq!(winners.len(), 1, "round {round}: {results:?}");
    winners[0]
}

fn two_writers_never_both_store_a_ply(r: &mut dyn Records) {
    let (ann, bob) = two(r);
    let game = r.create_game(&new_game(&Seat::Player(ann), &Seat::Player(bob), false), T0).unwrap();
    let rounds = race(r, |w, ply, side| {
        let results = w.add_moves(&[MoveWrite::untimed(game, ply, mv(["e2e4", "d2d4"][side], T0))]).unwrap();
        results.into_iter().next().unwrap()
    });
    let mut expected = Vec::new();
    for (round, results) in rounds.iter().enumerate() {
        let winner = one_wins(round, results);
        let lost = &results[1 - winner];
        assert!(matches!(lost, Err(StoreError::WrongPly { got, .. }) if *got as usize == round), "{lost:?}");
        expected.push(mv(["e2e4", "d2d4"][winner], T0));
    }
    assert_eq!(r.game(game).unwrap().unwrap().moves, expected, "each ply once, the winner's");
}

fn two_writers_end_a_game_and_rate_it_once(r: &mut dyn Records) {
    let (ann, bob) = two(r);
    let seats = (Seat::Player(ann), Seat::Player(bob));
    let games: Vec<GameId> =
        (0..ROUNDS).map(|_| r.create_game(&new_game(&seats.0, &seats.1, true), T0).unwrap()).collect();
    let rounds = race(r, |w, round, side| {
        let ending = [end("1-0", "time forfeit", T0), end("0-1", "resignation", T0)][side].clone();
        w.finish_game(games[round as usize], &ending)
    });
    for (round, results) in rounds.iter().enumerate() {
        let winner = one_wins(round, results);
        assert!(matches!(results[1 - winner], Err(StoreError::GameOver(_))), "{results:?}");
        let stored = r.game(games[round]).unwrap().unwrap();
        assert_eq!(stored.result.map(|(result, _)| result), Some(["1-0", "0-1"][winner].to_string()));
    }
    let board = r.leaderboard(GameKind::Classic, 10).unwrap();
    assert!(board.iter().all(|row| row.games == ROUNDS), "rated once per game: {board:?}");
    let page = r.player("ann").unwrap().unwrap();
    assert_eq!(page.history[0].1.len(), games.len(), "one history row per game");
}

fn two_writers_flag_a_game_once(r: &mut dyn Records) {
    let (ann, bob) = two(r);
    let seats = (Seat::Player(ann), Seat::Player(bob));
    let games: Vec<GameId> = (0..ROUNDS)
        .map(|_| {
            let game = r.create_game(&new_game(&seats.0, &seats.1, true), T0).unwrap();
            r.add_moves(&[timed(game, 0, mv("e2e4", T0), T0 + 100)]).unwrap()[0].as_ref().unwrap();
            game
        })
        .collect();
    let rounds = race(r, |w, round, _| w.finish_game(games[round as usize], &flag(1, T0 + 100)));
    for (round, results) in rounds.iter().enumerate() {
        let winner = one_wins(round, results);
        assert!(matches!(results[1 - winner], Err(StoreError::GameOver(_))), "{results:?}");
    }
    let board = r.leaderboard(GameKind::Classic, 10).unwrap();
    assert!(board.iter().all(|row| row.games == ROUNDS), "rated once per game: {board:?}");
}

fn two_writers_accept_a_challenge_once(r: &mut dyn Records) {
    let (ann, bob) = two(r);
    let open = ChallengeSpec {
        start_fen: None,
        kind: GameKind::Classic,
        clock: None,
        colour: ColourChoice::White,
        rated: false,
        to: None,
    };
    let ids: Vec<ChallengeId> = (0..ROUNDS).map(|_| r.add_challenge(ann.id, &open, T0).unwrap()).collect();
    let game = new_game(&Seat::Player(ann), &Seat::Player(bob), false);
    let rounds = race(r, |w, round, _| w.accept_challenge(ids[round as usize], &game, T0));
    for (round, results) in rounds.iter().enumerate() {
        let winner = one_wins(round, results);
        assert!(matches!(results[1 - winner], Err(StoreError::NoChallenge(_))), "{results:?}");
    }
    assert!(r.challenges().unwrap().is_empty());
    assert_eq!(r.active_games().unwrap().len(), ids.len(), "one game per challenge");
}

/// Runs each check on both engines.
macro_rules! on_both {
    ($($check:ident),* $(,)?) => {
        mod sqlite {
            $(#[test]
            fn $check() {
                let dir = tempfile::tempdir().unwrap();
                super::$check(&mut crate::server::store::Store::open(dir.path()).unwrap());
            })*
        }
        mod postgres {
            $(#[test]
            fn $check() {
                let url = crate::server::store::test_pg::database();
                super::$check(&mut crate::server::store::PgStore::open(&url).unwrap());
            })*
        }
    };
}

on_both!(
    accounts_and_keys,
    moves_are_kept_in_order_and_a_wrong_ply_is_refused,
    a_rated_game_rates_both_once,
    a_finished_game_tells_any_reader_what_it_did_to_the_ratings,
    a_challenge_is_kept_until_accepted_once,
    the_clock_note_is_kept,
    two_writers_never_both_store_a_ply,
    two_writers_end_a_game_and_rate_it_once,
    a_clock_deadline_is_stored_and_decides_a_flag,
    a_move_at_or_after_its_deadline_is_refused,
    two_writers_flag_a_game_once,
    two_writers_accept_a_challenge_once,
    a_game_is_read_from_a_ply_on_and_each_takeback_is_counted,
);
