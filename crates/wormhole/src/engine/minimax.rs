//! A plain minimax on material, the way simple game bots play: every line
//! searched to exactly N plies (or to the game's end), no quiescence
//! search, no transposition table, no pruning, no positional terms, and a
//! random choice among the root moves that score best. The levels' ladder
//! is measured against it (`wormhole match --engine-b minimax=2`).

use rand::RngExt;
use rand::rngs::SmallRng;

use super::levels::make_rng;
use crate::rules::{Evaluate, GameOutcome, MoveSet, Rules};

/// What a game won within the horizon is worth, in centipawns: more than
/// any material (a win sooner or later is worth the same: plain minimax).
pub const WIN_VALUE: i32 = 1_000_000;

/// A plain `depth`-ply minimax player on material.
///
/// ```
/// use wormhole::engine::Minimax;
/// use wormhole::{Position, Variant};
/// let fen = "xxxxkxxr/ppxxxppp/xxpx1x1x/rxxxxx1P/xQ1xxpnx/1Pxxxx1N/xxxxxPxx/xxxxKxxR w 40";
/// let pos = Position::from_fen(fen, Variant::Classic).unwrap();
/// let mut bot = Minimax::new(2, Some(7));
/// let (m, value) = bot.choose(&pos).unwrap();
/// // White's Nxf4 leaves Black no legal move: a win, seen within two plies.
/// assert_eq!(pos.san(m), "Nxf4#");
/// assert_eq!(value, wormhole::engine::WIN_VALUE);
/// ```
#[derive(Debug)]
pub struct Minimax {
    depth: u32,
    rng: SmallRng,
}

impl Minimax {
    /// A player that looks `depth` plies ahead (at least one), its random
    /// choices seeded when `seed` is given.
    pub fn new(depth: u32, seed: Option<u64>) -> Minimax {
        Minimax { depth: depth.max(1), rng: make_rng(seed) }
    }

    /// The plies it looks ahead.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// A move of the side to move, picked at random among those whose
    /// `depth`-ply minimax value is the highest, with that value
    /// (centipawns of material for the side to move, or ±[`WIN_VALUE`]);
    /// `None` when the game is over. Positions inside the horizon are not
    /// checked for repetition.
    pub fn choose<P: Rules + Evaluate>(&mut self, pos: &P) -> Option<(P::Move, i32)> {
        if pos.outcome(&[]).is_some() {
            return None;
        }
        let params = pos.default_params();
        let mut pos = pos.clone();
        let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
        let mut best = Vec::new();
        let mut best_value = i32::MIN;
        for m in moves {
            let undo = pos.play_unchecked(m);
            let value = -value(&mut pos, self.depth - 1, &params);
            pos.undo(m, undo);
            if value > best_value {
                best.clear();
                best_value = value;
            }
            if value == best_value {
                best.push(m);
            }
        }
        let chosen = *best.get(self.rng.random_range(0..best.len().max(1)))?;
        Some((chosen, best_value))
    }
}

/// The minimax value of `pos` for the side to move, `depth` plies deep.
fn value<P: Rules + Evaluate>(pos: &mut P, depth: u32, params: &P::Params) -> i32 {
    if let Some(outcome) = pos.outcome(&[]) {
        return match outcome.winner() {
            Some(winner) if winner == pos.turn() => WIN_VALUE,
            Some(_) => -WIN_VALUE,
            None => 0,
        };
    }
    if depth == 0 {
        return pos.material(params);
    }
    let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
    let mut best = i32::MIN;
    for m in moves {
        let undo = pos.play_unchecked(m);
        best = best.max(-value(pos, depth - 1, params));
        pos.undo(m, undo);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wormhole::{Position, Variant};

    /// Picks `bot` makes in `pos`, `n` times.
    fn picks(bot: &mut Minimax, pos: &Position, n: usize) -> std::collections::HashSet<String> {
        (0..n).map(|_| pos.san(bot.choose(pos).unwrap().0)).collect()
    }

    #[test]
    fn a_level_material_count_leaves_a_random_choice_among_equals() {
        let pos = Position::new(Variant::Classic);
        let mut bot = Minimax::new(2, Some(1));
        let (_, value) = bot.choose(&pos).unwrap();
        assert_eq!(value, 0, "no capture within two plies of the start");
        assert!(picks(&mut bot, &pos, 40).len() > 5, "equal moves are picked at random");
    }

    #[test]
    fn one_ply_grabs_a_defended_pawn_and_two_plies_see_the_recapture() {
        // White's queen can take d5, which the pawn on c6 defends.
        let pos = Position::from_fen("4k3/8/2p5/3p4/8/3Q4/8/4K3 w 0", Variant::Classic).unwrap();
        let level = pos.material(&pos.default_params());
        let mut one = Minimax::new(1, Some(1));
        let (m, value) = one.choose(&pos).unwrap();
        assert_eq!(pos.san(m), "Qxd5");
        assert!(value > level, "a pawn up: {value} against {level}");
        let mut two = Minimax::new(2, Some(1));
        let chosen = picks(&mut two, &pos, 30);
        assert!(!chosen.contains("Qxd5") && chosen.len() > 1, "{chosen:?}");
        assert_eq!(two.choose(&pos).unwrap().1, level);
    }
}
