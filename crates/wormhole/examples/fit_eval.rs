//! Fits the evaluation weights to game results (logistic regression on the
//! evaluation terms, "Texel tuning").
//!
//! Input: files of `<FEN>;<result w|b|d>` lines (White won, Black won,
//! drawn), as written by `wormhole match --dump FILE`, in any game; a
//! file still being written is read up to its last complete line. A line
//! may carry a third field, another engine's score of the position in
//! centipawns for White (`<FEN>;<result>;<cp>`): with `FIT_EVAL_SHARE=S`
//! (0 to 1) the target is then `S` times that score's expected result
//! (400 centipawns a factor of ten in the odds) plus `1 - S` times the
//! game's.
//! Positions in check, finished games, repeated positions and the first
//! five moves of each game (random openings) are skipped. Every tenth game
//! (a game ends where the move number falls) is held out to check the fit.
//!
//! Which positions, and which terms, `FIT_QUIET` chooses:
//! - unset: every position, its own terms;
//! - `1`: positions where the side to move can take a piece worth at
//!   least the taker are left out (for the orthodox games; in Wormhole
//!   chess captures are almost always available);
//! - `resolve`: each position's terms are those of the end of its capture
//!   search's best line (captures only, the current weights, at most
//!   [`QSEARCH_PLIES`] plies), so that a capture in flight counts as made.
//!
//! The fit: the scale of the logistic curve first (with the current
//! weights), then every free weight by Newton steps on the mean
//! cross-entropy plus a penalty pulling towards the current weights
//! (`FIT_LAMBDA`, per squared centipawn), so that rare terms stay near
//! them. Not free: the pawn's middlegame value (100, the scale), weights
//! of terms that never occur, and the terms named in `FIT_FREEZE`.
//! `FIT_START=FILE` starts from (and pulls towards) the `w.N=V` settings
//! in `FILE` (as `FIT_OUT` writes them) instead of the built-in weights
//! (`FIT_QUIET=resolve`'s capture search keeps the built-in ones).
//! `FIT_THREADS` (default 2) threads read the positions and sum the
//! gradients; `FIT_OUT=FILE` writes the fitted weights as `w.N=V` match
//! settings.
//!
//! ```text
//! cargo run --release --example fit_eval -- classic dump_classic.txt
//! FIT_QUIET=resolve cargo run --release --example fit_eval -- porthole dump_porthole.txt
//! ```

use std::ops::Range;
use std::process::ExitCode;

use wormhole::engine::Term;
use wormhole::rules::{EvalWeights, GameMove, MoveBuffer, MoveSet};
use wormhole::{Color, GameKind, ListedGame, WithPosition};

/// The longest capture line `FIT_QUIET=resolve` follows.
const QSEARCH_PLIES: u32 = 8;

/// Penalty per squared centipawn of distance from the default weights
/// (`FIT_LAMBDA=2e-6` to change it).
const LAMBDA: f64 = 2e-7;

/// How positions are chosen and read (see the module docs).
#[derive(Clone, Copy, PartialEq)]
enum Quiet {
    All,
    NoEvenCapture,
    Resolve,
}

/// The settings from the environment.
struct FitSettings {
    quiet: Quiet,
    lambda: f64,
    threads: usize,
    eval_share: f64,
}

impl FitSettings {
    fn from_env() -> FitSettings {
        let quiet = match std::env::var("FIT_QUIET").as_deref() {
            Ok("resolve") => Quiet::Resolve,
            Ok(_) => Quiet::NoEvenCapture,
            Err(_) => Quiet::All,
        };
        let var = |name: &str| std::env::var(name).ok();
        let lambda = var("FIT_LAMBDA").and_then(|v| v.parse().ok()).unwrap_or(LAMBDA);
        let threads = var("FIT_THREADS").and_then(|v| v.parse().ok()).unwrap_or(2usize).max(1);
        let eval_share = var("FIT_EVAL_SHARE").and_then(|v| v.parse().ok()).unwrap_or(0.0f64).clamp(0.0, 1.0);
        FitSettings { quiet, lambda, threads, eval_share }
    }
}

