//! State transitions: actions in, game and view out. Tests that need the
//! engine or files run the effects through an [`App`].

use crate::tui::pacing::{changes_at, poll_timeout};
use crate::tui::view::marks::highlights;
use std::time::{Duration, Instant};

use wormhole::rules::GameMove;
use wormhole::{AnyPosition, Color, GameKind, Rules};

use crate::tui::action::UserAction;
use crate::tui::ai::Purpose;
use crate::tui::game::{GameEnd, GameState, PlayerKind};
use crate::tui::game_settings::GameSettings;
use crate::tui::state::{Mode, Pending};
use crate::tui::testing::*;

#[test]
fn typing_moves_plays_them_and_errors_keep_the_text() {
    let mut app = hotseat();
    enter(&mut app, "e4");
    enter(&mut app, "e5");
    assert_eq!(app.session().core().game.line().sans(), ["e4", "e5"]);
    assert_eq!(app.session().core().view.input.text(), "");
    enter(&mut app, "Nf6");
    assert_eq!(error(app.session()), "no knight can reach f6");
    assert_eq!(app.session().core().view.input.text(), "Nf6", "the text stays for editing");
    app.update(UserAction::ClearInput);
    enter(&mut app, "zz");
    assert!(error(app.session()).starts_with("'zz' is not a move"), "{}", error(app.session()));
    app.update(UserAction::ClearInput);
    enter(&mut app, "Nge2");
    assert_eq!(error(app.session()), "e2 is a hole: no piece can move there (pieces skip holes)");
    app.update(UserAction::ClearInput);
    enter(&mut app, "g1f3");
    assert_eq!(app.session().core().game.line().sans(), ["e4", "e5", "Nf3"]);
}

#[test]
fn ambiguous_and_illegal_moves_are_explained() {
    let fen = "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17";
    let pos = AnyPosition::from_fen(GameKind::Classic, fen).unwrap();
    let mut app = app_with_game(settings([PlayerKind::Human; 2]), GameState::new(pos, [PlayerKind::Human; 2], None));
    enter(&mut app, "Nxf6");
    assert_eq!(app.session().core().game.line().sans(), ["Nxf6"]);
    let pos = AnyPosition::from_fen(GameKind::Classic, "4k3/8/8/8/8/8/8/R3R2K w 0").unwrap();
    let mut app = app_with_game(settings([PlayerKind::Human; 2]), GameState::new(pos, [PlayerKind::Human; 2], None));
    enter(&mut app, "Rc1");
    assert_eq!(error(app.session()), "ambiguous: Rac1 Rec1");
    app.update(UserAction::ClearInput);
    enter(&mut app, "Rec1");
    assert_eq!(app.session().core().game.line().sans(), ["Rec1"]);
    let pos = AnyPosition::from_fen(GameKind::Classic, "4k3/8/8/8/8/8/3q4/4K3 w 0").unwrap();
    let mut app = app_with_game(settings([PlayerKind::Human; 2]), GameState::new(pos, [PlayerKind::Human; 2], None));
    enter(&mut app, "Ke2");
    assert_eq!(error(app.session()), "illegal: Ke1e2 leaves your king attacked");
    assert_eq!(app.session().core().view.input.text(), "Ke2");
}

#[test]
fn engine_replies_and_undo_takes_back_both_moves() {
    let mut app = vs_engine();
    enter(&mut app, "e4");
    assert!(app.session().core().engine.thinking.as_ref().is_some());
    enter(&mut app, "d4");
    assert_eq!(error(app.session()), "the engine is to move (Ctrl-G: move now)");
    app.update(UserAction::ClearInput);
    wait_engine(&mut app);
    assert_eq!(app.session().core().game.line().len(), 2);
    assert_eq!(app.session().core().game.line().position().turn(), Color::White);
    app.update(UserAction::Undo);
    assert_eq!(app.session().core().game.line().len(), 0, "undo takes back the engine's reply too");
    assert!(
        matches!(app.session().core().engine.thinking.as_ref().map(|t| t.purpose), Some(Purpose::Ponder { ply: 0 })),
        "on your time"
    );
    app.update(UserAction::Redo);
    assert_eq!(app.session().core().game.line().len(), 2, "redo replays both");
    assert_eq!(app.session().core().game.line().sans()[0], "e4");
    // Undo while the engine is thinking: its search is cancelled.
    enter(&mut app, "d4");
    assert!(app.session().core().engine.thinking.as_ref().is_some());
    app.update(UserAction::Undo);
    let purpose = app.session().core().engine.thinking.as_ref().map(|t| t.purpose);
    assert_eq!(purpose, Some(Purpose::Ponder { ply: 2 }), "its move is cancelled; it thinks on your time");
    assert_eq!(app.session().core().game.line().len(), 2);
    assert!(app.session().core().game.line().position().turn() == Color::White);
}

