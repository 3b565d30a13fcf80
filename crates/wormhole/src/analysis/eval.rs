//! Evaluations from White's point of view, winning chances, and the
//! `[%eval ...]` form that annotated PGN files carry.

use std::fmt;

use crate::core::Color;
use crate::engine::Score;
use crate::games::GameKind;

/// An evaluation of a position from White's point of view: centipawns, or
/// a proved result.
///
/// ```
/// use wormhole::Color;
/// use wormhole::analysis::Eval;
/// use wormhole::engine::Score;
/// // Black to move, and Black is proved to lose in 4 plies: White mates in 2.
/// let eval = Eval::from_score(Score::Loss(4), Color::Black);
/// assert_eq!(eval, Eval::Proved { winner: Color::White, plies: 4 });
/// assert_eq!(eval.to_string(), "#2");
/// assert_eq!(Eval::Cp(-117).to_string(), "-1.17");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// A heuristic estimate in centipawns, positive when White is better.
    Cp(i32),
    /// A proved result: `winner` wins, the loser running out of moves at
    /// most `plies` plies from this position (0: the game is over).
    Proved {
        /// The side that wins.
        winner: Color,
        /// Plies until the loser has no legal move.
        plies: u32,
    },
}

impl Eval {
    /// The evaluation of a search [`Score`] found with `turn` to move.
    pub fn from_score(score: Score, turn: Color) -> Eval {
        match score {
            Score::Cp(cp) if turn == Color::White => Eval::Cp(cp),
            Score::Cp(cp) => Eval::Cp(-cp),
            Score::Win(plies) => Eval::Proved { winner: turn, plies },
            Score::Loss(plies) => Eval::Proved { winner: !turn, plies },
        }
    }

    /// The same evaluation as a [`Score`] from `side`'s point of view.
    pub fn for_side(self, side: Color) -> Score {
        match self {
            Eval::Cp(cp) if side == Color::White => Score::Cp(cp),
            Eval::Cp(cp) => Score::Cp(-cp),
            Eval::Proved { winner, plies } if winner == side => Score::Win(plies),
            Eval::Proved { plies, .. } => Score::Loss(plies),
        }
    }

    /// Whether this evaluation is strictly better for `side` than `other`:
    /// higher winning chances; between proved results, the faster win or
    /// the slower loss.
    ///
    /// ```
    /// use wormhole::Color;
    /// use wormhole::analysis::Eval;
    /// assert!(Eval::Cp(-20).is_better_for(Color::Black, Eval::Cp(10)));
    /// assert!(!Eval::Cp(10).is_better_for(Color::White, Eval::Cp(10)));
    /// ```
    pub fn is_better_for(self, side: Color, other: Eval) -> bool {
        self.rank_for(side) > other.rank_for(side)
    }

    /// An order of evaluations for `side`: wins first, the faster the
    /// better, then centipawns, then losses, the slower the better.
    fn rank_for(self, side: Color) -> i64 {
        match self.for_side(side) {
            Score::Win(n) => i64::MAX - i64::from(n),
            Score::Cp(cp) => i64::from(cp),
            Score::Loss(n) => i64::MIN + i64::from(n),
        }
    }

    /// Whether `side` is proved to win.
    pub fn is_proved_win_for(self, side: Color) -> bool {
        matches!(self, Eval::Proved { winner, .. } if winner == side)
    }

    /// `side`'s winning chances in the game `kind`, from -1 (a sure loss) to 1 (a
    /// sure win): 1 or -1 for a proved result, else `2 / (1 + e^(-k·cp)) - 1`
    /// with the slope `k` fitted to self-play games (see [`win_chance_slope`]).
    ///
    /// ```
    /// use wormhole::{Color, GameKind};
    /// use wormhole::analysis::Eval;
    /// let eval = Eval::Cp(150);
    /// let white = eval.win_chances(Color::White, GameKind::Classic);
    /// assert!(white > 0.0 && white < 1.0);
    /// assert_eq!(eval.win_chances(Color::Black, GameKind::Classic), -white);
    /// ```
    pub fn win_chances(self, side: Color, kind: GameKind) -> f64 {
        match self.for_side(side) {
            Score::Win(_) => 1.0,
            Score::Loss(_) => -1.0,
            // 2 / (1 + e^(-x)) - 1 is tanh(x / 2), which is exactly odd.
            Score::Cp(cp) => (win_chance_slope(kind) * cp as f64 / 2.0).tanh(),
        }
    }

