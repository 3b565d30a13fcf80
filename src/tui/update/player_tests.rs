//! What a player meets (issue 10): the new-game screen, settings that
//! persist, confirmations, the clock, `:explain`, and each message or state
//! that once said something wrong. Pure transitions where possible; the
//! engine and files through an [`App`](crate::tui::app::App).

use crate::tui::view::marks::highlights;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use wormhole::engine::{Info, Level, Score};
use wormhole::{AnyPosition, Color, GameKind, Rules};

use crate::tui::action::{AutosaveReason, Msg, UserAction};
use crate::tui::ai::{EngineEvent, Finished, Purpose};
use crate::tui::config::Config;
use crate::tui::effects::Effect;
use crate::tui::game::{GameEnd, GameState, PlayerKind};
use crate::tui::game_settings::GameSettings;
use crate::tui::state::{AppState, Mode};
use crate::tui::testing::*;
use crate::tui::theme::{Display, ThemeName};

fn typed(s: &mut AppState, text: &str) -> Vec<Effect> {
    let mut effects = Vec::new();
    for c in text.chars() {
        effects.extend(s.update(UserAction::Char(c)));
    }
    effects.extend(s.update(UserAction::Submit));
    effects
}

/// A session whose config file is `path` (nothing is written: effects are only returned).
fn session_with_config(players: [PlayerKind; 2], text: Option<&str>) -> AppState {
    let config = Config::from_text(Some(PathBuf::from("/nowhere/wormhole/config.toml")), text.map(str::to_string));
    let s = settings(players);
    AppState::new(s, s.new_game(), config, Display::default(), Instant::now())
}

/// The config file the effects leave, merged into the file `on_disk`.
fn saved_config(effects: &[Effect], on_disk: &str) -> Option<String> {
    effects.iter().find_map(|e| match e {
        Effect::SaveConfig { prefs, keys, .. } => Some(prefs.merged_into(on_disk, keys).unwrap()),
        _ => None,
    })
}

#[test]
fn ctrl_n_opens_the_new_game_screen_with_the_current_choices_and_enter_starts() {
    let mut s = session_with_config([PlayerKind::Human, PlayerKind::Engine], None);
    typed(&mut s, "e4");
    s.update(UserAction::NewGame);
    let Mode::NewGame(form) = s.mode() else { panic!("{:?}", s.mode()) };
    assert_eq!(form.level, Level::MIN, "the current game's level is preselected");
    assert_eq!(s.core().game.line().len(), 1, "nothing happens before Enter");
    let rows = screen(&s, 100, 30);
    assert!(contains(&rows, "Starting ends the game in progress"), "{}", rows.join("\n"));
    // Down past the Play line to the players, Right: Black; down to the level, Right: one stronger.
    let down = UserAction::Cursor(0, -1);
    for a in [down, down, UserAction::Cursor(1, 0), down, UserAction::Cursor(1, 0)] {
        s.update(a);
    }
    let effects = s.update(UserAction::Submit);
    let reason = effects.iter().find_map(|e| match e {
        Effect::Autosave { reason, .. } => Some(reason.clone()),
        _ => None,
    });
    let reason = reason.expect("the game in progress is autosaved");
    let text = saved_config(&effects, "").expect("the choices are kept");
    assert!(text.contains("side = \"black\"") && text.contains("level = 2"), "{text}");
    assert_eq!(s.core().game.line().len(), 1, "replaced only once it is autosaved");
    assert!(matches!(reason, AutosaveReason::Replaced(_)), "{reason:?}");
    let saved = Msg::Autosaved { reason, result: Ok("a.pgn".into()) };
    let effects = s.update(saved);
    assert_eq!(s.mode(), Mode::Play);
    assert_eq!(s.core().game.players(), [PlayerKind::Engine, PlayerKind::Human]);
    assert_eq!(s.core().settings.level.number(), 2);
    assert!(effects.iter().any(|e| matches!(e, Effect::StartSearch { .. })), "the engine opens as White");
}

