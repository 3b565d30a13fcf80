//! The help overlay, three pages: every key (from the keymap), command
//! (from the command table) and setting (from the config's table); the
//! pieces in play (the legend); the rules.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use wormhole::{GameKind, Role, Variant};

use super::layout::centered;
use super::legend;
use crate::tui::commands::COMMANDS;
use crate::tui::config::{KEYS, Prefs};
use crate::tui::keymap::{self, Context, When};
use crate::tui::state::{HelpPage, Session};
use crate::tui::theme::Theme;

/// The widest a help page gets.
const WIDTH: u16 = 78;

/// The rules of Wormhole chess in a nutshell; each piece's move comes
/// from the library.
const RULES_BEFORE: &[&str] = &[
    "When a piece moves, the square it left becomes a HOLE for good (the",
    "board is eaten away). A capture leaves the target a normal square.",
    "Moves count only squares that are not holes: pieces skip holes.",
];
const RULES_AFTER: &[&str] = &[
    "No castling, no en passant. A pawn promotes only by capturing onto",
    "the last rank. A move must not leave your own king attacked.",
    "The side with NO legal move LOSES, in check or not. No draws: a game",
    "lasts at most 64 plies.",
];

/// The rules of Porthole chess in a nutshell; each piece's move comes from
/// the library.
const PORTHOLE_RULES_BEFORE: &[&str] = &[
    "Orthodox chess (castling, promotion; no en passant) plus PORTHOLES:",
    "neutral tokens, one each on b4 c4 f4 g4 b5 c5 f5 g5 at the start. A",
    "square with tokens is a porthole (a stack acts as one, its height shown",
    "beside the mark); it is open when no piece stands on it.",
    "Lines stop at pieces and portholes alike; a normal move cannot end on",
    "a porthole.",
];
const PORTHOLE_RULES_AFTER: &[&str] = &[
    "A piece ENTERS a porthole it could capture on (an enemy piece there",
    "is captured), comes OUT at any other open porthole, and one token of",
    "the entry moves to the square it came from. No promotion that way.",
    "SAN: Bxe4>h5 (in at e4, out at h5), fg4>c4; coordinates f3g4c4.",
    "Check and checkmate as in chess; nothing attacks through a porthole.",
    "DRAWS: stalemate, threefold repetition, fifty moves without a capture",
    "or pawn move, king against king.",
];

fn bold() -> Style {
    Style::new().add_modifier(Modifier::BOLD)
}

fn keys_page(prefs: &Prefs) -> Vec<Line<'static>> {
    let mut v = vec![Line::styled("Keys", bold())];
    // The help's own keys are in its title; the game-over keys in its banner.
    let rows = keymap::help_rows(|b| {
        matches!(b.when, When::Always | When::Game | When::EmptyInput | When::Only(Context::Browse))
    });
    let mouse = (keymap::MOUSE.0.to_string(), keymap::MOUSE.1);
    for (keys, what) in rows.into_iter().chain([mouse]) {
        v.push(Line::from(format!(" {keys:<18} {what}")));
    }
    for (name, ctx) in keymap::CONTEXTS {
        v.push(Line::from(format!(" {name}: {}", keymap::context_keys(ctx))));
    }
    v.push(Line::styled("Commands: type : and the name, Enter (Tab completes)", bold()));
    for c in COMMANDS {
        let usage = format!(":{} {}", c.name, c.args);
        if usage.len() <= 16 {
            v.push(Line::from(format!(" {usage:<16} {}", c.help)));
        } else {
            v.push(Line::from(format!(" {:<16} {}", format!(":{}", c.name), c.help)));
            v.extend(legend::wrap(&usage, 70).into_iter().map(|l| Line::from(format!("   {l}"))));
        }
    }
    v.push(Line::styled("Settings: ':set KEY VALUE' (':set KEY' says more), kept in the config file", bold()));
    for k in KEYS {
        v.push(Line::from(format!(" {:<9} {:<14} {}", k.name, prefs.get(k.key), k.values)));
    }
    v
}