    /// `side`'s expected score in the game `kind`, from 0 (a sure loss)
    /// to 1 (a sure win), a draw counting half: `(1 + win_chances) / 2`.
    /// The same expected score means the same chances in every game, so
    /// the review judges moves by its loss with one set of thresholds.
    ///
    /// ```
    /// use wormhole::{Color, GameKind};
    /// use wormhole::analysis::Eval;
    /// assert_eq!(Eval::Cp(0).expected_score(Color::White, GameKind::Twoboard), 0.5);
    /// let up = Eval::Cp(300);
    /// assert!(up.expected_score(Color::White, GameKind::Classic) > up.expected_score(Color::White, GameKind::Twoboard));
    /// ```
    pub fn expected_score(self, side: Color, kind: GameKind) -> f64 {
        (1.0 + self.win_chances(side, kind)) / 2.0
    }

    /// The centipawn evaluation (White's view) at which White's expected
    /// score in `kind` is `score` (strictly between 0 and 1): the inverse
    /// of [`Eval::expected_score`].
    ///
    /// ```
    /// use wormhole::{Color, GameKind};
    /// use wormhole::analysis::Eval;
    /// let eval = Eval::for_expected_score(0.8, GameKind::Porthole);
    /// assert!((eval.expected_score(Color::White, GameKind::Porthole) - 0.8).abs() < 0.01);
    /// ```
    pub fn for_expected_score(score: f64, kind: GameKind) -> Eval {
        let chances = (2.0 * score - 1.0).clamp(-0.999_999, 0.999_999);
        Eval::Cp((2.0 * chances.atanh() / win_chance_slope(kind)).round() as i32)
    }

    /// Who is expected to win in `kind`, in words: `White wins 82%` (the
    /// expected score, a draw counting half), `even` at 50%; for a proved
    /// result, who wins.
    ///
    /// ```
    /// use wormhole::{Color, GameKind};
    /// use wormhole::analysis::Eval;
    /// assert_eq!(Eval::Cp(0).chances(GameKind::Classic), "even");
    /// assert_eq!(Eval::Cp(-400).chances(GameKind::Classic), "Black wins 83%");
    /// assert_eq!(Eval::Proved { winner: Color::White, plies: 3 }.chances(GameKind::Linked), "White wins");
    /// ```
    pub fn chances(self, kind: GameKind) -> String {
        if let Eval::Proved { winner, .. } = self {
            return format!("{winner} wins");
        }
        let white = (self.expected_score(Color::White, kind) * 100.0).round() as i32;
        match white {
            50 => "even".to_string(),
            w if w > 50 => format!("White wins {w}%"),
            w => format!("Black wins {}%", 100 - w),
        }
    }

    /// Reads the evaluation of an annotated PGN comment such as
    /// `[%eval 0.17]` or `[%eval #-3]`. `turn` is the side to move in the
    /// position the comment describes; it settles `#0` (the game is over:
    /// the side to move has lost).
    ///
    /// ```
    /// use wormhole::Color;
    /// use wormhole::analysis::Eval;
    /// assert_eq!(Eval::from_pgn_comment("[%eval -0.35] Mistake.", Color::White), Some(Eval::Cp(-35)));
    /// assert_eq!(Eval::from_pgn_comment("[%eval #0]", Color::Black),
    ///            Some(Eval::Proved { winner: Color::White, plies: 0 }));
    /// assert_eq!(Eval::from_pgn_comment("no evaluation", Color::White), None);
    /// ```
    pub fn from_pgn_comment(comment: &str, turn: Color) -> Option<Eval> {
        let start = comment.find("[%eval ")? + "[%eval ".len();
        let value = comment[start..].split(']').next()?.trim();
        let Some(moves) = value.strip_prefix('#') else {
            let pawns: f64 = value.parse().ok().filter(|p: &f64| p.is_finite())?;
            return Some(Eval::Cp((pawns * 100.0).round() as i32));
        };
        let moves: i64 = moves.parse().ok()?;
        let winner = match moves {
            0 => !turn,
            m if m > 0 => Color::White,
            _ => Color::Black,
        };
        // A win in m moves of the winner is at most 2m-1 plies when the
        // winner is to move, 2m plies when the loser is.
        let moves = u32::try_from(moves.unsigned_abs()).ok()?;
        let plies = if moves == 0 {
            0
        } else if winner == turn {
            2 * moves - 1
        } else {
            2 * moves
        };
        Some(Eval::Proved { winner, plies })
    }
}

