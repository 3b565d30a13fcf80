//! The game and the engine: playing a move, starting and stopping
//! searches, taking back and replaying, hints, and thinking on the human's
//! time (pondering).
//!
//! Pondering searches the position with the human to move rather than the
//! position after the human's predicted move (UCI's way): its best move is
//! the hint, ready at once; a result it proves is shown while the human
//! thinks; and whatever the human plays, the reply search starts from a
//! table that holds that move's subtree. Measured (`cargo run --release
//! --example ponder_figures`, 8 positions of the 4 games, 2 s of pondering, replies
//! of 500,000 nodes): over the reply without pondering, this gains 0.4 to
//! 0.75 plies on average when the human plays the predicted move and 1 to 2
//! when not; UCI's way gains 1.25 to 1.75 and 0.25 to 0.6. UCI's way would
//! pay only if the human played the predicted move more than a third to
//! two thirds of the time, and it gives no hint nor the human's result.
//! Below full strength the reply starts from an empty table (`ai.rs`), so
//! pondering never makes a level play above itself.

use wormhole::analysis::AnalysisOptions;
use wormhole::engine::Level;
use wormhole::facts::Facts;
use wormhole::{AnyMove, AnyPosition, Color, Rules};

use crate::tui::ai::{self, Clock, Finished, Info, Limits, Purpose};
use crate::tui::effects::Effect;
use crate::tui::game::PlayerKind;
use crate::tui::games;
use crate::tui::state::{Activity, AppState, Core, LastSearch, Mode, Thinking};

/// What a hint after the game says instead.
const GAME_OVER_HINT: &str =
    "the game is over, so no hint: :review (or r) shows the full-strength engine's review of every move";

impl Core {
    pub(super) fn start_search(&mut self, limits: Limits, purpose: Purpose) {
        let position = self.game.position().clone();
        // The positions before this one: a return to one is a draw in Porthole chess.
        let limits = Limits { history: self.game.earlier_hashes(), ..limits };
        // Only the engine's own moves are played at the opponent's level.
        let level = if matches!(purpose, Purpose::Move { .. }) { self.settings.level } else { Level::MAX };
        self.effects.push(Effect::StartSearch { position: position.clone(), limits, level, purpose });
        self.engine.thinking = Some(Thinking { purpose, started: self.now, position, info: None });
    }

    pub(super) fn cancel_search(&mut self) {
        if self.engine.thinking.take().is_some() {
            self.effects.push(Effect::CancelSearch);
        }
    }

    pub(super) fn engine_limits(&self) -> Limits {
        let mut limits = Limits::default();
        if let Some(mt) = self.settings.movetime {
            limits.movetime = Some(mt);
        } else if let Some(c) = self.game.clocks() {
            let turn = self.game.position().turn();
            limits.clock = Some(Clock { remaining: c.remaining(turn, turn, self.now), increment: c.increment() });
        }
        limits
    }
}

impl Core {
    /// Shows `m` as the hint, with the score of the search that found it.
    fn show_hint(&mut self, m: AnyMove, info: Option<&Info>, how: &str) {
        let pos = self.game.position();
        let score = info.map(|i| format!(" ({})", ai::score_for_white(i.score, i.exact, pos.turn())));
        if !pos.is_legal(m) {
            return self.error(format!("hint: {}", pos.why_illegal(m)));
        }
        let san = pos.san(m);
        self.view.hint = Some(m);
        self.info(format!("Hint (full-strength engine{how}): {san}{}", score.unwrap_or_default()));
    }

    /// What thinking on the human's time found about the position now,
    /// once it is worth a hint: it searched as much as a hint's own search
    /// would, or proved the result.
    fn ponder_found(&self) -> Option<Info> {
        let ply = self.game.len();
        let info = match &self.engine.thinking {
            Some(Thinking { purpose: Purpose::Ponder { ply: p }, info, .. }) if *p == ply => info.as_ref(),
            _ => self.engine.pondered.as_ref().filter(|(p, _)| *p == ply).and_then(|(_, info)| info.as_ref()),
        };
        let enough = |i: &&Info| i.nodes >= AnalysisOptions::DEFAULT_NODES || !matches!(i.score, ai::Score::Cp(_));
        info.filter(|i| !i.pv.is_empty()).filter(enough).cloned()
    }

    pub(super) fn move_now(&mut self) {
        if self.engine.thinking.as_ref().is_none_or(|t| matches!(t.purpose, Purpose::Ponder { .. })) {
            return self.error("the engine is not thinking");
        }
        self.effects.push(Effect::MoveNow);
    }
}

