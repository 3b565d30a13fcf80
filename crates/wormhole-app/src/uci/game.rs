//! The session's game and position. `UCI_Variant` chooses the game; what
//! the session does with its position (play the moves of `position`, build
//! the searches of `go` and the counts of `go perft`) is written once for
//! every game, in [`Game`], and the session holds it as a `Box<dyn UciGame>`.

use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, anyhow};
use wormhole::engine::Limits;
use wormhole::rules::{GameMove, MoveSet};
use wormhole::{GameKind, ListedGame, Rules, Square, WithPosition};

use super::go;
use super::quoted;
use super::worker::{Control, PerftJob, SearchJob, Task};

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
}

/// The position of one game, with the positions the game went through
/// before it (so the search sees repetitions, in games that have them).
struct Game<P: ListedGame> {
    pos: P,
    history: Vec<u64>,
}

impl<P: ListedGame> UciGame for Game<P> {
    fn fen(&self) -> String {
        self.pos.fen()
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
        Ok(Box::new(Game { pos, history }))
    }
}

/// The legal move `text` names in `pos`, or why there is none, with a hint
/// when `text` is coordinates whose target a legal move of that piece only
/// passes through (in Linked-portal chess, `e2e4` from the start: the pawn
/// enters the portal on e4 and comes out on a5, "write e2a5 (e4>a5)").
pub fn parse_move<P: Rules>(pos: &P, text: &str) -> anyhow::Result<P::Move> {
    pos.parse_move(text).map_err(|e| match through_hint(pos, text) {
        Some(hint) => anyhow!("{e}; {hint}"),
        None => anyhow!(e),
    })
}

/// For coordinates `text` (origin, then target), the legal moves of the
/// piece on the origin that end elsewhere but name the target in SAN: they
/// pass through it. "write e2a5 (e4>a5)", or "write one of ...".
fn through_hint<P: Rules>(pos: &P, text: &str) -> Option<String> {
    let from: Square = text.get(0..2)?.parse().ok()?;
    let target: Square = text.get(2..4)?.parse().ok()?;
    let name = target.to_string();
    let through: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|&m| m.from() == from && m.to() != target)
        .map(|m| (m, pos.san(m)))
        .filter(|(_, san)| san.contains(&name))
        .map(|(m, san)| format!("{m} ({san})"))
        .collect();
    match through.as_slice() {
        [] => None,
        [one] => Some(format!("write {one}")),
        many => Some(format!("write one of {}", many.join(", "))),
    }
}