#[test]
fn choosing_puzzles_on_the_new_game_screen_keeps_the_game_for_wormhole_puzzles() {
    let mut s = session_with_config([PlayerKind::Human; 2], Some("variant = \"classic\"\n"));
    s.update(UserAction::NewGame);
    let Mode::NewGame(mut form) = *s.mode() else { panic!("{:?}", s.mode()) };
    (form.puzzles, form.variant) = (true, GameKind::Linked);
    s.mode = Mode::NewGame(form);
    let effects = s.update(UserAction::Submit);
    assert!(effects.iter().any(|e| matches!(e, Effect::LoadPuzzles(GameKind::Linked))), "{effects:?}");
    assert_eq!(saved_config(&effects, "variant = \"classic\"\n").as_deref(), Some("variant = \"linked\"\n"));
}

#[test]
fn escape_leaves_the_new_game_screen_and_the_game_goes_on() {
    let mut s = session_with_config([PlayerKind::Engine, PlayerKind::Human], None).with_new_game_screen();
    assert!(s.start().is_empty(), "nothing starts behind the new-game screen");
    let effects = s.update(UserAction::Escape);
    assert_eq!(s.mode(), Mode::Play);
    assert!(effects.iter().any(|e| matches!(e, Effect::StartSearch { .. })), "now the engine moves");
}

#[test]
fn set_changes_a_setting_now_and_saves_it_and_a_broken_file_is_never_written() {
    let mut s = session_with_config([PlayerKind::Human, PlayerKind::Engine], Some("# mine\nlevel = 2\n"));
    let effects = typed(&mut s, ":set level 6");
    assert_eq!(s.core().settings.level.number(), 6, "from the engine's next move");
    assert_eq!(saved_config(&effects, "# mine\nlevel = 2\n").as_deref(), Some("# mine\nlevel = 6\n"));
    assert!(info(&s).starts_with("level = 6 (now); saved"), "{}", info(&s));
    typed(&mut s, ":set level 13");
    assert!(error(&s).contains("13"), "{}", error(&s));
    typed(&mut s, ":set colour red");
    assert!(error(&s).starts_with("unknown setting 'colour' (expected level, variant"), "{}", error(&s));
    typed(&mut s, ":set clock");
    assert!(info(&s).starts_with("clock = off (MIN+INC|off"), "{}", info(&s));
    let effects = typed(&mut s, ":theme");
    assert_eq!(s.core().look.theme.name, ThemeName::Light, ":theme goes to the next theme");
    assert!(saved_config(&effects, "# mine\nlevel = 2\n").unwrap().contains("theme = \"light\""));

    let mut broken = session_with_config([PlayerKind::Human; 2], Some("level = zero\n"));
    assert!(error(&broken).contains("config.toml, line 1"), "{}", error(&broken));
    let effects = typed(&mut broken, ":set level 3");
    assert!(saved_config(&effects, "").is_none(), "the user's broken file is not replaced");
    assert!(info(&broken).contains("not saved: the config file is broken"), "{}", info(&broken));
    assert_eq!(broken.core().settings.level.number(), 3, "but the setting is used");
}

#[test]
fn level_alone_shows_the_level_by_name() {
    let mut s = session([PlayerKind::Human, PlayerKind::Engine]);
    typed(&mut s, ":level");
    assert_eq!(info(&s), "engine level 1 (newcomer); ':level N' sets 1 (newcomer) to 12 (full strength)");
    typed(&mut s, ":level x");
    assert!(error(&s).contains("'x'"), "{}", error(&s));
}

