//! The terminal app. The event loop draws the [`Session`](state::Session),
//! waits for an event (blocking while idle, polling while the engine thinks
//! or a clock runs), turns it into an [`Action`] through the keymap, and
//! hands it to the [`App`], which updates the session and runs the effects.
//!
//! Modules: `state` (the session) and `update` (how it changes), `action`
//! (what can happen), `effects` (what it asks for, and the runner that does
//! it), `keymap` and `commands` (the key and `:` command tables), `view`
//! (drawing), `theme`, `game` and `clock` (the game model), `input` (the
//! input line), `ai` (the engine's thread), `files`; `review` and `explore`
//! (the review screen and live analysis) with `analyst` (the review's
//! analysis thread).

pub mod action;
mod ai;
mod analyst;
pub mod app;
pub mod clock;
mod commands;
pub mod effects;
mod explore;
pub mod files;
pub mod game;
mod input;
pub mod keymap;
mod review;
pub mod state;
#[cfg(test)]
mod testing;
pub mod theme;
mod update;
mod view;

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::DefaultTerminal;
use ratatui::layout::Rect;

use action::Action;
use app::App;
use state::{ExitReport, Session};

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
    // Test hook: the end-to-end tests check that a panic restores the terminal.
    let panic_after_draw = std::env::var_os("WORMHOLE_DEBUG_PANIC").is_some();
    while !app.session().should_quit() {
        let since = last_draw.map_or(Duration::MAX, |t| t.elapsed());
        if dirty || (app.session().animating() && since >= ANIMATION_FRAME) {
            let t = Instant::now();
            terminal.draw(|f| view::draw(f, app.session()))?;
            let took = t.elapsed();
            stats.frames += 1;
            stats.total += took;
            stats.max = stats.max.max(took);
            last_draw = Some(t);
            dirty = false;
            assert!(!panic_after_draw, "WORMHOLE_DEBUG_PANIC is set");
        }
        let ready = match app.session().poll_timeout() {
            Some(t) => event::poll(t)?,
            None => true,
        };
        if ready {
            let ev = event::read()?;
            if let Event::Resize(w, h) = ev {
                size = ratatui::layout::Size::new(w, h);
                terminal.autoresize()?;
                dirty = true;
            }
            let area = Rect::new(0, 0, size.width, size.height);
            if let Some(action) = action_for(&ev, app.session(), area) {
                // The clocks charge a move at the moment it is made.
                app.tick(Instant::now());
                app.update(action);
                dirty = true;
            }
        }
        dirty |= app.tick(Instant::now());
    }
    let mut report = app.finish();
    if std::env::var_os("WORMHOLE_STATS").is_some() {
        report.notes.push(stats.report());
        report.notes.push(app.session().search_stats());
    }
    Ok(report)
}

/// Turns a terminal event into an action (only key presses count).
pub fn action_for(ev: &Event, session: &Session, area: Rect) -> Option<Action> {
    match ev {
        Event::Key(key) if key.kind == KeyEventKind::Press => {
            keymap::action_for(key, session.key_context(), session.input().is_empty())
        }
        Event::Mouse(m) => match m.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                let screen = view::layout(area, session.flipped())?;
                screen.board.square_at(m.column, m.row).map(Action::ClickSquare)
            }
            MouseEventKind::ScrollUp => Some(Action::Scroll(-3)),
            MouseEventKind::ScrollDown => Some(Action::Scroll(3)),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyEvent, KeyEventState, KeyModifiers, MouseEvent};
    use wormhole::Square;

    use game::Player;
    use testing::session;

    fn key(code: KeyCode, modifiers: KeyModifiers, kind: KeyEventKind) -> Event {
        Event::Key(KeyEvent { code, modifiers, kind, state: KeyEventState::NONE })
    }

    #[test]
    fn only_key_presses_count_and_ctrl_c_always_quits() {
        let mut s = session([Player::Human; 2]);
        let area = Rect::new(0, 0, 100, 30);
        let press = |c| key(KeyCode::Char(c), KeyModifiers::NONE, KeyEventKind::Press);
        assert_eq!(action_for(&press('e'), &s, area), Some(Action::Char('e')));
        let release = key(KeyCode::Char('e'), KeyModifiers::NONE, KeyEventKind::Release);
        assert_eq!(action_for(&release, &s, area), None);
        let repeat = key(KeyCode::Char('e'), KeyModifiers::NONE, KeyEventKind::Repeat);
        assert_eq!(action_for(&repeat, &s, area), None);
        assert_eq!(action_for(&press('?'), &s, area), Some(Action::Help));
        s.update(Action::Char('e'));
        assert_eq!(action_for(&press('?'), &s, area), Some(Action::Char('?')), "? is text once typing");
        let ctrl_c = key(KeyCode::Char('c'), KeyModifiers::CONTROL, KeyEventKind::Press);
        assert_eq!(action_for(&ctrl_c, &s, area), Some(Action::Quit));
        s.update(Action::Help);
        assert_eq!(action_for(&ctrl_c, &s, area), Some(Action::Quit));
        s.update(Action::Quit);
        assert!(s.should_quit(), "Ctrl-C quits even from the help overlay");
    }

    #[test]
    fn a_click_maps_to_the_square_under_the_mouse() {
        let s = session([Player::Human; 2]);
        let area = Rect::new(0, 0, 100, 30);
        let screen = view::layout(area, false).unwrap();
        let e2: Square = "e2".parse().unwrap();
        let r = screen.board.rect(e2);
        let click = |column, row| {
            Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column,
                row,
                modifiers: KeyModifiers::NONE,
            })
        };
        assert_eq!(action_for(&click(r.x + 1, r.y), &s, area), Some(Action::ClickSquare(e2)));
        assert_eq!(action_for(&click(99, 29), &s, area), None);
    }
}
