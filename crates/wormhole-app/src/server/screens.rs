//! A connection's screens: the name registration of a new key, the lobby
//! and the game (played or watched). State + update + effects + view, as
//! the local app: [`App::update`] changes the state from a [`Msg`] and
//! lists the hub calls it asks for ([`Effect`]); [`App::perform`] makes
//! them and feeds what they answer back through update; [`view`] draws
//! from the state alone.
//!
//! Commands are typed on the input line (Enter runs it); [`LOBBY_COMMANDS`]
//! and [`GAME_COMMANDS`] are the tables the help lines are drawn from.

mod parse;
mod table;
mod view;

use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::Frame;
use ratatui::layout::Rect;
use wormhole::{AnyPosition, GameKind};

use super::hub::records::{Account, GameId};
use super::hub::{ChallengeId, ChallengeSpec, Clocks, GameView, Hub, HubEvent, Lobby, SessionId, Who};
use super::inbox::{Identity, Input};
use super::settings::{PlayerSettings, Settings};
pub use parse::{Command, GAME_COMMANDS, LOBBY_COMMANDS, Setting};

/// The longest input line, in characters.
pub const MAX_INPUT_CHARS: usize = 200;

/// What the app reacts to.
#[derive(Debug)]
pub enum Msg {
    /// A key or mouse event from the client.
    Event(Event),
    /// Something happened on the hub.
    Hub(HubEvent),
    /// What an effect answered.
    Done(Done),
}

/// A hub call's answer, fed back to update.
#[derive(Debug)]
pub enum Done {
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
pub enum Effect {
    /// Connect as this account (None: a guest).
    Connect(Option<Account>),
    Register(String),
    Lobby,
    Challenge(ChallengeSpec),
    Engine(ChallengeSpec, u8),
    Accept(ChallengeId),
    Decline(ChallengeId),
    Cancel(ChallengeId),
    Open(GameId),
    Leave(GameId),
    Play(GameId, String),
    Game(GameId, GameCall),
    Leaderboard(GameKind),
    Player(String),
    Pgn(GameId),
    AddKey(String),
    /// Keep the player's drawing settings.
    SaveSettings(PlayerSettings),
}

/// An action in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameCall {
    Resign,
    OfferDraw,
    AnswerDraw(bool),
    AskTakeback,
    AnswerTakeback(bool),
    Rematch,
    Claim,
    Chat(String),
}

/// What the connection shows.
#[derive(Debug)]
pub enum Screen {
    /// A new key: asks for a name.
    Register,
    Lobby,
    Game(Box<Table>),
    /// A page of text (leaderboard, player page, PGN); Esc goes back.
    Page {
        title: String,
        lines: Vec<String>,
    },
}

/// A game on screen.
#[derive(Debug)]
pub struct Table {
    pub view: GameView,
    pub position: AnyPosition,
    pub last: Option<wormhole::AnyMove>,
    /// The SAN of every move so far (the hub sends coordinates).
    pub san: Vec<String>,
    /// The clocks and when they were read.
    pub clocks: Option<(Clocks, Instant)>,
    pub chat: Vec<String>,
    /// An offer of the opponent's waiting for /yes or /no.
    pub pending: Option<Pending>,
}

/// An opponent's offer this player may answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    Draw,
    Takeback,
}

/// One connection's app.
pub struct App {
    hub: Hub,
    identity: Identity,
    peer: String,
    /// Where the hub's notifier sends this session's events.
    to: Sender<Input>,
    pub(crate) session: Option<SessionId>,
    pub(crate) account: Option<Account>,
    pub(crate) screen: Screen,
    pub(crate) input: String,
    pub(crate) status: String,
    pub(crate) lobby: Lobby,
    quit: bool,
    /// Every player's drawing settings, and this player's.
    settings: std::sync::Arc<Settings>,
    pub(crate) mine: PlayerSettings,
    pub(crate) theme: crate::tui::theme::Theme,
    /// How long the lobby may wait for a key before it closes.
    idle: Duration,
    /// When the client last pressed a key (or connected).
    last_key: Instant,
}

