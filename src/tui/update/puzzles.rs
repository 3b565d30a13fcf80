//! The puzzle trainer: opening it, a move on the puzzle board (right: the
//! defender's reply follows; wrong: the engine's refutation), the hint,
//! retry, the solution, the next puzzle, the theme filter, and the record
//! of every attempt. The board is the session's game, so typing and
//! clicking a move work as in a game.

use wormhole::analysis::{AnalysisOptions, Judgement};
use wormhole::{AnyMove, Color, GameKind, Rules};

use super::play::Playing;
use crate::glicko::Rating;
use crate::puzzle_record::{Attempt, LoadedPuzzles, PuzzleOutcome};
use crate::tui::action::UserAction;
use crate::tui::ai::{Purpose, SearchLimits};
use crate::tui::commands::Cmd;
use crate::tui::effects::Effect;
use crate::tui::game::{GameState, PlayerKind};
use crate::tui::game_settings::Replacement;
use crate::tui::modes::Then;
use crate::tui::review::Study;
use crate::tui::state::{Activity, Core, View};
use crate::tui::trainer::{Change, Phase, Trainer, personal_candidate};

/// What the keys do once a puzzle is over.
pub const OVER_KEYS: &str = "Enter: next puzzle, r: retry, s: show the solution, t: next theme, Ctrl-N: leave";

/// What is not done in the trainer.
const NOT_HERE: &str = "not in the puzzle trainer (Ctrl-N leaves it for a game)";

impl View {
    /// A personal puzzle was saved, or why not.
    pub(super) fn personal_saved(&mut self, result: Result<(String, std::path::PathBuf), String>) {
        match result {
            Ok((id, path)) => self.info(format!(
                "puzzle {id} saved to your personal set ({}): the puzzle trainer offers it",
                path.display()
            )),
            Err(e) => self.error(e),
        }
    }
}

/// The trainer's own updates, each given the shared [`Core`].
impl Trainer {
    fn set_phase(&mut self, phase: Phase) {
        if let Some(c) = self.current.as_mut() {
            c.phase = phase;
        }
    }

    /// Counts the puzzle's outcome once (a retry does not count again):
    /// solved, solved after a hint (no gain, no loss) or failed. The
    /// rating, the streak and the record change, and the attempt is saved
    /// (the runner dates it); whether it counted.
    fn count_puzzle(&mut self, core: &mut Core, outcome: PuzzleOutcome) -> bool {
        let Some(current) = self.current.as_ref().filter(|c| c.change.is_none()) else { return false };
        let offered = &self.puzzles[current.index];
        let puzzle = f64::from(offered.puzzle.rating);
        let before = self.rating();
        let after = outcome.rated(before, puzzle);
        let attempt = Attempt {
            puzzle: offered.puzzle.id.clone(),
            game: self.game.name().to_string(),
            result: outcome,
            before: before.rating,
            after: after.rating,
            date: String::new(),
        };
        self.streak = if outcome == PuzzleOutcome::Solved { self.streak + 1 } else { 0 };
        self.record.add(self.game, attempt.clone(), after);
        if let Some(c) = self.current.as_mut() {
            c.change = Some(Change { outcome, before, after });
        }
        core.out.push(Effect::SavePuzzleAttempt { game: self.game, attempt, puzzle });
        true
    }

    /// The line is played out: the puzzle counts as solved (or, after the
    /// hint, as no gain and no loss).
    fn puzzle_solved(&mut self, core: &mut Core) {
        let hinted = self.current.as_ref().is_some_and(|c| c.hinted);
        self.set_phase(Phase::Solved);
        let counted = self.count_puzzle(core, if hinted { PuzzleOutcome::Hinted } else { PuzzleOutcome::Solved });
        let how = if counted { "" } else { " (it counted the first time)" };
        core.view.info(format!("Solved!{how} {OVER_KEYS}"));
    }

