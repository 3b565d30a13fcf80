//! Porthole chess's static exchange evaluation on bitboards, for the
//! captures that are normal moves: the engine's generic one
//! ([`see_by_moves`]) generates every legal capture at each step of the
//! exchange, which cost the search about a fifth of its speed.
//!
//! A normal capture's square is not a P-square (no normal move ends on
//! one), and an exchange of normal captures moves no token, so every
//! recapture is a normal move to that square: the pieces attacking it
//! with the lines blocked by the pieces still in place and every token.
//! Each step takes the least valuable attacker whose capture is legal
//! (its king not attacked once it has moved: pins and checks respected,
//! a king never takes a defended piece), in the order the move generator
//! lists them (knights, bishops, rooks, queens, pawns, the king last), so
//! the value is the generic evaluation's, which the tests check on many
//! positions. A porthole capture, whose piece comes out elsewhere, is
//! left to the generic evaluation.

use super::{Move, MoveKind, Position, attacks};
use crate::core::{Color, Role, Square};
use crate::engine::see::SeeValues;
use crate::engine::see::on_square::{OnSquare, Takers, bit, exchange_value, promotion_gain};

/// The roles that may take back before the king, in the order the move
/// generator lists their moves: knights, bishops, rooks, queens, pawns.
const TAKERS: [Role; 5] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::Pawn];

/// The square an exchange is on and what blocks lines as it goes.
struct PortholeExchange<'a> {
    pos: &'a Position,
    target: Square,
    /// The P-squares, which block lines whatever stands on them.
    tokens: u64,
}

impl Position {
    /// The static exchange value of the legal capture `m` when it is a
    /// normal move (see the module docs); `None` for a porthole capture.
    pub(crate) fn see_normal(&self, m: Move, values: &SeeValues) -> Option<i32> {
        if m.kind() != MoveKind::Normal {
            return None;
        }
        let mover = self.board.piece_at(m.from())?.role;
        let victim = self.board.piece_at(m.to()).map_or(0, |p| values[p.role.index()]);
        let gain = victim + promotion_gain(m.promotion(), values);
        let x = PortholeExchange { pos: self, target: m.to(), tokens: self.tokens.squares().0 };
        let at = OnSquare { board: &self.board, target: m.to(), order: TAKERS };
        let occupied = self.board.occupied().0 & !bit(m.from());
        Some(exchange_value(&x, &at, values, gain, m.promotion().unwrap_or(mover), !self.turn, occupied))
    }
}

impl Takers for PortholeExchange<'_> {
    /// The pieces attacking the target, lines blocked by the pieces still
    /// in place and by every token.
    #[inline]
    fn takers(&self, side: Color, occupied: u64) -> u64 {
        attacks::attackers(&self.pos.board, self.target.index(), side, occupied | self.tokens) & occupied
    }

    /// The king is not attacked by the pieces of the other side still in
    /// play off the target.
    #[inline]
    fn is_legal(&self, from: Square, side: Color, king: bool, occupied: u64) -> bool {
        let board = &self.pos.board;
        let t = bit(self.target);
        let king_square = if king { Some(self.target) } else { board.king_of(side) };
        let Some(k) = king_square else { return true };
        let occupied = occupied & !bit(from) | t;
        let enemies = board.by_color(!side).0 & occupied & !t;
        attacks::attackers(board, k.index(), !side, occupied | self.tokens) & enemies == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::orthodox::JUDGED_VALUES;
    use crate::engine::see::on_square::testing::random_games;
    use crate::engine::see::see_by_moves;

    /// Checks every normal capture of `pos` against the generic
    /// evaluation; returns how many it checked.
    fn check_captures(pos: &mut Position, values: &SeeValues) -> usize {
        let mut scratch = Vec::new();
        let mut checked = 0;
        for m in pos.legal_moves().iter() {
            if pos.captured_by(m).is_none() {
                continue;
            }
            let fast = pos.see_normal(m, values);
            if m.kind() != MoveKind::Normal {
                assert_eq!(fast, None, "{m} is a porthole capture in {}", pos.fen());
                continue;
            }
            let generic = see_by_moves(pos, m, values, &mut scratch);
            assert_eq!(fast, Some(generic), "{m} in {}", pos.fen());
            checked += 1;
        }
        checked
    }

    /// Checks every normal capture of the positions of `games` random
    /// games from `start`; returns how many it checked.
    fn check_random_games(start: &Position, games: u64, values: &SeeValues) -> usize {
        let mut checked = 0;
        random_games(start, games, |pos| checked += check_captures(pos, values));
        checked
    }

    #[test]
    fn agrees_with_the_generic_evaluation_in_random_porthole_games() {
        let checked = check_random_games(&Position::new(), 300, &JUDGED_VALUES);
        assert!(checked > 10_000, "only {checked} captures checked");
    }

    #[test]
    fn agrees_with_the_generic_evaluation_in_random_games_without_portholes() {
        let start = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        let checked = check_random_games(&start, 300, &JUDGED_VALUES);
        assert!(checked > 10_000, "only {checked} captures checked");
    }

    #[test]
    fn agrees_with_the_generic_evaluation_when_knight_and_bishop_are_equal() {
        // Equal values make the order of the takers matter: the generator's.
        let mut values = JUDGED_VALUES;
        values[Role::Bishop.index()] = values[Role::Knight.index()];
        let checked = check_random_games(&Position::new(), 100, &values);
        assert!(checked > 3_000, "only {checked} captures checked");
    }

    #[test]
    fn a_pinned_piece_does_not_take_back_and_a_king_takes_only_the_undefended() {
        let values = &JUDGED_VALUES;
        let see = |fen: &str, text: &str| {
            let pos = Position::from_fen(fen).unwrap();
            let m = pos.parse_move(text).unwrap();
            pos.see_normal(m, values)
        };
        // The e6 pawn is pinned to its king by the e1 rook.
        assert_eq!(see("4k3/8/4p3/3p4/8/8/8/3QR1K1 w - - 0 1", "Qxd5"), Some(100));
        // The king takes back an undefended queen, never a defended rook.
        assert_eq!(see("4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1", "Qxd7"), Some(100 - 900));
        assert_eq!(see("4k3/3p4/8/8/8/8/3R4/3RK3 w - - 0 1", "Rxd7"), Some(100));
    }

    #[test]
    fn a_porthole_capture_is_left_to_the_generic_evaluation() {
        let pos = Position::from_fen("4k3/8/6p1/3p4/8/8/8/3Q3K w - - 0 1 d5,h5").unwrap();
        let m = pos.legal_moves().iter().find(|m| m.kind() == MoveKind::Porthole).unwrap();
        assert_eq!(pos.see_normal(m, &JUDGED_VALUES), None);
    }
}
