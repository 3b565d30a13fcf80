use std::io::{BufRead, BufReader};
use std::os::unix::fs::PermissionsExt;
use std::process::{Command, Stdio};

use super::schema::known_version;
use super::*;
use wormhole::GameKind;

use crate::glicko::START_RATING;

const FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn game_between(white: Seat, black: Seat, rated: bool) -> NewGame {
    NewGame { kind: WORMHOLE, start_fen: FEN.into(), seats: [white, black], rated, clock: Some((300_000, 2_000)) }
}

/// Wormhole chess, classic set: stored as "classic", before "porthole".
const WORMHOLE: GameKind = GameKind::Classic;
const PORTHOLE: GameKind = GameKind::Porthole;

/// The seat of account `id` (the store reads only the id of a seat's
/// account; it names the player from its own table).
fn player(id: AccountId) -> Seat {
    Seat::Player(Account { id, name: String::new() })
}

fn engine(level: u8) -> Seat {
    Seat::Engine { level }
}

/// An end without clocks.
fn end(result: &str, why: &str, at_ms: u64) -> Finish {
    Finish { result: result.into(), why: why.into(), at_ms, clocks: None, flag: None }
}

/// A move with both clocks and its time.
fn mv(text: &str, clocks: [i64; 2], at_ms: u64) -> StoredMove {
    StoredMove { mv: text.into(), white_ms: clocks[0], black_ms: clocks[1], at_ms }
}

/// A store in memory with players `ann` and `bob`.
fn two_players() -> (Store, AccountId, AccountId) {
    let mut store = Store::open_in_memory().unwrap();
    let ann = store.register("ann", "SHA256:ann", "ssh-ed25519 AAAAann").unwrap().id;
    let bob = store.register("bob", "SHA256:bob", "ssh-ed25519 AAAAbob").unwrap().id;
    (store, ann, bob)
}

fn pragma<T: rusqlite::types::FromSql>(store: &Store, name: &str) -> T {
    store.conn.query_row(&format!("PRAGMA {name}"), [], |r| r.get(0)).unwrap()
}

#[test]
fn migrations_are_applied_once_and_reopening_is_idempotent() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("server");
    let mut store = Store::open(&data).unwrap();
    store.register("ann", "SHA256:ann", "key").unwrap();
    drop(store);
    for _ in 0..2 {
        let store = Store::open(&data).unwrap();
        assert_eq!(schema::version(&store.conn).unwrap(), known_version());
        let rows: i64 = store.conn.query_row("SELECT COUNT(*) FROM schema_migrations", [], |r| r.get(0)).unwrap();
        assert_eq!(rows, known_version());
        assert_eq!(store.account_by_name("ann").unwrap().unwrap().name, "ann");
    }
}

#[test]
fn the_file_is_private_durable_and_in_wal_mode() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("a/server");
    let store = Store::open(&data).unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&data), 0o700);
    assert_eq!(mode(&data.join(DB_FILE)), 0o600);
    assert_eq!(pragma::<String>(&store, "journal_mode"), "wal");
    assert_eq!(pragma::<i64>(&store, "synchronous"), 2, "FULL");
    assert_eq!(pragma::<i64>(&store, "foreign_keys"), 1);
}

#[test]
fn a_database_from_a_newer_program_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let newer = known_version() + 1;
    assert_eq!(schema::version(&store.conn).unwrap(), known_version());
    store.conn.execute("INSERT INTO schema_migrations VALUES (?1, 0)", [newer]).unwrap();
    drop(store);
    let err = Store::open(dir.path()).err().unwrap();
    assert!(
        matches!(err, StoreError::TooNew { found, known, .. } if found == newer && known == known_version()),
        "{err}"
    );
    assert!(err.to_string().contains("newer wormhole"), "{err}");
}

