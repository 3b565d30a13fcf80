//! Finding puzzles in engine games: two engines of random levels play a
//! game (weak levels blunder, which is what makes puzzles); at every
//! position a full-strength search with a small budget screens for a
//! short proved win, and the [`Judge`] decides whether it is a puzzle.
//! Proving is what costs (most candidates fail it), so two cheap tests
//! come first: in a game with a prover, a candidate whose second-best move
//! keeps a clear advantage is skipped (that move is next to never proved
//! to lose), and a sibling position whose winning first move was judged
//! already is skipped (its puzzle would repeat the other's).
//! Everything is seeded: the same seed and game number give the same game
//! and the same puzzles, whichever thread plays it.

use std::collections::HashSet;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::judge::{Goal, Judge};
use super::rating::{self, Difficulty};
use super::record::LineError;
use super::solution::{MAX_SOLVER_MOVES, Refusal};
use super::{Puzzle, PuzzleThemes, Theme};
use crate::engine::{Engine, EngineOptions, Level, Limits, Score};
use crate::games::{GameKind, ListedGame, WithPosition};
use crate::rules::{GameMove, MoveSet};

/// What the generator spends, one setting each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenerateSettings {
    /// The seed of the whole run: game `i` is seeded from it and `i`.
    pub seed: u64,
    /// The levels the two players are drawn from (each its own).
    pub levels: (u8, u8),
    /// Positions a player searches per move (its level may cap it lower).
    pub play_positions: u64,
    /// Positions the full-strength screening search spends per position
    /// (every position one move from the game's is screened).
    pub screen_positions: u64,
    /// Positions are screened from this ply on (before it, wins are rare).
    pub first_ply: u32,
    /// In a game with a prover: a candidate whose second-best move the
    /// screening search scores at this many centipawns or more is skipped
    /// without proving (see [`CandidateCounts::second_holds`]).
    pub second_margin: i32,
    /// A game longer than this many plies is abandoned.
    pub max_plies: u32,
    /// In a game with draws: also look for puzzles that win material
    /// ([`Goal::Material`]), not only forced mates.
    pub material: bool,
}

impl Default for GenerateSettings {
    fn default() -> GenerateSettings {
        GenerateSettings {
            seed: 1,
            levels: (1, 10),
            play_positions: 20_000,
            screen_positions: 4_000,
            first_ply: 10,
            second_margin: 200,
            max_plies: 240,
            material: true,
        }
    }
}

/// What one game gave: its puzzles and how its candidates fared.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Harvest {
    /// The puzzles, in the order of the game.
    pub puzzles: Vec<Puzzle>,
    /// The counts.
    pub counts: CandidateCounts,
}

/// How the candidates of a run fared: a candidate is a position where the
/// screening search proved a win within [`MAX_SOLVER_MOVES`] moves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CandidateCounts {
    /// Positions screened.
    pub positions: u64,
    /// Candidates the judge looked at.
    pub candidates: u64,
    /// Candidates that became puzzles (before one puzzle per solution
    /// among sibling positions is kept).
    pub puzzles: u64,
    /// Rejected: a second move wins.
    pub not_unique: u64,
    /// Rejected: a question not settled within the effort.
    pub unsettled: u64,
    /// Rejected: no win within [`MAX_SOLVER_MOVES`] after all.
    pub no_win: u64,
    /// Rejected: the proved line ends with its win not visible
    /// ([`Refusal::Unclear`]).
    pub unclear: u64,
    /// Skipped before proving: the second-best move keeps an advantage of
    /// [`GenerateSettings::second_margin`] or more (likely not unique).
    pub second_holds: u64,
    /// Skipped before proving: a sibling position (one move from the same
    /// game position) with the same winning first move was judged already.
    pub siblings: u64,
    /// Of the candidates: those screened as winning material (a game with
    /// draws), judged by the material search.
    pub material_candidates: u64,
    /// Of the puzzles: those that win material.
    pub material_puzzles: u64,
}

impl CandidateCounts {
    /// Adds another count to this one.
    pub fn add(&mut self, other: &CandidateCounts) {
        self.positions += other.positions;
        self.candidates += other.candidates;
        self.puzzles += other.puzzles;
        self.not_unique += other.not_unique;
        self.unsettled += other.unsettled;
        self.no_win += other.no_win;
        self.unclear += other.unclear;
        self.second_holds += other.second_holds;
        self.siblings += other.siblings;
        self.material_candidates += other.material_candidates;
        self.material_puzzles += other.material_puzzles;
    }

