//! What each piece reaches.
//!
//! [`attacks`] is the public, typed entry point. The crate's hot paths (move
//! generation, evaluation) call the per-piece functions below, which take the
//! open squares (`!holes`) as a raw mask and return raw masks of target
//! squares, ignoring what stands on them; the move generator removes the
//! mover's own pieces. Pieces never block one another: a piece moving two
//! squares jumps, and only holes (which are skipped) shape the paths.

use super::HoleBoard;
use crate::core::steps::{self, DIAGONAL, DIAGONALS_OF, ORTHOGONAL, first, first_two, index, second};
use crate::core::{Bitboard, Color, Piece, Role, Square};

/// The squares a `piece` standing on `sq` attacks, that is where it could
/// capture an enemy piece, when the holes are `holes`. Pieces never block, so
/// only the holes matter. A pawn attacks its two forward diagonals; a lion's
/// first-square strikes count (they capture).
///
/// ```
/// use wormhole::{Bitboard, Color, Piece, Role, Square, attacks::attacks};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let king = Piece { color: Color::White, role: Role::King };
/// // A king on e4 with holes on e5 and e6 steps up to e7
/// // (docs/wormhole.md#counting-squares-skips-holes).
/// let holes = Bitboard::from_square(sq("e5")) | Bitboard::from_square(sq("e6"));
/// let reach = attacks(sq("e4"), king, holes);
/// assert!(reach.contains(sq("e7")) && !reach.contains(sq("e5")));
/// assert_eq!(reach.count(), 8);
/// ```
pub fn attacks(sq: Square, piece: Piece, holes: Bitboard) -> Bitboard {
    Bitboard(role_attacks(piece.role, piece.color, sq.index(), !holes.0))
}

/// King: the first square in each of the 8 directions.
#[inline]
pub(crate) fn king(s: usize, open: u64) -> u64 {
    let mut t = 0;
    for d in steps::ALL {
        t |= first(d, s, open);
    }
    t
}

/// Rook: the first or second square orthogonally.
#[inline]
pub(crate) fn rook(s: usize, open: u64) -> u64 {
    let mut t = 0;
    for d in ORTHOGONAL {
        t |= first_two(d, s, open);
    }
    t
}

/// Bishop: the first or second square diagonally.
#[inline]
pub(crate) fn bishop(s: usize, open: u64) -> u64 {
    let mut t = 0;
    for d in DIAGONAL {
        t |= first_two(d, s, open);
    }
    t
}

/// Queen: rook plus bishop.
#[inline]
pub(crate) fn queen(s: usize, open: u64) -> u64 {
    rook(s, open) | bishop(s, open)
}

/// Knight: one orthogonal step, then one diagonal step continuing the same way.
#[inline]
pub(crate) fn knight(s: usize, open: u64) -> u64 {
    let mut t = 0;
    for o in ORTHOGONAL {
        let a = index(first(o, s, open));
        for d in DIAGONALS_OF[o] {
            t |= first(d, a, open);
        }
    }
    t
}

/// Champion: the second square in any direction, or the first orthogonally.
#[inline]
pub(crate) fn champion(s: usize, open: u64) -> u64 {
    let mut t = 0;
    for d in ORTHOGONAL {
        t |= first_two(d, s, open);
    }
    for d in DIAGONAL {
        t |= second(d, s, open);
    }
    t
}

/// Wizard: the first square diagonally, or the second orthogonally followed
/// by one diagonal step continuing the same way.
#[inline]
pub(crate) fn wizard(s: usize, open: u64) -> u64 {
    let mut t = 0;
    for d in DIAGONAL {
        t |= first(d, s, open);
    }
    for o in ORTHOGONAL {
        let a = index(second(o, s, open));
        for d in DIAGONALS_OF[o] {
            t |= first(d, a, open);
        }
    }
    t
}

/// Murray Lion, moves and captures: the second square in any direction.
#[inline]
pub(crate) fn lion_leaps(s: usize, open: u64) -> u64 {
    let mut t = 0;
    for d in steps::ALL {
        t |= second(d, s, open);
    }
    t
}

