//! A connection's screens: the name registration of a new key, the lobby,
//! pages of text, and a game (played, watched or reviewed), which is the
//! local app itself ([`game`]). State + update + effects + view, as the
//! local app: [`ConnectionApp::update`] changes the state from a [`ConnectionMsg`] and lists
//! the hub calls it asks for ([`HubCall`]); [`ConnectionApp::perform`] makes them and
//! feeds what they answer back through update; [`view`] draws from the
//! state alone. One read is made inside update itself: on connecting,
//! `lobby_now` asks the hub for the lobby at once, to open the player's
//! game in progress, if any, instead of the lobby. The game screen's own
//! calls (moves, draw offers, chat...) go through its [`game::Seat`].
//!
//! Commands are typed on the input line (Enter runs it); [`LOBBY_COMMANDS`]
//! is the table the lobby's help lines are drawn from; a game's commands
//! are the app's (its help, `?`).

pub mod game;
mod keys;
mod lobby;
mod parse;
mod review;
pub mod terminal;
mod typed;
mod view;
mod words;

use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::Frame;
use ratatui::layout::Rect;
use wormhole::GameKind;

use super::hub::{Account, GameId};
use super::hub::{ChallengeId, ChallengeSpec, GameView, Hub, HubEvent, Lobby, SessionId, Who};
use super::inbox::{Identity, Input};
use super::settings::{PlayerSettings, Settings};
use crate::printable::inert;
use crate::tui::Driven;
use crate::tui::action::Msg as AppMsg;
use crate::tui::remote::RemoteEvent;
use crate::tui::theme::Display;
use game::{Asked, Follow, GameApp, GameScreen, TableSeat};

/// The longest wait between two looks at the clocks.
pub const FRAME: Duration = Duration::from_millis(200);
pub use parse::{LOBBY_COMMANDS, LobbyCommand, Setting};

/// How to get an account, as a guest is told.
pub const GUEST_LINE: &str = "You are watching as a guest. To play, connect with an SSH key: make one with ssh-keygen -t ed25519, then the same ssh command again; the key becomes your account.";

/// The SSH banner of a server that admits no guests.
pub const KEY_NEEDED: &str = "Wormhole chess: this server admits players with an SSH key only.\r\nMake one with: ssh-keygen -t ed25519\r\nthen connect again with the same ssh command: the key becomes your account.\r\n";

/// How often the lobby on screen is read again while it lists a game.
pub const LOBBY_REREAD: Duration = Duration::from_secs(3);

/// The lobby on screen is read again at most this often when it changes
/// (who is online, the challenges, the games): a crowd connecting at once
/// changes it hundreds of times a second, and every session in the lobby
/// reading and drawing it each time costs the server (and every client)
/// the square of the crowd; the changes meanwhile are read together.
pub const LOBBY_REFRESH: Duration = Duration::from_millis(250);

/// The longest input line, in characters.
pub const MAX_INPUT_CHARS: usize = 200;

/// What the app reacts to.
#[derive(Debug)]
pub enum ConnectionMsg {
    /// A key or mouse event from the client.
    Event(Event),
    /// Something happened on the hub.
    Hub(HubEvent),
    /// What an effect answered.
    Answer(HubAnswer),
}

/// A hub call's answer, fed back to update.
#[derive(Debug)]
pub enum HubAnswer {
    /// Connected to the hub as this player (or a guest).
    Connected(SessionId, Option<Account>),
    Lobby(Lobby),
    /// A game opened: its view.
    Opened(Box<GameView>),
    /// Text to show on its own page (leaderboard, player page, PGN).
    Page(String, Vec<String>),
    /// A short note for the status line.
    Note(String),
    /// The hub refused: why.
    Refused(String),
}

/// The hub calls update asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HubCall {
    /// Connect as this account (None: a guest).
    Connect(Option<Account>),
    Register(String),
    Lobby,
    Challenge(ChallengeSpec),
    Engine(ChallengeSpec, u8),
    Accept(ChallengeId),
    /// Abort a game (an engine game, or one before both moved).
    Abort(GameId),
    Decline(ChallengeId),
    Cancel(ChallengeId),
    Open(GameId),
    Leave(GameId),
    Leaderboard(GameKind),
    Player(String),
    Pgn(GameId),
    /// The player's games that ended lately.
    Notices,
    AddKey(String),
    /// List the player's keys.
    Keys,
    /// Remove the key with this fingerprint.
    RemoveKey(String),
    /// Keep the player's drawing settings.
    SaveSettings(PlayerSettings),
}