    fn reject(&mut self, why: &Refusal) {
        match why {
            Refusal::NotUnique { .. } => self.not_unique += 1,
            Refusal::Unsettled { .. } => self.unsettled += 1,
            Refusal::Unclear { .. } => self.unclear += 1,
            _ => self.no_win += 1,
        }
    }
}

/// Plays game number `index` of a run in `kind` and collects its puzzles.
pub fn generate_game(kind: GameKind, index: u64, settings: &GenerateSettings, judge: &mut Judge) -> Harvest {
    let job = GameJob { index, settings, judge };
    kind.with_position(None, job).expect("every game's start position reads (tested)")
}

/// [`generate_game`] on the game's own position.
struct GameJob<'a> {
    index: u64,
    settings: &'a GenerateSettings,
    judge: &'a mut Judge,
}

impl WithPosition for GameJob<'_> {
    type Output = Harvest;
    fn run<P: ListedGame>(self, start: P) -> Harvest {
        let s = self.settings;
        let mut rng = SmallRng::seed_from_u64(s.seed ^ self.index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut players: Vec<Engine> = (0..2).map(|_| player(&mut rng, s.levels)).collect();
        let mut finder = Finder {
            screen: engine(Level::MAX, rng.random()),
            judge: self.judge,
            settings: s,
            seen: HashSet::new(),
            harvest: Harvest::default(),
        };
        let (mut pos, mut history) = (start, Vec::new());
        for ply in 0..s.max_plies {
            if pos.outcome(&history).is_some() {
                break;
            }
            history.push(pos.hash());
            if ply + 1 >= s.first_ply {
                finder.children(&pos, &history);
            }
            let limits = Limits {
                nodes: Some(s.play_positions),
                history: history[..history.len() - 1].to_vec(),
                ..Limits::default()
            };
            let player = &mut players[ply as usize % 2];
            let Some(m) = player.search(&pos, &limits, &Default::default(), &mut |_| {}).best_move else {
                break;
            };
            pos.play_unchecked(m);
        }
        finder.harvest
    }
}

/// What looks for puzzles in the positions of one game.
struct Finder<'a> {
    screen: Engine,
    judge: &'a mut Judge,
    settings: &'a GenerateSettings,
    /// The positions looked at, by hash (each once).
    seen: HashSet<u64>,
    harvest: Harvest,
}

impl Finder<'_> {
    /// Looks at every position one move from `pos` (the game's next
    /// position among them): where the mover has just blundered, the
    /// opponent has a win to find. `history` ends with `pos`.
    /// Siblings often share their solution (the blunders differ, the win
    /// is the same): each winning first move (SAN) is judged once among them.
    /// A position reached by a capture is no material puzzle (winning
    /// the material back is no tactic).
    fn children<P: ListedGame>(&mut self, pos: &P, history: &[u64]) {
        let mut pos = pos.clone();
        let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
        let mut judged = HashSet::new();
        for m in moves {
            let capture = pos.captured_by(m).is_some();
            let undo = pos.play_unchecked(m);
            if pos.outcome(history).is_none() && self.seen.insert(pos.hash()) {
                self.consider(&pos, history, !capture, &mut judged);
            }
            pos.undo(m, undo);
        }
    }

    /// Screens `pos` and, for a candidate whose winning first move (SAN)
    /// is not among `judged` yet, asks the judge; `material` whether it
    /// may be a material puzzle.
    fn consider<P: ListedGame>(&mut self, pos: &P, history: &[u64], material: bool, judged: &mut HashSet<String>) {
        let stats = &mut self.harvest.counts;
        stats.positions += 1;
        let material = material && self.settings.material;
        let (first, goal) = match screen(&mut self.screen, pos, history, self.settings, material) {
            Screening::Nothing => return,
            Screening::SecondWin => {
                stats.candidates += 1;
                stats.not_unique += 1;
                return;
            }
            Screening::SecondHolds => {
                stats.candidates += 1;
                stats.second_holds += 1;
                return;
            }
            Screening::Candidate(first) => (first, Goal::Mate),
            Screening::Material(first) => {
                stats.material_candidates += 1;
                (first, Goal::Material)
            }
        };
        stats.candidates += 1;
        if !judged.insert(pos.san(first)) {
            stats.siblings += 1;
            return;
        }
        self.judge.clear();
        match self.judge.solve(pos, goal) {
            Ok(line) => {
                stats.puzzles += 1;
                stats.material_puzzles += u64::from(goal == Goal::Material);
                self.harvest.puzzles.push(puzzle(pos, &line, &mut self.screen, goal));
            }
            Err(why) => stats.reject(&why),
        }
    }
}

