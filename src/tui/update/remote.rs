//! How a server's game changes the session (see [`crate::tui::remote`]):
//! the server's events, the player's moves and commands sent as effects,
//! and what a game on the server does not offer.

use wormhole::{AnyMove, Rules};

use crate::tui::action::UserAction;
use crate::tui::commands::Cmd;
use crate::tui::effects::Effect;
use crate::tui::modes::Then;
use crate::tui::remote::{CHAT_LINES, OpponentOffer, Presence, Remote, RemoteCall, RemoteEvent, ServerClocks};
use crate::tui::state::{Activity, Core, Mode};

/// What a game on the server does not do, and why.
const NOT_ON_THE_SERVER: &str =
    "that is the local app's: the server keeps its games (:pgn shows this one's; F1 lists what works here)";

/// The keys' actions a game on the server does not offer.
pub const SERVER_REFUSED: &[UserAction] = &[
    UserAction::Undo,
    UserAction::Redo,
    UserAction::Hint,
    UserAction::MoveNow,
    UserAction::Save,
    UserAction::OpenList,
    UserAction::NewGame,
    UserAction::Analyze,
    UserAction::Prefill(":load "),
];

/// The commands a game on the server does not offer.
pub const SERVER_REFUSED_COMMANDS: &[Cmd] = &[
    Cmd::New,
    Cmd::Undo,
    Cmd::Redo,
    Cmd::Hint,
    Cmd::Go,
    Cmd::Load,
    Cmd::Save,
    Cmd::Analyze,
    Cmd::Level,
    Cmd::Autoflip,
    Cmd::Quit,
];

/// A server's game's own updates, each given the shared [`Core`].
impl Remote {
    /// A message from the server about the game on screen, but a move.
    fn on_event(&mut self, core: &mut Core, event: RemoteEvent) {
        let remote = self;
        match event {
            // Played by Activity::remote_event: the game and its mode follow it.
            RemoteEvent::Moved { .. } => {}
            RemoteEvent::Ended(text) => {
                remote.ending = Some(text.clone());
                remote.offer = None;
                remote.presence = None;
                core.game.stop_clock(core.now);
                core.view.info(format!("game over: {text}"));
            }
            RemoteEvent::Offered(offer) => {
                remote.offer = Some(offer);
                core.view.info(match offer {
                    OpponentOffer::Draw => "your opponent offers a draw: :yes or :no",
                    OpponentOffer::Takeback => "your opponent asks to take back their move: :yes or :no",
                    OpponentOffer::Rematch => "your opponent asks for a rematch: :yes or :no",
                });
            }
            RemoteEvent::Chat(line) => {
                remote.chat.push(line.clone());
                if remote.chat.len() > CHAT_LINES {
                    remote.chat.remove(0);
                }
                core.view.info(line);
            }
            RemoteEvent::Note(text) => core.view.info(text),
            RemoteEvent::OpponentGone { ago, absence } => {
                let gone_since = core.now.checked_sub(ago).unwrap_or(core.now);
                let turn_since = remote.presence.map_or(core.now, |p| p.turn_since);
                remote.presence = Some(Presence { gone_since, turn_since, absence });
                if ago.is_zero() {
                    core.view.info("your opponent's connection dropped: see the panel for the claim");
                }
            }
            RemoteEvent::OpponentBack => {
                remote.presence = None;
                core.view.info("your opponent is back");
            }
            RemoteEvent::Refused(why) => core.view.error(why),
        }
    }

    /// The player's move goes to the server; it is played once stored
    /// (whose turn it is, the server says).
    pub(super) fn send_move(&self, core: &mut Core, m: AnyMove) {
        if let Some(ending) = self.ending.clone() {
            return core.view.error(format!("the game is over: {ending}"));
        }
        core.view.input.clear();
        core.out.push(Effect::Remote(RemoteCall::Play(m.to_string())));
    }

