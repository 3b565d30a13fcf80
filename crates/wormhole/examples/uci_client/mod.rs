//! A UCI engine driven over its standard input and output, for the
//! examples that ask another engine (Stockfish) or our own binary.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The score a mate counts, in centipawns.
pub const MATE: i64 = 3000;

/// A UCI engine at work.
pub struct UciClient {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl UciClient {
    /// Starts `path` with `args`, sends `setup` (option lines) after the
    /// handshake, with one thread and 16 MB of hash, and waits until it is ready.
    pub fn start(path: &str, args: &[&str], setup: &[String]) -> std::io::Result<UciClient> {
        let mut child = Command::new(path).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn()?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(std::io::Error::other("no pipes to the engine"));
        };
        let mut engine = UciClient { child, input, output: BufReader::new(output) };
        engine.send("uci")?;
        engine.wait_for("uciok")?;
        engine.send("setoption name Threads value 1\nsetoption name Hash value 16")?;
        for line in setup {
            engine.send(line)?;
        }
        engine.send("isready")?;
        engine.wait_for("readyok")?;
        Ok(engine)
    }

    /// Sends `text` (one or more lines).
    pub fn send(&mut self, text: &str) -> std::io::Result<()> {
        writeln!(self.input, "{text}")?;
        self.input.flush()
    }

    /// Reads lines up to one that begins with `word`, and returns it.
    pub fn wait_for(&mut self, word: &str) -> std::io::Result<String> {
        self.read_until(word, |_| {})
    }

    /// Reads lines up to one that begins with `word`, shows each earlier
    /// one to `seen`, and returns the last.
    fn read_until(&mut self, word: &str, mut seen: impl FnMut(&str)) -> std::io::Result<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                return Err(std::io::Error::other("the engine stopped"));
            }
            if line.starts_with(word) {
                return Ok(line);
            }
            seen(&line);
        }
    }

    /// Searches `position` (the text after `position `) for `nodes` nodes;
    /// returns the best move and the last exact score it reported for the
    /// side to move (`None`: no score, as with no legal move).
    pub fn search(&mut self, position: &str, nodes: u64) -> std::io::Result<(String, Option<i64>)> {
        self.send(&format!("position {position}\ngo nodes {nodes}"))?;
        let mut score = None;
        let last = self.read_until("bestmove", |line| {
            if line.starts_with("info") && !line.contains("bound") {
                score = parse_score(line).or(score);
            }
        })?;
        let best = last.split_whitespace().nth(1).unwrap_or("(none)").to_string();
        Ok((best, score))
    }
}

impl Drop for UciClient {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// The score an `info` line reports, in centipawns (a mate counts [`MATE`]).
pub fn parse_score(line: &str) -> Option<i64> {
    let mut words = line.split_whitespace().skip_while(|&w| w != "score").skip(1);
    let (kind, value) = (words.next()?, words.next()?.parse::<i64>().ok()?);
    match kind {
        "cp" => Some(value),
        "mate" => Some(if value > 0 { MATE } else { -MATE }),
        _ => None,
    }
}