#[test]
fn explain_shows_where_a_piece_goes_on_this_board() {
    let fen = "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17";
    let pos = AnyPosition::from_fen(GameKind::Classic, fen).unwrap();
    let s0 = settings([PlayerKind::Human; 2]);
    let mut s =
        AppState::new(s0, GameState::new(pos, s0.players, None), Config::default(), Display::default(), Instant::now());
    typed(&mut s, ":explain d3");
    let text = info(&s);
    assert!(text.starts_with("Black knight d3: 1 step orthogonally, then 1 diagonally onward"), "{text}");
    assert!(text.ends_with("goes to b2 f2 b4 c5 g5 f6"), "docs/wormhole.md#worked-examples, example 2: {text}");
    assert_eq!(highlights(&s).targets.count(), 6);
    typed(&mut s, ":explain B");
    assert!(info(&s).contains("Black bishop b8 g8"), "the side to move first: {}", info(&s));
    typed(&mut s, ":explain f6");
    assert!(info(&s).ends_with("(on its side's turn)"), "White's bishop while Black moves: {}", info(&s));
    typed(&mut s, ":explain e6");
    assert_eq!(error(&s), "e6 is a hole: nothing stands there, pieces skip it");
    typed(&mut s, ":explain wizard");
    assert_eq!(error(&s), "there is no wizard in Wormhole chess (classic)");
    s.update(UserAction::Escape);
    assert_eq!(highlights(&s).targets.count(), 0, "Esc clears the marks");
}

#[test]
fn picking_a_piece_says_how_it_moves_and_an_opponents_piece_where_it_goes() {
    let mut s = session([PlayerKind::Human, PlayerKind::Engine]);
    s.update(UserAction::ClickSquare("g1".parse().unwrap()));
    assert_eq!(info(&s), "Knight g1: 1 step orthogonally, then 1 diagonally onward, jumping");
    s.update(UserAction::ClickSquare("b8".parse().unwrap()));
    assert!(info(&s).starts_with("Black knight b8: "), "{}", info(&s));
    assert!(info(&s).contains("goes to a6 c6"), "{}", info(&s));
    assert_eq!(highlights(&s).targets.count(), 2, "its targets are marked");
    assert_eq!(highlights(&s).selected.count(), 1);
}

#[test]
fn a_loaded_position_is_played_from_the_side_to_move() {
    let mut s = session([PlayerKind::Human, PlayerKind::Engine]);
    let effects = typed(&mut s, ":load rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17");
    assert_eq!(s.core().game.players(), [PlayerKind::Engine, PlayerKind::Human], "the human takes Black, to move");
    assert!(!effects.iter().any(|e| matches!(e, Effect::StartSearch { .. })), "the engine waits");
    assert!(flipped(&s), "Black at the bottom");
}

#[test]
fn new_during_a_game_and_resign_ask_first() {
    let mut s = session([PlayerKind::Human, PlayerKind::Engine]);
    typed(&mut s, ":new fairy");
    assert_eq!(s.core().game.line().kind(), GameKind::Fairy, "no game in progress: no question");
    let mut s = session([PlayerKind::Human; 2]);
    typed(&mut s, "e4");
    typed(&mut s, ":new fairy");
    assert!(matches!(s.mode(), Mode::Confirm(_)));
    assert!(contains(&screen(&s, 100, 30), "End the game in progress"));
    s.update(UserAction::Answer(false));
    assert_eq!(
        (s.core().game.line().kind(), s.core().game.line().len()),
        (GameKind::Classic, 1),
        "no: nothing changed"
    );
    typed(&mut s, ":resign");
    s.update(UserAction::Escape);
    assert_eq!(s.core().game.end(), None, "Esc is no");
}

/// A finished engine search, as the runner reports it.
fn engine_done(s: &mut AppState, san: &str, score: Score) {
    let m = s.core().game.line().position().parse_move(san).unwrap();
    let ply = s.core().game.line().len();
    let info = Info { depth: 3, score, pv: vec![m], ..Info::default() };
    let done =
        Finished { purpose: Purpose::Move { ply }, best: Some(m), info: Some(info), elapsed: Duration::from_millis(5) };
    s.update(Msg::Engine(EngineEvent::Done(done)));
}

