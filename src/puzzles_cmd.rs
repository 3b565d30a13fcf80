//! `wormhole puzzles`: `generate` finds puzzles in engine games, `check`
//! re-proves a puzzle file (see `wormhole::puzzles`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::bail;
use indicatif::{ProgressBar, ProgressStyle};
use wormhole::GameKind;
use wormhole::puzzles::{
    CandidateCounts, Effort, GenerateSettings, HEADER, Harvest, Judge, Puzzle, Refusal, Repeat, Theme, generate_game,
    is_mate_in_one, is_plain_capture, parse_file, repeats, resolve, select,
};

use crate::{files, game_arg, limits, puzzle_sets};

/// Arguments of `wormhole puzzles`.
#[derive(Debug, clap::Args)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    action: Option<Action>,
}

/// What `wormhole puzzles` does.
#[derive(Debug, clap::Subcommand)]
enum Action {
    /// Find puzzles in engine games of mixed levels; writes a puzzle file.
    Generate(GenerateArgs),
    /// Re-prove every puzzle of a file; lists those that fail and exits with 1 if any does.
    Check(CheckArgs),
    /// Solve every puzzle of a file again by the generator's current rules (a line plays
    /// on until its win shows); writes those that still are puzzles, each once.
    Resolve(ResolveArgs),
    /// Choose a set from puzzle files: every puzzle that is not a mate in one, and mates in
    /// one up to a third of the set, spread over the ratings; each puzzle once.
    Select(SelectArgs),
}

/// Arguments of `wormhole puzzles select`.
#[derive(Debug, clap::Args)]
struct SelectArgs {
    /// The puzzle files, read in this order (the set keeps it).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Write the set here (replacing the file); standard output if omitted.
    #[arg(long)]
    output: Option<PathBuf>,
}

/// Arguments of `wormhole puzzles generate`.
#[derive(Debug, clap::Args)]
struct GenerateArgs {
    /// Game.
    #[arg(long, default_value_t, value_parser = game_arg::any_game())]
    variant: GameKind,
    /// Engine games to play.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(limits::PUZZLE_GAMES))]
    games: u64,
    /// Threads playing games (each game on one thread).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(limits::TOOL_THREADS))]
    threads: u64,
    /// Seed: the same seed gives the same puzzles, whatever the threads.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the puzzles here (replacing the file); standard output if omitted.
    #[arg(long)]
    output: Option<PathBuf>,
}

/// Arguments of `wormhole puzzles check`.
#[derive(Debug, clap::Args)]
struct CheckArgs {
    /// The puzzle file.
    #[arg(required_unless_present = "shipped")]
    file: Option<PathBuf>,
    /// Check the set shipped inside the program for this game instead.
    #[arg(long, conflicts_with = "file")]
    shipped: Option<GameKind>,
    /// Threads checking puzzles.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(limits::TOOL_THREADS))]
    threads: u64,
}

/// Arguments of `wormhole puzzles resolve`.
#[derive(Debug, clap::Args)]
struct ResolveArgs {
    /// The puzzle file (or --shipped GAME), as for `check`.
    #[command(flatten)]
    source: CheckArgs,
    /// Write the puzzles here (replacing the file); standard output if omitted.
    #[arg(long)]
    output: Option<PathBuf>,
}

/// Runs `wormhole puzzles`.
pub fn run(args: &PuzzlesArgs) -> anyhow::Result<ExitCode> {
    match &args.action {
        None => crate::play::run_trainer(),
        Some(Action::Generate(args)) => generate(args).map(|()| ExitCode::SUCCESS),
        Some(Action::Check(args)) => check(args),
        Some(Action::Resolve(args)) => resolve_file(args).map(|()| ExitCode::SUCCESS),
        Some(Action::Select(args)) => select_files(args).map(|()| ExitCode::SUCCESS),
    }
}

