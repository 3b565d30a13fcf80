//! The session's game and position. `UCI_Variant` chooses the game; what
//! the session does with its position (play the moves of `position`, build
//! the searches of `go` and the counts of `go perft`) is written once for
//! every game, in [`PlayedGame`], and the session holds it as a `Box<dyn UciGame>`.

use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use wormhole::engine::Limits;
use wormhole::{GameKind, ListedGame, WithPosition};

use super::go;
use super::move_text::parse_move;
use super::quoted;
use super::worker::{Control, EngineSettings, PerftJob, SearchJob, Task};
use crate::search_settings;

/// The searches a `go` command asks for.
pub struct GoTasks {
    /// The search to start now (for `go ponder`: an infinite search).
    pub now: Box<dyn Task>,
    /// For `go ponder`: the search with the real limits, to start at `ponderhit`.
    pub after_ponderhit: Option<Box<dyn Task>>,
    /// What the command held that was wrong, and left out.
    pub errors: Vec<String>,
}

/// A position of the session's game, whichever it is.
pub trait UciGame: Send {
    /// The position as a FEN of its game (for the `d` command).
    fn fen(&self) -> String;
    /// The searches `go <args>` asks for, reporting `multipv` lines; each
    /// stops when its control says.
    fn go(&self, args: &[&str], multipv: usize, now: Arc<Control>, later: Arc<Control>) -> GoTasks;
    /// `go perft <depth>`.
    fn perft(&self, depth: u32, control: Arc<Control>) -> Box<dyn Task>;
    /// The engine's settings that the text of the `Settings` option names
    /// (the search's and this game's weights, as `wormhole match` takes them).
    fn settings(&self, text: &str) -> anyhow::Result<EngineSettings>;
}

/// The position of one game, with the positions the game went through
/// before it (so the search sees repetitions, in games that have them).
struct PlayedGame<P: ListedGame> {
    pos: P,
    history: Vec<u64>,
}

impl<P: ListedGame> UciGame for PlayedGame<P> {
    fn fen(&self) -> String {
        self.pos.fen()
    }

    fn settings(&self, text: &str) -> anyhow::Result<EngineSettings> {
        let mut params = self.pos.default_params();
        let features = search_settings::parse(text, self.pos.kind().role_names(), &mut params)?;
        let weights = (params != self.pos.default_params()).then_some(params);
        Ok(EngineSettings { features, weights: Arc::new(move |engine| engine.set_eval_params(weights.clone())) })
    }

    fn go(&self, args: &[&str], multipv: usize, now: Arc<Control>, later: Arc<Control>) -> GoTasks {
        let (go, errors) = go::parse(args, &self.pos);
        let asked = Instant::now();
        let limits = Limits { history: self.history.clone(), multipv, ..go.limits };
        let search = |limits, control| -> Box<dyn Task> {
            Box::new(SearchJob { pos: self.pos.clone(), limits, control, asked })
        };
        if !go.ponder {
            return GoTasks { now: search(limits, now), after_ponderhit: None, errors };
        }
        GoTasks { now: search(limits.pondering(), now), after_ponderhit: Some(search(limits, later)), errors }
    }

    fn perft(&self, depth: u32, control: Arc<Control>) -> Box<dyn Task> {
        Box::new(PerftJob { pos: self.pos.clone(), depth, control })
    }
}

/// The position `fen` (the start when `None`) of `kind`, after `moves`.
/// The FEN may choose another kind played by the same rules (in Wormhole
/// chess, the other piece set).
pub fn position(kind: GameKind, fen: Option<&str>, moves: &[&str]) -> anyhow::Result<Box<dyn UciGame>> {
    let kind = match fen.and_then(GameKind::detect_fen) {
        Some(detected) if detected.same_rules(kind) => detected,
        _ => kind,
    };
    let fen_text = fen.unwrap_or_default();
    kind.with_position(fen, PlayMoves { moves }).with_context(|| format!("bad FEN {}", quoted(fen_text)))?
}

/// Plays the moves of a `position` command.
struct PlayMoves<'a> {
    moves: &'a [&'a str],
}

impl WithPosition for PlayMoves<'_> {
    type Output = anyhow::Result<Box<dyn UciGame>>;

    fn run<P: ListedGame>(self, mut pos: P) -> Self::Output {
        let mut history = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let m =
                parse_move(&pos, text).with_context(|| format!("move {} {} in {}", i + 1, quoted(text), pos.fen()))?;
            history.push(pos.hash());
            pos.play_unchecked(m);
        }
        Ok(Box::new(PlayedGame { pos, history }))
    }
}
