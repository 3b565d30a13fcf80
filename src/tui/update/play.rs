//! The game's own keys (`Mode::Play`; the game's end and the puzzle
//! board pass theirs on to it): the input line, the board cursor and
//! picking, Enter, and the keys that open another screen.

use wormhole::rules::GameMove;
use wormhole::{AnyMove, AnyPosition, GameKind, Rules, Square};

use super::capitalised;
use crate::tui::action::UserAction;
use crate::tui::game::{GameState, PlayerKind};
use crate::tui::games::board_name;
use crate::tui::input::{self, Reading};
use crate::tui::modes::{Then, browse};
use crate::tui::state::{Activity, Core, HelpPage, Message, Mode, View, forced_move, game_candidates, game_offers};

/// What picking a square means once a piece is picked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Pick {
    /// A move to play.
    Play(AnyMove),
    /// A porthole with several exits: the piece goes in there; its exit is
    /// picked next (the moves through it, one per exit).
    Entry(Vec<AnyMove>),
    /// No move of the piece goes there.
    Nothing,
}

/// What picking `sq` means for the piece on `from` in `pos` (through the
/// porthole `entry`, once that is picked): a normal move there (a
/// promotion to the strongest piece), a porthole move entering there (or,
/// with several exits, the choice of its exit), or a porthole move that
/// comes out there through the only porthole that leads there.
pub(super) fn pick_move(pos: &AnyPosition, from: Square, entry: Option<Square>, sq: Square) -> Pick {
    let moves = pos.moves_from(from);
    if let Some(e) = entry {
        return moves.into_iter().find(|m| m.entry() == Some(e) && m.to() == sq).map_or(Pick::Nothing, Pick::Play);
    }
    let promo = pos.kind().promotions();
    let rank = |m: &&AnyMove| m.promotion().map(|r| promo.iter().position(|&p| p == r));
    if let Some(&m) = moves.iter().filter(|m| m.to() == sq && m.entry().is_none()).min_by_key(rank) {
        return Pick::Play(m);
    }
    let through: Vec<AnyMove> = moves.iter().copied().filter(|m| m.entry() == Some(sq)).collect();
    let out: Vec<AnyMove> = moves.iter().copied().filter(|m| m.entry().is_some() && m.to() == sq).collect();
    match (through.as_slice(), out.as_slice()) {
        ([one], _) | ([], [one]) => Pick::Play(*one),
        ([], _) => Pick::Nothing,
        (_, _) => Pick::Entry(through),
    }
}

/// What the line says once a porthole with several exits is picked: the
/// moves through it, to pick one's exit.
pub(super) fn exit_prompt(pos: &AnyPosition, entry: Square, moves: &[AnyMove]) -> String {
    let sans: Vec<String> = moves.iter().map(|&m| pos.san(m)).collect();
    format!("in at {entry}: now pick the exit ({})", sans.join(", "))
}

/// The view's own updates: the message line, the input line, the
/// keyboard cursor, the board's turn and which board is shown.
impl View {
    pub(in crate::tui) fn info(&mut self, text: impl Into<String>) {
        self.message = Some(Message::Info(text.into()));
    }

    pub(in crate::tui) fn error(&mut self, text: impl Into<String>) {
        self.message = Some(Message::Error(text.into()));
    }

    /// Types `c` into the input line; a full line says its limit.
    pub(in crate::tui) fn push_input(&mut self, c: char) {
        if let Err(e) = self.input.push(c) {
            self.error(e);
        }
    }

    /// A typed character: into the input line (a finished game's banner
    /// put away, [`Then::GoesOn`]).
    fn type_char(&mut self, c: char) -> Then {
        self.selected = None;
        self.explained = None;
        self.push_input(c);
        Then::GoesOn
    }

    fn clear_selection(&mut self) {
        self.input.clear();
        self.selected = None;
        self.cursor = None;
        self.hint = None;
        self.explained = None;
    }

    /// Scrolls the move list of a game of `len` moves by `d` rows.
    pub(in crate::tui) fn scroll_moves(&mut self, d: i32, len: usize) {
        let rows = len / 2 + 2;
        let current = self.scroll.unwrap_or(rows);
        self.scroll = Some((current as i64 + i64::from(d)).clamp(0, rows as i64) as usize);
    }

    /// Moves the keyboard cursor over `game`'s board as it is drawn (from
    /// the king of the side to move when there is no cursor yet).
    pub(in crate::tui) fn move_cursor(&mut self, game: &GameState, dx: i8, dy: i8) {
        let sq = self.cursor.unwrap_or_else(|| home_square(game.line().position()));
        let (dx, dy) = if self.flipped_in(game.line().kind()) { (-dx, -dy) } else { (dx, dy) };
        let f = (sq.file() as i8 + dx).clamp(0, 7) as u8;
        let r = (sq.rank() as i8 + dy).clamp(0, 7) as u8;
        self.cursor = Square::from_coords(f, r);
    }

