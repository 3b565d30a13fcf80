//! `wormhole uci`: the UCI protocol as Fairy-Stockfish speaks it for
//! variants (`UCI_Variant` chooses the piece set).
//!
//! The search runs on its own thread so `stop`, `isready` and `quit` are
//! answered while it thinks. A bad command or move is answered with
//! `info string error: ...` and the previous state is kept.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use wormhole::engine::{Clock, Engine, EngineOptions, Info, Level, Limits};
use wormhole::{Color, Position, Variant, perft};

/// A search in progress: its stop flag and the thread that gives the engine back.
struct Running {
    stop: Arc<AtomicBool>,
    infinite: bool,
    handle: JoinHandle<Engine>,
}

/// The state of a UCI session.
struct Session {
    variant: Variant,
    pos: Position,
    engine: Option<Engine>,
    running: Option<Running>,
    options: EngineOptions,
}

/// Runs the UCI loop on stdin/stdout until `quit` or end of input.
pub fn run() -> anyhow::Result<()> {
    let options = EngineOptions::default();
    let mut session = Session {
        variant: Variant::Classic,
        pos: Position::new(Variant::Classic),
        engine: Some(Engine::new(options.clone())),
        running: None,
        options,
    };
    let stdin = std::io::stdin();
    let mut eof = true;
    for line in stdin.lock().lines() {
        let line = line.context("reading standard input")?;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if line == "quit" {
            eof = false;
            break;
        }
        if let Err(e) = session.command(line) {
            say(&format!("info string error: {e:#}"));
        }
    }
    session.finish_search_at_end_of_input(eof);
    Ok(())
}

/// Prints one line and flushes, so GUIs see it at once.
fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

impl Session {
    fn command(&mut self, line: &str) -> anyhow::Result<()> {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else { return Ok(()) };
        let rest: Vec<&str> = words.collect();
        match cmd {
            "uci" => {
                say(concat!("id name Wormhole ", env!("CARGO_PKG_VERSION")));
                say("id author the Wormhole team");
                say("option name UCI_Variant type combo default classic var classic var fairy");
                let (hash, level) = (EngineOptions::HASH_MB, (Level::MIN.number(), Level::MAX.number()));
                say(&format!(
                    "option name Hash type spin default {} min {} max {}",
                    EngineOptions::DEFAULT_HASH_MB,
                    hash.start(),
                    hash.end()
                ));
                say(&format!("option name Threads type spin default 1 min 1 max {}", EngineOptions::MAX_THREADS));
                say(&format!("option name Level type spin default {} min {} max {}", level.1, level.0, level.1));
                say("uciok");
            }
            "isready" => say("readyok"),
            "ucinewgame" => {
                self.finish_search();
                self.engine_mut()?.new_game();
                self.pos = Position::new(self.variant);
            }
            "setoption" => self.set_option(&rest)?,
            "position" => self.position(&rest)?,
            "go" => self.go(&rest)?,
            "stop" => self.finish_search(),
            "d" => say(&format!("info string fen {}", self.pos.fen())),
            _ => bail!("unknown command '{cmd}'"),
        }
        Ok(())
    }

    /// The engine, once any search has finished.
    fn engine_mut(&mut self) -> anyhow::Result<&mut Engine> {
        self.finish_search();
        self.engine.as_mut().ok_or_else(|| anyhow!("the engine is busy"))
    }

    /// After `quit` the search stops at once; at the end of piped input a
    /// finite search is allowed to finish and print its move.
    fn finish_search_at_end_of_input(&mut self, eof: bool) {
        if let Some(r) = &self.running
            && (!eof || r.infinite)
        {
            r.stop.store(true, Ordering::Relaxed);
        }
        if let Some(r) = self.running.take() {
            let _ = r.handle.join();
        }
    }

