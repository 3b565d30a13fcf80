//! `wormhole match`: games between two engine settings, alternating
//! colours, each opening (a few random plies) played once with each colour,
//! in any game (`--variant`). A draw counts half a point.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use wormhole::engine::{Engine, EngineOptions, Features, Limits, Minimax, Score};
use wormhole::rules::{EvalWeights, GameOutcome, MoveSet};
use wormhole::{Color, GameKind, ListedGame, Roles, WithPosition};

use self::stats::{Pairs, Sprt, Verdict};
use self::uci_player::{Dialect, UciEngine};
use crate::{game_arg, limits, search_settings};

mod stats;
mod uci_player;

/// Arguments of `wormhole match`.
#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// Settings of engine A, e.g. "level=12" or "level=12,null=on,hash=16"
    /// (seeorder=on|off, seeq=on|off: the static exchange switches;
    /// qtt=on|off, qchecks=on|off, iir=on|off: the capture search's table
    /// cutoffs and quiet checks, internal iterative reduction;
    /// caphist=on|off, histlmr=on|off, counter=on|off, conthist=on|off,
    /// singular=on|off: capture history, history-based reductions, counter moves, continuation history and
    /// singular extensions; null=on|off, deep=on|off: the null move and the
    /// deeper pruning near the leaves, each game's own by default;
    /// seeprune=on|off, histprune=on|off, implmr=on|off, caplmr=on|off,
    /// tteval=on|off, razor=on|off: exchange and history pruning near the
    /// leaves, reductions by improvement and of losing captures, the
    /// table's score as the static evaluation, razoring; corr=on|off: the
    /// static evaluation corrected by the pawns' history; corrpieces=on|off,
    /// corrprev=on|off, corrmax=N: corrected by each side's other pieces
    /// and by the previous move too (each game's own by default), the
    /// correction's limit in centipawns (default 32); lazy=on|off: the
    /// lazy evaluation; fmargin=N,
    /// lmrdiv=N: the futility margin and the late-move reductions' divisor
    /// in hundredths; hquad, hlin, hmax, rfpmargin, rfpdepth, fbase, fdeep,
    /// fdepth, lmpbase, lmpdepth, nullr, seeqm, seecm=N: the search's
    /// numbers, `Tuning` in the engine's docs),
    /// or "minimax=2" (a plain two-ply minimax on material).
    #[arg(long)]
    engine_a: String,
    /// Settings of engine B.
    #[arg(long)]
    engine_b: String,
    /// Number of games (rounded up to an even number, so each opening is played with both colours).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(limits::MATCH_GAMES))]
    games: u32,
    /// Game.
    #[arg(long, default_value_t, value_parser = game_arg::any_game())]
    variant: GameKind,
    /// Thinking time per move in milliseconds (a setting's own depth or nodes may cap it further).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(limits::MOVETIME_MS))]
    movetime: u64,
    /// The start position (a FEN of the game; default: its start).
    #[arg(long)]
    fen: Option<String>,
    /// Random plies played at the start of each opening (default 4); with
    /// --openings, played after the book's line from the book's second
    /// round on (default 2), so that engines capped by nodes or depth do
    /// not replay the first round's games move for move.
    #[arg(long)]
    random_plies: Option<u32>,
    /// Openings from a file instead of random plies: one a line, the moves
    /// played from the start position (SAN or coordinates; `#` begins a
    /// comment), each played with both colours, in turn; when the games
    /// outnumber them, the book starts again with random plies added.
    #[arg(long, value_name = "FILE")]
    openings: Option<std::path::PathBuf>,
    /// Seed for the openings and the engines' random choices.
    #[arg(long)]
    seed: Option<u64>,
    /// Print every move of every game.
    #[arg(long)]
    verbose: bool,
    /// Append every position of every game with its result to this file
    /// (`<FEN>;<result w|b|d>` lines: White won, Black won, drawn; for
    /// fitting evaluation weights).
    #[arg(long)]
    dump: Option<std::path::PathBuf>,
    /// Stop early by a sequential probability ratio test of "A is ELO0
    /// stronger" against "A is ELO1 stronger" (--games is then the most).
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_negative_numbers = true)]
    sprt: Option<Vec<f64>>,
    /// The SPRT's error rates (alpha = beta).
    #[arg(long, default_value_t = 0.05)]
    sprt_error: f64,
}

