//! The puzzle trainer without a terminal: sessions fed the puzzles the
//! runner would read, moves typed and clicked, the effects checked.

use crate::tui::view::marks::highlights;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use wormhole::puzzles::Puzzle;
use wormhole::{Bitboard, GameKind, Rules, Square};

use crate::glicko::Rating;
use crate::puzzle_record::{Attempt, LoadedPuzzles, PuzzleOutcome, Record};
use crate::tui::action::{AutosaveReason, Msg, UserAction};
use crate::tui::ai::{EngineEvent, Finished, Purpose};
use crate::tui::app::App;
use crate::tui::effects::Effect;
use crate::tui::game::PlayerKind;
use crate::tui::keymap::Context;
use crate::tui::state::{AppState, Message, Mode};
use crate::tui::testing::{app_of, enter, error, info, screen, session, temp_dir};
use crate::tui::trainer::Phase;
use crate::tui::update::review::tests::{THROWN_WIN, wait_review};

/// White mates in two: Ra7 (the king's only move is Kg8), Rb8#.
pub const LADDER: &str =
    "ladder\tporthole\t7k/8/8/8/8/8/1R6/R5K1 w - - 0 1\ta1a7 h8g8 b2b8\tRa7 Kg8 Rb8#\t1400\tmate-in-2 quiet-move\t500";

/// White mates through the porthole b4: Rb4>a8#.
pub const THROUGH: &str = "through\tporthole\t6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1 a8,b4,h3\tb1b4a8\tRb4>a8#\t1700\tmate-in-1 through-porthole\t300";

