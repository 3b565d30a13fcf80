//! The three lines under the board: the prompt with what is typed, what the
//! typed text matches, and the message or the footer of keys.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::tui::game::Player;
use crate::tui::input::InputHint;
use crate::tui::keymap;
use crate::tui::state::{Message, Session};

pub fn draw(frame: &mut Frame, area: Rect, session: &Session) {
    let lines = vec![prompt(session), hint(session), message_or_footer(session)];
    frame.render_widget(Paragraph::new(lines), area);
}

fn prompt(session: &Session) -> Line<'static> {
    let game = session.game();
    let theme = session.theme();
    let turn = game.position().turn();
    let text = if game.is_over() {
        "Game over >".to_string()
    } else if game.player_to_move() == Player::Engine && !session.input().starts_with(':') {
        format!("{turn} (engine) is thinking... Ctrl-G: move now >")
    } else {
        format!("{turn} to move >")
    };
    Line::from(vec![
        Span::styled(text, Style::new().fg(theme.accent).add_modifier(Modifier::BOLD)),
        Span::raw(" "),
        Span::raw(session.input().to_string()),
        Span::raw(theme.input_cursor().to_string()),
    ])
}

fn hint(session: &Session) -> Line<'static> {
    let dim = Style::new().fg(session.theme().dim);
    match session.input_hint() {
        InputHint::Command(names) => Line::from(format!("commands: {}", names.join(" "))),
        InputHint::EngineToMove => Line::styled("the engine is to move; type a :command, or wait for its move", dim),
        InputHint::Empty => {
            Line::styled("Type a move (e4, Nf3, Nd3f6) or :command; arrows/mouse pick squares; F1 or ? help", dim)
        }
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

fn message_or_footer(session: &Session) -> Line<'static> {
    let theme = session.theme();
    match session.message() {
        Some(Message::Error(e)) => Line::styled(e.clone(), Style::new().fg(theme.error).add_modifier(Modifier::BOLD)),
        Some(Message::Info(i)) => Line::styled(i.clone(), Style::new().fg(theme.info)),
        None => {
            let entries = keymap::footer_entries(session.key_context());
            let text: Vec<String> = entries.iter().map(|(key, word, _)| format!("{key} {word}")).collect();
            Line::styled(text.join("  "), Style::new().fg(theme.dim))
        }
    }
}
