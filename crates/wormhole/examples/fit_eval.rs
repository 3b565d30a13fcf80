//! Fits the evaluation weights to game results (logistic regression on the
//! evaluation terms, "Texel tuning").
//!
//! Input: files of `<FEN>;<result w|b|d>` lines (White won, Black won,
//! drawn), as written by `wormhole match --dump FILE`, in any game.
//! Positions in check, finished games, repeated positions and the first
//! five moves of each game (random openings) are skipped.
//! Captures are almost always available in this game, so positions are
//! not filtered for quietness; a penalty pulls the weights towards the
//! current defaults so that rare terms do not run away.
//!
//! ```text
//! cargo run --release --example fit_eval -- classic dump_classic.txt
//! cargo run --release --example fit_eval -- porthole dump_porthole.txt
//! ```

use std::process::ExitCode;

use wormhole::engine::Term;
use wormhole::rules::EvalWeights;
use wormhole::{Color, GameKind, Rules, WithPosition};

/// One position of a dump: its evaluation terms and the result for the
/// side to move (1 won, 0.5 drawn, 0 lost), or `None` when it is left out.
struct Sample<'a> {
    result: &'a str,
}

impl WithPosition for Sample<'_> {
    type Output = Option<(u64, Vec<f64>, f64)>;

    fn run<P: Rules>(self, pos: P) -> Self::Output {
        if pos.move_number() <= 5 || pos.is_check() || pos.outcome(&[]).is_some() {
            return None;
        }
        let x = pos.eval_features().into_iter().map(f64::from).collect();
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

/// The game's terms and default weights.
struct Defaults;

impl WithPosition for Defaults {
    type Output = (&'static [Term], Vec<i32>);

    fn run<P: Rules>(self, pos: P) -> Self::Output {
        (P::Params::terms(), pos.default_params().weights().to_vec())
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((kind, files)) = args.split_first() else {
        eprintln!("usage: fit_eval <classic|fairy|porthole> <dump files...>");
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
    let features = start.len();
    let mut seen = std::collections::HashSet::new();
    let mut xs: Vec<Vec<f64>> = Vec::new();
    let mut ys: Vec<f64> = Vec::new();
    // Every fifth block of 50 lines (about a game) is held out to check the fit.
    let mut vx: Vec<Vec<f64>> = Vec::new();
    let mut vy: Vec<f64> = Vec::new();
    let mut line_no = 0usize;
    for file in files {
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{file}: {e}");
                return ExitCode::from(2);
            }
        };
        for line in text.lines() {
            line_no += 1;
            let Some((fen, result)) = line.rsplit_once(';') else { continue };
            let Ok(Some((hash, x, y))) = kind.with_position(Some(fen), Sample { result }) else { continue };
            if !seen.insert(hash) {
                continue;
            }
            if line_no / 50 % 5 == 4 {
                vx.push(x);
                vy.push(y);
            } else {
                xs.push(x);
                ys.push(y);
            }
        }
    }
    eprintln!("{} positions, {} held out", xs.len(), vx.len());
    let held_out = |w: &[f64], k: f64| -> f64 {
        let mut total = 0.0;
        for (x, &y) in vx.iter().zip(vy.iter()) {
            let z: f64 = x.iter().zip(w.iter()).map(|(a, b)| a * b).sum::<f64>() * k;
            let p = 1.0 / (1.0 + (-z).exp());
            total -= y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln();
        }
        total / vx.len().max(1) as f64
    };
    let mut w: Vec<f64> = start.iter().map(|&v| v as f64).collect();
    let prior = w.clone();
    // Penalty per squared centipawn of distance from the defaults.
    let lambda = 2e-7;
    // Which weights are free: the pawn value is fixed at 100 (it sets the
    // scale); weights of terms that never occur stay as they are.
    let material = terms[0];
    let pawn = material.at(wormhole::Role::Pawn.index());
    let mut used = vec![false; features];
    for x in &xs {
        for (u, v) in used.iter_mut().zip(x.iter()) {
            *u |= *v != 0.0;
        }
    }
    // FIT_FREEZE=latemob,onemove keeps those terms' weights as they are (to
    // compare term sets).
    if let Ok(list) = std::env::var("FIT_FREEZE") {
        for name in list.split(',').map(str::trim) {
            match terms.iter().find(|t| t.name == name) {
                Some(t) => used[t.start..t.start + t.shape.weights()].fill(false),
                None => eprintln!("FIT_FREEZE: no term named '{name}'"),
            }
        }
    }
    let mut k = 1.0 / 400.0 * std::f64::consts::LN_10;
    let loss = |w: &[f64], k: f64| -> f64 {
        let mut total = 0.0;
        for (x, &y) in xs.iter().zip(ys.iter()) {
            let z: f64 = x.iter().zip(w.iter()).map(|(a, b)| a * b).sum::<f64>() * k;
            let p = 1.0 / (1.0 + (-z).exp());
            total -= y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln();
        }
        total / xs.len() as f64 + lambda * w.iter().zip(prior.iter()).map(|(a, b)| (a - b) * (a - b)).sum::<f64>()
    };
    eprintln!("loss before {:.5}", loss(&w, k));
    // Fit the scale first, then all weights with Adam.
    for _ in 0..60 {
        let (lo, hi) = (loss(&w, k * 0.95), loss(&w, k * 1.05));
        let here = loss(&w, k);
        if lo < here && lo <= hi {
            k *= 0.95;
        } else if hi < here {
            k *= 1.05;
        }
    }
    eprintln!("held-out loss with the current weights (scale fitted) {:.5}", held_out(&w, k));
    let (mut m, mut v) = (vec![0.0; features], vec![0.0; features]);
    let (b1, b2, rate) = (0.9, 0.999, 1.0);
    for step in 1..=600 {
        let mut g = vec![0.0; features];
        for (x, &y) in xs.iter().zip(ys.iter()) {
            let z: f64 = x.iter().zip(w.iter()).map(|(a, b)| a * b).sum::<f64>() * k;
            let p = 1.0 / (1.0 + (-z).exp());
            for (gi, xi) in g.iter_mut().zip(x.iter()) {
                *gi += (p - y) * xi * k;
            }
        }
        for i in 0..features {
            if i == pawn || !used[i] {
                continue;
            }
            let gi = g[i] / xs.len() as f64 + 2.0 * lambda * (w[i] - prior[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - f64::powi(b1, step));
            let vh = v[i] / (1.0 - f64::powi(b2, step));
            w[i] -= rate * mh / (vh.sqrt() + 1e-9);
        }
        if step % 100 == 0 {
            eprintln!("step {step}: loss {:.5}", loss(&w, k));
        }
    }
    eprintln!("held-out loss after fitting {:.5}", held_out(&w, k));
    let mut fitted = vec![0i32; features];
    for (f, x) in fitted.iter_mut().zip(w.iter()) {
        *f = x.round() as i32;
    }
    // How far the positional terms move the score from material alone: the
    // margin the lazy evaluation needs.
    let mut spread: Vec<i32> = xs
        .iter()
        .map(|x| {
            x.iter().zip(fitted.iter()).skip(material.shape.weights()).map(|(a, b)| *a as i32 * b).sum::<i32>().abs()
        })
        .collect();
    spread.sort_unstable();
    let pct = |p: usize| spread.get(spread.len() * p / 100).copied().unwrap_or(0);
    println!("positional part: median {}, 90% {}, 99% {}", pct(50), pct(90), pct(99));
    println!("scale k = {k:.6}");
    for t in terms {
        println!("{:<10} {:?}", t.name, &fitted[t.start..t.start + t.shape.weights()]);
    }
    ExitCode::SUCCESS
}