/// What the connection shows.
pub enum ConnectionScreen {
    /// A new key: asks for a name.
    Register,
    Lobby,
    /// A game: the local app on it.
    Game(Box<GameScreen>),
    /// A page of text (leaderboard, player page, PGN); Esc goes back to
    /// the game it came from (`back_to`), else the lobby.
    Page {
        title: String,
        lines: Vec<String>,
        back_to: Option<GameId>,
        /// The first row shown (the page scrolls).
        top: usize,
    },
}

/// One connection's app.
pub struct ConnectionApp {
    hub: Hub,
    identity: Identity,
    peer: String,
    /// Where the hub's notifier sends this session's events.
    to: Sender<Input>,
    pub(crate) session: Option<SessionId>,
    pub(crate) account: Option<Account>,
    pub(crate) screen: ConnectionScreen,
    pub(crate) input: String,
    /// The lines run before, for Ctrl-P and Ctrl-N.
    typed: typed::TypedLines,
    pub(crate) status: String,
    /// Why the game on screen is being read again, told once it is.
    reload_note: Option<String>,
    pub(crate) lobby: Lobby,
    quit: bool,
    /// Every player's drawing settings, and this player's.
    settings: std::sync::Arc<Settings>,
    pub(crate) mine: PlayerSettings,
    pub(crate) theme: crate::tui::theme::StyleSheet,
    /// How long the lobby may wait for a key before it closes.
    idle: Duration,
    /// Where requests to the client's terminal go (a game's clipboard).
    terminal: game::Requests,
    /// When the client last pressed a key (or connected).
    last_key: Instant,
    /// The lobby's picked row and scroll.
    pub(crate) pick: lobby::LobbyPick,
    /// When the lobby was read (its clocks run on from there), and when
    /// its clocks were last drawn.
    pub(crate) lobby_read: Instant,
    lobby_drawn: Instant,
    /// The client's window, columns by rows.
    size: (u16, u16),
    /// What the client's terminal can show (its TERM).
    display: Display,
    /// Whether a change of the lobby was told since the session last read
    /// it (the notifier tells no other until it reads it again).
    lobby_told: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// The lobby changed since it was read, within [`LOBBY_REFRESH`] of
    /// that read: it is read again once that has passed.
    lobby_stale: bool,
    /// The session's part in the server's relay times.
    relay: Option<std::sync::Arc<crate::server::relay::SessionRelay>>,
}

/// A lobby with nothing in it.
fn empty_lobby() -> Lobby {
    Lobby { online: Vec::new(), challenges: Vec::new(), live: Vec::new(), mine: Vec::new() }
}

impl ConnectionApp {
    /// The app of a new connection: the lobby for a known key, the name
    /// form for a new one, the lobby as a guest without a key.
    pub fn new(
        hub: Hub,
        identity: Identity,
        peer: String,
        to: Sender<Input>,
        settings: std::sync::Arc<Settings>,
        terminal: game::Requests,
    ) -> ConnectionApp {
        let mut app = ConnectionApp {
            hub,
            identity,
            peer,
            to,
            session: None,
            account: None,
            screen: ConnectionScreen::Lobby,
            input: String::new(),
            typed: typed::TypedLines::default(),
            status: String::new(),
            reload_note: None,
            lobby: empty_lobby(),
            quit: false,
            settings,
            mine: PlayerSettings::default(),
            theme: crate::tui::theme::StyleSheet::default(),
            idle: Duration::MAX,
            last_key: Instant::now(),
            terminal,
            pick: lobby::LobbyPick::default(),
            lobby_read: Instant::now(),
            lobby_drawn: Instant::now(),
            size: (80, 24),
            display: Display::default(),
            lobby_stale: false,
            lobby_told: std::sync::Arc::default(),
            relay: None,
        };
        let first = match app.identity.clone() {
            Identity::Guest => HubCall::Connect(None),
            Identity::Key { fp, .. } => match app.hub.account_by_key(&fp) {
                Ok(Some(account)) => HubCall::Connect(Some(account)),
                Ok(None) => {
                    app.screen = ConnectionScreen::Register;
                    app.status = keys::first_sign_in(&app, &fp).unwrap_or_else(|| {
                        "A new key: choose your name (3-20 letters, digits, _ or -), or Esc to watch".into()
                    });
                    return app;
                }
                Err(e) => {
                    app.status = format!("cannot read the accounts: {e}");
                    HubCall::Connect(None)
                }
            },
        };
        app.perform(vec![first]);
        app
    }

