//! The search's numbers: margins, depths and move counts of the pruning
//! near the leaves, the null move's reduction and the history's bonus, in
//! one table with today's values as its defaults, so each can be measured
//! (`wormhole match --engine-a rfpmargin=80`, the UCI option `Settings`)
//! without a build.

/// The search's numbers (see the module docs); the defaults are the
/// values measured best so far.
///
/// ```
/// use wormhole::engine::{Features, Tuning};
///
/// let mut features = Features::default();
/// features.tuning = Tuning { deep_rfp_margin: 80, ..Tuning::default() };
/// assert_eq!(features.tuning.deep_futility_depth, Tuning::default().deep_futility_depth);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// A quiet move's history bonus for a cutoff grows by this times the
    /// depth squared ...
    pub history_bonus_quadratic: i32,
    /// ... plus this times the depth ...
    pub history_bonus_linear: i32,
    /// ... up to this (the history's bound is 16,384).
    pub history_bonus_max: i32,
    /// The deep pruning's reverse futility margin per ply, in centipawns.
    pub deep_rfp_margin: i32,
    /// How many plies from the leaves the deep pruning's reverse futility reaches.
    pub deep_rfp_depth: i32,
    /// The deep pruning's futility margin at any depth, in centipawns.
    pub deep_futility_base: i32,
    /// The deep pruning's futility margin per ply, in centipawns.
    pub deep_futility_margin: i32,
    /// How many plies from the leaves the deep pruning's futility reaches.
    pub deep_futility_depth: i32,
    /// The deep pruning's late-move pruning keeps this many quiet moves
    /// plus the depth squared (twice as many when the position improves).
    pub deep_lmp_base: i32,
    /// How many plies from the leaves the deep pruning's late-move pruning reaches.
    pub deep_lmp_depth: i32,
    /// The null move's reduction at any depth, in plies (a third of the
    /// depth more, and a ply per 200 centipawns above beta, up to three).
    pub null_reduction: i32,
    /// The exchange pruning skips a quiet move when the opponent wins
    /// more than this a ply of depth on its square, in centipawns.
    pub see_quiet_margin: i32,
    /// The exchange pruning skips a capture losing more than this times
    /// the depth squared, in centipawns.
    pub see_capture_margin: i32,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            history_bonus_quadratic: 8,
            history_bonus_linear: 0,
            history_bonus_max: 4000,
            deep_rfp_margin: 90,
            deep_rfp_depth: 7,
            deep_futility_base: 100,
            deep_futility_margin: 100,
            deep_futility_depth: 6,
            deep_lmp_base: 2,
            deep_lmp_depth: 8,
            null_reduction: 3,
            see_quiet_margin: 65,
            see_capture_margin: 20,
        }
    }
}

impl Tuning {
    /// The history bonus of a cutoff at `depth` plies.
    #[inline]
    pub(super) fn history_bonus(&self, depth: i32) -> i32 {
        (self.history_bonus_quadratic * depth * depth + self.history_bonus_linear * depth).min(self.history_bonus_max)
    }
}
