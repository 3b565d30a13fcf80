//! Linked-portal chess's static exchange evaluation on bitboards: the
//! engine's generic one ([`see_by_moves`](crate::engine::see::see_by_moves))
//! generates every legal capture, testing each by playing it, at each step
//! of the exchange.
//!
//! The exchange follows the capturing pieces to the square where each
//! lands, the target (docs/linked.md#arriving-on-the-joined-square):
//!
//! - a target off the portal cells is reached by the pieces arriving
//!   there directly (lines stopped by pieces and portal cells) and, while
//!   the joined square J is empty, by the sliders whose line enters one
//!   cell and goes on from the other to the target;
//! - a target on a cell holds J's resident, which a piece takes by
//!   entering the other cell and comes out on the target: the takers are
//!   the pieces arriving on the other cell directly. (Entering the
//!   resident's own cell takes it too, but comes out on the other cell:
//!   like the generic evaluation, which follows only recaptures landing on
//!   the target, this one leaves that recapture out, so the values agree.)
//!
//! Each step takes the least valuable attacker whose capture is legal (its
//! king, on a cell attacked around both cells, not attacked once it has
//! moved: pins through the portal and checks respected), pieces taken away
//! as they capture (x-rays, and J emptied when its resident takes), ties
//! broken in the move generator's order (pawns, knights, bishops, rooks,
//! queens, the king last; by square), so the value is the generic
//! evaluation's, which the tests check on the captures of many random
//! games. Without active portals (none, or frozen) the game is orthodox
//! chess and so is its exchange. Only piece moves are evaluated here;
//! anything else is left to the generic evaluation.

use super::{Move, MoveKind, Position};
use crate::core::orthodox;
use crate::core::steps::{self, slide};
use crate::core::{Bitboard, Color, Role, Square};
use crate::engine::see::SeeValues;
use crate::engine::see::on_square::{OnSquare, Takers, bit, exchange_value, promotion_gain};

/// The roles that may take back before the king, in the order the move
/// generator lists their moves: pawns, knights, bishops, rooks, queens.
const TAKERS: [Role; 5] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// The square an exchange is on and the portal cells.
struct LinkedExchange<'a> {
    pos: &'a Position,
    /// Where the capturing pieces land.
    target: Square,
    /// The square the takers arrive on: the target, or the other cell
    /// when the target is a portal cell.
    entry: usize,
    /// The active portal cells (0 without active portals).
    cells: u64,
}

impl Position {
    /// The static exchange value of the legal capture `m` when it is a
    /// piece move (see the module docs); `None` for a castling or portal
    /// move.
    pub(crate) fn see_bitboards(&self, m: Move, values: &SeeValues) -> Option<i32> {
        if !matches!(m.kind(), MoveKind::Normal | MoveKind::EnPassant) {
            return None;
        }
        let mover = self.board.piece_at(m.from())?.role;
        let taken = self.capture_square(m);
        let victim = taken.and_then(|sq| self.board.piece_at(sq)).map_or(0, |p| values[p.role.index()]);
        let gain = victim + promotion_gain(m.promotion(), values);
        let mut occupied = self.board.occupied().0 & !bit(m.from());
        if let Some(sq) = taken {
            occupied &= !bit(sq);
        }
        let x = LinkedExchange::new(self, m.to());
        let at = OnSquare { board: &self.board, target: m.to(), order: TAKERS };
        let on_target = m.promotion().unwrap_or(mover);
        Some(exchange_value(&x, &at, values, gain, on_target, !self.turn, occupied | bit(m.to())))
    }
}

impl Takers for LinkedExchange<'_> {
    /// The pieces arriving on the entry: directly, or, J empty, through it.
    #[inline]
    fn takers(&self, side: Color, occupied: u64) -> u64 {
        self.reach(self.entry, side, occupied)
    }

    /// The king, on a cell attacked around both cells, is not attacked.
    #[inline]
    fn is_legal(&self, from: Square, side: Color, king: bool, occupied: u64) -> bool {
        let king_square = if king { Some(self.target) } else { self.pos.board.king_of(side) };
        let Some(k) = king_square else { return true };
        !self.attacked(k.index(), !side, occupied & !bit(from))
    }
}

