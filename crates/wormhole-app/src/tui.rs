//! The terminal app: a small loop that draws, waits for an event (at most
//! [`MAX_WAIT`], less while the engine thinks or a clock runs), turns it
//! into an [`Action`] and updates the [`App`]. Quitting, a signal and a lost
//! terminal all leave the loop the same way, through [`App::finish`].

mod ai;
pub mod app;
mod board_view;
pub mod files;
pub mod game;
mod help;
mod input;
mod panel;
pub mod theme;
mod ui;

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind};
use ratatui::DefaultTerminal;
use ratatui::layout::Rect;

use crate::signals::{Ending, Signals};
use crate::term_input::{Next, TerminalInput};
use app::{Action, App, ExitReport, Mode};

/// How often the spinner, the engine's report and the clocks are redrawn.
const ANIMATION_FRAME: Duration = Duration::from_millis(100);

/// Frame timing, reported on exit when `WORMHOLE_STATS` is set.
#[derive(Debug, Default)]
struct FrameStats {
    frames: u32,
    total: Duration,
    max: Duration,
}

impl FrameStats {
    fn report(&self) -> String {
        let mean = self.total.checked_div(self.frames.max(1)).unwrap_or_default();
        format!("frames drawn: {}, mean {:?}, max {:?}", self.frames, mean, self.max)
    }
}

/// The longest the loop waits for an event before it checks for signals
/// and a closed terminal again.
const MAX_WAIT: Duration = Duration::from_millis(100);

/// Runs the app until it quits, a signal arrives or the terminal is lost;
/// then stops the engine and autosaves (the same ending for each). Returns
/// what to print afterwards and how the session ended.
pub fn run(terminal: &mut DefaultTerminal, mut app: App, signals: &Signals) -> (ExitReport, Ending) {
    let input = TerminalInput::start();
    let mut stats = FrameStats::default();
    let ending = event_loop(terminal, &mut app, &input, signals, &mut stats);
    let mut report = app.finish();
    if std::env::var_os("WORMHOLE_STATS").is_some() {
        report.notes.push(stats.report());
        report.notes.push(app.search_stats());
    }
    (report, ending)
}

/// Draws, waits for an event and updates the app until something ends the session.
fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    input: &TerminalInput,
    signals: &Signals,
    stats: &mut FrameStats,
) -> Ending {
    let lost = |e: io::Error| {
        Ending::TerminalLost(if input.hung_up() { "the terminal was closed".to_string() } else { e.to_string() })
    };
    let mut dirty = true;
    let mut size = match terminal.size() {
        Ok(size) => size,
        Err(e) => return lost(e),
    };
    let mut last_draw: Option<Instant> = None;
    // Test hook: the end-to-end tests check that a panic restores the terminal.
    let panic_after_draw = std::env::var_os("WORMHOLE_DEBUG_PANIC").is_some();
    loop {
        if app.should_quit() {
            return Ending::Quit;
        }
        if let Some(signal) = signals.received() {
            return Ending::Signal(signal);
        }
        let since = last_draw.map_or(Duration::MAX, |t| t.elapsed());
        if dirty || (app.animating() && since >= ANIMATION_FRAME) {
            let t = Instant::now();
            if let Err(e) = terminal.draw(|f| ui::draw(f, app)) {
                return lost(e);
            }
            let took = t.elapsed();
            stats.frames += 1;
            stats.total += took;
            stats.max = stats.max.max(took);
            last_draw = Some(t);
            dirty = false;
            assert!(!panic_after_draw, "WORMHOLE_DEBUG_PANIC is set");
        }
        let ev = match input.next(app.poll_timeout().map_or(MAX_WAIT, |t| t.min(MAX_WAIT))) {
            Next::Event(ev) => ev,
            Next::Idle => {
                dirty |= app.tick();
                continue;
            }
            Next::Lost(why) => return Ending::TerminalLost(why),
        };
        if let Event::Resize(w, h) = ev {
            size = ratatui::layout::Size::new(w, h);
            if let Err(e) = terminal.autoresize() {
                return lost(e);
            }
            dirty = true;
        }
        let area = Rect::new(0, 0, size.width, size.height);
        if let Some(action) = action_for(&ev, app, area) {
            app.update(action);
            dirty = true;
        }
        dirty |= app.tick();
    }
}

/// Turns a terminal event into an action (only key presses count).
pub fn action_for(ev: &Event, app: &App, area: Rect) -> Option<Action> {
    match ev {
        Event::Key(key) if key.kind == KeyEventKind::Press => key_action(key, app),
        Event::Mouse(m) => match m.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                let screen = ui::layout(area, app.flipped())?;
                screen.board.square_at(m.column, m.row).map(Action::ClickSquare)
            }
            MouseEventKind::ScrollUp => Some(Action::Scroll(-3)),
            MouseEventKind::ScrollDown => Some(Action::Scroll(3)),
            _ => None,
        },
        _ => None,
    }
}

