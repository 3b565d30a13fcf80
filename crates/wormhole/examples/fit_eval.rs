//! Fits the evaluation weights to game results (logistic regression on the
//! evaluation terms, "Texel tuning").
//!
//! Input: files of `<FEN>;<result w|b|d>` lines (White won, Black won,
//! drawn), as written by `wormhole match --dump FILE`, in any game.
//! Positions in check, finished games, repeated positions and the first
//! five moves of each game (random openings) are skipped.
//! With `FIT_QUIET=1`, positions where the side to move can take a piece
//! worth at least the taker are skipped too (for the orthodox games; in
//! Wormhole chess captures are almost always available, so its positions
//! are not filtered for quietness). A penalty pulls the weights towards
//! the current defaults so that rare terms do not run away.
//!
//! ```text
//! cargo run --release --example fit_eval -- classic dump_classic.txt
//! cargo run --release --example fit_eval -- porthole dump_porthole.txt
//! ```

use std::process::ExitCode;

use wormhole::engine::Term;
use wormhole::rules::{EvalWeights, GameMove, MoveSet};
use wormhole::{Color, GameKind, ListedGame, WithPosition};

/// One position of a dump: its evaluation terms and the result for the
/// side to move (1 won, 0.5 drawn, 0 lost), or `None` when it is left out.
struct TermSample<'a> {
    result: &'a str,
}

impl WithPosition for TermSample<'_> {
    type Output = Option<(u64, TermCounts, f64)>;

    fn run<P: ListedGame>(self, pos: P) -> Self::Output {
        if pos.move_number() <= 5 || pos.is_check() || pos.outcome(&[]).is_some() {
            return None;
        }
        if std::env::var_os("FIT_QUIET").is_some() && has_even_capture(&pos) {
            return None;
        }
        let scale = f64::from(P::FEATURE_SCALE);
        let features = pos.eval_features().into_iter().enumerate();
        let x = features.filter(|&(_, v)| v != 0).map(|(i, v)| (i, f64::from(v) / scale)).collect();
        let white = match self.result {
            "w" => 1.0,
            "b" => 0.0,
            "d" => 0.5,
            _ => return None,
        };
        let y = if pos.turn() == Color::White { white } else { 1.0 - white };
        Some((pos.hash(), x, y))
    }
}

/// Whether the side to move can take a piece worth at least the one that
/// takes it (the position is not quiet: its terms say little about it).
fn has_even_capture<P: ListedGame>(pos: &P) -> bool {
    let value = |role: wormhole::Role| [1, 3, 3, 5, 9, 100].get(role.index()).copied().unwrap_or(5);
    pos.legal_moves().iter().any(|m| {
        let mover = pos.boards()[m.board()].piece_at(m.from());
        pos.captured_by(m).zip(mover).is_some_and(|(victim, mover)| value(victim.role) >= value(mover.role))
    })
}

/// The game's terms and default weights.
struct Defaults;

impl WithPosition for Defaults {
    type Output = (&'static [Term], Vec<i32>);

    fn run<P: ListedGame>(self, pos: P) -> Self::Output {
        (P::Params::terms(), pos.default_params().weights().to_vec())
    }
}

/// A position's terms that occur: (weight index, count).
type TermCounts = Vec<(usize, f64)>;

/// Positions' terms (`xs`) and results for the side to move (`ys`).
#[derive(Default)]
struct TrainingSet {
    xs: Vec<TermCounts>,
    ys: Vec<f64>,
}

/// Penalty per squared centipawn of distance from the default weights
/// (`FIT_LAMBDA=2e-5` to change it).
const LAMBDA: f64 = 2e-7;

/// The penalty in force: `FIT_LAMBDA`, or [`LAMBDA`].
fn lambda() -> f64 {
    std::env::var("FIT_LAMBDA").ok().and_then(|v| v.parse().ok()).unwrap_or(LAMBDA)
}

/// The predicted score of terms `x` under weights `w` at scale `k`.
fn predict(x: &[(usize, f64)], w: &[f64], k: f64) -> f64 {
    let z: f64 = x.iter().map(|&(i, a)| a * w[i]).sum::<f64>() * k;
    1.0 / (1.0 + (-z).exp())
}

impl TrainingSet {
    /// Mean cross-entropy of the results under weights `w` at scale `k`.
    fn loss(&self, w: &[f64], k: f64) -> f64 {
        let total: f64 = self
            .xs
            .iter()
            .zip(&self.ys)
            .map(|(x, &y)| {
                let p = predict(x, w, k);
                -(y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln())
            })
            .sum();
        total / self.xs.len().max(1) as f64
    }

    /// The loss plus the penalty for straying from `prior`.
    fn penalised_loss(&self, w: &[f64], k: f64, prior: &[f64]) -> f64 {
        self.loss(w, k) + lambda() * w.iter().zip(prior).map(|(a, b)| (a - b) * (a - b)).sum::<f64>()
    }