fn pieces_page(theme: &Theme, kind: GameKind) -> Vec<Line<'static>> {
    let mut v = vec![Line::styled(format!("Pieces of {} (White, Black, name, letter)", kind.title()), bold())];
    v.extend(legend::pieces(theme, kind, usize::from(WIDTH) - 2));
    v.push(Line::styled("On the board", bold()));
    v.extend(legend::marks(theme, kind));
    v.push(Line::from("':explain d3' or ':explain N' shows where a piece can go right now."));
    v
}

/// The rules of the game being played.
fn rules_page(kind: GameKind) -> Vec<Line<'static>> {
    if kind == GameKind::Linked {
        let mut v = vec![Line::styled("Rules of Linked-portal chess", bold())];
        v.extend(wormhole::linked::RULES_BEFORE_PIECES.iter().map(|r| Line::from(*r)));
        v.extend(role_lines(kind, kind.roles()));
        v.extend(wormhole::linked::RULES_AFTER_PIECES.iter().map(|r| Line::from(*r)));
        return v;
    }
    if kind == GameKind::Porthole {
        let mut v = vec![Line::styled("Rules of Porthole chess", bold())];
        v.extend(PORTHOLE_RULES_BEFORE.iter().map(|r| Line::from(*r)));
        v.extend(role_lines(kind, kind.roles()));
        v.extend(PORTHOLE_RULES_AFTER.iter().map(|r| Line::from(*r)));
        return v;
    }
    let mut v = vec![Line::styled("Rules of Wormhole chess", bold())];
    v.extend(RULES_BEFORE.iter().map(|r| Line::from(*r)));
    for variant in Variant::ALL {
        let also = if variant == Variant::Fairy { " (King, Knight, Pawn as above)" } else { "" };
        v.push(Line::styled(format!("The {variant} set{also}"), bold()));
        let roles = legend::roles(variant.game());
        let shown: Vec<Role> = roles.into_iter().filter(|&r| variant == Variant::Classic || is_fairy(r)).collect();
        v.extend(role_lines(variant.game(), &shown));
    }
    v.extend(RULES_AFTER.iter().map(|r| Line::from(*r)));
    v
}

/// One entry per role: its name and letter, then how it moves in `kind`.
fn role_lines(kind: GameKind, roles: &[Role]) -> Vec<Line<'static>> {
    let mut v = Vec::new();
    for &role in roles {
        let name = role.name();
        let head = format!("  {}{} ({})", name[..1].to_uppercase(), &name[1..], role.char());
        let lines = legend::wrap(kind.movement(role), usize::from(WIDTH) - 18);
        for (i, l) in lines.iter().enumerate() {
            let left = if i == 0 { head.as_str() } else { "" };
            v.push(Line::from(format!("{left:<15} {l}")));
        }
    }
    v
}

fn is_fairy(role: Role) -> bool {
    !Variant::Classic.has_role(role)
}

/// The lines of one help page.
pub fn lines(page: HelpPage, session: &Session) -> Vec<Line<'static>> {
    match page {
        HelpPage::Keys => keys_page(&session.config().prefs),
        HelpPage::Pieces => pieces_page(session.theme(), session.game().kind()),
        HelpPage::Rules => rules_page(session.game().kind()),
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

pub fn draw(frame: &mut Frame, area: Rect, scroll: u16, page: HelpPage, session: &Session) {
    let text = lines(page, session);
    let title = title(page);
    let width = text.iter().map(|l| l.width() as u16).max().unwrap_or(40).max(title.len() as u16).min(WIDTH) + 2;
    let rect = centered(area, width, text.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_set(session.theme().border_set())
        .title(title)
        .border_style(session.theme().accent);
    let max = (text.len() as u16).saturating_sub(rect.height.saturating_sub(2));
    frame
        .render_widget(Paragraph::new(text).block(block).wrap(Wrap { trim: false }).scroll((scroll.min(max), 0)), rect);
}
