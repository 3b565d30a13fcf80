//! The terminal app. The event loop draws the [`AppState`](state::AppState),
//! waits for an event (at most [`MAX_WAIT`], less while the engine thinks
//! or a clock runs), turns it into an [`UserAction`] through the keymap, and
//! hands it to the [`App`], which updates the session and runs the effects.
//! Quitting, a signal and a lost terminal all end it through [`App::finish`].
//!
//! Modules: `state` (the app's state: the shared core, the mode, what the
//! board is for) and `update` (how it changes), `action`
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
pub mod ai;
pub(crate) mod analyst;
pub mod app;
pub(crate) mod choice;
pub mod clock;
mod commands;
pub mod config;
pub mod draw_bench;
pub mod effects;
mod explore;
mod figures;
pub mod game;
pub mod game_settings;
pub mod games;
pub(crate) mod highlights;
mod input;
pub mod keymap;
mod legend;
mod modes;
mod newgame;
mod pacing;
mod picker;
pub mod remote;
mod review;
pub mod runner;
mod shared;
pub mod state;
#[cfg(test)]
pub(crate) mod testing;
pub mod theme;
mod trainer;
mod update;
pub(crate) mod view;

use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::backend::Backend;
use ratatui::layout::Rect;
use ratatui::{DefaultTerminal, Frame, Terminal};
use wormhole::Rules;

use crate::signals::{ExitCause, Signals};
use crate::term_input::{InputSource, LocalInput, Next, TerminalInput};
use action::UserAction;
use app::App;
use state::{AppState, ExitReport};

/// How often the spinner, the engine's report and the clocks are redrawn.
const ANIMATION_FRAME: Duration = Duration::from_millis(100);

/// Frame timing, reported on exit when `WORMHOLE_STATS` is set.
#[derive(Debug, Default)]
pub struct FrameStats {
    frames: u32,
    total: Duration,
    max: Duration,
}

impl FrameStats {
    /// Draws the app and times it.
    fn draw<B: Backend, D: Driven>(&mut self, terminal: &mut Terminal<B>, app: &D) -> Result<(), B::Error> {
        let t = Instant::now();
        terminal.draw(|f| app.draw(f))?;
        let took = t.elapsed();
        self.frames += 1;
        self.total += took;
        self.max = self.max.max(took);
        // Test hook: the end-to-end tests check that a panic restores the terminal.
        assert!(std::env::var_os("WORMHOLE_DEBUG_PANIC").is_none(), "WORMHOLE_DEBUG_PANIC is set");
        Ok(())
    }

    /// Frames drawn, their mean and longest time.
    pub fn report(&self) -> String {
        let mean = self.total.checked_div(self.frames.max(1)).unwrap_or_default();
        format!("frames drawn: {}, mean {:?}, max {:?}", self.frames, mean, self.max)
    }
}

/// The longest the loop waits for an event before it checks for signals
/// and a closed terminal again.
const MAX_WAIT: Duration = Duration::from_millis(100);

/// Inputs handled together before the next frame when they wait at once
/// (a line pasted into an SSH session, a burst of the hub's events): they
/// cost one frame, not one each.
const MOST_PER_FRAME: usize = 64;

/// What the event loop drives: an app that draws itself, takes events and
/// messages, and changes as time passes. The local [`App`] is one; an SSH
/// session's screens are another.
pub trait Driven {
    /// What arrives besides terminal events (the hub's events over SSH).
    type Message;
    /// Draws the app (the view only reads).
    fn draw(&self, frame: &mut Frame);
    /// Whether the app has ended.
    fn should_quit(&self) -> bool;
    /// How long to wait for input before time passes for the app.
    fn wait(&self) -> Duration;
    /// When the screen next changes by itself (a clock's text, the
    /// spinner every [`ANIMATION_FRAME`]), if it does: drawn again then.
    fn changes_at(&self) -> Option<Instant>;
    /// A terminal event on a screen of `area`; whether a redraw is due.
    fn event(&mut self, ev: Event, area: Rect) -> bool;
    /// A message from elsewhere; whether a redraw is due.
    fn message(&mut self, msg: Self::Message) -> bool;
    /// Time passes; whether a redraw is due at once.
    fn tick(&mut self, now: Instant) -> bool;
}

