//! `wormhole uci`: the UCI protocol as Fairy-Stockfish speaks it for
//! variants (`UCI_Variant` chooses the game: every game of the library's
//! list, `GAMES`, by its name). Moves are each game's coordinates, which
//! may be longer than four characters (a Porthole chess move through a
//! porthole names origin, entry and exit: `g1h1d4`).
//!
//! This thread only reads commands and keeps the position; the engine works
//! on its own thread ([`worker`]), so `isready`, `stop` and `quit` are
//! answered at once even while it searches, counts perft or resizes its
//! hash table. Input is read as bytes: a line that is not UTF-8, or a bad
//! command or move, is answered with `info string error: ...`; a refused
//! `position` leaves no position, and `go` then answers `bestmove (none)`. Every `go` ends in exactly one `bestmove`; end of
//! input is `quit`.

mod game;
mod go;
mod input;
mod move_text;
mod worker;

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use anyhow::{Context, anyhow, bail};
use wormhole::engine::{EngineOptions, Level};
use wormhole::excerpt::Excerpt;
use wormhole::{GAMES, GameKind};

use crate::printable::printable;
use game::UciGame;
use input::GuiInput;
use worker::{Control, NoPosition, Task, UciJob, Worker};

/// A `go ponder` waiting for `ponderhit`: the ponder search's control, and
/// the search to start once it comes with its control.
struct Pondering {
    control: Arc<Control>,
    then: (Box<dyn Task>, Arc<Control>),
}

/// The state of a UCI session.
struct UciSession {
    kind: GameKind,
    /// The position to search, or why the last `position` was refused: a
    /// `go` then answers `bestmove (none)` until a valid position comes.
    game: Result<Box<dyn UciGame>, String>,
    worker: Worker,
    /// The latest search or perft: every earlier one has been stopped.
    latest: Option<Arc<Control>>,
    pondering: Option<Pondering>,
    /// How many best lines each search reports (option `MultiPV`).
    multipv: usize,
}

/// What to do after a command.
#[derive(Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// Runs the UCI loop on stdin/stdout until `quit` or end of input.
pub fn run() -> anyhow::Result<()> {
    let mut session = UciSession::new();
    let mut stdin = std::io::stdin().lock();
    let mut number = 0u64;
    let result = loop {
        number += 1;
        match input::read_line(&mut stdin) {
            Ok(GuiInput::Line(line)) => {
                // A GUI that no longer reads gets no more work done for it.
                if session.command(line.trim()) == Flow::Quit || output_gone() {
                    break Ok(());
                }
            }
            Ok(GuiInput::End) => break Ok(()),
            Ok(skipped) => {
                let problem = skipped.problem(number).unwrap_or_default();
                if matches!(&skipped, GuiInput::TooLong { command, .. } if command == "position") {
                    // As after any refused position: nothing to search.
                    session.game = Err(format!("the last 'position' was refused ({problem})"));
                }
                say(&format!("info string error: {problem}"));
            }
            Err(e) => break Err(e).context("reading standard input"),
        }
    };
    session.quit();
    result
}

/// Set once a line could not be written: the GUI has gone, so searches
/// stop and the session ends at its next command or end of input.
static OUTPUT_GONE: AtomicBool = AtomicBool::new(false);

/// Prints one line and flushes, so GUIs see it at once. A GUI that has
/// gone away is not an error worth dying for: it is noted ([`output_gone`]).
fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{}", printable(line)).and_then(|()| out.flush()).is_err() {
        OUTPUT_GONE.store(true, Ordering::SeqCst);
    }
}

/// Whether standard output has failed (the GUI closed it).
fn output_gone() -> bool {
    OUTPUT_GONE.load(Ordering::SeqCst)
}

/// `text` in quotes for a message, cut as the library quotes input in its
/// errors ([`Excerpt`]).
fn quoted(text: &str) -> String {
    format!("'{}'", Excerpt(text))
}

impl UciSession {
    fn new() -> UciSession {
        UciSession {
            kind: GameKind::default(),
            game: Ok(start(GameKind::default())),
            worker: Worker::start(EngineOptions::default()),
            latest: None,
            pondering: None,
            multipv: 1,
        }
    }

