//! A puzzle's rating, estimated from what makes it hard for the engine
//! and for a player: one table of terms ([`TERMS`]).

/// What the rating is estimated from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Difficulty {
    /// Positions a full-strength search from scratch needs to choose the first move.
    pub nodes: u64,
    /// The solver's moves in the solution.
    pub solver_moves: u32,
    /// Legal moves in the puzzle's position.
    pub legal_moves: u32,
    /// Whether the first move captures.
    pub capture: bool,
    /// Whether the first move gives check.
    pub check: bool,
}

/// The rating's terms, in rating points.
pub struct Terms {
    /// Where every rating starts.
    pub base: f64,
    /// Per doubling of the positions the engine needs.
    pub per_doubling_of_nodes: f64,
    /// Per solver's move after the first.
    pub per_extra_move: f64,
    /// Per legal move in the position (more to choose from).
    pub per_legal_move: f64,
    /// When the first move captures (captures are looked at first).
    pub capture: f64,
    /// When the first move gives check.
    pub check: f64,
    /// The lowest and highest rating.
    pub range: (u16, u16),
}

/// The one table of the rating's terms.
pub const TERMS: Terms = Terms {
    base: 300.0,
    per_doubling_of_nodes: 80.0,
    per_extra_move: 150.0,
    per_legal_move: 4.0,
    capture: -100.0,
    check: -80.0,
    range: (400, 2800),
};

/// The rating of a puzzle of this difficulty.
///
/// ```
/// use wormhole::puzzles::{Difficulty, estimate};
/// let easy = Difficulty { nodes: 50, solver_moves: 1, legal_moves: 10, capture: true, check: true };
/// let hard = Difficulty { nodes: 200_000, solver_moves: 3, legal_moves: 40, capture: false, check: false };
/// assert!(estimate(&easy) < 1000 && estimate(&hard) > 2000);
/// ```
pub fn estimate(d: &Difficulty) -> u16 {
    let t = &TERMS;
    let value = t.base
        + t.per_doubling_of_nodes * (d.nodes as f64 + 1.0).log2()
        + t.per_extra_move * d.solver_moves.saturating_sub(1) as f64
        + t.per_legal_move * d.legal_moves as f64
        + if d.capture { t.capture } else { 0.0 }
        + if d.check { t.check } else { 0.0 };
    value.round().clamp(t.range.0 as f64, t.range.1 as f64) as u16
}
