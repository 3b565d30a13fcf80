//! A game on screen: built from the hub's [`GameView`], then following the
//! hub's events (moves, clocks, offers, chat, the end).

use std::time::Instant;

use wormhole::{AnyMove, AnyPosition, Rules};

use super::{Effect, Pending, Table, inert};
use crate::server::hub::{GameView, HubEvent};

/// The most chat lines kept on screen.
const CHAT_LINES: usize = 50;

/// The table of a game just opened: the position after every move so far.
pub fn table(view: GameView) -> Table {
    let mut position =
        AnyPosition::from_fen(view.info.kind, &view.start_fen).unwrap_or_else(|_| AnyPosition::new(view.info.kind));
    let mut last = None;
    let mut san = Vec::with_capacity(view.moves.len());
    for mv in &view.moves {
        let (played, written) = step(&mut position, mv);
        last = played;
        san.push(written);
    }
    let clocks = view.clocks.map(|c| (c, Instant::now()));
    Table { view, position, last, san, clocks, chat: Vec::new(), pending: None }
}

/// Plays `mv` (the hub's coordinate text) on `position`: the move, and its
/// SAN as the panel writes it (the text itself if it does not read).
fn step(position: &mut AnyPosition, mv: &str) -> (Option<AnyMove>, String) {
    let Ok(m) = position.parse_move(mv) else { return (None, mv.to_string()) };
    let san = position.san(m);
    (position.play(m).ok().map(|_| m), san)
}

/// Follows `event` on `table`; what it asks of the hub.
pub fn follow(table: &mut Table, event: HubEvent, status: &mut String) -> Vec<Effect> {
    let id = table.view.info.id;
    match event {
        HubEvent::Moved { game, ply, mv, clocks, .. } if game == id => {
            if ply != table.view.moves.len() {
                // Out of step (a takeback crossed a move): read the game again.
                return vec![Effect::Open(id)];
            }
            let (played, san) = step(&mut table.position, &mv);
            table.last = played;
            table.san.push(san);
            table.view.moves.push(mv);
            table.view.info.plies = table.view.moves.len();
            table.clocks = clocks.map(|c| (c, Instant::now()));
            table.pending = None;
        }
        HubEvent::Ended { game, ending } if game == id => {
            *status = format!("game over: {} ({})", ending.result, inert(&ending.why));
            table.view.ending = Some(ending);
            if let Some((c, _)) = &mut table.clocks {
                c.running = None;
            }
        }
        HubEvent::DrawOffered { game } if game == id => {
            table.pending = Some(Pending::Draw);
            *status = "your opponent offers a draw: /yes or /no".into();
        }
        HubEvent::TakebackAsked { game } if game == id => {
            table.pending = Some(Pending::Takeback);
            *status = "your opponent asks to take back their move: /yes or /no".into();
        }
        HubEvent::TakenBack { game, .. } if game == id => return vec![Effect::Open(id)],
        HubEvent::RematchAsked { game } if game == id => *status = "your opponent asks for a rematch: /rematch".into(),
        HubEvent::OfferDeclined { game, .. } if game == id => *status = "your offer was declined".into(),
        HubEvent::Chat { game, from, text } if game == id => {
            table.chat.push(format!("{}: {}", inert(&from), inert(&text)));
            if table.chat.len() > CHAT_LINES {
                table.chat.remove(0);
            }
        }
        HubEvent::OpponentGone { game, .. } if game == id => *status = "your opponent's connection dropped".into(),
        HubEvent::OpponentBack { game } if game == id => *status = "your opponent is back".into(),
        HubEvent::ClaimAvailable { game } if game == id => {
            *status = "your opponent is gone on their move: /claim the win, or wait".into();
        }
        _ => {}
    }
    Vec::new()
}
