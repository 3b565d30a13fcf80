//! A game against someone elsewhere: a game of the server's, played or
//! watched over SSH with this app. The opponent is remote: the player's
//! move goes out as an effect ([`RemoteCall::Play`]) and comes back, with
//! the opponent's, as a message ([`RemoteEvent::Moved`]) once the server
//! has stored it; the server's clocks are shown and the server alone
//! decides a flag. Offers, chat and the end arrive the same way.

use std::time::{Duration, Instant};

use wormhole::{AnyPosition, Color};

use super::clock::ChessClock;

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
    pub offer: Option<OpponentOffer>,
    /// The chat, oldest first (already made inert).
    pub chat: Vec<String>,
    /// For a player: the opponent has gone (no connection to the server).
    pub presence: Option<Presence>,
}

/// An opponent gone from the server, and when the player may claim the win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Presence {
    /// When they went.
    pub gone_since: Instant,
    /// When the side to move's turn began.
    pub turn_since: Instant,
    /// How long they must be gone on their own move before the claim.
    pub absence: Duration,
}

impl Presence {
    /// How long until the win may be claimed at `now`, while it is the
    /// opponent's move: zero once it may.
    pub fn claim_in(&self, now: Instant) -> Duration {
        let from = self.gone_since.max(self.turn_since);
        (from + self.absence).saturating_duration_since(now)
    }
}

/// An opponent's offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpponentOffer {
    Draw,
    Takeback,
    /// After the game: another, colours swapped.
    Rematch,
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
    /// Decline the opponent's rematch.
    DeclineRematch,
    /// Claim the win of an opponent gone on their move.
    Claim,
    /// Abort the game (an engine game, or before both moved).
    Abort,
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
    pub fn shown(self, now: Instant) -> ChessClock {
        let left = self.left_ms.map(|ms| Duration::from_millis(ms.max(0) as u64));
        ChessClock::shown(left, self.running.map(|_| now))
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
    Offered(OpponentOffer),
    /// A chat line (`name: text`, inert).
    Chat(String),
    /// Something to say on the message line.
    Note(String),
    /// The opponent left the server this long ago, and the claim's wait.
    OpponentGone { ago: Duration, absence: Duration },
    /// The opponent is back.
    OpponentBack,
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