/// One side of the match: a name, what plays, and per-move limits.
struct Player<M> {
    name: String,
    brain: Brain,
    limits: Limits<M>,
}

/// What plays a side: an engine in this process, a plain minimax on
/// material (`minimax=N`), or another binary over UCI.
enum Brain {
    Inside(Box<Engine>),
    Minimax(Minimax),
    Uci(UciEngine),
}

impl<M: Copy + PartialEq> Player<M> {
    fn new_game(&mut self) -> anyhow::Result<()> {
        match &mut self.brain {
            Brain::Inside(engine) => engine.new_game(),
            Brain::Minimax(_) => {}
            Brain::Uci(engine) => engine.new_game()?,
        }
        Ok(())
    }

    /// The move to play at `pos`, reached from `start` by `moves`
    /// (`earlier`: the hashes of the positions before it), and its score.
    fn think<P: ListedGame<Move = M>>(&mut self, game: &GameSoFar<P>) -> anyhow::Result<(Option<M>, Score)> {
        match &mut self.brain {
            Brain::Inside(engine) => {
                let limits = Limits { history: game.earlier.clone(), ..self.limits.clone() };
                let result = engine.search(&game.pos, &limits, &AtomicBool::new(false), &mut |_| {});
                Ok((result.best_move, result.info.score))
            }
            Brain::Minimax(bot) => {
                Ok(bot.choose(&game.pos).map_or((None, Score::Cp(0)), |(m, v)| (Some(m), Score::Cp(v))))
            }
            Brain::Uci(engine) => engine.think(&game.start, &game.moves, &game.pos, &self.limits),
        }
    }
}

/// The settings a UCI engine takes, with the UCI option each sets (none:
/// a search limit); `level` is a `wormhole` engine's own.
const UCI_SETTINGS: [(&str, Option<&str>); 6] = [
    ("level", Some("Level")),
    ("hash", Some("Hash")),
    ("threads", Some("Threads")),
    ("depth", None),
    ("nodes", None),
    ("movetime", None),
];

/// The settings that make a player a UCI engine at a path, and which kind.
const UCI_ENGINES: [(&str, Dialect); 2] = [("uci", Dialect::Wormhole), ("chess", Dialect::Chess)];

/// The UCI engine the settings name (`uci=PATH` or `chess=PATH`), if any.
fn uci_engine(pairs: &[(String, String)]) -> anyhow::Result<Option<(String, Dialect)>> {
    let mut named = pairs
        .iter()
        .filter_map(|(k, v)| UCI_ENGINES.iter().find(|(e, _)| e == k).map(|(_, dialect)| (v.clone(), *dialect)));
    let first = named.next();
    if named.next().is_some() {
        bail!("one engine a player: uci=PATH or chess=PATH, once");
    }
    Ok(first)
}

/// What a setting of a UCI player becomes in the engine.
enum UciSetting {
    /// A UCI option: its name and value.
    Option(String, String),
    /// One of the search's settings or the evaluation's weights, which
    /// another `wormhole` binary takes through its `Settings` option (all
    /// of them in one).
    Settings(String),
    /// A search limit, sent with each `go`.
    Limit,
}

/// What the setting `key=value` of a UCI engine speaking `dialect`
/// becomes there, or why it has no place there.
fn uci_setting(key: &str, value: &str, dialect: Dialect) -> anyhow::Result<UciSetting> {
    match UCI_SETTINGS.iter().find(|(k, _)| *k == key) {
        Some(("level", _)) if dialect == Dialect::Chess => {
            bail!("setting 'level' is a wormhole engine's; set a chess engine's strength with option.NAME=VALUE")
        }
        Some((_, Some(option))) => Ok(UciSetting::Option(option.to_string(), value.to_string())),
        Some((_, None)) => Ok(UciSetting::Limit),
        // Checked as this process's engine takes them (see `apply_setting`).
        None if dialect == Dialect::Wormhole => Ok(UciSetting::Settings(format!("{key}={value}"))),
        None => bail!("setting '{key}' is not available for a UCI engine"),
    }
}

