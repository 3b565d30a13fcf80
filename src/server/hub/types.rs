//! The hub's values: who connects, what a challenge asks, what a lobby and
//! a game look like from a session, the events a session is told, and why
//! an action is refused.

use std::time::Duration;

use wormhole::{Color, GameKind};

use super::{Account, GameId, StoreError};
pub use crate::server::relay::{Relayed, SessionId};
pub use crate::server::store::{ChallengeId, ChallengeSpec, ColourChoice};

/// Who a session is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Who {
    /// A registered player (their SSH key is their account).
    Player(Account),
    /// A connection without a known key: it may watch and nothing more.
    Guest,
}

/// How the hub tells a session what happened. The server wraps its
/// session's channel in it; it must not block nor call back into the hub's
/// actions (reading the hub or the store is fine).
pub type Notifier = Box<dyn Fn(HubEvent) + Send + Sync>;

/// An open challenge, as the lobby lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeInfo {
    pub id: ChallengeId,
    pub from: String,
    pub spec: ChallengeSpec,
    /// The game its maker plays now: the challenge waits (it cannot be
    /// accepted) until that game ends.
    pub paused: Option<GameId>,
}

/// A game, as the lobby lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LobbyGame {
    pub id: GameId,
    pub kind: GameKind,
    /// White's and Black's names (the engine as "Engine, level N (name)").
    pub names: [String; 2],
    pub rated: bool,
    pub clock: Option<(u64, u64)>,
    /// Moves played so far.
    pub plies: usize,
    /// The side to move.
    pub turn: Color,
    /// Both clocks when this was read, in a timed game.
    pub clocks: Option<Clocks>,
}

/// What a session sees in the lobby.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lobby {
    /// The players online, by name, sorted.
    pub online: Vec<String>,
    /// Open challenges this session may see: open ones and those to it.
    pub challenges: Vec<ChallengeInfo>,
    /// Every game being played (open any to watch).
    pub live: Vec<LobbyGame>,
    /// This player's unfinished games (resume).
    pub mine: Vec<LobbyGame>,
}

/// Both clocks: White's and Black's time left, and which one runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clocks {
    /// Milliseconds left, White's then Black's, at the moment this was made.
    pub left_ms: [i64; 2],
    /// The side whose clock runs; `None` before White's first move (which
    /// takes no time) and when the game is over.
    pub running: Option<Color>,
}

/// An offer waiting for an answer in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer {
    /// This side offers a draw.
    Draw(Color),
    /// This side asks to take back its last move.
    Takeback(Color),
    /// This side asks for a rematch (after the game).
    Rematch(Color),
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Why, in a few words ("checkmate", "time forfeit", "resignation").
    pub why: String,
    /// White's and Black's ratings before and after, rounded, when the
    /// game was rated (whichever node ended it).
    pub ratings: Option<[(i32, i32); 2]>,
}

impl Ending {
    /// An ending without rating changes (yet).
    pub fn new(result: &str, why: &str) -> Ending {
        Ending { result: result.to_string(), why: why.to_string(), ratings: None }
    }

    /// This ending with the ratings `change` made, rounded as shown.
    pub fn rated(self, change: Option<crate::server::store::RatingChange>) -> Ending {
        let round = |(before, after): (crate::glicko::Rating, crate::glicko::Rating)| {
            (before.rating.round() as i32, after.rating.round() as i32)
        };
        Ending { ratings: change.map(|c| c.map(round)), ..self }
    }
}

/// A game of a player's that ended, as their notices list it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub game: LobbyGame,
    /// The player's colour in it.
    pub you: Color,
    pub ending: Ending,
    /// Whether the player was online when it ended (told at once).
    pub seen: bool,
}

/// A game as one session sees it when it opens it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameView {
    pub info: LobbyGame,
    pub start_fen: String,
    /// Every move so far, in the hub's canonical text.
    pub moves: Vec<String>,
    pub clocks: Option<Clocks>,
    /// The session's colour; `None` for a watcher.
    pub you: Option<Color>,
    pub ending: Option<Ending>,
    pub offers: Vec<Offer>,
    /// For a player: how long the opponent has been gone (no session on
    /// the hub), if they are.
    pub opponent_gone_ms: Option<u64>,
    /// How long the side to move has been on its move.
    pub turn_ms: u64,
    /// How long an opponent must be gone on their move before a claim.
    pub absence_ms: u64,
}