    /// A `:` command in a server's game; whether it was handled here.
    pub(super) fn command(&mut self, core: &mut Core, cmd: Cmd, rest: &str) -> bool {
        let remote = self;
        let call = match cmd {
            Cmd::Say if rest.is_empty() => {
                core.view.error("say what? :say TEXT");
                return true;
            }
            Cmd::Say => RemoteCall::Chat(rest.to_string()),
            Cmd::Draw => RemoteCall::OfferDraw,
            Cmd::Takeback => RemoteCall::AskTakeback,
            Cmd::Rematch => RemoteCall::Rematch,
            Cmd::Claim => RemoteCall::Claim,
            Cmd::Abort => RemoteCall::Abort,
            Cmd::Yes | Cmd::No => match remote.offer.take() {
                Some(OpponentOffer::Draw) => RemoteCall::AnswerDraw(cmd == Cmd::Yes),
                Some(OpponentOffer::Takeback) => RemoteCall::AnswerTakeback(cmd == Cmd::Yes),
                Some(OpponentOffer::Rematch) if cmd == Cmd::Yes => RemoteCall::Rematch,
                Some(OpponentOffer::Rematch) => RemoteCall::DeclineRematch,
                None => {
                    core.view.error("there is no offer to answer");
                    return true;
                }
            },
            Cmd::Open if !rest.is_empty() => {
                core.view.error("files are not opened on the server: :pgn shows this game's PGN");
                return true;
            }
            Cmd::Open => RemoteCall::Pgn,
            Cmd::Lobby => {
                core.end();
                return true;
            }
            Cmd::Quit => {
                core.end();
                return true;
            }
            c if SERVER_REFUSED_COMMANDS.contains(&c) => {
                core.view.error(NOT_ON_THE_SERVER);
                return true;
            }
            _ => return false,
        };
        core.out.push(Effect::Remote(call));
        true
    }
}

/// A server's game's updates that play its moves: the game and the mode
/// follow them, as after the player's own.
impl Activity {
    /// A message from the server about the game on screen.
    pub(in crate::tui) fn remote_event(&mut self, core: &mut Core, event: RemoteEvent) -> Then {
        if let RemoteEvent::Moved { ply, mv, clocks } = event {
            return self.remote_moved(core, ply, &mv, clocks);
        }
        if let Activity::Remote(remote) = self {
            remote.on_event(core, event);
        }
        Then::Stays
    }

    /// A move the server stored: played here, with the server's clocks.
    /// One out of step (a takeback crossed it) reads the game again.
    fn remote_moved(&mut self, core: &mut Core, ply: usize, text: &str, clocks: Option<ServerClocks>) -> Then {
        let played = ply == core.game.line().len()
            && core.game.line().position().parse_move(text).is_ok_and(|m| core.game.play(m, core.now).is_ok());
        if !played {
            core.out.push(Effect::Remote(RemoteCall::Reload));
            return Then::Stays;
        }
        if let Some(remote) = self.remote_mut() {
            remote.offer = None;
            if let Some(p) = remote.presence.as_mut() {
                p.turn_since = core.now;
            }
        }
        let then = core.after_change(self);
        core.game.set_clocks(clocks.map(|c| c.shown(core.now)));
        then
    }

    /// Esc with nothing to clear in a server's game, on the game's screen
    /// (`mode`): back to the lobby.
    pub(super) fn remote_leaves(&self, core: &Core, mode: &Mode, action: UserAction) -> bool {
        self.remote().is_some()
            && action == UserAction::Escape
            && matches!(mode, Mode::Play | Mode::GameOver)
            && core.view.input.text().is_empty()
            && core.view.selected.is_none()
            && core.view.cursor.is_none()
    }
}

impl Activity {
    /// Why the board's activity refuses `action`, if it does: a game on
    /// the server does not do what is the local app's.
    pub(in crate::tui) fn refusal(&self, action: UserAction) -> Option<&'static str> {
        (self.remote().is_some() && SERVER_REFUSED.contains(&action)).then_some(NOT_ON_THE_SERVER)
    }
}