/// Builds a player of `start`'s game from `key=value` settings separated
/// by commas or spaces; `uci=PATH` makes it another `wormhole` binary
/// spoken to over UCI (the search's settings and the weights go to it as
/// its `Settings` option), `chess=PATH` an engine of ordinary chess over UCI
/// (for positions that are ordinary chess), `minimax=N` a plain N-ply
/// minimax on material (see [`Minimax`]; no other setting applies to it).
/// `option.NAME=VALUE` sets a UCI engine's option NAME.
fn player<P: ListedGame>(
    text: &str,
    start: &P,
    seed: Option<u64>,
    movetime: Duration,
) -> anyhow::Result<Player<P::Move>> {
    let mut options = EngineOptions { hash_mb: 16, seed, ..EngineOptions::default() };
    let mut features = Features::default();
    let mut params = start.default_params();
    let default_params = params.clone();
    let mut limits = Limits { movetime: Some(movetime), ..Limits::default() };
    let mut pairs = Vec::new();
    let mut uci_options = Vec::new();
    for item in text.split([',', ' ']).filter(|s| !s.is_empty()) {
        let (key, value) = item.split_once('=').ok_or_else(|| anyhow!("setting '{item}' is not key=value"))?;
        match key.trim().strip_prefix("option.") {
            Some(name) => uci_options.push((name.to_string(), value.trim().to_string())),
            None => pairs.push((key.trim().to_ascii_lowercase(), value.trim().to_string())),
        }
    }
    if let Some(bot) = minimax(&pairs, seed)? {
        return Ok(Player { name: text.to_string(), brain: Brain::Minimax(bot), limits });
    }
    let uci = uci_engine(&pairs)?;
    if uci.is_none() && !uci_options.is_empty() {
        bail!("option.NAME=VALUE is for a UCI engine (uci=PATH or chess=PATH)");
    }
    let mut settings = Vec::new();
    for (key, value) in pairs.iter().filter(|(k, _)| UCI_ENGINES.iter().all(|(e, _)| k != e)) {
        match uci.as_ref().map(|(_, dialect)| uci_setting(key, value, *dialect)).transpose()? {
            Some(UciSetting::Option(name, value)) => uci_options.push((name, value)),
            Some(UciSetting::Settings(setting)) => settings.push(setting),
            Some(UciSetting::Limit) | None => {}
        }
        apply_setting(key, value, start.kind().role_names(), &mut options, &mut features, &mut params, &mut limits)?;
    }
    if !settings.is_empty() {
        uci_options.push(("Settings".to_string(), settings.join(",")));
    }
    let brain = match uci {
        Some((path, dialect)) => Brain::Uci(UciEngine::start(&path, dialect, start.kind(), &uci_options)?),
        None => {
            let mut engine = Engine::new(options);
            engine.set_features(features);
            if params != default_params {
                engine.set_eval_params(Some(params));
            }
            Brain::Inside(Box::new(engine))
        }
    };
    Ok(Player { name: text.to_string(), brain, limits })
}

/// The plain minimax player that `minimax=N` asks for, alone, if it does.
fn minimax(pairs: &[(String, String)], seed: Option<u64>) -> anyhow::Result<Option<Minimax>> {
    let Some((_, value)) = pairs.iter().find(|(k, _)| k == "minimax") else { return Ok(None) };
    if pairs.len() > 1 {
        bail!("minimax=N is a player of its own: it takes no other setting");
    }
    let depth: u32 = value
        .parse()
        .ok()
        .filter(|d| (1..=6).contains(d))
        .ok_or_else(|| anyhow!("setting 'minimax' needs a number of plies from 1 to 6, got '{value}'"))?;
    Ok(Some(Minimax::new(depth, seed)))
}

/// Applies one `key=value` setting.
fn apply_setting<W: EvalWeights, M>(
    key: &str,
    value: &str,
    names: Roles,
    options: &mut EngineOptions,
    features: &mut Features,
    params: &mut W,
    limits: &mut Limits<M>,
) -> anyhow::Result<()> {
    let int = || search_settings::number(key, value);
    match key {
        "level" => options.level = value.parse()?,
        "hash" => options.hash_mb = int()? as usize,
        "threads" => options.threads = int()? as usize,
        "depth" => limits.depth = Some(int()? as u32),
        "nodes" => limits.nodes = Some(int()? as u64),
        "movetime" => limits.movetime = Some(Duration::from_millis(int()? as u64)),
        k if search_settings::apply(k, value, features)? => {}
        k if search_settings::set_weight(params, names, k, value)? => {}
        _ => bail!("unknown setting '{key}'"),
    }
    Ok(())
}

