//! Match statistics from colour-swapped game pairs (the pentanomial model,
//! as fastchess uses): the two games of one opening form one sample, so an
//! opening's bias towards one colour cancels out. A pair scores from 0 to 2
//! points: 0, 1 or 2 in Wormhole chess, which has no draws, and halves too
//! in Porthole chess.
//!
//! The Elo difference comes with a 95% interval, and the sequential
//! probability ratio test (SPRT) uses the generalized log-likelihood
//! ratio of fishtest and cutechess-cli in its normal approximation.

/// The per-game score of each game pair, from engine A's side.
#[derive(Clone, Debug, Default)]
pub struct Pairs {
    scores: Vec<f64>,
}

/// An Elo difference with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The estimate.
    pub elo: f64,
    /// The lower end of the interval (may be -infinity).
    pub low: f64,
    /// The upper end of the interval (may be +infinity).
    pub high: f64,
}

/// The Elo difference that gives a per-game score of `score`.
fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The per-game score an Elo difference of `elo` gives.
fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Pairs {
    /// Records a pair in which A scored `points` (0 to 2, by halves) over its two games.
    pub fn push(&mut self, points: f64) {
        self.scores.push(points / 2.0);
    }

    /// The number of pairs.
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// The mean per-game score and the variance of a pair's score.
    fn moments(&self) -> (f64, f64) {
        let n = self.scores.len().max(1) as f64;
        let mean = self.scores.iter().sum::<f64>() / n;
        let var = self.scores.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>() / n;
        (mean, var)
    }

    /// The Elo difference of A over B with its 95% interval; `None` before
    /// the first pair.
    pub fn elo(&self) -> Option<Elo> {
        if self.scores.is_empty() {
            return None;
        }
        let (mean, var) = self.moments();
        let margin = 1.96 * (var / self.len() as f64).sqrt();
        Some(Elo { elo: elo_of(mean), low: elo_of(mean - margin), high: elo_of(mean + margin) })
    }

    /// The log-likelihood ratio of "A is `elo1` stronger" against "A is
    /// `elo0` stronger".
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        if self.scores.is_empty() {
            return 0.0;
        }
        let (mean, _) = self.moments();
        // The variance with one lost and one won pseudo-pair added, so that a
        // few identical pairs (variance 0) do not end the test at once.
        let n = self.len() as f64;
        let spread = self.scores.iter().chain(&[0.0, 1.0]).map(|s| (s - mean) * (s - mean)).sum::<f64>();
        let var = spread / (n + 2.0);
        let (s0, s1) = (score_of(elo0), score_of(elo1));
        self.len() as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }
}

/// A sequential probability ratio test: stop as soon as the games show A
/// is `elo1` stronger (H1) or only `elo0` (H0), with error rates
/// `alpha` and `beta`.
#[derive(Clone, Copy, Debug)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative hypothesis.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What an SPRT concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A is at least `elo1` stronger.
    H1,
    /// A is at most `elo0` stronger.
    H0,
}

impl Sprt {
    /// The LLR bounds: below the first accept H0, above the second H1.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The verdict after `pairs`, if the LLR crossed a bound.
    pub fn verdict(&self, pairs: &Pairs) -> Option<Verdict> {
        let llr = pairs.llr(self.elo0, self.elo1);
        let (low, high) = self.bounds();
        if llr >= high {
            Some(Verdict::H1)
        } else if llr <= low {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(counts: [usize; 3]) -> Pairs {
        let mut p = Pairs::default();
        for (points, &n) in counts.iter().enumerate() {
            for _ in 0..n {
                p.push(points as f64);
            }
        }
        p
    }

    #[test]
    fn elo_and_interval() {
        // 75%: +191 Elo.
        let e = pairs([10, 30, 60]).elo().unwrap();
        assert!((e.elo - 190.85).abs() < 0.1, "{e:?}");
        assert!(e.low < e.elo && e.elo < e.high && e.high - e.low < 200.0, "{e:?}");
        // Even: 0, with a symmetric interval.
        let e = pairs([20, 10, 20]).elo().unwrap();
        assert!(e.elo.abs() < 1e-9 && (e.low + e.high).abs() < 1e-6, "{e:?}");
        // All won: no finite estimate.
        assert_eq!(pairs([0, 0, 5]).elo().unwrap().elo, f64::INFINITY);
        assert!(Pairs::default().elo().is_none());
    }

    #[test]
    fn sprt_decides_clear_cases_and_waits_on_close_ones() {
        let sprt = Sprt { elo0: 0.0, elo1: 50.0, alpha: 0.05, beta: 0.05 };
        let (low, high) = sprt.bounds();
        assert!((high - 2.944).abs() < 1e-3 && (low + 2.944).abs() < 1e-3);
        assert_eq!(sprt.verdict(&pairs([5, 20, 40])), Some(Verdict::H1));
        assert_eq!(sprt.verdict(&pairs([40, 20, 5])), Some(Verdict::H0));
        assert_eq!(sprt.verdict(&pairs([2, 3, 3])), None);
        // A single drawn pair (zero variance) decides nothing.
        assert_eq!(sprt.verdict(&pairs([0, 1, 0])), None);
        assert_eq!(sprt.verdict(&pairs([0, 0, 2])), None);
    }
}
