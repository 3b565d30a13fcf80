//! The puzzle trainer's state: the puzzles on offer for one game, the
//! player's record (a Glicko-2 rating per game and every attempt), the
//! theme filter, the streak, and the puzzle being solved; and the puzzle
//! the review makes of a missed win. Pure: the puzzles and the record are
//! read and written by the runner; the board the player moves on is the
//! session's game (see `update/puzzles.rs`).

use std::collections::HashSet;

use wormhole::puzzles::{MAX_SOLVER_MOVES, Puzzle, Theme};
use wormhole::rules::{GameMove, GameOutcome};
use wormhole::{AnyMove, AnyPosition, Color, GameKind, Rules, Square};

use crate::glicko::Rating;
use crate::puzzle_record::{LoadedPuzzles, PuzzleOutcome, Record};

/// A puzzle is not offered again while it is among the last this many tried.
pub const NOT_AGAIN_WITHIN: usize = 50;

/// A personal puzzle not yet solved comes back once this many others were tried since.
pub const PERSONAL_AGAIN_AFTER: usize = 5;

/// A puzzle ready to be played: checked once when the set was read.
#[derive(Debug, Clone, PartialEq)]
pub struct Offered {
    pub puzzle: Puzzle,
    /// Its position, the solver to move.
    pub start: AnyPosition,
    /// The solution's moves.
    pub line: Vec<AnyMove>,
    /// From the player's own games (the personal set).
    pub personal: bool,
}

impl Offered {
    /// Checks a puzzle read from a file: its position and every move of its line.
    pub fn new(puzzle: Puzzle, personal: bool) -> Result<Offered, String> {
        let line = puzzle.line().map_err(|e| format!("puzzle {}: {e}", puzzle.id))?;
        let start = puzzle.position().map_err(|e| format!("puzzle {}: {e}", puzzle.id))?;
        Ok(Offered { puzzle, start, line, personal })
    }

    /// Whether the puzzle is about `filter` (a theme's name or its start:
    /// `mate` is every mate in N).
    pub fn fits(&self, filter: Option<&str>) -> bool {
        filter.is_none_or(|f| self.puzzle.themes.iter().any(|t| t.to_string().starts_with(f)))
    }

    /// What the screen asks: "White to play and win", "Black to play: mate
    /// in 2", "White to play: stalemate in 1 (no legal move loses)",
    /// "White to play and win material" (a Portal game's material puzzle).
    pub fn task(&self) -> String {
        let side = self.start.turn();
        match (self.puzzle.mate_in(), self.puzzle.stalemate_in()) {
            (Some(n), _) => format!("{side} to play: mate in {n}"),
            (None, Some(n)) => format!("{side} to play: stalemate in {n} (no legal move loses)"),
            (None, None) if self.puzzle.themes.contains(&Theme::WinsMaterial) => {
                format!("{side} to play and win material")
            }
            (None, None) => format!("{side} to play and win"),
        }
    }

    /// The solver's colour.
    pub fn solver(&self) -> Color {
        self.start.turn()
    }
}

/// How far the puzzle on the board has gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The player is to find the solver's next move.
    Solving,
    /// A wrong move was played (the engine's reply to it follows).
    Wrong(AnyMove),
    /// The whole line was played.
    Solved,
    /// The solution was shown.
    Shown,
}

/// A rating change, as the screen reports it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Change {
    pub outcome: PuzzleOutcome,
    pub before: Rating,
    pub after: Rating,
}

/// The puzzle on the board.
#[derive(Debug, Clone, PartialEq)]
pub struct Current {
    /// Its index among [`Trainer::puzzles`].
    pub index: usize,
    pub phase: Phase,
    /// Whether the piece to move was shown (a solve then gains nothing).
    pub hinted: bool,
    /// The rating change, once this puzzle counted (it counts once: a
    /// retry after a wrong move changes nothing).
    pub change: Option<Change>,
}

/// The trainer of one game.
#[derive(Debug, Clone)]
pub struct Trainer {
    pub game: GameKind,
    /// The game's puzzles, the personal ones last.
    pub puzzles: Vec<Offered>,
    pub record: Record,
    /// Only puzzles about this theme (see [`Offered::fits`]).
    pub filter: Option<String>,
    /// Puzzles solved in a row (without a hint) in this session.
    pub streak: u32,
    pub current: Option<Current>,
}

impl Trainer {
    /// The trainer of `game` from the puzzles and the record read, with
    /// its first puzzle chosen (none when none fits), keeping the theme and
    /// the streak of the trainer it replaces (`old`, if one is on; a theme
    /// that leaves nothing to offer is dropped); and why puzzles were left
    /// out.
    pub fn from_loaded(game: GameKind, loaded: LoadedPuzzles, old: Option<&Trainer>) -> (Trainer, Vec<String>) {
        let mut notes = loaded.notes;
        let sets = loaded.puzzles.into_iter().map(|p| (p, false)).chain(loaded.personal.into_iter().map(|p| (p, true)));
        let mut puzzles = Vec::new();
        for (puzzle, personal) in sets.filter(|(p, _)| p.game == game) {
            match Offered::new(puzzle, personal) {
                Ok(o) => puzzles.push(o),
                Err(e) => notes.push(e),
            }
        }
        let (filter, streak) = old.map_or((None, 0), |old| (old.filter.clone(), old.streak));
        let mut trainer = Trainer { game, puzzles, record: loaded.record, filter, streak, current: None };
        if !trainer.next() && !trainer.filters().is_empty() {
            trainer.filter = None;
            trainer.next();
        }
        (trainer, notes)
    }

    /// The player's rating in this game.
    pub fn rating(&self) -> Rating {
        self.record.rating(self.game)
    }

