//! The help overlay: every key (from the keymap) and command (from the
//! command table) on one page, the rules on another.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use super::layout::centered;
use crate::tui::commands::COMMANDS;
use crate::tui::keymap::{self, Context, When};
use crate::tui::state::HelpPage;
use crate::tui::theme::Theme;

/// The rules in a nutshell.
pub const RULES: &[&str] = &[
    "When a piece moves, the square it left becomes a HOLE for good",
    "(drawn dark and shaded: the board is eaten away). A capture leaves",
    "the target a normal square. The board loses one square per move.",
    "Moves count only squares that are not holes: pieces skip holes.",
    "  King    the 1st square in any of the 8 directions",
    "  Rook    the 1st or 2nd square orthogonally (jumping over)",
    "  Bishop  the 1st or 2nd square diagonally (jumping over)",
    "  Queen   rook + bishop",
    "  Knight  one orthogonal step, then one diagonal step onward;",
    "          each step skips holes, the first may cross a piece",
    "  Pawn    1 forward (2 from its start rank, never jumping),",
    "          captures 1 diagonally forward; promotes only by",
    "          capturing onto the last rank; no en passant",
    "Fairy set (--variant fairy):",
    "  Champion C  2nd square in any direction, or 1st orthogonally",
    "  Wizard W    1st diagonally, or 2nd orthogonally + a diagonal step",
    "  Lion M      2nd square in any direction; captures on the 1st too",
    "No castling. A move must not leave your own king attacked.",
    "The side with NO legal move LOSES, in check or not. No draws:",
    "a game lasts at most 64 plies.",
];

/// The lines of one help page.
pub fn lines(page: HelpPage) -> Vec<Line<'static>> {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut v = Vec::new();
    if page == HelpPage::Rules {
        v.push(Line::styled("Rules of Wormhole chess", bold));
        v.extend(RULES.iter().map(|r| Line::from(*r)));
        return v;
    }
    v.push(Line::styled("Keys", bold));
    // The help's own keys are in its title; the game-over keys in its banner.
    let rows = keymap::help_rows(|b| !matches!(b.when, When::Only(Context::Help | Context::GameOver)));
    let mouse = (keymap::MOUSE.0.to_string(), keymap::MOUSE.1);
    for (keys, what) in rows.into_iter().chain([mouse]) {
        v.push(Line::from(format!(" {keys:<18} {what}")));
    }
    v.push(Line::styled("Commands: type : and the name, Enter (Tab completes)", bold));
    for c in COMMANDS {
        let usage = format!(":{} {}", c.name, c.args);
        if usage.len() <= 15 {
            v.push(Line::from(format!(" {usage:<15} {}", c.help)));
        } else {
            v.push(Line::from(format!(" {:<15} {}", format!(":{}", c.name), c.help)));
            v.extend(wrap_words(&usage, 70).into_iter().map(|l| Line::from(format!("   {l}"))));
        }
    }
    v
}

/// Splits text at spaces into lines of at most `width` columns.
fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(l) if l.len() + 1 + word.len() <= width => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The title: the help's own keys, from the keymap.
fn title(page: HelpPage) -> String {
    let name = if page == HelpPage::Rules { "Rules" } else { "Help" };
    let keys: Vec<String> =
        keymap::footer_entries(Context::Help)
            .into_iter()
            .map(|(key, word, _)| {
                if page == HelpPage::Rules && word == "rules" { format!("{key} keys") } else { format!("{key} {word}") }
            })
            .collect();
    format!(" {name}: {}, Esc close ", keys.join(", "))
}

pub fn draw(frame: &mut Frame, area: Rect, scroll: u16, page: HelpPage, theme: &Theme) {
    let text = lines(page);
    let width = text.iter().map(|l| l.width() as u16).max().unwrap_or(40) + 2;
    let rect = centered(area, width, text.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    let block = Block::default().borders(Borders::ALL).title(title(page)).border_style(Style::new().fg(theme.accent));
    let max = (text.len() as u16).saturating_sub(rect.height.saturating_sub(2));
    frame
        .render_widget(Paragraph::new(text).block(block).wrap(Wrap { trim: false }).scroll((scroll.min(max), 0)), rect);
}
