//! The review screen's state: a snapshot of the game, its analysis as the
//! results arrive, and the move being viewed. Pure: the analysis runs in
//! the effects runner (`analyst.rs`), and its reports are recorded here.

use wormhole::AnyPosition;
use wormhole::analysis::{AnalysisOptions, GameAnalysis, Judgement, MoveReview, PositionEval};
use wormhole::pgn::PgnGame;

use super::explore::Explore;
use super::highlights::Highlights;

/// Positions the review's analysis searches at once (the results do not
/// depend on it: see `analyse`).
pub const REVIEW_THREADS: usize = 2;

/// The review and the live analysis of a session, and the counter that
/// tells their reports apart from stale ones.
#[derive(Debug, Default)]
pub struct Study {
    pub review: Option<Review>,
    pub explore: Option<Explore>,
    /// The id of the last review or analysis started.
    pub last_id: u64,
}

impl Study {
    /// A fresh id for a review or analysis.
    pub fn next_id(&mut self) -> u64 {
        self.last_id += 1;
        self.last_id
    }
}

/// A game under review.
#[derive(Debug, Clone)]
pub struct Review {
    /// Tags the analysis' reports, so those of an older review are dropped.
    pub id: u64,
    /// The game as it stood when the review opened, with the players' names.
    pub pgn: PgnGame,
    pub analysis: GameAnalysis,
    /// The move viewed (its position before it is played), or the number of
    /// moves: the final position.
    pub ply: usize,
    /// Whether the analysis is still running.
    pub running: bool,
}

impl Review {
    /// A review of `pgn` with nothing analysed yet, viewing the first move.
    pub fn new(id: u64, pgn: PgnGame) -> Option<Review> {
        let analysis = GameAnalysis::new(&pgn.start, &pgn.moves).ok()?;
        Some(Review { id, pgn, analysis, ply: 0, running: false })
    }

    /// How the review's analysis searches: the full-strength engine, a
    /// node budget per position, so the same game gets the same review.
    pub fn options() -> AnalysisOptions {
        AnalysisOptions::with_nodes(AnalysisOptions::DEFAULT_NODES, REVIEW_THREADS)
    }

    /// Records one position's result.
    pub fn record(&mut self, index: usize, eval: PositionEval) {
        self.analysis.record(index, eval);
    }

    /// The number of moves of the game.
    pub fn len(&self) -> usize {
        self.analysis.moves().len()
    }

    /// The position the board shows: before the viewed move.
    pub fn position(&self) -> &AnyPosition {
        self.analysis.position(self.ply).unwrap_or(&self.pgn.start)
    }

    /// The viewed move's review, once both its positions are analysed.
    pub fn current(&self) -> Option<MoveReview> {
        self.analysis.review(self.ply)
    }

    /// Views move `ply` (clamped to the final position).
    pub fn go_to(&mut self, ply: usize) {
        self.ply = ply.min(self.len());
    }

    /// Views the next move judged at least an inaccuracy, after the viewed
    /// one, from the start again past the end. Returns whether there was one.
    pub fn next_judged(&mut self) -> bool {
        let next = self
            .analysis
            .next_judged(Some(self.ply), Judgement::Inaccuracy)
            .or_else(|| self.analysis.next_judged(None, Judgement::Inaccuracy));
        if let Some(p) = next {
            self.ply = p;
        }
        next.is_some()
    }

    /// Views the previous judged move, from the end again past the start.
    pub fn previous_judged(&mut self) -> bool {
        let judged = |p: &usize| self.analysis.review(*p).is_some_and(|r| r.judgement.is_some());
        let prev = (0..self.ply).rev().find(judged).or_else(|| (self.ply..self.len()).rev().find(judged));
        if let Some(p) = prev {
            self.ply = p;
        }
        prev.is_some()
    }

    /// What the board marks: the played move as the last move, the
    /// better move the review names as a hint (its piece and target).
    pub fn highlights(&self) -> Highlights {
        let last_move = self.analysis.moves().get(self.ply).copied();
        let mut hl = Highlights { last_move, ..Highlights::of(self.position()) };
        if let Some(better) = self.current().and_then(|r| r.better_move()) {
            hl.show_move(better);
        }
        hl
    }

    /// The game as annotated PGN (what `wormhole analyze` writes).
    pub fn annotated_pgn(&self) -> String {
        crate::analyze::annotated_pgn(&self.pgn, &self.analysis, &Review::options().how())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wormhole::analysis::Eval;
    use wormhole::rules::GameMove;
    use wormhole::{GameKind, Rules};

    fn review_of(sans: &[&str]) -> Review {
        let start = AnyPosition::new(GameKind::Classic);
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for san in sans {
            let m = pos.parse_move(san).unwrap();
            pos = pos.after(m).unwrap();
            moves.push(m);
        }
        Review::new(1, PgnGame::new(start, moves)).unwrap()
    }

    fn eval(cp: i32, line: Vec<wormhole::AnyMove>) -> PositionEval {
        PositionEval { eval: Eval::Cp(cp), line, depth: 5, exact: false, compared: None }
    }

    #[test]
    fn stepping_and_jumping_between_judged_moves() {
        let mut r = review_of(&["e4", "e5", "Nf3", "Nc6"]);
        let other = r.analysis.position(0).unwrap().parse_move("d4").unwrap();
        // Move 0 (e4) is not the engine's choice and drops White from +0.5 to -3.
        r.record(0, eval(50, vec![other]));
        r.record(1, eval(-300, vec![]));
        assert_eq!(r.current().unwrap().judgement, Some(Judgement::Blunder));
        r.go_to(3);
        assert!(r.next_judged(), "wraps around to the blunder");
        assert_eq!(r.ply, 0);
        assert!(r.previous_judged());
        assert_eq!(r.ply, 0);
        r.go_to(99);
        assert_eq!(r.ply, 4, "the final position");
        r.go_to(0);
        let hl = r.highlights();
        assert_eq!(hl.last_move, Some(r.analysis.moves()[0]));
        assert!(hl.selected.contains(other.from()) && hl.targets.contains(other.to()));
    }
}
