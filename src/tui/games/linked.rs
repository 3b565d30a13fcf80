//! Linked-portal chess: the two portals, its rules (from the library),
//! the portals now.

use ratatui::text::{Line, Span};
use wormhole::facts::Facts;
use wormhole::{AnyMove, AnyPosition, Color, GameKind};

use super::{GameLook, rules_page};
use crate::tui::theme::StyleSheet;
use crate::tui::legend;

/// What the rules call J, said wherever the portals are explained.
const J_IS_ONE_SQUARE: &str = "the two are one square, J: a piece arriving on one comes out of the other";

/// A portal of `owner` (frozen ones for `None`) as the legends show it.
fn portal_mark(theme: &StyleSheet, owner: Option<Color>) -> Span<'static> {
    let (c, style) = (theme.disc_char(owner), theme.disc_style(owner));
    Span::styled(format!(" {c} "), theme.light_square.patch(style))
}

/// White's and Black's portal side by side.
fn owner_marks(theme: &StyleSheet) -> Vec<Span<'static>> {
    vec![portal_mark(theme, Some(Color::White)), portal_mark(theme, Some(Color::Black))]
}

/// Linked-portal chess.
pub struct Linked;

impl GameLook for Linked {
    fn rules(&self, width: usize) -> Vec<Line<'static>> {
        rules_page(GameKind::Linked, wormhole::linked::RULES_BEFORE_PIECES, wormhole::linked::RULES_AFTER_PIECES, width)
    }

    fn corner_marks(&self, theme: &StyleSheet, width: usize) -> Vec<Line<'static>> {
        let text = format!("White's and Black's portal (in the corner under a piece): {J_IS_ONE_SQUARE}");
        let mut lines = legend::mark_lines(owner_marks(theme), &text, width);
        let frozen = "frozen portals after a black hole: an ordinary square";
        lines.extend(legend::mark_lines(vec![portal_mark(theme, None)], frozen, width));
        lines
    }

    fn panel_marks(&self, theme: &StyleSheet, width: usize) -> Vec<Line<'static>> {
        legend::mark_lines(owner_marks(theme), &format!("portals: {J_IS_ONE_SQUARE}"), width)
    }

    fn board_state(&self, pos: &AnyPosition) -> Option<String> {
        let AnyPosition::Linked(p) = pos else { return None };
        Some(format!("Portals {}  quiet plies {}/100", p.portals(), p.halfmoves()))
    }

    /// What a black hole removes: "black hole on e5: it swallowed the
    /// white knight on e4, ..."; what a teleport moves: "teleported the
    /// white pawn a5 -> e4".
    fn move_note(&self, pos: &AnyPosition, m: AnyMove) -> Option<String> {
        if let Some(c) = pos.carried(m) {
            return Some(format!("teleported the {} {} {} -> {}", c.piece.color, pos.kind().role_names().name(c.piece.role), c.from, c.to));
        }
        let (AnyPosition::Linked(p), AnyMove::Linked(m)) = (pos, m) else { return None };
        if !m.is_portal() || p.opponent_portal() != Some(m.to()) {
            return None;
        }
        let pieces: Vec<String> = p
            .swallowed_by(m)
            .filter_map(|sq| pos.played_board().piece_at(sq).map(|p| format!("the {} {} on {sq}", p.color, pos.kind().role_names().name(p.role))))
            .collect();
        let what = if pieces.is_empty() { "nothing".to_string() } else { pieces.join(", ") };
        Some(format!("black hole on {}: it swallowed {what}; the portals are frozen", m.to()))
    }
}