/// A lobby with nothing in it.
fn empty_lobby() -> Lobby {
    Lobby { online: Vec::new(), challenges: Vec::new(), live: Vec::new(), mine: Vec::new() }
}

/// Text from outside (a name, a refusal quoting what was typed) with every
/// control character shown as `?`, so it cannot act on the terminal.
pub fn inert(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { '?' } else { c }).collect()
}

impl App {
    /// The app of a new connection: the lobby for a known key, the name
    /// form for a new one, the lobby as a guest without a key.
    pub fn new(
        hub: Hub,
        identity: Identity,
        peer: String,
        to: Sender<Input>,
        settings: std::sync::Arc<Settings>,
    ) -> App {
        let mut app = App {
            hub,
            identity,
            peer,
            to,
            session: None,
            account: None,
            screen: Screen::Lobby,
            input: String::new(),
            status: String::new(),
            lobby: empty_lobby(),
            quit: false,
            settings,
            mine: PlayerSettings::default(),
            theme: crate::tui::theme::Theme::default(),
            idle: Duration::MAX,
            last_key: Instant::now(),
        };
        let first = match app.identity.clone() {
            Identity::Guest => Effect::Connect(None),
            Identity::Key { fp, .. } => match app.hub.account_by_key(&fp) {
                Ok(Some(account)) => Effect::Connect(Some(account)),
                Ok(None) => {
                    app.screen = Screen::Register;
                    app.status = "A new key: choose your name (3-20 letters, digits, _ or -), or Esc to watch".into();
                    return app;
                }
                Err(e) => {
                    app.status = format!("cannot read the accounts: {e}");
                    Effect::Connect(None)
                }
            },
        };
        app.perform(vec![first]);
        app
    }

    /// Closes the lobby once no key came for `idle`.
    pub fn with_idle(mut self, idle: Duration) -> App {
        self.idle = idle;
        self
    }

    /// Whether the lobby (or the name form) is on screen: the idle timeout counts there.
    pub fn in_lobby(&self) -> bool {
        matches!(self.screen, Screen::Lobby | Screen::Register)
    }

    /// Whether `event` changes nothing this session shows: a change in the
    /// lobby seen from another screen (every rematch tells every session).
    pub fn unmoved_by(&self, event: &HubEvent) -> bool {
        matches!(event, HubEvent::LobbyChanged) && !matches!(self.screen, Screen::Lobby)
    }

    /// Whether a clock on screen is running (the frame must be redrawn).
    pub fn clocks_running(&self) -> bool {
        matches!(&self.screen, Screen::Game(t) if t.clocks.is_some_and(|(c, _)| c.running.is_some()))
    }

    /// Leaves the hub when the connection ends.
    pub fn finish(&mut self) {
        if let Some(s) = self.session.take() {
            self.hub.disconnect(s);
        }
        let name = self.account.as_ref().map_or("a guest", |a| a.name.as_str());
        eprintln!("serve: {} ({name}) left", self.peer);
    }

    /// Updates the state from `msg` and runs the effects it asks for.
    pub fn update(&mut self, msg: Msg) {
        let effects = self.step(msg);
        self.perform(effects);
    }

    /// Runs effects; each answer goes through update in turn.
    fn perform(&mut self, mut effects: Vec<Effect>) {
        while !effects.is_empty() {
            let effect = effects.remove(0);
            let done = self.call(effect);
            let more = self.step(Msg::Done(done));
            effects.extend(more);
        }
    }