/// Positions' terms, compressed (a position's nonzero counts are
/// `index[start[n]..start[n + 1]]` and `count[..]`), and their results
/// for the side to move (1 won, 0.5 drawn, 0 lost).
struct Samples {
    start: Vec<usize>,
    index: Vec<u16>,
    count: Vec<f32>,
    y: Vec<f32>,
}

impl Default for Samples {
    fn default() -> Samples {
        Samples { start: vec![0], index: Vec::new(), count: Vec::new(), y: Vec::new() }
    }
}

impl Samples {
    fn len(&self) -> usize {
        self.y.len()
    }

    /// Position `n`'s weight indices and counts.
    fn terms(&self, n: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let r = self.start[n]..self.start[n + 1];
        self.index[r.clone()].iter().zip(&self.count[r]).map(|(&i, &a)| (usize::from(i), f64::from(a)))
    }

    /// Adds a position: its term counts (scaled) and result.
    fn push(&mut self, x: impl Iterator<Item = (usize, f32)>, y: f32) {
        for (i, a) in x {
            self.index.push(u16::try_from(i).expect("fewer than 65536 weights"));
            self.count.push(a);
        }
        self.start.push(self.index.len());
        self.y.push(y);
    }

    /// Adds position `n` of `other`.
    fn push_from(&mut self, other: &Samples, n: usize) {
        let r = other.start[n]..other.start[n + 1];
        self.index.extend_from_slice(&other.index[r.clone()]);
        self.count.extend_from_slice(&other.count[r]);
        self.start.push(self.index.len());
        self.y.push(other.y[n]);
    }

    /// Position `n`'s score under weights `w`, in centipawns.
    fn score(&self, n: usize, w: &[f64]) -> f64 {
        self.terms(n).map(|(i, a)| a * w[i]).sum()
    }
}

/// One line of a dump, read: its position's move number (where games
/// begin) and, unless it is left out, its hash.
struct DumpLine {
    moves: u32,
    hash: Option<u64>,
}

/// Reads one dump line into `out` (see the module docs).
struct TermSample<'a> {
    /// The expected result for White.
    white: f32,
    quiet: Quiet,
    out: &'a mut Samples,
}

impl WithPosition for TermSample<'_> {
    type Output = DumpLine;

    fn run<P: ListedGame>(self, mut pos: P) -> DumpLine {
        let moves = pos.move_number();
        let skip = DumpLine { moves, hash: None };
        if moves <= 5 || pos.is_check() || pos.outcome(&[]).is_some() {
            return skip;
        }
        if self.quiet == Quiet::NoEvenCapture && has_even_capture(&pos) {
            return skip;
        }
        let hash = pos.hash();
        if self.quiet == Quiet::Resolve {
            let params = pos.default_params();
            let mut line = Vec::new();
            qsearch(&mut pos, &params, -i32::MAX, i32::MAX, QSEARCH_PLIES, &mut line);
            for m in line {
                pos.play_unchecked(m);
            }
        }
        let scale = P::FEATURE_SCALE as f32;
        let features = pos.eval_features().into_iter().enumerate();
        let y = if pos.turn() == Color::White { self.white } else { 1.0 - self.white };
        self.out.push(features.filter(|&(_, v)| v != 0).map(|(i, v)| (i, v as f32 / scale)), y);
        DumpLine { moves, hash: Some(hash) }
    }
}

/// A dump line's FEN and expected result for White: the game's, or
/// blended with the line's score (see the module docs).
fn target(line: &str, eval_share: f64) -> Option<(&str, f32)> {
    let mut fields = line.split(';');
    let fen = fields.next()?;
    let result = match fields.next()? {
        "w" => 1.0,
        "b" => 0.0,
        "d" => 0.5,
        _ => return None,
    };
    let Some(cp) = fields.next().and_then(|v| v.parse::<f64>().ok()) else { return Some((fen, result as f32)) };
    let by_score = sigmoid(cp * std::f64::consts::LN_10 / 400.0);
    Some((fen, (eval_share * by_score + (1.0 - eval_share) * result) as f32))
}

