//! Linked-portal chess: the two portals, its rules (from the library),
//! the portals now.

use ratatui::text::{Line, Span};
use wormhole::{AnyPosition, Color, GameKind};

use super::{GameView, rules_page};
use crate::tui::theme::Theme;

/// Linked-portal chess.
pub struct Linked;

impl GameView for Linked {
    fn rules(&self) -> Vec<Line<'static>> {
        rules_page(GameKind::Linked, wormhole::linked::RULES_BEFORE_PIECES, wormhole::linked::RULES_AFTER_PIECES)
    }

    fn corner_marks(&self, theme: &Theme) -> Vec<Line<'static>> {
        let mark = |owner: Option<Color>| {
            let (c, style) = (theme.portal_char(owner), theme.portal_style(owner));
            Span::styled(format!(" {c} "), theme.light_square.patch(style))
        };
        vec![
            Line::from(vec![
                mark(Some(Color::White)),
                mark(Some(Color::Black)),
                Span::raw(" White's and Black's portal (in the corner under a piece); one square, J"),
            ]),
            Line::from(vec![mark(None), Span::raw(" frozen portals after a black hole: an ordinary square")]),
        ]
    }

    fn board_state(&self, pos: &AnyPosition) -> Option<String> {
        let AnyPosition::Linked(p) = pos else { return None };
        Some(format!("Portals {}  quiet plies {}/100", p.portals(), p.halfmoves()))
    }
}