    /// The client's window at the start, columns by rows.
    pub fn with_size(mut self, size: (u16, u16)) -> ConnectionApp {
        self.size = size;
        self
    }

    /// Draws for a terminal that shows `display` (from its TERM).
    pub fn with_display(mut self, display: Display) -> ConnectionApp {
        self.display = display;
        self.theme = self.mine.theme(display);
        self
    }

    /// Counts the relay times of the moves it plays and shows in `relay`.
    pub fn with_relay(mut self, relay: std::sync::Arc<crate::server::relay::SessionRelay>) -> ConnectionApp {
        self.relay = Some(relay);
        self
    }

    /// Closes the lobby once no key came for `idle`.
    pub fn with_idle(mut self, idle: Duration) -> ConnectionApp {
        self.idle = idle;
        self
    }

    /// Whether the lobby (or the name form) is on screen: the idle timeout counts there.
    pub fn in_lobby(&self) -> bool {
        matches!(self.screen, ConnectionScreen::Lobby | ConnectionScreen::Register)
    }

    /// Whether `event` changes nothing this session shows: a change in the
    /// lobby seen from another screen (every rematch tells every session).
    pub fn unmoved_by(&self, event: &HubEvent) -> bool {
        matches!(event, HubEvent::LobbyChanged) && !matches!(self.screen, ConnectionScreen::Lobby)
    }

    /// Leaves the hub when the connection ends.
    pub fn finish(&mut self) {
        if let Some(s) = self.session.take() {
            self.hub.disconnect(s);
        }
        let name = self.account.as_ref().map_or("a guest", |a| a.name.as_str());
        tracing::info!("serve: {} ({name}) left", self.peer);
    }

    /// Updates the state from `msg` and runs the effects it asks for.
    pub fn update(&mut self, msg: ConnectionMsg) {
        let effects = self.step(msg);
        self.perform(effects);
    }

    /// Runs effects; each answer goes through update in turn.
    fn perform(&mut self, mut effects: Vec<HubCall>) {
        while !effects.is_empty() {
            let effect = effects.remove(0);
            let done = self.call(effect);
            let more = self.step(ConnectionMsg::Answer(done));
            effects.extend(more);
        }
    }

    /// One hub call.
    fn call(&mut self, effect: HubCall) -> HubAnswer {
        let refused = |e: super::hub::HubError| HubAnswer::Refused(inert(&e.to_string()));
        let Some(s) = self.session else {
            return match effect {
                HubCall::Connect(account) => self.connect(account),
                HubCall::Register(name) => self.register_or_confirm(&name),
                _ => HubAnswer::Refused("not connected to the hub".into()),
            };
        };
        let hub = &self.hub;
        let note =
            |r: Result<(), super::hub::HubError>, text: &str| r.map_or_else(refused, |()| HubAnswer::Note(text.into()));
        match effect {
            HubCall::Connect(_) | HubCall::Register(_) => HubAnswer::Note(String::new()),
            HubCall::Lobby => {
                // Cleared before the read: a change after it is told again.
                self.lobby_told.store(false, std::sync::atomic::Ordering::Release);
                hub.lobby(s).map_or_else(refused, HubAnswer::Lobby)
            }
            HubCall::Challenge(spec) => {
                hub.challenge(s, spec).map_or_else(refused, |id| HubAnswer::Note(format!("challenge {id} is open")))
            }
            HubCall::Engine(spec, level) => {
                hub.play_engine(s, spec, level).map_or_else(refused, |_| HubAnswer::Note(String::new()))
            }
            HubCall::Accept(id) => hub.accept(s, id).map_or_else(refused, |_| HubAnswer::Note(String::new())),
            HubCall::Decline(id) => note(hub.decline(s, id), "declined"),
            HubCall::Abort(game) => note(hub.abort(s, game), "aborted: no result"),
            HubCall::Cancel(id) => note(hub.cancel(s, id), "cancelled"),
            HubCall::Open(game) => hub.open(s, game).map_or_else(refused, |v| HubAnswer::Opened(Box::new(v))),
            HubCall::Leave(game) => note(hub.leave(s, game), ""),
            HubCall::Leaderboard(kind) => match hub.leaderboard(kind, 20) {
                Ok(rows) => HubAnswer::Page(format!("Leaderboard: {kind}"), view::leaderboard_lines(&rows)),
                Err(e) => refused(e),
            },
            HubCall::Player(name) => match hub.player(&name) {
                Ok(page) => HubAnswer::Page(format!("Player {}", inert(&page.account.name)), view::player_lines(&page)),
                Err(e) => refused(e),
            },
            HubCall::Pgn(game) => match hub.pgn(game) {
                Ok(text) => HubAnswer::Page(format!("Game {game} (PGN)"), text.lines().map(inert).collect()),
                Err(e) => refused(e),
            },
            HubCall::Notices => match hub.notices(s) {
                Ok(list) if list.is_empty() => HubAnswer::Note("no game of yours has ended lately".into()),
                Ok(list) => HubAnswer::Page("Your results".into(), list.iter().map(notice_line).collect()),
                Err(e) => refused(e),
            },
            HubCall::AddKey(text) => self.add_key(&text),
            HubCall::Keys => self.keys(),
            HubCall::RemoveKey(fp) => self.remove_key(&fp),
            HubCall::SaveSettings(mine) => self.save_settings(mine),
        }
    }

