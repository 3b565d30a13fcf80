//! `wormhole play` (the default): the terminal game. Arguments are checked
//! (FEN, PGN file) before the terminal is touched.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::ValueEnum;
use ratatui::DefaultTerminal;
use wormhole::engine::Level;
use wormhole::{Position, Variant};

use crate::signals::{Ending, Signals};
use crate::tui;
use crate::tui::app::App;
use crate::tui::effects::Runner;
use crate::tui::game::{Game, Player};
use crate::tui::state::{ExitReport, Session, Settings};
use crate::tui::theme::{ColorDepth, Theme};

/// Who plays a side, on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Who {
    Human,
    Engine,
}

/// Arguments of `wormhole play`.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(after_help = tui::keymap::cli_help())]
pub struct PlayArgs {
    /// Who plays White (default: human; with --black human, the engine).
    #[arg(long, value_enum, value_name = "human|engine")]
    pub white: Option<Who>,
    /// Who plays Black (default: the engine).
    #[arg(long, value_enum, value_name = "human|engine")]
    pub black: Option<Who>,
    /// Two humans on one keyboard (same as --white human --black human).
    #[arg(long, conflicts_with_all = ["white", "black"])]
    pub hotseat: bool,
    /// Hot-seat: turn the board towards the side to move after every move.
    #[arg(long)]
    pub autoflip: bool,
    /// Engine strength, 1 (weakest) to 10 (full strength, about 1 s a move unless --movetime or --clock).
    #[arg(long, value_name = "1..10")]
    pub level: Option<Level>,
    /// Engine thinking time per move in milliseconds (overrides the level's budget).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// Chess clocks for both sides: minutes per game plus increment seconds,
    /// e.g. 5+3 or 0.5+0. Running out of time loses.
    #[arg(long, value_name = "MIN+INC", value_parser = parse_clock)]
    pub clock: Option<ClockArg>,
    /// Piece set: classic (K Q R B N P) or fairy (K C W M N P). With --fen the
    /// pieces decide when this is not given.
    #[arg(long, value_name = "classic|fairy")]
    pub variant: Option<Variant>,
    /// Start from this position: `<placement> <side> <plies>` with x for a hole,
    /// e.g. "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17".
    #[arg(long, value_name = "FEN", conflicts_with = "pgn")]
    pub fen: Option<String>,
    /// Load a game from a PGN file and continue it from its last position.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// Draw pieces and holes with plain ASCII (for terminals without chess glyphs).
    #[arg(long)]
    pub ascii: bool,
    /// Seed for the engine's random choices (reproducible games).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

/// `--clock MIN+INC`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockArg {
    pub initial: Duration,
    pub increment: Duration,
}

pub fn parse_clock(s: &str) -> Result<ClockArg, String> {
    let (min, inc) = s.split_once('+').unwrap_or((s, "0"));
    let min: f64 = min.trim().parse().map_err(|_| format!("'{s}': expected MIN+INC, e.g. 5+3"))?;
    let inc: f64 = inc.trim().parse().map_err(|_| format!("'{s}': expected MIN+INC, e.g. 5+3"))?;
    if !(min > 0.0 && min <= 600.0 && (0.0..=600.0).contains(&inc)) {
        return Err(format!("'{s}': minutes must be in (0, 600] and increment seconds in [0, 600]"));
    }
    Ok(ClockArg { initial: Duration::from_secs_f64(min * 60.0), increment: Duration::from_secs_f64(inc) })
}

/// The players from --white/--black/--hotseat; the human is White by default.
fn players(args: &PlayArgs) -> [Player; 2] {
    let p = |w: Who| if w == Who::Human { Player::Human } else { Player::Engine };
    if args.hotseat {
        return [Player::Human, Player::Human];
    }
    match (args.white, args.black) {
        (None, None) => [Player::Human, Player::Engine],
        (Some(w), None) => [p(w), if w == Who::Human { Player::Engine } else { Player::Human }],
        (None, Some(b)) => [if b == Who::Human { Player::Engine } else { Player::Human }, p(b)],
        (Some(w), Some(b)) => [p(w), p(b)],
    }
}

/// Builds the settings and the first game from the arguments, without
/// touching the terminal. Errors carry the parser's message.
pub fn prepare(args: &PlayArgs) -> anyhow::Result<App> {
    let theme = Theme::dark(ColorDepth::detect(), args.ascii);
    let mut settings = Settings {
        players: players(args),
        level: args.level.unwrap_or(Level::MAX),
        movetime: args.movetime.map(Duration::from_millis),
        clock: args.clock.map(|c| (c.initial, c.increment)),
        variant: args.variant.unwrap_or_default(),
        autoflip: args.autoflip,
    };
    let game = if let Some(fen) = &args.fen {
        let pos = match args.variant {
            Some(variant) => Position::from_fen(fen, variant),
            None => Position::from_fen_auto(fen, Variant::default()),
        };
        let pos = pos.with_context(|| format!("bad FEN '{fen}'"))?;
        settings.variant = pos.variant();
        Game::new(pos, settings.players, settings.clocks())
    } else if let Some(path) = &args.pgn {
        let pgn = tui::files::load_pgn(path)?;
        if let Some(v) = args.variant
            && v != pgn.start.variant()
        {
            bail!("{} is a {} game but --variant {v} was given", path.display(), pgn.start.variant());
        }
        settings.variant = pgn.start.variant();
        Game::from_pgn(&pgn, settings.players, settings.clocks())
    } else {
        settings.new_game()
    };
    let session = Session::new(settings, game, theme, Instant::now());
    let runner = Runner::new(args.seed, tui::files::autosave_dir(), Box::new(std::io::stdout()));
    Ok(App::new(session, runner))
}