#[test]
fn names_follow_the_rules() {
    for good in ["ann", "Ann_the-2nd", "abcdefghijklmnopqrst", "___"] {
        assert!(check_name(good).is_ok(), "{good}");
    }
    for (bad, why) in [
        ("al", "at least 3"),
        ("abcdefghijklmnopqrstu", "at most 20"),
        ("ann bob", "only letters"),
        ("ann\x1b[31m", "only letters"),
        ("jérôme", "only letters"),
    ] {
        match check_name(bad) {
            Err(StoreError::BadName { name, why: said }) => assert!(name == bad && said.contains(why), "{bad}: {said}"),
            other => panic!("{bad}: {other:?}"),
        }
    }
    let mut store = Store::open_in_memory().unwrap();
    let err = store.register("a\x1b[2Jb", "SHA256:x", "key").unwrap_err();
    assert!(err.to_string().contains("\\u{1b}"), "the message shows the escape inert: {err}");
    assert!(store.account_by_key("SHA256:x").unwrap().is_none());
}

#[test]
fn duplicate_names_in_any_case_and_duplicate_keys_are_refused() {
    let (mut store, ann, bob) = two_players();
    assert!(matches!(store.register("ANN", "SHA256:new", "k"), Err(StoreError::NameTaken(n)) if n == "ANN"));
    assert!(matches!(store.register("cid", "SHA256:bob", "k"), Err(StoreError::KeyTaken(k)) if k == "SHA256:bob"));
    assert!(store.account_by_name("cid").unwrap().is_none(), "a refused registration leaves nothing");
    store.add_key(ann, "SHA256:ann2", "ssh-ed25519 AAAAann2").unwrap();
    assert!(matches!(store.add_key(bob, "SHA256:ann2", "k"), Err(StoreError::KeyTaken(_))));
    assert!(matches!(store.add_key(AccountId(99), "SHA256:z", "k"), Err(StoreError::NoAccount(AccountId(99)))));
    let keys: Vec<_> = store.keys_of(ann).unwrap().into_iter().map(|k| (k.fingerprint, k.text)).collect();
    assert_eq!(
        keys,
        [("SHA256:ann".into(), "ssh-ed25519 AAAAann".into()), ("SHA256:ann2".into(), "ssh-ed25519 AAAAann2".into())]
    );
    assert_eq!(store.account_by_key("SHA256:ann2").unwrap().unwrap().id, ann);
    assert_eq!(store.account_by_name("BoB").unwrap().unwrap().id, bob);
    assert_eq!(store.account(bob).unwrap().unwrap().name, "bob");
    assert!(store.account_by_key("SHA256:none").unwrap().is_none());
}

#[test]
fn moves_are_stored_in_order_and_a_wrong_ply_is_refused() {
    let (mut store, ann, _) = two_players();
    let game = store.create_game(&game_between(player(ann), engine(3), false), 1_000).unwrap();
    store.add_move(game, 0, "e2e4", [299_000, 300_000], 2_000).unwrap();
    store.add_move(game, 1, "e7e5", [299_000, 298_500], 3_500).unwrap();
    for ply in [0, 1, 3] {
        let err = store.add_move(game, ply, "g1f3", [1, 1], 4_000).unwrap_err();
        assert!(matches!(err, StoreError::WrongPly { game: g, expected: 2, got } if g == game && got == ply), "{err}");
    }
    assert!(matches!(store.add_move(GameId(77), 0, "e2e4", [1, 1], 1), Err(StoreError::NoGame(GameId(77)))));
    let stored = store.game(game).unwrap().unwrap();
    assert_eq!(stored.moves, [mv("e2e4", [299_000, 300_000], 2_000), mv("e7e5", [299_000, 298_500], 3_500)]);
    assert_eq!((stored.next_ply(), stored.last_move_ms()), (2, 3_500));
    let [white, black] = &stored.game.seats;
    assert_eq!(white, &Seat::Player(Account { id: ann, name: "ann".into() }));
    assert_eq!((black, black.name().as_str()), (&engine(3), "Engine, level 3 (learner)"));
    store.finish_game(game, &end("1-0", "checkmate", 5_000)).unwrap();
    assert!(matches!(store.add_move(game, 2, "g1f3", [1, 1], 6_000), Err(StoreError::GameOver(_))));
}

