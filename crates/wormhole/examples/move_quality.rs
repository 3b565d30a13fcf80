//! How much our engine's moves lose by Stockfish's judgement, in ordinary
//! chess (Porthole chess without portholes): in each position of a file,
//! our binary (`wormhole uci`, optionally with the `Settings` option)
//! picks a move at a fixed node count, and Stockfish scores the position
//! (its best) and the position after our move, at its own fixed node
//! count, both tables cleared before each search. Every search is
//! deterministic, so two binaries or settings compare move for move on the
//! same positions, with no games' noise. Prints the mean loss in
//! centipawns (each score clamped to +-1,000, a loss never below 0) and
//! the counts of losses of 50, 100 and 300 or more; with a file of an
//! earlier run's losses (`MQ_BASE`), the mean difference, its standard
//! error and how many moves differ. Stockfish's scores are kept in
//! `MQ_CACHE` (a file, `<FEN>|<move>\t<cp>` lines), so later runs only
//! ask for the positions after moves not seen before; `MQ_OUT` writes
//! `<FEN>;<move>;<loss>` lines.
//!
//! ```text
//! MQ_CACHE=sf.tsv MQ_OUT=main.txt cargo run --release -p wormhole --example move_quality -- \
//!   target/release/wormhole 150000 /usr/games/stockfish 300000 src/match_cmd/openings/quality.fen
//! MQ_CACHE=sf.tsv MQ_BASE=main.txt cargo run --release -p wormhole --example move_quality -- \
//!   target/release/wormhole 150000 /usr/games/stockfish 300000 src/match_cmd/openings/quality.fen lmrdiv=225
//! ```

use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;

use uci_client::UciClient;

mod uci_client;

/// Scores beyond this many centipawns count as this many.
const CLAMP: i64 = 1000;

/// Stockfish's scores by position and move, kept in a file between runs.
struct Cache {
    scores: HashMap<String, i64>,
    file: Option<std::fs::File>,
}

impl Cache {
    fn open(path: Option<String>) -> std::io::Result<Cache> {
        let Some(path) = path else { return Ok(Cache { scores: HashMap::new(), file: None }) };
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let scores = text
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .filter_map(|(k, v)| Some((k.to_string(), v.parse().ok()?)))
            .collect();
        let file = std::fs::OpenOptions::new().create(true).append(true).open(&path)?;
        Ok(Cache { scores, file: Some(file) })
    }

    /// Stockfish's score for the side to move after `moves` (none: the
    /// position itself) from `fen`, clamped; 0 when it has no score (no
    /// legal move: our move mated or stalemated, and mate gives a score).
    fn score(&mut self, sf: &mut UciClient, nodes: u64, fen: &str, moves: &str) -> std::io::Result<i64> {
        let key = format!("{fen}|{moves}");
        if let Some(&s) = self.scores.get(&key) {
            return Ok(s);
        }
        sf.send("ucinewgame")?;
        let position = if moves.is_empty() { format!("fen {fen}") } else { format!("fen {fen} moves {moves}") };
        let score = sf.search(&position, nodes)?.1.unwrap_or(0).clamp(-CLAMP, CLAMP);
        if let Some(file) = &mut self.file {
            // One write of a whole line: runs side by side share the file.
            file.write_all(format!("{key}\t{score}\n").as_bytes())?;
        }
        self.scores.insert(key, score);
        Ok(score)
    }
}

/// Our move and its loss in every position of `fens`.
fn losses(args: &Args, fens: &[&str]) -> std::io::Result<Vec<(String, i64)>> {
    let mut setup = vec!["setoption name UCI_Variant value porthole".to_string()];
    if let Some(settings) = &args.settings {
        setup.push(format!("setoption name Settings value {settings}"));
    }
    let mut ours = UciClient::start(&args.engine, &["uci"], &setup)?;
    let mut sf = UciClient::start(&args.stockfish, &[], &[])?;
    let mut cache = Cache::open(std::env::var("MQ_CACHE").ok())?;
    let mut out = Vec::with_capacity(fens.len());
    for fen in fens {
        ours.send("ucinewgame")?;
        let (mv, _) = ours.search(&format!("fen {fen} -"), args.nodes)?;
        let best = cache.score(&mut sf, args.sf_nodes, fen, "")?;
        let after = -cache.score(&mut sf, args.sf_nodes, fen, &mv)?;
        out.push((mv, (best - after).max(0)));
    }
    Ok(out)
}

/// The command line.
struct Args {
    engine: String,
    nodes: u64,
    stockfish: String,
    sf_nodes: u64,
    positions: String,
    settings: Option<String>,
}

fn args() -> Option<Args> {
    let list: Vec<String> = std::env::args().skip(1).collect();
    let [engine, nodes, stockfish, sf_nodes, positions, rest @ ..] = list.as_slice() else { return None };
    Some(Args {
        engine: engine.clone(),
        nodes: nodes.parse().ok()?,
        stockfish: stockfish.clone(),
        sf_nodes: sf_nodes.parse().ok()?,
        positions: positions.clone(),
        settings: rest.first().cloned(),
    })
}

/// The summary line of `losses`.
fn summary(losses: &[i64]) -> String {
    let n = losses.len().max(1) as f64;
    let at_least = |x: i64| losses.iter().filter(|&&l| l >= x).count();
    format!(
        "{} positions, mean loss {:.2} cp; losses of 50 or more {}, 100 or more {}, 300 or more {}",
        losses.len(),
        losses.iter().sum::<i64>() as f64 / n,
        at_least(50),
        at_least(100),
        at_least(300)
    )
}

/// The paired comparison with an earlier run's `<FEN>;<move>;<loss>` lines.
fn compared(base: &str, losses: &[i64]) -> Option<String> {
    let earlier: Vec<i64> = base.lines().map(|l| l.rsplit(';').next()?.parse().ok()).collect::<Option<_>>()?;
    if earlier.len() != losses.len() {
        return None;
    }
    let d: Vec<f64> = losses.iter().zip(&earlier).map(|(a, b)| (a - b) as f64).collect();
    let n = d.len() as f64;
    let mean = d.iter().sum::<f64>() / n;
    let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let (better, worse) = (d.iter().filter(|&&x| x < 0.0).count(), d.iter().filter(|&&x| x > 0.0).count());
    Some(format!(
        "against the base: {mean:+.2} cp (standard error {:.2}), {better} moves lose less, {worse} lose more",
        (var / n).sqrt()
    ))
}

fn run(args: &Args) -> std::io::Result<()> {
    let text = std::fs::read_to_string(&args.positions)?;
    let fens: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    let picks = losses(args, &fens)?;
    let lost: Vec<i64> = picks.iter().map(|(_, l)| *l).collect();
    println!("{}", summary(&lost));
    if let Ok(path) = std::env::var("MQ_OUT") {
        let lines: String = fens.iter().zip(&picks).map(|(f, (m, l))| format!("{f};{m};{l}\n")).collect();
        std::fs::write(path, lines)?;
    }
    if let Ok(base) = std::env::var("MQ_BASE") {
        let text = std::fs::read_to_string(&base)?;
        println!("{}", compared(&text, &lost).unwrap_or_else(|| format!("{base}: not a run on these positions")));
    }
    Ok(())
}

fn main() -> ExitCode {
    let Some(args) = args() else {
        eprintln!("usage: move_quality WORMHOLE NODES STOCKFISH SF_NODES POSITIONS [SETTINGS]");
        return ExitCode::from(2);
    };
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(1)
        }
    }
}
