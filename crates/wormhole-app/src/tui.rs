//! The terminal app. The event loop draws the [`Session`](state::Session),
//! waits for an event (at most [`MAX_WAIT`], less while the engine thinks
//! or a clock runs), turns it into an [`Action`] through the keymap, and
//! hands it to the [`App`], which updates the session and runs the effects.
//! Quitting, a signal and a lost terminal all end it through [`App::finish`].
//!
//! Modules: `state` (the session) and `update` (how it changes), `action`
//! (what can happen), `effects` (what it asks for) and `runner` (what does
//! it), `keymap`, `commands` and `config` (the tables of keys, `:` commands
//! and settings), `newgame` (the new-game screen's form), `games` (what differs per game in drawing and help), `picker` (the list of saved games), `view` (drawing),
//! `theme` (every colour and glyph), `figures` (the pieces drawn on big
//! squares), `game` and `clock` (the game model), `highlights` (what the board marks),
//! `input` (the input line), `choice` (named values), `ai` (the engine's
//! thread), `files` (every file read and written); `review` and
//! `explore` (the review screen and live analysis) with `analyst` (the
//! review's analysis thread).

pub mod action;
mod ai;
mod analyst;
pub mod app;
pub(crate) mod choice;
pub mod clock;
mod commands;
pub mod config;
pub mod effects;
mod explore;
mod figures;
pub mod game;
pub mod games;
pub(crate) mod highlights;
mod input;
pub mod keymap;
mod newgame;
mod picker;
mod review;
pub mod runner;
pub mod state;
#[cfg(test)]
mod testing;
pub mod theme;
mod trainer;
mod update;
pub(crate) mod view;

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::DefaultTerminal;
use ratatui::layout::Rect;
use wormhole::Rules;

use crate::signals::{Ending, Signals};
use crate::term_input::{Next, TerminalInput};
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
    /// Draws the session and times it.
    fn draw(&mut self, terminal: &mut DefaultTerminal, session: &Session) -> io::Result<()> {
        let t = Instant::now();
        terminal.draw(|f| view::draw(f, session))?;
        let took = t.elapsed();
        self.frames += 1;
        self.total += took;
        self.max = self.max.max(took);
        // Test hook: the end-to-end tests check that a panic restores the terminal.
        assert!(std::env::var_os("WORMHOLE_DEBUG_PANIC").is_none(), "WORMHOLE_DEBUG_PANIC is set");
        Ok(())
    }

    fn report(&self) -> String {
        let mean = self.total.checked_div(self.frames.max(1)).unwrap_or_default();
        format!("frames drawn: {}, mean {:?}, max {:?}", self.frames, mean, self.max)
    }
}

/// The longest the loop waits for an event before it checks for signals
/// and a closed terminal again.
const MAX_WAIT: Duration = Duration::from_millis(100);

/// Runs the app until it quits, a signal arrives or the terminal is lost;
/// then stops the engine and autosaves through [`App::finish`], the same
/// ending for each. Returns what to print afterwards and how it ended.
pub fn run(terminal: &mut DefaultTerminal, mut app: App, signals: &Signals) -> (ExitReport, Ending) {
    let input = TerminalInput::start();
    let mut stats = FrameStats::default();
    let ending = event_loop(terminal, &mut app, &input, signals, &mut stats);
    let mut report = app.finish();
    if std::env::var_os("WORMHOLE_STATS").is_some() {
        report.notes.push(stats.report());
        report.notes.push(app.session().search_stats());
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
    let mut size = match terminal.size() {
        Ok(size) => size,
        Err(e) => return lost(e),
    };
    let mut dirty = true;
    let mut last_draw: Option<Instant> = None;
    loop {
        if app.session().should_quit() {
            return Ending::Quit;
        }
        if let Some(signal) = signals.received() {
            return Ending::Signal(signal);
        }
        let since = last_draw.map_or(Duration::MAX, |t| t.elapsed());
        if dirty || (app.session().animating() && since >= ANIMATION_FRAME) {
            last_draw = Some(Instant::now());
            if let Err(e) = stats.draw(terminal, app.session()) {
                return lost(e);
            }
            dirty = false;
        }
        let wait = app.session().poll_timeout().map_or(MAX_WAIT, |t| t.min(MAX_WAIT));
        let ev = match input.next(wait) {
            Next::Event(ev) => ev,
            Next::Idle => {
                dirty |= app.tick(Instant::now());
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
        if let Event::Paste(text) = ev {
            app.tick(Instant::now());
            app.handle(action::Msg::Paste(text));
            dirty = true;
        } else if let Some(action) = action_for(&ev, app.session(), area) {
            // The clocks charge a move at the moment it is made.
            app.tick(Instant::now());
            app.update(action);
            dirty = true;
        }
        dirty |= app.tick(Instant::now());
    }
}

/// Turns a terminal event into an action (only key presses count).
pub fn action_for(ev: &Event, session: &Session, area: Rect) -> Option<Action> {
    match ev {
        Event::Key(key) if key.kind == KeyEventKind::Press => {
            keymap::action_for(key, session.key_context(), session.input().is_empty())
        }
        Event::Mouse(m) => match m.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                let screen = view::screen(area, session)?;
                let (board, sq) = screen.square_at(m.column, m.row)?;
                match board == session.shown_position().board_to_play() {
                    true => Some(Action::ClickSquare(sq)),
                    false => Some(Action::ClickBoard(board, sq)),
                }
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
        let screen = view::screen(area, &s).unwrap();
        let e2: Square = "e2".parse().unwrap();
        let r = screen.boards[0].geometry.rect(e2);
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