#[test]
fn a_batch_of_moves_stores_each_good_one_and_answers_for_each() {
    let (mut store, ann, bob) = two_players();
    let one = store.create_game(&game_between(player(ann), player(bob), false), 0).unwrap();
    let two = store.create_game(&game_between(player(bob), player(ann), false), 0).unwrap();
    let at = |ply: u32, text: &str| mv(text, [5, 6], u64::from(ply));
    let batch = [
        MoveWrite::untimed(one, 0, at(0, "e2e4")),
        MoveWrite::untimed(two, 0, at(0, "d2d4")),
        MoveWrite::untimed(one, 2, at(2, "g1f3")),
        MoveWrite::untimed(one, 1, at(1, "e7e5")),
        MoveWrite::untimed(GameId(99), 0, at(0, "a2a3")),
    ];
    let results = store.add_moves(&batch).unwrap();
    assert!(results[0].is_ok() && results[1].is_ok() && results[3].is_ok());
    assert!(matches!(results[2], Err(StoreError::WrongPly { expected: 1, got: 2, .. })), "{:?}", results[2]);
    assert!(matches!(results[4], Err(StoreError::NoGame(GameId(99)))));
    assert_eq!(store.game(one).unwrap().unwrap().moves, [at(0, "e2e4"), at(1, "e7e5")]);
    assert_eq!(store.game(two).unwrap().unwrap().moves, [at(0, "d2d4")]);
}

#[test]
fn take_back_keeps_the_first_plies_and_refuses_a_finished_game() {
    let (mut store, ann, bob) = two_players();
    let game = store.create_game(&game_between(player(ann), player(bob), false), 0).unwrap();
    for (ply, text) in (0..).zip(["e2e4", "e7e5", "g1f3"]) {
        store.add_move(game, ply, text, [1, 1], u64::from(ply)).unwrap();
    }
    assert_eq!(store.take_back(game, 1, None).unwrap(), 2);
    assert_eq!(store.game(game).unwrap().unwrap().moves.len(), 1);
    store.add_move(game, 1, "c7c5", [1, 1], 9).unwrap();
    store.finish_game(game, &end("1/2-1/2", "agreement", 10)).unwrap();
    assert!(matches!(store.take_back(game, 0, None), Err(StoreError::GameOver(_))));
    assert_eq!(store.game(game).unwrap().unwrap().moves.len(), 2);
}

#[test]
fn a_rated_finish_rates_both_players_and_writes_their_history() {
    let (mut store, ann, bob) = two_players();
    let game = store.create_game(&game_between(player(ann), player(bob), true), 0).unwrap();
    assert_eq!(store.rating(ann, WORMHOLE).unwrap(), Rating::default());
    store.finish_game(game, &end("1-0", "resignation", 60_000)).unwrap();
    let (a, b) = (store.rating(ann, WORMHOLE).unwrap(), store.rating(bob, WORMHOLE).unwrap());
    assert!(a.rating > START_RATING && b.rating < START_RATING, "{a:?} {b:?}");
    assert!((a.rating - START_RATING - (START_RATING - b.rating)).abs() < 1e-6, "equal players move alike");
    assert_eq!(store.rating(ann, PORTHOLE).unwrap(), Rating::default(), "ratings are per game");
    assert_eq!(store.rating_history(ann, WORMHOLE).unwrap(), [RatingPoint { game, at_ms: 60_000, rating: a }]);
    assert_eq!(store.rating_history(bob, WORMHOLE).unwrap(), [RatingPoint { game, at_ms: 60_000, rating: b }]);
    let finished = store.game(game).unwrap().unwrap();
    assert_eq!(finished.result, Some(("1-0".into(), "resignation".into())));
    let at_ms: u64 = store.conn.query_row("SELECT finished_ms FROM games WHERE id = ?1", [game], |r| r.get(0)).unwrap();
    assert_eq!(at_ms, 60_000);
    assert!(matches!(store.finish_game(game, &end("0-1", "again", 1)), Err(StoreError::GameOver(_))));
    assert!(store.active_games().unwrap().is_empty());
}