#[test]
fn after_checkmate_the_panel_shows_the_result_not_the_engines_forecast_and_the_footer_no_move_prompt() {
    let pos = AnyPosition::from_fen(GameKind::Classic, "k7/2Q5/1K6/8/8/8/8/8 w 0").unwrap();
    let players = [PlayerKind::Engine, PlayerKind::Human];
    let s0 = GameSettings { players, ..settings(players) };
    let mut s =
        AppState::new(s0, GameState::new(pos, players, None), Config::default(), Display::default(), Instant::now());
    s.start();
    engine_done(&mut s, "Qb7", Score::Win(1));
    assert_eq!(s.mode(), Mode::GameOver);
    let rows = screen(&s, 100, 30);
    let text = rows.join("\n");
    assert!(text.contains("White wins by checkmate"), "{text}");
    assert!(!text.contains("wins in 1 move"), "the forecast is over:\n{text}");
    assert!(!text.contains("Type a move"), "{text}");
    assert!(!text.contains("Ctrl-T hint"), "no hint is offered:\n{text}");
    assert!(!contains(&rows, "Ctrl-Z"), "nothing of the human's to take back:\n{text}");
    typed(&mut s, "Ka7");
    assert_eq!(error(&s), "the game is over (White wins by checkmate); Ctrl-N new game", "no take-back offered");
}

#[test]
fn the_engines_move_line_says_whose_number_it_is_and_breaks_no_phrase() {
    let players = [PlayerKind::Human, PlayerKind::Engine];
    let full = GameSettings { level: Level::MAX, ..settings(players) };
    let mut s = AppState::new(full, full.new_game(), Config::default(), Display::default(), Instant::now());
    typed(&mut s, "e4");
    engine_done(&mut s, "e5", Score::Cp(60));
    for (w, h) in [(120, 40), (100, 30), (200, 60)] {
        let rows = screen(&s, w, h);
        let text = rows.join("\n");
        assert!(contains(&rows, "Engine played e5 in"), "{text}");
        assert!(contains(&rows, "-0.6 for White,"), "Black's +0.6, said from White's side:\n{text}");
        assert!(rows.iter().any(|r| r.contains("depth ") && r.contains("n/s")), "{text}");
    }
}

#[test]
fn a_hint_says_from_whose_side_its_number_is() {
    let mut s = session([PlayerKind::Human; 2]);
    typed(&mut s, "e4");
    s.update(UserAction::Hint);
    let m = s.core().game.line().position().parse_move("e5").unwrap();
    // Black's +0.6 is White's -0.6, said as everywhere else.
    let found = Info { depth: 3, score: Score::Cp(60), pv: vec![m], ..Info::default() };
    let done =
        Finished { purpose: Purpose::Hint { ply: 1 }, best: Some(m), info: Some(found), elapsed: Duration::ZERO };
    s.update(Msg::Engine(EngineEvent::Done(done)));
    assert_eq!(info(&s), "Hint (full-strength engine): e5 (-0.6 for White)");
}

#[test]
fn a_weak_levels_move_is_shown_without_its_own_score() {
    // Level 1 picks at random among shallow scores: its number is no
    // measure of the position (the full-strength review may say the opposite).
    let mut s = session([PlayerKind::Human, PlayerKind::Engine]);
    typed(&mut s, "e4");
    engine_done(&mut s, "e5", Score::Cp(100));
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let rows = screen(&s, w, h);
        let text = rows.join("\n");
        assert!(contains(&rows, "Engine played e5 in"), "{text}");
        assert!(contains(&rows, "level 1 (newcomer)"), "the level it played at:\n{text}");
        assert!(!contains(&rows, "for White") && !contains(&rows, "-1.0"), "no score shown as fact:\n{text}");
    }
}