    /// A wrong move: the puzzle counts as failed, and the engine finds what
    /// the move runs into.
    fn wrong_move(&mut self, core: &mut Core, m: AnyMove, san: &str) {
        self.set_phase(Phase::Wrong(m));
        self.count_puzzle(core, PuzzleOutcome::Failed);
        if let Some(end) = core.game.end() {
            return core.view.error(format!("{san} is not it: {}. {OVER_KEYS}", end.describe()));
        }
        let limits = SearchLimits { nodes: Some(AnalysisOptions::DEFAULT_NODES), ..SearchLimits::default() };
        core.start_search(limits, Purpose::Refutation { ply: core.game.line().len() });
        core.view.error(format!("{san} is not it: the engine looks for the reply..."));
    }

    /// `s`: the whole solution, played out on the board.
    fn show_solution(&mut self, core: &mut Core) {
        let Some(offered) = self.offered() else { return };
        let (start, line) = (offered.start.clone(), offered.line.clone());
        let sans = offered.puzzle.san.join(" ");
        core.cancel_search();
        core.game = GameState::new(start, [PlayerKind::Human; 2], None);
        for m in line {
            if let Err(e) = core.game.play(m, core.now) {
                return core.view.error(format!("the solution does not play out: {e}"));
            }
        }
        self.set_phase(Phase::Shown);
        core.view.info(format!("Solution: {sans}. {OVER_KEYS}"));
    }

    /// `t` after a puzzle: the next theme filter (all, then each theme on offer).
    fn next_theme(&mut self, core: &mut Core) {
        let filters = self.filters();
        let at = self.filter.as_ref().and_then(|f| filters.iter().position(|x| x == f));
        let next = match at {
            None => filters.first().cloned(),
            Some(i) => filters.get(i + 1).cloned(),
        };
        self.set_puzzle_filter(core, next);
    }

    /// `:theme NAME` in the trainer (`all`: no filter); the next puzzle is about it.
    pub(super) fn set_puzzle_filter(&mut self, core: &mut Core, filter: Option<String>) {
        self.filter = filter.filter(|f| f != "all");
        let n = self.puzzles.iter().filter(|o| o.fits(self.filter.as_deref())).count();
        let text = match &self.filter {
            Some(f) if n == 0 => Err(format!("no puzzle is about '{f}' (themes: {})", self.filters().join(", "))),
            Some(f) => Ok(format!("theme {f}: {n} puzzles; the next puzzle is about it")),
            None => Ok(format!("every theme: {n} puzzles")),
        };
        match text {
            Ok(text) => core.view.info(text),
            Err(text) => core.view.error(text),
        }
    }
}

/// The trainer's mode: its keys, its moves, its hint, each given the shared [`Core`].
impl Trainer {
    /// The puzzle's phase (None before the first puzzle).
    pub(in crate::tui) fn phase(&self) -> Option<Phase> {
        self.current.as_ref().map(|c| c.phase)
    }

    /// Whether the trainer does `action` now.
    pub(in crate::tui) fn offers(&self, action: UserAction) -> bool {
        let solving = self.phase() == Some(Phase::Solving);
        match action {
            UserAction::NextPuzzle | UserAction::Retry | UserAction::ShowSolution | UserAction::NextTheme => !solving,
            UserAction::Hint => solving,
            UserAction::Undo
            | UserAction::Redo
            | UserAction::MoveNow
            | UserAction::Save
            | UserAction::Review
            | UserAction::Analyze
            | UserAction::OpenList
            | UserAction::BrowseBack
            | UserAction::BrowseForward
            | UserAction::BrowseStart
            | UserAction::BrowseEnd
            | UserAction::NextJudged
            | UserAction::PreviousJudged
            | UserAction::Personal => false,
            _ => true,
        }
    }

    /// The trainer's own update (`Mode::Puzzle`): its keys; the board and
    /// the input line work as in a game ([`Then::Keys`]).
    pub(super) fn update(&mut self, core: &mut Core, action: UserAction) -> Then {
        let typing = !core.view.input.text().is_empty();
        let over = self.phase() != Some(Phase::Solving);
        match action {
            UserAction::NextPuzzle => return self.next_puzzle(core),
            UserAction::Retry => return Then::Puzzle,
            UserAction::ShowSolution => self.show_solution(core),
            UserAction::NextTheme => self.next_theme(core),
            UserAction::Hint if self.offers(action) => self.hint(core),
            UserAction::Char(c) if over && c != ':' && !typing => core.view.info(OVER_KEYS),
            a if self.offers(a) => return Then::Keys(a),
            UserAction::Hint => core.view.error("the puzzle is over: no hint"),
            _ => core.view.error(NOT_HERE),
        }
        Then::Stays
    }

