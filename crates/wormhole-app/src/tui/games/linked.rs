//! Linked-portal chess: the two portals, its rules (from the library),
//! the portals now.

use ratatui::text::{Line, Span};
use wormhole::linked::Portals;
use wormhole::linked::fen::start_with_portals;
use wormhole::{AnyMove, AnyPosition, Color, GameKind, Piece, Square};

use super::{GameView, SetupChoice, rules_page};
use crate::tui::theme::Theme;
use crate::tui::view::{help, legend};

/// The set-up: each player places a portal on a file of their rank (4 for
/// White, 5 for Black); the default start has them on e4 and a5.
const PORTAL_CHOICES: [SetupChoice; 2] = [
    SetupChoice { label: "White portal", count: 8, default: 4 },
    SetupChoice { label: "Black portal", count: 8, default: 0 },
];

/// The square of the portal of `Color::ALL[choice]` on `file` (rank 4 for
/// White, 5 for Black).
fn portal(choice: usize, file: u8) -> Square {
    Square::from_coords(file, 3 + choice as u8).unwrap_or(Square::new(0))
}

/// What the rules call J, said wherever the portals are explained.
const J_IS_ONE_SQUARE: &str = "the two are one square, J: a piece arriving on one comes out of the other";

/// A portal of `owner` (frozen ones for `None`) as the legends show it.
fn portal_mark(theme: &Theme, owner: Option<Color>) -> Span<'static> {
    let (c, style) = (theme.portal_char(owner), theme.portal_style(owner));
    Span::styled(format!(" {c} "), theme.light_square.patch(style))
}

/// White's and Black's portal side by side.
fn owner_marks(theme: &Theme) -> Vec<Span<'static>> {
    vec![portal_mark(theme, Some(Color::White)), portal_mark(theme, Some(Color::Black))]
}

/// The opponent's portal while the portals are active: where a portal
/// move sends a piece it steps onto (and where it makes a black hole).
fn other_portal(p: &wormhole::linked::Position) -> Option<Square> {
    Some(p.portals()).filter(|portals| portals.is_active()).and_then(|portals| portals.of(!p.turn()))
}

/// Linked-portal chess.
pub struct Linked;

impl GameView for Linked {
    fn rules(&self) -> Vec<Line<'static>> {
        rules_page(GameKind::Linked, wormhole::linked::RULES_BEFORE_PIECES, wormhole::linked::RULES_AFTER_PIECES)
    }

    fn portals(&self, pos: &AnyPosition) -> Vec<(Square, Option<Color>)> {
        let AnyPosition::Linked(p) = pos else { return Vec::new() };
        match p.portals() {
            Portals::None => Vec::new(),
            Portals::Active { white, black } => vec![(white, Some(Color::White)), (black, Some(Color::Black))],
            Portals::Frozen(sq) => vec![(sq, None)],
        }
    }

    fn corner_marks(&self, theme: &Theme) -> Vec<Line<'static>> {
        let width = usize::from(help::WIDTH) - 2;
        let text = format!("White's and Black's portal (in the corner under a piece): {J_IS_ONE_SQUARE}");
        let mut lines = legend::mark_lines(owner_marks(theme), &text, width);
        let frozen = "frozen portals after a black hole: an ordinary square";
        lines.extend(legend::mark_lines(vec![portal_mark(theme, None)], frozen, width));
        lines
    }

    fn panel_marks(&self, theme: &Theme, width: usize) -> Vec<Line<'static>> {
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
        if let Some((piece, from, to)) = self.carried(pos, m) {
            return Some(format!("teleported the {} {} {from} -> {to}", piece.color, piece.role.name()));
        }
        let (AnyPosition::Linked(p), AnyMove::Linked(m)) = (pos, m) else { return None };
        if !m.is_portal() || other_portal(p) != Some(m.to()) {
            return None;
        }
        let pieces: Vec<String> = p
            .swallowed_by(m)
            .filter_map(|sq| pos.played_board().piece_at(sq).map(|p| format!("the {} {} on {sq}", p.color, p.role.name())))
            .collect();
        let what = if pieces.is_empty() { "nothing".to_string() } else { pieces.join(", ") };
        Some(format!("black hole on {}: it swallowed {what}; the portals are frozen", m.to()))
    }

    /// A portal stepping onto a piece sends it to the other portal's square.
    fn carried(&self, pos: &AnyPosition, m: AnyMove) -> Option<(Piece, Square, Square)> {
        let (AnyPosition::Linked(p), AnyMove::Linked(m)) = (pos, m) else { return None };
        let other = other_portal(p)?;
        let piece = pos.played_board().piece_at(m.to())?;
        (m.is_portal() && other != m.to()).then_some((piece, m.to(), other))
    }

    fn setup_choices(&self) -> &'static [SetupChoice] {
        &PORTAL_CHOICES
    }

    fn setup_value(&self, choice: usize, value: u8) -> String {
        let sq = portal(choice, value);
        format!("{sq} (any square of rank {})", sq.rank() + 1)
    }

    fn start(&self, kind: GameKind, values: &[u8]) -> AnyPosition {
        let &[white, black] = values else { return AnyPosition::new(kind) };
        start_with_portals(portal(0, white), portal(1, black))
            .and_then(|fen| AnyPosition::from_fen(kind, &fen).ok())
            .unwrap_or_else(|| AnyPosition::new(kind))
    }
}
