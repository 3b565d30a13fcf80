//! Move ordering: the transposition-table move first, then captures by
//! most valuable victim / least valuable attacker, promotions, killer moves
//! and quiet moves by their history score.

use std::mem::MaybeUninit;

use crate::{Bitboard, Color, KingSafety, MAX_MOVES, Move, MoveList, Position, Role};

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
    pub fn get(&self, color: Color, m: Move) -> i32 {
        self.table[color.index()][m.from().index()][m.to().index()]
    }

    /// Rewards (`bonus > 0`) or punishes a quiet move; old scores decay so
    /// the table follows the current part of the game.
    #[inline]
    pub fn update(&mut self, color: Color, m: Move, bonus: i32) {
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

impl Default for Picker {
    fn default() -> Picker {
        Picker::new()
    }
}

/// Ordering value of a role as a capture victim or promotion.
#[inline]
pub fn role_order(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight => 3,
        Role::Bishop => 3,
        Role::Wizard => 4,
        Role::Rook => 4,
        Role::Champion => 5,
        Role::Queen => 7,
        Role::Lion => 7,
        Role::King => 9,
    }
}

const TT_SCORE: i32 = 3_000_000;
const CAPTURE_SCORE: i32 = 2_000_000;
const KILLER_SCORE: i32 = 1_000_000;

/// Hands out the moves of a list best first (selection sort: cutoffs
/// usually come early, so most of the list is never sorted).
pub struct Picker {
    moves: MoveList,
    /// Ordering scores of `moves[..end]`; entries past `end` are never read,
    /// so the array is left uninitialised (zeroing it showed up in profiles).
    scores: [MaybeUninit<i32>; MAX_MOVES],
    next: usize,
    /// The moves handed out are `moves[..end]` (captures only in the quiescence search).
    end: usize,
}

impl Picker {
    /// An empty picker; fill it with [`Picker::generate`].
    #[inline]
    pub fn new() -> Picker {
        Picker { moves: MoveList::new(), scores: [MaybeUninit::uninit(); MAX_MOVES], next: 0, end: 0 }
    }

    /// Generates every legal move of `pos` (moves not yet scored); returns
    /// whether the side to move is in check.
    #[inline]
    pub fn generate(&mut self, pos: &Position) -> bool {
        let in_check = pos.generate_legal_in_check(&mut self.moves, Bitboard::FULL);
        self.end = self.moves.len();
        in_check
    }

    /// Generates every legal move of `pos`, given its king safety.
    #[inline]
    pub fn generate_with(&mut self, pos: &Position, safety: &KingSafety) {
        pos.generate_legal_with(&mut self.moves, Bitboard::FULL, safety);
        self.end = self.moves.len();
    }

    /// Whether there are no moves at all.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Scores the moves for the main search.
    pub fn score_all(&mut self, pos: &Position, tt_move: Option<Move>, killers: [Option<Move>; 2], history: &History) {
        let turn = pos.turn();
        for (i, &m) in self.moves[..self.end].iter().enumerate() {
            self.scores[i] = MaybeUninit::new(if Some(m) == tt_move {
                TT_SCORE
            } else if let Some(victim) = pos.captured_by(m) {
                CAPTURE_SCORE + capture_order(pos, m, victim.role)
            } else if Some(m) == killers[0] {
                KILLER_SCORE + 1
            } else if Some(m) == killers[1] {
                KILLER_SCORE
            } else {
                history.get(turn, m)
            });
        }
    }

    /// Generates only the legal captures of `pos`, given its king safety,
    /// scored for the quiescence search.
    #[inline]
    pub fn generate_captures(&mut self, pos: &Position, safety: &KingSafety) {
        let enemy = pos.board().by_color(!pos.turn());
        pos.generate_legal_with(&mut self.moves, enemy, safety);
        self.end = self.moves.len();
        self.keep_captures(pos);
    }

    /// Keeps only the captures, scored (for the quiescence search).
    pub fn keep_captures(&mut self, pos: &Position) {
        let mut n = 0;
        let len = self.end;
        let slice = self.moves.as_mut_slice();
        for i in 0..len {
            let m = slice[i];
            if let Some(victim) = pos.captured_by(m) {
                slice[n] = m;
                self.scores[n] = MaybeUninit::new(capture_order(pos, m, victim.role));
                n += 1;
            }
        }
        self.end = n;
    }

    #[inline(always)]
    fn score(&self, i: usize) -> i32 {
        debug_assert!(i < self.end);
        // SAFETY: `score_all` or `keep_captures` wrote every index below `end`,
        // and callers only ask for indices below `end`.
        unsafe { self.scores[i].assume_init() }
    }

    /// The next best move, or `None` when all were handed out.
    #[inline]
    pub fn next_move(&mut self) -> Option<Move> {
        let n = self.end;
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if self.score(i) > self.score(best) {
                best = i;
            }
        }
        let slice = self.moves.as_mut_slice();
        slice.swap(self.next, best);
        self.scores.swap(self.next, best);
        let m = slice[self.next];
        self.next += 1;
        Some(m)
    }
}

/// MVV-LVA with promotions: the victim counts most, then the promotion, then a cheap attacker.
#[inline]
fn capture_order(pos: &Position, m: Move, victim: Role) -> i32 {
    let attacker = pos.role_at(m.from()).map_or(0, role_order);
    let promo = m.promotion().map_or(0, role_order);
    victim_value(victim) * 64 + promo * 8 - attacker
}

#[inline]
fn victim_value(role: Role) -> i32 {
    role_order(role)
}