    /// Enter after a puzzle: the next one ([`Then::Puzzle`] puts it on the board).
    fn next_puzzle(&mut self, core: &mut Core) -> Then {
        if self.next() {
            return Then::Puzzle;
        }
        let filter = self.filter.clone().unwrap_or_default();
        core.view.error(format!("no puzzle is about '{filter}' (t or ':theme all' changes the filter)"));
        Then::Stays
    }

    /// Puts the puzzle on the board at its start, the solver's side at
    /// the bottom; whether there was one.
    pub(super) fn set_up(&mut self, core: &mut Core) -> bool {
        let Some(offered) = self.offered() else { return false };
        let (start, solver, task) = (offered.start.clone(), offered.solver(), offered.task());
        core.cancel_search();
        core.game = GameState::new(start, [PlayerKind::Human; 2], None);
        core.view = View { flipped: solver == Color::Black, ..View::default() };
        self.set_phase(Phase::Solving);
        core.view.info(task);
        true
    }

    /// A `:` command the trainer does not take says so; returns whether it did.
    pub(super) fn refuses(&mut self, core: &mut Core, cmd: Cmd) -> bool {
        match cmd {
            Cmd::Hint if self.phase() == Some(Phase::Solving) => self.hint(core),
            Cmd::Undo | Cmd::Redo | Cmd::Hint | Cmd::Go | Cmd::Save | Cmd::Review | Cmd::Analyze | Cmd::Resign => {
                core.view.error(NOT_HERE)
            }
            _ => return false,
        }
        true
    }

    /// A move on the puzzle board: right, the defender's reply follows (or
    /// the puzzle is solved); wrong, the puzzle is failed.
    pub(super) fn play(&mut self, core: &mut Core, m: AnyMove) {
        if self.phase() != Some(Phase::Solving) {
            return core.view.info(OVER_KEYS);
        }
        let played = core.game.line().len();
        let pos = core.game.line().position().clone();
        let right = self.is_right(played, &pos, m);
        let expected = self.expected(played) == Some(m);
        let reply = self.expected(played + 1).filter(|_| expected);
        let san = pos.san(m);
        if let Err(e) = core.game.play(m, core.now) {
            return core.view.error(e.to_string());
        }
        (core.view.selected, core.view.entry, core.view.explained) = (None, None, None);
        match (right, reply) {
            (false, _) => self.wrong_move(core, m, &san),
            (true, Some(reply)) if !core.game.is_over() => defender_replies(core, reply, &san),
            (true, _) => self.puzzle_solved(core),
        }
    }

    /// The engine's reply to the wrong move, played on the board.
    pub(super) fn refuted(&self, core: &mut Core, reply: Option<AnyMove>) {
        let Some(Phase::Wrong(wrong)) = self.phase() else { return };
        let before = core.game.line().position_at(core.game.line().len().saturating_sub(1));
        let san = before.san(wrong);
        let Some(reply) = reply else { return core.view.error(format!("{san} is not it. {OVER_KEYS}")) };
        let reply_san = core.game.line().position().san(reply);
        if let Err(e) = core.game.play(reply, core.now) {
            return core.view.error(format!("the engine's reply {reply_san}: {e}"));
        }
        core.view.error(format!("{san} is not it: it runs into {reply_san}. {OVER_KEYS}"));
    }

    /// Ctrl-T on the puzzle board: marks the piece that moves first; a
    /// solve after it gains nothing.
    fn hint(&mut self, core: &mut Core) {
        let played = core.game.line().len();
        if let Some(c) = self.current.as_mut() {
            c.hinted = true;
        }
        let expected = self.expected(played);
        // A forced move (a teleport due) is hinted as a game says it: what
        // forces it and how to play it, its squares named with their boards.
        if let Some(forced) = core.game.forced().filter(|f| Some(f.m) == expected) {
            return core.view.info(format!("Hint: {} (a solve with a hint gains no rating)", forced.why));
        }
        // On a game of more than one board, the square is named with its board (Bh5).
        let pos = core.game.line().position();
        let board = pos.kind().info().board_names.get(pos.board_to_play()).copied();
        match self.hint_square(played) {
            Some(sq) => {
                let on = board.map_or(sq.to_string(), |b| format!("{b}{sq} (Board {b})"));
                core.view.info(format!("Hint: the piece on {on} moves (a solve with a hint gains no rating)"))
            }
            None => core.view.error("no hint here"),
        }
    }
}

