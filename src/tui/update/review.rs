//! The review screen and the live analysis: opening and leaving them,
//! their keys, and the analysis' reports.

use std::path::PathBuf;

use wormhole::engine::Level;
use wormhole::pgn::PgnGame;
use wormhole::{AnyMove, AnyPosition, Rules, Square};

use super::play::{Pick, exit_prompt, pick_move};
use crate::tui::action::UserAction;
use crate::tui::ai::{EngineReport, Purpose};
use crate::tui::analyst::AnalysisEvent;
use crate::tui::commands::{self, Cmd};
use crate::tui::effects::Effect;
use crate::tui::explore::{Explore, Origin};
use crate::tui::modes::Then;
use crate::tui::review::{Review, Study};
use crate::tui::state::{Core, Thinking};

/// What the keys do on the review screen, for a key that does nothing there.
const REVIEW_KEYS: &str = "review: arrows step, n/N next/previous mistake, p a puzzle of a missed win, a analyse, Ctrl-S or :save FILE saves, Esc back";

impl Study {
    /// Stops the review's analysis (it goes on when the review is opened again).
    fn pause_review(&mut self, core: &mut Core) {
        if let Some(review) = self.review.as_mut().filter(|r| r.running) {
            review.running = false;
            core.out.push(Effect::StopAnalysis);
        }
    }

    /// Records a report of the review's analysis (a stale one is dropped).
    pub(super) fn analysis_event(&mut self, event: AnalysisEvent) {
        let Some(review) = self.review.as_mut() else { return };
        match event {
            AnalysisEvent::Position { review: id, index, eval } if id == review.id => review.record(index, eval),
            AnalysisEvent::Done { review: id } if id == review.id => review.running = false,
            _ => {}
        }
    }

    /// Searches the analysis board's position without limit.
    fn search_explore(&mut self, core: &mut Core) {
        core.cancel_search();
        let Some(explore) = &self.explore else { return };
        if explore.position.legal_moves().is_empty() {
            return core
                .view
                .info(format!("{} has no legal move here: the game would be over", explore.position.turn()));
        }
        let purpose = Purpose::Analysis { id: explore.id };
        let position = explore.position.clone();
        let (limits, level) = (Explore::limits(), Level::MAX);
        core.out.push(Effect::StartSearch { position: position.clone(), limits, level, purpose });
        core.engine.thinking = Some(Thinking { purpose, started: core.now, position, info: None });
    }

    /// The live analysis' search ended by itself (the result is proved): its
    /// last report stays on screen.
    pub(super) fn explore_finished(&mut self, id: u64, info: Option<EngineReport>) {
        if let Some(explore) = self.explore.as_mut().filter(|e| e.id == id) {
            explore.finished = info;
        }
    }

    /// Tries a legal move on the analysis board and searches on from there.
    fn try_in_explore(&mut self, core: &mut Core, m: AnyMove) {
        let id = self.next_id();
        if let Some(e) = self.explore.as_mut()
            && let Err(e) = e.try_move(m, id)
        {
            return core.view.error(e.to_string());
        }
        core.view.input.clear();
        self.search_explore(core);
    }

    /// Board picking on the analysis board: a piece of the side to move
    /// selects it, one of its targets tries the move.
    fn pick_in_explore(&mut self, core: &mut Core, sq: Square) {
        let Some(explore) = &self.explore else { return };
        let pos = &explore.position;
        let pick = match core.view.selected {
            Some(from) => pick_move(pos, from, core.view.entry, sq),
            None => Pick::Nothing,
        };
        match pick {
            Pick::Play(m) => {
                (core.view.selected, core.view.entry) = (None, None);
                self.try_in_explore(core, m);
            }
            Pick::Entry(moves) => {
                let prompt = exit_prompt(pos, sq, &moves);
                core.view.entry = Some(sq);
                core.view.info(prompt);
            }
            Pick::Nothing => {
                let own = pos.played_board().piece_at(sq).is_some_and(|p| p.color == pos.turn());
                (core.view.selected, core.view.entry) = (own.then_some(sq), None);
            }
        }
    }
}

