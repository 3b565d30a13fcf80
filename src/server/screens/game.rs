//! A game on screen, played, watched or reviewed: the local app itself
//! ([`tui::App`](crate::tui::app::App)) on a server's game, its effects
//! performed by a [`HubRunner`] as calls to the hub, and the hub's events
//! about the game turned into the app's [`RemoteEvent`]s.

use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use wormhole::AnyPosition;

use super::review::PoolAnalysis;
use super::words::ending_words;
use crate::printable::inert;
use crate::server::hub::GameId;
use crate::server::hub::{Clocks, GameView, Hub, HubError, HubEvent, SessionId};
use crate::server::settings::{PlayerSettings, SETTINGS_FILE, Settings};
use crate::tui::action::Msg;
use crate::tui::app::{App, Perform};
use crate::tui::config::Config;
use crate::tui::effects::Effect;
use crate::tui::remote::{Opened, OpponentOffer, Presence, Remote, RemoteCall, RemoteEvent, ServerClocks};
use crate::tui::state::AppState;
use crate::tui::theme::Display;

/// What a save or an open of a file says on the server.
const KEPT_ON_THE_SERVER: &str = "games are kept on the server: :pgn shows this one's PGN";

/// The local app on a server's game.
pub type GameApp = App<HubRunner>;

/// A game on screen.
pub struct GameScreen {
    pub id: GameId,
    pub app: GameApp,
}

/// What the game asks of the screens around it.
#[derive(Debug)]
pub enum Asked {
    /// Show this page of text (the PGN).
    Page(String, Vec<String>),
    /// Read the game again (out of step with the hub), then show the note, if any.
    Reload(Option<String>),
}

/// Who is at the table, for the runner's calls.
#[derive(Clone)]
pub struct TableSeat {
    pub hub: Hub,
    pub session: SessionId,
    /// The player's name (None: a guest) and every player's settings.
    pub player: Option<String>,
    pub settings: Arc<Settings>,
    /// Where requests to the player's terminal (the clipboard) are written.
    pub terminal: Requests,
    /// The session's part in the server's relay times (its moves' stamps).
    pub relay: Option<Arc<crate::server::relay::SessionRelay>>,
}

/// Where a session writes requests to its client's terminal, between
/// frames: each write is sent on flush.
pub type Requests = Arc<Mutex<dyn Write + Send>>;

/// Performs a server game's effects: the hub's calls for the remote ones,
/// the player's kept settings for the config, a refusal for files.
pub struct HubRunner {
    seat: TableSeat,
    game: GameId,
    /// What the screens do next, when the game asks for it.
    pub asked: Option<Asked>,
    /// The review's analysis on the hub's engine pool.
    analysis: Option<PoolAnalysis>,
}

/// The app's clocks of the hub's.
fn clocks_of(c: Clocks) -> ServerClocks {
    ServerClocks { left_ms: c.left_ms, running: c.running }
}

/// The app on the game `view` opened, drawn with `mine` for a terminal
/// that shows `display`, with the `chat` it had (a game read again).
pub fn open(
    view: GameView,
    seat: TableSeat,
    (mine, display): (PlayerSettings, Display),
    chat: Vec<String>,
) -> GameScreen {
    let kind = view.info.kind;
    let start = AnyPosition::from_fen(kind, &view.start_fen).unwrap_or_else(|_| AnyPosition::new(kind));
    let now = Instant::now();
    let ago = |ms: u64| now.checked_sub(Duration::from_millis(ms)).unwrap_or(now);
    let presence = view.opponent_gone_ms.map(|gone| Presence {
        gone_since: ago(gone),
        turn_since: ago(view.turn_ms),
        absence: Duration::from_millis(view.absence_ms),
    });
    let remote = Remote {
        id: view.info.id.0,
        you: view.you,
        names: view.info.names.clone().map(|n| inert(&n)),
        ending: view.ending.as_ref().map(|e| ending_words(e, view.you, &view.info.names)),
        offer: None,
        chat,
        presence,
    };
    let opened = Opened { start, moves: view.moves, clocks: view.clocks.map(clocks_of), remote };
    let mut config = Config::from_text(Some(PathBuf::from(SETTINGS_FILE)), None);
    (config.prefs.theme, config.prefs.pieces) = (mine.theme, mine.pieces);
    let session = AppState::remote(opened, config, display, now);
    let id = view.info.id;
    GameScreen { id, app: App::new(session, HubRunner { seat, game: id, asked: None, analysis: None }) }
}

/// How the game on screen follows one of the hub's events.
pub enum Follow {
    /// The app takes it.
    Event(RemoteEvent),
    /// The game is read again (moves were taken back).
    Reread,
}

/// How the game `remote` on screen follows the hub's `event`: `None` for
/// another game's.
pub fn event_for(remote: &Remote, event: HubEvent) -> Option<Follow> {
    let id = GameId(remote.id);
    let note = |text: &str| Some(Follow::Event(RemoteEvent::Note(text.to_string())));
    match event {
        HubEvent::Moved { game, ply, mv, clocks, .. } if game == id => {
            Some(Follow::Event(RemoteEvent::Moved { ply, mv, clocks: clocks.map(clocks_of) }))
        }
        HubEvent::Ended { game, ending } if game == id => {
            Some(Follow::Event(RemoteEvent::Ended(ending_words(&ending, remote.you, &remote.names))))
        }
        HubEvent::DrawOffered { game } if game == id => Some(Follow::Event(RemoteEvent::Offered(OpponentOffer::Draw))),
        HubEvent::TakebackAsked { game } if game == id => {
            Some(Follow::Event(RemoteEvent::Offered(OpponentOffer::Takeback)))
        }
        HubEvent::TakenBack { game, .. } if game == id => Some(Follow::Reread),
        HubEvent::RematchAsked { game } if game == id => {
            Some(Follow::Event(RemoteEvent::Offered(OpponentOffer::Rematch)))
        }
        HubEvent::OfferDeclined { game, .. } if game == id => note("your offer was declined"),
        HubEvent::Chat { game, from, text } if game == id => {
            Some(Follow::Event(RemoteEvent::Chat(format!("{}: {}", inert(&from), inert(&text)))))
        }
        HubEvent::OpponentGone { game, absence_ms, .. } if game == id => {
            let absence = Duration::from_millis(absence_ms);
            Some(Follow::Event(RemoteEvent::OpponentGone { ago: Duration::ZERO, absence }))
        }
        HubEvent::OpponentBack { game } if game == id => Some(Follow::Event(RemoteEvent::OpponentBack)),
        HubEvent::ClaimAvailable { game } if game == id => {
            note("your opponent is gone on their move: :claim the win, or wait")
        }
        _ => None,
    }
}

