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
use wormhole::{AnyMove, AnyPosition, Rules};

use super::play::Playing;
use crate::tui::ai::{self, EngineReport, Finished, Purpose, SearchLimits};
use crate::tui::effects::Effect;
use crate::tui::game::PlayerKind;
use crate::tui::games;
use crate::tui::modes::Then;
use crate::tui::state::{Activity, Core, LastSearch, Mode, Thinking, View};

/// What a hint after the game says instead.
const GAME_OVER_HINT: &str =
    "the game is over, so no hint: :review (or r) shows the full-strength engine's review of every move";

impl Core {
    pub(super) fn start_search(&mut self, limits: SearchLimits, purpose: Purpose) {
        let position = self.game.line().position().clone();
        // The positions before this one: a return to one is a draw in Porthole chess.
        let limits = SearchLimits { history: self.game.line().earlier_hashes(), ..limits };
        // Only the engine's own moves are played at the opponent's level.
        let level = if matches!(purpose, Purpose::Move { .. }) { self.settings.level } else { Level::MAX };
        self.out.push(Effect::StartSearch { position: position.clone(), limits, level, purpose });
        self.engine.thinking = Some(Thinking { purpose, started: self.now, position, info: None });
    }

    pub(in crate::tui) fn cancel_search(&mut self) {
        if self.engine.thinking.take().is_some() {
            self.out.push(Effect::CancelSearch);
        }
    }
}

impl View {
    /// Shows `m` as the hint in `pos`, with the score of the search that found it.
    fn show_hint(&mut self, pos: &AnyPosition, m: AnyMove, info: Option<&EngineReport>, how: &str) {
        let score = info.map(|i| format!(" ({})", ai::score_for_white(i.score, i.exact, pos.turn())));
        if !pos.is_legal(m) {
            return self.error(format!("hint: {}", pos.why_illegal(m)));
        }
        let san = pos.san(m);
        self.hint = Some(m);
        self.info(format!("Hint (full-strength engine{how}): {san}{}", score.unwrap_or_default()));
    }
}

impl Core {
    pub(super) fn move_now(&mut self) {
        if self.engine.thinking.as_ref().is_none_or(|t| matches!(t.purpose, Purpose::Ponder { .. })) {
            return self.view.error("the engine is not thinking");
        }
        self.out.push(Effect::MoveNow);
    }
}

impl Core {
    /// The hint from what the thinking on the human's time found.
    fn ponder_hint_from(&mut self, info: &EngineReport) {
        self.engine.ponder_hint = false;
        if let Some(&m) = info.pv.first() {
            let pos = self.game.line().position();
            self.view.show_hint(pos, m, Some(info), &format!(", depth {} on your time", info.depth));
        }
    }
}

impl Core {
    /// A report from the thinking on the human's time: a hint asked for
    /// meanwhile is given now.
    pub(super) fn ponder_reported(&mut self) {
        if let Some(info) = self.engine.ponder_found(self.game.line().len()).filter(|_| self.engine.ponder_hint) {
            self.ponder_hint_from(&info);
        }
    }
}

impl Core {
    /// The position `fen` (the one shown) copied, and said.
    pub(in crate::tui) fn show_fen(&mut self, fen: String) {
        self.view.info(format!("FEN (copied): {fen}"));
        self.out.push(Effect::Copy(fen));
    }
}

impl Playing<'_> {
    /// A search of the game's (its [`EngineProgress::search_ended`](crate::tui::shared::EngineProgress::search_ended)) finished: the
    /// engine's move, a hint, the puzzle's refutation, what pondering found.
    pub(in crate::tui) fn search_done(&mut self, done: Finished) -> Then {
        let ply = self.core.game.line().len();
        match done.purpose {
            Purpose::Move { ply: p } if p == ply && !self.core.game.is_over() => {
                return self.engine_moved(done);
            }
            Purpose::Hint { ply: p } if p == ply => match done.best {
                Some(m) => self.core.view.show_hint(self.core.game.line().position(), m, done.info.as_ref(), ""),
                None => self.core.view.error("no hint: no legal move"),
            },
            Purpose::Refutation { ply: p } if p == ply => {
                if let Some(trainer) = self.activity.trainer_mut() {
                    trainer.refuted(self.core, done.best);
                }
            }
            Purpose::Ponder { ply: p } if p == ply => {
                self.core.engine.pondered = Some((ply, done.info));
                self.core.ponder_reported();
            }
            _ => {}
        }
        Then::Stays
    }
}