    /// Turns the board, or says that the view of a game of `kind` is fixed.
    pub(super) fn flip(&mut self, kind: GameKind) {
        self.flipped = !self.flipped;
        if !kind.info().flips {
            self.info(format!("{} is always shown from White's side", kind.title()));
        }
    }

    /// A click on a board of `pos` that is not played now says which one is.
    fn not_played(&mut self, pos: &AnyPosition, board: usize) {
        let name = |i: usize| board_name(pos.kind(), i);
        let text = format!("{} is not played now: {} plays {}", name(board), pos.turn(), name(pos.board_to_play()));
        self.error(text);
    }

    /// Shows the next board of `pos` when only one fits, and says which.
    fn other_board(&mut self, pos: &AnyPosition) {
        let (count, kind, played) = (pos.boards().len(), pos.kind(), pos.board_to_play());
        if count == 1 {
            return self.error("this game has one board");
        }
        self.board_shift = (self.board_shift + 1) % count;
        let name = board_name(kind, (played + self.board_shift) % count);
        self.info(format!("{name} is shown when only one board fits"));
    }
}

/// The game's screen and the modes resting on it (its end's banner, the
/// puzzle board): the parts its keys and a replacement of the game change
/// (the game, its view and the engine, [`Core`]; what the board is for,
/// [`Activity`]), and the mode on screen, read only: a change of mode is
/// returned ([`Then`]) for the app to follow.
pub(in crate::tui) struct Playing<'a> {
    pub core: &'a mut Core,
    pub activity: &'a mut Activity,
    pub mode: &'a Mode,
}

