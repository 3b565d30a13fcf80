//! `wormhole uci`: the UCI protocol as Fairy-Stockfish speaks it for
//! variants (`UCI_Variant` chooses the game: `classic` and `fairy`, the
//! piece sets of Wormhole chess, or `porthole`, whose porthole moves are
//! written in six characters, origin, entry and exit: `g1h1d4`).
//!
//! This thread only reads commands and keeps the position; the engine works
//! on its own thread ([`worker`]), so `isready`, `stop` and `quit` are
//! answered at once even while it searches, counts perft or resizes its
//! hash table. Input is read as bytes: a line that is not UTF-8, or a bad
//! command or move, is answered with `info string error: ...` and the
//! previous state is kept. Every `go` ends in exactly one `bestmove`; end of
//! input is `quit`.

mod game;
mod go;
mod input;
mod worker;

use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, anyhow, bail};
use wormhole::engine::{EngineOptions, Level};
use wormhole::excerpt::Excerpt;
use wormhole::{GAMES, GameKind};

use game::UciGame;
use input::Input;
use worker::{Control, Job, Task, Worker};

/// A `go ponder` waiting for `ponderhit`: the ponder search's control, and
/// the search to start once it comes with its control.
struct Pondering {
    control: Arc<Control>,
    then: (Box<dyn Task>, Arc<Control>),
}

/// The state of a UCI session.
struct Session {
    kind: GameKind,
    game: Box<dyn UciGame>,
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
    let mut session = Session::new();
    let mut stdin = std::io::stdin().lock();
    let mut number = 0u64;
    let result = loop {
        number += 1;
        match input::read_line(&mut stdin) {
            Ok(Input::Line(line)) => {
                if session.command(line.trim()) == Flow::Quit {
                    break Ok(());
                }
            }
            Ok(Input::End) => break Ok(()),
            Ok(skipped) => say(&format!("info string error: {}", skipped.problem(number).unwrap_or_default())),
            Err(e) => break Err(e).context("reading standard input"),
        }
    };
    session.quit();
    result
}

/// Prints one line and flushes, so GUIs see it at once. A GUI that has
/// gone away is not an error worth dying for: the end of input follows.
fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// `text` in quotes for a message, cut as the library quotes input in its
/// errors ([`Excerpt`]).
fn quoted(text: &str) -> String {
    format!("'{}'", Excerpt(text))
}

impl Session {
    fn new() -> Session {
        Session {
            kind: GameKind::Classic,
            game: start(GameKind::Classic),
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
                self.worker.send(Job::NewGame);
                self.game = start(self.kind);
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
            "d" => {
                say(&format!("info string fen {}", self.game.fen()));
                Ok(())
            }
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
                self.game = start(kind);
                return Ok(());
            }
            "ponder" => return Ok(()), // the GUI decides whether to send `go ponder`
            "multipv" => {
                self.multipv = number(1, MAX_MULTIPV)?;
                return Ok(());
            }
            "hash" => Job::Hash(number(*EngineOptions::HASH_MB.start(), *EngineOptions::HASH_MB.end())?),
            "threads" => Job::Threads(number(1, EngineOptions::MAX_THREADS)?),
            "level" | "skill level" => Job::Level(value.parse()?),
            _ => bail!("unknown option {}", quoted(name)),
        };
        // UCI forbids changing the engine while it searches; a GUI that does
        // it anyway gets the search's `bestmove` first.
        self.stop();
        self.worker.send(job);
        Ok(())
    }

    /// `position startpos|fen <FEN> [moves ...]`; on any error the previous position stays.
    fn position(&mut self, args: &[&str]) -> anyhow::Result<()> {
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
        self.game = game::position(self.kind, fen.as_deref(), moves)?;
        Ok(())
    }

    /// `go ...`: always starts a search (so the GUI gets a `bestmove`),
    /// after reporting anything in the command it had to leave out.
    fn go(&mut self, args: &[&str]) -> anyhow::Result<()> {
        if args.first() == Some(&"perft") {
            return self.perft(args);
        }
        let (now, later) = (Arc::new(Control::default()), Arc::new(Control::default()));
        let tasks = self.game.go(args, self.multipv, Arc::clone(&now), Arc::clone(&later));
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
        self.worker.send(Job::Task(task));
        self.latest = Some(control);
    }

    /// `go perft <depth>`: counts on the engine thread; `stop` ends it.
    fn perft(&mut self, args: &[&str]) -> anyhow::Result<()> {
        let depth: u32 =
            args.get(1).and_then(|d| d.parse().ok()).ok_or_else(|| anyhow!("expected 'go perft <depth>'"))?;
        self.stop();
        let control = Arc::new(Control::default());
        self.start_task(self.game.perft(depth.max(1), Arc::clone(&control)), control);
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
