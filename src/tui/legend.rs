//! The legend: the pieces in play (symbol for each side, name, how it
//! moves) and the board's marks, in the theme's own glyphs. The help's
//! Pieces page shows it whole, the panel when there is room.

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use wormhole::{Color, GameKind, Piece, Role, Roles};

use crate::tui::theme::StyleSheet;

/// The roles of a game's pieces, in the order players list them.
pub fn roles(kind: GameKind) -> Vec<Role> {
    [
        Role::King,
        Role::Queen,
        Role::Champion,
        Role::Rook,
        Role::Lion,
        Role::Bishop,
        Role::Wizard,
        Role::Knight,
        Role::Pawn,
    ]
    .into_iter()
    .filter(|&r| kind.has_role(r))
    .collect()
}

/// `♔ ♚ King (K)` with the theme's glyphs for both sides.
fn piece_label(theme: &StyleSheet, roles: Roles, role: Role) -> Vec<Span<'static>> {
    let glyph = |color| theme.piece_glyph(Piece { color, role }, roles).to_string();
    let name = roles.name(role);
    let name = name[..1].to_uppercase() + &name[1..];
    vec![
        Span::styled(glyph(Color::White), theme.light_square.patch(theme.white_piece)),
        Span::raw(" "),
        Span::styled(glyph(Color::Black), theme.light_square.patch(theme.black_piece)),
        Span::styled(format!(" {name} ({})", roles.letter(role)), Style::new().add_modifier(Modifier::BOLD)),
    ]
}

/// Each piece in at most `width` columns: the label and the move rule,
/// wrapped under it with an indent.
pub fn pieces(theme: &StyleSheet, kind: GameKind, width: usize) -> Vec<Line<'static>> {
    const INDENT: &str = "    ";
    let mut lines = Vec::new();
    for role in roles(kind) {
        let mut spans = piece_label(theme, kind.role_names(), role);
        let used: usize = spans.iter().map(|s| s.width()).sum();
        let mut first = String::from(":");
        let mut rest: Vec<String> = Vec::new();
        for word in kind.movement(role).split(' ') {
            match rest.last_mut() {
                None if used + first.len() + 1 + word.len() <= width => {
                    first.push(' ');
                    first.push_str(word);
                }
                Some(l) if l.len() + 1 + word.len() <= width => {
                    l.push(' ');
                    l.push_str(word);
                }
                _ => rest.push(format!("{INDENT}{word}")),
            }
        }
        spans.push(Span::raw(first));
        lines.push(Line::from(spans));
        lines.extend(rest.into_iter().map(Line::from));
    }
    lines
}

/// What the marks on the board mean: the game's marks of the squares
/// themselves (`square`), the target mark, the game's corner marks
/// (`corner`) and the cursor.
pub fn marks(theme: &StyleSheet, square: Vec<Line<'static>>, corner: Vec<Line<'static>>) -> Vec<Line<'static>> {
    let mut lines = square;
    lines.push(Line::from(vec![
        Span::styled(format!(" {} ", theme.target_char()), theme.light_square.patch(theme.target)),
        Span::raw(" where the chosen piece can go (or the porthole it goes into)"),
    ]));
    lines.extend(corner);
    lines.push(Line::from(vec![
        Span::styled("[ ]", theme.cursor),
        Span::raw(" the keyboard cursor (arrows, Space picks)"),
    ]));
    lines
}

/// Marks and what they mean in at most `width` columns, the text wrapped
/// under them with an indent.
pub fn mark_lines(marks: Vec<Span<'static>>, text: &str, width: usize) -> Vec<Line<'static>> {
    const INDENT: &str = "    ";
    let used: usize = marks.iter().map(Span::width).sum::<usize>() + 1;
    let mut words = wrap(text, width.saturating_sub(used).max(1)).into_iter();
    let mut first = marks;
    first.push(Span::raw(format!(" {}", words.next().unwrap_or_default())));
    let rest = words.collect::<Vec<String>>().join(" ");
    let mut lines = vec![Line::from(first)];
    if !rest.is_empty() {
        let indented = wrap(&rest, width.saturating_sub(INDENT.len()).max(1));
        lines.extend(indented.into_iter().map(|l| Line::from(format!("{INDENT}{l}"))));
    }
    lines
}

/// Splits text at spaces into lines of at most `width` columns.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + word.chars().count() <= width => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}
