//! The help overlay: every key and command, and the rules on one screen.

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
    ("type + Enter", "play a move: e4  Nf3  exd5  bxa8=Q  Nd3f6  Nd3-f6  d3f6  b7a8q"),
    ("Tab", "complete the move (or command) typed so far"),
    ("Backspace Ctrl-W Ctrl-U", "delete a letter / a word / the line"),
    ("Esc", "clear input and selection; close an overlay; leave review"),
    ("arrows  Space/Enter", "move the board cursor; pick a piece, then its target"),
    ("mouse click", "pick a piece, then click its target"),
    ("F1  ?", "this help (? when the input line is empty)"),
    ("Ctrl-Z  Ctrl-Y", "undo / redo (against the engine: with its reply)"),
    ("Ctrl-F", "flip the board"),
    ("Ctrl-T  F2", "hint: the engine's suggestion for you (not played)"),
    ("Ctrl-G  F3", "engine: move now with the best move so far"),
    ("Ctrl-E", "show the FEN and copy it to the clipboard"),
    ("Ctrl-S", "save the game as PGN (wormhole-DATE.pgn)"),
    ("Ctrl-O  Ctrl-L", "start ':open FILE' (PGN) / ':load FEN'"),
    ("Ctrl-N", "new game with the same settings"),
    ("PgUp PgDn Home End", "review the game's positions; the game is not changed"),
    ("wheel", "scroll the move list"),
    ("Ctrl-C  Ctrl-Q", "quit at once (unsaved game is autosaved, FEN printed)"),
];

/// The rules in a nutshell.
pub const RULES: &[&str] = &[
    "Every time a piece moves, the square it left becomes a HOLE for good.",
    "Holes are drawn as dark shaded squares: the board is eaten away.",
    "Movement counts only squares that are not holes: pieces skip holes.",
    "A capture leaves the target square a normal square.",
    "King: 1st square in any of the 8 directions.",
    "Rook: 1st or 2nd square orthogonally (jumps).  Bishop: same, diagonally.",
    "Queen: rook + bishop.  Knight: one orthogonal then one diagonal step",
    "  onward (each step skips holes; the first may cross a piece).",
    "Fairy set: Champion C = 2nd square any direction or 1st orthogonally;",
    "  Wizard W = 1st diagonal, or 2nd orthogonal then a diagonal step;",
    "  Lion M = 2nd square any direction; captures only on the 1st square.",
    "Pawns: 1 forward (2 from the start rank, no jumping), capture diagonally;",
    "  promotion only by capturing onto the last rank. No en passant.",
    "No castling. A move may not leave your king attacked.",
    "The side with NO legal move LOSES (checkmate or not). No draws:",
    "  the board shrinks one square per move, 64 plies at most.",
];

/// All help lines.
pub fn lines() -> Vec<Line<'static>> {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut v = vec![Line::styled("Keys", bold)];
    for (k, what) in KEYS {
        v.push(Line::from(format!("  {k:<24} {what}")));
    }
    v.push(Line::from(""));
    v.push(Line::styled("Commands (type : then Enter; Tab completes)", bold));
    for (c, what) in COMMANDS {
        v.push(Line::from(format!("  :{c:<10} {what}")));
    }
    v.push(Line::from(""));
    v.push(Line::styled("Rules of Wormhole chess", bold));
    for r in RULES {
        v.push(Line::from(format!("  {r}")));
    }
    v
}

pub fn draw(frame: &mut Frame, area: Rect, scroll: u16, theme: Theme) {
    let rect = centered(area, 100, area.height);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Help: arrows/wheel scroll, any other key closes ")
        .border_style(Style::new().fg(theme.accent()));
    let text = lines();
    let max = (text.len() as u16).saturating_sub(rect.height.saturating_sub(2));
    frame
        .render_widget(Paragraph::new(text).block(block).wrap(Wrap { trim: false }).scroll((scroll.min(max), 0)), rect);
}
