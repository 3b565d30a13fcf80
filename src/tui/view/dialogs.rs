//! Boxes over the board: the game-over banner, a yes/no question, the
//! new-game screen and the review banner. Their keys come from the keymap,
//! and only the actions on offer are shown.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use super::layout::centered;
use crate::tui::action::UserAction;
use crate::tui::keymap::{self, Context};
use crate::tui::newgame::NewGameForm;
use crate::tui::picker::GamePicker;
use crate::tui::state::{AppState, Mode, Pending};
use crate::tui::theme::StyleSheet;

/// A bordered box with `lines`, centred in `area`.
fn dialog(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line<'static>>, theme: &StyleSheet) {
    let w = lines.iter().map(|l| l.width() as u16).max().unwrap_or(20).max(title.len() as u16) + 4;
    let rect = centered(area, w, lines.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_set(theme.border_set())
        .title(title.to_string())
        .border_style(theme.result);
    frame
        .render_widget(Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: true }).block(block), rect);
}

pub fn game_over(frame: &mut Frame, board: Rect, session: &AppState) {
    let Some(end) = session.core().game.end() else { return };
    let mut text = vec![
        Line::styled(end.describe(), Style::new().add_modifier(Modifier::BOLD)),
        Line::from(format!("Result {}", end.result_str())),
        Line::from(""),
    ];
    // Its own keys, a take-back when there is one to take, and Esc.
    let own = |e: &keymap::FooterEntry| keymap::context_keys(Context::GameOver).contains(e.word);
    for e in keymap::footer_entries(Context::GameOver) {
        let take_back = e.action == UserAction::Undo && session.offers(e.action);
        if own(&e) || take_back {
            let word = if take_back { "take back" } else { e.word };
            text.push(Line::from(format!("{}  {word}", e.keys)));
        }
    }
    text.push(Line::from("Esc  close"));
    dialog(frame, board, " Game over ", text, &session.core().look.theme);
}

pub fn confirm(frame: &mut Frame, board: Rect, session: &AppState, pending: &Pending) {
    let mut text = vec![Line::styled(pending.question(), Style::new().add_modifier(Modifier::BOLD)), Line::from("")];
    text.push(Line::from(keymap::context_keys(Context::Confirm)));
    dialog(frame, board, " Please confirm ", text, &session.core().look.theme);
}

pub fn new_game(frame: &mut Frame, area: Rect, session: &AppState, form: &NewGameForm) {
    let theme = &session.core().look.theme;
    let mut text = vec![Line::from("")];
    for field in form.fields() {
        let value = format!("< {} >", form.value(field));
        let style = if field == form.field { theme.current } else { Style::new() };
        text.push(Line::from(vec![
            Span::styled(format!("{:>13}  ", field.label()), Style::new().add_modifier(Modifier::BOLD)),
            Span::styled(value, style),
        ]));
    }
    text.push(Line::from(""));
    if session.core().game.in_progress() {
        text.push(Line::styled("Starting ends the game in progress (it is autosaved).", theme.error));
    }
    text.push(Line::styled(keymap::context_keys(Context::NewGame), theme.dim));
    let w = text.iter().map(|l| l.width() as u16).max().unwrap_or(40) + 4;
    let rect = centered(area, w, text.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_set(session.core().look.theme.border_set())
        .title(" New game ")
        .border_style(theme.accent);
    frame.render_widget(Paragraph::new(text).block(block), rect);
}

/// The list of saved games: the filter typed, one row per game (the chosen
/// one highlighted, scrolled into view), the folders and the keys.
pub fn saved_games(frame: &mut Frame, area: Rect, session: &AppState, picker: &GamePicker<Mode>) {
    let theme = &session.core().look.theme;
    let width = area.width.saturating_sub(4).max(20);
    let rows_room = usize::from(area.height.saturating_sub(9)).max(1);
    let mut text = vec![Line::from(vec![
        Span::styled("Filter: ", Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(format!("{}{}", picker.filter, theme.input_cursor())),
    ])];
    let shown = picker.shown();
    let first = picker.selected.saturating_sub(rows_room - 1);
    match &picker.games {
        None => text.push(Line::styled("reading the games folder...", theme.dim)),
        Some(all) if all.is_empty() => text.push(Line::styled("no saved games or autosaves yet", theme.dim)),
        Some(all) => {
            let read = all.len() - picker.left_out();
            let mut count = format!("{} of {read} games, newest first", shown.len());
            if picker.left_out() > 0 {
                count += &format!("; {} older files not read: type to find them by name", picker.left_out());
            }
            text.push(Line::styled(count, theme.dim));
            for (i, game) in shown.iter().enumerate().skip(first).take(rows_room) {
                let style = if i == picker.selected { theme.current } else { Style::new() };
                let row: String = game.row().chars().take(usize::from(width) - 2).collect();
                text.push(Line::styled(row, style));
            }
        }
    }
    text.push(Line::from(""));
    for dir in &picker.folders {
        text.push(Line::styled(format!("in {}", dir.display()), theme.dim));
    }
    text.push(Line::styled(keymap::context_keys(Context::OpenGame), theme.dim));
    let rect = centered(area, width, (text.len() as u16 + 2).min(area.height));
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_set(theme.border_set())
        .title(" Saved games (type to filter) ")
        .border_style(theme.accent);
    frame.render_widget(Paragraph::new(text).block(block), rect);
}

pub fn browse_banner(frame: &mut Frame, board: Rect, session: &AppState, ply: usize) {
    let text = format!(
        " Review: after {ply} of {} moves. PgUp/PgDn step, Home start, Esc back ",
        session.core().game.line().len()
    );
    let w = (text.chars().count() as u16).min(board.width);
    let rect = Rect::new(board.x, board.y, w, 1);
    frame.render_widget(Paragraph::new(text).style(session.core().look.theme.banner), rect);
}
