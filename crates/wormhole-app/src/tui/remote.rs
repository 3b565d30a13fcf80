//! A game against someone elsewhere: a game of the server's, played or
//! watched over SSH with this app. The opponent is remote: the player's
//! move goes out as an effect ([`RemoteCall::Play`]) and comes back, with
//! the opponent's, as a message ([`RemoteEvent::Moved`]) once the server
//! has stored it; the server's clocks are shown and the server alone
//! decides a flag. Offers, chat and the end arrive the same way.

use std::time::{Duration, Instant};

use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use wormhole::{AnyPosition, Color, Rules};

use super::clock::Clocks;
use super::config::Config;
use super::game::{Game, Player};
use super::state::{Session, Settings};
use super::theme::Display;

/// The most chat lines kept.
pub const CHAT_LINES: usize = 50;

/// A server's game on screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Remote {
    /// The game's number on the server.
    pub id: i64,
    /// This player's colour; `None` when watching.
    pub you: Option<Color>,
    /// White's and Black's names (already made inert).
    pub names: [String; 2],
    /// How it ended (`1-0 (resignation)`), once it has.
    pub ending: Option<String>,
    /// The opponent's offer waiting for `:yes` or `:no`.
    pub offer: Option<Offer>,
    /// The chat, oldest first (already made inert).
    pub chat: Vec<String>,
}

/// An opponent's offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer {
    Draw,
    Takeback,
}

/// What the app asks of the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RemoteCall {
    /// Play this move (coordinates).
    Play(String),
    Resign,
    OfferDraw,
    AnswerDraw(bool),
    AskTakeback,
    AnswerTakeback(bool),
    Rematch,
    /// Claim the win of an opponent gone on their move.
    Claim,
    Chat(String),
    /// Show this game's PGN.
    Pgn,
    /// Read the game again (the app is out of step with the server).
    Reload,
}

/// The server's clocks: milliseconds left (White's, Black's) when read,
/// and the side whose clock runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServerClocks {
    pub left_ms: [i64; 2],
    pub running: Option<Color>,
}

impl ServerClocks {
    /// The app's clocks showing these, read at `now`.
    pub fn shown(self, now: Instant) -> Clocks {
        let left = self.left_ms.map(|ms| Duration::from_millis(ms.max(0) as u64));
        Clocks::shown(left, self.running.map(|_| now))
    }
}

/// What the server tells the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RemoteEvent {
    /// A move was stored: `ply` counts from 0; the clocks after it.
    Moved { ply: usize, mv: String, clocks: Option<ServerClocks> },
    /// The game is over: `1-0 (resignation)`.
    Ended(String),
    /// The opponent offers a draw or asks to take back.
    Offered(Offer),
    /// A chat line (`name: text`, inert).
    Chat(String),
    /// Something to say on the message line.
    Note(String),
    /// The server refused what was asked: why.
    Refused(String),
}

/// A server's game as it opens: where it started, its moves so far
/// (coordinates), its clocks and who plays.
#[derive(Debug, Clone)]
pub struct Opened {
    pub start: AnyPosition,
    pub moves: Vec<String>,
    pub clocks: Option<ServerClocks>,
    pub remote: Remote,
}

impl Session {
    /// A session showing a server's game, drawn with `config`'s theme and
    /// pieces (the player's kept settings) at time `now`.
    pub fn remote(opened: Opened, config: Config, now: Instant) -> Session {
        let kind = opened.start.kind();
        let mut game = Game::new(opened.start, [Player::Human; 2], None);
        for text in &opened.moves {
            let Ok(m) = game.position().parse_move(text) else { break };
            if game.play(m, now).is_err() {
                break;
            }
        }
        game.set_clocks(opened.clocks.map(|c| c.shown(now)));
        let settings = Settings { players: [Player::Human; 2], variant: kind, autoflip: false, ..Settings::default() };
        let you = opened.remote.you;
        let mut session = Session::new(settings, game, config, Display::default(), now);
        session.view.flipped = you == Some(Color::Black);
        session.remote = Some(opened.remote);
        session
    }

    /// The server's game on screen, if this is one.
    pub fn remote_game(&self) -> Option<&Remote> {
        self.remote.as_ref()
    }
}

/// The panel's lines of a server's game: its number, who plays, the
/// result, the moves' count with the last one, the latest chat.
pub fn header_lines(session: &Session, remote: &Remote) -> Vec<(u8, Line<'static>)> {
    let game = session.game();
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut lines = vec![(0, Line::styled(format!("Game {}: {}", remote.id, game.kind().title()), bold))];
    let role = match remote.you {
        Some(c) => format!("You play {c}"),
        None => "Watching".to_string(),
    };
    lines.push((0, Line::from(role)));
    if let Some(ending) = &remote.ending {
        lines.push((0, Line::styled(format!("Result {ending}"), session.theme().result)));
    }
    let n = game.len();
    let last = match game.sans().last() {
        Some(san) if n % 2 == 1 => format!(" {}. {san}", n.div_ceil(2)),
        Some(san) => format!(" {}... {san}", n / 2),
        None => String::new(),
    };
    lines.push((0, Line::from(format!("Moves ({n}):{last}"))));
    let chat = remote.chat.iter().rev().take(3).rev();
    lines.extend(chat.map(|c| (2, Line::from(c.clone()))));
    lines
}