    /// Connects to the hub as `account` (a guest without one).
    fn connect(&mut self, account: Option<Account>) -> HubAnswer {
        let notify = super::inbox::notifier(self.to.clone(), std::sync::Arc::clone(&self.lobby_told));
        let who = account.clone().map_or(Who::Guest, Who::Player);
        match self.hub.connect(who, notify) {
            Ok(s) => HubAnswer::Connected(s, account),
            Err(e) => HubAnswer::Refused(inert(&e.to_string())),
        }
    }

    /// Registers this connection's key under `name`.
    fn register(&mut self, name: &str) -> HubAnswer {
        let Identity::Key { fp, text } = &self.identity else { return HubAnswer::Refused("no key to register".into()) };
        match self.hub.register(name, fp, text) {
            Ok(account) => {
                tracing::info!("serve: {} registered as {}", self.peer, account.name);
                self.connect(Some(account))
            }
            Err(e) => HubAnswer::Refused(inert(&e.to_string())),
        }
    }

    /// Keeps this player's drawing settings (guests' last the session).
    fn save_settings(&self, mine: PlayerSettings) -> HubAnswer {
        let Some(account) = &self.account else {
            return HubAnswer::Note("kept for this session (guests have no account)".into());
        };
        match self.settings.set(&account.name, mine) {
            Ok(()) => {
                HubAnswer::Note(format!("theme {}, pieces {}: kept for your next visits", mine.theme, mine.pieces))
            }
            Err(e) => {
                tracing::error!("serve: error: {e:#}");
                HubAnswer::Refused(format!("cannot keep the settings: {e}"))
            }
        }
    }

    /// The state change for `msg`, and the hub calls it asks for.
    fn step(&mut self, msg: ConnectionMsg) -> Vec<HubCall> {
        match msg {
            ConnectionMsg::Event(ev) => self.on_event(&ev),
            ConnectionMsg::Hub(event) => self.on_hub(event),
            ConnectionMsg::Answer(done) => self.on_done(done),
        }
    }

    fn on_done(&mut self, done: HubAnswer) -> Vec<HubCall> {
        match done {
            HubAnswer::Connected(s, account) => {
                self.session = Some(s);
                if let Some(a) = &account {
                    self.mine = self.settings.of(&a.name);
                    self.theme = self.mine.theme(self.display);
                }
                self.account = account;
                self.screen = ConnectionScreen::Lobby;
                self.lobby_now();
                // The name form's last error does not follow a guest.
                self.status = if self.account.is_none() { GUEST_LINE.to_string() } else { String::new() };
                self.tell_unseen_results();
                // Back where they were: the game they were on, else the lobby.
                return match self.hub.resume_game(s) {
                    Ok(Some(game)) => vec![HubCall::Open(game)],
                    _ => vec![HubCall::Lobby],
                };
            }
            HubAnswer::Lobby(lobby) => {
                self.lobby = lobby;
                self.lobby_read = Instant::now();
                self.lobby_stale = false;
                self.lobby_drawn = self.lobby_read;
                let rows = lobby::rows(&self.lobby, self.account.is_some());
                self.pick.relocate(&rows, view::lobby_list_height(self.size));
            }
            HubAnswer::Opened(view) => {
                // The same game read again (a takeback): its chat stays.
                let chat = match &self.screen {
                    ConnectionScreen::Game(g) if g.id == view.info.id => {
                        g.app.session().activity().remote().map(|r| r.chat.clone()).unwrap_or_default()
                    }
                    _ => Vec::new(),
                };
                self.screen = ConnectionScreen::Game(Box::new(self.open_game(*view, chat)));
                if let Some(note) = self.reload_note.take() {
                    self.in_game(|app| app.handle(AppMsg::Remote(RemoteEvent::Refused(note))));
                }
            }
            HubAnswer::Page(title, lines) => {
                self.screen = ConnectionScreen::Page { title, lines, back_to: None, top: 0 };
            }
            HubAnswer::Note(text) => {
                if !text.is_empty() {
                    self.status = text;
                }
            }
            HubAnswer::Refused(why) => self.status = why,
        }
        Vec::new()
    }