/// `generate`: plays the games on the threads, then writes the puzzles in
/// the order of the games, each position once. With `--output`, the file
/// is rewritten (atomically) as each game ends, so stopping a long run
/// keeps what it found.
fn generate(args: &GenerateArgs) -> anyhow::Result<()> {
    let settings = GenerateSettings { seed: args.seed, ..GenerateSettings::default() };
    let start = Instant::now();
    let bar = progress_bar(args.games, "games");
    let mut done = std::collections::BTreeMap::new();
    let mut saved = Ok(());
    let job = |i, judge: &mut Judge| generate_game(args.variant, i, &settings, judge);
    on_threads(args.threads, args.games, Effort::GENERATE, job, |i, h: &Harvest| {
        done.insert(i, h.clone());
        let found: usize = done.values().map(|h: &Harvest| h.puzzles.len()).sum();
        bar.inc(1);
        bar.set_message(format!("{found} puzzles"));
        if let (Some(path), Ok(())) = (&args.output, &saved) {
            saved = files::save_text(&puzzle_file(distinct(done.values())), path);
        }
    });
    bar.finish_and_clear();
    saved?;
    let puzzles = distinct(done.values());
    if args.output.is_none() {
        outln!("{}", puzzle_file(puzzles.clone()).trim_end());
    }
    let mut stats = CandidateCounts::default();
    done.values().for_each(|h| stats.add(&h.counts));
    report(&stats, &puzzles, start.elapsed(), args.threads);
    Ok(())
}

/// The puzzles of the games, in order, each id once, without those that
/// repeat another ([`repeats`]).
fn distinct<'a>(harvests: impl Iterator<Item = &'a Harvest>) -> Vec<Puzzle> {
    let mut seen = std::collections::HashSet::new();
    let puzzles: Vec<Puzzle> =
        harvests.flat_map(|h| &h.puzzles).filter(|p| seen.insert(p.id.clone())).cloned().collect();
    without_repeats(puzzles).0
}

/// `puzzles` without those that repeat another, and how many were left
/// out for each reason (tails, siblings).
fn without_repeats(puzzles: Vec<Puzzle>) -> (Vec<Puzzle>, usize, usize) {
    let found = repeats(&puzzles);
    let tails = found.iter().filter(|(_, r)| matches!(r, Repeat::Tail { .. })).count();
    let dropped: std::collections::HashSet<usize> = found.into_iter().map(|(i, _)| i).collect();
    let siblings = dropped.len() - tails;
    let kept = puzzles.into_iter().enumerate().filter(|(i, _)| !dropped.contains(i)).map(|(_, p)| p).collect();
    (kept, tails, siblings)
}

/// `resolve`: solves each puzzle's position again, then leaves out those
/// that repeat another; says what became of them, on stderr.
fn resolve_file(args: &ResolveArgs) -> anyhow::Result<()> {
    let lines = parse_file(&source_text(&args.source)?)?;
    let puzzles: Vec<Puzzle> = lines.into_iter().filter_map(|(_, p)| p.ok()).collect();
    let bar = progress_bar(puzzles.len() as u64, "puzzles");
    let job = |i: u64, judge: &mut Judge| resolve(&puzzles[i as usize], judge);
    // Check's effort: what `check` settles from scratch, the resolved
    // line settles too (and it plays on a little further than the
    // generator's effort would).
    let results = on_threads(args.source.threads, puzzles.len() as u64, Effort::CHECK, job, |_, _| bar.inc(1));
    bar.finish_and_clear();
    let mut refused: std::collections::BTreeMap<String, usize> = Default::default();
    let (mut longer, mut shorter, mut other) = (0, 0, 0);
    let mut solved = Vec::new();
    for (old, result) in puzzles.iter().zip(results) {
        match result {
            Ok(new) => {
                match new.solution.len().cmp(&old.solution.len()) {
                    std::cmp::Ordering::Greater => longer += 1,
                    std::cmp::Ordering::Less => shorter += 1,
                    std::cmp::Ordering::Equal => other += usize::from(new.solution != old.solution),
                }
                solved.push(new);
            }
            Err(why) => *refused.entry(refusal_kind(&why).to_string()).or_default() += 1,
        }
    }
    let (kept, tails, siblings) = without_repeats(solved);
    match &args.output {
        Some(path) => files::save_text(&puzzle_file(kept.clone()), path)?,
        None => outln!("{}", puzzle_file(kept.clone()).trim_end()),
    }
    eprintln!(
        "{} puzzles: {} kept ({longer} played on, {shorter} shortened, {other} other line); left out: {refused:?}, \
         {tails} tails of another's line, {siblings} same-solution siblings",
        puzzles.len(),
        kept.len()
    );
    Ok(())
}

