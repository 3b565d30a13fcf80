//! Porthole chess: the legend of the portholes and their exits, its
//! rules, the portholes left.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use wormhole::{AnyPosition, GameKind};

use super::{GameLook, rules_page};
use crate::tui::theme::StyleSheet;

/// The rules in a nutshell, before each piece's move (which comes from
/// the library).
const RULES_BEFORE: &[&str] = &[
    "Orthodox chess (castling, promotion; no en passant) plus PORTHOLES:",
    "neutral tokens, one each on b4 c4 f4 g4 b5 c5 f5 g5 at the start. A",
    "square with tokens is a porthole (a stack acts as one, its height shown",
    "beside the mark); it is open when no piece stands on it.",
    "Lines stop at pieces and portholes alike; a normal move cannot end on",
    "a porthole.",
];

/// The rules in a nutshell, after each piece's move.
const RULES_AFTER: &[&str] = &[
    "A piece ENTERS a porthole it could capture on (an enemy piece there",
    "is captured), comes OUT at any other open porthole, and one token of",
    "the entry moves to the square it came from. No promotion that way.",
    "SAN: Bxe4>h5 (in at e4, out at h5), fg4>c4; coordinates f3g4c4.",
    "Check and checkmate as in chess; nothing attacks through a porthole.",
    "DRAWS: stalemate, threefold repetition, fifty moves without a capture",
    "or pawn move, king against king.",
];

/// Porthole chess.
pub struct Porthole;

impl GameLook for Porthole {
    fn rules(&self, width: usize) -> Vec<Line<'static>> {
        rules_page(GameKind::Porthole, RULES_BEFORE, RULES_AFTER, width)
    }

    fn corner_marks(&self, theme: &StyleSheet, _width: usize) -> Vec<Line<'static>> {
        let mark = |c: char, style: Style| Span::styled(format!(" {c} "), theme.light_square.patch(style));
        vec![
            Line::from(vec![
                mark(theme.ring_char(), theme.ring),
                Span::raw(" a porthole (in the corner under a piece; a digit: a stack of that many)"),
            ]),
            Line::from(vec![
                mark(theme.exit_char(), theme.exit),
                Span::raw(" a porthole the chosen piece can come out of"),
            ]),
        ]
    }

    fn fen_note(&self, pos: &AnyPosition) -> Option<String> {
        let AnyPosition::Porthole(p) = pos else { return None };
        (p.tokens().count() == 0).then(|| {
            "loaded as Porthole chess (an orthodox FEN: 6 fields) with no portholes; a Wormhole chess FEN \
             has 3 fields (board, side, ply), a Porthole one lists its portholes after the 6th"
                .to_string()
        })
    }

    fn board_state(&self, pos: &AnyPosition) -> Option<String> {
        let AnyPosition::Porthole(p) = pos else { return None };
        Some(format!(
            "Portholes {} ({} open)  quiet plies {}/100",
            p.tokens().count(),
            p.open_portholes().count(),
            p.halfmoves()
        ))
    }
}