/// Opening the review and the live analysis: the mode follows (the app
/// sets it when they open).
impl Study {
    /// Opens the review of `pgn`, the game as it stands (`:review`, `r`
    /// at its end); the analysis starts, or goes on if this game was
    /// reviewed before. Whether it opened.
    pub(in crate::tui) fn open_review(&mut self, core: &mut Core, pgn: PgnGame) -> bool {
        if core.game.line().len() == 0 {
            core.view.error("nothing to review yet: no move has been played");
            return false;
        }
        let same = self.review.as_ref().is_some_and(|r| r.pgn.start == pgn.start && r.pgn.moves == pgn.moves);
        if !same {
            let id = self.next_id();
            match Review::new(id, pgn) {
                Some(review) => self.review = Some(review),
                None => {
                    core.view.error("this game cannot be reviewed (a move is not legal)");
                    return false;
                }
            }
        }
        let Some(review) = self.review.as_mut() else { return false };
        if !review.analysis.is_complete() && !review.running {
            review.running = true;
            core.out.push(Effect::StartAnalysis {
                review: review.id,
                pgn: review.pgn.clone(),
                options: Review::options(),
            });
        }
        core.view.input.clear();
        core.view.selected = None;
        true
    }

    /// Starts the live analysis of `base`, the position shown (`Ctrl-A`,
    /// `:analyze`, `a` in the review, its `origin`); the engine's own
    /// search waits until it ends. Whether it started.
    pub(in crate::tui) fn start_explore(&mut self, core: &mut Core, base: AnyPosition, origin: Origin) -> bool {
        if core.game.clocks().is_running() {
            core.view.error("no analysis while the clocks run");
            return false;
        }
        // Two searches at once would share the two cores badly.
        self.pause_review(core);
        core.cancel_search();
        let id = self.next_id();
        self.explore = Some(Explore::new(id, base, origin));
        core.view.input.clear();
        core.view.selected = None;
        self.search_explore(core);
        true
    }
}

/// The review's and the live analysis' modes: their keys, each given the shared [`Core`].
impl Study {
    /// The review screen's own update (`Mode::Review`): stepping through
    /// the game and its judged moves, a puzzle of a missed win, saving the
    /// annotated game, a `:` command line; Esc goes back.
    pub(super) fn review_update(&mut self, core: &mut Core, action: UserAction) -> Then {
        let Some(review) = self.review.as_mut() else { return Then::Rest };
        match action {
            UserAction::BrowseBack => review.go_to(review.ply.saturating_sub(1)),
            UserAction::BrowseForward => review.go_to(review.ply + 1),
            UserAction::BrowseStart => review.go_to(0),
            UserAction::BrowseEnd => review.go_to(review.len()),
            UserAction::NextJudged | UserAction::PreviousJudged => {
                let found =
                    if action == UserAction::NextJudged { review.next_judged() } else { review.previous_judged() };
                if !found {
                    let so_far = if review.running { " so far" } else { "" };
                    core.view.info(format!("no inaccuracy, mistake or blunder{so_far}"));
                }
            }
            UserAction::Analyze => return Then::Analyze,
            UserAction::Personal => self.make_personal(core),
            UserAction::Save => {
                let text = review.annotated_pgn();
                core.out.push(Effect::SaveText { text, path: None });
            }
            // A `:` command line.
            UserAction::Char(c) if c == ':' || !core.view.input.text().is_empty() => core.view.push_input(c),
            UserAction::Backspace => core.view.input.backspace(),
            UserAction::DeleteWord => core.view.input.delete_word(),
            UserAction::ClearInput => core.view.input.clear(),
            UserAction::Submit => return self.command_in_review(core),
            UserAction::Escape if !core.view.input.text().is_empty() => core.view.input.clear(),
            UserAction::Escape | UserAction::Review => {
                self.pause_review(core);
                return Then::Rest;
            }
            _ => core.view.info(REVIEW_KEYS),
        }
        Then::Stays
    }

