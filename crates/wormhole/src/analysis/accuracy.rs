//! A side's accuracy over a game, as lichess computes it: the mean of a
//! volatility-weighted mean and the harmonic mean of its moves' accuracies.
//! The harmonic mean lets a few bad moves weigh much more than many easy
//! ones, so a side that threw its pieces away cannot score high by
//! playing the only moves in between.

/// The weight of each move (index: the move's ply) by how much White's
/// expected score `percents` (one per position, in percent) moved around
/// it: the standard deviation over a window of positions (2 to 8, a tenth
/// of the game), clamped to 0.5..12, as lichess weighs them.
pub(super) fn volatility_weights(percents: &[f64]) -> Vec<f64> {
    let moves = percents.len().saturating_sub(1);
    let window = (moves / 10).clamp(2, 8);
    if percents.len() < window {
        return vec![1.0; moves];
    }
    (0..moves)
        .map(|ply| {
            let start = (ply + 2).saturating_sub(window).min(percents.len() - window);
            deviation(&percents[start..start + window]).clamp(0.5, 12.0)
        })
        .collect()
}

/// The standard deviation of `xs` (not empty).
fn deviation(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// The game accuracy of moves given as (accuracy in percent, weight):
/// `(weighted mean + harmonic mean) / 2`, each accuracy at least 1 in the
/// harmonic mean; `None` without moves.
pub(super) fn game_accuracy(moves: &[(f64, f64)]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let weight: f64 = moves.iter().map(|&(_, w)| w).sum();
    let weighted = moves.iter().map(|&(a, w)| a * w).sum::<f64>() / weight;
    let harmonic = moves.len() as f64 / moves.iter().map(|&(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
    Some((weighted + harmonic) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bad_move_weighs_more_than_its_share() {
        let steady = vec![(100.0, 1.0); 10];
        assert!((game_accuracy(&steady).unwrap() - 100.0).abs() < 1e-9);
        let mut one_bad = steady.clone();
        one_bad[4] = (5.0, 1.0);
        let a = game_accuracy(&one_bad).unwrap();
        // The plain mean would be 90.5.
        assert!(a < 80.0, "{a}");
        assert_eq!(game_accuracy(&[]), None);
    }

    #[test]
    fn weights_follow_the_swings() {
        let flat = [50.0; 21];
        assert!(volatility_weights(&flat).iter().all(|&w| w == 0.5));
        let mut swing = flat;
        swing[10] = 90.0;
        let w = volatility_weights(&swing);
        assert_eq!(w.len(), 20);
        assert!(w[9] > w[0], "{w:?}");
    }
}