impl<'a> LinkedExchange<'a> {
    /// The exchange on `target` in `pos`.
    fn new(pos: &'a Position, target: Square) -> LinkedExchange<'a> {
        let cells = pos.portals.cells().0;
        let entry = if cells & bit(target) != 0 { pos.portals.other_cell(target) } else { target };
        LinkedExchange { pos, target, entry: entry.index(), cells }
    }

    /// Whether `by` attacks the square `s` when `occupied` are the squares
    /// holding a piece (the target's piece not one of `by`'s): a piece on a
    /// cell is attacked by every arrival on either cell.
    #[inline]
    fn attacked(&self, s: usize, by: Color, occupied: u64) -> bool {
        let attackers = if self.cells & 1 << s != 0 {
            Bitboard(self.cells).fold(0, |a, c| a | self.direct(c.index(), by, occupied))
        } else {
            self.reach(s, by, occupied)
        };
        attackers & !bit(self.target) != 0
    }

    /// The pieces of `by` in `occupied` arriving on `s` directly, lines
    /// stopped by pieces and cells.
    #[inline(always)]
    fn direct(&self, s: usize, by: Color, occupied: u64) -> u64 {
        orthodox::attackers(&self.pos.board, s, by, occupied | self.cells) & occupied
    }

    /// The pieces of `by` in `occupied` that could capture on `s`:
    /// arriving there directly, or, J empty, by a line through it.
    #[inline]
    fn reach(&self, s: usize, by: Color, occupied: u64) -> u64 {
        let direct = self.direct(s, by, occupied);
        if self.cells == 0 || occupied & self.cells != 0 {
            return direct;
        }
        direct | self.through(s, by, occupied)
    }

    /// The sliders of `by` in `occupied` reaching `s` through the empty J:
    /// looking from `s`, a line meets a cell, and from the other cell the
    /// line in the same direction meets the slider.
    #[inline]
    fn through(&self, s: usize, by: Color, occupied: u64) -> u64 {
        let board = &self.pos.board;
        let own = board.by_color(by).0 & occupied;
        let queens = board.by_role(Role::Queen).0;
        let orthogonal = (queens | board.by_role(Role::Rook).0) & own;
        let diagonal = (queens | board.by_role(Role::Bishop).0) & own;
        if orthogonal | diagonal == 0 {
            return 0;
        }
        let stop = occupied | self.cells;
        let mut found = 0;
        for d in steps::ALL {
            let hit = slide(d, s, stop) & self.cells;
            if hit == 0 {
                continue;
            }
            let exit = self.pos.portals.other_cell(Square::new(hit.trailing_zeros() as u8)).index();
            let sliders = if steps::ORTHOGONAL.contains(&d) { orthogonal } else { diagonal };
            found |= slide(d, exit, stop) & sliders;
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::orthodox::JUDGED_VALUES;
    use crate::engine::see::on_square::testing::random_games;
    use crate::engine::see::see_by_moves;

    /// How many captures of each kind were checked.
    #[derive(Debug, Default)]
    struct Checked {
        /// With no active portals (none or frozen): orthodox chess.
        orthodox: usize,
        /// Landing off the cells, portals active.
        off_cells: usize,
        /// Landing on a cell (J's resident taken) or going through J.
        portal: usize,
    }

    /// Checks every capture of `pos` against the generic evaluation.
    fn check_captures(pos: &mut Position, values: &SeeValues, checked: &mut Checked) {
        let mut scratch = Vec::new();
        for m in pos.legal_moves().iter() {
            if pos.captured_by(m).is_none() {
                continue;
            }
            let fast = pos.see_bitboards(m, values);
            let generic = see_by_moves(pos, m, values, &mut scratch);
            assert_eq!(fast, Some(generic), "{m} in {}", pos.fen());
            let cells = pos.portals.cells();
            let through = pos.routes(m.from()).is_some_and(|r| r.direct & bit(m.to()) == 0);
            if cells.is_empty() {
                checked.orthodox += 1;
            } else if cells.contains(m.to()) || through {
                checked.portal += 1;
            } else {
                checked.off_cells += 1;
            }
        }
    }

    /// Checks every capture of the positions of `games` random games
    /// from `start`.
    fn check_random_games(start: &Position, games: u64, values: &SeeValues) -> Checked {
        let mut checked = Checked::default();
        random_games(start, games, |pos| check_captures(pos, values, &mut checked));
        checked
    }

    /// The start position with the portals on `portals`.
    fn start_with(portals: &str) -> Position {
        Position::from_fen(&format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {portals}")).unwrap()
    }

    #[test]
    fn agrees_with_the_generic_evaluation_in_random_linked_games() {
        for portals in ["e4,a5", "d4,e5", "c4,f5", "h4,h5"] {
            let checked = check_random_games(&start_with(portals), 150, &JUDGED_VALUES);
            assert!(checked.off_cells > 5_000, "{portals}: {checked:?}");
            assert!(checked.portal > 300, "{portals}: {checked:?}");
            assert!(checked.orthodox > 300, "{portals}: {checked:?}");
        }
    }

    #[test]
    fn agrees_with_the_generic_evaluation_in_random_games_without_portals() {
        let checked = check_random_games(&start_with("-"), 200, &JUDGED_VALUES);
        assert!(checked.orthodox > 10_000, "{checked:?}");
    }

    #[test]
    fn agrees_with_the_generic_evaluation_when_knight_and_bishop_are_equal() {
        // Equal values make the order of the takers matter: the generator's.
        let mut values = JUDGED_VALUES;
        values[Role::Bishop.index()] = values[Role::Knight.index()];
        let checked = check_random_games(&start_with("d4,e5"), 100, &values);
        assert!(checked.off_cells > 3_000, "{checked:?}");
    }

    /// The value of the move `text` (coordinates) in `fen`, checked
    /// against the generic evaluation.
    fn see(fen: &str, text: &str) -> i32 {
        let mut pos = Position::from_fen(fen).unwrap();
        let m = pos.legal_moves().iter().find(|m| m.to_string() == text).unwrap();
        let fast = pos.see_bitboards(m, &JUDGED_VALUES).unwrap();
        assert_eq!(fast, see_by_moves(&mut pos, m, &JUDGED_VALUES, &mut Vec::new()), "{text} in {fen}");
        fast
    }

    #[test]
    fn a_rook_takes_back_through_the_portal() {
        // Qxa2: the h8 rook goes down the h-file, enters h5, comes out of
        // a4 and goes on down to a2.
        assert_eq!(see("4k2r/8/8/8/8/8/p7/1Q4K1 w - - 0 1 a4,h5", "b1a2"), 100 - 900);
        // A piece on h6 stops it; so does a piece on a cell (J not empty).
        assert_eq!(see("4k2r/8/7n/8/8/8/p7/1Q4K1 w - - 0 1 a4,h5", "b1a2"), 100);
        assert_eq!(see("4k2r/8/8/7n/8/8/p7/1Q4K1 w - - 0 1 a4,h5", "b1a2"), 100);
        assert_eq!(see("4k2r/8/8/8/8/8/p7/1Q4K1 w - - 0 1", "b1a2"), 100);
    }

    #[test]
    fn the_resident_is_taken_back_by_entering_the_other_cell() {
        // cxd4>e5 takes the knight on e5; the c5 pawn enters d4 and takes
        // the pawn on e5 in turn.
        assert_eq!(see("4k3/8/8/2p1n3/8/2P5/8/4K3 w - - 0 1 d4,e5", "c3e5"), 320 - 100);
        // With the f3 knight entering d4 after it, Black does not take back.
        assert_eq!(see("4k3/8/8/2p1n3/8/2P2N2/8/4K3 w - - 0 1 d4,e5", "c3e5"), 320);
    }

    #[test]
    fn a_pin_through_the_portal_keeps_a_defender_from_taking_back() {
        // The a1 rook's line enters a5 and goes on up the e-file from e4:
        // the e6 knight, which guards g5, is pinned to its king on e8.
        assert_eq!(see("4k3/8/4n3/6p1/8/8/8/R5QK w - - 0 1 e4,a5", "g1g5"), 100);
        assert_eq!(see("4k3/8/4n3/6p1/8/8/8/R5QK w - - 0 1", "g1g5"), 100 - 900);
    }
}