    /// Carries out one command line; errors are reported to the GUI.
    fn command(&mut self, line: &str) -> Flow {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else { return Flow::Continue };
        let rest: Vec<&str> = words.collect();
        let result = match cmd {
            "quit" => return Flow::Quit,
            "uci" => {
                handshake();
                Ok(())
            }
            "isready" => {
                say("readyok");
                Ok(())
            }
            "ucinewgame" => {
                self.stop();
                self.worker.send(UciJob::NewGame);
                self.game = Ok(start(self.kind));
                Ok(())
            }
            "setoption" => self.set_option(&rest),
            "position" => self.position(&rest),
            "go" => self.go(&rest),
            "stop" => {
                self.stop();
                Ok(())
            }
            "ponderhit" => self.ponderhit(),
            "d" => self.game().map(|game| say(&format!("info string fen {}", game.fen()))),
            _ => Err(anyhow!("unknown command {}", quoted(cmd))),
        };
        if let Err(e) = result {
            say(&format!("info string error: {e:#}"));
        }
        Flow::Continue
    }

    /// Stops the latest search or perft; a search gives its `bestmove`.
    fn stop(&mut self) {
        if let Some(control) = self.latest.take() {
            control.stop();
        }
        self.pondering = None;
    }

    /// Ends the session: searches stop and give their `bestmove`, the engine thread ends.
    fn quit(mut self) {
        self.stop();
        self.worker.finish();
    }

    fn set_option(&mut self, args: &[&str]) -> anyhow::Result<()> {
        let text = args.join(" ");
        let body = text.strip_prefix("name ").ok_or_else(|| anyhow!("expected 'setoption name <id> [value <x>]'"))?;
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body.trim(), ""),
        };
        let number = |min: usize, max: usize| -> anyhow::Result<usize> {
            let n: usize =
                value.parse().map_err(|_| anyhow!("option '{name}' needs a number, got {}", quoted(value)))?;
            if !(min..=max).contains(&n) {
                bail!("option '{name}' must be from {min} to {max}, got {n}");
            }
            Ok(n)
        };
        let job = match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let kind: GameKind = value.parse()?;
                self.kind = kind;
                self.game = Ok(start(kind));
                return Ok(());
            }
            // The GUI decides whether to send `go ponder`; the value is only checked.
            "ponder" => match value {
                "true" | "false" => return Ok(()),
                _ => bail!("option 'Ponder' is true or false, got {}", quoted(value)),
            },
            "multipv" => {
                self.multipv = number(1, MAX_MULTIPV)?;
                return Ok(());
            }
            "hash" => UciJob::Hash(number(*EngineOptions::HASH_MB.start(), *EngineOptions::HASH_MB.end())?),
            "threads" => UciJob::Threads(number(1, EngineOptions::MAX_THREADS)?),
            "level" | "skill level" => UciJob::Level(value.parse()?),
            // UCI's way to send an empty string.
            // The weights are the game's chosen so far (UCI_Variant first).
            "settings" => UciJob::Settings(start(self.kind).settings(value.trim_start_matches("<empty>"))?),
            _ => bail!("unknown option {}", quoted(name)),
        };
        // UCI forbids changing the engine while it searches; a GUI that does
        // it anyway gets the search's `bestmove` first.
        self.stop();
        self.worker.send(job);
        Ok(())
    }

    /// The position to search, or why there is none.
    fn game(&self) -> anyhow::Result<&dyn UciGame> {
        self.game.as_deref().map_err(|why| anyhow!("no position: {why}"))
    }

    /// `position startpos|fen <FEN> [moves ...]`. A refused one leaves no
    /// position to search (not the previous one: the GUI did not send it).
    fn position(&mut self, args: &[&str]) -> anyhow::Result<()> {
        match Self::parse_position(self.kind, args) {
            Ok(game) => {
                self.game = Ok(game);
                Ok(())
            }
            Err(e) => {
                self.game = Err(format!("the last 'position' was refused ({e:#})"));
                Err(e)
            }
        }
    }

    fn parse_position(kind: GameKind, args: &[&str]) -> anyhow::Result<Box<dyn UciGame>> {
        let moves_at = args.iter().position(|&w| w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &args[args.len()..]),
        };
        let fen = match setup.first() {
            Some(&"startpos") if setup.len() == 1 => None,
            Some(&"fen") if setup.len() > 1 => Some(setup[1..].join(" ")),
            _ => bail!("expected 'position startpos' or 'position fen <FEN>', then optionally 'moves ...'"),
        };
        game::position(kind, fen.as_deref(), moves)
    }

    /// `go ...`: always starts a search (so the GUI gets a `bestmove`),
    /// after reporting anything in the command it had to leave out. With
    /// no position (the last was refused): says why, then `bestmove (none)`.
    fn go(&mut self, args: &[&str]) -> anyhow::Result<()> {
        if args.first() == Some(&"perft") {
            return self.perft(args);
        }
        let (now, later) = (Arc::new(Control::default()), Arc::new(Control::default()));
        let tasks = match self.game() {
            Ok(game) => game.go(args, self.multipv, Arc::clone(&now), Arc::clone(&later)),
            Err(e) => {
                // Queued, so that it comes after any earlier search's `bestmove`.
                self.stop();
                self.start_task(Box::new(NoPosition { why: format!("{e:#}") }), now);
                return Ok(());
            }
        };
        for e in tasks.errors {
            say(&format!("info string error: {e}"));
        }
        self.stop();
        self.start_task(tasks.now, Arc::clone(&now));
        if let Some(then) = tasks.after_ponderhit {
            self.pondering = Some(Pondering { control: now, then: (then, later) });
        }
        Ok(())
    }

    /// `ponderhit`: the opponent played the move pondered on; the ponder
    /// search gives way to a search with the real limits, its time counted from now.
    fn ponderhit(&mut self) -> anyhow::Result<()> {
        let p = self.pondering.take().ok_or_else(|| anyhow!("'ponderhit' without a 'go ponder' in progress"))?;
        p.control.supersede();
        let (mut then, control) = p.then;
        then.restart_clock(Instant::now());
        self.start_task(then, control);
        Ok(())
    }

    /// Queues a search or perft and makes it the latest.
    fn start_task(&mut self, task: Box<dyn Task>, control: Arc<Control>) {
        self.worker.send(UciJob::Task(task));
        self.latest = Some(control);
    }

    /// `go perft <depth>`: counts on the engine thread; `stop` ends it.
    fn perft(&mut self, args: &[&str]) -> anyhow::Result<()> {
        let depth: u32 =
            args.get(1).and_then(|d| d.parse().ok()).ok_or_else(|| anyhow!("expected 'go perft <depth>'"))?;
        let control = Arc::new(Control::default());
        let task = self.game()?.perft(depth.max(1), Arc::clone(&control));
        self.stop();
        self.start_task(task, control);
        Ok(())
    }
}

