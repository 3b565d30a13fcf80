//! Move generation for Linked-portal chess.
//!
//! Each piece's landings come from its [`Routes`](super::routes::Routes)
//! (several paths to one landing are one move); castling and the portal
//! steps are added, and a move is legal when it leaves the mover's king
//! unattacked (docs/linked.md#check-and-legality), as
//! [`LinkedKingSafety`](super::legality::LinkedKingSafety) tests it.

use super::legality::LinkedKingSafety;
use super::moves::PROMOTIONS;
use super::routes;
use super::{CastlingSide, Move, MoveList, Portals, Position};
use crate::core::castling::CastlingSquares;
use crate::core::legal::{Orthodox, OrthodoxMoveSink};
use crate::core::{Bitboard, Role, Square};

impl Position {
    /// Appends every move the rules allow, the mover's king's safety left
    /// aside (castling is checked in full).
    pub(crate) fn generate_pseudo(&self, list: &mut MoveList) {
        self.generate_piece_moves(list, |_| false);
        self.generate_castles(list);
        self.generate_portal_steps(list);
    }

    /// Appends the moves of the pieces of the side to move, the king's
    /// safety left aside, one piece after another, until `enough` accepts
    /// the moves of one piece; returns whether it did.
    #[inline]
    fn generate_piece_moves(&self, list: &mut MoveList, mut enough: impl FnMut(&[Move]) -> bool) -> bool {
        let us = self.turn;
        let scene = self.scene(us);
        let last_rank = Bitboard::rank(us.last_rank()).0;
        for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
            for from in self.board.pieces(us, role) {
                let landings = self.routes_in(&scene, role, from.index()).all();
                let ep = if role == Role::Pawn { scene.ep() } else { 0 };
                let start = list.len();
                push_landings(list, from, landings, ep, if role == Role::Pawn { last_rank } else { 0 });
                if enough(&list.as_slice()[start..]) {
                    return true;
                }
            }
        }
        false
    }

    /// Castling: the right, nothing between king and rook, no portal cell
    /// from king to rook, and the king's square, the one it crosses and its
    /// landing unattacked (docs/linked.md#how-the-pieces-move, castling).
    fn generate_castles(&self, list: &mut MoveList) {
        let us = self.turn;
        for side in CastlingSide::ALL {
            if self.castling_obstacle(side).is_none() {
                list.push(Move::castle(us, side));
            }
        }
    }

    /// Why the side to move cannot castle on `side`, or `None` if it can.
    pub(crate) fn castling_obstacle(&self, side: CastlingSide) -> Option<LinkedCastlingObstacle> {
        let us = self.turn;
        let s = CastlingSquares::of(us, side);
        if !self.castling.has(us, side) {
            return Some(LinkedCastlingObstacle::NoRight);
        }
        if (s.span & self.portals.cells()).any() {
            return Some(LinkedCastlingObstacle::Portal);
        }
        if (s.between & self.board.occupied()).any() {
            return Some(LinkedCastlingObstacle::Piece);
        }
        let mut path = s.king_path;
        path.find(|&sq| self.attacked(sq, !us)).map(LinkedCastlingObstacle::Attacked)
    }

    /// The portal steps of the side to move (docs/linked.md#portal-moves):
    /// onto an empty square; onto a piece, teleported to the other cell if
    /// it is empty and the piece is no pawn reaching its last rank; onto the
    /// other portal, a black hole, unless a king stands in its nine squares.
    fn generate_portal_steps(&self, list: &mut MoveList) {
        let Portals::Active { .. } = self.portals else { return };
        let (Some(own), Some(other)) = (self.portals.of(self.turn), self.portals.of(!self.turn)) else { return };
        for to in Bitboard(routes::king(own.index())) {
            if self.portal_step_obstacle(other, to).is_none() {
                list.push(Move::portal(own, to));
            }
        }
    }

    /// What forbids the mover's portal to step to the neighbouring `to`
    /// (the other portal standing on `other`), if anything.
    pub(crate) fn portal_step_obstacle(&self, other: Square, to: Square) -> Option<PortalObstacle> {
        if to == other {
            let zone = routes::king(to.index()) | Bitboard::from_square(to).0;
            return Bitboard(zone & self.board.by_role(Role::King).0).next().map(PortalObstacle::KingInBlackHole);
        }
        let piece = self.board.piece_at(to)?;
        if self.board.piece_at(other).is_some() {
            Some(PortalObstacle::OtherCellOccupied(other))
        } else if piece.role == Role::Pawn && other.rank() == piece.color.last_rank() {
            Some(PortalObstacle::PawnToLastRank(other))
        } else {
            None
        }
    }

    /// Appends the legal moves to `list`.
    pub(crate) fn generate_legal(&self, list: &mut MoveList) {
        if !self.portals.is_active() {
            return self.generate_orthodox(list);
        }
        self.generate_pseudo(list);
        self.retain_legal(list);
    }

    /// Appends the legal captures to `list`, in the order of
    /// [`Position::generate_legal`]: the captures are picked out before
    /// each is played to test it, not after (the capture search's and the
    /// static exchange's lists).
    pub(crate) fn generate_legal_captures(&self, list: &mut MoveList) {
        if !self.portals.is_active() {
            self.generate_orthodox(list);
            return list.retain(|m| self.capture_square(m).is_some());
        }
        self.generate_pseudo(list);
        list.retain(|m| self.capture_square(m).is_some());
        self.retain_legal(list);
    }

    /// Keeps the moves of `list` that leave the mover's king safe.
    fn retain_legal(&self, list: &mut MoveList) {
        match LinkedKingSafety::new(self) {
            Some(mut safety) => list.retain(|m| safety.allows(m)),
            None => list.retain(|_| false),
        }
    }

    /// The legal moves when no portal is active: orthodox chess, generated
    /// by the shared orthodox generator in the order of
    /// [`Position::generate_pseudo`] (pawns first), so the search sees the
    /// same list.
    fn generate_orthodox(&self, list: &mut MoveList) {
        let us = self.turn;
        let chess =
            Orthodox { board: &self.board, us, blockers: self.board.occupied().0, closed: 0, ep: self.scene(us).ep() };
        let Some(view) = chess.king_view() else { return };
        let mut sink = Landings { list, last_rank: Bitboard::rank(us.last_rank()).0 };
        chess.pawns(&view, !0, &mut sink);
        chess.pieces(&view, !0, &mut sink);
        chess.king_moves(&view, !0, &mut sink);
        if !view.in_check() {
            self.generate_castles(list);
        }
    }

    /// The orthodox generator over this position (meaningful when no
    /// portal is active).
    #[inline]
    fn orthodox(&self) -> Orthodox<'_> {
        let ep = self.scene(self.turn).ep();
        Orthodox { board: &self.board, us: self.turn, blockers: self.board.occupied().0, closed: 0, ep }
    }

    /// The number of legal moves; counted without listing them when no
    /// portal is active (perft's last ply).
    pub(crate) fn legal_move_count(&self) -> usize {
        if self.portals.is_active() {
            let mut list = MoveList::new();
            self.generate_legal(&mut list);
            return list.len();
        }
        let chess = self.orthodox();
        let Some(view) = chess.king_view() else { return 0 };
        let mut count = Count { n: 0, last_rank: Bitboard::rank(self.turn.last_rank()).0 };
        chess.generate(&view, !0, &mut count);
        if !view.in_check() {
            count.n += CastlingSide::ALL.iter().filter(|&&side| self.castling_obstacle(side).is_none()).count();
        }
        count.n
    }

    /// Whether the side to move has a legal move: generated piece by
    /// piece, it stops at the first one.
    pub fn has_legal_move(&self) -> bool {
        let Some(mut safety) = LinkedKingSafety::new(self) else { return false };
        let mut list = MoveList::new();
        if self.generate_piece_moves(&mut list, |moves| moves.iter().any(|&m| safety.allows(m))) {
            return true;
        }
        let start = list.len();
        self.generate_castles(&mut list);
        self.generate_portal_steps(&mut list);
        list.as_slice()[start..].iter().any(|&m| safety.allows(m))
    }
}