/// What the hub tells a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HubEvent {
    /// Who is online, the challenges or the live games changed.
    LobbyChanged,
    /// A player challenged this one by name.
    Challenged { id: ChallengeId, from: String, spec: ChallengeSpec },
    /// A challenge of this player's was declined.
    ChallengeDeclined { id: ChallengeId, by: String },
    /// A challenge of this player's was withdrawn as their game `game`
    /// started: one game at a time.
    ChallengeWithdrawn { id: ChallengeId, game: GameId },
    /// A game of this player's started (open it to play).
    GameStarted { game: LobbyGame },
    /// A move was played (and is stored): `ply` counts from 0. `relay`:
    /// when its keys were read, for the server's relay times (a move
    /// played from a session of this node).
    Moved { game: GameId, ply: usize, mv: String, san: String, clocks: Option<Clocks>, relay: Option<Relayed> },
    /// The game is over.
    Ended { game: GameId, ending: Ending },
    /// The opponent offers a draw.
    DrawOffered { game: GameId },
    /// The opponent declined this player's offer.
    OfferDeclined { game: GameId, offer: Offer },
    /// The opponent asks to take back their last move.
    TakebackAsked { game: GameId },
    /// Moves were taken back; the game goes on after `plies` moves.
    TakenBack { game: GameId, plies: usize, clocks: Option<Clocks> },
    /// The opponent asks for a rematch.
    RematchAsked { game: GameId },
    /// A chat line, already made inert.
    Chat { game: GameId, from: String, text: String },
    /// The opponent has no session open on the hub since `since` (Unix
    /// ms); the win may be claimed once they are gone `absence_ms` on their move.
    OpponentGone { game: GameId, since: u64, absence_ms: u64 },
    /// The opponent is back.
    OpponentBack { game: GameId },
    /// The opponent has been gone on their own move for the set time: this
    /// player may claim the win ([`Hub::claim_absence`](super::Hub::claim_absence)).
    ClaimAvailable { game: GameId },
}

/// Why the hub refused an action.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
    #[error("no session {0} (it was disconnected)")]
    NoSession(SessionId),
    #[error("guests may watch games but not play: connect with an SSH key to play")]
    GuestCannotPlay,
    #[error("no game {0}")]
    NoGame(GameId),
    #[error("game {0} was ended by a server error (the rest of the server goes on)")]
    ServerError(GameId),
    #[error("no open challenge {0}")]
    NoChallenge(ChallengeId),
    #[error("no player called '{0}'")]
    NoPlayer(String),
    #[error("challenge {0} is not yours")]
    NotYourChallenge(ChallengeId),
    #[error("already challenged {name}: challenge {id} is open ('cancel {id}' withdraws it)")]
    AlreadyChallenged { name: String, id: ChallengeId },
    #[error("you have {0} challenges open, the most at once: cancel one first")]
    TooManyChallenges(usize),
    #[error("you cannot accept your own challenge")]
    OwnChallenge,
    #[error("you cannot challenge yourself: 'new GAME' opens a challenge to anyone")]
    ChallengeSelf,
    #[error("{name} is playing game {game}: their challenge waits until that game ends")]
    MakerPlaying { name: String, game: GameId },
    #[error("game {0} is not yours: you are watching it")]
    NotYourGame(GameId),
    #[error("it is not your move")]
    NotYourMove,
    #[error("the game is over ({0})")]
    GameOver(String),
    #[error("the game is not over")]
    NotOver,
    #[error("illegal move '{text}': {why}")]
    IllegalMove { text: String, why: String },
    #[error("{0} has no draws: the side without a move loses")]
    NoDraws(GameKind),
    #[error("there is no offer to answer")]
    NoOffer,
    #[error("there is no move of yours to take back")]
    NothingToTakeBack,
    #[error("engine level {0} is not from 1 to 12")]
    BadLevel(u8),
    #[error("a clock needs an initial time of 1 s to 24 h and an increment of at most 1 min (got {0} ms + {1} ms)")]
    BadClock(u64, u64),
    #[error(
        "your opponent may still return: a win by absence may be claimed after they are gone for {0:?} on their move"
    )]
    TooEarly(Duration),
    #[error("the chat line is empty once control characters are removed")]
    EmptyChat,
    #[error("a game against the engine is not rated")]
    EngineUnrated,
    #[error("your game {0} against the engine is not finished: 'open {0}' resumes it, 'abort {0}' ends it")]
    EngineGameOpen(GameId),
    #[error("game {0} has two moves or more: it cannot be aborted (resign, or offer a draw)")]
    TooLateToAbort(GameId),
    /// The storage's own error, shown as it says it (a taken name, a bad one).
    #[error(transparent)]
    Records(StoreError),
    #[error("cannot start the hub's threads: {0}")]
    Spawn(std::io::Error),
    #[error("the move was not stored, so it is not played (the game is as it was): {0}")]
    NotStored(String),
    #[error(
        "another move reached game {0} first (from another connection or server node): the game is shown again as it stands; move again if it is still your turn"
    )]
    Raced(GameId),
    #[error("challenge {0} was just accepted by someone else")]
    ChallengeTaken(ChallengeId),
    #[error("stored game {game} cannot be rebuilt: {why}")]
    BadStoredGame { game: GameId, why: String },
}

impl From<StoreError> for HubError {
    fn from(e: StoreError) -> HubError {
        HubError::Records(e)
    }
}