/// How one game ended.
struct GameRecord {
    /// The winner; `None` for a draw.
    winner: Option<Color>,
    /// Why it ended: the game's outcome, or the ply limit.
    reason: String,
    /// Plies from the start position, the opening's included.
    plies: u32,
    /// The first ply from which every search of one side reported a proved
    /// result (the earlier of the two sides).
    proved_from: Option<u32>,
    /// The FEN of every position from the start to the end.
    fens: Vec<String>,
}

/// A game still going after this many plies is drawn (Porthole chess
/// always ends by its rules, but a pawn going round through portholes can
/// make that take very long).
const MAX_PLIES: u32 = 600;

/// A game in progress: where it started, its moves, where it stands, and
/// the hashes of the positions before this one (for repetitions).
struct GameSoFar<P: ListedGame> {
    start: P,
    moves: Vec<P::Move>,
    pos: P,
    earlier: Vec<u64>,
}

/// Plays a game from `start`, `opening` plies after the start position;
/// `white` and `black` index into `players`.
fn play_game<P: ListedGame>(
    players: &mut [Player<P::Move>; 2],
    white: usize,
    start: &P,
    opening: u32,
    verbose: bool,
) -> anyhow::Result<GameRecord> {
    for p in players.iter_mut() {
        p.new_game()?;
    }
    let mut game = GameSoFar { start: start.clone(), moves: Vec::new(), pos: start.clone(), earlier: Vec::new() };
    // Per player: the ply from which all its searches reported a proof.
    let mut proved_from: [Option<u32>; 2] = [None, None];
    let mut fens = Vec::new();
    let mut ply = opening;
    let (winner, reason) = loop {
        let pos = &game.pos;
        fens.push(pos.fen());
        if let Some(outcome) = pos.outcome(&game.earlier) {
            break (outcome.winner(), outcome.to_string());
        }
        if ply >= MAX_PLIES {
            break (None, format!("draw after {MAX_PLIES} plies"));
        }
        let side = if pos.turn() == Color::White { white } else { 1 - white };
        let (best, score) =
            players[side].think(&game).with_context(|| format!("{} at {}", players[side].name, pos.fen()))?;
        let Some(m) = best.filter(|&m| pos.legal_moves().contains(m)) else {
            bail!("{} gave no legal move at {}", players[side].name, pos.fen());
        };
        match score {
            Score::Win(_) | Score::Loss(_) => {
                proved_from[side].get_or_insert(ply);
            }
            Score::Cp(_) => proved_from[side] = None,
        }
        if verbose {
            outln!("  {:>3}. {:<9} {}", ply + 1, pos.san(m), score.uci());
        }
        game.earlier.push(pos.hash());
        game.pos.play_unchecked(m);
        game.moves.push(m);
        ply += 1;
    };
    Ok(GameRecord { winner, reason, plies: ply, proved_from: proved_from.into_iter().flatten().min(), fens })
}

/// Appends the positions of a game with its result to `path`, whole lines
/// only: a half line left by an earlier run (killed, or out of disk) is
/// cut first, and a write that fails (a full disk) is cut back to where it
/// began, so the file never holds a half record for the next run to append to.
fn dump(path: &std::path::Path, record: &GameRecord) -> std::io::Result<()> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new().create(true).read(true).append(true).open(path)?;
    let start = whole_lines_end(&mut file)?;
    file.set_len(start)?;
    let result = match record.winner {
        Some(Color::White) => 'w',
        Some(Color::Black) => 'b',
        None => 'd',
    };
    let lines: String = record.fens.iter().map(|fen| format!("{fen};{result}\n")).collect();
    if let Err(e) = file.write_all(lines.as_bytes()).and_then(|()| file.sync_data()) {
        let _ = file.set_len(start);
        return Err(e);
    }
    Ok(())
}