/// What stops a castling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LinkedCastlingObstacle {
    /// The right is lost.
    NoRight,
    /// A portal cell lies between king and rook, both included
    /// (docs/linked.md#how-the-pieces-move, castling).
    Portal,
    /// A piece stands between king and rook.
    Piece,
    /// This square of the king's way (its own included) is attacked.
    Attacked(Square),
}

impl std::fmt::Display for LinkedCastlingObstacle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkedCastlingObstacle::NoRight => f.write_str("the right is lost"),
            LinkedCastlingObstacle::Portal => f.write_str("a portal stands between king and rook"),
            LinkedCastlingObstacle::Piece => f.write_str("a piece stands between king and rook"),
            LinkedCastlingObstacle::Attacked(sq) => write!(f, "{sq} is attacked"),
        }
    }
}

/// What forbids a portal step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PortalObstacle {
    /// A king stands on this square, within the black hole's nine
    /// (docs/linked.md#portal-moves).
    KingInBlackHole(Square),
    /// The other portal's cell is occupied, so nothing can be teleported there.
    OtherCellOccupied(Square),
    /// The teleport would put a pawn on its last rank (this square).
    PawnToLastRank(Square),
}

impl std::fmt::Display for PortalObstacle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PortalObstacle::KingInBlackHole(sq) => write!(f, "the black hole would swallow the king on {sq}"),
            PortalObstacle::OtherCellOccupied(sq) => {
                write!(f, "the other portal ({sq}) is occupied, so nothing can be teleported")
            }
            PortalObstacle::PawnToLastRank(sq) => write!(f, "a pawn cannot be teleported to its last rank ({sq})"),
        }
    }
}