/// The start position of `kind`.
fn start(kind: GameKind) -> Box<dyn UciGame> {
    match game::position(kind, None, &[]) {
        Ok(game) => game,
        Err(e) => unreachable!("every start position is valid: {e:#}"),
    }
}

/// The most lines option `MultiPV` asks for.
const MAX_MULTIPV: usize = 256;

/// The answer to `uci`: who we are and the options we take.
fn handshake() {
    say(concat!("id name Wormhole ", env!("CARGO_PKG_VERSION")));
    say("id author the Wormhole team");
    let vars: Vec<String> = GAMES.iter().map(|g| format!("var {}", g.name)).collect();
    say(&format!("option name UCI_Variant type combo default {} {}", GameKind::default(), vars.join(" ")));
    let hash = EngineOptions::HASH_MB;
    say(&format!(
        "option name Hash type spin default {} min {} max {}",
        EngineOptions::DEFAULT_HASH_MB,
        hash.start(),
        hash.end()
    ));
    say(&format!("option name Threads type spin default 1 min 1 max {}", EngineOptions::MAX_THREADS));
    let names: String = Level::all().map(|l| format!(" var {l}")).collect();
    say(&format!("option name Level type combo default {}{names}", Level::MAX));
    say(&format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"));
    say("option name Ponder type check default false");
    say("option name Settings type string default <empty>");
    say("uciok");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_cut_to_80_characters() {
        assert_eq!(quoted("e2e4"), "'e2e4'");
        assert_eq!(quoted(&"é".repeat(80)), format!("'{}'", "é".repeat(80)));
        assert_eq!(quoted(&"é".repeat(100)), format!("'{}...'", "é".repeat(77)));
    }
}
