//! Fits the winning-chances curve of game analysis to self-play results:
//! the slope `k` of `P(win) = 1 / (1 + e^(-k·cp))`, where `cp` is the
//! engine's score for the side to move (see `analysis::win_chance_slope`).
//!
//! Input: files of `<FEN>;<result w|b|d>` lines (White won, Black won,
//! drawn; a draw counts half a win), as written by `wormhole match --dump
//! FILE`, in any game. Each position from the fifth ply on (the
//! match's random openings come before) is searched to a fixed node count
//! on two threads; positions with a proved result, or with no legal move,
//! are left out (their winning chances are 1 or -1 by definition). The
//! slope is the maximum-likelihood fit; the program prints it with the
//! mean log-loss and a calibration table (predicted against observed wins
//! per score bucket).
//!
//! ```text
//! wormhole match --engine-a level=10 --engine-b level=10 --games 200 \
//!     --movetime 50 --variant classic --seed 11 --dump dump_classic.txt
//! cargo run --release --example fit_win_chances -- classic dump_classic.txt
//! cargo run --release --example fit_win_chances -- porthole dump_porthole.txt
//! ```

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use wormhole::engine::{Engine, EngineOptions, Limits, Score};
use wormhole::{AnyPosition, Color, GameKind, Rules};

/// Nodes searched per position: about 30 ms, enough for a score a few
/// plies deep.
const NODES: u64 = 50_000;

/// One searched position: the score for the side to move and its result
/// for that side (1 won, 0.5 drawn, 0 lost).
struct Sample {
    cp: f64,
    result: f64,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((variant, files)) = args.split_first() else {
        let games = GameKind::ALL.map(GameKind::name).join("|");
        eprintln!("usage: fit_win_chances <{games}> <dump files...>");
        return ExitCode::from(2);
    };
    let variant: GameKind = match variant.parse() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let mut positions = Vec::new();
    for file in files {
        match std::fs::read_to_string(file) {
            Ok(text) => positions.extend(read_dump(&text, variant)),
            Err(e) => {
                eprintln!("{file}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    eprintln!("{} positions; searching {NODES} nodes each", positions.len());
    let samples = search_all(&positions);
    let k = fit(&samples);
    println!("variant {variant}: {} positions with a centipawn score", samples.len());
    println!(
        "slope k = {k:.6} per centipawn (mean log-loss {:.4}; k = 0: {:.4})",
        log_loss(&samples, k),
        log_loss(&samples, 0.0)
    );
    print_calibration(&samples, k);
    ExitCode::SUCCESS
}

/// The positions of a dump with White's result (1, 0.5, 0), from the
/// fifth ply on, games that are over left out.
fn read_dump(text: &str, kind: GameKind) -> Vec<(AnyPosition, f64)> {
    text.lines()
        .filter_map(|line| {
            let (fen, result) = line.rsplit_once(';')?;
            let white = match result.trim() {
                "w" => 1.0,
                "b" => 0.0,
                "d" => 0.5,
                _ => return None,
            };
            let pos = AnyPosition::from_fen(kind, fen).ok()?;
            let early = pos.move_number() < 3;
            (!early && pos.outcome(&[]).is_none()).then_some((pos, white))
        })
        .collect()
}

/// Searches every position (two threads) and keeps those with a centipawn score.
fn search_all(positions: &[(AnyPosition, f64)]) -> Vec<Sample> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let limits = Limits { nodes: Some(NODES), ..Limits::default() };
    let worker = || {
        let mut engine = Engine::new(EngineOptions { hash_mb: 16, ..EngineOptions::default() });
        let mut samples = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some((pos, white)) = positions.get(i) else { break };
            if i.is_multiple_of(1000) {
                eprintln!("{i}/{}", positions.len());
            }
            if let Score::Cp(cp) = pos.search(&mut engine, &limits, &stop, &mut |_| {}).info.score {
                let result = if pos.turn() == Color::White { *white } else { 1.0 - white };
                samples.push(Sample { cp: cp as f64, result });
            }
        }
        samples
    };
    std::thread::scope(|s| {
        let other = s.spawn(worker);
        let mut samples = worker();
        samples.extend(other.join().unwrap_or_default());
        samples
    })
}

fn win_probability(cp: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-k * cp).exp())
}

/// The mean negative log-likelihood of the results under slope `k`.
fn log_loss(samples: &[Sample], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = win_probability(s.cp, k).clamp(1e-12, 1.0 - 1e-12);
            -(s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The slope with the least log-loss: the loss is convex in `k`, so a
/// ternary search over a wide range finds it.
fn fit(samples: &[Sample]) -> f64 {
    let (mut lo, mut hi) = (0.0, 0.05);
    for _ in 0..100 {
        let (a, b) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if log_loss(samples, a) < log_loss(samples, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Predicted and observed win rates of the side to move, per score bucket.
fn print_calibration(samples: &[Sample], k: f64) {
    println!("{:>13} {:>7} {:>9} {:>9}", "score (cp)", "count", "predicted", "observed");
    let edges = [-100_000.0, -600.0, -300.0, -150.0, -50.0, 50.0, 150.0, 300.0, 600.0, 100_000.0];
    for w in edges.windows(2) {
        let bucket: Vec<&Sample> = samples.iter().filter(|s| s.cp >= w[0] && s.cp < w[1]).collect();
        if bucket.is_empty() {
            continue;
        }
        let n = bucket.len() as f64;
        let predicted = bucket.iter().map(|s| win_probability(s.cp, k)).sum::<f64>() / n;
        let observed = bucket.iter().map(|s| s.result).sum::<f64>() / n;
        let label = format!("{:.0}..{:.0}", w[0].max(-9999.0), w[1].min(9999.0));
        println!("{label:>13} {:>7} {:>8.1}% {:>8.1}%", bucket.len(), predicted * 100.0, observed * 100.0);
    }
}
