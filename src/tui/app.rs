//! The app: an [`AppState`] and what performs its effects ([`Perform`]: the
//! local [`Runner`], or a server's for a game played over SSH). Every
//! message goes through [`App::handle`], which runs the effects it causes
//! and feeds their results back, until nothing is left to do.

use std::collections::VecDeque;
use std::time::Instant;

use super::action::{Msg, UserAction};
use super::effects::Effect;
use super::runner::Runner;
use super::state::{AppState, ExitReport};

/// What performs the session's effects and reports back.
pub trait Perform {
    /// Does one effect; some report back.
    fn run(&mut self, effect: Effect) -> Option<Msg>;
    /// The reports of work in progress since the last call.
    fn poll(&mut self) -> Vec<Msg>;
}

impl Perform for Runner {
    fn run(&mut self, effect: Effect) -> Option<Msg> {
        Runner::run(self, effect)
    }

    fn poll(&mut self) -> Vec<Msg> {
        Runner::poll(self)
    }
}

pub struct App<P: Perform = Runner> {
    session: AppState,
    runner: P,
}

impl<P: Perform> App<P> {
    /// Starts the session (the engine moves first if it has White).
    pub fn new(mut session: AppState, runner: P) -> App<P> {
        let effects = session.start();
        let mut app = App { session, runner };
        app.run_all(effects.into());
        app
    }

    pub fn session(&self) -> &AppState {
        &self.session
    }

    /// Handles one message and everything it leads to.
    pub fn handle(&mut self, msg: impl Into<Msg>) {
        let effects = self.session.update(msg);
        self.run_all(effects.into());
    }

    /// Handles one user action.
    #[cfg(test)]
    pub fn update(&mut self, action: UserAction) {
        self.handle(action);
    }

    /// What performs the effects.
    pub fn runner_mut(&mut self) -> &mut P {
        &mut self.runner
    }

    fn run_all(&mut self, mut queue: VecDeque<Effect>) {
        while let Some(effect) = queue.pop_front() {
            if let Some(reply) = self.runner.run(effect) {
                queue.extend(self.session.update(reply));
            }
        }
    }

    /// Time passes and the engine reports. Returns whether the game or the
    /// engine's report changed (a redraw is due at once).
    pub fn tick(&mut self, now: Instant) -> bool {
        let was_over = self.session.core().game.is_over();
        self.handle(Msg::Tick(now));
        let reports = self.runner.poll();
        let changed = !reports.is_empty();
        for msg in reports {
            self.handle(msg);
        }
        changed || self.session.core().game.is_over() != was_over
    }

    /// Ends the session: stops the engine, autosaves, and says what to print.
    pub fn finish(&mut self) -> ExitReport {
        if !self.session.should_quit() {
            self.handle(UserAction::Quit);
        }
        ExitReport::new(self.session.core(), self.session.activity())
    }
}

impl App {
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
}
