//! Drawing: a frame is a function of the [`Session`] alone. The layout,
//! the board widget, the panel, the input line, the help and the dialogs
//! each have their own module.

mod analysis;
mod board;
mod dialogs;
pub(super) mod help;
mod input_line;
pub mod layout;
pub(super) mod legend;
mod panel;
mod puzzle;
mod review;
#[cfg(test)]
mod tests;

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use super::state::{Mode, Session};
use board::{BoardView, Picture};
pub use layout::layout;

/// Draws one frame.
pub fn draw(frame: &mut Frame, session: &Session) {
    let area = frame.area();
    let Some(screen) = layout(area, session.flipped()) else {
        return too_small(frame, area);
    };
    let board = BoardView {
        picture: Picture::of(session.shown_position()),
        geometry: screen.board,
        highlights: session.highlights(),
        theme: session.theme(),
    };
    frame.render_widget(board, area);
    match session.mode() {
        Mode::Review => review::draw(frame, screen.panel, session),
        Mode::Analyze => analysis::draw(frame, screen.panel, session),
        _ => panel::draw(frame, screen.panel, session),
    }
    input_line::draw(frame, screen.input, session);
    match session.mode() {
        Mode::Help { scroll, page } => help::draw(frame, area, scroll, page, session),
        Mode::GameOver => dialogs::game_over(frame, screen.board.area(), session),
        Mode::Browse(ply) => dialogs::browse_banner(frame, screen.board.area(), session, ply),
        Mode::NewGame(form) => dialogs::new_game(frame, area, session, &form),
        Mode::Confirm(pending) => dialogs::confirm(frame, screen.board.area(), session, pending),
        Mode::OpenGame => dialogs::saved_games(frame, area, session),
        Mode::Play | Mode::Review | Mode::Analyze | Mode::Puzzle => {}
    }
}

fn too_small(frame: &mut Frame, area: Rect) {
    let (w, h) = layout::min_size();
    let text = vec![
        Line::from("Please enlarge the terminal"),
        Line::from(format!("needs {w}x{h}, has {}x{}", area.width, area.height)),
        Line::from("Ctrl-C quits"),
    ];
    let y = area.height.saturating_sub(3) / 2;
    let rect = Rect::new(area.x, area.y + y, area.width, 3.min(area.height));
    frame.render_widget(Paragraph::new(text).alignment(Alignment::Center).wrap(Wrap { trim: true }), rect);
}
