//! Move ordering: the transposition-table move first, then captures by
//! most valuable victim / least valuable attacker, promotions, killer moves
//! and quiet moves by their history score (by from and to square, which
//! for a porthole move are its origin and exit).

use super::Searchable;
use super::see::see_floor;
use crate::core::{Color, Role};
use crate::rules::{GameMove, MoveBuffer};

/// How much quiet moves have caused cutoffs, by side, from and to square.
pub struct History {
    table: Box<[[[i32; 64]; 64]; 2]>,
}

/// History scores stay within this bound (the "gravity" update keeps them there).
const HISTORY_MAX: i32 = 16_384;

impl History {
    /// An empty history.
    pub fn new() -> History {
        History { table: Box::new([[[0; 64]; 64]; 2]) }
    }

    /// The score of a quiet move by `color`.
    #[inline]
    pub fn get<M: GameMove>(&self, color: Color, m: M) -> i32 {
        self.table[color.index()][m.from().index()][m.to().index()]
    }

    /// Rewards (`bonus > 0`) or punishes a quiet move; old scores decay so
    /// the table follows the current part of the game.
    #[inline]
    pub fn update<M: GameMove>(&mut self, color: Color, m: M, bonus: i32) {
        let h = &mut self.table[color.index()][m.from().index()][m.to().index()];
        let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *h += b - *h * b.abs() / HISTORY_MAX;
    }

    /// Halves every score (between searches, so old knowledge fades).
    pub fn age(&mut self) {
        for side in self.table.iter_mut() {
            for row in side.iter_mut() {
                for h in row.iter_mut() {
                    *h /= 2;
                }
            }
        }
    }
}

impl Default for History {
    fn default() -> History {
        History::new()
    }
}

const TT_SCORE: i32 = 3_000_000;
const CAPTURE_SCORE: i32 = 2_000_000;
const KILLER_SCORE: i32 = 1_000_000;
/// Below every quiet move's history score: captures that lose material.
const LOSING_CAPTURE_SCORE: i32 = -1_000_000;

/// Hands out the moves of a node best first (selection sort: cutoffs
/// usually come early, so most of the list is never sorted). Each search
/// thread keeps one picker per ply and reuses it, so the lists are not
/// built anew at every node.
pub struct Picker<P: Searchable> {
    moves: P::SearchList,
    /// Ordering scores of `moves[..end]`, grown as needed.
    scores: Vec<i32>,
    next: usize,
    /// The moves handed out are `moves[..end]` (captures only in the quiescence search).
    end: usize,
}

impl<P: Searchable> Default for Picker<P> {
    fn default() -> Picker<P> {
        Picker { moves: P::SearchList::default(), scores: Vec::new(), next: 0, end: 0 }
    }
}

impl<P: Searchable> Picker<P> {
    /// Generates the legal moves of `pos` (only captures when `captures`),
    /// given its king safety; moves not yet scored.
    #[inline]
    pub fn generate(&mut self, pos: &P, safety: &P::Safety, captures: bool) {
        self.moves.clear();
        pos.generate(safety, &mut self.moves, captures);
        self.next = 0;
        self.end = self.moves.len();
        if self.scores.len() < self.end {
            self.scores.resize(self.end.next_power_of_two(), 0);
        }
    }

    /// Whether there are no moves at all.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Scores the moves for the main search. With `see`, a list the
    /// static exchange evaluation generates into, captures that lose
    /// material by it ([`SearchHooks::see`](super::SearchHooks::see)) come
    /// after the quiet moves.
    pub fn score_all(
        &mut self,
        pos: &mut P,
        tt_move: Option<u32>,
        killers: [Option<P::Move>; 2],
        history: &History,
        mut see: Option<&mut P::SearchList>,
    ) {
        let turn = pos.turn();
        let n = self.end;
        let tt_bits = tt_move.unwrap_or(0);
        let moves = &self.moves.as_mut_slice()[..n];
        for (score, &m) in self.scores[..n].iter_mut().zip(moves) {
            *score = if m.to_bits() == tt_bits {
                TT_SCORE
            } else if let Some(victim) = pos.captured_by(m) {
                let order = capture_order(pos, m, victim.role);
                let losing = see.as_deref_mut().is_some_and(|list| loses_material(pos, m, list));
                if losing { LOSING_CAPTURE_SCORE + order } else { CAPTURE_SCORE + order }
            } else if Some(m) == killers[0] {
                KILLER_SCORE + 1
            } else if Some(m) == killers[1] {
                KILLER_SCORE
            } else {
                history.get(turn, m)
            };
        }
    }

    /// Generates only the legal captures of `pos`, given its king safety,
    /// scored for the quiescence search.
    #[inline]
    pub fn generate_captures(&mut self, pos: &P, safety: &P::Safety) {
        self.generate(pos, safety, true);
        self.keep_captures(pos);
    }

    /// Keeps only the captures, scored (for the quiescence search).
    pub fn keep_captures(&mut self, pos: &P) {
        let mut n = 0;
        let len = self.end;
        let slice = self.moves.as_mut_slice();
        for i in 0..len {
            let m = slice[i];
            if let Some(victim) = pos.captured_by(m) {
                slice[n] = m;
                self.scores[n] = capture_order(pos, m, victim.role);
                n += 1;
            }
        }
        self.end = n;
    }

    /// The next best move, or `None` when all were handed out.
    #[inline]
    pub fn next_move(&mut self) -> Option<P::Move> {
        let n = self.end;
        if self.next >= n {
            return None;
        }
        let scores = &mut self.scores[..n];
        // The first of the best: a maximum (which the compiler vectorises),
        // then where it first is.
        let rest = &scores[self.next..];
        let max = rest.iter().copied().max().unwrap_or(i32::MIN);
        let best = self.next + rest.iter().position(|&s| s == max).unwrap_or(0);
        let slice = self.moves.as_mut_slice();
        slice.swap(self.next, best);
        scores.swap(self.next, best);
        let m = slice[self.next];
        self.next += 1;
        Some(m)
    }
}

/// Whether the capture `m` loses material by static exchange
/// ([`SearchHooks::see`](super::SearchHooks::see), in the game's judged
/// values), `scratch` a list it may generate into. Played out only when
/// the capturing piece is worth more than what it takes.
#[inline]
pub(super) fn loses_material<P: Searchable>(pos: &mut P, m: P::Move, scratch: &mut P::SearchList) -> bool {
    let values = pos.judged_values();
    see_floor(pos, m, values) < 0 && pos.see(m, values, scratch) < 0
}

/// MVV-LVA with promotions: the victim counts most, then the promotion, then a cheap attacker.
#[inline]
fn capture_order<P: Searchable>(pos: &P, m: P::Move, victim: Role) -> i32 {
    let attacker = pos.boards()[pos.board_to_play()].piece_at(m.from()).map_or(0, |p| role_order::<P>(p.role));
    let promo = m.promotion().map_or(0, role_order::<P>);
    role_order::<P>(victim) * 64 + promo * 8 - attacker
}

/// A role's value in the move order: the game's ([`SearchHooks::CAPTURE_ORDER`](super::SearchHooks::CAPTURE_ORDER)).
#[inline(always)]
fn role_order<P: Searchable>(role: Role) -> i32 {
    P::CAPTURE_ORDER[role.index()]
}
