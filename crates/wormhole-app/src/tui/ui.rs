//! Drawing the whole screen from the app state: board, side panel, input
//! line, and the overlays (help, game over, review, too small).

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color as Tc, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use super::app::{App, Message, Mode};
use super::board_view::{BoardView, Geometry};
use super::game::Player;
use super::{help, panel};

/// Columns the side panel needs at least.
pub const PANEL_MIN_W: u16 = 30;
/// Rows of the input area under the board.
pub const INPUT_H: u16 = 3;

/// Where everything goes on a screen of a given size.
#[derive(Debug, Clone, Copy)]
pub struct Screen {
    pub board: Geometry,
    pub panel: Rect,
    pub input: Rect,
}

/// The smallest terminal the game fits in.
pub fn min_size() -> (u16, u16) {
    let (bw, bh) = Geometry::min_size();
    (bw + 1 + PANEL_MIN_W, bh + INPUT_H)
}

/// The layout of a screen, or None if it is too small.
pub fn layout(area: Rect, flipped: bool) -> Option<Screen> {
    let (min_w, min_h) = min_size();
    if area.width < min_w || area.height < min_h {
        return None;
    }
    let main = Rect::new(area.x, area.y, area.width, area.height - INPUT_H);
    let room = Rect::new(main.x, main.y, main.width.saturating_sub(PANEL_MIN_W + 1), main.height);
    let board = Geometry::fit(room, flipped)?;
    let bw = board.area().width + 1;
    let panel = Rect::new(main.x + bw, main.y, main.width - bw, main.height);
    let input = Rect::new(area.x, area.bottom() - INPUT_H, area.width, INPUT_H);
    Some(Screen { board, panel, input })
}

/// Draws one frame.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let Some(screen) = layout(area, app.flipped()) else {
        return too_small(frame, area);
    };
    let board = BoardView {
        position: app.shown_position(),
        geometry: screen.board,
        highlights: app.highlights(),
        theme: app.theme(),
    };
    frame.render_widget(board, area);
    panel::draw(frame, screen.panel, app);
    draw_input(frame, screen.input, app);
    match app.mode() {
        Mode::Help { scroll, rules } => help::draw(frame, area, scroll, rules, app.theme()),
        Mode::GameOver => game_over(frame, screen.board.area(), app),
        Mode::Browse(ply) => browse_banner(frame, screen.board.area(), app, ply),
        Mode::Play => {}
    }
}

fn too_small(frame: &mut Frame, area: Rect) {
    let (w, h) = min_size();
    let text = vec![
        Line::from("Please enlarge the terminal"),
        Line::from(format!("needs {w}x{h}, has {}x{}", area.width, area.height)),
        Line::from("Ctrl-C quits"),
    ];
    let y = area.height.saturating_sub(3) / 2;
    let rect = Rect::new(area.x, area.y + y, area.width, 3.min(area.height));
    frame.render_widget(Paragraph::new(text).alignment(Alignment::Center).wrap(Wrap { trim: true }), rect);
}

fn draw_input(frame: &mut Frame, area: Rect, app: &App) {
    let game = app.game();
    let pos = game.position();
    let accent = Style::new().fg(app.theme().accent()).add_modifier(Modifier::BOLD);
    let prompt = if game.is_over() {
        "Game over >".to_string()
    } else if game.player_to_move() == Player::Engine && !app.input().starts_with(':') {
        format!("{} (engine) is thinking... Ctrl-G: move now >", pos.turn())
    } else {
        format!("{} to move >", pos.turn())
    };
    let line1 = Line::from(vec![
        Span::styled(prompt, accent),
        Span::raw(" "),
        Span::raw(app.input().to_string()),
        Span::raw("█"),
    ]);
    let candidates = app.candidates();
    let line2 = if app.input().starts_with(':') {
        let cmd = app.input()[1..].split_whitespace().next().unwrap_or("");
        let names: Vec<&str> =
            super::input::COMMANDS.iter().map(|c| c.0).filter(|n| n.starts_with(cmd) || cmd.starts_with(n)).collect();
        Line::from(format!("commands: {}", names.join(" ")))
    } else if !app.input().is_empty() && !game.is_over() && game.player_to_move() == Player::Engine {
        Line::styled("the engine is to move; type a :command, or wait for its move", dim())
    } else if app.input().is_empty() {
        Line::styled("Type a move (e4, Nf3, Nd3f6) or :command; arrows/mouse pick squares; F1 or ? help", dim())
    } else {
        let exact = pos.parse_move(app.input()).ok();
        match (exact, candidates.len()) {
            (Some(m), _) => Line::from(vec![
                Span::styled("Enter plays ", dim()),
                Span::styled(pos.san(m), Style::new().add_modifier(Modifier::BOLD)),
            ]),
            (None, 0) => Line::styled("no legal move starts like this", dim()),
            (None, _) => {
                let list: Vec<&str> = candidates.iter().map(|c| c.san.as_str()).collect();
                Line::from(vec![
                    Span::styled("matches: ", dim()),
                    Span::raw(list.join(" ")),
                    Span::styled("  (Tab completes)", dim()),
                ])
            }
        }
    };
    let line3 = match app.message() {
        Some(Message::Error(e)) => Line::styled(e.clone(), Style::new().fg(Tc::LightRed).add_modifier(Modifier::BOLD)),
        Some(Message::Info(i)) => Line::styled(i.clone(), Style::new().fg(Tc::LightGreen)),
        None => {
            Line::styled("Ctrl-Z undo  Ctrl-Y redo  Ctrl-F flip  Ctrl-T hint  Ctrl-S save  F1 help  Ctrl-C quit", dim())
        }
    };
    frame.render_widget(Paragraph::new(vec![line1, line2, line3]), area);
}

pub fn dim() -> Style {
    Style::new().fg(Tc::DarkGray)
}

/// A box centred in `area`.
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(area.x + (area.width - w) / 2, area.y + (area.height - h) / 2, w, h)
}

fn game_over(frame: &mut Frame, board: Rect, app: &App) {
    let Some(end) = app.game().end() else { return };
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
        .border_style(Style::new().fg(Tc::Yellow).add_modifier(Modifier::BOLD));
    frame.render_widget(Paragraph::new(text).alignment(Alignment::Center).block(block), rect);
}

fn browse_banner(frame: &mut Frame, board: Rect, app: &App, ply: usize) {
    let text = format!(" Review: after {ply} of {} moves. PgUp/PgDn step, Home start, Esc back ", app.game().len());
    let w = (text.chars().count() as u16).min(board.width);
    let rect = Rect::new(board.x, board.y, w, 1);
    frame.render_widget(Paragraph::new(text).style(Style::new().bg(Tc::Blue).fg(Tc::White)), rect);
}