impl Playing<'_> {
    /// Board picking: a piece of the side to move selects it; one of its
    /// targets plays the move (promotion to the strongest piece). Any other
    /// piece is explained: where it could go, and how it moves.
    fn pick(&mut self, sq: Square) -> Then {
        if self.core.game.is_over() {
            self.core.view.error("the game is over (Ctrl-N: new game)");
            return Then::Stays;
        }
        if let Some(from) = self.core.view.selected {
            match pick_move(self.core.game.line().position(), from, self.core.view.entry, sq) {
                Pick::Play(m) => {
                    (self.core.view.selected, self.core.view.entry) = (None, None);
                    return self.play_human(m);
                }
                Pick::Entry(moves) => {
                    self.core.view.entry = Some(sq);
                    self.core.view.info(exit_prompt(self.core.game.line().position(), sq, &moves));
                    return Then::Stays;
                }
                Pick::Nothing => {}
            }
        }
        let pos = self.core.game.line().position();
        let piece = pos.played_board().piece_at(sq);
        let own = self.activity.human_to_move(&self.core.game) && piece.is_some_and(|p| p.color == pos.turn());
        (self.core.view.selected, self.core.view.entry) = (None, None);
        match piece {
            Some(p) if own && !pos.moves_from(sq).is_empty() => {
                self.core.view.selected = Some(sq);
                self.core.view.input.clear();
                let how = self.core.game.line().kind().movement(p.role);
                self.core.view.info(format!(
                    "{} {sq}: {how}",
                    capitalised(self.core.game.line().kind().role_names().name(p.role))
                ));
            }
            Some(_) if own => self.core.view.error(format!("the piece on {sq} has no legal move")),
            Some(_) => self.core.view.explain(pos, &sq.to_string()),
            None if !self.activity.human_to_move(&self.core.game) => self.core.view.error("not your turn"),
            None if !pos.moves_from(sq).is_empty() => {
                // The mover's own portal: its steps are marked.
                self.core.view.selected = Some(sq);
                self.core.view.input.clear();
                self.core
                    .view
                    .info(format!("your portal on {sq}: pick a neighbouring square (or type Z@ and a square)"));
            }
            None => {}
        }
        Then::Stays
    }

    /// The game's own update: every key of the game.
    pub(in crate::tui) fn update(&mut self, action: UserAction) -> Then {
        match action {
            UserAction::Quit => self.core.quit(self.activity),
            UserAction::Char(c) => return self.core.view.type_char(c),
            UserAction::Backspace => self.core.view.input.backspace(),
            UserAction::DeleteWord => self.core.view.input.delete_word(),
            UserAction::ClearInput => self.core.view.input.clear(),
            UserAction::Complete => self.complete(),
            UserAction::Submit => return self.submit(),
            UserAction::Escape => self.core.view.clear_selection(),
            UserAction::Help => return Then::Help(HelpPage::Keys),
            UserAction::Legend => return Then::Help(HelpPage::Pieces),
            UserAction::TogglePage | UserAction::Answer(_) => {}
            UserAction::Undo => return self.undo(),
            UserAction::Redo => return self.redo(),
            UserAction::Flip => self.core.view.flip(self.core.game.line().kind()),
            UserAction::Hint => self.hint(),
            UserAction::MoveNow => self.core.move_now(),
            UserAction::ShowFen => return Then::ShowFen,
            UserAction::Save => self.core.save(self.activity, None),
            UserAction::Prefill(text) => self.core.view.input.set(text),
            UserAction::OpenList => return Then::OpenListAtRest,
            UserAction::NewGame => return Then::NewGameScreen,
            UserAction::Review | UserAction::BrowseBack => {
                return self.browse(self.core.game.line().len().saturating_sub(1));
            }
            UserAction::BrowseStart => return self.browse(0),
            UserAction::BrowseForward | UserAction::BrowseEnd => {}
            UserAction::Cursor(dx, dy) => self.core.view.move_cursor(&self.core.game, dx, dy),
            UserAction::Select => match self.core.view.cursor {
                Some(sq) => return self.pick(sq),
                None => self.core.view.cursor = Some(home_square(self.core.game.line().position())),
            },
            UserAction::ClickSquare(sq) => {
                self.core.view.cursor = Some(sq);
                return match self.click_forced(self.core.game.line().position().board_to_play(), sq) {
                    Some(next) => next,
                    None => self.pick(sq),
                };
            }
            UserAction::ClickBoard(board, sq) => match self.click_forced(board, sq) {
                Some(next) => return next,
                None => self.core.view.not_played(self.core.game.line().position(), board),
            },
            UserAction::OtherBoard => self.core.view.other_board(self.core.game.line().position()),
            UserAction::Scroll(d) => self.core.view.scroll_moves(d, self.core.game.line().len()),
            UserAction::Analyze => return Then::Analyze,
            UserAction::NextJudged
            | UserAction::PreviousJudged
            | UserAction::NextPuzzle
            | UserAction::Retry
            | UserAction::ShowSolution
            | UserAction::NextTheme
            | UserAction::Personal => {}
        }
        Then::Stays
    }

    fn complete(&mut self) {
        if self.core.complete_path() {
            return;
        }
        let pos = self.core.game.line().position().clone();
        if !self.core.view.input.complete(&pos) {
            let n = game_candidates(&self.core.game, self.core.view.input.text(), self.activity, self.mode).len();
            if n > 1 {
                self.core.view.info(format!("{n} moves match; type more"));
            }
        }
    }

    /// Browsing from the game: the position after `ply` moves.
    fn browse(&mut self, ply: usize) -> Then {
        Then::Browse(browse::enter(self.core, ply))
    }

    /// A click on `sq` of board `board` while a move is forced: plays it
    /// when the square is one of its own, else says why it is forced.
    /// None when no move is forced.
    fn click_forced(&mut self, board: usize, sq: Square) -> Option<Then> {
        let forced = forced_move(&self.core.game, self.activity, self.mode)?;
        match forced.squares.contains(&(board, sq)) {
            true => Some(self.play_human(forced.m)),
            false => {
                self.core.view.error(forced.why);
                Some(Then::Stays)
            }
        }
    }

    /// Whether the game's screen offers `action` now.
    fn offers(&self, action: UserAction) -> bool {
        self.activity.refusal(action).is_none() && game_offers(self.core, self.activity, self.mode, action)
    }

    fn submit(&mut self) -> Then {
        let text = self.core.view.input.text().trim().to_string();
        // On the server, `/draw` is `:draw` as chat programs write it.
        let slash = text.strip_prefix('/').filter(|_| self.activity.remote().is_some());
        if let Some(cmd) = text.strip_prefix(':').or(slash) {
            self.core.view.input.clear();
            return self.command(cmd);
        }
        if text.is_empty() {
            if let Some(forced) = forced_move(&self.core.game, self.activity, self.mode) {
                return self.play_human(forced.m);
            }
            if let Some(sq) = self.core.view.cursor {
                return self.pick(sq);
            }
            return Then::Stays;
        }
        if let Some(end) = self.core.game.end() {
            let back = if self.offers(UserAction::Undo) { ", Ctrl-Z take back" } else { "" };
            self.core.view.error(format!("the game is over ({}); Ctrl-N new game{back}", end.describe()));
            return Then::Stays;
        }
        if self.core.game.player_to_move() == PlayerKind::Engine {
            let now = if self.offers(UserAction::MoveNow) { " (Ctrl-G: move now)" } else { "" };
            self.core.view.error(format!("the engine is to move{now}"));
            return Then::Stays;
        }
        match input::reading(self.core.game.line().position(), &text) {
            Reading::Move(c) => {
                self.core.view.input.clear();
                return self.play_human(c.mv);
            }
            refused => self.core.view.error(refused.refusal(&text).unwrap_or_default()),
        }
        Then::Stays
    }
}

/// The game's keys that need only the game and what the board is for.
impl Core {}

/// Where the keyboard cursor starts in `pos`: the king of the side to
/// move on the board to play (a1 without one there).
fn home_square(pos: &AnyPosition) -> Square {
    pos.king(pos.turn()).filter(|&(b, _)| b == pos.board_to_play()).map_or(Square::new(0), |(_, k)| k)
}
