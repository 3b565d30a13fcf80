//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system",
//! 2013), as lichess rates its players and puzzles: a rating, its
//! deviation (how unsure it is) and a volatility (how much it is expected
//! to move). The puzzle trainer keeps one per game.

use std::f64::consts::PI;

/// The factor between the Glicko scale and the Glicko-2 scale.
const SCALE: f64 = 173.7178;

/// The rating everyone starts from.
pub const START_RATING: f64 = 1500.0;

/// The deviation of a new player: as unsure as a rating gets.
pub const MAX_DEVIATION: f64 = 350.0;

/// The deviation never falls below this, so that a rating keeps moving.
pub const MIN_DEVIATION: f64 = 45.0;

/// The volatility of a new player (Glickman's suggestion).
pub const START_VOLATILITY: f64 = 0.06;

/// The system constant τ: how fast the volatility may change. Glickman
/// suggests 0.3 to 1.2; lichess uses 0.75.
pub const TAU: f64 = 0.75;

/// How sure a puzzle's rating is taken to be: a puzzle's rating is an
/// estimate from how hard the engine finds it, not from many players.
pub const PUZZLE_DEVIATION: f64 = 80.0;

/// The ratings a player can have: a record outside is not read, and a
/// puzzle's result never leaves it.
pub const RATINGS: std::ops::RangeInclusive<f64> = 0.0..=5000.0;

/// The volatilities a record may hold (above 0).
pub const VOLATILITIES: std::ops::RangeInclusive<f64> = 0.000_001..=1.0;

/// How close the volatility iteration must get (Glickman's ε).
const EPSILON: f64 = 0.000_001;

/// A Glicko-2 rating on the familiar (Glicko) scale.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating { rating: START_RATING, deviation: MAX_DEVIATION, volatility: START_VOLATILITY }
    }
}

/// One game of a rating period: the opponent and the score (1 win, 0 loss, 0.5 draw).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatedGame {
    pub opponent: Rating,
    pub score: f64,
}

/// Glickman's g(φ): how much an opponent's uncertainty damps a result.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// The expected score against an opponent (μ and φ of the opponent).
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// The rating after one rating period with these games and system
    /// constant `tau` (steps 2 to 8 of Glickman's paper; no games: only the
    /// deviation grows). Not clamped: see [`Rating::after_puzzle`].
    pub fn after(self, games: &[RatedGame], tau: f64) -> Rating {
        let (mu, phi, sigma) = ((self.rating - START_RATING) / SCALE, self.deviation / SCALE, self.volatility);
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Rating { deviation: phi_star * SCALE, ..self };
        }
        let mut inv_v = 0.0;
        let mut sum = 0.0;
        for game in games {
            let (mu_j, phi_j) = ((game.opponent.rating - START_RATING) / SCALE, game.opponent.deviation / SCALE);
            let e = expected(mu, mu_j, phi_j);
            inv_v += g(phi_j) * g(phi_j) * e * (1.0 - e);
            sum += g(phi_j) * (game.score - e);
        }
        let v = 1.0 / inv_v;
        let delta = v * sum;
        let sigma = new_volatility(phi, sigma, v, delta, tau);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        Rating { rating: mu * SCALE + START_RATING, deviation: phi * SCALE, volatility: sigma }
    }

    /// The rating after one puzzle of `puzzle` rating, solved (`score` 1) or
    /// failed (0): one game against the puzzle, rated as sure as
    /// [`PUZZLE_DEVIATION`] says, with the deviation kept within
    /// [`MIN_DEVIATION`] and [`MAX_DEVIATION`].
    pub fn after_puzzle(self, puzzle: f64, score: f64) -> Rating {
        let opponent = Rating { rating: puzzle, deviation: PUZZLE_DEVIATION, volatility: START_VOLATILITY };
        let r = self.after(&[RatedGame { opponent, score }], TAU);
        let rating = r.rating.clamp(*RATINGS.start(), *RATINGS.end());
        Rating { rating, deviation: r.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION), ..r }
    }

    /// What is wrong with a rating read from a file, if anything: a value
    /// that is no number or out of its range ([`RATINGS`], the deviations
    /// from [`MIN_DEVIATION`] to [`MAX_DEVIATION`], [`VOLATILITIES`]).
    pub fn problem(&self) -> Option<String> {
        let deviations = MIN_DEVIATION..=MAX_DEVIATION;
        [
            ("rating", self.rating, &RATINGS),
            ("deviation", self.deviation, &deviations),
            ("volatility", self.volatility, &VOLATILITIES),
        ]
        .into_iter()
        .find(|(_, v, range)| !range.contains(v))
        .map(|(name, v, range)| format!("{name} {v} is out of range ({} to {})", range.start(), range.end()))
    }
}

/// Step 5 of the paper: the new volatility σ', by the Illinois algorithm.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - d) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > EPSILON {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            (big_a, f_a) = (big_b, f_b);
        } else {
            f_a /= 2.0;
        }
        (big_b, f_b) = (c, f_c);
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opponent(rating: f64, deviation: f64) -> Rating {
        Rating { rating, deviation, volatility: START_VOLATILITY }
    }

    #[test]
    fn glickmans_worked_example() {
        // The paper's example: τ = 0.5, a player of 1500 / 200 / 0.06
        // beats a 1400 and loses to a 1550 and a 1700.
        let player = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let games = [
            RatedGame { opponent: opponent(1400.0, 30.0), score: 1.0 },
            RatedGame { opponent: opponent(1550.0, 100.0), score: 0.0 },
            RatedGame { opponent: opponent(1700.0, 300.0), score: 0.0 },
        ];
        let r = player.after(&games, 0.5);
        assert!((r.rating - 1464.06).abs() < 0.01, "{r:?}");
        assert!((r.deviation - 151.52).abs() < 0.01, "{r:?}");
        assert!((r.volatility - 0.05999).abs() < 0.00001, "{r:?}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let player = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let r = player.after(&[], 0.5);
        assert_eq!(r.rating, 1500.0);
        // φ* = sqrt(φ² + σ²) on the Glicko-2 scale.
        let phi = 200.0 / SCALE;
        assert!((r.deviation - (phi * phi + 0.0036f64).sqrt() * SCALE).abs() < 1e-9, "{r:?}");
    }

    #[test]
    fn solving_raises_failing_lowers_and_a_hard_puzzle_counts_more() {
        let me = Rating::default();
        let easy = me.after_puzzle(1200.0, 1.0);
        let hard = me.after_puzzle(1800.0, 1.0);
        assert!(easy.rating > me.rating && hard.rating > easy.rating, "{easy:?} {hard:?}");
        let failed = me.after_puzzle(1800.0, 0.0);
        assert!(failed.rating < me.rating && failed.deviation < me.deviation, "{failed:?}");
        // Many results settle the deviation far below a new player's, never under the floor.
        let settled = (0..500).fold(me, |r, i| r.after_puzzle(1500.0, f64::from(i % 2)));
        assert!(settled.deviation >= MIN_DEVIATION && settled.deviation < 70.0, "{settled:?}");
    }
}
