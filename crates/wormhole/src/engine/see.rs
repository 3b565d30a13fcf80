//! Static exchange evaluation (SEE): what a capture wins or loses once
//! both sides have taken back for as long as it pays them, each taking
//! the piece that captured last with its least valuable piece, nothing
//! else moving. In ordinary chess that is the exchange on the capture's
//! square; a Porthole capture of a piece on a porthole takes it on the
//! entry and comes out at the exit, so there the exchange follows the
//! capturing piece to where it stands.
//!
//! The generic evaluation here is built on the game's own legal captures
//! and make/unmake ([`SearchHooks::see`] by default), so it knows every
//! game's geometry without a table of attacks: a Porthole or Linked
//! recapture through a porthole or portal, a Wormhole piece reaching
//! round a hole, pins and checks (an illegal recapture is never counted).
//! It allocates nothing: the recaptures are generated into one reused
//! list, and the exchange is a recursion at most [`MAX_EXCHANGE`] deep.
//!
//! In Two-board portal chess the side that replies plays the other board,
//! so no capture is answered on its square at once: the generic value is
//! then the victim's value.

use super::SearchHooks;
use crate::core::{Role, Square};

pub(crate) mod on_square;
use crate::rules::{GameMove, MoveBuffer};

/// Piece values by [`Role::index`], in centipawns, that an exchange is
/// counted in (the game's judged values, see
/// [`Evaluate::judged_values`](crate::rules::Evaluate::judged_values)).
pub type SeeValues = [i32; Role::MAX];

/// The longest exchange followed (captures on one square, the first
/// included); beyond it the side to move stops.
pub const MAX_EXCHANGE: usize = 32;

/// The exchange value of the capture `m` in `pos` (legal, the side to
/// move's), from the mover's point of view: what it wins, less what the
/// opponent then wins on that square, and so on, each side stopping when
/// going on would lose. A promotion counts its gain. `scratch` holds the
/// recaptures as they are generated (cleared first; any content is lost).
/// The position is as it was on return.
pub fn see_by_moves<P: SearchHooks>(pos: &mut P, m: P::Move, values: &SeeValues, scratch: &mut P::SearchList) -> i32 {
    let gain = capture_gain(pos, m, values);
    if !m.moves_piece() {
        return gain;
    }
    let undo = pos.play_unchecked(m);
    let reply = exchange(pos, m.board(), m.to(), values, scratch, 1);
    pos.undo(m, undo);
    gain - reply
}

/// A lower bound of [`see_by_moves`] known without playing anything: the
/// victim (and promotion) less the capturing piece, which the opponent at
/// worst takes back; a king, never taken back, counts nothing, and so
/// does a move of something other than a piece.
#[inline]
pub fn see_floor<P: SearchHooks>(pos: &P, m: P::Move, values: &SeeValues) -> i32 {
    if !m.moves_piece() {
        return capture_gain(pos, m, values);
    }
    let mover = pos.boards()[pos.board_to_play()].piece_at(m.from()).map(|p| p.role);
    let risked = match mover {
        Some(Role::King) | None => 0,
        Some(_) => values[m.promotion().or(mover).map_or(0, Role::index)],
    };
    capture_gain(pos, m, values) - risked
}

/// What the side to move wins by taking the piece on `target` of board
/// `board` (the one that captured last), 0 if it had better not: its
/// least valuable capture of it, less the opponent's best continuation.
fn exchange<P: SearchHooks>(
    pos: &mut P,
    board: usize,
    target: Square,
    values: &SeeValues,
    scratch: &mut P::SearchList,
    depth: usize,
) -> i32 {
    if depth >= MAX_EXCHANGE {
        return 0;
    }
    let Some(m) = least_valuable_capture(pos, board, target, values, scratch) else {
        return 0;
    };
    let gain = capture_gain(pos, m, values);
    let undo = pos.play_unchecked(m);
    let reply = exchange(pos, m.board(), m.to(), values, scratch, depth + 1);
    pos.undo(m, undo);
    (gain - reply).max(0)
}

/// The side to move's legal capture of the piece on `target` of board
/// `board` with its least valuable piece (the king last; of a pawn's promotions, the most
/// valuable), if it has one.
fn least_valuable_capture<P: SearchHooks>(
    pos: &P,
    board: usize,
    target: Square,
    values: &SeeValues,
    scratch: &mut P::SearchList,
) -> Option<P::Move> {
    let safety = pos.king_safety();
    scratch.clear();
    pos.generate(&safety, scratch, true);
    let on = &pos.boards()[pos.board_to_play()];
    let mut best: Option<(i32, P::Move)> = None;
    for &m in scratch.as_mut_slice().iter() {
        if victim_square(m) != target || m.board() != board || !m.moves_piece() || pos.captured_by(m).is_none() {
            continue;
        }
        let key = match on.piece_at(m.from()).map(|p| p.role) {
            Some(Role::King) | None => i32::MAX,
            Some(role) => values[role.index()] * 16 - m.promotion().map_or(0, |r| values[r.index()]) / 64,
        };
        if best.is_none_or(|(k, _)| key < k) {
            best = Some((key, m));
        }
    }
    best.map(|(_, m)| m)
}

/// Where the piece a capture takes stands: the entry of a porthole
/// move, otherwise where the capturing piece lands (en passant aside,
/// which never takes a piece that has just captured).
#[inline]
fn victim_square<M: GameMove>(m: M) -> Square {
    m.entry().unwrap_or(m.to())
}