fn puzzle(line: &str) -> Puzzle {
    Puzzle::parse(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

fn loaded(lines: &[&str], record: Record) -> LoadedPuzzles {
    LoadedPuzzles { puzzles: lines.iter().map(|l| puzzle(l)).collect(), record, ..LoadedPuzzles::default() }
}

fn typed(s: &mut AppState, text: &str) -> Vec<Effect> {
    for c in text.chars() {
        s.update(UserAction::Char(c));
    }
    s.update(UserAction::Submit)
}

/// A hot-seat session with the trainer on, the ladder mate on the board.
fn trainer_on(lines: &[&str]) -> AppState {
    let mut s = session([PlayerKind::Human; 2]);
    s.update(Msg::PuzzlesLoaded { game: GameKind::Porthole, loaded: Box::new(loaded(lines, Record::default())) });
    assert_eq!(s.mode(), Mode::Puzzle, "{:?}", s.core().view.message.as_ref());
    s
}

/// The attempt saved, if one was, and the rating the trainer has after it.
fn saved_attempt(s: &AppState, effects: &[Effect]) -> Option<(Attempt, Rating)> {
    effects.iter().find_map(|e| match e {
        Effect::SavePuzzleAttempt { attempt, .. } => Some((attempt.clone(), s.activity().trainer()?.rating())),
        _ => None,
    })
}

#[test]
fn the_right_line_gets_the_replies_and_solves_the_puzzle() {
    let mut s = trainer_on(&[LADDER]);
    assert_eq!(info(&s), "White to play: mate in 2");
    assert_eq!(s.mode().key_context(s.activity()), Context::Puzzle);
    assert!(typed(&mut s, "Ra7").is_empty(), "nothing counted yet");
    assert_eq!(s.core().game.line().sans(), ["Ra7", "Kg8"], "the defender's reply is played");
    assert!(info(&s).contains("Kg8 was the reply"), "{}", info(&s));
    let effects = typed(&mut s, "Rb8#");
    let (attempt, rating) = saved_attempt(&s, &effects).expect("the result is saved");
    assert_eq!((attempt.puzzle.as_str(), attempt.result), ("ladder", PuzzleOutcome::Solved));
    assert!(rating.rating > 1500.0 && attempt.after == rating.rating, "{rating:?}");
    assert_eq!(s.activity().puzzle_phase(), Some(Phase::Solved));
    assert_eq!(s.mode().key_context(s.activity()), Context::PuzzleOver);
    let trainer = s.activity().trainer().unwrap();
    assert_eq!((trainer.streak, trainer.rating()), (1, rating));
    let rows = screen(&s, 110, 36).join("\n");
    for needle in ["Solved!", "Rating +", "(1500 -> ", "Puzzle ladder, rated 1400", "Enter: next", "Streak: 1"] {
        assert!(rows.contains(needle), "{needle} missing:\n{rows}");
    }
}

#[test]
fn a_wrong_move_fails_shows_the_refutation_and_a_retry_counts_no_more() {
    let mut s = trainer_on(&[LADDER]);
    let effects = typed(&mut s, "Rb7");
    let (attempt, rating) = saved_attempt(&s, &effects).expect("the failure is saved");
    assert_eq!(attempt.result, PuzzleOutcome::Failed);
    assert!(rating.rating < 1500.0);
    assert!(error(&s).starts_with("Rb7 is not it"), "{}", error(&s));
    let search =
        effects.iter().any(|e| matches!(e, Effect::StartSearch { purpose: Purpose::Refutation { ply: 1 }, .. }));
    assert!(search, "the engine looks for the reply: {effects:?}");
    // The engine answers: its reply is played on the board.
    let reply = s.core().game.line().position().parse_move("Kg8").unwrap();
    let done =
        Finished { purpose: Purpose::Refutation { ply: 1 }, best: Some(reply), info: None, elapsed: Duration::ZERO };
    s.update(Msg::Engine(EngineEvent::Done(done)));
    assert_eq!(s.core().game.line().sans(), ["Rb7", "Kg8"]);
    assert!(error(&s).contains("it runs into Kg8"), "{}", error(&s));
    assert_eq!(s.mode().key_context(s.activity()), Context::PuzzleOver);
    // A move now is refused; r starts again from the puzzle's position.
    typed(&mut s, "Rb8");
    assert_eq!(s.core().game.line().len(), 2);
    s.update(UserAction::Retry);
    assert_eq!((s.core().game.line().len(), s.activity().puzzle_phase()), (0, Some(Phase::Solving)));
    typed(&mut s, "Ra7");
    let effects = typed(&mut s, "Rb8#");
    assert_eq!(saved_attempt(&s, &effects), None, "it counted the first time");
    assert_eq!(s.activity().trainer().unwrap().rating(), rating);
    assert!(info(&s).contains("it counted the first time"), "{}", info(&s));
}

#[test]
fn the_solution_plays_out_and_enter_brings_the_next_puzzle() {
    let mut s = trainer_on(&[LADDER, THROUGH]);
    assert_eq!(s.activity().trainer().unwrap().offered().unwrap().puzzle.id, "ladder", "the nearest to 1500");
    typed(&mut s, "Rb7");
    s.update(UserAction::ShowSolution);
    assert_eq!(s.core().game.line().sans(), ["Ra7", "Kg8", "Rb8#"]);
    assert!(info(&s).starts_with("Solution: Ra7 Kg8 Rb8#"), "{}", info(&s));
    s.update(UserAction::NextPuzzle);
    assert_eq!(s.activity().trainer().unwrap().offered().unwrap().puzzle.id, "through", "ladder was just tried");
    assert_eq!(s.core().game.line().len(), 0);
    assert_eq!(info(&s), "White to play: mate in 1");
    // Another mate than the solution's counts as solved.
    let effects = typed(&mut s, "Rb4>a8#");
    assert_eq!(saved_attempt(&s, &effects).unwrap().0.result, PuzzleOutcome::Solved);
}

#[test]
fn the_hint_marks_the_piece_and_a_hinted_solve_gains_nothing() {
    let mut s = trainer_on(&[LADDER]);
    s.update(UserAction::Hint);
    assert!(info(&s).contains("the piece on a1 moves"), "{}", info(&s));
    let a1: Square = "a1".parse().unwrap();
    assert_eq!(highlights(&s).selected, Bitboard::from_square(a1), "only the piece, not its target");
    assert_eq!(highlights(&s).targets, Bitboard::EMPTY);
    typed(&mut s, "Ra7");
    let effects = typed(&mut s, "Rb8#");
    let (attempt, rating) = saved_attempt(&s, &effects).unwrap();
    assert_eq!(attempt.result, PuzzleOutcome::Hinted);
    assert_eq!((attempt.before, rating), (1500.0, Rating::default()), "no gain, no loss");
    assert_eq!(s.activity().trainer().unwrap().streak, 0);
}

#[test]
fn the_theme_filter_chooses_the_next_puzzle() {
    let mut s = trainer_on(&[LADDER, THROUGH]);
    typed(&mut s, ":theme through-porthole");
    assert!(info(&s).contains("theme through-porthole: 1 puzzles"), "{}", info(&s));
    typed(&mut s, "Rb7");
    s.update(UserAction::NextPuzzle);
    assert_eq!(s.activity().trainer().unwrap().offered().unwrap().puzzle.id, "through");
    typed(&mut s, ":theme fork");
    assert!(error(&s).contains("no puzzle is about 'fork'"), "{}", error(&s));
    typed(&mut s, ":theme all");
    assert_eq!(s.activity().trainer().unwrap().filter, None);
    // t after a puzzle goes through the themes on offer.
    typed(&mut s, "Kf1");
    assert_eq!(s.mode().key_context(s.activity()), Context::PuzzleOver);
    s.update(UserAction::NextTheme);
    assert_eq!(s.activity().trainer().unwrap().filter.as_deref(), Some("mate"));
    // A colour theme's name is still a colour theme.
    typed(&mut s, ":theme light");
    assert_eq!(s.config().prefs.theme, crate::tui::theme::ThemeName::Light);
}

#[test]
fn a_personal_puzzle_not_yet_solved_comes_back_first() {
    let mut s = session([PlayerKind::Human; 2]);
    let mut record = Record::default();
    let date = String::new();
    for id in ["x1", "x2", "x3", "x4", "x5", "through"] {
        let attempt = Attempt {
            puzzle: id.into(),
            game: "porthole".into(),
            result: PuzzleOutcome::Failed,
            before: 1500.0,
            after: 1500.0,
            date: date.clone(),
        };
        record.add(GameKind::Porthole, attempt, Rating::default());
    }
    let mut loaded = loaded(&[LADDER], record);
    loaded.personal = vec![puzzle(THROUGH)];
    s.update(Msg::PuzzlesLoaded { game: GameKind::Porthole, loaded: Box::new(loaded.clone()) });
    assert_eq!(s.activity().trainer().unwrap().offered().unwrap().puzzle.id, "ladder", "through was tried just now");
    loaded.record.attempts.remove(5);
    s.update(Msg::PuzzlesLoaded { game: GameKind::Porthole, loaded: Box::new(loaded) });
    let offered = s.activity().trainer().unwrap().offered().unwrap();
    assert!(offered.personal && offered.puzzle.id == "through", "{offered:?}");
}

#[test]
fn the_trainer_is_a_choice_of_the_new_game_screen_and_a_game_in_progress_is_autosaved_first() {
    let mut s = session([PlayerKind::Human; 2]);
    typed(&mut s, "e4");
    s.update(UserAction::NewGame);
    let Mode::NewGame(mut form) = *s.mode() else { panic!("{:?}", s.mode()) };
    form.puzzles = true;
    form.variant = GameKind::Porthole;
    s.mode = Mode::NewGame(form);
    let effects = s.update(UserAction::Submit);
    assert!(matches!(effects.as_slice(), [Effect::LoadPuzzles(GameKind::Porthole)]), "{effects:?}");
    let effects = s.update(Msg::PuzzlesLoaded {
        game: GameKind::Porthole,
        loaded: Box::new(loaded(&[LADDER], Record::default())),
    });
    let [Effect::Autosave { reason: reason @ AutosaveReason::Replaced(_), .. }] = effects.as_slice() else {
        panic!("{effects:?}")
    };
    assert_eq!(s.core().game.line().sans(), ["e4"], "the game stays until it is autosaved");
    s.update(Msg::Autosaved { reason: reason.clone(), result: Ok("a.pgn".into()) });
    assert_eq!((s.mode(), s.core().game.line().len()), (&Mode::Puzzle, 0));
    // The puzzle board is never autosaved, and a game replaces the trainer.
    typed(&mut s, "Ra7");
    assert!(s.update(UserAction::Quit).iter().all(|e| !matches!(e, Effect::Autosave { .. })));
}

#[test]
fn no_puzzles_for_the_game_is_said_and_the_game_stays() {
    let mut s = session([PlayerKind::Human; 2]);
    s.update(Msg::PuzzlesLoaded { game: GameKind::Classic, loaded: Box::new(loaded(&[LADDER], Record::default())) });
    assert_eq!(s.mode(), Mode::Play);
    assert!(error(&s).contains("no classic puzzles to offer"), "{}", error(&s));
}

/// An app on the review of the thrown game (White played Ng6?? where
/// Nxf4# mated), the trainer's files in a folder of the test's own.
fn reviewed_thrown_game(tag: &str) -> (App, PathBuf) {
    let dir = temp_dir(tag);
    let _ = std::fs::remove_dir_all(&dir);
    let session = session([PlayerKind::Human; 2]);
    let mut app = app_of(session, dir.clone());
    enter(&mut app, &format!(":load {THROWN_WIN}"));
    enter(&mut app, "Ng6");
    enter(&mut app, "cxh1=Q");
    app.update(UserAction::Review);
    wait_review(&mut app);
    (app, PathBuf::from(format!("{}-puzzles", dir.display())))
}

#[test]
fn p_on_a_missed_win_makes_a_puzzle_only_when_the_win_is_the_only_one() {
    let (mut app, puzzles) = reviewed_thrown_game("personal");
    // Black's reply is no blunder: no puzzle, and why.
    app.update(UserAction::BrowseForward);
    app.update(UserAction::Personal);
    assert!(info(app.session()).contains("no puzzle: p makes a puzzle of a ??"), "{}", info(app.session()));
    // Ng6?? missed Nxf4#, but Qxb7 wins too: the judge refuses it, and says so.
    app.update(UserAction::BrowseBack);
    app.update(UserAction::Personal);
    assert!(info(app.session()).starts_with("checking that the win is the only one"), "{}", info(app.session()));
    let end = Instant::now() + Duration::from_secs(60);
    while matches!(app.session().core().view.message.as_ref(), Some(Message::Info(_))) && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(20));
        app.tick(Instant::now());
    }
    let said = error(app.session());
    assert!(said.starts_with("no puzzle: move 1: ") && said.contains("both win"), "{said}");
    assert!(!puzzles.join("personal.tsv").exists(), "nothing saved");
    let _ = std::fs::remove_dir_all(&puzzles);
}