/// Where the file's last whole line ends (0: it has none): its length,
/// unless a half line follows the last newline.
fn whole_lines_end(file: &mut std::fs::File) -> std::io::Result<u64> {
    use std::io::{Read, Seek, SeekFrom};
    let mut end = file.metadata()?.len();
    let mut chunk = [0u8; 4096];
    while end > 0 {
        let from = end.saturating_sub(chunk.len() as u64);
        let part = &mut chunk[..(end - from) as usize];
        file.seek(SeekFrom::Start(from))?;
        file.read_exact(part)?;
        if let Some(i) = part.iter().rposition(|&b| b == b'\n') {
            return Ok(from + i as u64 + 1);
        }
        end = from;
    }
    Ok(0)
}

/// The opening: `plies` random legal moves from `start`, after which the
/// game is not over and the side to move cannot end it at once. Refused
/// after [`limits::MATCH_OPENING_TRIES`] draws without one (random games
/// of the game may all end sooner).
fn opening<P: ListedGame>(start: &P, plies: u32, rng: &mut SmallRng) -> anyhow::Result<(P, Vec<P::Move>)> {
    let over = |pos: &P| pos.outcome(&[]).is_some();
    'again: for _ in 0..limits::MATCH_OPENING_TRIES {
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal: Vec<P::Move> = pos.legal_moves().iter().collect();
            if legal.is_empty() {
                continue 'again;
            }
            let m = legal[rng.random_range(0..legal.len())];
            moves.push(m);
            pos.play_unchecked(m);
        }
        // Random plies can leave a mate in one: such an opening decides the
        // game before the engines play, so draw another.
        let ends_at_once = pos.legal_moves().iter().any(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            over(&next)
        });
        if !over(&pos) && !ends_at_once {
            return Ok((pos, moves));
        }
    }
    bail!(
        "no opening of {plies} random plies was found in {} tries (random games end sooner): ask for fewer --random-plies",
        limits::MATCH_OPENING_TRIES
    )
}

/// The opening of game pair `pair` from `book`: its line as written in
/// the book's first round; in each later round, followed by `plies` random
/// plies (default [`limits::MATCH_BOOK_RANDOM_PLIES`]), so that the round
/// plays new games.
fn book_opening<P: ListedGame>(
    book: &[(P, Vec<P::Move>)],
    pair: usize,
    plies: Option<u32>,
    rng: &mut SmallRng,
) -> anyhow::Result<(P, Vec<P::Move>)> {
    let (pos, mut moves) = book[pair % book.len()].clone();
    if pair < book.len() {
        return Ok((pos, moves));
    }
    let (pos, more) = opening(&pos, plies.unwrap_or(limits::MATCH_BOOK_RANDOM_PLIES), rng)?;
    moves.extend(more);
    Ok((pos, moves))
}

/// Plays the match and prints a line per game, then the statistics and,
/// last, the score of A.
pub fn run(args: &MatchArgs) -> anyhow::Result<()> {
    args.variant.with_position(args.fen.as_deref(), Match { args }).context("--fen")?
}

/// The openings of a file (see [`MatchArgs::openings`]): each line's moves
/// played from `start`, checked to be legal and to leave the game going.
fn openings_from<P: ListedGame>(path: &std::path::Path, start: &P) -> anyhow::Result<Vec<(P, Vec<P::Move>)>> {
    let text = crate::files::read_openings_file(path)?;
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let moves_text = line.split('#').next().unwrap_or_default();
        if moves_text.trim().is_empty() {
            continue;
        }
        let (mut pos, mut moves) = (start.clone(), Vec::new());
        for word in moves_text.split_whitespace().filter(|w| !w.ends_with('.')) {
            let m = pos.parse_move(word).map_err(|e| {
                anyhow!("{}, line {}: '{word}' after {} moves: {e}", path.display(), number + 1, moves.len())
            })?;
            pos.play_unchecked(m);
            moves.push(m);
        }
        if pos.outcome(&[]).is_some() {
            bail!("{}, line {}: the game is over after this opening", path.display(), number + 1);
        }
        openings.push((pos, moves));
    }
    if openings.is_empty() {
        bail!("{} holds no opening (one a line: the moves from the start)", path.display());
    }
    Ok(openings)
}

/// The match, in the game of the start position it is given.
struct Match<'a> {
    args: &'a MatchArgs,
}

