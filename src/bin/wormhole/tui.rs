//! The terminal app: a small loop that draws, waits for an event (blocking
//! while idle, polling while the engine thinks or a clock runs), turns it
//! into an [`Action`] and updates the [`App`].

mod ai;
pub mod app;
mod board_view;
mod engine_stub;
pub mod files;
pub mod game;
mod help;
mod input;
mod panel;
pub mod theme;
mod ui;

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind};
use ratatui::DefaultTerminal;
use ratatui::layout::Rect;

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

/// Runs the app until it quits; returns what to print afterwards.
pub fn run(terminal: &mut DefaultTerminal, mut app: App) -> io::Result<ExitReport> {
    let mut dirty = true;
    let mut size = terminal.size()?;
    let mut stats = FrameStats::default();
    let mut last_draw: Option<Instant> = None;
    while !app.should_quit() {
        let since = last_draw.map_or(Duration::MAX, |t| t.elapsed());
        if dirty || (app.animating() && since >= ANIMATION_FRAME) {
            let t = Instant::now();
            terminal.draw(|f| ui::draw(f, &app))?;
            let took = t.elapsed();
            stats.frames += 1;
            stats.total += took;
            stats.max = stats.max.max(took);
            last_draw = Some(t);
            dirty = false;
        }
        let ready = match app.poll_timeout() {
            Some(t) => event::poll(t)?,
            None => true,
        };
        if ready {
            let ev = event::read()?;
            if let Event::Resize(w, h) = ev {
                size = ratatui::layout::Size::new(w, h);
                terminal.autoresize()?;
            }
            let area = Rect::new(0, 0, size.width, size.height);
            if let Some(action) = action_for(&ev, &app, area) {
                app.update(action);
            }
            dirty = true;
        }
        dirty |= app.tick();
    }
    let mut report = app.finish();
    if std::env::var_os("WORMHOLE_STATS").is_some() {
        report.notes.push(stats.report());
        report.notes.push(app.search_stats());
    }
    Ok(report)
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
