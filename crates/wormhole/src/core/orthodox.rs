//! Orthodox reach, shared by the games played with orthodox pieces
//! (Porthole, Linked-portal and Two-board portal chess): lines stop at the
//! first blocker (a piece, a token, a portal cell: whatever the game passes
//! as `blockers`), and that square is reached. Knights jump. Every function
//! returns a raw mask of the squares a piece could capture on.
//!
//! Also what the orthodox games' rules and evaluations share besides: the
//! threefold-repetition test, the clock plan, the orthodox roles and the
//! pawn helpers (a pawn's step, ranks counted from a side).

use crate::core::{Board, Color, Role};

/// The fixed piece values the orthodox games are judged by outside the
/// engine (puzzles, the analysis's reasons), by [`Role::index`]: pawn,
/// knight, bishop, rook, queen (the king and the fairy roles' slots
/// unused). See [`Evaluate::judged_values`](crate::rules::Evaluate::judged_values).
pub const JUDGED_VALUES: [i32; Role::MAX] = [100, 320, 330, 500, 900, 0, 0, 0, 0];

const fn leaper_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let mut i = 0;
        while i < deltas.len() {
            let f = (s % 8) as i8 + deltas[i].0;
            let r = (s / 8) as i8 + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[s] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        s += 1;
    }
    table
}

static KNIGHT: [u64; 64] = leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
static KING: [u64; 64] = leaper_table(&[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]);
/// `PAWN[color][s]`: the squares a pawn of `color` on `s` captures on.
static PAWN: [[u64; 64]; 2] = [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

/// Knight jumps from `s`.
#[inline(always)]
pub(crate) fn knight(s: usize) -> u64 {
    KNIGHT[s]
}

/// King steps from `s`.
#[inline(always)]
pub(crate) fn king(s: usize) -> u64 {
    KING[s]
}

/// The diagonal-forward squares a pawn of `color` on `s` captures or enters
/// on (none from its last rank).
#[inline(always)]
pub(crate) fn pawn(color: Color, s: usize) -> u64 {
    PAWN[color.index()][s]
}

/// Rook lines from `s` (magic bitboards, [`crate::core::magic`]).
pub(crate) use crate::core::magic::rook;

/// Bishop lines from `s` (magic bitboards, [`crate::core::magic`]).
pub(crate) use crate::core::magic::bishop;

/// What a piece of `role` and `color` on `s` reaches.
#[inline(always)]
pub(crate) fn attacks(role: Role, color: Color, s: usize, blockers: u64) -> u64 {
    match role {
        Role::Pawn => pawn(color, s),
        Role::Knight => knight(s),
        Role::Bishop => bishop(s, blockers),
        Role::Rook => rook(s, blockers),
        Role::Queen => rook(s, blockers) | bishop(s, blockers),
        Role::King => king(s),
        // No orthodox game has other roles.
        _ => 0,
    }
}

/// The pieces of `by` on `board` attacking square index `s` when
/// `blockers` block the lines.
#[inline(always)]
pub(crate) fn attackers(board: &Board, s: usize, by: Color, blockers: u64) -> u64 {
    let role = |r: Role| board.by_role(r).0;
    let queens = role(Role::Queen);
    (knight(s) & role(Role::Knight)
        | king(s) & role(Role::King)
        | pawn(!by, s) & role(Role::Pawn)
        | rook(s, blockers) & (role(Role::Rook) | queens)
        | bishop(s, blockers) & (role(Role::Bishop) | queens))
        & board.by_color(by).0
}

/// Whether a position of hash `hash` stands for the third time, given the
/// hashes of the positions before it (threefold repetition).
pub(crate) fn third_time(hash: u64, earlier: &[u64]) -> bool {
    earlier.iter().filter(|&&h| h == hash).count() >= 2
}

/// How many more moves to plan the clock for at move `fullmoves` of an
/// orthodox game: the rest of about fifty, never fewer than a dozen.
pub(crate) fn moves_to_plan(fullmoves: u32) -> u32 {
    50u32.saturating_sub(fullmoves).clamp(12, 30)
}

/// The square a pawn of `color` on `s` steps to (none from its last rank).
#[inline]
pub(crate) fn pawn_step(color: Color, s: usize) -> u64 {
    match color {
        Color::White => (1u64 << s) << 8,
        Color::Black => (1u64 << s) >> 8,
    }
}

/// `rank` (0 to 7) counted from `color`'s side of the board.
#[inline]
pub(crate) fn relative_rank(color: Color, rank: u8) -> u8 {
    match color {
        Color::White => rank,
        Color::Black => 7 - rank,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Square;

    fn bits(names: &[&str]) -> u64 {
        names.iter().map(|n| 1u64 << n.parse::<Square>().unwrap().index()).fold(0, |a, b| a | b)
    }

    fn at(name: &str) -> usize {
        name.parse::<Square>().unwrap().index()
    }

    #[test]
    fn lines_stop_on_blockers_and_include_them() {
        let blockers = bits(&["d6", "f4"]);
        assert_eq!(rook(at("d4"), blockers), bits(&["d5", "d6", "e4", "f4", "d3", "d2", "d1", "c4", "b4", "a4"]));
        assert_eq!(bishop(at("a1"), bits(&["c3"])), bits(&["b2", "c3"]));
        let three = bits(&["d6", "f4", "b4"]);
        assert_eq!(rook(at("d4"), three), bits(&["d5", "d6", "e4", "f4", "d3", "d2", "d1", "c4", "b4"]));
        assert_eq!(bishop(at("h8"), 0).count_ones(), 7);
    }

    #[test]
    fn leapers_stay_on_the_board() {
        assert_eq!(knight(at("a1")), bits(&["b3", "c2"]));
        assert_eq!(king(at("h8")), bits(&["g8", "g7", "h7"]));
        assert_eq!(pawn(Color::White, at("a2")), bits(&["b3"]));
        assert_eq!(pawn(Color::Black, at("h7")), bits(&["g6"]));
        assert_eq!(pawn(Color::White, at("c8")), 0);
    }
}