    /// Enter on the review screen: `:save [FILE]` saves the annotated game;
    /// another command leaves the review first (the game's Enter runs it).
    fn command_in_review(&mut self, core: &mut Core) -> Then {
        let text = core.view.input.text().trim().to_string();
        let Some(cmd) = text.strip_prefix(':') else {
            core.view.input.clear();
            core.view.info(REVIEW_KEYS);
            return Then::Stays;
        };
        if let (Ok(Some((Cmd::Save, rest))), Some(review)) = (commands::parse(cmd), &self.review) {
            core.view.input.clear();
            let path = (!rest.is_empty()).then(|| PathBuf::from(rest));
            let text = review.annotated_pgn();
            core.out.push(Effect::SaveText { text, path });
            return Then::Stays;
        }
        self.pause_review(core);
        Then::RestKeys(UserAction::Submit)
    }

    /// Ends the live analysis: the search stops, and the review
    /// ([`Then::Review`]) or the game comes back.
    pub(super) fn leave_explore(&mut self, core: &mut Core) -> Then {
        core.cancel_search();
        core.view.input.clear();
        match self.explore.take().map(|e| e.origin) {
            Some(Origin::Review) if self.review.is_some() => Then::Review,
            _ => Then::Resume,
        }
    }

    /// The live analysis' own update (`Mode::Analyze`): moves typed or
    /// picked are tried, Ctrl-Z takes one back, Esc leaves.
    pub(super) fn explore_update(&mut self, core: &mut Core, action: UserAction) -> Then {
        match action {
            UserAction::Escape | UserAction::Analyze => return self.leave_explore(core),
            UserAction::Undo => {
                let id = self.next_id();
                match self.explore.as_mut().map(|e| e.take_back(id)) {
                    Some(true) => self.search_explore(core),
                    _ => core.view.error("no move tried to take back"),
                }
            }
            UserAction::Submit => return self.submit_in_explore(core),
            UserAction::Char(c) => core.view.push_input(c),
            UserAction::Backspace => core.view.input.backspace(),
            UserAction::DeleteWord => core.view.input.delete_word(),
            UserAction::ClearInput => core.view.input.clear(),
            UserAction::Complete => {
                if let Some(e) = &self.explore {
                    let pos = e.position.clone();
                    core.view.input.complete(&pos);
                }
            }
            UserAction::Flip => core.view.flipped = !core.view.flipped,
            UserAction::Cursor(dx, dy) => core.view.move_cursor(&core.game, dx, dy),
            UserAction::ClickSquare(sq) => {
                core.view.cursor = Some(sq);
                self.pick_in_explore(core, sq);
            }
            UserAction::Select => {
                if let Some(sq) = core.view.cursor {
                    self.pick_in_explore(core, sq);
                }
            }
            _ => core.view.info("analysis: type a move to try it, Ctrl-Z takes it back, Esc leaves"),
        }
        Then::Stays
    }