#[test]
fn casual_engine_and_aborted_games_leave_ratings_alone() {
    let (mut store, ann, bob) = two_players();
    let games = [
        (game_between(player(ann), player(bob), false), "1-0"),
        (game_between(player(ann), engine(5), true), "1-0"),
        (game_between(player(ann), player(bob), true), "*"),
    ];
    for (new, result) in games {
        let game = store.create_game(&new, 0).unwrap();
        store.finish_game(game, &end(result, "whatever", 1)).unwrap();
    }
    assert_eq!(store.rating(ann, WORMHOLE).unwrap(), Rating::default());
    assert!(store.rating_history(ann, WORMHOLE).unwrap().is_empty());
    assert!(store.leaderboard(WORMHOLE, 10).unwrap().is_empty());
    let game = store.create_game(&game_between(player(ann), player(bob), true), 0).unwrap();
    assert!(matches!(store.finish_game(game, &end("2-0", "x", 1)), Err(StoreError::BadResult(r)) if r == "2-0"));
    assert!(matches!(
        store.create_game(&game_between(player(AccountId(9)), player(bob), true), 0),
        Err(StoreError::NoAccount(_))
    ));
}

#[test]
fn a_finish_whose_rating_fails_is_not_stored_at_all() {
    let (mut store, ann, bob) = two_players();
    let game = store.create_game(&game_between(player(ann), player(bob), true), 0).unwrap();
    // Make the second history row fail: the first rating and the game's
    // end were written already, within the same transaction.
    let trigger = format!(
        "CREATE TEMP TRIGGER fail BEFORE INSERT ON rating_history WHEN NEW.account = {} BEGIN SELECT RAISE(ABORT, 'no'); END",
        bob.0
    );
    store.conn.execute_batch(&trigger).unwrap();
    assert!(matches!(store.finish_game(game, &end("1-0", "resignation", 1)), Err(StoreError::Sqlite(_))));
    assert_eq!(store.rating(ann, WORMHOLE).unwrap(), Rating::default());
    assert!(store.rating_history(ann, WORMHOLE).unwrap().is_empty());
    assert!(store.game(game).unwrap().unwrap().result.is_none());
    store.conn.execute_batch("DROP TRIGGER fail").unwrap();
    store.finish_game(game, &end("1-0", "resignation", 1)).unwrap();
    assert_eq!(store.rating_history(bob, WORMHOLE).unwrap().len(), 1);
}

#[test]
fn the_leaderboard_lists_rated_players_best_first() {
    let (mut store, ann, bob) = two_players();
    let cid = store.register("cid", "SHA256:cid", "k").unwrap().id;
    store.register("dan", "SHA256:dan", "k").unwrap();
    for (white, black, result) in [(ann, bob, "1-0"), (cid, bob, "1-0"), (ann, cid, "1-0"), (bob, cid, "1/2-1/2")] {
        let game = store.create_game(&game_between(player(white), player(black), true), 0).unwrap();
        store.finish_game(game, &end(result, "x", 1)).unwrap();
    }
    let board = store.leaderboard(WORMHOLE, 10).unwrap();
    let names: Vec<_> = board.iter().map(|r| (r.name.as_str(), r.games)).collect();
    assert_eq!(names, [("ann", 2), ("cid", 3), ("bob", 3)], "dan has no rated game");
    assert!(board.windows(2).all(|w| w[0].rating.rating >= w[1].rating.rating));
    assert_eq!(board[0].rating, store.rating(ann, WORMHOLE).unwrap());
    assert_eq!(store.leaderboard(WORMHOLE, 1).unwrap().len(), 1);
    assert_eq!(store.rating_history(cid, WORMHOLE).unwrap().len(), 3);
    let game =
        store.create_game(&NewGame { kind: PORTHOLE, ..game_between(player(bob), player(ann), true) }, 0).unwrap();
    store.finish_game(game, &end("1-0", "x", 2)).unwrap();
    let ratings = store.ratings_of(bob).unwrap();
    let expected =
        [(WORMHOLE, store.rating(bob, WORMHOLE).unwrap(), 3), (PORTHOLE, store.rating(bob, PORTHOLE).unwrap(), 1)];
    assert_eq!(ratings, expected.map(|(v, r, n)| (v.name().to_string(), r, n)));
}