/// Solves `puzzle`'s position again by the judge's current rules and
/// makes the puzzle anew (its solution, themes and rating), as the
/// generator would from that position: for a set made under older rules.
/// The error says why the position is no puzzle now.
pub fn resolve(puzzle: &Puzzle, judge: &mut Judge) -> Result<Puzzle, Refusal> {
    let job = ResolveJob { judge, goal: Goal::of(puzzle) };
    puzzle.game.with_position(Some(&puzzle.fen), job).map_err(LineError::Fen)?
}

/// [`resolve`] on the game's own position.
struct ResolveJob<'a> {
    judge: &'a mut Judge,
    goal: Goal,
}

impl WithPosition for ResolveJob<'_> {
    type Output = Result<Puzzle, Refusal>;
    fn run<P: ListedGame>(self, pos: P) -> Result<Puzzle, Refusal> {
        self.judge.clear();
        let line = self.judge.solve(&pos, self.goal)?;
        Ok(puzzle(&pos, &line, &mut engine(Level::MAX, 1), self.goal))
    }
}

/// An engine of `level`, one thread, a small table, seeded.
fn engine(level: Level, seed: u64) -> Engine {
    Engine::new(EngineOptions { level, hash_mb: 8, threads: 1, seed: Some(seed) })
}

/// A player of a random level within `levels`.
fn player(rng: &mut SmallRng, levels: (u8, u8)) -> Engine {
    let n = rng.random_range(levels.0.min(levels.1)..=levels.0.max(levels.1));
    engine(Level::new(n).unwrap_or(Level::MAX), rng.random())
}

/// What the screening search says about a position.
enum Screening<M> {
    /// No proved win (in a game without a prover: no mate within
    /// [`MAX_SOLVER_MOVES`] moves).
    Nothing,
    /// A second move wins as well (as fast, in a game without a prover).
    SecondWin,
    /// In a game with a prover: one move is proved to win, the second best
    /// keeps [`GenerateSettings::second_margin`] or more.
    SecondHolds,
    /// This move is proved to win and the second best is not.
    Candidate(M),
    /// In a game with draws: no proved win, but this move gains material
    /// (its score [`MIN_GAIN`](super::MIN_GAIN) less a pawn or more above
    /// the position's material) and the second best is [`MARGIN`](super::MARGIN)
    /// less a pawn or more below it.
    Material(M),
}

/// Screens `pos` with a full-strength search of the two best moves: proved
/// results are sound, so a second proved win rejects the position at once.
/// With `material`, a game with draws also screens for material won.
fn screen<P: ListedGame>(
    engine: &mut Engine,
    pos: &P,
    history: &[u64],
    s: &GenerateSettings,
    material: bool,
) -> Screening<P::Move> {
    let limits = Limits { nodes: Some(s.screen_positions), history: history.to_vec(), multipv: 2, ..Limits::default() };
    let result = engine.search(pos, &limits, &Default::default(), &mut |_| {});
    let score = |i: usize| result.info.lines.get(i).map(|l| l.score);
    let (best, first) = match (score(0), result.best_move) {
        (Some(Score::Win(plies)), Some(first))
            if super::judge::judging_prover::<P>().is_some() || plies < 2 * MAX_SOLVER_MOVES =>
        {
            (plies, first)
        }
        (Some(Score::Cp(cp)), Some(first)) if material && super::judge::judging_prover::<P>().is_none() => {
            return material_screen(pos, cp, score(1), first);
        }
        _ => return Screening::Nothing,
    };
    match score(1) {
        Some(Score::Win(plies)) if super::judge::judging_prover::<P>().is_some() || plies <= best => {
            Screening::SecondWin
        }
        Some(Score::Cp(cp)) if super::judge::judging_prover::<P>().is_some() && cp >= s.second_margin => {
            Screening::SecondHolds
        }
        _ => Screening::Candidate(first),
    }
}