    /// The gradient of the loss (without the penalty) by each weight.
    fn gradient(&self, w: &[f64], k: f64) -> Vec<f64> {
        let mut g = vec![0.0; w.len()];
        for (x, &y) in self.xs.iter().zip(&self.ys) {
            let p = predict(x, w, k);
            for &(i, xi) in x {
                g[i] += (p - y) * xi * k;
            }
        }
        g.iter().map(|gi| gi / self.xs.len().max(1) as f64).collect()
    }
}

/// Reads the dumps: the training positions and, every fifth block of 50
/// lines (about a game), the held-out ones that check the fit.
fn load(kind: GameKind, files: &[String]) -> Result<(TrainingSet, TrainingSet), String> {
    let mut seen = std::collections::HashSet::new();
    let (mut train, mut held_out) = (TrainingSet::default(), TrainingSet::default());
    let mut line_no = 0usize;
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for line in text.lines() {
            line_no += 1;
            let Some((fen, result)) = line.rsplit_once(';') else { continue };
            let Ok(Some((hash, x, y))) = kind.with_position(Some(fen), TermSample { result }) else { continue };
            if seen.insert(hash) {
                let data = if line_no / 50 % 5 == 4 { &mut held_out } else { &mut train };
                data.xs.push(x);
                data.ys.push(y);
            }
        }
    }
    Ok((train, held_out))
}

/// Which weights are free: not the pawn's value (fixed at 100, it sets the
/// scale), not those of terms that never occur, not those of the terms
/// named in `FIT_FREEZE=latemob,onemove` (to compare term sets;
/// `orthodox` names every term of the orthodox table the Portal games
/// share, to fit only a game's own terms).
fn free_weights(terms: &[Term], train: &TrainingSet, features: usize) -> Vec<bool> {
    let mut free = vec![false; features];
    for x in &train.xs {
        for &(i, _) in x {
            free[i] = true;
        }
    }
    free[terms[0].at(wormhole::Role::Pawn.index())] = false;
    if let Ok(list) = std::env::var("FIT_FREEZE") {
        for name in list.split(',').map(str::trim) {
            if name == "orthodox" {
                free[..wormhole::engine::orthodox_eval::FEATURES.min(features)].fill(false);
                continue;
            }
            match terms.iter().find(|t| t.name == name) {
                Some(t) => free[t.start..t.start + t.shape.weights()].fill(false),
                None => eprintln!("FIT_FREEZE: no term named '{name}'"),
            }
        }
    }
    free
}

/// The scale that fits `w` best, starting from a logistic curve on which
/// 400 centipawns are a factor of ten in the odds.
fn fit_scale(train: &TrainingSet, w: &[f64]) -> f64 {
    let mut k = 1.0 / 400.0 * std::f64::consts::LN_10;
    for _ in 0..60 {
        let (lo, here, hi) = (train.loss(w, k * 0.95), train.loss(w, k), train.loss(w, k * 1.05));
        if lo < here && lo <= hi {
            k *= 0.95;
        } else if hi < here {
            k *= 1.05;
        }
    }
    k
}

/// Fits the free weights by Adam, 600 steps, pulled towards `prior`.
fn fit_weights(train: &TrainingSet, w: &mut [f64], k: f64, free: &[bool], prior: &[f64]) {
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let (b1, b2, rate) = (0.9, 0.999, 1.0);
    let lambda = lambda();
    for step in 1..=600 {
        let g = train.gradient(w, k);
        for i in (0..w.len()).filter(|&i| free[i]) {
            let gi = g[i] + 2.0 * lambda * (w[i] - prior[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - f64::powi(b1, step));
            let vh = v[i] / (1.0 - f64::powi(b2, step));
            w[i] -= rate * mh / (vh.sqrt() + 1e-9);
        }
        if step % 100 == 0 {
            eprintln!("step {step}: loss {:.5}", train.penalised_loss(w, k, prior));
        }
    }
}

/// Prints the fitted weights per term, and how far the positional terms
/// move the score from material alone (the margin the lazy evaluation
/// needs).
fn print_fit(terms: &[Term], train: &TrainingSet, fitted: &[i32], k: f64) {
    let material = terms[0].shape.weights();
    let mut spread: Vec<i32> = train
        .xs
        .iter()
        .map(|x| {
            x.iter().filter(|&&(i, _)| i >= material).map(|&(i, a)| a * f64::from(fitted[i])).sum::<f64>().abs() as i32
        })
        .collect();
    spread.sort_unstable();
    let pct = |p: usize| spread.get(spread.len() * p / 100).copied().unwrap_or(0);
    println!("positional part: median {}, 90% {}, 99% {}", pct(50), pct(90), pct(99));
    println!("scale k = {k:.6}");
    for t in terms {
        println!("{:<10} {:?}", t.name, &fitted[t.start..t.start + t.shape.weights()]);
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((kind, files)) = args.split_first() else {
        let games = GameKind::ALL.map(GameKind::name).join("|");
        eprintln!("usage: fit_eval <{games}> <dump files...>");
        return ExitCode::from(2);
    };
    let kind: GameKind = match kind.parse() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let Ok((terms, start)) = kind.with_position(None, Defaults) else { unreachable!("start positions are valid") };
    let (train, held_out) = match load(kind, files) {
        Ok(data) => data,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    eprintln!("{} positions, {} held out", train.xs.len(), held_out.xs.len());
    let prior: Vec<f64> = start.iter().map(|&v| v as f64).collect();
    let mut w = prior.clone();
    eprintln!("loss before {:.5}", train.loss(&w, 1.0 / 400.0 * std::f64::consts::LN_10));
    // The scale first, then all weights.
    let k = fit_scale(&train, &w);
    eprintln!("held-out loss with the current weights (scale fitted) {:.5}", held_out.loss(&w, k));
    fit_weights(&train, &mut w, k, &free_weights(terms, &train, start.len()), &prior);
    eprintln!("held-out loss after fitting {:.5}", held_out.loss(&w, k));
    let fitted: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
    print_fit(terms, &train, &fitted, k);
    ExitCode::SUCCESS
}
