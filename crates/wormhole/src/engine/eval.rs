//! The machinery every game's static evaluation is built from: an
//! evaluation is a weighted sum of counts, one [`Term`] per thing counted,
//! fed to a [`Sink`] that either sums the weights (the search, [`Scorer`])
//! or counts the terms (fitting the weights, [`term_counts`]). Each game's
//! terms and weights live in its own folder.

pub use crate::rules::{Term, TermShape};
use crate::{Board, Color, Role};

/// The material of `us` minus the other side's, when the piece values are
/// the first weights of `weights`, by [`Role::index`] (as the material term
/// is the first term of every game's evaluation).
#[inline]
pub(crate) fn material_balance<const N: usize>(board: &Board, us: Color, weights: &[i32; N]) -> i32 {
    let mut v = 0;
    for role in Role::ALL {
        let w = weights[role.index()];
        if w != 0 {
            v += w * (board.pieces(us, role).count() as i32 - board.pieces(!us, role).count() as i32);
        }
    }
    v
}

/// Where the evaluation terms go: summed with weights for the search, or
/// counted for fitting the weights. Shared by every game's evaluation.
pub(crate) trait Sink {
    /// Adds `count` occurrences of weight `index` for `color`.
    fn add(&mut self, color: usize, index: usize, count: i32);
}

/// Sums weighted terms per side.
pub(crate) struct Scorer<'a, const N: usize> {
    weights: &'a [i32; N],
    side: [i32; 2],
}

impl<'a, const N: usize> Scorer<'a, N> {
    /// A scorer with these weights and nothing summed yet.
    #[inline(always)]
    pub(crate) fn new(weights: &'a [i32; N]) -> Scorer<'a, N> {
        Scorer { weights, side: [0; 2] }
    }

    /// The sum for `us` minus the sum for the other side.
    #[inline(always)]
    pub(crate) fn for_side(&self, us: Color) -> i32 {
        let us = us.index();
        self.side[us] - self.side[us ^ 1]
    }
}

impl<const N: usize> Sink for Scorer<'_, N> {
    #[inline(always)]
    fn add(&mut self, color: usize, index: usize, count: i32) {
        self.side[color] += self.weights[index] * count;
    }
}

/// Counts terms per side.
pub(crate) struct Counter<const N: usize> {
    counts: [[i32; N]; 2],
}

impl<const N: usize> Sink for Counter<N> {
    #[inline]
    fn add(&mut self, color: usize, index: usize, count: i32) {
        self.counts[color][index] += count;
    }
}

/// How often each term `feed` gives occurs, `us`'s count minus the other side's.
pub(crate) fn term_counts<const N: usize>(us: Color, feed: impl FnOnce(&mut Counter<N>)) -> [i32; N] {
    let mut counter = Counter { counts: [[0; N]; 2] };
    feed(&mut counter);
    let us = us.index();
    std::array::from_fn(|i| counter.counts[us][i] - counter.counts[us ^ 1][i])
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