impl WithPosition for Match<'_> {
    type Output = anyhow::Result<()>;

    fn run<P: ListedGame>(self, start: P) -> anyhow::Result<()> {
        let args = self.args;
        let movetime = Duration::from_millis(args.movetime);
        let mut players = [
            player(&args.engine_a, &start, args.seed, movetime).context("--engine-a")?,
            player(&args.engine_b, &start, args.seed.map(|s| s ^ 0x9e37_79b9), movetime).context("--engine-b")?,
        ];
        let sprt = sprt(args)?;
        let mut rng = SmallRng::seed_from_u64(args.seed.unwrap_or(2026));
        let mut tally = MatchTally::default();
        let book = args.openings.as_deref().map(|path| openings_from(path, &start)).transpose()?;
        for pair in 0..args.games.div_ceil(2) {
            let (opening_pos, moves) = match &book {
                Some(book) => book_opening(book, pair as usize, args.random_plies, &mut rng)?,
                None => opening(&start, args.random_plies.unwrap_or(limits::MATCH_RANDOM_PLIES), &mut rng)?,
            };
            let opening: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            let mut points = 0.0;
            // A plays White in the first game of the pair and Black in the second.
            for white in 0..2 {
                let record = play_game(&mut players, white, &opening_pos, moves.len() as u32, args.verbose)?;
                if let Some(path) = &args.dump {
                    dump(path, &record).with_context(|| format!("writing {}", path.display()))?;
                }
                let a_color = if white == 0 { Color::White } else { Color::Black };
                let (a_points, verdict) = match record.winner {
                    Some(c) if c == a_color => (1.0, "A wins".to_string()),
                    Some(_) => (0.0, "B wins".to_string()),
                    None => (0.5, record.reason.clone()),
                };
                points += a_points;
                tally.record(&record, a_points);
                let proof = match record.proved_from {
                    Some(p) => format!("proved {} plies before the end", record.plies - p),
                    None => "not proved".to_string(),
                };
                outln!(
                    "Game {:>3}: A plays {a_color:<5} {verdict} in {} plies ({proof}; opening {}); A {}/{}",
                    2 * pair + white as u32 + 1,
                    record.plies,
                    opening.join(" "),
                    tally.points,
                    tally.games,
                );
            }
            tally.pairs.push(points);
            if let Some(sprt) = sprt
                && sprt.verdict(&tally.pairs).is_some()
            {
                break;
            }
        }
        outln!("A: {}", players[0].name);
        outln!("B: {}", players[1].name);
        tally.print(sprt);
        Ok(())
    }
}

/// The SPRT asked for on the command line, if any.
fn sprt(args: &MatchArgs) -> anyhow::Result<Option<Sprt>> {
    let Some(bounds) = &args.sprt else { return Ok(None) };
    let &[elo0, elo1] = &bounds[..] else { bail!("--sprt needs two Elo differences: ELO0 ELO1") };
    if elo0.is_nan() || elo1.is_nan() || elo0 >= elo1 {
        bail!("--sprt: ELO0 ({elo0}) must be below ELO1 ({elo1})");
    }
    let error = args.sprt_error;
    if error.is_nan() || error <= 0.0 || error >= 0.5 {
        bail!("--sprt-error must be between 0 and 0.5, not {error}");
    }
    Ok(Some(Sprt { elo0, elo1, alpha: error, beta: error }))
}

/// The running totals of a match, from A's side.
#[derive(Default)]
struct MatchTally {
    games: u32,
    /// A's points (a draw is half of one).
    points: f64,
    pairs: Pairs,
    /// Per game whose result was proved: plies from the first proof to the end.
    proofs: Vec<u32>,
}

impl MatchTally {
    fn record(&mut self, record: &GameRecord, a_points: f64) {
        self.games += 1;
        self.points += a_points;
        if let Some(p) = record.proved_from {
            self.proofs.push(record.plies - p);
        }
    }