#[test]
fn a_personal_puzzle_is_saved_once_and_offered_as_the_players_own() {
    let dir = temp_dir("personal-set");
    let _ = std::fs::remove_dir_all(&dir);
    let ladder = puzzle(LADDER);
    let path = crate::puzzle_record::save_personal(&dir, &ladder).unwrap();
    crate::puzzle_record::save_personal(&dir, &ladder).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 2, "the header and the puzzle, once: {text}");
    let loaded = crate::puzzle_record::load_puzzles(None, &dir);
    assert_eq!(loaded.personal, [ladder]);
    let mut s = session([PlayerKind::Human; 2]);
    s.update(Msg::PuzzlesLoaded { game: GameKind::Porthole, loaded: Box::new(loaded) });
    assert!(s.activity().trainer().unwrap().offered().unwrap().personal);
    let rows = screen(&s, 110, 36).join("\n");
    assert!(rows.contains("White to play: mate in 2"), "{rows}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Black mates on board A: A:Bxd2# (a shipped Two-board puzzle).
const TWO_BOARDS: &str = "twoboard-f9760f47b3\ttwoboard\trnbq3r/2pp4/5n1p/pP3pp1/1bP1p1P1/1P3P1P/RB1PP1B1/1N1QK1NR|\
    rnb1k1nr/pp1p1p2/2p2bpp/q7/2Pp3P/PQ3NP1/1P2PP2/RNB2B1R b A K|kq -|- wBh4 6 20\tAb4d2\tA:Bxd2#\t701\t\
    mate-in-1 capture check\t40";

#[test]
fn the_two_board_puzzle_panel_is_whole_at_every_size() {
    let mut s = session([PlayerKind::Human; 2]);
    let game = GameKind::Twoboard;
    s.update(Msg::PuzzlesLoaded { game, loaded: Box::new(loaded(&[TWO_BOARDS], Record::default())) });
    assert_eq!(s.mode(), Mode::Puzzle, "{:?}", s.core().view.message.as_ref());
    for (w, h) in [(120, 40), (120, 30), (100, 30), (200, 60)] {
        let rows = screen(&s, w, h);
        let text = rows.join("\n");
        for needle in ["Puzzles: Two-board portal chess", "Black to play: mate in 1", "Your rating:", "Theme: all"] {
            assert!(text.contains(needle), "{w}x{h}: {needle}\n{text}");
        }
        // The filter's help, cut at 120 columns before, whole (wrapped where narrow).
        assert!(text.contains("(t or :theme NAME") && text.contains("filters)"), "{w}x{h}:\n{text}");
    }
}

/// Issue #41: a Wormhole win by leaving the opponent no move while not in
/// check is asked for and filtered as a stalemate, not as a mate.
#[test]
fn a_stalemate_win_is_asked_for_as_a_stalemate() {
    const STALEMATE: &str = "stalemate\tclassic\txxxxkxxx/xxxxxxpx/xxxxxxxB/nxpxpxxx/xxxxxxxx/xpNPxx1x/xxxxxxxP/xxxxKBxx b 51\t\
                             g7h6\tgxh6\t400\tstalemate-in-1 capture hole-traps-king\t4";
    let mut s = session([PlayerKind::Human; 2]);
    s.update(Msg::PuzzlesLoaded { game: GameKind::Classic, loaded: Box::new(loaded(&[STALEMATE], Record::default())) });
    assert_eq!(info(&s), "Black to play: stalemate in 1 (no legal move loses)");
    assert!(s.activity().trainer().unwrap().filters().contains(&"stalemate".to_string()));
    typed(&mut s, ":theme mate");
    assert!(error(&s).contains("no puzzle is about 'mate'"), "{}", error(&s));
    typed(&mut s, ":theme stalemate");
    assert!(info(&s).contains("theme stalemate: 1 puzzles"), "{}", info(&s));
}

/// Black mates in two on Two-board: B:Qh5^ declares the teleport, the
/// reply B:Nc2 comes, and the queen's teleport to Ah5 is then forced.
pub const TELEPORT: &str = "teleport\ttwoboard\t8/1p1b4/n2pN3/r2P4/4p3/3P2PK/5q2/2B5|4r3/r5kp/5n2/pbPPp2q/5P2/B5P1/P7/N3R3 b B -|- -|- - 3 73\tBh5h5 Ba1c2 Bh5Ah5\tB:Qh5^ B:Nc2 QBh5>Ah5#\t1558\tmate-in-2 quiet-move teleport\t2279";

#[test]
fn a_forced_teleport_in_a_puzzle_is_offered_and_played_by_enter_and_the_hint_names_the_board() {
    for retried in [false, true] {
        let mut s = session([PlayerKind::Human; 2]);
        let puzzles = Box::new(loaded(&[TELEPORT], Record::default()));
        s.update(Msg::PuzzlesLoaded { game: GameKind::Twoboard, loaded: puzzles });
        assert_eq!(s.mode(), Mode::Puzzle, "{:?}", s.core().view.message.as_ref());
        if retried {
            typed(&mut s, "Qg4");
            s.update(UserAction::Retry);
            assert_eq!(s.activity().puzzle_phase(), Some(Phase::Solving));
        }
        s.update(UserAction::Hint);
        assert!(info(&s).contains("the piece on Bh5 (Board B) moves"), "{}", info(&s));
        typed(&mut s, "Qh5^");
        assert_eq!(s.core().game.line().sans(), ["B:Qh5^", "B:Nc2"]);
        // The reply says the teleport is due and how to play it, as a game does.
        assert!(info(&s).contains("press Enter or click Ah5"), "{}", info(&s));
        s.update(UserAction::Hint);
        assert!(info(&s).starts_with("Hint: your intent forces the teleport QBh5>Ah5#"), "{}", info(&s));
        typed(&mut s, "");
        assert_eq!(s.core().game.line().sans(), ["B:Qh5^", "B:Nc2", "QBh5>Ah5#"], "retried: {retried}");
        assert_eq!(s.activity().puzzle_phase(), Some(Phase::Solved));
    }
}
