//! What reaches one connection's app thread, shared by the thread
//! ([`super::session`]) and the screens it runs ([`super::screens`]): who
//! the client is, the [`Input`]s on its channel, and the hub's
//! [`notifier`](notifier) that puts the hub's events on that channel.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

use crossterm::event::Event;

use super::hub::{HubEvent, Notifier};

/// Who a connection is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Identity {
    /// A client that proved it holds this key (OpenSSH `SHA256:` fingerprint, public key text).
    Key { fp: String, text: String },
    /// A client without a key: it may watch.
    Guest,
}

impl Identity {
    /// The key's fingerprint, for a client with a key.
    pub fn key_fp(&self) -> Option<&str> {
        match self {
            Identity::Key { fp, .. } => Some(fp),
            Identity::Guest => None,
        }
    }
}

/// What reaches a session's app thread.
#[derive(Debug)]
pub enum Input {
    /// A key or mouse event from the client, and when its bytes were read.
    Event(Event, std::time::Instant),
    /// The client's window is now this size (columns, rows).
    Resize(u16, u16),
    /// Something happened on the hub.
    Hub(HubEvent),
    /// The connection is gone.
    Closed,
}

/// The notifier the hub tells this session's events through (a `Sender`
/// is shared between threads as it is: no lock). A change in the lobby is
/// told once until the session reads the lobby again (it clears
/// `lobby_told` then): a crowd connecting changes the lobby hundreds of
/// times a second, and waking every session for each, in the lobby or
/// not, cost more than all the rest (measured: 1,000 sessions took 82 s to
/// connect, the server's time mostly in switching threads).
pub fn notifier(to: Sender<Input>, lobby_told: Arc<AtomicBool>) -> Notifier {
    Box::new(move |event| {
        if matches!(event, HubEvent::LobbyChanged) && lobby_told.swap(true, Ordering::AcqRel) {
            return;
        }
        let _ = to.send(Input::Hub(event));
    })
}