    /// One hub call.
    fn call(&mut self, effect: Effect) -> Done {
        let refused = |e: super::hub::HubError| Done::Refused(inert(&e.to_string()));
        let Some(s) = self.session else {
            return match effect {
                Effect::Connect(account) => self.connect(account),
                Effect::Register(name) => self.register(&name),
                _ => Done::Refused("not connected to the hub".into()),
            };
        };
        let hub = &self.hub;
        let note =
            |r: Result<(), super::hub::HubError>, text: &str| r.map_or_else(refused, |()| Done::Note(text.into()));
        match effect {
            Effect::Connect(_) | Effect::Register(_) => Done::Note(String::new()),
            Effect::Lobby => hub.lobby(s).map_or_else(refused, Done::Lobby),
            Effect::Challenge(spec) => {
                hub.challenge(s, spec).map_or_else(refused, |id| Done::Note(format!("challenge {id} is open")))
            }
            Effect::Engine(spec, level) => {
                hub.play_engine(s, spec, level).map_or_else(refused, |_| Done::Note(String::new()))
            }
            Effect::Accept(id) => hub.accept(s, id).map_or_else(refused, |_| Done::Note(String::new())),
            Effect::Decline(id) => note(hub.decline(s, id), "declined"),
            Effect::Cancel(id) => note(hub.cancel(s, id), "cancelled"),
            Effect::Open(game) => hub.open(s, game).map_or_else(refused, |v| Done::Opened(Box::new(v))),
            Effect::Leave(game) => note(hub.leave(s, game), ""),
            Effect::Play(game, mv) => note(hub.play(s, game, &mv), ""),
            Effect::Game(game, call) => self.game_call(s, game, call),
            Effect::Leaderboard(kind) => match hub.leaderboard(kind, 20) {
                Ok(rows) => Done::Page(format!("Leaderboard: {kind}"), view::leaderboard_lines(&rows)),
                Err(e) => refused(e),
            },
            Effect::Player(name) => match hub.player(&name) {
                Ok(page) => Done::Page(format!("Player {}", inert(&page.account.name)), view::player_lines(&page)),
                Err(e) => refused(e),
            },
            Effect::Pgn(game) => match hub.pgn(game) {
                Ok(text) => Done::Page(format!("Game {game} (PGN)"), text.lines().map(inert).collect()),
                Err(e) => refused(e),
            },
            Effect::AddKey(text) => self.add_key(&text),
            Effect::SaveSettings(mine) => self.save_settings(mine),
        }
    }

    /// An action in a game.
    fn game_call(&self, s: SessionId, game: GameId, call: GameCall) -> Done {
        let hub = &self.hub;
        let r = match call {
            GameCall::Resign => hub.resign(s, game).map(|()| ""),
            GameCall::OfferDraw => hub.offer_draw(s, game).map(|()| "draw offered"),
            GameCall::AnswerDraw(yes) => hub.answer_draw(s, game, yes).map(|()| ""),
            GameCall::AskTakeback => hub.ask_takeback(s, game).map(|()| "takeback asked"),
            GameCall::AnswerTakeback(yes) => hub.answer_takeback(s, game, yes).map(|()| ""),
            GameCall::Rematch => hub.rematch(s, game).map(|g| if g.is_some() { "" } else { "rematch asked" }),
            GameCall::Claim => hub.claim_absence(s, game).map(|()| ""),
            GameCall::Chat(text) => hub.chat(s, game, &text).map(|()| ""),
        };
        r.map_or_else(|e| Done::Refused(inert(&e.to_string())), |t| Done::Note(t.to_string()))
    }

    /// Connects to the hub as `account` (a guest without one).
    fn connect(&mut self, account: Option<Account>) -> Done {
        let notify = super::inbox::notifier(self.to.clone());
        let who = account.clone().map_or(Who::Guest, Who::Player);
        match self.hub.connect(who, notify) {
            Ok(s) => Done::Connected(s, account),
            Err(e) => Done::Refused(inert(&e.to_string())),
        }
    }

    /// Registers this connection's key under `name`.
    fn register(&mut self, name: &str) -> Done {
        let Identity::Key { fp, text } = &self.identity else { return Done::Refused("no key to register".into()) };
        match self.hub.register(name, fp, text) {
            Ok(account) => {
                eprintln!("serve: {} registered as {}", self.peer, account.name);
                self.connect(Some(account))
            }
            Err(e) => Done::Refused(inert(&e.to_string())),
        }
    }