    /// Prints the proof horizon, the Elo difference, the SPRT verdict and,
    /// last, the score.
    fn print(&self, sprt: Option<Sprt>) {
        if !self.proofs.is_empty() {
            let mut sorted = self.proofs.clone();
            sorted.sort_unstable();
            let mean = sorted.iter().sum::<u32>() as f64 / sorted.len() as f64;
            let median = sorted[sorted.len() / 2];
            outln!(
                "Result proved before the end: median {median} plies, mean {mean:.1} ({} of {} games)",
                sorted.len(),
                self.games
            );
        }
        if let Some(e) = self.pairs.elo() {
            outln!(
                "Elo difference: {} (95% interval {} .. {}, {} game pairs)",
                signed(e.elo),
                signed(e.low),
                signed(e.high),
                self.pairs.len()
            );
        }
        if let Some(sprt) = sprt {
            let (low, high) = sprt.bounds();
            let verdict = match sprt.verdict(&self.pairs) {
                Some(Verdict::H1) => format!("H1 accepted: A is at least {} Elo stronger", sprt.elo1),
                Some(Verdict::H0) => format!("H0 accepted: A is at most {} Elo stronger", sprt.elo0),
                None => "no verdict yet".to_string(),
            };
            outln!(
                "SPRT elo0 {} elo1 {} (alpha = beta = {}): LLR {:.2}, bounds {low:.2} .. {high:.2}: {verdict}",
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                self.pairs.llr(sprt.elo0, sprt.elo1)
            );
        }
        let p = self.points / f64::from(self.games.max(1));
        outln!("Score: {} / {} ({:.1}%)", self.points, self.games, p * 100.0);
    }
}

/// An Elo figure with its sign; infinite when one side won every pair.
fn signed(elo: f64) -> String {
    match elo.round() {
        0.0 => "0".into(),
        e if e.is_finite() => format!("{e:+}"),
        e if e > 0.0 => "+inf".into(),
        _ => "-inf".into(),
    }
}

#[cfg(test)]
mod tests {
    use wormhole::rules::Evaluate;

    use super::*;

    fn features_of(setting: &str) -> anyhow::Result<Features> {
        let (key, value) = setting.split_once('=').unwrap();
        let start = wormhole::Position::new(wormhole::Variant::Classic);
        let (mut options, mut features) = (EngineOptions::default(), Features::default());
        let mut params = start.default_params();
        let mut limits = Limits::<wormhole::Move>::default();
        let names = start.kind().role_names();
        apply_setting(key, value, names, &mut options, &mut features, &mut params, &mut limits)?;
        Ok(features)
    }

    #[test]
    fn the_search_switches_are_set_by_name() {
        assert_eq!(features_of("caphist=on").unwrap().capture_history, Some(true));
        assert_eq!(features_of("caphist=off").unwrap().capture_history, Some(false));
        assert_eq!(features_of("histlmr=on").unwrap().history_lmr, Some(true));
        assert_eq!(features_of("counter=yes").unwrap().counter_moves, Some(true));
        assert_eq!(features_of("conthist=on").unwrap().continuation_history, Some(true));
        assert_eq!(features_of("singular=off").unwrap().singular, Some(false));
        assert_eq!(features_of("seeorder=on").unwrap().see_order, Some(true));
        assert!(features_of("iir=on").unwrap().iir);
        assert_eq!(features_of("seeprune=on").unwrap().see_prune, Some(true));
        assert!(features_of("razor=on").unwrap().razoring);
        assert_eq!(features_of("corr=off").unwrap().correction, Some(false));
        assert_eq!(features_of("corrpieces=off").unwrap().correction_pieces, Some(false));
        assert_eq!(features_of("corrprev=on").unwrap().correction_previous, Some(true));
        assert_eq!(features_of("corrmax=64").unwrap().correction_limit, Some(64));
        assert!(features_of("corrmax=0").unwrap_err().to_string().contains("'corrmax' must be from 1 to 1000"));
        assert_eq!(features_of("lmrdiv=190").unwrap().lmr_divisor, Some(190));
        assert!(features_of("lmrdiv=20").unwrap_err().to_string().contains("'lmrdiv' must be from 50 to 1000"));
        assert!(!features_of("lmr=off").unwrap().lmr);
        let err = features_of("counter=maybe").unwrap_err().to_string();
        assert!(err.contains("'counter' needs on or off"), "{err}");
        assert!(features_of("countre=on").unwrap_err().to_string().contains("unknown setting 'countre'"));
    }
}