#[test]
fn hotseat_undo_is_one_ply_and_a_new_move_drops_the_redo_tail() {
    let mut app = hotseat();
    for m in ["e4", "e5", "Nf3"] {
        enter(&mut app, m);
    }
    app.update(UserAction::Undo);
    assert_eq!(app.session().core().game.line().sans(), ["e4", "e5"]);
    app.update(UserAction::Undo);
    app.update(UserAction::Redo);
    assert_eq!(app.session().core().game.line().sans(), ["e4", "e5"]);
    enter(&mut app, "d4");
    assert_eq!(app.session().core().game.line().sans(), ["e4", "e5", "d4"]);
    app.update(UserAction::Redo);
    assert_eq!(error(app.session()), "nothing to redo");
}

#[test]
fn engine_as_white_moves_first_and_the_board_is_flipped() {
    let mut app = app_with(settings([PlayerKind::Engine, PlayerKind::Human]));
    assert!(flipped(app.session()));
    assert!(app.session().core().engine.thinking.as_ref().is_some());
    app.update(UserAction::MoveNow);
    wait_engine(&mut app);
    assert_eq!(app.session().core().game.line().len(), 1);
    assert_eq!(app.session().core().game.line().position().turn(), Color::Black);
    app.update(UserAction::Undo);
    assert_eq!(error(app.session()), "nothing of yours to take back");
}