/// What the capture `m` wins at once: its victim, and a promotion's gain
/// over the pawn.
#[inline]
fn capture_gain<P: SearchHooks>(pos: &P, m: P::Move, values: &SeeValues) -> i32 {
    let victim = pos.captured_by(m).map_or(0, |p| values[p.role.index()]);
    victim + m.promotion().map_or(0, |r| values[r.index()] - values[Role::Pawn.index()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Square;
    use crate::engine::Searchable;
    use crate::rules::{MoveSet, Rules};

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// The static exchange value of the legal move from `from` to `to`
    /// (entering at `entry` if given) in `pos`, in its game's judged
    /// values; checks that the evaluation leaves the position as it found
    /// it and that [`see_floor`] is a lower bound of it.
    fn see_in<P: Searchable>(mut pos: P, from: &str, to: &str, entry: Option<&str>) -> i32 {
        let legal = Rules::legal_moves(&pos);
        let m = legal
            .iter()
            .find(|m| m.from() == sq(from) && m.to() == sq(to) && m.entry() == entry.map(sq))
            .unwrap_or_else(|| panic!("no legal move {from}-{to} in {}", pos.fen()));
        let (before, hash) = (pos.fen(), Rules::hash(&pos));
        let values = pos.judged_values();
        let mut scratch = P::SearchList::default();
        let value = pos.see(m, values, &mut scratch);
        assert_eq!((pos.fen(), Rules::hash(&pos)), (before, hash), "the position changed");
        assert!(see_floor(&pos, m, values) <= value, "the floor is above the value");
        value
    }

    /// [`see_in`] the Porthole position `fen`.
    #[cfg(feature = "porthole")]
    fn see_of(fen: &str, from: &str, to: &str, entry: Option<&str>) -> i32 {
        see_in(crate::games::porthole::Position::from_fen(fen).unwrap(), from, to, entry)
    }

    #[cfg(feature = "wormhole")]
    #[test]
    fn a_wormhole_rook_defends_across_holes() {
        use crate::games::wormhole::{Position, Variant};
        // The e6 rook's first square down is e3, the holes on e5 and e4
        // skipped: Rxe3 Rxe3, a rook (318 in Wormhole chess) for a pawn.
        let holes = Position::from_fen("k7/8/4r3/4x3/4x3/4p3/8/4R2K w 2", Variant::Classic).unwrap();
        assert_eq!(see_in(holes, "e1", "e3", None), 100 - 318);
        // Without the holes the rook reaches e5 and e4 only.
        let none = Position::from_fen("k7/8/4r3/8/8/4p3/8/4R2K w 0", Variant::Classic).unwrap();
        assert_eq!(see_in(none, "e1", "e3", None), 100);
    }

    #[cfg(feature = "porthole")]
    #[test]
    fn an_undefended_pawn_is_won() {
        assert_eq!(see_of("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1", "d5", None), 100);
    }

    #[cfg(feature = "porthole")]
    #[test]
    fn a_queen_taking_a_defended_pawn_loses_the_queen_for_it() {
        assert_eq!(see_of("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1", "d5", None), 100 - 900);
    }

    #[cfg(feature = "porthole")]
    #[test]
    fn a_pawn_taking_a_defended_knight_wins_knight_for_pawn() {
        assert_eq!(see_of("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4", "d5", None), 320 - 100);
    }

    #[cfg(feature = "porthole")]
    #[test]
    fn a_rook_behind_the_capturing_rook_backs_it_up() {
        // Rxd5 Rxd5 Rxd5: the d1 rook joins once the d2 rook has gone.
        assert_eq!(see_of("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2", "d5", None), 100);
        // Alone, the rook is lost for the pawn.
        assert_eq!(see_of("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2", "d5", None), 100 - 500);
    }

    #[cfg(feature = "porthole")]
    #[test]
    fn the_exchange_stops_where_going_on_would_lose() {
        // Bxd5: the queen does not take back, as the d1 rook would take her.
        assert_eq!(see_of("3qk3/8/8/3p4/8/1B6/8/3RK3 w - - 0 1", "b3", "d5", None), 100);
        // Without the rook she does: bishop for pawn.
        assert_eq!(see_of("3qk3/8/8/3p4/8/1B6/8/4K3 w - - 0 1", "b3", "d5", None), 100 - 330);
    }

    #[cfg(feature = "porthole")]
    #[test]
    fn a_pinned_defender_does_not_take_back() {
        // The e6 pawn guards d5 but is pinned to its king by the e1 rook.
        assert_eq!(see_of("4k3/8/4p3/3p4/8/8/8/3QR1K1 w - - 0 1", "d1", "d5", None), 100);
    }

    #[cfg(feature = "porthole")]
    #[test]
    fn a_promotion_counts_its_gain() {
        // bxa8=Q, nothing takes back: a rook and a queen for the pawn.
        assert_eq!(see_of("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7", "a8", None), 500 + 800);
    }

    #[cfg(feature = "porthole")]
    #[test]
    fn a_recapture_through_a_porthole_is_counted() {
        // The queen takes the pawn on the d5 porthole and comes out on h5,
        // the only other one; the g6 pawn takes her there by diving into
        // h5 and comes out on d1, where the d5 token went.
        let defended = "4k3/8/6p1/3p4/8/8/8/3Q3K w - - 0 1 d5,h5";
        assert_eq!(see_of(defended, "d1", "h5", Some("d5")), 100 - 900);
        // With the king on e1, he takes that pawn on the d1 porthole in
        // turn (coming out on g6, where the h5 token went).
        let king_takes_back = "4k3/8/6p1/3p4/8/8/8/3QK3 w - - 0 1 d5,h5";
        assert_eq!(see_of(king_takes_back, "d1", "h5", Some("d5")), 100 - 900 + 100);
        let undefended = "4k3/8/8/3p4/8/8/8/3Q3K w - - 0 1 d5,h5";
        assert_eq!(see_of(undefended, "d1", "h5", Some("d5")), 100);
    }
}