impl Core {
    /// The hint from what the thinking on the human's time found.
    fn ponder_hint_from(&mut self, info: &Info) {
        self.engine.ponder_hint = false;
        if let Some(&m) = info.pv.first() {
            self.show_hint(m, Some(info), &format!(", depth {} on your time", info.depth));
        }
    }
}

impl Core {
    /// A report from the thinking on the human's time: a hint asked for
    /// meanwhile is given now.
    pub(super) fn ponder_reported(&mut self) {
        if let Some(info) = self.ponder_found().filter(|_| self.engine.ponder_hint) {
            self.ponder_hint_from(&info);
        }
    }
}

impl AppState {
    pub(super) fn show_fen(&mut self) {
        let fen = self.shown_position().fen();
        self.core.info(format!("FEN (copied): {fen}"));
        self.core.effects.push(Effect::Copy(fen));
    }

    pub(super) fn play_human(&mut self, m: AnyMove) {
        match &mut self.activity {
            Activity::Puzzles(trainer) => return trainer.play(&mut self.core, m),
            Activity::Remote(remote) => return remote.send_move(&mut self.core, m),
            Activity::Game => {}
        }
        if self.core.engine.thinking.as_ref().is_some_and(|t| matches!(t.purpose, Purpose::Hint { .. })) {
            self.core.cancel_search();
        }
        let warning = self.core.game.position().warning(m);
        if let Some(warning) = warning.filter(|_| self.core.view.warned != Some(m)) {
            self.core.view.warned = Some(m);
            return self.core.error(warning);
        }
        self.core.view.warned = None;
        let note = move_note(self.core.game.position(), m);
        match self.core.game.play(m, self.core.now) {
            Ok(()) => self.after_change(),
            Err(e) => return self.core.error(e.to_string()),
        }
        if let Some(text) = note {
            self.core.info(text);
        }
    }

    /// After the game changed: end it, or set the engine thinking, and tidy the view.
    pub(super) fn after_change(&mut self) {
        self.core.view.selected = None;
        self.core.view.hint = None;
        self.core.view.explained = None;
        self.core.view.scroll = None;
        self.core.engine.pondered = None;
        self.core.engine.ponder_hint = false;
        let len = self.core.game.len();
        if self.core.engine.thinking.as_ref().is_some_and(|t| match t.purpose {
            Purpose::Move { ply } | Purpose::Hint { ply } | Purpose::Refutation { ply } | Purpose::Ponder { ply } => {
                ply != len
            }
            Purpose::Analysis { .. } => true,
        }) {
            self.core.cancel_search();
        }
        if self.activity.trainer().is_some() {
            // The puzzle board: nobody else moves, and the puzzle ends the puzzle's way.
            return;
        }
        if self.core.settings.autoflip && self.core.game.players() == [PlayerKind::Human; 2] {
            self.core.view.flipped = self.core.game.position().turn() == Color::Black;
        }
        if self.core.game.is_over() {
            self.core.cancel_search();
            self.core.game.stop_clock(self.core.now);
            self.mode = Mode::GameOver;
            return;
        }
        if self.mode == Mode::GameOver {
            self.mode = Mode::Play;
        }
        self.core.game.start_clock(self.core.now);
        if self.core.game.player_to_move() == PlayerKind::Engine && self.core.engine.thinking.is_none() {
            let limits = self.core.engine_limits();
            self.core.start_search(limits, Purpose::Move { ply: len });
        }
    }

    pub(super) fn finished(&mut self, done: Finished) {
        if self.core.engine.thinking.as_ref().is_none_or(|t| t.purpose != done.purpose) {
            return;
        }
        self.core.engine.thinking = None;
        let ply = self.core.game.len();
        match done.purpose {
            Purpose::Move { ply: p } if p == ply && !self.core.game.is_over() => self.engine_moved(done),
            Purpose::Hint { ply: p } if p == ply => match done.best {
                Some(m) => self.core.show_hint(m, done.info.as_ref(), ""),
                None => self.core.error("no hint: no legal move"),
            },
            Purpose::Analysis { id } => self.study.explore_finished(id, done.info),
            Purpose::Refutation { ply: p } if p == ply => self.in_trainer(|t, core| t.refuted(core, done.best)),
            Purpose::Ponder { ply: p } if p == ply => {
                self.core.engine.pondered = Some((ply, done.info));
                self.core.ponder_reported();
            }
            _ => {}
        }
    }