#[test]
fn fen_and_pgn_round_trips() {
    let dir = temp_dir("test");
    let mut app = hotseat();
    let fen = "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17";
    enter(&mut app, &format!(":load {fen}"));
    assert_eq!(app.session().core().game.line().position().fen(), fen);
    enter(&mut app, "Nxf6");
    enter(&mut app, "a3");
    let path = dir.join("game.pgn");
    enter(&mut app, &format!(":save {}", path.display()));
    assert!(app.session().core().game.is_saved(), "{:?}", app.session().core().view.message.as_ref());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
    assert!(text.contains("[Variant \"Wormhole\"]"), "{text}");
    assert!(text.contains("9... Nxf6 10. a3"), "{text}");
    let mut other = hotseat();
    enter(&mut other, &format!(":open {}", path.display()));
    assert_eq!(other.session().core().game.line().sans(), ["Nxf6", "a3"]);
    assert_eq!(other.session().core().game.line().start().fen(), fen);
    assert_eq!(other.session().core().game.line().position().fen(), app.session().core().game.line().position().fen());
    // A bad PGN names the move.
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, "[Variant \"Wormhole\"]\n\n1. e4 e5 2. Nf6 *\n").unwrap();
    enter(&mut other, &format!(":open {}", bad.display()));
    assert!(
        error(other.session()).contains("move 2 (White) 'Nf6': no knight can reach f6"),
        "{}",
        error(other.session())
    );
    assert_eq!(other.session().core().game.line().len(), 2, "the current game stays");
    // A bad FEN says what is wrong and keeps the game.
    enter(&mut other, ":load 8/8/8 w 0");
    assert_eq!(error(other.session()), "bad FEN: expected 8 ranks separated by '/', found 3");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn replacing_or_quitting_an_unsaved_game_autosaves_it() {
    let dir = std::env::temp_dir().join(format!("wormhole-tui-autosave-{}", std::process::id()));
    let mut app = {
        let s = settings([PlayerKind::Human; 2]);
        app_saving_to(s, s.new_game(), dir.clone())
    };
    enter(&mut app, "e4");
    enter(&mut app, ":new fairy");
    assert!(matches!(app.session().mode(), Mode::Confirm(_)), "a game in progress is not dropped without asking");
    app.update(UserAction::Answer(true));
    let note = info(app.session());
    assert!(note.starts_with("Previous game autosaved to "), "{note}");
    let path = note.trim_start_matches("Previous game autosaved to ").to_string();
    assert!(std::fs::read_to_string(&path).unwrap().contains("1. e4 *"));
    assert_eq!(app.session().core().game.line().kind(), GameKind::Fairy);
    enter(&mut app, "e4");
    let report = app.finish();
    assert_eq!(report.notes.len(), 2, "{:?}", report.notes);
    assert!(report.notes[1].starts_with("Unsaved game autosaved to "), "{:?}", report.notes);
    assert!(report.notes[1].contains(&dir.display().to_string()));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn after_a_save_the_exit_notes_never_pass_off_an_earlier_file_as_this_game() {
    let dir = temp_dir("exit-notes");
    let s = settings([PlayerKind::Human; 2]);
    let mut app = app_saving_to(s, s.new_game(), dir.clone());
    enter(&mut app, "e4");
    enter(&mut app, ":new");
    app.update(UserAction::Answer(true));
    enter(&mut app, "d4");
    enter(&mut app, &format!(":save {}", dir.join("mine.pgn").display()));
    let report = app.finish();
    assert_eq!(report.notes.len(), 1, "{:?}", report.notes);
    assert!(report.notes[0].starts_with("Previous game autosaved to "), "{:?}", report.notes);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_game_that_cannot_be_autosaved_is_kept_and_the_failure_reported() {
    // The autosave folder would be inside a file: no one, not even root, can create it.
    let blocker = tempfile::NamedTempFile::new().unwrap();
    let mut app = {
        let s = settings([PlayerKind::Human; 2]);
        app_saving_to(s, s.new_game(), blocker.path().join("autosave"))
    };
    enter(&mut app, "e4");
    enter(&mut app, ":new");
    app.update(UserAction::Answer(true));
    let e = error(app.session());
    assert!(e.starts_with("Could not autosave the previous game: could not save"), "{e}");
    assert!(e.ends_with("It stays: save it with ':save FILE' first"), "{e}");
    assert_eq!(app.session().core().game.line().sans(), ["e4"], "the unsaved game was not replaced");
    let report = app.finish();
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    assert!(report.errors[0].starts_with("Could not autosave the game: could not save"), "{:?}", report.errors);
    assert!(report.notes.is_empty(), "{:?}", report.notes);
    let pgn = report.unsaved.expect("the game is printed instead");
    assert!(pgn.contains("1. e4 *"), "{pgn}");
}

#[test]
fn open_refuses_a_game_file_above_10_mb() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.pgn");
    std::fs::File::create(&big).unwrap().set_len(10_000_001).unwrap();
    let mut app = hotseat();
    enter(&mut app, "e4");
    enter(&mut app, &format!(":open {}", big.display()));
    assert_eq!(error(app.session()), format!("{} is larger than 10 MB, too large for a game file", big.display()));
    assert_eq!(app.session().core().game.line().sans(), ["e4"]);
}

#[test]
fn browsing_history_does_not_change_the_game() {
    let mut app = hotseat();
    for m in ["e4", "e5", "Nf3", "Nc6"] {
        enter(&mut app, m);
    }
    let fen = app.session().core().game.line().position().fen();
    app.update(UserAction::BrowseBack);
    assert_eq!(app.session().mode(), Mode::Browse(3));
    app.update(UserAction::BrowseBack);
    app.update(UserAction::BrowseBack);
    assert_eq!(app.session().shown_ply(), 1);
    assert_eq!(app.session().shown_position().fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPxPPP/RNBQKBNR b 1");
    assert_eq!(highlights(app.session()).last_move.unwrap().to_string(), "e2e4");
    app.update(UserAction::BrowseStart);
    assert_eq!(app.session().shown_ply(), 0);
    app.update(UserAction::BrowseForward);
    assert_eq!(app.session().shown_ply(), 1);
    app.update(UserAction::Escape);
    assert_eq!(app.session().mode(), Mode::Play);
    assert_eq!(app.session().core().game.line().position().fen(), fen);
    assert_eq!(app.session().core().game.line().len(), 4);
    // Typing while reviewing goes back to the game.
    app.update(UserAction::BrowseBack);
    type_text(&mut app, "d4");
    assert_eq!(app.session().mode(), Mode::Play);
    assert_eq!(app.session().core().view.input.text(), "d4");
}

#[test]
fn board_picking_plays_a_move() {
    let mut app = hotseat();
    app.update(UserAction::ClickSquare("g1".parse().unwrap()));
    let hl = highlights(app.session());
    assert!(hl.selected.contains("g1".parse().unwrap()));
    assert_eq!(hl.targets.count(), 2, "Nf3 and Nh3");
    app.update(UserAction::ClickSquare("f3".parse().unwrap()));
    assert_eq!(app.session().core().game.line().sans(), ["Nf3"]);
    app.update(UserAction::Escape);
    // Keyboard: cursor starts on the king, moves, Space selects.
    app.update(UserAction::Select);
    assert_eq!(highlights(app.session()).cursor, Some("e8".parse().unwrap()));
    app.update(UserAction::Cursor(0, -1));
    assert_eq!(highlights(app.session()).targets.count(), 2, "e6 and e5 for the pawn under the cursor");
    app.update(UserAction::Select);
    app.update(UserAction::Cursor(0, -1));
    app.update(UserAction::Cursor(0, -1));
    app.update(UserAction::Select);
    assert_eq!(app.session().core().game.line().sans(), ["Nf3", "e5"]);
}

#[test]
fn typed_prefix_highlights_candidate_targets() {
    let mut app = hotseat();
    type_text(&mut app, "N");
    let hl = highlights(app.session());
    assert_eq!(hl.targets.count(), 4);
    assert_eq!(hl.selected.count(), 2);
    app.update(UserAction::Backspace);
    type_text(&mut app, "Ng");
    app.update(UserAction::Complete);
    assert_eq!(app.session().core().view.input.text(), "Ng");
    type_text(&mut app, "1f");
    app.update(UserAction::Complete);
    assert_eq!(app.session().core().view.input.text(), "Nf3");
}

#[test]
fn resign_and_game_over_banner() {
    let mut app = vs_engine();
    enter(&mut app, ":resign");
    assert_eq!(app.session().mode(), Mode::Confirm(Pending::Resign), "asks first");
    let rows = screen(app.session(), 100, 30);
    assert!(contains(&rows, "Resign this game?"), "{}", rows.join("\n"));
    assert!(contains(&rows, "y yes, n no"), "{}", rows.join("\n"));
    app.update(UserAction::Answer(false));
    assert_eq!((app.session().mode(), app.session().core().game.end()), (&Mode::Play, None));
    enter(&mut app, ":resign");
    app.update(UserAction::Answer(true));
    assert_eq!(app.session().core().game.end(), Some(GameEnd::Resigned(Color::White)));
    assert_eq!(app.session().mode(), Mode::GameOver);
    let rows = screen(app.session(), 100, 30);
    assert!(contains(&rows, "Black wins: White resigned"), "{}", rows.join("\n"));
    assert!(contains(&rows, "n  new game"));
    assert!(!contains(&rows, "Ctrl-Z"), "nothing to take back is not offered:\n{}", rows.join("\n"));
    assert!(app.session().activity().pgn(app.session().core()).to_pgn().contains("[Result \"0-1\"]"));
    app.update(UserAction::NewGame);
    assert!(matches!(app.session().mode(), Mode::NewGame(_)));
    app.update(UserAction::Submit);
    assert_eq!(app.session().mode(), Mode::Play);
    assert_eq!(app.session().core().game.line().len(), 0);
}

#[test]
fn checkmate_and_no_legal_move_end_the_game_with_a_banner() {
    let mut app = hotseat();
    enter(&mut app, ":load k7/2Q5/1K6/8/8/8/8/8 w 0");
    enter(&mut app, "Qb7");
    assert_eq!(app.session().core().game.line().sans(), ["Qb7#"]);
    assert_eq!(app.session().mode(), Mode::GameOver);
    let rows = screen(app.session(), 100, 30);
    assert!(contains(&rows, "White wins by checkmate"), "{}", rows.join("\n"));
    assert!(contains(&rows, "Result 1-0"));
    enter(&mut app, "Ka7");
    assert!(error(app.session()).starts_with("the game is over"));
    app.update(UserAction::ClearInput);
    app.update(UserAction::Undo);
    assert_eq!(app.session().mode(), Mode::Play);
    enter(&mut app, "Kc6");
    let rows = screen(app.session(), 100, 30);
    assert!(contains(&rows, "White wins: Black has no legal move"), "{}", rows.join("\n"));
}

#[test]
fn quit_autosaves_an_unsaved_game() {
    let dir = temp_dir("quit");
    let mut app = hotseat();
    enter(&mut app, "e4");
    // Saved games are not autosaved again.
    enter(&mut app, &format!(":save {}", dir.join("a.pgn").display()));
    let report = app.finish();
    assert!(report.notes.is_empty(), "{:?}", report.notes);
    assert_eq!(report.fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPxPPP/RNBQKBNR b 1");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn hint_shows_a_move_without_playing_it() {
    let mut app = vs_engine();
    // Its own search: not thinking on the human's time (see `a_hint_while_pondering_...`).
    enter(&mut app, ":set ponder off");
    app.update(UserAction::Hint);
    assert!(app.session().core().engine.thinking.as_ref().is_some());
    wait_engine(&mut app);
    let hint = info(app.session());
    assert!(hint.starts_with("Hint (full-strength engine): "), "{hint}");
    let san = hint.trim_start_matches("Hint (full-strength engine): ").split(' ').next().unwrap().to_string();
    assert!(app.session().core().game.line().position().parse_move(&san).is_ok(), "{san}");
    assert_eq!(app.session().core().game.line().len(), 0, "the hint is not played");
    let m = app.session().core().game.line().position().parse_move(&san).unwrap();
    let hl = highlights(app.session());
    assert_eq!(hl.selected, wormhole::Bitboard::from_square(m.from()), "the hinted piece is marked");
    assert_eq!(hl.targets, wormhole::Bitboard::from_square(m.to()), "and where it goes");
    enter(&mut app, &san);
    assert_eq!(app.session().core().game.line().sans()[0], san);
    assert_eq!(highlights(app.session()).targets.count(), 0, "the hint is gone after the move");
}

#[test]
fn clocks_are_shown_and_run_for_the_side_to_move() {
    let s = GameSettings { clock: "5+3".parse().ok(), ..settings([PlayerKind::Human; 2]) };
    let mut app = app_with(s);
    let rows = screen(app.session(), 100, 30);
    assert!(contains(&rows, "White: White player  5:00"), "{}", rows.join("\n"));
    let frame = Duration::from_millis(100);
    assert_eq!(changes_at(app.session(), frame), None, "White's clock starts at White's first move");
    let t0 = app.session().core().now;
    app.tick(t0 + Duration::from_secs(30));
    enter(&mut app, "e4");
    let second = Duration::from_millis(1001);
    let t30 = t0 + Duration::from_secs(30);
    assert_eq!(changes_at(app.session(), frame), Some(t30 + second), "then Black's clock runs, drawn each second");
    app.tick(t0 + Duration::from_millis(40_250));
    let rows = screen(app.session(), 100, 30);
    assert!(contains(&rows, "White: White player  5:03"), "{}", rows.join("\n"));
    assert!(contains(&rows, "Black: Black player  4:50"), "{}", rows.join("\n"));
    let next = changes_at(app.session(), frame).unwrap();
    assert_eq!(next, t0 + Duration::from_millis(41_001), "4:50 reads so until 4:49");
    // Below 20 s, a tenth at a time.
    app.tick(t0 + Duration::from_millis(30_000 + 280_950));
    let rows = screen(app.session(), 100, 30);
    assert!(contains(&rows, "Black: Black player  0:19.0"), "{}", rows.join("\n"));
    let next = changes_at(app.session(), frame).unwrap();
    assert_eq!(next - app.session().core().now, Duration::from_millis(51));
}

#[test]
fn idle_app_waits_for_input_without_a_timeout() {
    let app = hotseat();
    assert_eq!(poll_timeout(app.session()), None, "no busy loop while waiting for a human");
    let app = app_with(settings([PlayerKind::Engine, PlayerKind::Human]));
    assert!(poll_timeout(app.session()).is_some_and(|t| t <= Duration::from_millis(20)));
}

#[test]
fn engine_against_engine_plays_to_the_end() {
    let mut app = app_with(settings([PlayerKind::Engine, PlayerKind::Engine]));
    let end = Instant::now() + Duration::from_secs(30);
    while !app.session().core().game.is_over() && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(2));
        app.tick(Instant::now());
    }
    let result = app.session().core().game.end().expect("the game ends within 64 plies");
    assert!(app.session().core().game.line().len() <= 64);
    assert_eq!(app.session().mode(), Mode::GameOver);
    assert!(app.session().core().engine.thinking.as_ref().is_none());
    assert!(
        app.session()
            .activity()
            .pgn(app.session().core())
            .to_pgn()
            .contains(&format!("[Result \"{}\"]", result.result_str()))
    );
}

#[test]
fn autoflip_turns_the_board_to_the_side_to_move_in_hotseat() {
    let mut app = app_with(GameSettings { autoflip: true, ..settings([PlayerKind::Human; 2]) });
    assert!(!flipped(app.session()));
    enter(&mut app, "e4");
    assert!(flipped(app.session()));
    enter(&mut app, "e5");
    assert!(!flipped(app.session()));
    app.update(UserAction::Flip);
    assert!(flipped(app.session()), "the flip key still works");
}

#[test]
fn new_game_with_other_settings() {
    let mut app = hotseat();
    enter(&mut app, ":new fairy black level 3 movetime 40 clock 1+2");
    assert_eq!(app.session().core().game.line().kind(), GameKind::Fairy);
    assert_eq!(app.session().core().game.players(), [PlayerKind::Engine, PlayerKind::Human]);
    assert_eq!(app.session().core().settings.level.number(), 3);
    assert!(flipped(app.session()), "the human plays Black");
    assert!(app.session().core().game.clocks().clock().is_some());
    assert!(app.session().core().engine.thinking.as_ref().is_some(), "the engine opens as White");
    enter(&mut app, ":new clock 0+1");
    assert_eq!(error(app.session()), "'0+1': a clock needs at least one second per side");
    enter(&mut app, ":new knight");
    let message = error(app.session());
    assert!(message.starts_with("':new knight': expected"), "{message}");
    for kind in GameKind::ALL {
        assert!(message.contains(&format!(" {},", kind.name())), "{kind} in {message}");
    }
    enter(&mut app, ":new hotseat clock off movetime 0");
    assert_eq!(app.session().mode(), Mode::Play, "no game in progress: nothing to confirm");
    assert_eq!(app.session().core().game.players(), [PlayerKind::Human; 2]);
    assert!(app.session().core().game.clocks().clock().is_none());
}

/// A seeded generator for the random-input test (rand's SmallRng).
struct Dice(rand::rngs::SmallRng);

impl Dice {
    /// A number below `n`.
    fn next(&mut self, n: usize) -> usize {
        use rand::RngExt;
        self.0.random_range(0..n)
    }
}

fn fuzz_app(dir: &std::path::Path) -> crate::tui::app::App {
    let s = settings([PlayerKind::Human, PlayerKind::Engine]);
    app_saving_to(s, s.new_game(), dir.to_path_buf())
}

#[test]
fn random_keys_and_sizes_never_panic_and_keep_the_game_legal() {
    let dir = std::env::temp_dir().join(format!("wormhole-tui-fuzz-{}", std::process::id()));
    let mut app = fuzz_app(&dir);
    let chars: Vec<char> = "abcdefgh12345678NBRQKxX=+#-: ?".chars().collect();
    let mut rng = Dice(rand::SeedableRng::seed_from_u64(0x9E37_79B9_7F4A_7C15));
    let mut longest = 0;
    for step in 0..3000 {
        let action = match rng.next(24) {
            0..=9 => UserAction::Char(chars[rng.next(chars.len())]),
            10 => UserAction::Backspace,
            11 => UserAction::Submit,
            12 => UserAction::Complete,
            13 => UserAction::Escape,
            14 => UserAction::Undo,
            15 => UserAction::Redo,
            16 => UserAction::Cursor(rng.next(3) as i8 - 1, rng.next(3) as i8 - 1),
            17 => UserAction::Select,
            18 => UserAction::ClickSquare(wormhole::Square::new(rng.next(64) as u8)),
            19 => [UserAction::BrowseBack, UserAction::BrowseForward, UserAction::BrowseStart, UserAction::BrowseEnd]
                [rng.next(4)],
            20 => UserAction::Scroll(rng.next(7) as i32 - 3),
            21 => [UserAction::Help, UserAction::Flip, UserAction::MoveNow, UserAction::ShowFen][rng.next(4)],
            22 => UserAction::ClearInput,
            _ => {
                // A correct player: a random legal move, typed in full.
                let moves = app.session().core().game.line().position().legal_moves();
                if !moves.is_empty() && app.session().core().game.player_to_move() == PlayerKind::Human {
                    let m = moves[rng.next(moves.len())];
                    let san = app.session().core().game.line().position().san(m);
                    app.update(UserAction::ClearInput);
                    type_text(&mut app, &san);
                }
                UserAction::Submit
            }
        };
        app.update(action);
        app.tick(Instant::now());
        if app.session().core().engine.thinking.as_ref().is_some() && rng.next(4) == 0 {
            wait_engine(&mut app);
        }
        if step % 50 == 0 {
            let (w, h) = (20 + rng.next(120) as u16, 5 + rng.next(50) as u16);
            screen(app.session(), w, h);
        }
        longest = longest.max(app.session().core().game.line().len());
        if app.session().should_quit() || app.session().core().game.is_over() {
            app = fuzz_app(&dir);
        }
        // Every move in the game was legal where it was played.
        let g = &app.session().core().game;
        for (i, &m) in g.line().moves().iter().enumerate() {
            assert!(g.line().position_at(i).is_legal(m), "step {step}: move {i} {m} is illegal");
        }
    }
    app.finish();
    assert!(longest >= 10, "the random input played some moves (longest game {longest})");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn fen_with_an_impossible_ply_count_is_refused_with_the_library_message() {
    let mut app = hotseat();
    enter(&mut app, ":fen 4k3/8/8/8/8/8/8/4K3 w 200");
    assert_eq!(error(app.session()), "bad FEN: ply count 200 exceeds the number of holes (0) by more than 64");
    enter(&mut app, ":fen 4k3/8/8/8/8/8/xxx5/4K3 w 2");
    assert_eq!(error(app.session()), "bad FEN: ply count 2 is below the number of holes (3): every ply makes one hole");
    assert_eq!(app.session().core().game.line().position(), &AnyPosition::new(GameKind::Classic), "the game stays");
}

#[test]
fn ctrl_s_on_an_unchanged_game_says_where_it_is_instead_of_writing_again() {
    let dir = temp_dir("already-saved");
    let mut app = hotseat();
    enter(&mut app, "e4");
    let path = dir.join("game.pgn");
    enter(&mut app, &format!(":save {}", path.display()));
    app.update(UserAction::Save);
    assert_eq!(info(app.session()), format!("already saved to {}", path.display()));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no second file");
    enter(&mut app, "e5");
    assert_eq!(app.session().core().game.saved_to(), None, "a changed game is not in that file");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn save_over_an_existing_file_asks_first() {
    let dir = temp_dir("ask-replace");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mine.pgn");
    std::fs::write(&path, "KEEP ME").unwrap();
    let mut app = hotseat();
    enter(&mut app, "e4");
    enter(&mut app, &format!(":save {}", path.display()));
    assert_eq!(app.session().mode(), Mode::Confirm(Pending::Replace(path.clone())));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "KEEP ME", "nothing written before the answer");
    app.update(UserAction::Answer(false));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "KEEP ME");
    assert!(!app.session().core().game.is_saved());
    enter(&mut app, &format!(":save {}", path.display()));
    app.update(UserAction::Answer(true));
    assert!(std::fs::read_to_string(&path).unwrap().contains("1. e4 *"));
    assert_eq!(info(app.session()), format!("saved to {}", path.display()));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_saved_games_list_opens_from_the_new_game_screen_holds_autosaves_and_esc_goes_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_saving_to(
        settings([PlayerKind::Human; 2]),
        settings([PlayerKind::Human; 2]).new_game(),
        dir.path().join("auto"),
    );
    enter(&mut app, "e4");
    app.update(UserAction::Save);
    let said = info(app.session());
    let saved = said.strip_prefix("saved to ").and_then(|s| s.strip_suffix(" (the games folder: Ctrl-O lists it)"));
    // A minute older, so that the order does not rest on the file system's clock granularity.
    let older = std::time::SystemTime::now() - Duration::from_secs(60);
    std::fs::File::options().write(true).open(saved.expect(&said)).unwrap().set_modified(older).unwrap();
    enter(&mut app, "e5");
    // A new game autosaves this one (unsaved since e5).
    enter(&mut app, ":new");
    app.update(UserAction::Answer(true));
    app.update(UserAction::NewGame);
    let Mode::NewGame(form) = *app.session().mode() else { panic!("{:?}", app.session().mode()) };
    app.update(UserAction::OpenList);
    let Mode::OpenGame(picker) = app.session().mode() else { panic!("{:?}", app.session().mode()) };
    assert_eq!(picker.back, Mode::NewGame(form), "Esc goes back to the form");
    let rows: Vec<String> = picker.shown().iter().map(|g| g.row()).collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows[0].ends_with("1. e4 e5  (autosave)") && rows[1].ends_with("*  1. e4"), "{rows:?}");
    app.update(UserAction::Escape);
    assert_eq!(app.session().mode(), Mode::NewGame(form), "back to the form as it was");
    app.update(UserAction::OpenList);
    app.update(UserAction::Cursor(0, -1));
    app.update(UserAction::Submit);
    assert_eq!(app.session().core().game.line().sans(), ["e4"], "the older save, the second row");
    assert_eq!(app.session().mode(), Mode::Play);
}

