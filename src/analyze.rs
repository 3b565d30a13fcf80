//! `wormhole analyze`: the engine reviews a game from a PGN file and writes
//! it back annotated: an `[%eval]` comment after every move, `?!`/`?`/`??`
//! as NAGs, and the better line for mistakes and blunders. A progress bar
//! and a per-side summary go to stderr, so stdout stays a valid PGN.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use wormhole::Color;
use wormhole::analysis::{AnalysisOptions, GameAnalysis, Judgement, analyse};
use wormhole::engine::{EngineOptions, Limits};
use wormhole::pgn::PgnGame;

use crate::printable::printable;
use crate::{files, limits};

/// Arguments of `wormhole analyze`.
#[derive(Debug, clap::Args)]
pub struct AnalyzeArgs {
    /// The game to analyse (the first game of a PGN file).
    game: PathBuf,
    /// Nodes searched per position: the same game gives the same analysis
    /// every time, on any number of threads.
    #[arg(long, default_value_t = AnalysisOptions::DEFAULT_NODES, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Thinking time per position in milliseconds instead of a node budget
    /// (1 to 3600000; the result then depends on the machine and its load).
    #[arg(long, conflicts_with = "nodes", value_parser = clap::value_parser!(u64).range(limits::MOVETIME_MS))]
    movetime: Option<u64>,
    /// Where the search proved nothing, the prover's budget per position in
    /// Wormhole chess (from the move the engine proves from in play): 0 for
    /// the search alone.
    #[arg(long, default_value_t = AnalysisOptions::DEFAULT_PROOF_NODES)]
    proof_nodes: u64,
    /// Positions analysed at the same time (one search thread each).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=EngineOptions::MAX_THREADS as u64))]
    threads: u64,
    /// Write the annotated game to this file instead of stdout.
    #[arg(long)]
    output: Option<PathBuf>,
}

/// Analyses the game and writes the annotated PGN.
pub fn run(args: &AnalyzeArgs) -> anyhow::Result<()> {
    if let Some(path) = &args.output {
        // Refused now, not after minutes of analysis.
        files::can_save(path)?;
    }
    let text = files::read_game_file(&args.game)?;
    let game = PgnGame::parse(&text).with_context(|| format!("bad PGN file {}", args.game.display()))?;
    let mut options = AnalysisOptions::with_nodes(args.nodes, args.threads as usize);
    options.proof_nodes = (args.proof_nodes > 0).then_some(args.proof_nodes);
    if let Some(ms) = args.movetime {
        options.limits = Limits { movetime: Some(Duration::from_millis(ms)), ..Limits::default() };
    }
    let started = Instant::now();
    let bar = progress_bar(game.moves.len() + 1);
    let stop = AtomicBool::new(false);
    let analysis = analyse(&game.start, &game.moves, &options, &stop, &mut |partial, _| {
        bar.set_position(partial.searched() as u64);
    })?;
    bar.finish_and_clear();
    let annotated = annotated_pgn(&game, &analysis, &options.how());
    match &args.output {
        Some(path) => files::save_text(&annotated, path)?,
        None => crate::signals::print_or_end(&annotated),
    }
    eprintln!("Analysed {} positions in {:.1} s", analysis.len(), started.elapsed().as_secs_f64());
    eprint!("{}", printable(&summary_table(&game, &analysis)));
    Ok(())
}

/// The game as annotated PGN, with an `Annotator` tag naming the program
/// and `how` it searched.
pub fn annotated_pgn(game: &PgnGame, analysis: &GameAnalysis, how: &str) -> String {
    let mut game = game.clone();
    game.set_tag("Annotator", &format!("wormhole {} ({how})", env!("CARGO_PKG_VERSION")));
    game.to_pgn_annotated(&analysis.annotations())
}

/// The judgement counts and accuracy of both sides, one row per figure.
pub fn summary_table(game: &PgnGame, analysis: &GameAnalysis) -> String {
    let summaries = Color::ALL.map(|c| analysis.summary(c));
    let names = Color::ALL.map(|c| {
        let tag = if c == Color::White { "White" } else { "Black" };
        match game.tag(tag).filter(|n| !n.is_empty() && *n != "?") {
            Some(name) => format!("{c} ({name})"),
            None => c.to_string(),
        }
    });
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0).max(8);
    let mut out = format!("{:<14}{:>width$}  {:>width$}\n", "", names[0], names[1]);
    let judgement_names = ["Inaccuracies", "Mistakes", "Blunders"];
    for (j, name) in Judgement::ALL.iter().zip(judgement_names) {
        let [w, b] = summaries.map(|s| s.count(*j).to_string());
        out.push_str(&format!("{name:<14}{w:>width$}  {b:>width$}\n"));
    }
    let [w, b] = summaries.map(|s| s.accuracy.map_or("-".to_string(), |a| format!("{a:.0}%")));
    out.push_str(&format!("{:<14}{w:>width$}  {b:>width$}\n", "Accuracy"));
    out
}

/// A bar on stderr counting searched positions (hidden when stderr is not a terminal).
fn progress_bar(positions: usize) -> ProgressBar {
    let bar = ProgressBar::new(positions as u64);
    let style =
        ProgressStyle::with_template("{spinner} analysing [{bar:30}] {pos}/{len} positions, {elapsed} ({eta} left)")
            .map(|s| s.progress_chars("=> "))
            .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