#[test]
fn the_store_and_its_errors_cross_threads() {
    fn send_sync<T: Send + Sync + 'static>() {}
    fn send<T: Send + 'static>() {}
    send_sync::<StoreError>();
    send::<Store>();
}

#[test]
fn a_data_folder_that_cannot_be_made_is_named_in_the_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain-file");
    std::fs::write(&file, "x").unwrap();
    let err = Store::open(&file.join("server")).err().unwrap();
    assert!(matches!(&err, StoreError::Create { path, .. } if path == &file.join("server")), "{err}");
    assert!(err.to_string().contains("plain-file/server"), "{err}");
}

#[test]
fn games_of_lists_a_players_games_newest_first() {
    let (mut store, ann, bob) = two_players();
    let first = store.create_game(&game_between(player(ann), player(bob), true), 1_000).unwrap();
    let second = store.create_game(&game_between(player(bob), player(ann), false), 2_000).unwrap();
    let engine = store.create_game(&game_between(engine(1), player(bob), false), 3_000).unwrap();
    store.finish_game(first, &end("0-1", "time forfeit", 1_500)).unwrap();
    let ids = |games: Vec<StoredGame>| games.iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(ids(store.games_of(ann, 10).unwrap()), [second, first]);
    assert_eq!(ids(store.games_of(bob, 10).unwrap()), [engine, second, first]);
    assert_eq!(ids(store.games_of(bob, 2).unwrap()), [engine, second]);
    assert_eq!(ids(store.active_games().unwrap()), [second, engine]);
}

#[test]
fn two_stores_on_one_file_lose_no_write() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    let ann = store.register("ann", "SHA256:ann", "k").unwrap().id;
    let threads: Vec<_> = (0..2)
        .map(|t| {
            let path = dir.path().to_path_buf();
            std::thread::spawn(move || {
                let mut store = Store::open(&path).unwrap();
                let game = store.create_game(&game_between(player(ann), engine(t), false), 0).unwrap();
                for ply in 0..100 {
                    store.add_move(game, ply, "e2e4", [1, 1], u64::from(ply)).unwrap();
                    store.register(&format!("p{t}_{ply}"), &format!("SHA256:{t}/{ply}"), "k").unwrap();
                }
            })
        })
        .collect();
    threads.into_iter().for_each(|t| t.join().unwrap());
    let games = store.active_games().unwrap();
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|g| g.moves.len() == 100));
    let accounts: i64 = store.conn.query_row("SELECT COUNT(*) FROM accounts", [], |r| r.get(0)).unwrap();
    assert_eq!(accounts, 201);
}

/// The environment variable that makes [`crash_writer`] write: the data
/// folder to write moves into until it is killed.
const CRASH_DIR: &str = "WORMHOLE_STORE_CRASH_DIR";

/// Not a test on its own: the child process of
/// [`a_kill_9_between_writes_loses_no_committed_move`]. With [`CRASH_DIR`]
/// set, it writes moves as fast as it can, printing each ply after its
/// commit, until it is killed.
#[test]
fn crash_writer() {
    let Some(dir) = std::env::var_os(CRASH_DIR) else { return };
    let mut store = Store::open(Path::new(&dir)).unwrap();
    let game = &store.active_games().unwrap()[0];
    let (game, next) = (game.id, game.next_ply());
    for ply in next.. {
        store.add_move(game, ply, "e2e4", [i64::from(ply), 0], u64::from(ply)).unwrap();
        println!("committed {ply}");
    }
}

