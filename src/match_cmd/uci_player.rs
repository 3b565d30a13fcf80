//! An engine in another process, spoken to over UCI, as one side of a
//! match: another `wormhole` binary (to play two builds against each
//! other), or an engine of ordinary chess such as Stockfish, which plays
//! the positions of a game that are ordinary chess ([`wormhole::rules::Rules::chess_fen`]:
//! Porthole chess without portholes).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow, bail};
use wormhole::engine::{Limits, Score};
use wormhole::rules::MoveSet;
use wormhole::{GameKind, ListedGame};

/// Which kind of UCI engine it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// A `wormhole` binary: started as `PATH uci`, told the game
    /// (`UCI_Variant`), sent the game's own FEN.
    Wormhole,
    /// An engine of ordinary chess: started as `PATH`, sent the position as
    /// a chess FEN, and limited to the game's legal moves (`searchmoves`),
    /// so it never plays what the game does not allow (en passant).
    Chess,
}

/// A running UCI engine.
pub struct UciEngine {
    path: String,
    dialect: Dialect,
    child: Child,
    /// Its input, closed (`None`) when it is told to quit.
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl UciEngine {
    /// Starts the engine at `path` (as `dialect` says), sets the game and
    /// the given `options` (UCI option name and value), and waits until it
    /// is ready.
    pub fn start(
        path: &str,
        dialect: Dialect,
        variant: GameKind,
        options: &[(String, String)],
    ) -> anyhow::Result<UciEngine> {
        let mut command = Command::new(path);
        if dialect == Dialect::Wormhole {
            command.arg("uci");
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("starting the UCI engine '{path}'"))?;
        let input = child.stdin.take().ok_or_else(|| anyhow!("no input pipe to '{path}'"))?;
        let output = BufReader::new(child.stdout.take().ok_or_else(|| anyhow!("no output pipe from '{path}'"))?);
        let mut engine = UciEngine { path: path.to_string(), dialect, child, input: Some(input), output };
        engine.send("uci")?;
        engine.wait_for("uciok")?;
        if dialect == Dialect::Wormhole {
            engine.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> anyhow::Result<()> {
        let input = self.input.as_mut().ok_or_else(|| anyhow!("'{}' was told to quit", self.path))?;
        writeln!(input, "{line}").and_then(|()| input.flush()).with_context(|| format!("writing to '{}'", self.path))
    }

    /// The next line the engine prints.
    fn line(&mut self) -> anyhow::Result<String> {
        let mut line = String::new();
        if self.output.read_line(&mut line).with_context(|| format!("reading from '{}'", self.path))? == 0 {
            bail!("the UCI engine '{}' quit", self.path);
        }
        Ok(line.trim_end().to_string())
    }

    fn wait_for(&mut self, word: &str) -> anyhow::Result<()> {
        while self.line()? != word {}
        Ok(())
    }

    fn ready(&mut self) -> anyhow::Result<()> {
        self.send("isready")?;
        self.wait_for("readyok")
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self) -> anyhow::Result<()> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// Searches `pos`, reached from `start` by `moves` (sent as such, so
    /// that the engine sees repetitions), within `limits`; returns the move
    /// (`None`: the engine says it has none) and the last score it reported.
    pub fn think<P: ListedGame>(
        &mut self,
        start: &P,
        moves: &[P::Move],
        pos: &P,
        limits: &Limits<P::Move>,
    ) -> anyhow::Result<(Option<P::Move>, Score)> {
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let tail = if moves.is_empty() { String::new() } else { format!(" moves {}", moves.join(" ")) };
        let (fen, go) = match self.dialect {
            Dialect::Wormhole => (start.fen(), go_command(limits)),
            Dialect::Chess => {
                let fen = start.chess_fen().ok_or_else(|| {
                    anyhow!("'{}' plays ordinary chess, and {} is not a position of it", self.path, start.fen())
                })?;
                let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
                (fen, format!("{} searchmoves {}", go_command(limits), legal.join(" ")))
            }
        };
        self.send(&format!("position fen {fen}{tail}"))?;
        self.send(&go)?;
        let mut score = Score::Cp(0);
        loop {
            let line = self.line()?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first() {
                Some(&"info") => score = score_of(&words).unwrap_or(score),
                Some(&"bestmove") => {
                    let text = words.get(1).copied().unwrap_or("(none)");
                    // `0000` is a pass in a game that has one (Two-board
                    // chess, with no piece on the board to play), else no move.
                    return match pos.parse_move(text) {
                        _ if text == "(none)" => Ok((None, score)),
                        Ok(m) => Ok((Some(m), score)),
                        Err(_) if text == "0000" => Ok((None, score)),
                        Err(e) => Err(e).with_context(|| format!("'{}' played {text}", self.path)),
                    };
                }
                _ => {}
            }
        }
    }
}

/// How long an engine told to quit has to end before it is killed.
const QUIT_GRACE: Duration = Duration::from_secs(5);

impl Drop for UciEngine {
    /// Tells the engine to quit and closes its input (an engine, or a
    /// wrapper script, that reads to the end then sees it), waits
    /// [`QUIT_GRACE`] for it to end, then kills it.
    fn drop(&mut self) {
        let _ = self.send("quit");
        self.input = None;
        let deadline = Instant::now() + QUIT_GRACE;
        while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The `go` command for `limits`.
fn go_command<M>(limits: &Limits<M>) -> String {
    let mut go = String::from("go");
    if let Some(d) = limits.depth {
        go += &format!(" depth {d}");
    }
    if let Some(n) = limits.nodes {
        go += &format!(" nodes {n}");
    }
    if let Some(t) = limits.movetime {
        go += &format!(" movetime {}", t.as_millis());
    }
    go
}

/// The score of an `info` line (`score cp X` or `score mate N`, N in moves).
fn score_of(words: &[&str]) -> Option<Score> {
    let i = words.iter().position(|w| *w == "score")?;
    let value: i64 = words.get(i + 2)?.parse().ok()?;
    match *words.get(i + 1)? {
        "cp" => Some(Score::Cp(value as i32)),
        "mate" if value > 0 => Some(Score::Win(2 * value as u32 - 1)),
        "mate" => Some(Score::Loss(2 * value.unsigned_abs() as u32)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_scores_and_writes_limits() {
        let words = |s: &'static str| s.split_whitespace().collect::<Vec<_>>();
        assert_eq!(score_of(&words("info depth 3 score cp -42 nodes 9")), Some(Score::Cp(-42)));
        assert_eq!(score_of(&words("info depth 9 score mate 2 pv a1a2")), Some(Score::Win(3)));
        assert_eq!(score_of(&words("info depth 9 score mate -1")), Some(Score::Loss(2)));
        assert_eq!(score_of(&words("info string hello")), None);
        let limits: Limits<wormhole::Move> =
            Limits { nodes: Some(500), movetime: Some(std::time::Duration::from_millis(80)), ..Limits::default() };
        assert_eq!(go_command(&limits), "go nodes 500 movetime 80");
    }
}