#[test]
fn tab_completes_the_path_of_open_and_save() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("my-game.pgn"), "[Variant \"Wormhole\"]\n\n1. d4 *\n").unwrap();
    std::fs::write(dir.path().join("my-notes.pgn"), "").unwrap();
    let mut app = hotseat();
    let base = format!("{}/", dir.path().display());
    type_text(&mut app, &format!(":open {base}my"));
    app.update(UserAction::Complete);
    assert_eq!(app.session().core().view.input.text(), format!(":open {base}my-"));
    assert_eq!(info(app.session()), "2 names fit: my-game.pgn  my-notes.pgn");
    type_text(&mut app, "g");
    app.update(UserAction::Complete);
    assert_eq!(app.session().core().view.input.text(), format!(":open {base}my-game.pgn"));
    app.update(UserAction::Submit);
    assert_eq!(app.session().core().game.line().sans(), ["d4"]);
    type_text(&mut app, &format!(":save {base}zz"));
    app.update(UserAction::Complete);
    assert_eq!(info(app.session()), format!("no file or folder starts with '{base}zz'"));
}

#[test]
fn a_move_from_a_hole_says_it_is_a_hole() {
    let mut app = hotseat();
    enter(&mut app, "e4");
    enter(&mut app, "e5");
    enter(&mut app, "e2e4");
    assert_eq!(error(app.session()), "e2 is a hole: no piece stands there");
    assert_eq!(app.session().core().view.input.text(), "e2e4", "the text stays to be corrected");
}

