//! The exchange on one square, counted on bitboards, for the captures of
//! a game whose recaptures all land on that square (Porthole's normal
//! captures, Linked's piece moves). A game says which of its pieces reach
//! the square and whether taking there leaves the taker's king safe
//! ([`Takers`]); the counting is here, once: each step takes with the
//! least valuable piece whose capture is legal, ties broken in the order
//! the game's move generator lists the roles, a pawn reaching its last
//! rank promoting to the most valuable piece, so the value is the generic
//! evaluation's ([`see_by_moves`](super::see_by_moves)), which each game's
//! tests check on many positions.

use super::{MAX_EXCHANGE, SeeValues};
use crate::core::{Bitboard, Board, Color, Role, Square};

/// What a pawn may promote to, the first of equal values preferred.
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Where an exchange is, and how its game breaks ties.
pub(crate) struct OnSquare<'a> {
    /// The position's board.
    pub board: &'a Board,
    /// The square the capturing pieces end on.
    pub target: Square,
    /// The roles that may take back before the king, in the order the
    /// game's move generator lists their moves (which breaks ties between
    /// equal values).
    pub order: [Role; 5],
}

/// A game's geometry for an exchange on one square, the target.
pub(crate) trait Takers {
    /// The pieces of `side` among `occupied` (the squares still holding a
    /// piece) that reach the target, whether or not their king allows it.
    fn takers(&self, side: Color, occupied: u64) -> u64;

    /// Whether `side`'s piece on `from` may take on the target while
    /// `occupied` hold pieces: its king (on the target if `king`) is not
    /// attacked once it has taken.
    fn is_legal(&self, from: Square, side: Color, king: bool, occupied: u64) -> bool;
}

/// The value of an exchange begun by a capture that gained `gain` and left
/// `on_target` on the target: `side` (the opponent of the first taker)
/// takes back first, `occupied` the squares then holding a piece (the
/// target included). Each side takes back only while it pays.
#[inline]
pub(crate) fn exchange_value<T: Takers>(
    x: &T,
    at: &OnSquare,
    values: &SeeValues,
    gain: i32,
    mut on_target: Role,
    mut side: Color,
    mut occupied: u64,
) -> i32 {
    let mut gains = [0i32; MAX_EXCHANGE];
    gains[0] = gain;
    let mut n = 1;
    while n < MAX_EXCHANGE {
        let Some((from, role, promotion)) = least_valuable_taker(x, at, values, side, occupied) else { break };
        gains[n] = values[on_target.index()] + promotion_gain(promotion, values);
        on_target = promotion.unwrap_or(role);
        occupied &= !bit(from);
        side = !side;
        n += 1;
    }
    // From the last capture back: each takes back only if it gains.
    let reply = gains[1..n].iter().rev().fold(0, |reply, &g| (g - reply).max(0));
    gains[0] - reply
}

/// The legal capture on the target by `side` with its least valuable
/// piece: its square, role and promotion.
#[inline]
fn least_valuable_taker<T: Takers>(
    x: &T,
    at: &OnSquare,
    values: &SeeValues,
    side: Color,
    occupied: u64,
) -> Option<(Square, Role, Option<Role>)> {
    let board = at.board;
    let takers = x.takers(side, occupied) & !bit(at.target);
    if takers == 0 {
        return None;
    }
    let promotion = (at.target.rank() == side.last_rank()).then(|| best_promotion(values));
    let mut best: Option<(i32, Square, Role)> = None;
    for role in at.order {
        let key = order_key(values, role, promotion);
        if best.is_some_and(|(k, _, _)| key >= k) {
            continue;
        }
        let from = Bitboard(takers & board.by_role(role).0).find(|&f| x.is_legal(f, side, false, occupied));
        if let Some(f) = from {
            best = Some((key, f, role));
        }
    }
    if best.is_none() {
        let king = Bitboard(takers & board.by_role(Role::King).0).find(|&f| x.is_legal(f, side, true, occupied));
        best = king.map(|f| (0, f, Role::King));
    }
    best.map(|(_, f, role)| (f, role, if role == Role::Pawn { promotion } else { None }))
}

/// How the generic evaluation ranks a capture by `role` (the smaller
/// first): by its value, a pawn's best promotion a little ahead.
#[inline]
fn order_key(values: &SeeValues, role: Role, promotion: Option<Role>) -> i32 {
    let promoted = if role == Role::Pawn { promotion.map_or(0, |r| values[r.index()]) } else { 0 };
    values[role.index()] * 16 - promoted / 64
}

/// A pawn's most valuable promotion in `values` (the first of equals).
fn best_promotion(values: &SeeValues) -> Role {
    PROMOTIONS.into_iter().fold(Role::Queen, |best, r| if values[r.index()] > values[best.index()] { r } else { best })
}

/// What a promotion to `role` gains over the pawn, 0 without one.
#[inline]
pub(crate) fn promotion_gain(role: Option<Role>, values: &SeeValues) -> i32 {
    role.map_or(0, |r| values[r.index()] - values[Role::Pawn.index()])
}

/// The one-square bitboard of `sq`.
#[inline(always)]
pub(crate) fn bit(sq: Square) -> u64 {
    1u64 << sq.index()
}

/// What the games' exchange tests share.
#[cfg(test)]
pub(crate) mod testing {
    use rand::RngExt;

    use crate::engine::levels::make_rng;
    use crate::rules::{MoveSet, Rules};

    /// Plays `games` seeded random games from `start`, at most 160 plies
    /// each, a capture chosen a third of the time when there is one (so
    /// exchanges come often), and shows `visit` every position on the way.
    pub(crate) fn random_games<P: Rules + Clone>(start: &P, games: u64, mut visit: impl FnMut(&mut P)) {
        for seed in 1..=games {
            let mut rng = make_rng(Some(seed));
            let mut pos = start.clone();
            for _ in 0..160 {
                visit(&mut pos);
                let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
                let captures: Vec<P::Move> = moves.iter().copied().filter(|&m| pos.captured_by(m).is_some()).collect();
                let pool = if !captures.is_empty() && rng.random_range(0..3) == 0 { &captures } else { &moves };
                if pool.is_empty() {
                    break;
                }
                pos.play_unchecked(pool[rng.random_range(0..pool.len())]);
            }
        }
    }
}
