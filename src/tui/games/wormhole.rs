//! Wormhole chess (both piece sets): the holes, the rules of both sets,
//! the squares left.

use ratatui::text::{Line, Span};
use wormhole::{AnyPosition, Role, Variant};

use super::{GameLook, bold, role_lines};
use crate::tui::theme::StyleSheet;
use crate::tui::legend;

/// The rules in a nutshell, before each piece's move (which comes from
/// the library).
const RULES_BEFORE: &[&str] = &[
    "When a piece moves, the square it left becomes a HOLE for good (the",
    "board is eaten away). A capture leaves the target a normal square.",
    "Moves count only squares that are not holes: pieces skip holes.",
];

/// The rules in a nutshell, after each piece's move.
const RULES_AFTER: &[&str] = &[
    "No castling, no en passant. A pawn promotes only by capturing onto",
    "the last rank. A move must not leave your own king attacked.",
    "The side with NO legal move LOSES, in check or not. No draws: a game",
    "lasts at most 64 plies.",
];

/// Wormhole chess, classic and fairy.
pub struct Wormhole;

impl GameLook for Wormhole {
    /// One page for both sets: the classic pieces, then the fairy ones.
    fn rules(&self, width: usize) -> Vec<Line<'static>> {
        let mut v = vec![Line::styled("Rules of Wormhole chess", bold())];
        v.extend(RULES_BEFORE.iter().map(|r| Line::from(*r)));
        for variant in Variant::ALL {
            let also = if variant == Variant::Fairy { " (King, Knight, Pawn as above)" } else { "" };
            v.push(Line::styled(format!("The {variant} set{also}"), bold()));
            let roles = legend::roles(variant.game());
            let shown: Vec<Role> = roles.into_iter().filter(|&r| variant == Variant::Classic || is_fairy(r)).collect();
            v.extend(role_lines(variant.game(), &shown, width));
        }
        v.extend(RULES_AFTER.iter().map(|r| Line::from(*r)));
        v
    }

    fn square_marks(&self, theme: &StyleSheet, width: usize) -> Vec<Line<'static>> {
        let text = format!("a hole: the square a piece left, where nothing stands; {HOLES_ARE_NOT_SQUARES}");
        legend::mark_lines(vec![hole_mark(theme)], &text, width)
    }

    fn panel_marks(&self, theme: &StyleSheet, width: usize) -> Vec<Line<'static>> {
        legend::mark_lines(vec![hole_mark(theme)], HOLES_ARE_NOT_SQUARES, width)
    }

    fn board_state(&self, pos: &AnyPosition) -> Option<String> {
        let AnyPosition::Wormhole(p) = pos else { return None };
        Some(format!("Squares left {}/64  ply {}", p.board().squares_left(), p.plies()))
    }
}

/// What a newcomer mated across two holes did not know, said in the
/// legends of the panel and of the help's Pieces page.
const HOLES_ARE_NOT_SQUARES: &str = "holes are not squares, moves skip them: with holes on a2 and a3, a king on a1 steps to a4";

/// A hole as the legend shows it: three cells of the hole's fill.
fn hole_mark(theme: &StyleSheet) -> Span<'static> {
    Span::styled(theme.hole_char().to_string().repeat(3), theme.hole)
}

fn is_fairy(role: Role) -> bool {
    !Variant::Classic.has_role(role)
}