    /// Tells the results of this player's games that ended while they
    /// were away (the newest first).
    fn tell_unseen_results(&mut self) {
        let Some(s) = self.session.filter(|_| self.account.is_some()) else { return };
        let unseen: Vec<String> =
            self.hub.notices(s).unwrap_or_default().iter().filter(|n| !n.seen).map(notice_line).collect();
        if !unseen.is_empty() {
            self.status = format!("While you were away: {} ('notices' lists your results)", unseen.join("; "));
        }
    }

    /// Tells the result of `game`, a game of this player's that ended
    /// away from the screen.
    fn tell_result(&mut self, game: GameId) {
        let Some(s) = self.session else { return };
        let notices = self.hub.notices(s).unwrap_or_default();
        if let Some(n) = notices.iter().find(|n| n.game.id == game) {
            self.status = format!("{} ('notices' lists your results)", notice_line(n));
        }
    }

    /// The lobby read now (for the first screen after connecting).
    fn lobby_now(&mut self) -> Lobby {
        if let Some(s) = self.session
            && let Ok(lobby) = self.hub.lobby(s)
        {
            self.lobby = lobby;
        }
        self.lobby.clone()
    }

    fn on_event(&mut self, ev: &Event) -> Vec<HubCall> {
        let Event::Key(key) = ev else { return Vec::new() };
        if key.kind != KeyEventKind::Press {
            return Vec::new();
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('c' | 'd') if ctrl => self.quit = true,
            // The game screen's line editing: Ctrl-U clears, Ctrl-W deletes a
            // word; and a shell's recall of lines run before.
            KeyCode::Char('u') if ctrl => self.input.clear(),
            KeyCode::Char('p') if ctrl => {
                if let Some(line) = self.typed.older(&self.input) {
                    self.input = line.to_string();
                }
            }
            KeyCode::Char('n') if ctrl => {
                if let Some(line) = self.typed.newer() {
                    self.input = line.to_string();
                }
            }
            KeyCode::Char('w') if ctrl => {
                let kept = self.input.trim_end().rfind(' ').map_or(0, |i| i + 1);
                self.input.truncate(kept);
            }
            KeyCode::Char(c) if !ctrl && self.input.chars().count() < MAX_INPUT_CHARS && !c.is_control() => {
                self.input.push(c);
            }
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Up => self.scroll(lobby::PickStep::Up),
            KeyCode::Down => self.scroll(lobby::PickStep::Down),
            KeyCode::PageUp => self.scroll(lobby::PickStep::PageUp),
            KeyCode::PageDown => self.scroll(lobby::PickStep::PageDown),
            KeyCode::Home => self.scroll(lobby::PickStep::Home),
            KeyCode::End => self.scroll(lobby::PickStep::End),
            KeyCode::Esc => return self.back(),
            KeyCode::Enter => {
                let line = std::mem::take(&mut self.input);
                self.typed.keep(line.trim());
                return self.enter(line.trim());
            }
            _ => {}
        }
        Vec::new()
    }

    /// Moves the lobby's pick, or scrolls a page.
    fn scroll(&mut self, step: lobby::PickStep) {
        match &mut self.screen {
            ConnectionScreen::Lobby => {
                let rows = lobby::rows(&self.lobby, self.account.is_some());
                self.pick.step(step, &rows, view::lobby_list_height(self.size));
            }
            ConnectionScreen::Page { lines, top, .. } => {
                let height = view::page_height(self.size);
                let last = view::wrapped(lines, usize::from(self.size.0)).len().saturating_sub(height);
                let page = height.saturating_sub(1).max(1);
                *top = match step {
                    lobby::PickStep::Up => top.saturating_sub(1),
                    lobby::PickStep::Down => *top + 1,
                    lobby::PickStep::PageUp => top.saturating_sub(page),
                    lobby::PickStep::PageDown => *top + page,
                    lobby::PickStep::Home => 0,
                    lobby::PickStep::End => last,
                }
                .min(last);
            }
            ConnectionScreen::Register | ConnectionScreen::Game(_) => {}
        }
    }