/// The game's own moves: the player's (in their game, on the puzzle
/// board, or sent to a server, as what the board is for, [`Activity`],
/// says), the engine's, taking back and replaying, and a hint; a change
/// of the game may change the mode (its end puts up the banner).
impl Playing<'_> {
    pub(super) fn play_human(&mut self, m: AnyMove) -> Then {
        match self.activity {
            Activity::Puzzles(trainer) => trainer.play(self.core, m),
            Activity::Remote(remote) => remote.send_move(self.core, m),
            Activity::Game => return self.play_own(m),
        }
        Then::Stays
    }

    /// The player's own move in their game.
    fn play_own(&mut self, m: AnyMove) -> Then {
        if self.core.engine.thinking.as_ref().is_some_and(|t| matches!(t.purpose, Purpose::Hint { .. })) {
            self.core.cancel_search();
        }
        let warning = self.core.game.line().position().warning(m);
        if let Some(warning) = warning.filter(|_| self.core.view.warned != Some(m)) {
            self.core.view.warned = Some(m);
            self.core.view.error(warning);
            return Then::Stays;
        }
        self.core.view.warned = None;
        let note = move_note(self.core.game.line().position(), m);
        if let Err(e) = self.core.game.play(m, self.core.now) {
            self.core.view.error(e.to_string());
            return Then::Stays;
        }
        let then = self.core.after_change(self.activity);
        if let Some(text) = note {
            self.core.view.info(text);
        }
        then
    }

    fn engine_moved(&mut self, done: Finished) -> Then {
        let Some(m) = done.best else {
            self.core.view.error("the engine found no move");
            return Then::Stays;
        };
        let pos = self.core.game.line().position();
        if !pos.is_legal(m) {
            self.core.view.error(format!("engine move {m}: {}", pos.why_illegal(m)));
            return Then::Stays;
        }
        let san = pos.san(m);
        self.core.engine.search_times.push(done.elapsed);
        if let Some(info) = done.info {
            let mover = self.core.game.line().position().turn();
            let ply = self.core.game.line().len();
            let level = self.core.settings.level;
            self.core.view.last_search = Some(LastSearch { ply, san, info, took: done.elapsed, mover, level });
        }
        let note = move_note(self.core.game.line().position(), m);
        if let Err(e) = self.core.game.play(m, self.core.now) {
            self.core.view.error(format!("engine move {m}: {e}"));
            return Then::Stays;
        }
        let then = self.core.after_change(self.activity);
        if let Some(text) = note {
            self.core.view.info(text);
        }
        then
    }

    /// Takes back to the human's last move, on the game's screen ([`Then::Game`]).
    pub(super) fn undo(&mut self) -> Then {
        let target = match self.core.game.undo_target() {
            Ok(target) => target,
            Err(e) => {
                self.core.view.error(e);
                return Then::Stays;
            }
        };
        self.core.cancel_search();
        let n = self.core.game.undo_to(target);
        self.core.view.info(format!("took back {n} {}", if n == 1 { "move" } else { "moves" }));
        match self.core.after_change(self.activity) {
            Then::Over => Then::Over,
            _ => Then::Game,
        }
    }

    pub(super) fn redo(&mut self) -> Then {
        if !self.core.game.line().can_redo() {
            self.core.view.error("nothing to redo");
            return Then::Stays;
        }
        let len = self.core.game.line().len();
        let total = self.core.game.line().redo_len();
        let against_engine = self.core.game.players().contains(&PlayerKind::Engine);
        let target = if against_engine {
            (len + 1..=total)
                .find(|&p| self.core.game.player(self.core.game.line().turn_at(p)) == PlayerKind::Human)
                .unwrap_or(total)
        } else {
            len + 1
        };
        self.core.cancel_search();
        let n = self.core.game.redo_to(target);
        self.core.view.info(format!("replayed {n} {}", if n == 1 { "move" } else { "moves" }));
        self.core.after_change(self.activity)
    }

    /// A hint from the full-strength engine, whatever the opponent's
    /// level, searching as far as the review does per position; after the
    /// game, the review is offered instead.
    pub(super) fn hint(&mut self) {
        if self.core.game.is_over() {
            return self.core.view.info(GAME_OVER_HINT);
        }
        if !self.activity.human_to_move(&self.core.game) {
            return self.core.view.error("a hint is for your own move");
        }
        if let Some(info) = self.core.engine.ponder_found(self.core.game.line().len()) {
            return self.core.ponder_hint_from(&info);
        }
        if self.core.engine.pondering() {
            self.core.engine.ponder_hint = true;
            return self.core.view.info("the full-strength engine, thinking on your time, is finding a hint...");
        }
        let limits = SearchLimits { nodes: Some(AnalysisOptions::DEFAULT_NODES), ..SearchLimits::default() };
        self.core.start_search(limits, Purpose::Hint { ply: self.core.game.line().len() });
        self.core.view.info("the full-strength engine is thinking about a hint...");
    }
}