#[test]
fn a_kill_9_between_writes_loses_no_committed_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path()).unwrap();
    let ann = store.register("ann", "SHA256:ann", "k").unwrap().id;
    let game = store.create_game(&game_between(player(ann), engine(1), false), 0).unwrap();
    drop(store);
    for round in 0..3 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "server::store::tests::crash_writer", "--nocapture", "--test-threads=1"])
            .env(CRASH_DIR, dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        // Kill it at a different point each round, mid-stream, with its
        // output still open so that it is writing when it dies.
        let reported = (&mut lines)
            .map(|l| l.unwrap())
            .filter_map(|l| l.strip_prefix("committed ").map(|n| n.parse::<u32>().unwrap()))
            .nth(20 + 37 * round)
            .expect("the child committed moves");
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        drop(lines);
        let store = Store::open(dir.path()).unwrap();
        assert_eq!(pragma::<String>(&store, "integrity_check"), "ok");
        let moves = &store.game(game).unwrap().unwrap().moves;
        assert!(
            moves.len() > usize::try_from(reported).unwrap(),
            "round {round}: ply {reported} was committed, {} moves found",
            moves.len()
        );
        assert!((0..).zip(moves).all(|(ply, m)| m.white_ms == ply && m.at_ms == ply.unsigned_abs()));
    }
}

#[test]
fn challenges_are_kept_until_removed_or_accepted_with_their_game_in_one_write() {
    let (mut store, ann, bob) = two_players();
    let to_bob = ChallengeSpec {
        start_fen: None,
        kind: PORTHOLE,
        clock: Some((60_000, 1_000)),
        colour: ColourChoice::Black,
        rated: true,
        to: Some("bob".into()),
    };
    let one = store.add_challenge(ann, &to_bob, 5).unwrap();
    let open = ChallengeSpec { to: None, clock: None, colour: ColourChoice::Random, ..to_bob.clone() };
    let two = store.add_challenge(ann, &open, 6).unwrap();
    let listed = store.challenges().unwrap();
    let from = Account { id: ann, name: "ann".into() };
    assert_eq!(
        listed,
        [
            StoredChallenge { id: one, from: from.clone(), spec: to_bob.clone(), created_ms: 5 },
            StoredChallenge { id: two, from, spec: open, created_ms: 6 },
        ]
    );
    let game = store.accept_challenge(one, &game_between(player(bob), player(ann), true), 7).unwrap();
    assert!(store.game(game).unwrap().is_some_and(|g| g.game.rated && g.created_ms == 7));
    let again = store.accept_challenge(one, &game_between(player(bob), player(ann), true), 8);
    assert!(matches!(again, Err(StoreError::NoChallenge(_))), "accepted once only");
    // A game that cannot be made leaves its challenge open.
    let nobody = game_between(player(AccountId(99)), player(ann), false);
    assert!(matches!(store.accept_challenge(two, &nobody, 8), Err(StoreError::NoAccount(_))));
    assert_eq!(store.challenges().unwrap().iter().map(|c| c.id).collect::<Vec<_>>(), [two]);
    store.remove_challenge(two).unwrap();
    assert!(store.challenges().unwrap().is_empty());
    assert!(matches!(store.remove_challenge(two), Err(StoreError::NoChallenge(_))));
    assert!(store.add_challenge(ann, &to_bob, 9).unwrap() > two, "a number is never given twice");
    let to_nobody = ChallengeSpec { to: Some("nobody".into()), ..to_bob.clone() };
    assert!(matches!(store.add_challenge(ann, &to_nobody, 9), Err(StoreError::NoName(n)) if n == "nobody"));
    assert!(matches!(store.add_challenge(AccountId(99), &to_bob, 9), Err(StoreError::NoAccount(AccountId(99)))));
}
