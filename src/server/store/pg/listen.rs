//! A node's ear: a connection of its own that `LISTEN`s on the nodes'
//! channel, on a thread, handing every other node's [`Note`] on. A lost
//! connection is opened again (every [`crate::limits::NODE_LISTEN_RETRY_MS`])
//! and then [`Note::Resync`] is handed on, since notes may have been missed.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use postgres::{Client, NoTls};

use crate::limits::{NODE_LISTEN_POLL_MS, NODE_LISTEN_RETRY_MS};
use crate::server::store::{CHANNEL, Note, StoreError};

/// The notes other nodes send, as they arrive; stops its thread when dropped.
pub struct Listener {
    /// Every other node's note, in the order sent.
    pub notes: Receiver<Note>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take()
            && thread.thread().id() != std::thread::current().id()
        {
            let _ = thread.join();
        }
    }
}

/// Connects to `url` and listens for the notes of every node but `node`.
pub fn listen(url: &str, node: &str) -> Result<Listener, StoreError> {
    let client = connect(url)?;
    let (send, notes) = std::sync::mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let ear = Ear { url: url.to_string(), node: node.to_string(), stop: Arc::clone(&stop), send };
    let thread = std::thread::Builder::new()
        .name("node-listener".into())
        .spawn(move || ear.run(client))
        .map_err(|e| StoreError::Listen(e.to_string()))?;
    Ok(Listener { notes, stop, thread: Some(thread) })
}

fn connect(url: &str) -> Result<Client, StoreError> {
    let mut client = Client::connect(url, NoTls)?;
    client.batch_execute(&format!("LISTEN {CHANNEL}"))?;
    Ok(client)
}

/// The listening thread's state.
struct Ear {
    url: String,
    node: String,
    stop: Arc<AtomicBool>,
    send: Sender<Note>,
}

impl Ear {
    /// Hands notes on until stopped (or nobody receives them).
    fn run(self, mut client: Client) {
        let poll = Duration::from_millis(NODE_LISTEN_POLL_MS);
        while !self.stop.load(Ordering::SeqCst) {
            if !self.hand_on(&mut client, poll) {
                return;
            }
            if client.is_closed() {
                let Some(again) = self.reconnect() else { return };
                client = again;
                if self.send.send(Note::Resync).is_err() {
                    return;
                }
            }
        }
    }

    /// Hands on the notes that arrive within `poll`; false once nobody receives them.
    fn hand_on(&self, client: &mut Client, poll: Duration) -> bool {
        let mut notifications = client.notifications();
        let mut iter = notifications.timeout_iter(poll);
        while let Ok(Some(n)) = postgres::fallible_iterator::FallibleIterator::next(&mut iter) {
            let Some((from, note)) = Note::parse(n.payload()) else { continue };
            if from != self.node && self.send.send(note).is_err() {
                return false;
            }
        }
        true
    }

    /// A new listening connection, retried until it opens; `None` once stopped.
    fn reconnect(&self) -> Option<Client> {
        tracing::error!("serve: the connection listening to the other nodes was lost: opening it again");
        while !self.stop.load(Ordering::SeqCst) {
            match connect(&self.url) {
                Ok(client) => return Some(client),
                Err(e) => tracing::error!("serve: cannot listen to the other nodes yet: {e}"),
            }
            std::thread::sleep(Duration::from_millis(NODE_LISTEN_RETRY_MS));
        }
        None
    }
}