/// The orthodox generator's moves into a list of Linked moves.
struct Landings<'a> {
    list: &'a mut MoveList,
    last_rank: u64,
}

impl OrthodoxMoveSink for Landings<'_> {
    #[inline(always)]
    fn moves(&mut self, from: Square, targets: u64) {
        push_landings(self.list, from, targets, 0, 0);
    }
    #[inline(always)]
    fn pawn_moves(&mut self, from: Square, targets: u64, ep: u64) {
        push_landings(self.list, from, targets, ep, self.last_rank);
    }
}

/// Counts the orthodox generator's moves (a promotion is four).
struct Count {
    n: usize,
    last_rank: u64,
}

impl OrthodoxMoveSink for Count {
    #[inline(always)]
    fn moves(&mut self, _: Square, targets: u64) {
        self.n += targets.count_ones() as usize;
    }
    #[inline(always)]
    fn pawn_moves(&mut self, _: Square, targets: u64, _: u64) {
        let promotions = (targets & self.last_rank).count_ones() as usize;
        self.n += targets.count_ones() as usize + (PROMOTIONS.len() - 1) * promotions;
    }
}

/// Adds the moves of the piece on `from` to `landings`: en passant onto
/// `ep`, promotions onto `last` (both empty for pieces other than pawns).
#[inline]
fn push_landings(list: &mut MoveList, from: Square, landings: u64, ep: u64, last: u64) {
    for to in Bitboard(landings) {
        let bit = Bitboard::from_square(to).0;
        if bit & ep != 0 {
            list.push(Move::en_passant(from, to));
        } else if bit & last != 0 {
            PROMOTIONS.iter().for_each(|&r| list.push(Move::normal(from, to, Some(r))));
        } else {
            list.push(Move::normal(from, to, None));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::linked::Move;

    /// The legal captures are the legal moves that capture, in the same
    /// order, in every position of some games played by a fixed rule
    /// (portals active, moved and frozen on the way).
    #[test]
    fn the_legal_captures_are_the_captures_among_the_legal_moves() {
        let mut checked = 0;
        for seed in 0..40usize {
            let mut pos = Position::new();
            for ply in 0..120usize {
                let legal = pos.legal_moves();
                let mut captures = MoveList::new();
                pos.generate_legal_captures(&mut captures);
                let expected: Vec<Move> = legal.iter().filter(|&m| pos.capture_square(m).is_some()).collect();
                assert_eq!(captures.iter().collect::<Vec<_>>(), expected, "in {}", pos.fen());
                checked += expected.len();
                let moves: Vec<Move> = legal.iter().collect();
                if moves.is_empty() {
                    break;
                }
                // Captures often, so the games reach many kinds of position.
                let pick = if !expected.is_empty() && (seed + ply) % 3 == 0 {
                    expected[(seed * 7 + ply) % expected.len()]
                } else {
                    moves[(seed * 31 + ply * 17) % moves.len()]
                };
                pos.play_unchecked(pick);
            }
        }
        assert!(checked > 1_000, "only {checked} captures checked");
    }
}
