//! The app: a [`Session`] and the [`Runner`] that performs its effects.
//! Every message goes through [`App::handle`], which runs the effects it
//! causes and feeds their results back, until nothing is left to do.

use std::collections::VecDeque;
use std::time::Instant;

use super::action::{Action, Msg};
use super::runner::Runner;
use super::state::{ExitReport, Session};

pub struct App {
    session: Session,
    runner: Runner,
}

impl App {
    /// Starts the session (the engine moves first if it has White).
    pub fn new(mut session: Session, runner: Runner) -> App {
        let effects = session.start();
        let mut app = App { session, runner };
        app.run_all(effects.into());
        app
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Handles one message and everything it leads to.
    pub fn handle(&mut self, msg: impl Into<Msg>) {
        let effects = self.session.update(msg);
        self.run_all(effects.into());
    }

    /// Handles one user action.
    #[cfg(test)]
    pub fn update(&mut self, action: Action) {
        self.handle(action);
    }

    fn run_all(&mut self, mut queue: VecDeque<super::effects::Effect>) {
        while let Some(effect) = queue.pop_front() {
            if let Some(reply) = self.runner.run(effect) {
                queue.extend(self.session.update(reply));
            }
        }
    }

    /// Time passes and the engine reports. Returns whether the game or the
    /// engine's report changed (a redraw is due at once).
    pub fn tick(&mut self, now: Instant) -> bool {
        let was_over = self.session.game().is_over();
        self.handle(Msg::Tick(now));
        let reports = self.runner.poll();
        let changed = !reports.is_empty();
        for msg in reports {
            self.handle(msg);
        }
        changed || self.session.game().is_over() != was_over
    }

    /// Whether the engine's thread is searching.
    #[cfg(test)]
    pub fn engine_busy(&self) -> bool {
        self.runner.is_searching()
    }

    /// Whether the review's analysis thread is running.
    #[cfg(test)]
    pub fn analysis_busy(&self) -> bool {
        self.runner.is_analysing()
    }

    /// Ends the session: stops the engine, autosaves, and says what to print.
    pub fn finish(&mut self) -> ExitReport {
        if !self.session.should_quit() {
            self.handle(Action::Quit);
        }
        self.session.exit_report()
    }
}