    /// Adds the OpenSSH public key `text` to this account.
    fn add_key(&self, text: &str) -> Done {
        let Some(account) = &self.account else {
            return Done::Refused("guests have no account to add a key to".into());
        };
        let key = match russh::keys::PublicKey::from_openssh(text.trim()) {
            Ok(key) => key,
            Err(e) => return Done::Refused(format!("not an OpenSSH public key ({e}): paste one line of a .pub file")),
        };
        let fp = key.fingerprint(russh::keys::HashAlg::Sha256).to_string();
        let text = key.to_openssh().unwrap_or_default();
        match self.hub.add_key(account.id, &fp, &text) {
            Ok(()) => Done::Note(format!("key {fp} added: it signs in as {}", account.name)),
            Err(e) => Done::Refused(inert(&e.to_string())),
        }
    }

    /// Keeps this player's drawing settings (guests' last the session).
    fn save_settings(&self, mine: PlayerSettings) -> Done {
        let Some(account) = &self.account else {
            return Done::Note("kept for this session (guests have no account)".into());
        };
        match self.settings.set(&account.name, mine) {
            Ok(()) => Done::Note(format!("theme {}, pieces {}: kept for your next visits", mine.theme, mine.pieces)),
            Err(e) => {
                eprintln!("serve: error: {e:#}");
                Done::Refused(format!("cannot keep the settings: {e}"))
            }
        }
    }

    /// The state change for `msg`, and the hub calls it asks for.
    fn step(&mut self, msg: Msg) -> Vec<Effect> {
        match msg {
            Msg::Event(ev) => self.on_event(&ev),
            Msg::Hub(event) => self.on_hub(event),
            Msg::Done(done) => self.on_done(done),
        }
    }