#[test]
fn a_reloaded_game_keeps_the_engine_level_of_the_file_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("level.pgn");
    let players = [PlayerKind::Human, PlayerKind::Engine];
    let three = GameSettings { level: "3".parse().unwrap(), ..settings(players) };
    let mut app = app_with(three);
    enter(&mut app, "e4");
    wait_engine(&mut app);
    enter(&mut app, &format!(":save {}", path.display()));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[Black \"Engine, level 3"), "{text}");
    let mut other = app_with(settings(players));
    assert_eq!(other.session().core().settings.level.number(), 1);
    enter(&mut other, &format!(":open {}", path.display()));
    assert_eq!(other.session().core().settings.level.number(), 3);
    let said = info(other.session());
    assert!(said.contains(": 2 moves; engine level 3 (") && said.ends_with(", as recorded in the file"), "{said}");
}

#[test]
fn a_short_fen_says_what_was_assumed_and_an_orthodox_one_that_it_has_no_portholes() {
    let mut app = hotseat();
    enter(&mut app, ":load 4k3/8/8/8/8/8/8/4K3");
    assert_eq!(info(app.session()), "position loaded; the FEN gave 1 of 3 fields: assumed 'w 0' (White to move)");
    enter(&mut app, ":load 4k3/8/8/8/8/8/8/4K3 b 7");
    assert_eq!(info(app.session()), "position loaded");
    enter(&mut app, ":load rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(app.session().core().game.line().kind(), GameKind::Porthole);
    assert!(info(app.session()).starts_with("loaded as Porthole chess (an orthodox FEN: 6 fields) with no portholes"));
}

#[test]
fn load_asks_before_replacing_a_game_in_progress() {
    let mut app = hotseat();
    enter(&mut app, "e4");
    // A bad FEN is refused at once, without a question.
    enter(&mut app, ":load 8/8/8 w 0");
    assert_eq!(error(app.session()), "bad FEN: expected 8 ranks separated by '/', found 3");
    assert_eq!(app.session().mode(), Mode::Play);
    enter(&mut app, ":load k7/2Q5/1K6/8/8/8/8/8 w 0");
    let fen = "k7/2Q5/1K6/8/8/8/8/8 w 0".to_string();
    assert_eq!(app.session().mode(), Mode::Confirm(Pending::Load(fen)), "asks first");
    let rows = screen(app.session(), 100, 30);
    assert!(contains(&rows, "End the game in progress and load this position?"), "{}", rows.join("\n"));
    app.update(UserAction::Answer(false));
    assert_eq!(app.session().core().game.line().sans(), ["e4"], "no: the game stays");
    enter(&mut app, ":load k7/2Q5/1K6/8/8/8/8/8 w 0");
    app.update(UserAction::Answer(true));
    assert_eq!(app.session().core().game.line().position().fen(), "k7/2Q5/1K6/8/8/8/8/8 w 0");
}
