//! The machinery every game's static evaluation is built from: an
//! evaluation is a weighted sum of counts, one [`Term`] per thing counted,
//! fed to a [`TermSink`] that either sums the weights (the search, [`Scorer`])
//! or counts the terms (fitting the weights, [`term_counts`]). Each game's
//! terms and weights live in its own folder.

use crate::core::{Board, Color, Role};
use crate::engine::orthodox_eval::{EG, PHASE_MAX, SCALE_MAX, taper};
pub use crate::rules::{Term, TermShape};

/// The material of `us` minus the other side's, when the piece values are
/// the first weights of `weights`, by [`Role::index`] (as the material term
/// is the first term of every game's evaluation).
#[inline]
pub(crate) fn material_balance<const N: usize>(board: &Board, us: Color, weights: &[i32; N]) -> i32 {
    let mut v = 0;
    for role in Role::SLOTS {
        let w = weights[role.index()];
        if w != 0 {
            v += w * (board.pieces(us, role).count() as i32 - board.pieces(!us, role).count() as i32);
        }
    }
    v
}

/// The pieces of `us` less the other side's on `board`, by role.
#[inline]
pub(crate) fn board_balance(board: &Board, us: Color) -> [i32; Role::MAX] {
    Role::SLOTS.map(|role| board.pieces(us, role).count() as i32 - board.pieces(!us, role).count() as i32)
}

/// Where the evaluation terms go: summed with weights for the search, or
/// counted for fitting the weights. Shared by every game's evaluation.
///
/// A tapered term ([`orthodox_eval`](crate::engine::orthodox_eval)) has a middlegame weight `index` and
/// an endgame weight `index + EG`, blended by the phase the game sets.
pub(crate) trait TermSink {
    /// Adds `count` occurrences of weight `index` for `color`.
    fn add(&mut self, color: usize, index: usize, count: i32);
    /// Adds `count` occurrences of the tapered term whose middlegame weight
    /// is `index` for `color`.
    fn add_tapered(&mut self, color: usize, index: usize, count: i32);
    /// Sets the phase the tapered terms are blended by (0 to
    /// [`PHASE_MAX`]); without it they count as in the endgame.
    fn set_phase(&mut self, phase: i32);
    /// Sets the endgame scale of each colour as the stronger side (by
    /// [`Color::index`], out of [`SCALE_MAX`], see
    /// [`orthodox_eval::scale`](crate::engine::orthodox_eval::scale)): the
    /// tapered terms' endgame sum counts by the scale of the side it
    /// favours. Without it, fully.
    fn set_scale(&mut self, scales: [i32; 2]);
}

/// Sums weighted terms per side.
pub(crate) struct Scorer<'a, const N: usize> {
    weights: &'a [i32; N],
    side: [i32; 2],
    /// The tapered terms' middlegame and endgame sums.
    mg: [i32; 2],
    eg: [i32; 2],
    phase: i32,
    /// See [`TermSink::set_scale`].
    scales: [i32; 2],
}

impl<'a, const N: usize> Scorer<'a, N> {
    /// A scorer with these weights and nothing summed yet.
    #[inline(always)]
    pub(crate) fn new(weights: &'a [i32; N]) -> Scorer<'a, N> {
        Scorer { weights, side: [0; 2], mg: [0; 2], eg: [0; 2], phase: 0, scales: [SCALE_MAX; 2] }
    }

    /// The sum for `us` minus the sum for the other side.
    #[inline(always)]
    pub(crate) fn for_side(&self, us: Color) -> i32 {
        let us = us.index();
        let diff = |a: [i32; 2]| a[us] - a[us ^ 1];
        diff(self.side) + taper(diff(self.mg), diff(self.eg), self.phase, us, self.scales)
    }
}

impl<const N: usize> TermSink for Scorer<'_, N> {
    #[inline(always)]
    fn add(&mut self, color: usize, index: usize, count: i32) {
        self.side[color] += self.weights[index] * count;
    }

    #[inline(always)]
    fn add_tapered(&mut self, color: usize, index: usize, count: i32) {
        self.mg[color] += self.weights[index] * count;
        self.eg[color] += self.weights[index + EG] * count;
    }

    #[inline(always)]
    fn set_phase(&mut self, phase: i32) {
        self.phase = phase;
    }

    #[inline(always)]
    fn set_scale(&mut self, scales: [i32; 2]) {
        self.scales = scales;
    }
}

/// Counts terms per side.
pub(crate) struct Counter<const N: usize> {
    counts: [[i32; N]; 2],
    phase: Option<i32>,
    scales: [i32; 2],
}

impl<const N: usize> TermSink for Counter<N> {
    #[inline]
    fn add(&mut self, color: usize, index: usize, count: i32) {
        self.counts[color][index] += count;
    }

    #[inline]
    fn add_tapered(&mut self, color: usize, index: usize, count: i32) {
        self.counts[color][index] += count;
        self.counts[color][index + EG] += count;
    }

    fn set_phase(&mut self, phase: i32) {
        self.phase = Some(phase);
    }

    fn set_scale(&mut self, scales: [i32; 2]) {
        self.scales = scales;
    }
}

