//! Whether a move leaves the mover's king unattacked
//! (docs/linked.md#check-and-legality).
//!
//! Lines through the portal change with every arrival, so no pin is
//! precomputed: a piece move is tested on bitboards, by the attacks on
//! the king once its origin is empty, its landing filled and the piece it
//! takes gone (the same test as playing it, without the make and unmake).
//! A portal step is tested the same way with the portals moved (or
//! frozen, and the black hole's squares emptied) and a teleported piece of
//! the mover's on the other cell. Castling and a teleport of an enemy
//! piece (which the board would still show on its old square) are played
//! on a copy of the position.

use super::routes::{self, Sight};
use super::{Move, MoveKind, Portals, Position};

/// What the legality tests of one position's moves read, worked out once.
pub(crate) struct LinkedKingSafety<'a> {
    pos: &'a Position,
    /// The square of the mover's king.
    king: usize,
    /// The occupied squares.
    occupied: u64,
    /// The pieces of the side not to move.
    theirs: u64,
    /// A copy of the position to play castling and portal moves on, made
    /// for the first of them.
    scratch: Option<Position>,
}

impl<'a> LinkedKingSafety<'a> {
    /// The tests for the moves of `pos`; `None` when the side to move has
    /// no king (no move of its keeps one safe).
    #[inline]
    pub(crate) fn new(pos: &'a Position) -> Option<LinkedKingSafety<'a>> {
        let king = pos.board.king_of(pos.turn)?.index();
        let occupied = pos.board.occupied().0;
        let theirs = pos.board.by_color(!pos.turn).0;
        Some(LinkedKingSafety { pos, king, occupied, theirs, scratch: None })
    }

    /// Whether the pseudo-legal move `m` leaves the mover's king
    /// unattacked.
    #[inline]
    pub(crate) fn allows(&mut self, m: Move) -> bool {
        match m.kind() {
            MoveKind::Normal | MoveKind::EnPassant => self.allows_piece_move(m),
            MoveKind::Portal => self.allows_portal_step(m),
            MoveKind::Castle => self.allows_played(m),
        }
    }

    /// A piece move, on bitboards.
    #[inline]
    fn allows_piece_move(&self, m: Move) -> bool {
        let (from, to) = (m.from().index(), m.to().index());
        let taken = self.pos.capture_square(m).map_or(0, |sq| 1u64 << sq.index());
        let occupied = self.occupied & !(1 << from) & !taken | 1 << to;
        let king = if from == self.king { to } else { self.king };
        let sight = Sight { portals: self.pos.portals, occupied, theirs: self.theirs & !taken };
        !self.pos.attacked_among(king, !self.pos.turn, &sight)
    }

    /// A portal step (docs/linked.md#portal-moves), on bitboards unless it
    /// teleports an enemy piece.
    #[inline]
    fn allows_portal_step(&mut self, m: Move) -> bool {
        let (pos, to) = (self.pos, m.to().index());
        let Some(other) = pos.portals.of(!pos.turn) else { return self.allows_played(m) };
        let target = 1u64 << to;
        let mut king = self.king;
        let sight = if m.to() == other {
            let zone = routes::king(to) | target;
            if zone & 1 << king != 0 {
                return false;
            }
            Sight { portals: Portals::Frozen(other), occupied: self.occupied & !zone, theirs: self.theirs & !zone }
        } else {
            if self.theirs & target != 0 {
                return self.allows_played(m);
            }
            if king == to {
                king = other.index();
            }
            let teleported = u64::from(self.occupied & target != 0) << other.index();
            let occupied = self.occupied & !target | teleported;
            Sight { portals: pos.portals.with(pos.turn, m.to()), occupied, theirs: self.theirs }
        };
        !pos.attacked_among(king, !pos.turn, &sight)
    }

    /// Any move, played on the copy and taken back.
    fn allows_played(&mut self, m: Move) -> bool {
        let pos = self.pos;
        let scratch = self.scratch.get_or_insert_with(|| pos.clone());
        let us = pos.turn;
        let undo = scratch.play_unchecked(m);
        let safe = scratch.board.king_of(us).is_some_and(|k| !scratch.attacked(k, !us));
        scratch.undo(m, undo);
        safe
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::see::on_square::testing::random_games;

    /// The start position with the portals on `portals`.
    fn start_with(portals: &str) -> Position {
        Position::from_fen(&format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {portals}")).unwrap()
    }

    /// Every pseudo-legal move of the positions of random games is allowed
    /// exactly when playing it leaves the mover's king unattacked.
    #[test]
    fn agrees_with_playing_each_move_in_random_games() {
        // Piece moves with active portals, allowed and refused; portal steps.
        let (mut allowed, mut refused) = (0, 0);
        let mut steps = [0; 2];
        for portals in ["e4,a5", "d4,e5", "c4,f5", "h4,h5", "-"] {
            random_games(&start_with(portals), 60, |pos| {
                let Some(mut safety) = LinkedKingSafety::new(pos) else { return };
                let us = pos.turn;
                for m in pos.pseudo_legal_moves().iter() {
                    let after = pos.after(m);
                    let played = after.board.king_of(us).is_some_and(|k| !after.attacked(k, !us));
                    assert_eq!(safety.allows(m), played, "{m} in {}", pos.fen());
                    if pos.portals.is_active() && matches!(m.kind(), MoveKind::Normal | MoveKind::EnPassant) {
                        *if played { &mut allowed } else { &mut refused } += 1;
                    }
                    if m.kind() == MoveKind::Portal {
                        steps[usize::from(played)] += 1;
                    }
                }
            });
        }
        assert!(allowed > 400_000 && refused > 40_000, "{allowed} allowed, {refused} refused");
        assert!(steps[1] > 150_000 && steps[0] > 10_000, "portal steps: {} allowed, {} refused", steps[1], steps[0]);
    }

    /// The knight moves of `fen` that [`LinkedKingSafety`] allows.
    fn knight_moves_allowed(fen: &str) -> usize {
        let pos = Position::from_fen(fen).unwrap();
        let mut safety = LinkedKingSafety::new(&pos).unwrap();
        let knight = |m: &Move| pos.board.piece_at(m.from()).is_some_and(|p| p.role == crate::core::Role::Knight);
        pos.pseudo_legal_moves().iter().filter(knight).filter(|&m| safety.allows(m)).count()
    }

    #[test]
    fn a_piece_pinned_through_the_portal_stays() {
        // The a1 rook's line enters a5 and goes on up the e-file from e4
        // to the e6 knight and its king on e8.
        assert_eq!(knight_moves_allowed("4k3/8/4n3/6p1/8/8/8/R5QK b - - 0 1 e4,a5"), 0);
        assert_eq!(knight_moves_allowed("4k3/8/4n3/6p1/8/8/8/R5QK b - - 0 1"), 7);
    }
}