    /// Enter on an empty line in the lobby: opens the picked game, or
    /// accepts the picked challenge.
    fn act_on_pick(&mut self) -> Vec<HubCall> {
        let rows = lobby::rows(&self.lobby, self.account.is_some());
        let mine = |id| {
            self.lobby.challenges.iter().any(|c| c.id == id && Some(&c.from) == self.account.as_ref().map(|a| &a.name))
        };
        match self.pick.entry_in(&rows) {
            Some(lobby::LobbyEntry::Game(id)) => vec![HubCall::Open(id)],
            Some(lobby::LobbyEntry::Challenge(id)) if mine(id) => {
                self.status = format!("challenge {id} is yours: 'cancel {id}' withdraws it");
                Vec::new()
            }
            Some(lobby::LobbyEntry::Challenge(id)) => vec![HubCall::Accept(id)],
            None => {
                self.status = "nothing to open here: 'help' lists the commands".into();
                Vec::new()
            }
        }
    }

    /// Esc: clears the line, else goes back (a game or page to the lobby,
    /// the name form to watching as a guest).
    fn back(&mut self) -> Vec<HubCall> {
        if !self.input.is_empty() {
            self.input.clear();
            return Vec::new();
        }
        match &self.screen {
            ConnectionScreen::Register => vec![HubCall::Connect(None)],
            ConnectionScreen::Game(g) => {
                let id = g.id;
                self.screen = ConnectionScreen::Lobby;
                vec![HubCall::Leave(id), HubCall::Lobby]
            }
            ConnectionScreen::Page { back_to: Some(game), .. } => vec![HubCall::Open(*game)],
            ConnectionScreen::Page { .. } => {
                self.screen = ConnectionScreen::Lobby;
                vec![HubCall::Lobby]
            }
            ConnectionScreen::Lobby => Vec::new(),
        }
    }

    /// Enter on `line`.
    fn enter(&mut self, line: &str) -> Vec<HubCall> {
        if line.is_empty() {
            return match self.screen {
                ConnectionScreen::Lobby => self.act_on_pick(),
                _ => Vec::new(),
            };
        }
        self.status.clear();
        if matches!(self.screen, ConnectionScreen::Register) {
            return vec![HubCall::Register(line.to_string())];
        }
        match parse::command(line) {
            Ok(command) => self.command(command),
            Err(why) => {
                self.status = inert(&why);
                Vec::new()
            }
        }
    }

    /// What a command asks.
    fn command(&mut self, command: LobbyCommand) -> Vec<HubCall> {
        match command {
            LobbyCommand::Quit => {
                self.quit = true;
                Vec::new()
            }
            LobbyCommand::Call(effect) => vec![effect],
            LobbyCommand::Help => {
                let lines = view::help_lines(self.account.is_none());
                self.screen = ConnectionScreen::Page { title: "Commands".into(), lines, back_to: None, top: 0 };
                Vec::new()
            }
            LobbyCommand::Setting(setting) => {
                match setting {
                    Setting::Theme(t) => self.mine.theme = t,
                    Setting::Pieces(p) => self.mine.pieces = p,
                }
                self.theme = self.mine.theme(self.display);
                vec![HubCall::SaveSettings(self.mine)]
            }
        }
    }

    /// The log's line for a game starting or ending, as this player sees it.
    fn log_game(&self, event: &HubEvent) {
        let me = self.account.as_ref().map_or("a guest", |a| a.name.as_str());
        match event {
            HubEvent::GameStarted { game } => {
                tracing::info!(
                    "serve: game {} started for {me}: {} {} - {}",
                    game.id,
                    game.kind,
                    game.names[0],
                    game.names[1]
                );
            }
            HubEvent::Ended { game, ending } => {
                tracing::info!("serve: game {game} ended for {me}: {} ({})", ending.result, ending.why);
            }
            _ => {}
        }
    }