    pub(super) fn engine_moved(&mut self, done: Finished) {
        let Some(m) = done.best else { return self.core.error("the engine found no move") };
        let pos = self.core.game.position();
        if !pos.is_legal(m) {
            return self.core.error(format!("engine move {m}: {}", pos.why_illegal(m)));
        }
        let san = pos.san(m);
        self.core.engine.search_times.push(done.elapsed);
        if let Some(info) = done.info {
            let mover = self.core.game.position().turn();
            let ply = self.core.game.len();
            let level = self.core.settings.level;
            self.core.view.last_search = Some(LastSearch { ply, san, info, took: done.elapsed, mover, level });
        }
        let note = move_note(self.core.game.position(), m);
        if let Err(e) = self.core.game.play(m, self.core.now) {
            return self.core.error(format!("engine move {m}: {e}"));
        }
        self.after_change();
        if let Some(text) = note {
            self.core.info(text);
        }
    }

    pub(super) fn undo(&mut self) {
        let target = match self.core.undo_target() {
            Ok(target) => target,
            Err(e) => return self.core.error(e),
        };
        self.core.cancel_search();
        let n = self.core.game.undo_to(target);
        self.mode = Mode::Play;
        self.core.info(format!("took back {n} {}", if n == 1 { "move" } else { "moves" }));
        self.after_change();
    }

    pub(super) fn redo(&mut self) {
        if !self.core.game.can_redo() {
            return self.core.error("nothing to redo");
        }
        let len = self.core.game.len();
        let total = self.core.game.redo_len();
        let against_engine = self.core.game.players().contains(&PlayerKind::Engine);
        let target = if against_engine {
            (len + 1..=total)
                .find(|&p| self.core.game.player(self.core.game.turn_at(p)) == PlayerKind::Human)
                .unwrap_or(total)
        } else {
            len + 1
        };
        self.core.cancel_search();
        let n = self.core.game.redo_to(target);
        self.core.info(format!("replayed {n} {}", if n == 1 { "move" } else { "moves" }));
        self.after_change();
    }

    /// A hint from the full-strength engine, whatever the opponent's
    /// level, searching as far as the review does per position; after the
    /// game, the review is offered instead.
    pub(super) fn hint(&mut self) {
        if self.core.game.is_over() {
            return self.core.info(GAME_OVER_HINT);
        }
        if !self.activity.human_to_move(&self.core) {
            return self.core.error("a hint is for your own move");
        }
        if let Some(info) = self.core.ponder_found() {
            return self.core.ponder_hint_from(&info);
        }
        if self.core.engine.thinking.as_ref().is_some_and(|t| matches!(t.purpose, Purpose::Ponder { .. })) {
            self.core.engine.ponder_hint = true;
            return self.core.info("the full-strength engine, thinking on your time, is finding a hint...");
        }
        let limits = Limits { nodes: Some(AnalysisOptions::DEFAULT_NODES), ..Limits::default() };
        self.core.start_search(limits, Purpose::Hint { ply: self.core.game.len() });
        self.core.info("the full-strength engine is thinking about a hint...");
    }

    /// Thinking on the human's time: while the human is to move in a game
    /// against the engine, on the game's screen, the engine searches the
    /// position on the `ponder` setting's cores; anywhere else (a menu, a
    /// dialog, the help, the review, a finished game) it stops, and the CPU
    /// is idle. Called after every update.
    pub(super) fn sync_ponder(&mut self) {
        let pondering = self.core.engine.thinking.as_ref().is_some_and(|t| matches!(t.purpose, Purpose::Ponder { .. }));
        let wanted = self.core.config.prefs.ponder > 0
            && matches!(&self.mode, Mode::Play | Mode::Browse(_))
            && self.activity.trainer().is_none()
            && self.core.game.players().contains(&PlayerKind::Engine)
            && self.activity.human_to_move(&self.core);
        let ply = self.core.game.len();
        if pondering && !wanted {
            self.core.cancel_search();
        } else if wanted
            && self.core.engine.thinking.is_none()
            && self.core.engine.pondered.as_ref().is_none_or(|(p, _)| *p != ply)
        {
            let position = self.core.game.position().clone();
            let limits = Limits { history: self.core.game.earlier_hashes(), ..Limits::default() }.pondering();
            let threads = self.core.config.prefs.ponder;
            self.core.effects.push(Effect::Ponder { position: position.clone(), limits, threads, ply });
            let purpose = Purpose::Ponder { ply };
            self.core.engine.thinking = Some(Thinking { purpose, started: self.core.now, position, info: None });
        }
    }
}

/// What the message line says about `m`, played in `pos`, in the words of
/// its game ([`GameLook::move_note`](crate::tui::games::GameLook::move_note)).
fn move_note(pos: &AnyPosition, m: AnyMove) -> Option<String> {
    games::view(pos.kind()).move_note(pos, m)
}
