//! Boxes over the board: the game-over banner and the review banner.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use super::layout::centered;
use crate::tui::state::Session;

pub fn game_over(frame: &mut Frame, board: Rect, session: &Session) {
    let Some(end) = session.game().end() else { return };
    let text = vec![
        Line::styled(end.describe(), Style::new().add_modifier(Modifier::BOLD)),
        Line::from(format!("Result {}", end.result_str())),
        Line::from(""),
        Line::from("n  new game"),
        Line::from("r  review the game"),
        Line::from("Ctrl-Z  take back   Esc  close"),
    ];
    let w = text.iter().map(|l| l.width() as u16).max().unwrap_or(20) + 4;
    let rect = centered(board, w, text.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Game over ")
        .border_style(Style::new().fg(session.theme().result).add_modifier(Modifier::BOLD));
    frame.render_widget(Paragraph::new(text).alignment(Alignment::Center).block(block), rect);
}

pub fn browse_banner(frame: &mut Frame, board: Rect, session: &Session, ply: usize) {
    let text = format!(" Review: after {ply} of {} moves. PgUp/PgDn step, Home start, Esc back ", session.game().len());
    let w = (text.chars().count() as u16).min(board.width);
    let rect = Rect::new(board.x, board.y, w, 1);
    let theme = session.theme();
    frame.render_widget(Paragraph::new(text).style(Style::new().bg(theme.banner_bg).fg(theme.banner_fg)), rect);
}