/// A piece's value for ordering and filtering captures.
fn rough_value(role: wormhole::Role) -> i32 {
    [1, 3, 3, 5, 9, 100].get(role.index()).copied().unwrap_or(5)
}

/// Whether the side to move can take a piece worth at least the one that
/// takes it (the position is not quiet: its terms say little about it).
fn has_even_capture<P: ListedGame>(pos: &P) -> bool {
    pos.legal_moves().iter().any(|m| {
        let mover = pos.boards()[m.board()].piece_at(m.from());
        pos.captured_by(m).zip(mover).is_some_and(|(victim, mover)| rough_value(victim.role) >= rough_value(mover.role))
    })
}

/// The capture search: the score of `pos` for the side to move when it
/// may stand or capture (at most `plies` deep), its best line in `line`.
fn qsearch<P: ListedGame>(
    pos: &mut P,
    params: &P::Params,
    mut alpha: i32,
    beta: i32,
    plies: u32,
    line: &mut Vec<P::Move>,
) -> i32 {
    line.clear();
    let stand = pos.evaluate(params, true);
    if stand >= beta || plies == 0 {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut list = P::SearchList::default();
    pos.generate(&pos.king_safety(), &mut list, true);
    let moves = list.as_mut_slice();
    let order = |m: &P::Move| {
        let mover = pos.boards()[m.board()].piece_at(m.from()).map_or(0, |p| rough_value(p.role));
        -(pos.captured_by(*m).map_or(0, |v| rough_value(v.role)) * 128 - mover)
    };
    moves.sort_by_cached_key(order);
    let mut rest = Vec::new();
    for &m in moves.iter() {
        let undo = pos.play_unchecked(m);
        let score = -qsearch(pos, params, -beta, -alpha, plies - 1, &mut rest);
        pos.undo(m, undo);
        if score > alpha {
            alpha = score;
            line.clear();
            line.push(m);
            line.extend_from_slice(&rest);
            if score >= beta {
                break;
            }
        }
    }
    alpha
}

/// The sum over `threads` threads of `f` on parts of `0..n`.
fn par_sum<T: Send>(n: usize, threads: usize, f: impl Fn(Range<usize>) -> T + Sync, add: impl Fn(T, T) -> T) -> T {
    let part = n.div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let f = &f;
        let handles: Vec<_> = (0..threads).map(|t| s.spawn(move || f(t * part..((t + 1) * part).min(n)))).collect();
        let mut sums = handles.into_iter().map(|h| h.join().expect("a fitting thread panicked"));
        let first = sums.next().expect("at least one thread");
        sums.fold(first, add)
    })
}

/// Reads the dumps: the training positions and, every tenth game, the
/// held-out ones.
fn load(kind: GameKind, files: &[String], settings: &FitSettings) -> Result<(Samples, Samples), String> {
    let mut text = String::new();
    for file in files {
        let whole = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let complete = whole.rfind('\n').map_or(0, |end| end + 1);
        text.push_str(&whole[..complete]);
    }
    let lines: Vec<&str> = text.lines().collect();
    let read = |r: Range<usize>| {
        let mut out = Samples::default();
        let mut read = Vec::with_capacity(r.len());
        for line in &lines[r] {
            let Some((fen, white)) = target(line, settings.eval_share) else { continue };
            let sample = TermSample { white, quiet: settings.quiet, out: &mut out };
            read.extend(kind.with_position(Some(fen), sample).ok());
        }
        vec![(read, out)]
    };
    let parts = par_sum(lines.len(), settings.threads, read, |mut a, b| {
        a.extend(b);
        a
    });
    let (mut train, mut held_out) = (Samples::default(), Samples::default());
    let (mut seen, mut game, mut last_moves) = (std::collections::HashSet::new(), 0usize, 0);
    for (read, out) in &parts {
        let mut n = 0;
        for line in read {
            game += usize::from(line.moves < last_moves);
            last_moves = line.moves;
            let Some(hash) = line.hash else { continue };
            if seen.insert(hash) {
                let data = if game % 10 == 9 { &mut held_out } else { &mut train };
                data.push_from(out, n);
            }
            n += 1;
        }
    }
    eprintln!("{} lines, {} games", lines.len(), game + 1);
    Ok((train, held_out))
}