/// The `[%eval]` value: pawns with two decimals from White's point of
/// view (`0.17`, `-1.20`), or `#N`: White mates in N moves (`#-N`: Black
/// does; `#0`: the game is over).
impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Cp(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                write!(f, "{sign}{}.{:02}", cp.unsigned_abs() / 100, cp.unsigned_abs() % 100)
            }
            Eval::Proved { winner, plies } => {
                let sign = if winner == Color::Black && plies > 0 { "-" } else { "" };
                write!(f, "#{sign}{}", plies.div_ceil(2))
            }
        }
    }
}

/// The slope `k` of the logistic curve `2 / (1 + e^(-k·cp)) - 1` that turns
/// centipawns into winning chances in the game `kind`.
///
/// Each game's slope lives in its folder ([`GameInfo::win_chance_slope`](crate::game_info::GameInfo::win_chance_slope)),
/// fitted by maximum likelihood to the results of self-play games by
/// `examples/fit_win_chances.rs` (50,000-node searches of the positions
/// from the fifth ply on; proved positions left out); the game's folder
/// gives the commands, the figures and how well predicted and observed win
/// rates agree. For comparison, lichess uses 0.00368 for chess.
pub fn win_chance_slope(kind: GameKind) -> f64 {
    kind.info().win_chance_slope
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_form_reads_back() {
        let evals = [
            Eval::Cp(0),
            Eval::Cp(17),
            Eval::Cp(-5),
            Eval::Cp(-120),
            Eval::Cp(2345),
            Eval::Proved { winner: Color::White, plies: 1 },
            Eval::Proved { winner: Color::Black, plies: 5 },
        ];
        for eval in evals {
            let text = format!("[%eval {eval}]");
            // Odd plies: the winner is to move.
            let turn = match eval {
                Eval::Proved { winner, .. } => winner,
                Eval::Cp(_) => Color::White,
            };
            assert_eq!(Eval::from_pgn_comment(&text, turn), Some(eval), "{text}");
        }
        assert_eq!(Eval::Cp(-5).to_string(), "-0.05");
        let white_mates_in_2 = Eval::Proved { winner: Color::White, plies: 4 };
        assert_eq!(white_mates_in_2.to_string(), "#2");
        assert_eq!(Eval::from_pgn_comment("[%eval #2]", Color::Black), Some(white_mates_in_2));
        assert_eq!(
            Eval::from_pgn_comment("[%eval #-0]", Color::White),
            Some(Eval::Proved { winner: Color::Black, plies: 0 })
        );
        assert_eq!(Eval::from_pgn_comment("[%eval nan]", Color::White), None);
        assert_eq!(Eval::from_pgn_comment("[%eval #x]", Color::White), None);
    }

    #[test]
    fn winning_chances_are_monotonic_and_bounded() {
        let mut last = -1.0;
        for cp in (-3000..=3000).step_by(50) {
            let w = Eval::Cp(cp).win_chances(Color::White, GameKind::Classic);
            assert!(w > last && w < 1.0, "{cp}: {w}");
            last = w;
        }
        let proved = Eval::Proved { winner: Color::Black, plies: 3 };
        assert_eq!(proved.win_chances(Color::Black, GameKind::Fairy), 1.0);
        assert_eq!(proved.win_chances(Color::White, GameKind::Fairy), -1.0);
    }
}
