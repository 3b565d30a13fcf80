//! Two-board portal chess: the legend of its portals and of the pieces
//! crossing between the boards, its rules page, what a move that loses an
//! intent says and the panel's line.

use ratatui::text::{Line, Span};
use wormhole::twoboard::{BoardId, Intent, IntentState, Position};
use wormhole::{AnyMove, AnyPosition, Color, GameKind};

use super::{GameLook, rules_page};
use crate::tui::theme::StyleSheet;

/// The rules in a nutshell, before each piece's move (which comes from
/// the library).
const RULES_BEFORE: &[&str] = &[
    "Two boards, A (left) and B (right), both with White's rank 1 at the",
    "bottom. A holds White's army and Black's without its king; B holds",
    "Black's army and White's without its king. The squares a4 a5 h4 h5",
    "of each board are PORTALS, each joined to the same square of the other.",
    "TURN ORDER: White plays A, Black B, White B, Black A, White A, ...:",
    "after White plays a board Black plays the other; after Black plays a",
    "board White plays the same one: a game reads 1. A:e4 B:a5 2. B:h4 A:e5,",
    "each move with its board. The board to play is marked (▶ Board A);",
    "type a move with or without its board (e4, A:e4, Ae2e4).",
    "Each board is orthodox chess: castling, en passant and promotion on it.",
];

/// The rules in a nutshell, after each piece's move.
const RULES_AFTER: &[&str] = &[
    "INTENT: instead of moving, a piece of yours on a portal of the board you",
    "play may declare an intent (A:Qa4^, marked ^). On your next turn, on the",
    "other board, it TELEPORTS to the same square there (QAa4>xBa4),",
    "capturing an enemy piece it lands on; that is your whole move.",
    "BLOCKED: if your own piece stands on the target when you declare, the",
    "intent is blocked and your next turn is lost (B:--). VOID: if the",
    "intending piece is captured first, that turn is lost too. Enter on an",
    "empty line plays a teleport, a lost move or a forced pass.",
    "TRANSIT: if you teleport onto an enemy piece whose own intent points",
    "back, the two swap: it is lifted off (in transit) and lands on the",
    "portal you left on its owner's next turn.",
    "KING SAFETY ACROSS THE BOARDS: a move must not leave your king attacked",
    "on a board your opponent plays before you. White's king must be safe on",
    "both boards after his move; Black's only on the board he just played",
    "(he plays his other board next). A piece about to arrive attacks its",
    "target square, so an intent can give check.",
    "GAME END: no legal move: checkmate if passing would leave the king",
    "attacked, stalemate if the king stands on the board to play, else a",
    "forced PASS (0000). Draws: repetition, fifty moves over both boards,",
    "king against king. Black's teleports can uncover attacks White cannot",
    "answer at once: keep kings off the a- and h-files near the portals.",
];

/// Two-board portal chess.
pub struct Twoboard;

impl GameLook for Twoboard {
    fn rules(&self, width: usize) -> Vec<Line<'static>> {
        rules_page(GameKind::Twoboard, RULES_BEFORE, RULES_AFTER, width)
    }

    fn corner_marks(&self, theme: &StyleSheet, _width: usize) -> Vec<Line<'static>> {
        let mark = |c: char, style| Span::styled(format!(" {c} "), theme.light_square.patch(style));
        vec![
            Line::from(vec![
                mark(theme.ring_char(), theme.ring),
                Span::raw(" a portal, joined to the same square of the other board"),
            ]),
            Line::from(vec![
                mark(theme.arrow_char(), theme.exit),
                Span::raw(" a piece that declared an intent: it teleports on its owner's next turn"),
            ]),
            Line::from(vec![
                mark(theme.exit_char(), theme.exit),
                Span::raw(" where it arrives (the piece shown there if the square is empty)"),
            ]),
            Line::from(vec![
                mark(theme.cross_char(), theme.exit),
                Span::raw(" a lost intent (blocked, or its piece captured): its owner's next turn is lost"),
            ]),
        ]
    }

    /// The intents (the board to play is marked above the boards).
    fn board_state(&self, pos: &AnyPosition) -> Option<String> {
        let AnyPosition::Twoboard(p) = pos else { return None };
        let intents: Vec<String> = Color::ALL.iter().filter_map(|&c| p.intent(c)).map(describe).collect();
        let intents = if intents.is_empty() { "no intents".to_string() } else { intents.join(", ") };
        Some(format!("{intents}  quiet {}/100", p.halfmoves()))
    }

    /// An intent lost by this move (declared blocked, or its piece
    /// captured): whose next turn it costs.
    fn move_note(&self, pos: &AnyPosition, m: AnyMove) -> Option<String> {
        let (AnyPosition::Twoboard(p), AnyMove::Twoboard(m)) = (pos, m) else { return None };
        let mut after = p.clone();
        after.play_unchecked(m);
        let newly_lost = |c: Color| {
            let lost = |pos: &Position| pos.intent(c).filter(|i| i.state == IntentState::Lost);
            lost(&after).filter(|_| lost(p).is_none())
        };
        let lost = Color::ALL.into_iter().find_map(newly_lost)?;
        let owner = lost.owner;
        Some(format!("{}: {owner}'s next turn is lost", after.why_intent_lost(lost, &format!("{owner}'s"))))
    }
}

/// An intent in words: `White Ah5>Bh5 (lost)`.
fn describe(intent: Intent) -> String {
    let to: BoardId = intent.source.other();
    let state = match intent.state {
        IntentState::Live => "",
        IntentState::Lost => " (lost)",
        IntentState::InTransit(_) => " (transit)",
    };
    format!("{} {}{}>{to}{}{state}", intent.owner, intent.source, intent.square, intent.square)
}