/// Turns mouse reporting on or off: clicks and the wheel only (no motion
/// events), in the SGR encoding crossterm reads.
fn mouse(on: bool) {
    let seq: &[u8] = if on { b"\x1b[?1000h\x1b[?1006h" } else { b"\x1b[?1006l\x1b[?1000l" };
    let mut out = std::io::stdout();
    let _ = out.write_all(seq);
    let _ = out.flush();
}

/// Starts the terminal game. Returns the exit status: 0 after quitting,
/// 128 + n after signal n, 1 when the terminal was lost or an unsaved game
/// could not be saved.
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let app = prepare(&args)?;
    let signals = Signals::install().context("cannot catch signals")?;
    // Runs after ratatui's own hook has restored the screen (that hook wraps this one).
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        mouse(false);
        previous(info);
    }));
    let mut terminal = ratatui::try_init().context("cannot set up the terminal")?;
    mouse(true);
    let (report, ending) = tui::run(&mut terminal, app, &signals);
    restore(terminal);
    Ok(print_report(&report, &ending))
}

/// Gives the terminal back as it was: cursor shown, mouse reporting off,
/// main screen, cooked mode. A terminal that is gone cannot be restored:
/// errors are ignored.
fn restore(mut terminal: DefaultTerminal) {
    let cursor_shown = terminal.show_cursor().is_ok();
    mouse(false);
    let _ = ratatui::try_restore();
    if !cursor_shown {
        // Dropping it would try to show the cursor again and panic when
        // printing that error to the closed terminal.
        std::mem::forget(terminal);
    }
}

/// Prints how the session ended, the FEN and the notes (on stdout, or on
/// stderr when the terminal is gone), and failed saves on stderr. Returns
/// the exit status.
fn print_report(report: &ExitReport, ending: &Ending) -> ExitCode {
    let mut out: Box<dyn Write> =
        if ending.terminal_gone() { Box::new(std::io::stderr()) } else { Box::new(std::io::stdout()) };
    let mut err = std::io::stderr();
    // Nothing here may panic: the terminal may be gone.
    if let Some(why) = ending.describe() {
        let _ = writeln!(err, "{why}");
    }
    let _ = writeln!(out, "FEN: {}", report.fen);
    for note in &report.notes {
        let _ = writeln!(out, "{note}");
    }
    for error in &report.errors {
        let _ = writeln!(err, "error: {error}");
    }
    if *ending == Ending::Quit && !report.errors.is_empty() { ExitCode::FAILURE } else { ending.exit_code() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        play: PlayArgs,
    }

    fn args(a: &[&str]) -> PlayArgs {
        Cli::try_parse_from(std::iter::once("wormhole").chain(a.iter().copied())).unwrap().play
    }

    #[test]
    fn players_default_to_human_white_against_the_engine() {
        assert_eq!(players(&args(&[])), [Player::Human, Player::Engine]);
        assert_eq!(players(&args(&["--white", "engine"])), [Player::Engine, Player::Human]);
        assert_eq!(players(&args(&["--black", "human"])), [Player::Engine, Player::Human]);
        assert_eq!(players(&args(&["--hotseat"])), [Player::Human, Player::Human]);
        assert_eq!(players(&args(&["--white", "engine", "--black", "engine"])), [Player::Engine, Player::Engine]);
    }

    #[test]
    fn clock_and_bad_values_are_checked() {
        let a = args(&["--clock", "5+3"]);
        assert_eq!(a.clock.unwrap().initial, Duration::from_secs(300));
        assert_eq!(a.clock.unwrap().increment, Duration::from_secs(3));
        assert!(parse_clock("x+1").is_err());
        assert!(parse_clock("0+1").is_err());
        let cli = |v: &[&str]| Cli::try_parse_from(std::iter::once("wormhole").chain(v.iter().copied())).is_err();
        assert!(cli(&["--level", "11"]));
        assert!(cli(&["--hotseat", "--white", "engine"]));
    }

    #[test]
    fn help_explains_options_and_keys() {
        use clap::CommandFactory;
        let help = Cli::command().render_long_help().to_string();
        for needle in
            ["--hotseat", "--movetime", "--clock", "--fen", "--pgn", "--ascii", "Ctrl-C", "Tab", "exit code 2"]
        {
            assert!(help.contains(needle), "{needle} missing:\n{help}");
        }
    }

    #[test]
    fn a_bad_fen_gives_the_parsers_message() {
        let err = prepare(&args(&["--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w 0"])).err().unwrap();
        assert_eq!(
            format!("{err:#}"),
            "bad FEN 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w 0': expected 8 ranks separated by '/', found 7"
        );
    }
}