/// The logistic curve.
fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The cross-entropy of result `y` under prediction `p`.
fn cross_entropy(y: f64, p: f64) -> f64 {
    -(y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln())
}

/// Mean cross-entropy of the results of `data` under weights `w` at scale `k`.
fn loss(data: &Samples, w: &[f64], k: f64, threads: usize) -> f64 {
    let part = |r: Range<usize>| r.map(|n| cross_entropy(f64::from(data.y[n]), sigmoid(k * data.score(n, w)))).sum();
    par_sum(data.len(), threads, part, |a: f64, b| a + b) / data.len().max(1) as f64
}

/// The scale that fits `w` best (Newton steps on the one number), from a
/// logistic curve on which 400 centipawns are a factor of ten in the odds.
fn fit_scale(data: &Samples, w: &[f64]) -> f64 {
    let scores: Vec<f64> = (0..data.len()).map(|n| data.score(n, w)).collect();
    let mut k = std::f64::consts::LN_10 / 400.0;
    for _ in 0..30 {
        let (mut d1, mut d2) = (0.0, 0.0);
        for (&z, &y) in scores.iter().zip(&data.y) {
            let p = sigmoid(k * z);
            d1 += (p - f64::from(y)) * z;
            d2 += p * (1.0 - p) * z * z;
        }
        k -= d1 / d2.max(1e-300);
    }
    k
}

/// The fit's fixed parts: the data, the scale, the prior, which weights
/// are free (`free[i]` their place among the free ones).
struct FitProblem<'a> {
    data: &'a Samples,
    k: f64,
    prior: &'a [f64],
    free: Vec<Option<usize>>,
    settings: &'a FitSettings,
}

impl FitProblem<'_> {
    /// The number of free weights.
    fn free_count(&self) -> usize {
        self.free.iter().flatten().count()
    }

    /// The mean loss plus the penalty.
    fn objective(&self, w: &[f64]) -> f64 {
        let pull: f64 = w.iter().zip(self.prior).map(|(a, b)| (a - b) * (a - b)).sum();
        loss(self.data, w, self.k, self.settings.threads) + self.settings.lambda * pull
    }

    /// The gradient of [`FitProblem::objective`] and its Hessian (upper
    /// triangle) by the free weights.
    fn derivatives(&self, w: &[f64]) -> (Vec<f64>, Vec<f64>) {
        let m = self.free_count();
        let part = |r: Range<usize>| {
            let (mut g, mut h) = (vec![0.0; m], vec![0.0; m * m]);
            let mut free_terms = Vec::new();
            for n in r {
                let p = sigmoid(self.k * self.data.score(n, w));
                let (gs, hs) = ((p - f64::from(self.data.y[n])) * self.k, p * (1.0 - p) * self.k * self.k);
                free_terms.clear();
                free_terms.extend(self.data.terms(n).filter_map(|(i, a)| self.free[i].map(|c| (c, a))));
                for (at, &(ci, a)) in free_terms.iter().enumerate() {
                    g[ci] += gs * a;
                    let row = &mut h[ci * m..ci * m + m];
                    for &(cj, b) in &free_terms[at..] {
                        row[cj] += hs * a * b;
                    }
                }
            }
            (g, h)
        };
        let add = |(mut g, mut h): (Vec<f64>, Vec<f64>), (g2, h2): (Vec<f64>, Vec<f64>)| {
            g.iter_mut().zip(g2).for_each(|(a, b)| *a += b);
            h.iter_mut().zip(h2).for_each(|(a, b)| *a += b);
            (g, h)
        };
        let (mut g, mut h) = par_sum(self.data.len(), self.settings.threads, part, add);
        let scale = 1.0 / self.data.len().max(1) as f64;
        let lambda = self.settings.lambda;
        for (i, c) in self.free.iter().enumerate().filter_map(|(i, c)| c.map(|c| (i, c))) {
            g[c] = g[c] * scale + 2.0 * lambda * (w[i] - self.prior[i]);
            h[c * m..].iter_mut().take(m).for_each(|v| *v *= scale);
            h[c * m + c] += 2.0 * lambda;
        }
        (g, h)
    }

    /// Newton steps from `w` (halved while they do not lower the
    /// objective) until they stop gaining.
    fn fit(&self, w: &mut [f64]) {
        let mut current = self.objective(w);
        for step in 1..=30 {
            let (g, h) = self.derivatives(w);
            let Some(d) = solve_upper(h, &g) else {
                eprintln!("the Hessian is not positive definite: stopped");
                return;
            };
            let (mut t, mut tried) = (1.0, w.to_vec());
            let next = loop {
                for (i, c) in self.free.iter().enumerate().filter_map(|(i, c)| c.map(|c| (i, c))) {
                    tried[i] = w[i] - t * d[c];
                }
                let value = self.objective(&tried);
                if value < current || t < 1e-3 {
                    break value;
                }
                t *= 0.5;
            };
            let largest = d.iter().fold(0.0f64, |a, b| a.max(b.abs())) * t;
            eprintln!("Newton step {step}: objective {next:.6} (step {t}, largest change {largest:.2} cp)");
            if next >= current {
                return;
            }
            w.copy_from_slice(&tried);
            if current - next < 1e-9 || largest < 0.05 {
                return;
            }
            current = next;
        }
    }
}

