//! The help overlay: every key and command on one page, the rules on another
//! (Tab switches).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use super::input::COMMANDS;
use super::theme::Theme;
use super::ui::centered;

/// Keys and what they do.
pub const KEYS: &[(&str, &str)] = &[
    ("type, Enter", "play a move: e4 Nf3 exd5 bxa8=Q Nd3f6 Nd3-f6 d3f6"),
    ("Tab", "complete the move or command typed so far"),
    ("Bksp Ctrl-W Ctrl-U", "delete a letter / a word / the whole line"),
    ("Esc", "clear input and selection; close; leave review"),
    ("arrows, Space", "move the board cursor; pick piece, then target"),
    ("mouse click", "pick a piece, then click its target"),
    ("F1  ?", "this help (? when the input line is empty)"),
    ("Ctrl-Z  Ctrl-Y", "undo / redo (vs engine: with its reply)"),
    ("Ctrl-F", "flip the board"),
    ("Ctrl-T  F2", "hint: the engine's move for you, not played"),
    ("Ctrl-G  F3", "engine: move now with its best move so far"),
    ("Ctrl-E", "show the FEN and copy it to the clipboard"),
    ("Ctrl-S", "save the game as PGN (wormhole-DATE.pgn)"),
    ("Ctrl-O  Ctrl-L", "type ':open FILE' (PGN) / ':load FEN'"),
    ("Ctrl-N", "new game with the same settings"),
    ("PgUp PgDn Home End", "review earlier positions (game unchanged)"),
    ("mouse wheel", "scroll the move list"),
    ("Ctrl-C  Ctrl-Q", "quit now; unsaved game autosaved, FEN printed"),
];

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
pub fn lines(rules: bool) -> Vec<Line<'static>> {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut v = Vec::new();
    if rules {
        v.push(Line::styled("Rules of Wormhole chess", bold));
        v.extend(RULES.iter().map(|r| Line::from(*r)));
        return v;
    }
    v.push(Line::styled("Keys", bold));
    for (k, what) in KEYS {
        v.push(Line::from(format!(" {k:<18} {what}")));
    }
    v.push(Line::styled("Commands: type : and the name, Enter (Tab completes)", bold));
    for (c, what) in COMMANDS {
        v.push(Line::from(format!(" :{c:<9} {what}")));
        if *c == "new" {
            v.push(Line::from(format!(" {:<10} {}", "", "[movetime MS] [clock MIN+INC|off]; others as now")));
        }
    }
    v
}

pub fn draw(frame: &mut Frame, area: Rect, scroll: u16, rules: bool, theme: Theme) {
    let text = lines(rules);
    let width = text.iter().map(|l| l.width() as u16).max().unwrap_or(40) + 2;
    let rect = centered(area, width, text.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    let title = if rules {
        " Rules: Tab keys, arrows scroll, Esc close "
    } else {
        " Help: Tab rules, arrows scroll, Esc close "
    };
    let block = Block::default().borders(Borders::ALL).title(title).border_style(Style::new().fg(theme.accent()));
    let max = (text.len() as u16).saturating_sub(rect.height.saturating_sub(2));
    frame
        .render_widget(Paragraph::new(text).block(block).wrap(Wrap { trim: false }).scroll((scroll.min(max), 0)), rect);
}