impl HubRunner {
    fn stop_analysis(&mut self) {
        if let Some(analysis) = self.analysis.take() {
            analysis.stop(&self.seat.hub);
        }
    }

    /// One of the game's calls to the hub; what it says back.
    fn call(&mut self, call: RemoteCall) -> Option<Msg> {
        let (hub, s, g) = (&self.seat.hub, self.seat.session, self.game);
        let said: Result<&str, HubError> = match call {
            RemoteCall::Play(mv) => {
                let relay = self.seat.relay.as_ref().and_then(|r| r.stamp(s));
                hub.play_relayed(s, g, &mv, relay).map(|()| "")
            }
            RemoteCall::Resign => hub.resign(s, g).map(|()| ""),
            RemoteCall::OfferDraw => hub.offer_draw(s, g).map(|()| "draw offered"),
            RemoteCall::AnswerDraw(yes) => hub.answer_draw(s, g, yes).map(|()| ""),
            RemoteCall::AskTakeback => hub.ask_takeback(s, g).map(|()| "takeback asked"),
            RemoteCall::AnswerTakeback(yes) => hub.answer_takeback(s, g, yes).map(|()| ""),
            RemoteCall::Rematch => hub.rematch(s, g).map(|new| if new.is_some() { "" } else { "rematch asked" }),
            RemoteCall::Claim => hub.claim_absence(s, g).map(|()| ""),
            RemoteCall::DeclineRematch => hub.decline_rematch(s, g).map(|()| "rematch declined"),
            RemoteCall::Abort => hub.abort(s, g).map(|()| ""),
            RemoteCall::Chat(text) => hub.chat(s, g, &text).map(|()| ""),
            RemoteCall::Pgn => hub.pgn(g).map(|text| {
                self.asked = Some(Asked::Page(format!("Game {g} (PGN)"), text.lines().map(inert).collect()));
                ""
            }),
            RemoteCall::Reload => {
                self.asked = Some(Asked::Reload(None));
                Ok("")
            }
        };
        match said {
            // Another move came first: the game is read again, then told why.
            Err(e @ HubError::Raced(_)) => {
                self.asked = Some(Asked::Reload(Some(inert(&e.to_string()))));
                None
            }
            Ok("") => None,
            Ok(text) => Some(Msg::Remote(RemoteEvent::Note(text.to_string()))),
            Err(e) => Some(Msg::Remote(RemoteEvent::Refused(inert(&e.to_string())))),
        }
    }

    /// Keeps the player's theme and pieces (a guest's last the session).
    fn keep(&self, mine: PlayerSettings) -> Result<PathBuf, String> {
        let Some(name) = &self.seat.player else { return Ok(PathBuf::from(SETTINGS_FILE)) };
        self.seat.settings.set(name, mine).map(|()| PathBuf::from(SETTINGS_FILE)).map_err(|e| {
            tracing::error!("serve: error: {e:#}");
            format!("cannot keep the settings: {e}")
        })
    }
}

impl Perform for HubRunner {
    fn run(&mut self, effect: Effect) -> Option<Msg> {
        match effect {
            Effect::Remote(call) => self.call(call),
            Effect::SaveConfig { prefs, .. } => {
                Some(Msg::ConfigSaved(self.keep(PlayerSettings { theme: prefs.theme, pieces: prefs.pieces })))
            }
            Effect::Save { .. } | Effect::SaveIfNew { .. } | Effect::SaveText { .. } => {
                Some(Msg::Saved { result: Err(KEPT_ON_THE_SERVER.to_string()), in_games_folder: false })
            }
            Effect::OpenPgn(path) => Some(Msg::Opened { path, result: Err(KEPT_ON_THE_SERVER.to_string()) }),
            Effect::StartAnalysis { review, pgn, options } => {
                self.stop_analysis();
                self.analysis = PoolAnalysis::start(&self.seat.hub, review, &pgn, options);
                None
            }
            Effect::StopAnalysis => {
                self.stop_analysis();
                None
            }
            Effect::Copy(text) => {
                // The client's terminal copies it (OSC 52), as a local one does.
                if let Ok(mut terminal) = self.seat.terminal.lock() {
                    let _ = terminal.write_all(crate::files::osc52(&text).as_bytes());
                    let _ = terminal.flush();
                }
                None
            }
            _ => None,
        }
    }

    fn poll(&mut self) -> Vec<Msg> {
        let Some(analysis) = &mut self.analysis else { return Vec::new() };
        let mut events = Vec::new();
        if !analysis.poll(&self.seat.hub, &mut events) {
            self.analysis = None;
        }
        events.into_iter().map(Msg::Analysis).collect()
    }
}

impl Drop for HubRunner {
    /// A review left (the game closed, the connection gone) stops its analysis.
    fn drop(&mut self) {
        self.stop_analysis();
    }
}