fn key_action(key: &KeyEvent, app: &App) -> Option<Action> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl {
        return match key.code {
            KeyCode::Char('c') | KeyCode::Char('q') => Some(Action::Quit),
            KeyCode::Char('z') => Some(Action::Undo),
            KeyCode::Char('y') => Some(Action::Redo),
            KeyCode::Char('f') => Some(Action::Flip),
            KeyCode::Char('t') => Some(Action::Hint),
            KeyCode::Char('g') => Some(Action::MoveNow),
            KeyCode::Char('e') => Some(Action::ShowFen),
            KeyCode::Char('s') => Some(Action::Save),
            KeyCode::Char('o') => Some(Action::Prefill(":open ")),
            KeyCode::Char('l') => Some(Action::Prefill(":load ")),
            KeyCode::Char('n') => Some(Action::NewGame),
            KeyCode::Char('w') => Some(Action::DeleteWord),
            KeyCode::Char('u') => Some(Action::ClearInput),
            _ => None,
        };
    }
    let empty = app.input().is_empty();
    Some(match key.code {
        KeyCode::F(1) => Action::Help,
        KeyCode::F(2) => Action::Hint,
        KeyCode::F(3) => Action::MoveNow,
        KeyCode::Char('?') if empty => Action::Help,
        KeyCode::Char(' ') if empty => Action::Select,
        KeyCode::Char(c) => Action::Char(c),
        KeyCode::Backspace => Action::Backspace,
        KeyCode::Enter => Action::Submit,
        KeyCode::Tab => Action::Complete,
        KeyCode::Esc => Action::Escape,
        KeyCode::Left => Action::Cursor(-1, 0),
        KeyCode::Right => Action::Cursor(1, 0),
        KeyCode::Up if matches!(app.mode(), Mode::Help { .. }) => Action::Scroll(-1),
        KeyCode::Down if matches!(app.mode(), Mode::Help { .. }) => Action::Scroll(1),
        KeyCode::Up => Action::Cursor(0, 1),
        KeyCode::Down => Action::Cursor(0, -1),
        KeyCode::PageUp if matches!(app.mode(), Mode::Help { .. }) => Action::Scroll(-10),
        KeyCode::PageDown if matches!(app.mode(), Mode::Help { .. }) => Action::Scroll(10),
        KeyCode::PageUp => Action::BrowseBack,
        KeyCode::PageDown => Action::BrowseForward,
        KeyCode::Home => Action::BrowseStart,
        KeyCode::End => Action::BrowseEnd,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyEventState, MouseEvent};
    use wormhole::Square;

    use app::Settings;
    use game::Player;

    fn key(code: KeyCode, modifiers: KeyModifiers, kind: KeyEventKind) -> Event {
        Event::Key(KeyEvent { code, modifiers, kind, state: KeyEventState::NONE })
    }

    fn app() -> App {
        App::with_settings(Settings { players: [Player::Human; 2], ..Settings::default() })
    }

    #[test]
    fn only_key_presses_count_and_ctrl_c_always_quits() {
        let mut app = app();
        let area = Rect::new(0, 0, 100, 30);
        let press = |c| key(KeyCode::Char(c), KeyModifiers::NONE, KeyEventKind::Press);
        assert_eq!(action_for(&press('e'), &app, area), Some(Action::Char('e')));
        let release = key(KeyCode::Char('e'), KeyModifiers::NONE, KeyEventKind::Release);
        assert_eq!(action_for(&release, &app, area), None);
        let repeat = key(KeyCode::Char('e'), KeyModifiers::NONE, KeyEventKind::Repeat);
        assert_eq!(action_for(&repeat, &app, area), None);
        assert_eq!(action_for(&press('?'), &app, area), Some(Action::Help));
        app.update(Action::Char('e'));
        assert_eq!(action_for(&press('?'), &app, area), Some(Action::Char('?')), "? is text once typing");
        let ctrl_c = key(KeyCode::Char('c'), KeyModifiers::CONTROL, KeyEventKind::Press);
        assert_eq!(action_for(&ctrl_c, &app, area), Some(Action::Quit));
        app.update(Action::Help);
        assert_eq!(action_for(&ctrl_c, &app, area), Some(Action::Quit));
        app.update(Action::Quit);
        assert!(app.should_quit(), "Ctrl-C quits even from the help overlay");
    }

    #[test]
    fn a_click_maps_to_the_square_under_the_mouse() {
        let app = app();
        let area = Rect::new(0, 0, 100, 30);
        let screen = ui::layout(area, false).unwrap();
        let e2 = screen.board.rect(Square::from_str_unchecked("e2"));
        let click = Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: e2.x + 1,
            row: e2.y,
            modifiers: KeyModifiers::NONE,
        });
        assert_eq!(action_for(&click, &app, area), Some(Action::ClickSquare(Square::from_str_unchecked("e2"))));
        let outside = Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 99,
            row: 29,
            modifiers: KeyModifiers::NONE,
        });
        assert_eq!(action_for(&outside, &app, area), None);
    }

    trait Unchecked {
        fn from_str_unchecked(s: &str) -> Square;
    }
    impl Unchecked for Square {
        fn from_str_unchecked(s: &str) -> Square {
            s.parse().unwrap()
        }
    }
}