/// What follows a change of the game, whichever mode is on screen: the
/// engine set thinking or stopped, given what the board is for
/// ([`Activity`]); the game's end may change the mode (its banner goes up).
impl Core {
    /// After the game changed: end it (its banner goes up, [`Then::Over`]),
    /// or set the engine thinking ([`Then::GoesOn`]), and tidy the view.
    pub(in crate::tui) fn after_change(&mut self, activity: &Activity) -> Then {
        self.view.moved_on();
        self.engine.pondered = None;
        self.engine.ponder_hint = false;
        let len = self.game.line().len();
        if self.engine.thinking.as_ref().is_some_and(|t| match t.purpose {
            Purpose::Move { ply } | Purpose::Hint { ply } | Purpose::Refutation { ply } | Purpose::Ponder { ply } => {
                ply != len
            }
            Purpose::Analysis { .. } => true,
        }) {
            self.cancel_search();
        }
        if activity.trainer().is_some() {
            // The puzzle board: nobody else moves, and the puzzle ends the puzzle's way.
            return Then::Stays;
        }
        self.follow_turn();
        if self.game.is_over() {
            self.cancel_search();
            self.game.stop_clock(self.now);
            return Then::Over;
        }
        self.game.start_clock(self.now);
        if self.game.player_to_move() == PlayerKind::Engine && self.engine.thinking.is_none() {
            let limits = self.settings.engine_limits(&self.game, self.now);
            self.start_search(limits, Purpose::Move { ply: len });
        }
        Then::GoesOn
    }

    /// Thinking on the human's time: while the human is to move in a game
    /// against the engine, on the game's screen, the engine searches the
    /// position on the `ponder` setting's cores; anywhere else (a menu, a
    /// dialog, the help, the review, a finished game) it stops, and the CPU
    /// is idle. Called after every update.
    pub(super) fn sync_ponder(&mut self, activity: &Activity, mode: &Mode) {
        let pondering = self.engine.pondering();
        let wanted = self.config.prefs.ponder > 0
            && matches!(mode, Mode::Play | Mode::Browse(_))
            && activity.trainer().is_none()
            && self.game.players().contains(&PlayerKind::Engine)
            && activity.human_to_move(&self.game);
        let ply = self.game.line().len();
        if pondering && !wanted {
            self.cancel_search();
        } else if wanted
            && self.engine.thinking.is_none()
            && self.engine.pondered.as_ref().is_none_or(|(p, _)| *p != ply)
        {
            let position = self.game.line().position().clone();
            let limits =
                SearchLimits { history: self.game.line().earlier_hashes(), ..SearchLimits::default() }.pondering();
            let threads = self.config.prefs.ponder;
            self.out.push(Effect::Ponder { position: position.clone(), limits, threads, ply });
            let purpose = Purpose::Ponder { ply };
            self.engine.thinking = Some(Thinking { purpose, started: self.now, position, info: None });
        }
    }
}

/// What the message line says about `m`, played in `pos`, in the words of
/// its game ([`GameLook::move_note`](crate::tui::games::GameLook::move_note)).
fn move_note(pos: &AnyPosition, m: AnyMove) -> Option<String> {
    games::view(pos.kind()).move_note(pos, m)
}
