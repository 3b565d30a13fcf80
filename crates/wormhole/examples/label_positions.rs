//! Adds an ordinary-chess engine's score to the positions of a dump, for
//! `fit_eval` (`FIT_EVAL_SHARE`): reads `<FEN>;<result>` lines of Porthole
//! chess without portholes (ordinary chess, as `wormhole match --fen
//! "... -" --dump FILE` writes them), asks the UCI engine `ENGINE` to
//! search every `EVERY`-th position for `NODES` nodes, and prints
//! `<FEN>;<result>;<cp>`, the score in centipawns for White (a mate
//! counts 3,000). A file still being written is read up to its last
//! complete line; positions with portholes are skipped.
//!
//! ```text
//! cargo run --release --example label_positions -- /usr/games/stockfish 1000 2 chess.txt > chess-scored.txt
//! ```

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};

/// The score a mate counts, in centipawns.
const MATE: i64 = 3000;

/// A UCI engine at work.
struct ScoringEngine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl ScoringEngine {
    /// Starts `path` (one thread, 16 MB of hash) and waits until it is ready.
    fn start(path: &str) -> std::io::Result<ScoringEngine> {
        let mut child = Command::new(path).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn()?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(std::io::Error::other("no pipes to the engine"));
        };
        let mut engine = ScoringEngine { child, input, output: BufReader::new(output) };
        engine.send("uci")?;
        engine.wait_for("uciok")?;
        engine.send("setoption name Threads value 1\nsetoption name Hash value 16\nisready")?;
        engine.wait_for("readyok")?;
        Ok(engine)
    }

    fn send(&mut self, text: &str) -> std::io::Result<()> {
        writeln!(self.input, "{text}")?;
        self.input.flush()
    }

    /// Reads lines up to one that begins with `word`, and returns it.
    fn wait_for(&mut self, word: &str) -> std::io::Result<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                return Err(std::io::Error::other("the engine stopped"));
            }
            if line.starts_with(word) {
                return Ok(line);
            }
        }
    }

    /// The score of the chess position `fen` for the side to move after
    /// `nodes` nodes: the last exact score the engine reported.
    fn score(&mut self, fen: &str, nodes: u64) -> std::io::Result<Option<i64>> {
        self.send(&format!("position fen {fen}\ngo nodes {nodes}"))?;
        let mut score = None;
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                return Err(std::io::Error::other("the engine stopped"));
            }
            if line.starts_with("bestmove") {
                return Ok(score);
            }
            if !line.contains("bound") {
                score = parse_score(&line).or(score);
            }
        }
    }
}

impl Drop for ScoringEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// The score an `info` line reports, in centipawns (a mate counts [`MATE`]).
fn parse_score(line: &str) -> Option<i64> {
    let mut words = line.split_whitespace().skip_while(|&w| w != "score").skip(1);
    let (kind, value) = (words.next()?, words.next()?.parse::<i64>().ok()?);
    match kind {
        "cp" => Some(value),
        "mate" => Some(if value > 0 { MATE } else { -MATE }),
        _ => None,
    }
}

/// The ordinary-chess FEN of a Porthole FEN without portholes, and
/// whether White is to move; `None` when it has portholes.
fn chess_fen(fen: &str) -> Option<(String, bool)> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    (fields.len() == 7 && fields[6] == "-").then(|| (fields[..6].join(" "), fields[1] == "w"))
}

/// Scores every `every`-th line of `files` and prints the scored lines.
fn run(path: &str, nodes: u64, every: usize, files: &[String]) -> std::io::Result<()> {
    let mut engine = ScoringEngine::start(path)?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    for file in files {
        let text = std::fs::read_to_string(file)?;
        let complete = &text[..text.rfind('\n').map_or(0, |end| end + 1)];
        for line in complete.lines().step_by(every) {
            let Some((fen, _)) = line.split_once(';') else { continue };
            let Some((chess, white)) = chess_fen(fen) else { continue };
            if let Some(score) = engine.score(&chess, nodes)? {
                writeln!(out, "{line};{}", if white { score } else { -score })?;
            }
        }
    }
    out.flush()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path, nodes, every, files @ ..] = args.as_slice() else {
        eprintln!("usage: label_positions ENGINE NODES EVERY <dump files...>");
        return ExitCode::from(2);
    };
    let (Ok(nodes), Ok(every)) = (nodes.parse(), every.parse::<usize>()) else {
        eprintln!("NODES and EVERY are numbers");
        return ExitCode::from(2);
    };
    match run(path, nodes, every.max(1), files) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(1)
        }
    }
}