    /// The puzzle on the board.
    pub fn offered(&self) -> Option<&Offered> {
        self.current.as_ref().map(|c| &self.puzzles[c.index])
    }

    /// The theme filters that would find puzzles here: `mate` and the
    /// themes of the puzzles on offer.
    pub fn filters(&self) -> Vec<String> {
        let mut all: Vec<String> = Vec::new();
        for t in self.puzzles.iter().flat_map(|o| &o.puzzle.themes) {
            let name = match t {
                Theme::MateIn(_) => "mate".to_string(),
                Theme::StalemateIn(_) => "stalemate".to_string(),
                other => other.to_string(),
            };
            if !all.contains(&name) {
                all.push(name);
            }
        }
        all
    }

    /// Picks the next puzzle: a personal one not yet solved comes back
    /// first (once [`PERSONAL_AGAIN_AFTER`] others were tried since); else
    /// the one rated nearest the player among those fitting the filter and
    /// not among the last [`NOT_AGAIN_WITHIN`] tried; else the one tried
    /// longest ago. Returns false when no puzzle fits the filter.
    pub fn next(&mut self) -> bool {
        let Some(index) = self.choose() else { return false };
        self.current = Some(Current { index, phase: Phase::Solving, hinted: false, change: None });
        true
    }

    fn choose(&self) -> Option<usize> {
        let tried = &self.record.attempts;
        let recent = |n: usize| -> HashSet<&str> { tried.iter().rev().take(n).map(|a| a.puzzle.as_str()).collect() };
        let (lately, just_now) = (recent(NOT_AGAIN_WITHIN), recent(PERSONAL_AGAIN_AFTER));
        let fitting = || self.puzzles.iter().enumerate().filter(|(_, o)| o.fits(self.filter.as_deref()));
        let solved =
            |id: &str| tried.iter().rev().find(|a| a.puzzle == id).is_some_and(|a| a.result == PuzzleOutcome::Solved);
        let due =
            fitting().find(|(_, o)| o.personal && !just_now.contains(o.puzzle.id.as_str()) && !solved(&o.puzzle.id));
        if let Some((i, _)) = due {
            return Some(i);
        }
        let me = self.rating().rating;
        let nearest = fitting().filter(|(_, o)| !lately.contains(o.puzzle.id.as_str())).min_by(|(_, a), (_, b)| {
            (f64::from(a.puzzle.rating) - me).abs().total_cmp(&(f64::from(b.puzzle.rating) - me).abs())
        });
        if let Some((i, _)) = nearest {
            return Some(i);
        }
        let last_tried = |id: &str| tried.iter().rposition(|a| a.puzzle == id);
        fitting().min_by_key(|(_, o)| last_tried(&o.puzzle.id)).map(|(i, _)| i)
    }

    /// The solution's move after `played` moves, if the line goes on.
    pub fn expected(&self, played: usize) -> Option<AnyMove> {
        self.offered().and_then(|o| o.line.get(played).copied())
    }

    /// Whether the solver's move `m`, played after `played` moves of the
    /// line in `pos`, is right: the solution's move, or any move that wins
    /// on the spot (another mate).
    pub fn is_right(&self, played: usize, pos: &AnyPosition, m: AnyMove) -> bool {
        if self.expected(played) == Some(m) {
            return true;
        }
        let solver = pos.turn();
        pos.after(m).ok().and_then(|next| next.outcome(&[])).is_some_and(|o| o.winner() == Some(solver))
    }

    /// The piece the hint marks: where the solver's next move starts.
    pub fn hint_square(&self, played: usize) -> Option<Square> {
        self.current.as_ref().filter(|c| c.hinted && c.phase == Phase::Solving)?;
        self.expected(played).map(|m| m.from())
    }
}

/// A puzzle of a missed win, from the player's own game: the position
/// before the `??` and the review's line from it, cut where the game ends
/// or after the solver's last move within [`MAX_SOLVER_MOVES`]. Not yet
/// checked: the runner has the judge re-prove it (one winning move at each
/// of the solver's turns) and rates it before it joins the personal set.
pub fn personal_candidate(pos: &AnyPosition, best_line: &[AnyMove]) -> Result<Puzzle, String> {
    let solver = pos.turn();
    let (mut at, mut line, mut san) = (pos.clone(), Vec::new(), Vec::new());
    for &m in best_line.iter().take(2 * MAX_SOLVER_MOVES as usize - 1) {
        let next = at.after(m).map_err(|e| e.to_string())?;
        san.push(at.san(m));
        at = next;
        line.push(m);
        if at.outcome(&[]).is_some() {
            break;
        }
    }
    if line.len() % 2 == 0 {
        line.pop();
        san.pop();
    }
    let Some(&first) = line.first() else { return Err("the review has no line from this position".into()) };
    let mut themes = Vec::new();
    let end = line.iter().try_fold(pos.clone(), |p, &m| p.after(m)).ok();
    if let Some(end) = end.filter(|end| end.outcome(&[]).is_some_and(|o| o.winner() == Some(solver))) {
        let n = line.len().div_ceil(2) as u8;
        themes.push(if end.is_check() { Theme::MateIn(n) } else { Theme::StalemateIn(n) });
    }
    let capture = pos.captured_by(first).is_some();
    let check = pos.after(first).is_ok_and(|p| p.is_check());
    themes.extend(capture.then_some(Theme::Capture));
    themes.extend(check.then_some(Theme::Check));
    themes.extend((!capture && !check).then_some(Theme::QuietMove));
    Ok(Puzzle {
        id: format!("me-{:010x}", pos.hash() >> 24),
        game: pos.kind(),
        fen: pos.fen(),
        solution: line.iter().map(ToString::to_string).collect(),
        san,
        rating: 0,
        themes,
        nodes: 0,
    })
}
