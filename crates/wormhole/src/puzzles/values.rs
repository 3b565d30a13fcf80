//! The piece values puzzles and the analysis's reasons measure material
//! with (centipawns, by [`Role::index`]): fixed, one row per piece set,
//! and apart from the engine's evaluation weights, so that tuning the
//! engine never changes which puzzles are valid. They are the values the
//! shipped sets were proved with (the games' evaluation weights until
//! the Portal games' evaluation became tapered). A game names its row
//! ([`Evaluate::judged_values`](crate::rules::Evaluate::judged_values));
//! [`Evaluate::judged_material`](crate::rules::Evaluate::judged_material)
//! weighs its pieces with it.
//!
//! ```
//! use wormhole::puzzles::values;
//! use wormhole::rules::Evaluate;
//! use wormhole::Role;
//! assert_eq!(values::ORTHODOX[Role::Rook.index()], 500);
//! // A rook up in Porthole chess, whatever the engine's weights say.
//! let pos = wormhole::porthole::Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
//! assert_eq!(pos.judged_material(), 500);
//! ```

use crate::core::Role;

/// The orthodox pieces, for the Portal games: P N B R Q (the king and the
/// fairy roles' slots unused).
pub const ORTHODOX: [i32; Role::MAX] = [100, 320, 330, 500, 900, 0, 0, 0, 0];

/// Wormhole chess with the classic set: P N B R Q K C W M.
pub const WORMHOLE_CLASSIC: [i32; Role::MAX] = [100, 205, 236, 318, 712, 0, 500, 420, 650];

/// Wormhole chess with the fairy set: P N B R Q K C W M.
pub const WORMHOLE_FAIRY: [i32; Role::MAX] = [100, 245, 258, 318, 701, 0, 472, 409, 660];

/// The material of `balance` (the side to move's pieces less the
/// opponent's, by role) under `values`.
#[inline]
pub fn weigh(balance: &[i32; Role::MAX], values: &[i32; Role::MAX]) -> i32 {
    balance.iter().zip(values).map(|(n, v)| n * v).sum()
}