/// Murray Lion, captures only: the first square in any direction.
#[inline]
pub(crate) fn lion_strikes(s: usize, open: u64) -> u64 {
    king(s, open)
}

/// The two diagonal directions a pawn of `color` captures in.
#[inline]
pub(crate) const fn pawn_capture_dirs(color: Color) -> [usize; 2] {
    match color {
        Color::White => [steps::NE, steps::NW],
        Color::Black => [steps::SE, steps::SW],
    }
}

/// The direction a pawn of `color` moves in.
#[inline]
pub(crate) const fn pawn_forward(color: Color) -> usize {
    match color {
        Color::White => steps::N,
        Color::Black => steps::S,
    }
}

/// Pawn of `color`: the squares it would capture on.
#[inline]
pub(crate) fn pawn_captures(color: Color, s: usize, open: u64) -> u64 {
    let [a, b] = pawn_capture_dirs(color);
    first(a, s, open) | first(b, s, open)
}

/// Pawn of `color` on `s`: where it steps forward. The first square if it
/// is empty; from its start rank also the second if both are empty (a pawn
/// never jumps).
#[inline(always)]
pub(crate) fn pawn_pushes(color: Color, s: usize, open: u64, occupied: u64) -> u64 {
    let forward = pawn_forward(color);
    let one = first(forward, s, open);
    if one & occupied != 0 {
        return 0;
    }
    if s / 8 == usize::from(color.pawn_rank()) {
        let two = second(forward, s, open);
        if two & occupied == 0 {
            return one | two;
        }
    }
    one
}

/// Where the piece on `sq` could move on its side's turn, its own king's
/// safety left aside: for showing how a piece moves on this board (holes
/// skipped, pieces jumped). Empty if no piece stands on `sq`.
///
/// ```
/// use wormhole::{Position, Square, Variant, attacks::reach};
/// let pos = Position::new(Variant::Classic);
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// // Black's knight, although White is to move.
/// let to: Vec<String> = reach(pos.board(), sq("g8")).into_iter().map(|s| s.to_string()).collect();
/// assert_eq!(to, ["f6", "h6"]);
/// ```
pub fn reach(board: &HoleBoard, sq: Square) -> Bitboard {
    let Some(p) = board.piece_at(sq) else { return Bitboard::EMPTY };
    let (open, own, enemy) = (board.open(), board.by_color(p.color).0, board.by_color(!p.color).0);
    let s = sq.index();
    Bitboard(match p.role {
        Role::Pawn => pawn_pushes(p.color, s, open, own | enemy) | (pawn_captures(p.color, s, open) & enemy),
        role => piece_moves(role, p.color, s, open, own, enemy),
    })
}

/// The squares a piece of `role` and `color` on `s` attacks: where it could
/// capture an enemy piece.
#[inline(always)]
pub(crate) fn role_attacks(role: Role, color: Color, s: usize, open: u64) -> u64 {
    match role {
        Role::Pawn => pawn_captures(color, s, open),
        Role::Knight => knight(s, open),
        Role::Bishop => bishop(s, open),
        Role::Rook => rook(s, open),
        Role::Queen => queen(s, open),
        Role::King => king(s, open),
        Role::Champion => champion(s, open),
        Role::Wizard => wizard(s, open),
        Role::Lion => lion_leaps(s, open) | lion_strikes(s, open),
    }
}

/// The squares a piece of `role` and `color` on `s` can move to, pawns aside
/// (their moves depend on occupancy): the squares it reaches that hold no
/// piece of `own`, except that the lion's first-square strikes only capture
/// (land on `enemy`).
#[inline(always)]
pub(crate) fn piece_moves(role: Role, color: Color, s: usize, open: u64, own: u64, enemy: u64) -> u64 {
    let reach = match role {
        Role::Lion => lion_leaps(s, open) | (lion_strikes(s, open) & enemy),
        _ => role_attacks(role, color, s, open),
    };
    reach & !own
}
