//! The help overlay, three pages: every key (from the keymap), command
//! (from the command table) and setting (from the config's table); the
//! pieces in play (the legend); the rules, ending with the file that has
//! them in full.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use wormhole::GameKind;

use super::layout::centered;
use crate::tui::action::UserAction;
use crate::tui::commands::{COMMANDS, SERVER_COMMANDS};
use crate::tui::config::{KEYS, Prefs};
use crate::tui::games;
use crate::tui::keymap::{self, Context, When};
use crate::tui::legend;
use crate::tui::state::{AppState, HelpPage};
use crate::tui::theme::StyleSheet;
use crate::tui::update::{SERVER_REFUSED, SERVER_REFUSED_COMMANDS};

/// The widest a help page gets.
pub(crate) const WIDTH: u16 = 78;

fn bold() -> Style {
    Style::new().add_modifier(Modifier::BOLD)
}

/// The keys and commands (a server's game's own too, `on_server`).
fn keys_page(prefs: &Prefs, on_server: bool) -> Vec<Line<'static>> {
    let mut v = vec![Line::styled("Keys", bold())];
    // The help's own keys are in its title; the game-over keys in its banner.
    // On a server, only what works there; quitting goes to the lobby.
    let here = |a: UserAction| !on_server || !(SERVER_REFUSED.contains(&a) || a == UserAction::Quit);
    let rows = keymap::help_rows(|b| {
        matches!(b.when, When::Always | When::Game | When::EmptyInput | When::Only(Context::Browse)) && here(b.action)
    });
    if on_server {
        v.push(Line::from(format!(" {:<18} {}", "Ctrl-C, Ctrl-Q", "back to the lobby (the game goes on)")));
    }
    let mouse = (keymap::MOUSE.0.to_string(), keymap::MOUSE.1);
    for (keys, what) in rows.into_iter().chain([mouse]) {
        v.push(Line::from(format!(" {keys:<18} {what}")));
    }
    for (name, ctx) in keymap::CONTEXTS {
        v.push(Line::from(format!(" {name}: {}", keymap::context_keys(ctx))));
    }
    v.push(Line::styled("Commands: type : and the name, Enter (Tab completes)", bold()));
    let server = if on_server { SERVER_COMMANDS } else { &[] };
    let commands = COMMANDS.iter().filter(|c| !on_server || !SERVER_REFUSED_COMMANDS.contains(&c.cmd));
    for c in commands.chain(server) {
        let usage = c.usage();
        if usage.len() <= 16 {
            v.push(Line::from(format!(" {usage:<16} {}", c.help)));
        } else {
            v.push(Line::from(format!(" {:<16} {}", format!(":{}", c.name), c.help)));
            v.extend(legend::wrap(&usage, 70).into_iter().map(|l| Line::from(format!("   {l}"))));
        }
    }
    v.push(Line::styled("Settings: ':set KEY VALUE' (':set KEY' says more), kept in the config file", bold()));
    for k in KEYS {
        v.push(Line::from(format!(" {:<9} {:<14} {}", k.name, prefs.get(k.key), k.values())));
    }
    v
}

fn pieces_page(theme: &StyleSheet, kind: GameKind) -> Vec<Line<'static>> {
    let mut v = vec![Line::styled(format!("Pieces of {} (White, Black, name, letter)", kind.title()), bold())];
    v.extend(legend::pieces(theme, kind, usize::from(WIDTH) - 2));
    v.push(Line::styled("On the board", bold()));
    let (game, width) = (games::view(kind), usize::from(WIDTH) - 2);
    v.extend(legend::marks(theme, game.square_marks(theme, width), game.corner_marks(theme, width)));
    v.push(Line::from("':explain d3' or ':explain N' shows where a piece can go right now."));
    v
}

/// The lines of one help page.
pub fn lines(page: HelpPage, session: &AppState) -> Vec<Line<'static>> {
    match page {
        HelpPage::Keys => keys_page(&session.config().prefs, session.activity().remote().is_some()),
        HelpPage::Pieces => pieces_page(&session.core().look.theme, session.core().game.line().kind()),
        HelpPage::Rules => games::rules_with_docs(session.core().game.line().kind(), usize::from(WIDTH) - 2),
    }
}

/// The title: the page, and the help's own keys from the keymap.
fn title(page: HelpPage) -> String {
    let name = match page {
        HelpPage::Keys => "Help",
        HelpPage::Pieces => "Pieces",
        HelpPage::Rules => "Rules",
    };
    let keys: Vec<String> =
        keymap::footer_entries(Context::Help).into_iter().map(|e| format!("{} {}", e.keys, e.word)).collect();
    format!(" {name}: {}, Esc close ", keys.join(", "))
}

pub fn draw(frame: &mut Frame, area: Rect, scroll: u16, page: HelpPage, session: &AppState) {
    let text = lines(page, session);
    let title = title(page);
    let width = text.iter().map(|l| l.width() as u16).max().unwrap_or(40).max(title.len() as u16).min(WIDTH) + 2;
    let rect = centered(area, width, text.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_set(session.core().look.theme.border_set())
        .title(title)
        .border_style(session.core().look.theme.accent);
    let max = (text.len() as u16).saturating_sub(rect.height.saturating_sub(2));
    frame
        .render_widget(Paragraph::new(text).block(block).wrap(Wrap { trim: false }).scroll((scroll.min(max), 0)), rect);
}