/// Solves `a x = b` for a symmetric positive definite `a` of which the
/// upper triangle is given (row-major, `b.len()` square) by Cholesky.
fn solve_upper(mut a: Vec<f64>, b: &[f64]) -> Option<Vec<f64>> {
    let m = b.len();
    // a = u^T u, u upper triangular, written over a's upper triangle.
    for i in 0..m {
        for j in i..m {
            let dot: f64 = (0..i).map(|k| a[k * m + i] * a[k * m + j]).sum();
            let v = a[i * m + j] - dot;
            if i == j {
                if v <= 0.0 {
                    return None;
                }
                a[i * m + i] = v.sqrt();
            } else {
                a[i * m + j] = v / a[i * m + i];
            }
        }
    }
    let mut x = b.to_vec();
    for i in 0..m {
        x[i] = (x[i] - (0..i).map(|k| a[k * m + i] * x[k]).sum::<f64>()) / a[i * m + i];
    }
    for i in (0..m).rev() {
        x[i] = (x[i] - (i + 1..m).map(|k| a[i * m + k] * x[k]).sum::<f64>()) / a[i * m + i];
    }
    Some(x)
}

/// The game's terms and default weights.
struct Defaults;

impl WithPosition for Defaults {
    type Output = (&'static [Term], Vec<i32>);

    fn run<P: ListedGame>(self, pos: P) -> Self::Output {
        (P::Params::terms(), pos.default_params().weights().to_vec())
    }
}

/// Which weights are free, numbered: not the pawn's value (fixed at 100,
/// it sets the scale), not those of terms that never occur, not those of
/// the terms named in `FIT_FREEZE=latemob,onemove` (to compare term sets;
/// `orthodox` names every term of the orthodox table the Portal games
/// share, to fit only a game's own terms).
fn free_weights(terms: &[Term], train: &Samples, features: usize) -> Vec<Option<usize>> {
    let mut free = vec![false; features];
    train.index.iter().for_each(|&i| free[usize::from(i)] = true);
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
    let mut next = 0;
    free.iter()
        .map(|&f| {
            next += usize::from(f);
            f.then_some(next - 1)
        })
        .collect()
}

/// How far the positional terms move the score from material alone under
/// `w` (the material terms are those named `value` and `value_eg`; the
/// margin the lazy evaluation needs): the median, 90% and 99%
/// points over the positions of `data`, in centipawns.
fn positional_spread(terms: &[Term], data: &Samples, w: &[f64]) -> [i32; 3] {
    let mut material = vec![false; w.len()];
    for t in terms.iter().filter(|t| t.name == "value" || t.name == "value_eg") {
        material[t.start..t.start + t.shape.weights()].fill(true);
    }
    let positional = |n: usize| data.terms(n).filter(|&(i, _)| !material[i]).map(|(i, a)| a * w[i]).sum::<f64>();
    let mut spread: Vec<i32> = (0..data.len()).map(|n| positional(n).abs() as i32).collect();
    spread.sort_unstable();
    [50, 90, 99].map(|p| spread.get(spread.len() * p / 100).copied().unwrap_or(0))
}

/// Prints the fitted weights per term.
fn print_fit(terms: &[Term], fitted: &[f64], k: f64) {
    println!("scale k = {k:.6}");
    for t in terms {
        let weights: Vec<i32> = fitted[t.start..t.start + t.shape.weights()].iter().map(|x| x.round() as i32).collect();
        println!("{:<10} {weights:?}", t.name);
    }
}

/// `prior` with the `w.N=V` settings of `FIT_START` applied, if it is set.
fn start_weights(mut prior: Vec<f64>) -> Result<Vec<f64>, String> {
    let Ok(path) = std::env::var("FIT_START") else { return Ok(prior) };
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    for setting in text.trim().split(',').filter(|s| !s.is_empty()) {
        let parsed = setting.strip_prefix("w.").and_then(|s| s.split_once('='));
        let parsed = parsed.and_then(|(i, v)| Some((i.parse::<usize>().ok()?, v.parse::<f64>().ok()?)));
        match parsed {
            Some((i, v)) if i < prior.len() => prior[i] = v,
            _ => return Err(format!("{path}: '{setting}' is not w.N=V with N below {}", prior.len())),
        }
    }
    Ok(prior)
}

/// Writes every weight as `w.N=V` match settings (all of them, so that
/// they mean the same whatever table the engine was built with).
fn write_settings(path: &str, fitted: &[f64]) -> std::io::Result<()> {
    let settings: Vec<String> = fitted.iter().enumerate().map(|(i, f)| format!("w.{i}={}", f.round() as i32)).collect();
    std::fs::write(path, settings.join(",") + "\n")
}

/// Fits the weights of `kind` to `files` (see the module docs).
fn run(kind: GameKind, files: &[String]) -> Result<(), String> {
    let settings = FitSettings::from_env();
    let Ok((terms, start)) = kind.with_position(None, Defaults) else { unreachable!("start positions are valid") };
    let (train, held_out) = load(kind, files, &settings)?;
    eprintln!("{} positions, {} held out", train.len(), held_out.len());
    let prior = start_weights(start.iter().map(|&v| f64::from(v)).collect())?;
    let mut w = prior.clone();
    let threads = settings.threads;
    let at_400 = loss(&held_out, &w, std::f64::consts::LN_10 / 400.0, threads);
    eprintln!("held-out loss at 400 cp a factor of ten {at_400:.5}");
    let k = fit_scale(&train, &w);
    let losses = |w: &[f64]| (loss(&train, w, k, threads), loss(&held_out, w, k, threads));
    let (train_before, held_before) = losses(&w);
    eprintln!("scale fitted, current weights: training loss {train_before:.5}, held-out {held_before:.5}");
    let free = free_weights(terms, &train, start.len());
    let problem = FitProblem { data: &train, k, prior: &prior, free, settings: &settings };
    eprintln!("{} free weights", problem.free_count());
    problem.fit(&mut w);
    let (train_after, held_after) = losses(&w);
    eprintln!("fitted weights: training loss {train_after:.5}, held-out {held_after:.5}");
    for (name, w) in [("current", &prior), ("fitted", &w)] {
        let [median, p90, p99] = positional_spread(terms, &train, w);
        eprintln!("positional part, {name} weights: median {median}, 90% {p90}, 99% {p99}");
    }
    print_fit(terms, &w, k);
    match std::env::var("FIT_OUT") {
        Ok(path) => write_settings(&path, &w).map_err(|e| format!("{path}: {e}")),
        Err(_) => Ok(()),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((kind, files)) = args.split_first() else {
        let games = GameKind::ALL.map(GameKind::name).join("|");
        eprintln!("usage: fit_eval <{games}> <dump files...>");
        return ExitCode::from(2);
    };
    let result = kind.parse::<GameKind>().map_err(|e| e.to_string()).and_then(|kind| run(kind, files));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