    fn on_done(&mut self, done: Done) -> Vec<Effect> {
        match done {
            Done::Connected(s, account) => {
                self.session = Some(s);
                if let Some(a) = &account {
                    self.mine = self.settings.of(&a.name);
                    self.theme = self.mine.theme();
                }
                self.account = account;
                self.screen = Screen::Lobby;
                let mine = self.lobby_now().mine.first().map(|g| g.id);
                return match mine {
                    Some(game) => vec![Effect::Open(game)],
                    None => vec![Effect::Lobby],
                };
            }
            Done::Lobby(lobby) => self.lobby = lobby,
            Done::Opened(view) => self.screen = Screen::Game(Box::new(table::table(*view))),
            Done::Page(title, lines) => self.screen = Screen::Page { title, lines },
            Done::Note(text) => {
                if !text.is_empty() {
                    self.status = text;
                }
            }
            Done::Refused(why) => self.status = why,
        }
        Vec::new()
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

    fn on_event(&mut self, ev: &Event) -> Vec<Effect> {
        let Event::Key(key) = ev else { return Vec::new() };
        if key.kind != KeyEventKind::Press {
            return Vec::new();
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('c' | 'd') if ctrl => self.quit = true,
            KeyCode::Char(c) if !ctrl && self.input.chars().count() < MAX_INPUT_CHARS && !c.is_control() => {
                self.input.push(c);
            }
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Esc => return self.back(),
            KeyCode::Enter => {
                let line = std::mem::take(&mut self.input);
                return self.enter(line.trim());
            }
            _ => {}
        }
        Vec::new()
    }

    /// Esc: clears the line, else goes back (a game or page to the lobby,
    /// the name form to watching as a guest).
    fn back(&mut self) -> Vec<Effect> {
        if !self.input.is_empty() {
            self.input.clear();
            return Vec::new();
        }
        match &self.screen {
            Screen::Register => vec![Effect::Connect(None)],
            Screen::Game(t) => {
                let id = t.view.info.id;
                self.screen = Screen::Lobby;
                vec![Effect::Leave(id), Effect::Lobby]
            }
            Screen::Page { .. } => {
                self.screen = Screen::Lobby;
                vec![Effect::Lobby]
            }
            Screen::Lobby => Vec::new(),
        }
    }

    /// Enter on `line`.
    fn enter(&mut self, line: &str) -> Vec<Effect> {
        if line.is_empty() {
            return Vec::new();
        }
        self.status.clear();
        if matches!(self.screen, Screen::Register) {
            return vec![Effect::Register(line.to_string())];
        }
        let game = match &self.screen {
            Screen::Game(t) => Some((t.view.info.id, t.pending)),
            _ => None,
        };
        match parse::command(line, game.is_some()) {
            Ok(command) => self.command(command, game),
            Err(why) => {
                self.status = inert(&why);
                Vec::new()
            }
        }
    }

    /// What a command asks.
    fn command(&mut self, command: Command, game: Option<(GameId, Option<Pending>)>) -> Vec<Effect> {
        let in_game = |call| game.map(|(id, _)| Effect::Game(id, call)).into_iter().collect();
        match command {
            Command::Quit => {
                self.quit = true;
                Vec::new()
            }
            Command::Lobby => self.back(),
            Command::Effect(effect) => vec![effect],
            Command::Move(mv) => game.map(|(id, _)| Effect::Play(id, mv)).into_iter().collect(),
            Command::Answer(yes) => match game {
                Some((id, Some(Pending::Draw))) => vec![Effect::Game(id, GameCall::AnswerDraw(yes))],
                Some((id, Some(Pending::Takeback))) => vec![Effect::Game(id, GameCall::AnswerTakeback(yes))],
                _ => {
                    self.status = "there is no offer to answer".into();
                    Vec::new()
                }
            },
            Command::Game(call) => in_game(call),
            Command::ThisPgn => game.map(|(id, _)| Effect::Pgn(id)).into_iter().collect(),
            Command::Setting(setting) => {
                match setting {
                    Setting::Theme(t) => self.mine.theme = t,
                    Setting::Pieces(p) => self.mine.pieces = p,
                }
                self.theme = self.mine.theme();
                vec![Effect::SaveSettings(self.mine)]
            }
        }
    }

    /// The log's line for a game starting or ending, as this player sees it.
    fn log_game(&self, event: &HubEvent) {
        let me = self.account.as_ref().map_or("a guest", |a| a.name.as_str());
        match event {
            HubEvent::GameStarted { game } => {
                eprintln!(
                    "serve: game {} started for {me}: {} {} - {}",
                    game.id, game.kind, game.names[0], game.names[1]
                );
            }
            HubEvent::Ended { game, ending } => {
                eprintln!("serve: game {game} ended for {me}: {} ({})", ending.result, ending.why);
            }
            _ => {}
        }
    }

    /// A hub event: the lobby is read again, a game on screen follows it.
    fn on_hub(&mut self, event: HubEvent) -> Vec<Effect> {
        self.log_game(&event);
        if let HubEvent::GameStarted { game } = &event {
            self.status = format!("game {} started: {} - {}", game.id, inert(&game.names[0]), inert(&game.names[1]));
            return vec![Effect::Open(game.id)];
        }
        if let HubEvent::Challenged { id, from, .. } = &event {
            self.status = format!("{} challenges you: 'accept {id}' or 'decline {id}'", inert(from));
        }
        if let HubEvent::ChallengeDeclined { id, by } = &event {
            self.status = format!("{} declined challenge {id}", inert(by));
        }
        match &mut self.screen {
            Screen::Game(table) => table::follow(table, event, &mut self.status),
            Screen::Lobby => vec![Effect::Lobby],
            _ => Vec::new(),
        }
    }
}

/// The app as the event loop drives it: the client's events and the
/// hub's go through update; the lobby closes after its idle time.
impl crate::tui::Driven for App {
    type Message = HubEvent;

    fn draw(&self, frame: &mut Frame) {
        view::draw(frame, self);
    }

    fn should_quit(&self) -> bool {
        self.quit
    }

    fn wait(&self) -> Duration {
        super::session::FRAME
    }

    fn animating(&self) -> bool {
        self.clocks_running()
    }

    fn event(&mut self, ev: Event, _area: Rect) -> bool {
        if matches!(ev, Event::Resize(..)) {
            return false;
        }
        self.last_key = Instant::now();
        self.update(Msg::Event(ev));
        true
    }

    /// A change in the lobby seen from another screen is not drawn.
    fn message(&mut self, event: HubEvent) -> bool {
        if self.unmoved_by(&event) {
            return false;
        }
        self.update(Msg::Hub(event));
        true
    }

    fn tick(&mut self, now: Instant) -> bool {
        if self.in_lobby() && now.saturating_duration_since(self.last_key) >= self.idle {
            self.quit = true;
        }
        false
    }
}