/// The defender's reply of the solution, played for the player.
fn defender_replies(core: &mut Core, reply: AnyMove, san: &str) {
    let reply_san = core.game.line().position().san(reply);
    if let Err(e) = core.game.play(reply, core.now) {
        return core.view.error(format!("the puzzle's reply {reply_san}: {e}"));
    }
    let due = core.game.forced().map_or(String::new(), |f| format!(" ({})", f.why));
    core.view.info(format!("{san}: right. {reply_san} was the reply: your move{due}"));
}

impl Core {
    /// Opens the trainer for `game`: its puzzles and the player's record are read first.
    pub(in crate::tui) fn open_trainer(&mut self, game: GameKind) {
        self.out.push(Effect::LoadPuzzles(game));
        self.view.info(format!("reading the {game} puzzles..."));
    }
}

impl Study {
    /// `p` in the review: the move viewed, a `??` of the player's that
    /// missed a proved win, becomes a puzzle of the personal set once the
    /// runner has re-proved that the win is unique; else says why not.
    pub(super) fn make_personal(&self, core: &mut Core) {
        let Some(review) = &self.review else { return };
        let Some(r) = review.current() else {
            return core.view.info("this move is not analysed yet: wait for the review");
        };
        if r.judgement != Some(Judgement::Blunder) {
            return core
                .view
                .info("no puzzle: p makes a puzzle of a ?? (a blunder) that missed a win, and this move is not one");
        }
        if core.game.player(r.mover) == PlayerKind::Engine {
            return core.view.info("no puzzle: that ?? was the engine's move, not yours");
        }
        if !r.before.is_proved_win_for(r.mover) {
            return core.view.info(format!(
                "no puzzle: before this ?? the review found no proved win for {} ({}), and a puzzle needs one",
                r.mover, r.before
            ));
        }
        match personal_candidate(review.position(), &r.best_line) {
            Ok(puzzle) => {
                core.out.push(Effect::MakePersonal(Box::new(puzzle)));
                core.view.info("checking that the win is the only one (a few seconds)...");
            }
            Err(e) => core.view.error(format!("no puzzle: {e}")),
        }
    }
}

impl Playing<'_> {
    /// The puzzles and the record, read: the trainer starts (once the game
    /// it replaces is autosaved), or says why it cannot.
    pub(in crate::tui) fn puzzles_loaded(&mut self, game: GameKind, loaded: LoadedPuzzles) -> Then {
        let (trainer, notes) = Trainer::from_loaded(game, loaded, self.activity.trainer());
        let note = if notes.is_empty() { String::new() } else { format!(" ({})", notes.join("; ")) };
        if trainer.current.is_none() {
            self.core.view.error(format!("no {game} puzzles to offer{note}"));
            return Then::Stays;
        }
        // (A trainer already on replaces at once: a puzzle board is never autosaved.)
        let then = self.replace_with(Replacement::Trainer(trainer));
        if !note.is_empty() {
            self.core.view.error(format!("some puzzles were left out{note}"));
        }
        then
    }
}

impl Activity {
    /// The attempt saved: the rating it left in the record (rated from the
    /// record on the disk, which another trainer may have changed) is the
    /// one shown from now on.
    pub(in crate::tui) fn puzzle_saved(&mut self, core: &mut Core, result: Result<(GameKind, Rating), String>) {
        match result {
            Ok((game, rating)) => {
                if let Some(trainer) = self.trainer_mut() {
                    trainer.record.ratings.insert(game.name().to_string(), rating);
                }
            }
            Err(e) => core.view.error(format!("the result is not saved: {e}")),
        }
    }
}