    /// Enter in the live analysis: a move to try, or a `:` command (the
    /// game's Enter runs it).
    fn submit_in_explore(&mut self, core: &mut Core) -> Then {
        let text = core.view.input.text().trim().to_string();
        if text.starts_with(':') {
            return Then::Keys(UserAction::Submit);
        }
        let Some(explore) = &self.explore else { return Then::Stays };
        match crate::tui::input::reading(&explore.position, &text) {
            crate::tui::input::Reading::Move(c) => self.try_in_explore(core, c.mv),
            refused => core.view.error(refused.refusal(&text).unwrap_or_default()),
        }
        Then::Stays
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::time::{Duration, Instant};

    use crate::tui::view::marks::highlights;
    use wormhole::Rules;
    use wormhole::analysis::Judgement;
    use wormhole::rules::GameMove;

    use crate::tui::action::UserAction;
    use crate::tui::ai::Purpose;
    use crate::tui::app::App;
    use crate::tui::effects::Effect;
    use crate::tui::game::PlayerKind;
    use crate::tui::state::Mode;
    use crate::tui::testing::*;

    /// White mates with Nxf4 here; the game below plays Ng6?? and Black mates with cxh1=Q.
    pub const THROWN_WIN: &str = "xxxxkxxr/ppxxxppp/xxpx1x1x/rxxxxx1P/xQ1xxpnx/1Pxxxx1N/xxxxxPxx/xxxxKxxR w 40";

    /// A hot-seat game that White threw away, finished.
    pub fn thrown_game() -> TestApp {
        let mut app = hotseat();
        enter(&mut app, &format!(":load {THROWN_WIN}"));
        enter(&mut app, "Ng6");
        enter(&mut app, "cxh1=Q");
        assert_eq!(app.session().mode(), Mode::GameOver, "{:?}", app.session().core().view.message.as_ref());
        app
    }

    /// Ticks until the review's analysis is done.
    pub fn wait_review(app: &mut App) {
        // Wait for the review to end and for the runner to see its analysis
        // thread finish (a loaded machine may take a while for both).
        let end = Instant::now() + Duration::from_secs(120);
        let running = |app: &App| app.session().study().review.as_ref().is_some_and(|r| r.running);
        while (running(app) || app.analysis_busy()) && Instant::now() < end {
            std::thread::sleep(Duration::from_millis(10));
            app.tick(Instant::now());
        }
        let review = app.session().study().review.as_ref().expect("a review");
        assert!(review.analysis.is_complete(), "the analysis did not finish in time");
        assert!(!app.analysis_busy());
    }

    #[test]
    fn the_review_shows_the_thrown_win_as_a_blunder_with_the_better_move() {
        let mut app = thrown_game();
        app.update(UserAction::Review);
        assert_eq!(app.session().mode(), Mode::Review);
        wait_review(&mut app);
        let review = app.session().study().review.as_ref().unwrap();
        let first = review.current().unwrap();
        assert_eq!(first.judgement, Some(Judgement::Blunder));
        assert!(first.before.is_proved_win_for(wormhole::Color::White));
        let best = first.best_move().unwrap();
        assert!(review.position().after(best).unwrap().legal_moves().is_empty(), "the better move mates");
        assert_eq!(highlights(app.session()).targets, wormhole::Bitboard::from_square(best.to()));
        // The jump finds it from anywhere; Esc returns to the game's end.
        app.update(UserAction::BrowseEnd);
        app.update(UserAction::NextJudged);
        assert_eq!(app.session().study().review.as_ref().unwrap().ply, 0);
        app.update(UserAction::Escape);
        assert_eq!(app.session().mode(), Mode::GameOver);
    }

    #[test]
    fn a_porthole_game_is_reviewed_with_the_mate_through_the_porthole_as_the_better_move() {
        // White could mate with Rb4>a8 and plays Kf1; Black's king walks away.
        let mut app = hotseat();
        // Three tokens: a 7th field of exactly two squares reads as Linked-portal chess.
        enter(&mut app, ":load 6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1 a8,b4,h3");
        enter(&mut app, "Kf1");
        enter(&mut app, "Kf8");
        enter(&mut app, ":review");
        assert_eq!(app.session().mode(), Mode::Review);
        wait_review(&mut app);
        let review = app.session().study().review.as_ref().unwrap();
        let first = review.current().unwrap();
        assert_eq!(first.judgement, Some(Judgement::Blunder), "{first:?}");
        let best = first.best_move().unwrap();
        assert_eq!(review.position().san(best), "Rb4>a8#");
        let hl = highlights(app.session());
        assert!(hl.targets.contains(best.entry().unwrap()) && hl.exits.contains(best.to()), "{hl:?}");
    }

    /// A bare session (it returns a save as an effect instead of writing a
    /// file) on the review screen of the finished, analysed thrown game.
    fn reviewed_session() -> crate::tui::state::AppState {
        let mut app = thrown_game();
        app.update(UserAction::Review);
        wait_review(&mut app);
        let mut session = crate::tui::testing::session([PlayerKind::Human; 2]);
        session.study.review = app.session().study().review.clone();
        session.mode = Mode::Review;
        session
    }

    #[test]
    fn saving_the_review_writes_the_annotated_game() {
        let mut session = reviewed_session();
        let effects = session.update(UserAction::Save);
        let Some(Effect::SaveText { text, path: None }) = effects.first() else { panic!("{effects:?}") };
        let back = wormhole::pgn::PgnGame::parse(text).unwrap();
        assert_eq!(back.moves.len(), 2);
        assert!(text.contains("$4") && text.contains("[%eval #0]") && text.contains("[Annotator \"wormhole"), "{text}");
    }

    #[test]
    fn a_review_needs_moves_and_reports_of_an_old_review_are_dropped() {
        let mut s = crate::tui::testing::session([PlayerKind::Human; 2]);
        let type_line = |s: &mut crate::tui::state::AppState, text: &str| {
            text.chars().for_each(|c| drop(s.update(UserAction::Char(c))));
            s.update(UserAction::Submit)
        };
        type_line(&mut s, ":review");
        assert!(error(&s).contains("nothing to review"), "{:?}", s.core().view.message.as_ref());
        type_line(&mut s, "e4");
        let effects = type_line(&mut s, ":review");
        assert!(matches!(effects.as_slice(), [Effect::StartAnalysis { .. }]), "{effects:?}");
        let id = s.study.review.as_ref().unwrap().id;
        let eval = wormhole::analysis::PositionEval {
            eval: wormhole::analysis::Eval::Cp(10),
            line: Vec::new(),
            depth: 1,
            exact: false,
            compared: None,
        };
        let stale = crate::tui::analyst::AnalysisEvent::Position { review: id + 7, index: 0, eval: eval.clone() };
        s.update(crate::tui::action::Msg::Analysis(stale));
        assert_eq!(s.study.review.as_ref().unwrap().analysis.searched(), 0);
        let fresh = crate::tui::analyst::AnalysisEvent::Position { review: id, index: 0, eval };
        s.update(crate::tui::action::Msg::Analysis(fresh));
        assert_eq!(s.study.review.as_ref().unwrap().analysis.searched(), 1);
        // Leaving stops the analysis; opening again goes on with it.
        let effects = s.update(UserAction::Escape);
        assert!(matches!(effects.as_slice(), [Effect::StopAnalysis]), "{effects:?}");
        let effects = type_line(&mut s, ":review");
        assert!(matches!(effects.as_slice(), [Effect::StartAnalysis { .. }]), "{effects:?}");
        assert_eq!(s.study.review.as_ref().unwrap().analysis.searched(), 1, "the same game keeps its results");
    }

    /// Waits until the live analysis reports `lines` lines.
    fn wait_lines(app: &mut App, lines: usize) {
        let end = Instant::now() + Duration::from_secs(20);
        loop {
            app.tick(Instant::now());
            let info = app.session().core().engine.thinking.as_ref().and_then(|t| t.info.as_ref());
            if info.is_some_and(|i| i.lines.len() >= lines) {
                return;
            }
            assert!(Instant::now() < end, "no analysis lines in time");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn live_analysis_shows_three_lines_tries_moves_and_stops_on_leaving() {
        let mut app = hotseat();
        enter(&mut app, "e4");
        app.update(UserAction::Analyze);
        assert_eq!(app.session().mode(), Mode::Analyze);
        assert!(matches!(
            app.session().core().engine.thinking.as_ref().map(|t| t.purpose),
            Some(Purpose::Analysis { .. })
        ));
        wait_lines(&mut app, 3);
        let lines = &app.session().core().engine.thinking.as_ref().unwrap().info.as_ref().unwrap().lines;
        let roots: Vec<_> = lines.iter().map(|l| l.root_move()).collect();
        assert!(roots[0] != roots[1] && roots[1] != roots[2] && roots[0] != roots[2], "{roots:?}");
        // A move tried: the game keeps its one move, the search goes on from there.
        enter(&mut app, "e5");
        let explore = app.session().study().explore.as_ref().unwrap();
        assert_eq!(explore.tried.len(), 1);
        assert_eq!(app.session().core().game.line().len(), 1);
        assert_eq!(app.session().shown_position(), &explore.position);
        wait_lines(&mut app, 3);
        app.update(UserAction::Undo);
        assert!(app.session().study().explore.as_ref().unwrap().tried.is_empty());
        app.update(UserAction::Escape);
        assert_eq!(app.session().mode(), Mode::Play);
        assert!(app.session().core().engine.thinking.as_ref().is_none());
        assert!(!app.engine_busy(), "leaving the analysis stops the search");
        assert_eq!(app.session().core().game.line().len(), 1);
    }

    #[test]
    fn live_analysis_against_the_engine_pauses_its_move() {
        let mut app = app_with(settings([PlayerKind::Engine, PlayerKind::Human]));
        assert!(matches!(app.session().core().engine.thinking.as_ref().map(|t| t.purpose), Some(Purpose::Move { .. })));
        enter(&mut app, ":analyze");
        assert!(matches!(
            app.session().core().engine.thinking.as_ref().map(|t| t.purpose),
            Some(Purpose::Analysis { .. })
        ));
        app.update(UserAction::Analyze);
        assert!(
            matches!(app.session().core().engine.thinking.as_ref().map(|t| t.purpose), Some(Purpose::Move { .. })),
            "the engine thinks again"
        );
        wait_engine(&mut app);
        assert_eq!(app.session().core().game.line().len(), 1);
    }

    #[test]
    fn analysis_from_the_review_returns_to_it() {
        let mut app = thrown_game();
        app.update(UserAction::Review);
        wait_review(&mut app);
        app.update(UserAction::Analyze);
        assert_eq!(app.session().mode(), Mode::Analyze);
        let base = app.session().study().explore.as_ref().unwrap().base.clone();
        assert_eq!(&base, app.session().study().review.as_ref().unwrap().position());
        app.update(UserAction::Escape);
        assert_eq!(app.session().mode(), Mode::Review);
        assert!(!app.engine_busy());
    }

    #[test]
    fn render_the_review_graph_marks_and_better_line() {
        let mut app = thrown_game();
        app.update(UserAction::Review);
        wait_review(&mut app);
        let (w, h) = (110, 36);
        let rows = screen(app.session(), w, h);
        let text = rows.join("\n");
        for needle in
            ["Review", "analysis done", "Evaluation", "21. Ng6??", "Blunder.", "Nxf4# was best", "Best line: 21.Nxf4#"]
        {
            assert!(text.contains(needle), "{needle} missing:\n{text}");
        }
        let braille = |s: &str| s.chars().any(|c| ('\u{2801}'..='\u{28ff}').contains(&c));
        assert!(rows.iter().any(|r| braille(r)), "no graph drawn:\n{text}");
        // The mark has the blunder colour.
        let buf = buffer(app.session(), w, h);
        let theme = &app.session().core().look.theme;
        let row = rows.iter().position(|r| r.contains("Ng6??")).unwrap() as u16;
        let col = rows[row as usize].find("Ng6??").unwrap();
        let col = rows[row as usize][..col].chars().count() as u16;
        assert_eq!(Some(buf[(col, row)].fg), theme.blunder.fg);
    }

    #[test]
    fn render_the_live_analysis_lines() {
        let mut app = hotseat();
        app.update(UserAction::Analyze);
        wait_lines(&mut app, 3);
        let rows = screen(app.session(), 110, 36);
        let text = rows.join("\n");
        for needle in
            ["Analysis: best 3 lines", "by the full-strength engine", "White to move", "depth ", "1. ", "2. ", "3. "]
        {
            assert!(text.contains(needle), "{needle} missing:\n{text}");
        }
        app.update(UserAction::Escape);
        assert!(!app.engine_busy());
    }

    #[test]
    fn moves_are_tried_on_the_analysis_board_with_the_mouse() {
        let mut s = crate::tui::testing::session([PlayerKind::Human; 2]);
        for c in "e4".chars() {
            s.update(UserAction::Char(c));
        }
        s.update(UserAction::Submit);
        s.update(UserAction::Analyze);
        let sq = |name: &str| name.parse::<wormhole::Square>().unwrap();
        s.update(UserAction::ClickSquare(sq("e7")));
        assert!(highlights(&s).targets.contains(sq("e5")), "the picked pawn's targets are marked");
        let effects = s.update(UserAction::ClickSquare(sq("e5")));
        let explore = s.study.explore.as_ref().unwrap();
        assert_eq!(explore.tried.len(), 1);
        assert_eq!(s.core().game.line().len(), 1, "the game is not changed");
        assert!(
            effects.iter().any(|e| matches!(e, Effect::StartSearch { purpose: Purpose::Analysis { .. }, .. })),
            "{effects:?}"
        );
        let effects = s.update(UserAction::Escape);
        assert!(matches!(effects.as_slice(), [Effect::CancelSearch]), "{effects:?}");
        assert_eq!(s.mode(), Mode::Play);
    }

    #[test]
    fn the_keys_of_the_review_and_the_analysis() {
        use crate::tui::keymap::{Context, action_for};
        use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers};
        let press =
            |code, modifiers| KeyEvent { code, modifiers, kind: KeyEventKind::Press, state: KeyEventState::NONE };
        let n = press(KeyCode::Char('n'), KeyModifiers::NONE);
        assert_eq!(action_for(&n, Context::Review, true), Some(UserAction::NextJudged));
        assert_eq!(action_for(&n, Context::Review, false), Some(UserAction::Char('n')), "typing a :command");
        let enter = press(KeyCode::Enter, KeyModifiers::NONE);
        assert_eq!(action_for(&enter, Context::Analyze, false), Some(UserAction::Submit));
        let ctrl_z = press(KeyCode::Char('z'), KeyModifiers::CONTROL);
        assert_eq!(action_for(&ctrl_z, Context::Analyze, true), Some(UserAction::Undo));
        let ctrl_s = press(KeyCode::Char('s'), KeyModifiers::CONTROL);
        assert_eq!(action_for(&ctrl_s, Context::Review, true), Some(UserAction::Save));
        // The footer offers only what works here.
        let mut app = thrown_game();
        app.update(UserAction::Review);
        let rows = screen(app.session(), 120, 40);
        let footer = rows.last().unwrap();
        assert!(footer.contains("next mistake") && !footer.contains("undo"), "{footer}");
    }

    #[test]
    fn save_with_a_name_from_the_review_writes_the_annotated_game_there() {
        let mut session = reviewed_session();
        for c in ":save review.pgn".chars() {
            session.update(UserAction::Char(c));
        }
        let effects = session.update(UserAction::Submit);
        let Some(Effect::SaveText { text, path: Some(path) }) = effects.first() else { panic!("{effects:?}") };
        assert_eq!(path, &std::path::PathBuf::from("review.pgn"));
        assert!(text.contains("[%eval"));
        assert_eq!(session.mode(), Mode::Review, "saving stays in the review");
    }
}
