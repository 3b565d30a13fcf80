//! The three lines under the board: the prompt with what is typed, what the
//! typed text matches, and the message or the footer of keys.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use wormhole::Rules;

use super::rows::Rows;
use crate::tui::action::UserAction;
use crate::tui::game::PlayerKind;
use crate::tui::input::InputHint;
use crate::tui::keymap;
use crate::tui::state::{AppState, Message, Mode};
use crate::tui::trainer::Phase;

pub fn draw(frame: &mut Frame, area: Rect, session: &AppState) {
    let width = area.width as usize;
    let message = message_or_footer(session, width);
    if message.width() <= width {
        let lines = vec![prompt(session, width), hint(session, width), message];
        return frame.render_widget(Rows(lines), area);
    }
    // A long message takes the hint's line too, so that none of it is cut.
    frame.render_widget(Rows(vec![prompt(session, width)]), Rect { height: 1, ..area });
    let rest = Rect { y: area.y + 1, height: area.height.saturating_sub(1), ..area };
    frame.render_widget(Paragraph::new(message).wrap(Wrap { trim: true }), rest);
}

/// The prompt and the typed text; a text too long for the `width` shows
/// its end (where the cursor is), after `…`.
fn prompt(session: &AppState, width: usize) -> Line<'static> {
    let game = &session.core().game;
    let theme = &session.core().look.theme;
    let turn = game.line().position().turn();
    let text = if session.mode() == Mode::Review {
        "Review >".to_string()
    } else if session.mode() == Mode::Analyze {
        format!("Analysis, {} to move >", session.shown_position().turn())
    } else if let Some(phase) = session.activity().puzzle_phase() {
        if phase == Phase::Solving { format!("Puzzle, {turn} to move >") } else { "Puzzle over, Enter: next >".into() }
    } else if session.activity().game_over(&session.core().game) {
        "Game over >".to_string()
    } else if session.activity().remote().is_some_and(|r| r.you.is_none()) {
        "Watching >".to_string()
    } else if session.offers(UserAction::MoveNow) && !session.core().view.input.text().starts_with(':') {
        format!("{turn} (engine) is thinking... Ctrl-G: move now >")
    } else if game.player_to_move() == PlayerKind::Engine {
        format!("{turn} (engine) to move >")
    } else {
        format!("{turn} to move >")
    };
    let room = width.saturating_sub(text.chars().count() + 2);
    Line::from(vec![
        Span::styled(text, theme.accent.add_modifier(Modifier::BOLD)),
        Span::raw(" "),
        Span::raw(tail(session.core().view.input.text(), room)),
        Span::raw(theme.input_cursor().to_string()),
    ])
}

/// `text`, or `…` and its last characters when it has more than `room`.
fn tail(text: &str, room: usize) -> String {
    let count = text.chars().count();
    if count <= room {
        return text.to_string();
    }
    let keep = room.saturating_sub(1);
    std::iter::once('…').chain(text.chars().skip(count - keep)).collect()
}

/// `commands: ` and the names, as many as fit in `width`, then how many more.
fn command_names(names: &[&str], width: usize) -> String {
    let mut text = String::from("commands:");
    for (i, name) in names.iter().enumerate() {
        let more = names.len() - i - 1;
        let tail = if more > 0 { format!(" +{more} more (F1 lists them)").len() } else { 0 };
        if text.len() + 1 + name.len() + tail > width {
            return format!("{text} +{} more (F1 lists them)", names.len() - i);
        }
        text.push(' ');
        text.push_str(name);
    }
    text
}

fn hint(session: &AppState, width: usize) -> Line<'static> {
    let dim = session.core().look.theme.dim;
    match super::marks::input_hint(session) {
        InputHint::Command(names) => Line::from(command_names(&names, width)),
        InputHint::EngineToMove => Line::styled("the engine is to move; type a :command, or wait for its move", dim),
        InputHint::Empty if session.mode() == Mode::Analyze => {
            Line::styled("Type a move to try it (e4, Nf3, Nd3f6) or :command; Esc leaves", dim)
        }
        InputHint::Empty if session.mode() == Mode::Review => {
            Line::styled("Type a :command, or use the keys below", dim)
        }
        InputHint::Empty => match session.core().game.end() {
            Some(end) => Line::styled(format!("{}. Type a :command, or use the keys below", end.describe()), dim),
            None => Line::styled("Type a move (e4, Nf3, Nd3f6) or :command; arrows/mouse pick squares", dim),
        },
        InputHint::Forced(why) => Line::styled(why, session.core().look.theme.info),
        InputHint::Exact(san) => Line::from(vec![
            Span::styled("Enter plays ", dim),
            Span::styled(san, Style::new().add_modifier(Modifier::BOLD)),
        ]),
        InputHint::NoMatch => Line::styled("no legal move starts like this", dim),
        InputHint::Matches(sans) => Line::from(vec![
            Span::styled("matches: ", dim),
            Span::raw(sans.join(" ")),
            Span::styled("  (Tab completes)", dim),
        ]),
    }
}

fn message_or_footer(session: &AppState, width: usize) -> Line<'static> {
    let theme = &session.core().look.theme;
    match session.core().view.message.as_ref() {
        Some(Message::Error(e)) => Line::styled(e.clone(), theme.error),
        Some(Message::Info(i)) => Line::styled(i.clone(), theme.info),
        None => Line::styled(footer(session, width), theme.dim),
    }
}

/// The keys that work now (only those on offer), as many as fit.
pub fn footer(session: &AppState, width: usize) -> String {
    let mut entries: Vec<keymap::FooterEntry> = keymap::footer_entries(session.mode().key_context(session.activity()))
        .into_iter()
        .filter(|e| session.offers(e.action))
        .collect();
    // On a server, quitting goes back to the lobby.
    for e in entries.iter_mut().filter(|e| e.action == crate::tui::action::UserAction::Quit) {
        if session.activity().remote().is_some() {
            e.word = "lobby";
        }
    }
    keymap::fit_footer(entries, width)
}