    /// A hub event: the lobby is read again, a game on screen follows it.
    fn on_hub(&mut self, event: HubEvent) -> Vec<HubCall> {
        self.log_game(&event);
        if let HubEvent::GameStarted { game } = &event {
            let names = format!("{} (White) vs {} (Black)", inert(&game.names[0]), inert(&game.names[1]));
            self.status = format!("game {} started: {names}", game.id);
            // Nobody is taken out of a game they play: they are told.
            if !self.playing_on_screen() {
                return vec![HubCall::Open(game.id)];
            }
            self.status = format!("game {} started: {names}; ':lobby' then 'open {}' to play it", game.id, game.id);
        }
        if let HubEvent::Challenged { id, from, .. } = &event {
            self.status = format!("{} challenges you: 'accept {id}' or 'decline {id}' in the lobby", inert(from));
        }
        if let HubEvent::ChallengeDeclined { id, by } = &event {
            self.status = format!("{} declined challenge {id}", inert(by));
        }
        if let HubEvent::ChallengeWithdrawn { id, game } = &event {
            self.status = format!("challenge {id} withdrawn: you play game {game} (one game at a time)");
        }
        let elsewhere = match &event {
            HubEvent::Ended { game, .. } => !matches!(&self.screen, ConnectionScreen::Game(g) if g.id == *game),
            _ => false,
        };
        if let (HubEvent::Ended { game, .. }, true) = (&event, elsewhere) {
            self.tell_result(*game);
        }
        let told = elsewhere
            || matches!(
                event,
                HubEvent::Challenged { .. }
                    | HubEvent::ChallengeDeclined { .. }
                    | HubEvent::ChallengeWithdrawn { .. }
                    | HubEvent::GameStarted { .. }
            );
        let note = told.then(|| AppMsg::Remote(RemoteEvent::Note(self.status.clone())));
        match &mut self.screen {
            ConnectionScreen::Game(g) => {
                let relayed = match &event {
                    HubEvent::Moved { relay: Some(r), .. } if Some(r.from) != self.session => Some(r.read),
                    _ => None,
                };
                match (g.app.session().activity().remote().and_then(|r| game::event_for(r, event)), note) {
                    (Some(Follow::Event(event)), _) => {
                        if let (Some(read), Some(relay)) = (relayed, &self.relay) {
                            relay.will_show(read);
                        }
                        self.in_game(|app| app.handle(AppMsg::Remote(event)))
                    }
                    (Some(Follow::Reread), _) => vec![HubCall::Open(g.id)],
                    (None, Some(note)) => self.in_game(|app| app.handle(note)),
                    (None, None) => Vec::new(),
                }
            }
            ConnectionScreen::Lobby => vec![HubCall::Lobby],
            _ => Vec::new(),
        }
    }

    /// Whether a game this player plays, still going on, is on screen.
    fn playing_on_screen(&self) -> bool {
        let ConnectionScreen::Game(g) = &self.screen else { return false };
        g.app.session().activity().remote().is_some_and(|r| r.you.is_some() && r.ending.is_none())
    }

    /// The app of the game `view` opened, as this player draws it.
    fn open_game(&self, view: GameView, chat: Vec<String>) -> GameScreen {
        let player = self.account.as_ref().map(|a| a.name.clone());
        let Some(session) = self.session else { unreachable!("a game opens only once connected") };
        let (settings, terminal) = (self.settings.clone(), self.terminal.clone());
        let relay = self.relay.clone();
        let seat = TableSeat { hub: self.hub.clone(), session, player, settings, terminal, relay };
        game::open(view, seat, (self.mine, self.display), chat)
    }

    /// Gives the game on screen something to do, then follows what it
    /// asks: back to the lobby, a page, the game read again. The player's
    /// drawing follows the game's (`:theme`, `:set pieces`).
    fn in_game(&mut self, act: impl FnOnce(&mut GameApp)) -> Vec<HubCall> {
        let ConnectionScreen::Game(g) = &mut self.screen else { return Vec::new() };
        act(&mut g.app);
        let prefs = &g.app.session().config().prefs;
        self.mine = PlayerSettings { theme: prefs.theme, pieces: prefs.pieces };
        self.theme = self.mine.theme(self.display);
        let id = g.id;
        let asked = g.app.runner_mut().asked.take();
        if g.app.session().should_quit() {
            self.screen = ConnectionScreen::Lobby;
            return vec![HubCall::Leave(id), HubCall::Lobby];
        }
        match asked {
            Some(Asked::Page(title, lines)) => {
                self.screen = ConnectionScreen::Page { title, lines, back_to: Some(id), top: 0 };
                Vec::new()
            }
            Some(Asked::Reload(note)) => {
                self.reload_note = note;
                vec![HubCall::Open(id)]
            }
            None => Vec::new(),
        }
    }
}