/// The screening of a material candidate: the best move scores `best`,
/// the second `second` (a pawn of slack on both of the judge's margins).
fn material_screen<P: ListedGame>(pos: &P, best: i32, second: Option<Score>, first: P::Move) -> Screening<P::Move> {
    const PAWN: i32 = 100;
    // `best` is the engine's score, so the engine's material is its measure
    // here; the judge then decides by the fixed values (`Evaluate::judged_values`).
    let gains = best - pos.material(&pos.default_params()) >= super::MIN_GAIN - PAWN;
    let alone = match second {
        Some(Score::Cp(cp)) => best - cp >= super::MARGIN - PAWN,
        Some(Score::Win(_)) => false,
        _ => true,
    };
    if gains && alone { Screening::Material(first) } else { Screening::Nothing }
}

/// The puzzle of `pos` with its solution `line`, which wins `goal`.
fn puzzle<P: ListedGame>(pos: &P, line: &[P::Move], screen: &mut Engine, goal: Goal) -> Puzzle {
    let mut at = pos.clone();
    let mut san = Vec::new();
    for &m in line {
        san.push(at.san(m));
        at.play_unchecked(m);
    }
    let difficulty = Difficulty {
        nodes: nodes_to_find(screen, pos, line[0]),
        solver_moves: line.len().div_ceil(2) as u32,
        legal_moves: pos.legal_moves().len() as u32,
        capture: pos.captured_by(line[0]).is_some(),
        check: pos.after(line[0]).is_ok_and(|p| p.is_check()),
    };
    Puzzle {
        id: format!("{}-{:010x}", pos.kind().name(), pos.hash() >> 24),
        game: pos.kind(),
        fen: pos.fen(),
        solution: line.iter().map(ToString::to_string).collect(),
        san,
        rating: rating::estimate(&difficulty),
        themes: themes(pos, line, goal),
        nodes: difficulty.nodes,
    }
}

/// The positions a full-strength search from scratch spends before its
/// best move is `first`: the least depth at which it is, searched anew.
fn nodes_to_find<P: ListedGame>(engine: &mut Engine, pos: &P, first: P::Move) -> u64 {
    let mut nodes = 0;
    for depth in 1..=2 * MAX_SOLVER_MOVES + 2 {
        engine.new_game();
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        let result = engine.search(pos, &limits, &Default::default(), &mut |_| {});
        nodes = result.info.nodes;
        if result.best_move == Some(first) {
            break;
        }
    }
    nodes
}

/// The themes of the solution `line` from `pos`: a mate and its length when
/// it ends the game, what its first move does, promotions, and the game's
/// own ([`PuzzleThemes`]); for a material puzzle of a game with draws,
/// [`Theme::WinsMaterial`] and the first move's tactic.
fn themes<P: ListedGame>(pos: &P, line: &[P::Move], goal: Goal) -> Vec<Theme> {
    let mut themes = Vec::new();
    let first = line[0];
    let capture = pos.captured_by(first).is_some();
    let check = pos.after(first).is_ok_and(|p| p.is_check());
    themes.extend(capture.then_some(Theme::Capture));
    themes.extend(check.then_some(Theme::Check));
    themes.extend((!capture && !check).then_some(Theme::QuietMove));
    let mut at = pos.clone();
    for (ply, &m) in line.iter().enumerate() {
        if ply % 2 == 0 {
            themes.extend(m.promotion().map(|_| Theme::Promotion));
            themes.extend(PuzzleThemes::move_themes(&at, m));
        }
        at.play_unchecked(m);
    }
    if at.outcome(&[]).is_some() {
        let n = line.len().div_ceil(2) as u8;
        themes.push(if at.is_check() { Theme::MateIn(n) } else { Theme::StalemateIn(n) });
        themes.extend(at.end_themes());
    } else if goal == Goal::Material && super::judge::judging_prover::<P>().is_none() {
        themes.push(Theme::WinsMaterial);
        themes.extend(super::material::tactics(pos, line));
    }
    themes.sort();
    themes.dedup();
    themes
}