#[test]
fn the_engines_last_move_line_goes_with_an_undo() {
    let mut s = session([PlayerKind::Human, PlayerKind::Engine]);
    typed(&mut s, "e4");
    engine_done(&mut s, "e5", Score::Cp(10));
    assert!(contains(&screen(&s, 100, 30), "Engine played e5"));
    typed(&mut s, ":undo");
    assert_eq!(s.core().game.line().len(), 0);
    assert!(!contains(&screen(&s, 100, 30), "Engine played"), "it no longer describes the position");
}

#[test]
fn the_footer_at_80_columns_shows_whole_entries_only() {
    let s = session([PlayerKind::Human; 2]);
    let rows = screen(&s, 80, 24);
    let footer = rows[23].trim_end();
    assert!(footer.ends_with("F1 help  Ctrl-C quit"), "{footer:?}");
    for entry in footer.split("  ") {
        assert!(entry.split_once(' ').is_some_and(|(k, w)| !k.is_empty() && !w.is_empty()), "{entry:?} in {footer:?}");
    }
}

#[test]
fn typing_a_san_that_needs_a_file_lists_the_candidates_before_and_after_enter() {
    let pos = AnyPosition::from_fen(GameKind::Classic, "4k3/8/8/8/8/8/8/1R3RK1 w 0").unwrap();
    let s0 = settings([PlayerKind::Human; 2]);
    let mut s =
        AppState::new(s0, GameState::new(pos, s0.players, None), Config::default(), Display::default(), Instant::now());
    for c in "Rd1".chars() {
        s.update(UserAction::Char(c));
    }
    assert!(contains(&screen(&s, 100, 30), "matches: Rbd1 Rfd1"), "not 'no legal move starts like this'");
    s.update(UserAction::Submit);
    let rows = screen(&s, 100, 30);
    assert!(contains(&rows, "ambiguous: Rbd1 Rfd1") && contains(&rows, "matches: Rbd1 Rfd1"), "{}", rows.join("\n"));
}

#[test]
fn a_clock_under_ten_seconds_is_drawn_as_a_warning() {
    let s0 = GameSettings { clock: "0.15+0".parse().ok(), ..settings([PlayerKind::Human; 2]) };
    let s = AppState::new(s0, s0.new_game(), Config::default(), Display::default(), Instant::now());
    let buf = buffer(&s, 100, 30);
    let rows = screen(&s, 100, 30);
    let (y, row) = rows.iter().enumerate().find(|(_, r)| r.contains("White: White player")).unwrap();
    let x = row.find("0:09.0").map(|b| row[..b].chars().count()).expect("9 s left");
    assert_eq!(buf[(x as u16, y as u16)].fg, s.core().look.theme.clock_low.fg.unwrap());
}

#[test]
fn a_flag_can_be_taken_back_and_the_clocks_are_as_they_were() {
    let s0 = GameSettings { clock: "1+0".parse().ok(), ..settings([PlayerKind::Human; 2]) };
    let t0 = Instant::now();
    let mut s = AppState::new(s0, s0.new_game(), Config::default(), Display::default(), t0);
    s.start();
    typed(&mut s, "e4");
    s.update(Msg::Tick(t0 + Duration::from_secs(5)));
    typed(&mut s, "e5");
    s.update(Msg::Tick(t0 + Duration::from_secs(200)));
    assert_eq!(s.core().game.end(), Some(GameEnd::Time(Color::White)));
    assert!(s.offers(UserAction::Undo), "the dialog offers a take-back");
    assert!(contains(&screen(&s, 100, 30), "Ctrl-Z  take back"));
    s.update(UserAction::Undo);
    assert_eq!((s.mode(), s.core().game.line().len(), s.core().game.end()), (&Mode::Play, 1, None));
    let clocks = s.core().game.clocks().clock().unwrap();
    assert_eq!(clocks.times(), [Duration::from_secs(60), Duration::from_secs(60)], "as they were after 1. e4");
    typed(&mut s, "d5");
    assert_eq!(s.core().game.line().len(), 2, "and the game goes on");
}