/// `select`: reads the files, keeps each id once and leaves out repeats,
/// then chooses the set ([`select`]); says what it holds, on stderr.
fn select_files(args: &SelectArgs) -> anyhow::Result<()> {
    let mut found = Vec::new();
    for path in &args.files {
        for (line, parsed) in parse_file(&files::read_puzzle_file(path)?)? {
            match parsed {
                Ok(p) => found.push(p),
                Err(e) => bail!("{}: line {line}: {e}", path.display()),
            }
        }
    }
    let read = found.len();
    let mut seen = std::collections::HashSet::new();
    found.retain(|p| seen.insert(p.id.clone()));
    let (distinct, tails, siblings) = without_repeats(found);
    let chosen = select(&distinct);
    match &args.output {
        Some(path) => files::save_text(&puzzle_file(chosen.clone()), path)?,
        None => outln!("{}", puzzle_file(chosen.clone()).trim_end()),
    }
    eprintln!(
        "{read} puzzles read, {} distinct ({tails} tails and {siblings} siblings left out): {}",
        distinct.len(),
        set_summary(&chosen)
    );
    Ok(())
}

/// What a set holds: its size, its mates in one, its material puzzles and
/// how many puzzles name each theme.
fn set_summary(puzzles: &[Puzzle]) -> String {
    let mut themes: std::collections::BTreeMap<String, usize> = Default::default();
    for t in puzzles.iter().flat_map(|p| &p.themes) {
        *themes.entry(t.to_string()).or_default() += 1;
    }
    let themes: Vec<String> = themes.iter().map(|(t, n)| format!("{t} {n}")).collect();
    format!(
        "{} kept, {} mates in one, {} win material ({} of them plain captures); themes: {}",
        puzzles.len(),
        puzzles.iter().filter(|p| is_mate_in_one(p)).count(),
        puzzles.iter().filter(|p| p.themes.contains(&Theme::WinsMaterial)).count(),
        puzzles.iter().filter(|p| is_plain_capture(p)).count(),
        themes.join(", ")
    )
}

/// A refusal's kind, for counting.
fn refusal_kind(why: &Refusal) -> &'static str {
    match why {
        Refusal::Unclear { .. } => "win not visible",
        Refusal::NotUnique { .. } => "not unique",
        Refusal::Unsettled { .. } => "unsettled",
        _ => "no win",
    }
}

/// The text of a puzzle file.
fn puzzle_file(puzzles: Vec<Puzzle>) -> String {
    std::iter::once(HEADER.to_string()).chain(puzzles.iter().map(Puzzle::to_line)).map(|l| l + "\n").collect()
}

/// The figures of a run, on stderr.
fn report(stats: &CandidateCounts, puzzles: &[Puzzle], time: Duration, threads: u64) {
    let rejected = stats.candidates - stats.puzzles;
    let share = |n: u64| 100.0 * n as f64 / stats.candidates.max(1) as f64;
    let minutes = time.as_secs_f64() / 60.0;
    eprintln!(
        "{} positions, {} candidates: {} puzzles, {rejected} rejected ({:.1}% not unique, {:.1}% unsettled, {:.1}% no short win, \
         {:.1}% win not visible; skipped unproved: {:.1}% second-best holds, {:.1}% siblings); {} distinct; \
         material: {} candidates, {} puzzles",
        stats.positions,
        stats.candidates,
        stats.puzzles,
        share(stats.not_unique),
        share(stats.unsettled),
        share(stats.no_win),
        share(stats.unclear),
        share(stats.second_holds),
        share(stats.siblings),
        puzzles.len(),
        stats.material_candidates,
        stats.material_puzzles,
    );
    eprintln!(
        "{:.1} s, {:.2} puzzles per minute per thread",
        time.as_secs_f64(),
        puzzles.len() as f64 / minutes.max(1e-9) / threads as f64
    );
    let mut ratings: Vec<u16> = puzzles.iter().map(|p| p.rating).collect();
    ratings.sort_unstable();
    if let (Some(lo), Some(hi)) = (ratings.first(), ratings.last()) {
        let q = |f: f64| ratings[((ratings.len() - 1) as f64 * f) as usize];
        eprintln!("ratings: min {lo}, quartiles {} {} {}, max {hi}", q(0.25), q(0.5), q(0.75));
    }
}