/// How often each term `feed` gives occurs, `us`'s count minus the other
/// side's. In a game with tapered terms (one that sets the phase, whose
/// tapered terms are its first [`orthodox_eval::FEATURES`](crate::engine::orthodox_eval::FEATURES)) every count
/// is scaled by [`PHASE_MAX`] times [`SCALE_MAX`]: a middlegame weight's
/// count by the phase, an endgame weight's by `PHASE_MAX` minus it and
/// by the endgame scale ([`TermSink::set_scale`]) of the side that
/// `weights` (the game's own) favour in the endgame, so that the
/// evaluation under `weights` is the dot product with them divided by
/// `PHASE_MAX * SCALE_MAX` (rounded down).
pub(crate) fn term_counts<const N: usize>(
    us: Color,
    weights: &[i32; N],
    feed: impl FnOnce(&mut Counter<N>),
) -> [i32; N] {
    let mut counter = Counter { counts: [[0; N]; 2], phase: None, scales: [SCALE_MAX; 2] };
    feed(&mut counter);
    let us = us.index();
    let count = |i: usize| counter.counts[us][i] - counter.counts[us ^ 1][i];
    let Some(phase) = counter.phase else { return std::array::from_fn(count) };
    let eg: i32 = (EG..2 * EG).map(|i| count(i) * weights[i]).sum();
    let scale = counter.scales[if eg >= 0 { us } else { us ^ 1 }];
    std::array::from_fn(|i| match i {
        _ if i < EG => count(i) * phase * SCALE_MAX,
        _ if i < 2 * EG => count(i) * (PHASE_MAX - phase) * scale,
        _ => count(i) * PHASE_MAX * SCALE_MAX,
    })
}

/// Implements [`EvalWeights`] for a game's weights type `$params` (a
/// struct whose `weights` field holds one weight per feature) with the
/// table of terms `$terms`.
macro_rules! impl_eval_weights {
    ($params:ty, $terms:expr) => {
        impl $crate::rules::EvalWeights for $params {
            fn terms() -> &'static [$crate::engine::Term] {
                &$terms
            }
            fn weights(&self) -> &[i32] {
                &self.weights
            }
            fn weights_mut(&mut self) -> &mut [i32] {
                &mut self.weights
            }
        }
    };
}
pub(crate) use impl_eval_weights;

/// The scaffolding every game's evaluation module repeats, written once:
/// `FEATURES` (the number of weights, up to the end of the `$last` term),
/// the weights type `EvalParams` (its doc comment given first, one weight
/// per feature in the order of the module's `TERMS`, with its material
/// `value` and [`EvalWeights`](crate::rules::EvalWeights)), and
/// `features`, the counts of the terms the module's
/// `terms(pos: &$pos, sink)` feeds. With `material_first` after the
/// position type, also `material` and `evaluate` for the games whose
/// material is the board's pieces weighted by the first term (Wormhole
/// chess); with `orthodox_first`, the same for the games whose terms begin
/// with the tapered [`orthodox_eval`](crate::engine::orthodox_eval) terms and whose material is one
/// board's (Porthole and Linked-portal chess; Two-board counts a piece in
/// transit).
macro_rules! eval_scaffold {
    (@evaluate $pos:ty) => {
        /// The evaluation of `pos` from the side to move's point of view.
        /// With `positional` false, material only.
        pub fn evaluate(pos: &$pos, params: &EvalParams, positional: bool) -> i32 {
            if !positional {
                return material(pos, params);
            }
            let mut scorer = $crate::engine::Scorer::new(&params.weights);
            terms(pos, &mut scorer);
            scorer.for_side(pos.turn())
        }
    };
    ($(#[$doc:meta])* $pos:ty, $last:expr) => {
        /// The number of weights of the evaluation (see [`features`]).
        pub const FEATURES: usize = $last.start + $last.shape.weights();

        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct EvalParams {
            /// The weights, in the order of [`TERMS`].
            pub weights: [i32; FEATURES],
        }

        impl EvalParams {
            /// The material value of `role`.
            #[inline]
            pub fn value(&self, role: $crate::core::Role) -> i32 {
                self.weights[MATERIAL.at(role.index())]
            }
        }

        $crate::engine::impl_eval_weights!(EvalParams, TERMS);

        /// How often each term occurs, the side to move's count minus the
        /// opponent's: `evaluate` is the dot product of this with the
        /// default [`EvalParams::weights`] (with others too, but for an
        /// endgame scale that the default weights pick by the side they
        /// favour). For fitting the weights to game results.
        pub fn features(pos: &$pos) -> [i32; FEATURES] {
            $crate::engine::term_counts(pos.turn(), &EvalParams::default().weights, |sink| terms(pos, sink))
        }
    };
    ($(#[$doc:meta])* $pos:ty, material_first, $last:expr) => {
        $crate::engine::eval_scaffold!($(#[$doc])* $pos, $last);

        /// The side to move's pieces less the opponent's, by role.
        pub fn piece_balance(pos: &$pos) -> [i32; $crate::core::Role::MAX] {
            $crate::engine::board_balance(pos.board(), pos.turn())
        }

        /// Material only, from the side to move's point of view.
        pub fn material(pos: &$pos, params: &EvalParams) -> i32 {
            $crate::engine::material_balance(pos.board(), pos.turn(), &params.weights)
        }

        $crate::engine::eval_scaffold!(@evaluate $pos);
    };
    ($(#[$doc:meta])* $pos:ty, orthodox_first, $last:expr) => {
        $crate::engine::eval_scaffold!($(#[$doc])* $pos, $last);

        /// The side to move's pieces less the opponent's, by role.
        pub fn piece_balance(pos: &$pos) -> [i32; $crate::core::Role::MAX] {
            $crate::engine::board_balance(pos.board(), pos.turn())
        }

        /// Material only (tapered), from the side to move's point of view.
        pub fn material(pos: &$pos, params: &EvalParams) -> i32 {
            $crate::engine::orthodox_eval::material(pos.board(), pos.turn(), &params.weights)
        }

        $crate::engine::eval_scaffold!(@evaluate $pos);
    };
}
pub(crate) use eval_scaffold;
