//! What Two-board portal chess shows and says besides its pieces and moves
//! ([`Facts`]): the portals of both boards, the pieces about to cross
//! (leaving, arriving, in transit) and the lost intents; the moves its
//! rules force (a teleport, a lost turn, a pass) and the intents the
//! opponent answers with checkmate.

use super::{Intent, IntentState, Move, MoveKind, PORTALS, Position};
use crate::core::Color;
use crate::facts::{Facts, Forced, Mark, MarkKind};

/// Marks, forced moves and warnings of Two-board portal chess.
impl Facts for Position {
    /// On each board its portals; an intent's arrow where it leaves and its
    /// piece where it arrives (also one in transit); a lost intent's cross
    /// where it was declared.
    fn marks(&self) -> Vec<Mark> {
        let mut marks = Vec::new();
        for board in 0..2 {
            marks.extend(PORTALS.map(|square| Mark { board, square, kind: MarkKind::Ring { height: 1 } }));
        }
        for intent in Color::ALL.iter().filter_map(|&c| self.intent(c)) {
            let (target, square) = intent.target();
            let on = |board: super::BoardId, kind| Mark { board: board.index(), square, kind };
            match intent.state {
                IntentState::Live => {
                    marks.push(on(intent.source, MarkKind::Arrow));
                    let piece = self.board(intent.source).piece_at(square);
                    marks.extend(piece.map(|piece| on(target, MarkKind::Arriving(piece))));
                }
                IntentState::InTransit(_) => {
                    marks.extend(intent.in_transit().map(|piece| on(target, MarkKind::Arriving(piece))));
                }
                IntentState::Lost => marks.push(on(intent.source, MarkKind::Cross)),
            }
        }
        marks
    }

    /// A teleport stands for its arrival and its piece, a landing for its
    /// square; a lost turn and a pass for no square.
    fn forced_move(&self) -> Option<Forced<Move>> {
        let legal = self.legal_moves();
        let &[m] = legal.as_slice() else { return None };
        let san = self.san(m);
        let (here, arrival) = (m.board(), (m.board().index(), m.to()));
        let (why, squares) = match (m.kind(), self.intent(self.turn())) {
            (MoveKind::Teleport, Some(intent)) if intent.in_transit().is_some() => {
                let why =
                    format!("your {} in transit lands on {}{}", role_of(self, intent), intent.source, intent.square);
                (why, vec![arrival])
            }
            (MoveKind::Teleport, Some(_)) => {
                (format!("your intent forces the teleport {san}"), vec![arrival, (here.other().index(), m.from())])
            }
            (MoveKind::Null, Some(intent)) => (lost_turn(self, intent), Vec::new()),
            (MoveKind::Null, None) => {
                (format!("you have no legal move on board {}: you must pass", self.board_to_play()), Vec::new())
            }
            _ => return None,
        };
        // A teleport's reason already names it; others get its SAN once.
        let why = if why.contains(&san) { why } else { format!("{why} ({san})") };
        Some(Forced { m, why, squares })
    }

    /// An intent the opponent answers with checkmate: the piece lands on
    /// an attacked square, or its teleport leaves the king open (the
    /// legality test looks only one move ahead, so the intent itself is
    /// legal: docs/twoboard.md#check-and-legality).
    fn warning(&self, m: Move) -> Option<String> {
        if m.kind() != MoveKind::Intent {
            return None;
        }
        let mut after = self.clone();
        after.play_unchecked(m);
        let reply = mating_reply(&after)?;
        Some(format!(
            "careful: after {}, {} checkmates; type it again to play it anyway",
            self.san(m),
            after.san(reply)
        ))
    }
}

impl Position {
    /// Why the lost `intent` is lost, its owner named `whose` ("your",
    /// "White's"): blocked by the owner's piece on the target, or its piece
    /// captured.
    pub fn why_intent_lost(&self, intent: Intent, whose: &str) -> String {
        let at = format!("{}{}", intent.source, intent.square);
        let (target, sq) = intent.target();
        match self.board(intent.source).piece_at(intent.square).is_some_and(|piece| piece.color == intent.owner) {
            true => format!("{whose} intent from {at} is blocked by {whose} own piece on {target}{sq}"),
            false => format!("the piece that declared {whose} intent on {at} was captured"),
        }
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
        IntentState::Lost => format!("{}: this turn is lost", p.why_intent_lost(intent, "your")),
        _ => format!(
            "the teleport from {}{} would leave your king attacked: it is not played; you must pass",
            intent.source, intent.square
        ),
    }
}

/// The name of the intending piece (the one in transit, or on its portal).
fn role_of(p: &Position, intent: Intent) -> &'static str {
    let on_portal = p.board(intent.source).piece_at(intent.square);
    intent.in_transit().or(on_portal).map_or("piece", |piece| crate::core::Roles::ORTHODOX.name(piece.role))
}