/// `check`: re-proves each puzzle; lists the failures with their reasons.
fn check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let lines = parse_file(&source_text(args)?)?;
    let bar = progress_bar(lines.len() as u64, "puzzles");
    let verdicts = on_threads(
        args.threads,
        lines.len() as u64,
        Effort::CHECK,
        |i, judge| {
            let (line, parsed) = &lines[i as usize];
            let verdict = match parsed {
                Ok(p) => judge.check_puzzle(p).map_err(|e| format!("{} ({}): {e}", line, p.id)),
                Err(e) => Err(format!("{line}: {e}")),
            };
            (*line, verdict)
        },
        |_, _| bar.inc(1),
    );
    bar.finish_and_clear();
    let mut failed: Vec<String> = verdicts.into_iter().filter_map(|(_, v)| v.err()).collect();
    failed.extend(duplicate_ids(&lines));
    failed.extend(repeated(&lines));
    for f in &failed {
        outln!("line {f}");
    }
    outln!("{} puzzles checked, {} failed", lines.len(), failed.len());
    Ok(if failed.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// The text of the file or shipped set `args` names.
fn source_text(args: &CheckArgs) -> anyhow::Result<String> {
    Ok(match (&args.file, args.shipped) {
        (Some(path), _) => files::read_puzzle_file(path)?,
        (None, Some(kind)) => match puzzle_sets::set_text(kind) {
            Some(text) => text.to_string(),
            None => bail!("no puzzle set of {kind} is shipped"),
        },
        (None, None) => bail!("name a puzzle file or --shipped GAME"),
    })
}

/// A failure for each puzzle that repeats another ([`repeats`]).
fn repeated(lines: &[wormhole::puzzles::FileLine]) -> Vec<String> {
    let parsed: Vec<(usize, &Puzzle)> = lines.iter().filter_map(|(line, p)| Some((*line, p.as_ref().ok()?))).collect();
    let puzzles: Vec<Puzzle> = parsed.iter().map(|(_, p)| (*p).clone()).collect();
    repeats(&puzzles).into_iter().map(|(i, why)| format!("{} ({}): {why}", parsed[i].0, parsed[i].1.id)).collect()
}

/// A failure for each id used twice.
fn duplicate_ids(lines: &[wormhole::puzzles::FileLine]) -> Vec<String> {
    let mut seen = std::collections::HashMap::new();
    let mut failed = Vec::new();
    for (line, p) in lines {
        if let Ok(p) = p
            && let Some(first) = seen.insert(p.id.clone(), *line)
        {
            failed.push(format!("{line} ({}): the id is already used on line {first}", p.id));
        }
    }
    failed
}

/// Runs `job(i, judge)` for every `i` below `count` on `threads` threads
/// (each with its own [`Judge`] of `effort`), calling `done(i, result)` as
/// each result comes in; returns the results in the order of `i`.
fn on_threads<T: Send>(
    threads: u64,
    count: u64,
    effort: Effort,
    job: impl Fn(u64, &mut Judge) -> T + Sync,
    mut done: impl FnMut(u64, &T),
) -> Vec<T> {
    let next = AtomicU64::new(0);
    let (sender, receiver) = mpsc::channel();
    let mut results: Vec<(u64, T)> = std::thread::scope(|scope| {
        for _ in 0..threads.min(count).max(1) {
            let (sender, next, job) = (sender.clone(), &next, &job);
            scope.spawn(move || {
                let mut judge = Judge::new(effort);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count || sender.send((i, job(i, &mut judge))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        receiver.iter().inspect(|(i, r)| done(*i, r)).collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// A bar on stderr counting `what` (hidden when stderr is not a terminal).
fn progress_bar(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    let template = format!("{{spinner}} [{{bar:30}}] {{pos}}/{{len}} {what}, {{msg}} {{elapsed}} ({{eta}} left)");
    let style = ProgressStyle::with_template(&template)
        .map(|s| s.progress_chars("=> "))
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
