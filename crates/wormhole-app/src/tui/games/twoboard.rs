//! Two-board portal chess: its two boards and their names, the portals
//! and the pieces crossing between the boards, its rules page, the moves
//! its rules force (played by Enter) and the panel's line.

use ratatui::text::{Line, Span};
use wormhole::twoboard::{BoardId, Intent, IntentState, Move, MoveKind, PORTALS, Position};
use wormhole::{AnyMove, AnyPosition, Bitboard, Color, GameKind};

use super::{Forced, GameView, rules_page};
use crate::tui::theme::Theme;
use crate::tui::view::board::Crossings;

/// The rules in a nutshell, before each piece's move (which comes from
/// the library).
const RULES_BEFORE: &[&str] = &[
    "Two boards, A (left) and B (right), both with White's rank 1 at the",
    "bottom. A holds White's army and Black's without its king; B holds",
    "Black's army and White's without its king. The squares a4 a5 h4 h5",
    "of each board are PORTALS, each joined to the same square of the other.",
    "TURN ORDER: White plays A, Black B, White B, Black A, White A, ...:",
    "after White plays a board Black plays the other; after Black plays a",
    "board White plays the same one. The seed's \"1:Ae4 Ba5 2:Bh4 Ae5\" is",
    "1. A:e4 B:a5 2. B:h4 A:e5. The board to play is marked (▶ Board A);",
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

impl GameView for Twoboard {
    fn rules(&self) -> Vec<Line<'static>> {
        rules_page(GameKind::Twoboard, RULES_BEFORE, RULES_AFTER)
    }

    fn corner_marks(&self, theme: &Theme) -> Vec<Line<'static>> {
        let mark = |c: char, style| Span::styled(format!(" {c} "), theme.light_square.patch(style));
        vec![
            Line::from(vec![
                mark(theme.porthole_char(), theme.porthole),
                Span::raw(" a portal, joined to the same square of the other board"),
            ]),
            Line::from(vec![
                mark(theme.intent_char(), theme.exit),
                Span::raw(" a piece that declared an intent: it teleports on its owner's next turn"),
            ]),
            Line::from(vec![
                mark(theme.exit_char(), theme.exit),
                Span::raw(" where it arrives (the piece shown there if the square is empty)"),
            ]),
            Line::from(vec![
                mark(theme.lost_intent_char(), theme.exit),
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

    /// Both boards always show White's rank 1 at the bottom (D1).
    fn flips(&self) -> bool {
        false
    }

    fn board_names(&self) -> &'static [&'static str] {
        &["Board A", "Board B"]
    }

    fn crossings(&self, pos: &AnyPosition, board: usize) -> Crossings {
        let AnyPosition::Twoboard(p) = pos else { return Crossings::default() };
        let mut crossings = Crossings { links: PORTALS, ..Crossings::default() };
        for intent in Color::ALL.iter().filter_map(|&c| p.intent(c)) {
            let (target, sq) = intent.target();
            match intent.state {
                IntentState::Live if intent.source.index() == board => crossings.leaving |= Bitboard::from_square(sq),
                IntentState::Live if target.index() == board => {
                    if let Some(piece) = p.board(intent.source).piece_at(sq) {
                        crossings.arriving.push((sq, piece));
                    }
                }
                IntentState::InTransit(_) if target.index() == board => {
                    crossings.arriving.extend(intent.in_transit().map(|piece| (sq, piece)));
                }
                IntentState::Lost if intent.source.index() == board => crossings.lost |= Bitboard::from_square(sq),
                _ => {}
            }
        }
        crossings
    }

    /// A teleport is played by a click on its piece or on the square it
    /// arrives on, a landing by a click on its square.
    fn forced_move(&self, pos: &AnyPosition) -> Option<Forced> {
        let AnyPosition::Twoboard(p) = pos else { return None };
        let legal = p.legal_moves();
        let &[m] = legal.as_slice() else { return None };
        let san = p.san(m);
        let (here, arrival) = (m.board(), (m.board().index(), m.to()));
        let (why, clicks) = match (m.kind(), p.intent(p.turn())) {
            (MoveKind::Teleport, Some(intent)) if intent.in_transit().is_some() => {
                let why = format!("your {} in transit lands on {}{}", role_of(p, intent), intent.source, intent.square);
                (why, vec![arrival])
            }
            (MoveKind::Teleport, Some(_)) => {
                (format!("your intent forces the teleport {san}"), vec![arrival, (here.other().index(), m.from())])
            }
            (MoveKind::Null, Some(intent)) => (lost_turn(p, intent), Vec::new()),
            (MoveKind::Null, None) => {
                (format!("you have no legal move on board {}: you must pass", p.board_to_play()), Vec::new())
            }
            _ => return None,
        };
        let how =
            if clicks.is_empty() { "press Enter".to_string() } else { format!("press Enter or click {here}{}", m.to()) };
        // A teleport's reason already names it; others get its SAN once.
        let named = if why.contains(&san) { why } else { format!("{why} ({san})") };
        Some(Forced { m: m.into(), why: format!("{named}; {how}"), clicks })
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
        Some(format!("{}: {owner}'s next turn is lost", why_lost(&after, lost, &format!("{owner}'s"))))
    }

    /// An intent the opponent answers with checkmate: the piece lands on
    /// an attacked square, or its teleport leaves the king open (D12 looks
    /// only one move ahead, so the intent itself is legal).
    fn warning(&self, pos: &AnyPosition, m: AnyMove) -> Option<String> {
        let (AnyPosition::Twoboard(p), AnyMove::Twoboard(m)) = (pos, m) else { return None };
        if m.kind() != MoveKind::Intent {
            return None;
        }
        let mut after = p.clone();
        after.play_unchecked(m);
        let reply = mating_reply(&after)?;
        Some(format!("careful: after {}, {} checkmates; type it again to play it anyway", p.san(m), after.san(reply)))
    }
}

/// The reply in `after` (the position after a move) that checkmates, if any.
fn mating_reply(after: &Position) -> Option<Move> {
    after.legal_moves().iter().find(|&r| {
        let mut next = after.clone();
        next.play_unchecked(r);
        next.is_checkmate()
    })
}

/// Why the turn of a side with an intent is lost: blocked, void, or its
/// teleport would leave the king attacked.
fn lost_turn(p: &Position, intent: Intent) -> String {
    match intent.state {
        IntentState::Lost => format!("{}: this turn is lost", why_lost(p, intent, "your")),
        _ => format!(
            "the teleport from {}{} would leave your king attacked: it is not played; you must pass",
            intent.source, intent.square
        ),
    }
}

/// Why the lost `intent` is lost, its owner named `whose` ("your",
/// "White's"): blocked by the owner's piece on the target, or its piece
/// captured.
fn why_lost(p: &Position, intent: Intent, whose: &str) -> String {
    let at = format!("{}{}", intent.source, intent.square);
    let (target, sq) = intent.target();
    match p.board(intent.source).piece_at(intent.square).is_some_and(|piece| piece.color == intent.owner) {
        true => format!("{whose} intent from {at} is blocked by {whose} own piece on {target}{sq}"),
        false => format!("the piece that declared {whose} intent on {at} was captured"),
    }
}

/// The name of the intending piece (the one in transit, or on its portal).
fn role_of(p: &Position, intent: Intent) -> &'static str {
    let on_portal = p.board(intent.source).piece_at(intent.square);
    intent.in_transit().or(on_portal).map_or("piece", |piece| piece.role.name())
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