impl<P: app::Perform> Driven for App<P> {
    type Message = std::convert::Infallible;

    fn draw(&self, frame: &mut Frame) {
        view::draw(frame, self.session());
    }

    fn should_quit(&self) -> bool {
        self.session().should_quit()
    }

    fn wait(&self) -> Duration {
        pacing::poll_timeout(self.session()).map_or(MAX_WAIT, |t| t.min(MAX_WAIT))
    }

    fn changes_at(&self) -> Option<Instant> {
        pacing::changes_at(self.session(), ANIMATION_FRAME)
    }

    fn event(&mut self, ev: Event, area: Rect) -> bool {
        let msg = match ev {
            Event::Paste(text) => action::Msg::Paste(text),
            ev => match action_for(&ev, self.session(), area) {
                Some(action) => action.into(),
                None => return false,
            },
        };
        // The clocks charge a move at the moment it is made.
        App::tick(self, Instant::now());
        self.handle(msg);
        true
    }

    fn message(&mut self, msg: Self::Message) -> bool {
        match msg {}
    }

    fn tick(&mut self, now: Instant) -> bool {
        App::tick(self, now)
    }
}

/// Runs the app until it quits, a signal arrives or the terminal is lost;
/// then stops the engine and autosaves through [`App::finish`], the same
/// ending for each. Returns what to print afterwards and how it ended.
pub fn run(terminal: &mut DefaultTerminal, mut app: App, signals: &Signals) -> (ExitReport, ExitCause) {
    let mut input = LocalInput { terminal: TerminalInput::start(), signals };
    let mut stats = FrameStats::default();
    let ending = event_loop(terminal, &mut app, &mut input, &mut stats);
    let mut report = app.finish();
    if std::env::var_os("WORMHOLE_STATS").is_some() {
        report.notes.push(stats.report());
        report.notes.push(app.session().core().engine.search_stats(&app.session().core().settings));
    }
    (report, ending)
}

/// Draws, waits for input and updates the app until something ends it:
/// the same loop for the local terminal and an SSH channel (any backend
/// of ratatui's as the output, any [`InputSource`] as the input).
pub fn event_loop<B, I, D>(terminal: &mut Terminal<B>, app: &mut D, input: &mut I, stats: &mut FrameStats) -> ExitCause
where
    B: Backend,
    I: InputSource,
    D: Driven<Message = I::Message>,
{
    let mut area = terminal.get_frame().area();
    let mut dirty = true;
    let mut due: Option<Instant> = None;
    loop {
        if app.should_quit() {
            return ExitCause::Quit;
        }
        if let Some(ending) = input.ended() {
            return ending;
        }
        let now = Instant::now();
        if dirty || due.is_some_and(|at| at <= now) {
            if let Err(e) = stats.draw(terminal, app) {
                return ExitCause::TerminalLost(input.lost(e.to_string()));
            }
            dirty = false;
            due = app.changes_at();
        }
        let wait = due.map_or(app.wait(), |at| app.wait().min(at.saturating_duration_since(now)));
        let mut next = match input.next(wait) {
            Next::Idle => {
                dirty |= app.tick(Instant::now());
                continue;
            }
            next => Some(next),
        };
        let mut taken = 0;
        while let Some(one) = next.take() {
            match one {
                Next::Event(ev) => {
                    if let Event::Resize(w, h) = ev {
                        area = Rect::new(0, 0, w, h);
                        if let Err(e) = terminal.resize(area) {
                            return ExitCause::TerminalLost(input.lost(e.to_string()));
                        }
                        dirty = true;
                    }
                    dirty |= app.event(ev, area);
                }
                Next::Message(msg) => dirty |= app.message(msg),
                Next::Idle => {}
                Next::Lost(why) => return ExitCause::TerminalLost(why),
            }
            taken += 1;
            if taken < MOST_PER_FRAME && !app.should_quit() {
                next = input.waiting();
            }
        }
        dirty |= app.tick(Instant::now());
    }
}

