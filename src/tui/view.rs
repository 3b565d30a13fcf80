//! Drawing: a frame is a function of the [`AppState`] alone. The layout,
//! the board widget, the panel, the input line, the help and the dialogs
//! each have their own module.

mod analysis;
pub(crate) mod board;
mod dialogs;
pub(super) mod help;
mod input_line;
pub mod layout;
pub(super) mod marks;
mod panel;
mod puzzle;
mod review;
mod rows;
#[cfg(test)]
mod tests;

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Modifier;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};
use wormhole::Rules;

use super::action::UserAction;
use super::games;
use super::keymap;
use super::state::{AppState, Mode};
use board::BoardView;
pub use layout::layout;
use layout::{Arrangement, Boards, Placed, ScreenLayout};

/// The layout of `area` for the boards of the position `session` shows.
pub fn screen(area: Rect, session: &AppState) -> Option<ScreenLayout> {
    layout(area, boards_shown(session))
}

/// The boards of the position `session` shows, and the one shown when
/// only one fits (the view's reading of the model).
fn boards_shown(session: &AppState) -> Boards {
    let pos = session.shown_position();
    let count = pos.boards().len();
    Boards {
        count,
        alone: (pos.board_to_play() + session.core().view.board_shift) % count,
        flipped: session.core().view.flipped_in(session.core().game.line().kind()),
        tall_panel: matches!(session.mode(), Mode::Review | Mode::Analyze),
    }
}

/// Draws one frame.
pub fn draw(frame: &mut Frame, session: &AppState) {
    let area = frame.area();
    let Some(screen) = screen(area, session) else {
        return too_small(frame, area, session.shown_position().boards().len());
    };
    let highlights = marks::highlights(session);
    let pos = session.shown_position();
    for placed in &screen.boards {
        let view = BoardView::new(pos, placed.board, placed.geometry, &highlights, &session.core().look.theme);
        frame.render_widget(view, area);
        board_label(frame, session, placed, screen.arrangement);
    }
    let board_area = screen.board_area();
    match session.mode() {
        Mode::Review => review::draw(frame, screen.panel, session),
        Mode::Analyze => analysis::draw(frame, screen.panel, session),
        _ => panel::draw(frame, screen.panel, session),
    }
    input_line::draw(frame, screen.input, session);
    match session.mode() {
        Mode::Help { scroll, page } => help::draw(frame, area, *scroll, *page, session),
        Mode::GameOver => dialogs::game_over(frame, board_area, session),
        Mode::Browse(ply) => dialogs::browse_banner(frame, board_area, session, *ply),
        Mode::NewGame(form) => dialogs::new_game(frame, area, session, form),
        Mode::Confirm(pending) => dialogs::confirm(frame, board_area, session, pending),
        Mode::OpenGame(picker) => dialogs::saved_games(frame, area, session, picker),
        Mode::Play | Mode::Review | Mode::Analyze | Mode::Puzzle => {}
    }
}

/// The name above a board of a game of several boards: `▶ Board A: White
/// to play` on the board to play; when only one fits, which one it is and
/// the key that shows the other (shortened to fit the board's width).
fn board_label(frame: &mut Frame, session: &AppState, placed: &Placed, arrangement: Arrangement) {
    let Some(rect) = placed.label else { return };
    let (pos, theme) = (session.shown_position(), &session.core().look.theme);
    let name = games::board_name(pos.kind(), placed.board);
    let (head, plays) = match placed.board == pos.board_to_play() {
        true => (format!("{}{name}", theme.turn_marker()), format!(": {} to play", pos.turn())),
        false => (format!("  {name}"), String::new()),
    };
    let key = keymap::key_of(UserAction::OtherBoard).filter(|_| session.offers(UserAction::OtherBoard));
    let texts = match (arrangement, key) {
        (Arrangement::OneAtATime, Some(key)) => vec![
            format!("{head}{plays} ({key}: the other board)"),
            format!("{head}{plays} ({key}: other)"),
            format!("{head} ({key}: other)"),
            format!("{head} ({key})"),
        ],
        _ => vec![format!("{head}{plays}")],
    };
    let fits = |t: &&String| t.chars().count() <= usize::from(rect.width);
    let text = texts.iter().find(fits).unwrap_or(&texts[texts.len() - 1]).clone();
    let style = match placed.board == pos.board_to_play() {
        true => theme.accent.add_modifier(Modifier::BOLD),
        false => theme.accent,
    };
    frame.render_widget(Paragraph::new(text).style(style), rect);
}

fn too_small(frame: &mut Frame, area: Rect, boards: usize) {
    let (w, h) = layout::min_size(boards);
    let text = vec![
        Line::from("Please enlarge the terminal"),
        Line::from(format!("needs {w}x{h}, has {}x{}", area.width, area.height)),
        Line::from("Ctrl-C quits"),
    ];
    let y = area.height.saturating_sub(3) / 2;
    let rect = Rect::new(area.x, area.y + y, area.width, 3.min(area.height));
    frame.render_widget(Paragraph::new(text).alignment(Alignment::Center).wrap(Wrap { trim: true }), rect);
}