    /// Stops a running search, waits for its `bestmove` and takes the engine back.
    /// Commands that change the engine do this too: UCI forbids them while
    /// searching, so it only guards against GUIs that send them anyway.
    fn finish_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
            match r.handle.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => {
                    say("info string error: the search thread failed; starting a fresh engine");
                    self.engine = Some(Engine::new(self.options.clone()));
                }
            }
        }
    }

    fn set_option(&mut self, args: &[&str]) -> anyhow::Result<()> {
        let text = args.join(" ");
        let body = text.strip_prefix("name ").ok_or_else(|| anyhow!("expected 'setoption name <id> [value <x>]'"))?;
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body.trim(), ""),
        };
        let number = |min: usize, max: usize| -> anyhow::Result<usize> {
            let n: usize = value.parse().map_err(|_| anyhow!("option '{name}' needs a number, got '{value}'"))?;
            if !(min..=max).contains(&n) {
                bail!("option '{name}' must be from {min} to {max}, got {n}");
            }
            Ok(n)
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let variant: Variant = value.parse()?;
                self.variant = variant;
                self.pos = Position::new(variant);
            }
            "hash" => {
                let mb = number(*EngineOptions::HASH_MB.start(), *EngineOptions::HASH_MB.end())?;
                self.options.hash_mb = mb;
                self.engine_mut()?.set_hash_mb(mb);
            }
            "threads" => {
                let n = number(1, EngineOptions::MAX_THREADS)?;
                self.options.threads = n;
                self.engine_mut()?.set_threads(n);
            }
            "level" | "skill level" => {
                let level: Level = value.parse()?;
                self.options.level = level;
                self.engine_mut()?.set_level(level);
            }
            _ => bail!("unknown option '{name}'"),
        }
        Ok(())
    }

    /// `position startpos|fen <FEN> [moves ...]`; on any error the previous position stays.
    fn position(&mut self, args: &[&str]) -> anyhow::Result<()> {
        let moves_at = args.iter().position(|&w| w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &args[args.len()..]),
        };
        let mut pos = match setup.first() {
            Some(&"startpos") if setup.len() == 1 => Position::new(self.variant),
            Some(&"fen") if setup.len() > 1 => {
                let fen = setup[1..].join(" ");
                Position::from_fen_auto(&fen, self.variant).with_context(|| format!("bad FEN '{fen}'"))?
            }
            _ => bail!("expected 'position startpos' or 'position fen <FEN>', then optionally 'moves ...'"),
        };
        for (i, text) in moves.iter().enumerate() {
            let m = pos.parse_move(text).with_context(|| format!("move {} '{text}' in {}", i + 1, pos.fen()))?;
            pos.play_unchecked(m);
        }
        self.pos = pos;
        Ok(())
    }

    fn go(&mut self, args: &[&str]) -> anyhow::Result<()> {
        if args.first() == Some(&"perft") {
            let depth: u32 =
                args.get(1).and_then(|d| d.parse().ok()).ok_or_else(|| anyhow!("expected 'go perft <depth>'"))?;
            let mut pos = self.pos.clone();
            let mut total = 0;
            for (m, n) in perft::divide(&mut pos, depth.max(1)) {
                say(&format!("{m}: {n}"));
                total += n;
            }
            say("");
            say(&format!("Nodes searched: {total}"));
            return Ok(());
        }
        let limits = parse_go(args, self.pos.turn())?;
        self.finish_search();
        let mut engine = self.engine.take().ok_or_else(|| anyhow!("the engine is busy"))?;
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let pos = self.pos.clone();
        let infinite = limits.infinite;
        let handle = std::thread::spawn(move || {
            let mut last_nodes = None;
            let result = engine.search(&pos, &limits, &flag, &mut |info| {
                last_nodes = Some(info.nodes);
                say(&info_line(info));
            });
            // UCI: after `go infinite` the best move is sent only after `stop`.
            while infinite && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            // A search stopped mid-iteration has figures not yet reported.
            if last_nodes != Some(result.info.nodes) && result.best_move.is_some() {
                say(&info_line(&result.info));
            }
            match result.best_move {
                Some(m) => say(&format!("bestmove {m}")),
                None => say("bestmove (none)"),
            }
            engine
        });
        self.running = Some(Running { stop, infinite, handle });
        Ok(())
    }
}

/// Parses the arguments of `go`.
fn parse_go(args: &[&str], turn: Color) -> anyhow::Result<Limits> {
    let mut limits = Limits::default();
    let (mut wtime, mut btime, mut winc, mut binc) = (None, None, 0u64, 0u64);
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let mut number = || -> anyhow::Result<u64> {
            i += 1;
            let v = args.get(i).ok_or_else(|| anyhow!("'go {key}' needs a number"))?;
            // Clocks may go negative in some GUIs: treat as zero.
            if let Ok(n) = v.parse::<i64>() {
                return Ok(n.max(0) as u64);
            }
            Err(anyhow!("'go {key}' needs a number, got '{v}'"))
        };
        match key {
            "depth" => limits.depth = Some(number()?.clamp(1, 200) as u32),
            "nodes" => limits.nodes = Some(number()?),
            "movetime" => limits.movetime = Some(Duration::from_millis(number()?)),
            "wtime" => wtime = Some(number()?),
            "btime" => btime = Some(number()?),
            "winc" => winc = number()?,
            "binc" => binc = number()?,
            "movestogo" | "mate" => {
                number()?;
            }
            "infinite" => limits.infinite = true,
            "ponder" => {}
            _ => bail!("unknown 'go' parameter '{key}'"),
        }
        i += 1;
    }
    let (time, inc) = match turn {
        Color::White => (wtime, winc),
        Color::Black => (btime, binc),
    };
    if let Some(t) = time {
        limits.clock = Some(Clock { remaining: Duration::from_millis(t), increment: Duration::from_millis(inc) });
    }
    Ok(limits)
}

/// The `info ...` line for a completed iteration.
fn info_line(info: &Info) -> String {
    let mut s = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {}",
        info.depth.max(1),
        info.seldepth,
        info.score.uci(),
        info.nodes,
        info.nps,
        info.time.as_millis()
    );
    if !info.pv.is_empty() {
        s.push_str(" pv");
        for m in &info.pv {
            s.push(' ');
            s.push_str(&m.to_string());
        }
    }
    s
}