/// Turns a terminal event into an action (only key presses count).
pub fn action_for(ev: &Event, session: &AppState, area: Rect) -> Option<UserAction> {
    match ev {
        Event::Key(key) if key.kind == KeyEventKind::Press => keymap::action_for(
            key,
            session.mode().key_context(session.activity()),
            session.core().view.input.text().is_empty(),
        ),
        Event::Mouse(m) => match m.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                let screen = view::screen(area, session)?;
                let (board, sq) = screen.square_at(m.column, m.row)?;
                match board == session.shown_position().board_to_play() {
                    true => Some(UserAction::ClickSquare(sq)),
                    false => Some(UserAction::ClickBoard(board, sq)),
                }
            }
            MouseEventKind::ScrollUp => Some(UserAction::Scroll(-3)),
            MouseEventKind::ScrollDown => Some(UserAction::Scroll(3)),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyEvent, KeyEventState, KeyModifiers, MouseEvent};
    use ratatui::backend::TestBackend;
    use std::collections::VecDeque;
    use wormhole::Square;

    use game::PlayerKind;
    use testing::session;

    /// An input of scripted events, each waiting or not; lost once they are used up.
    struct Script {
        inputs: VecDeque<(bool, Next)>,
        /// How many times the loop waited.
        waits: usize,
    }

    impl InputSource for Script {
        type Message = std::convert::Infallible;

        fn next(&mut self, _timeout: Duration) -> Next {
            self.waits += 1;
            self.inputs.pop_front().map_or(Next::Lost("the script ended".into()), |(_, next)| next)
        }

        fn waiting(&mut self) -> Option<Next> {
            match self.inputs.front() {
                Some((true, _)) => self.inputs.pop_front().map(|(_, next)| next),
                _ => None,
            }
        }
    }

    fn keys(text: &str, waiting: bool) -> Vec<(bool, Next)> {
        text.chars().map(|c| (waiting, Next::Event(Event::Key(KeyEvent::from(KeyCode::Char(c)))))).collect()
    }

    fn rows(terminal: &Terminal<TestBackend>) -> String {
        let buf = terminal.backend().buffer();
        let area = buf.area;
        (0..area.height).map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n").collect()
    }

    #[test]
    fn the_loop_drives_the_app_from_any_input_into_any_backend() {
        let mut app = testing::hotseat();
        // A fixed viewport, as an SSH session's: only the window's changes size it.
        let viewport = ratatui::Viewport::Fixed(Rect::new(0, 0, 100, 30));
        let options = ratatui::TerminalOptions { viewport };
        let mut terminal = Terminal::with_options(TestBackend::new(100, 30), options).unwrap();
        let mut inputs: VecDeque<(bool, Next)> = keys("e4", false).into();
        inputs.push_back((false, Next::Event(Event::Key(KeyEvent::from(KeyCode::Enter)))));
        inputs.push_back((false, Next::Event(Event::Resize(90, 28))));
        inputs.extend(keys("?", false));
        let mut script = Script { inputs, waits: 0 };
        let ending = event_loop(&mut terminal, &mut *app, &mut script, &mut FrameStats::default());
        assert!(matches!(&ending, ExitCause::TerminalLost(why) if why == "the script ended"), "{ending:?}");
        assert_eq!(app.session().core().game.line().sans(), ["e4"], "typed on the input, played by update");
        assert_eq!(terminal.get_frame().area(), Rect::new(0, 0, 90, 28), "the window's change resizes the output");
        let screen = rows(&terminal);
        assert!(
            screen.contains("Help: Tab next page") && screen.contains("Keys"),
            "help is drawn into the sink:\n{screen}"
        );
    }

    #[test]
    fn inputs_waiting_together_are_taken_before_the_next_wait_and_quitting_ends_the_loop() {
        let mut app = testing::hotseat();
        let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
        let mut inputs: VecDeque<(bool, Next)> = keys("e", false).into();
        inputs.extend(keys("4", true));
        inputs.push_back((true, Next::Event(Event::Key(KeyEvent::from(KeyCode::Enter)))));
        inputs.push_back((false, Next::Event(key(KeyCode::Char('c'), KeyModifiers::CONTROL, KeyEventKind::Press))));
        let mut script = Script { inputs, waits: 0 };
        let ending = event_loop(&mut terminal, &mut *app, &mut script, &mut FrameStats::default());
        assert!(matches!(ending, ExitCause::Quit), "{ending:?}");
        assert_eq!(app.session().core().game.line().sans(), ["e4"]);
        assert_eq!(script.waits, 2, "the three keys waiting together cost one wait");
    }

    /// An app whose screen changes by itself once, at `due`.
    struct ChangesOnce {
        due: Instant,
        draws: std::cell::Cell<u32>,
    }

    impl Driven for ChangesOnce {
        type Message = std::convert::Infallible;
        fn draw(&self, _: &mut Frame) {
            self.draws.set(self.draws.get() + 1);
        }
        fn should_quit(&self) -> bool {
            false
        }
        fn wait(&self) -> Duration {
            Duration::from_secs(1)
        }
        fn changes_at(&self) -> Option<Instant> {
            (self.draws.get() < 2).then_some(self.due)
        }
        fn event(&mut self, _: Event, _: Rect) -> bool {
            false
        }
        fn message(&mut self, msg: Self::Message) -> bool {
            match msg {}
        }
        fn tick(&mut self, _: Instant) -> bool {
            false
        }
    }

    /// Waits as long as it is asked (not past 50 ms), `idle` times, then ends.
    struct Waits {
        idle: usize,
        asked: Vec<Duration>,
    }

    impl InputSource for Waits {
        type Message = std::convert::Infallible;
        fn next(&mut self, timeout: Duration) -> Next {
            self.asked.push(timeout);
            if self.asked.len() > self.idle {
                return Next::Lost("done".into());
            }
            std::thread::sleep(timeout.min(Duration::from_millis(50)));
            Next::Idle
        }
    }

    #[test]
    fn a_screen_that_changes_by_itself_is_drawn_when_it_changes_and_not_between() {
        let mut app = ChangesOnce { due: Instant::now() + Duration::from_millis(30), draws: 0.into() };
        let mut terminal = Terminal::new(TestBackend::new(20, 5)).unwrap();
        let mut input = Waits { idle: 6, asked: vec![] };
        event_loop(&mut terminal, &mut app, &mut input, &mut FrameStats::default());
        assert_eq!(app.draws.get(), 2, "drawn at the start and once when due, not on every wake");
        assert!(input.asked[0] <= Duration::from_millis(30), "the first wait ends when the change is due");
        assert!(input.asked[1..].iter().all(|&t| t == Duration::from_secs(1)), "{:?}", input.asked);
    }

    fn key(code: KeyCode, modifiers: KeyModifiers, kind: KeyEventKind) -> Event {
        Event::Key(KeyEvent { code, modifiers, kind, state: KeyEventState::NONE })
    }

    #[test]
    fn only_key_presses_count_and_ctrl_c_always_quits() {
        let mut s = session([PlayerKind::Human; 2]);
        let area = Rect::new(0, 0, 100, 30);
        let press = |c| key(KeyCode::Char(c), KeyModifiers::NONE, KeyEventKind::Press);
        assert_eq!(action_for(&press('e'), &s, area), Some(UserAction::Char('e')));
        let release = key(KeyCode::Char('e'), KeyModifiers::NONE, KeyEventKind::Release);
        assert_eq!(action_for(&release, &s, area), None);
        let repeat = key(KeyCode::Char('e'), KeyModifiers::NONE, KeyEventKind::Repeat);
        assert_eq!(action_for(&repeat, &s, area), None);
        assert_eq!(action_for(&press('?'), &s, area), Some(UserAction::Help));
        s.update(UserAction::Char('e'));
        assert_eq!(action_for(&press('?'), &s, area), Some(UserAction::Char('?')), "? is text once typing");
        let ctrl_c = key(KeyCode::Char('c'), KeyModifiers::CONTROL, KeyEventKind::Press);
        assert_eq!(action_for(&ctrl_c, &s, area), Some(UserAction::Quit));
        s.update(UserAction::Help);
        assert_eq!(action_for(&ctrl_c, &s, area), Some(UserAction::Quit));
        s.update(UserAction::Quit);
        assert!(s.should_quit(), "Ctrl-C quits even from the help overlay");
    }

    #[test]
    fn a_click_maps_to_the_square_under_the_mouse() {
        let s = session([PlayerKind::Human; 2]);
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
        assert_eq!(action_for(&click(r.x + 1, r.y), &s, area), Some(UserAction::ClickSquare(e2)));
        assert_eq!(action_for(&click(99, 29), &s, area), None);
    }
}