/// A session that ends however it ends, a panic in its thread too, leaves
/// the hub: the player goes offline, their challenges may expire and an
/// opponent may claim (issue #54: a panic skipped [`ConnectionApp::finish`]).
impl Drop for ConnectionApp {
    fn drop(&mut self) {
        if self.session.is_some() {
            self.finish();
        }
    }
}

/// The app as the event loop drives it: the client's events and the
/// hub's go through update (in a game, the game's app's own); the lobby
/// closes after its idle time.
impl Driven for ConnectionApp {
    type Message = HubEvent;

    fn draw(&self, frame: &mut Frame) {
        match &self.screen {
            ConnectionScreen::Game(g) => g.app.draw(frame),
            _ => view::draw(frame, self),
        }
    }

    fn should_quit(&self) -> bool {
        self.quit
    }

    /// A game that changes by itself (clocks, an analysis) is looked at as
    /// the app says; anything else every [`FRAME`].
    fn wait(&self) -> Duration {
        match &self.screen {
            ConnectionScreen::Game(g) if g.app.changes_at().is_some() => g.app.wait(),
            ConnectionScreen::Lobby if self.lobby_stale => {
                (self.lobby_read + LOBBY_REFRESH).saturating_duration_since(Instant::now()).min(FRAME)
            }
            _ => FRAME,
        }
    }

    fn changes_at(&self) -> Option<Instant> {
        match &self.screen {
            ConnectionScreen::Game(g) => g.app.changes_at(),
            _ => None,
        }
    }

    fn event(&mut self, ev: Event, area: Rect) -> bool {
        self.size = match ev {
            Event::Resize(w, h) => (w, h),
            _ => (area.width, area.height),
        };
        if !matches!(ev, Event::Resize(..)) {
            self.last_key = Instant::now();
        }
        if let ConnectionScreen::Game(_) = &self.screen {
            let effects = self.in_game(|app| {
                app.event(ev, area);
            });
            self.perform(effects);
            return true;
        }
        if matches!(ev, Event::Resize(..)) {
            // The pick stays in view in the new size.
            let rows = lobby::rows(&self.lobby, self.account.is_some());
            self.pick.relocate(&rows, view::lobby_list_height(self.size));
            return false;
        }
        self.update(ConnectionMsg::Event(ev));
        true
    }

    /// A change in the lobby seen from another screen is not drawn.
    fn message(&mut self, event: HubEvent) -> bool {
        if self.unmoved_by(&event) {
            return false;
        }
        if matches!(event, HubEvent::LobbyChanged) && self.lobby_read.elapsed() < LOBBY_REFRESH {
            self.lobby_stale = true;
            return false;
        }
        self.update(ConnectionMsg::Hub(event));
        true
    }

    fn tick(&mut self, now: Instant) -> bool {
        if let ConnectionScreen::Game(g) = &mut self.screen {
            let changed = Driven::tick(&mut g.app, now);
            let effects = self.in_game(|_| {});
            self.perform(effects);
            return changed;
        }
        if self.in_lobby() && now.saturating_duration_since(self.last_key) >= self.idle {
            self.quit = true;
        }
        self.lobby_tick(now)
    }
}

impl ConnectionApp {
    /// The lobby on screen, as time passes: read again every
    /// [`LOBBY_REREAD`] while it lists a game (moves tell the lobby
    /// nothing), its running clocks drawn every second. Whether to draw.
    fn lobby_tick(&mut self, now: Instant) -> bool {
        if !matches!(self.screen, ConnectionScreen::Lobby) {
            return false;
        }
        let mut games = self.lobby.live.iter().chain(&self.lobby.mine).peekable();
        let listed = games.peek().is_some();
        let running = games.any(|g| g.clocks.is_some_and(|c| c.running.is_some()));
        let since = now.saturating_duration_since(self.lobby_read);
        if (self.lobby_stale && since >= LOBBY_REFRESH) || (listed && since >= LOBBY_REREAD) {
            self.perform(vec![HubCall::Lobby]);
            return true;
        }
        if running && now.saturating_duration_since(self.lobby_drawn) >= Duration::from_secs(1) {
            self.lobby_drawn = now;
            return true;
        }
        false
    }
}

/// A result in the notices: `game 6 (twoboard, alice (White) vs bob (Black)): 0-1: ...`.
fn notice_line(n: &super::hub::Notice) -> String {
    let g = &n.game;
    let names = format!("{} (White) vs {} (Black)", inert(&g.names[0]), inert(&g.names[1]));
    format!("game {} ({}, {names}): {}", g.id, g.kind, words::ending_words(&n.ending, Some(n.you), &g.names))
}
