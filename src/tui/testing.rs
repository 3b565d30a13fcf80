//! Helpers for the unit tests: sessions and apps that never touch the
//! user's folders or the terminal, typing, waiting for the engine, and
//! drawing into a test backend.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use wormhole::engine::Level;

use super::action::UserAction;
use super::ai::Purpose;
use super::app::App;
use super::config::Config;
use super::game::{GameState, PlayerKind};
use super::game_settings::GameSettings;
use super::runner::{Folders, Runner};
use super::state::{AppState, Message};
use super::theme::Display;

/// Fast, weak, reproducible settings for tests.
pub fn settings(players: [PlayerKind; 2]) -> GameSettings {
    GameSettings { players, movetime: Some(Duration::from_millis(30)), level: Level::MIN, ..GameSettings::default() }
}

/// A folder of this test process under the system's temporary directory,
/// created (a save creates no folder the user names).
pub fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wormhole-tui-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// A session without a runner: effects are returned, never performed.
pub fn session(players: [PlayerKind; 2]) -> AppState {
    let s = settings(players);
    let game = s.new_game();
    AppState::new(s, game, Config::default(), Display::default(), Instant::now())
}

/// An app playing `game`, autosaving into `autosave_dir`.
pub fn app_saving_to(settings: GameSettings, game: GameState, autosave_dir: PathBuf) -> App {
    let session = AppState::new(settings, game, Config::default(), Display::default(), Instant::now());
    app_of(session, autosave_dir)
}

/// An app running `session`, autosaving into `autosave_dir` and saving
/// unnamed games beside it, into `<autosave_dir>-games` (and autosaving
/// there, or into `<autosave_dir>-last`, when `autosave_dir` fails).
pub fn app_of(session: AppState, autosave_dir: PathBuf) -> App {
    let games = PathBuf::from(format!("{}-games", autosave_dir.display()));
    let puzzles = PathBuf::from(format!("{}-puzzles", autosave_dir.display()));
    let last_resort = PathBuf::from(format!("{}-last", autosave_dir.display()));
    let folders = Folders { games, autosaves: autosave_dir, puzzles, puzzle_file: None, last_resort };
    App::new(session, Runner::new(Some(1), folders, Box::new(std::io::sink())))
}

/// An app of a unit test with the temporary folder it saves into: the
/// folder is removed when the app is dropped, after the app.
pub struct TestApp {
    app: App,
    _folder: tempfile::TempDir,
}

impl std::ops::Deref for TestApp {
    type Target = App;
    fn deref(&self) -> &App {
        &self.app
    }
}

impl std::ops::DerefMut for TestApp {
    fn deref_mut(&mut self) -> &mut App {
        &mut self.app
    }
}

/// An app playing `game`, saving into a temporary folder of its own.
pub fn app_with_game(settings: GameSettings, game: GameState) -> TestApp {
    let folder = tempfile::tempdir().expect("a temporary folder for the test's saves");
    let app = app_saving_to(settings, game, folder.path().join("autosaves"));
    TestApp { app, _folder: folder }
}

/// An app playing a new game of `settings`.
pub fn app_with(settings: GameSettings) -> TestApp {
    let game = settings.new_game();
    app_with_game(settings, game)
}

pub fn hotseat() -> TestApp {
    app_with(settings([PlayerKind::Human, PlayerKind::Human]))
}

pub fn vs_engine() -> TestApp {
    app_with(settings([PlayerKind::Human, PlayerKind::Engine]))
}

pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(UserAction::Char(c));
    }
}

pub fn enter(app: &mut App, text: &str) {
    type_text(app, text);
    app.update(UserAction::Submit);
}

/// Lets the engine finish its move (ticking as the event loop would); it
/// may go on thinking on the human's time.
pub fn wait_engine(app: &mut App) {
    let end = Instant::now() + Duration::from_secs(20);
    let answering = |app: &App| {
        app.session().core().engine.thinking.as_ref().is_some_and(|t| !matches!(t.purpose, Purpose::Ponder { .. }))
    };
    while answering(app) && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(5));
        app.tick(Instant::now());
    }
    assert!(!answering(app), "the engine did not answer in time");
    let thinking = app.session().core().engine.thinking.as_ref().is_some();
    assert_eq!(app.engine_busy(), thinking, "the engine's thread is busy when the session thinks so");
}

pub fn error(session: &AppState) -> String {
    match session.core().view.message.as_ref() {
        Some(Message::Error(e)) => e.clone(),
        other => panic!("expected an error, got {other:?}"),
    }
}

pub fn info(session: &AppState) -> String {
    match session.core().view.message.as_ref() {
        Some(Message::Info(i)) => i.clone(),
        other => panic!("expected a remark, got {other:?}"),
    }
}

/// The screen as text rows.
pub fn screen(session: &AppState, w: u16, h: u16) -> Vec<String> {
    let buf = buffer(session, w, h);
    (0..h).map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>()).collect()
}

/// The screen as a buffer (text and colours).
pub fn buffer(session: &AppState, w: u16, h: u16) -> ratatui::buffer::Buffer {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| super::view::draw(f, session)).unwrap();
    term.backend().buffer().clone()
}

pub fn contains(rows: &[String], text: &str) -> bool {
    rows.iter().any(|r| r.contains(text))
}

/// Whether `session`'s board shows Black's side at the bottom.
pub fn flipped(session: &AppState) -> bool {
    session.core().view.flipped_in(session.core().game.line().kind())
}
