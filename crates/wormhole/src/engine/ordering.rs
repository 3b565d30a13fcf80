//! Move ordering: the transposition-table move first, then captures by
//! most valuable victim / least valuable attacker (or, with capture
//! history, by how often they caused cutoffs among the captures of one
//! victim), promotions, killer moves, the counter move (with
//! [`Features::counter_moves`](super::Features::counter_moves)) and quiet
//! moves by their history score (by from and to square, which for a
//! porthole move are its origin and exit) and, with
//! [`Features::continuation_history`](super::Features::continuation_history),
//! their continuation history after the moves one and two plies earlier.

use super::Searchable;
use super::correction::Correction;
use super::piece_to::PieceTo;
use super::see::see_floor;
use crate::core::{Color, Role};
use crate::rules::{GameMove, MoveBuffer};

/// What the search learns about moves from their cutoffs, kept between
/// searches of one game: the history of quiet moves (by side, from and to
/// square), of captures (by side, capturing role, target square and
/// captured role; [`Features::capture_history`](super::Features::capture_history))
/// the reply that refuted each move (by side to move and the
/// previous move's from and to squares; [`Features::counter_moves`](super::Features::counter_moves))
/// and the continuation history of quiet moves (by the piece and target
/// of an earlier move and of this one; [`Features::continuation_history`](super::Features::continuation_history)).
/// Fixed-size tables, allocated once.
pub struct History {
    table: Box<[[[i32; 64]; 64]; 2]>,
    captures: Box<CaptureTable>,
    counters: Box<[[[u32; 64]; 64]; 2]>,
    continuation: Box<ContinuationTable>,
    /// The static evaluation's corrections (by pawn structure, pieces, previous move).
    pub(super) correction: Correction,
}

/// Continuation history: by an earlier move's [`PieceTo`], then this
/// move's. One table serves the moves one and two plies earlier: the
/// earlier move's colour tells them apart.
type ContinuationTable = [[i16; PieceTo::COUNT]; PieceTo::COUNT];

/// Capture history by side, capturing role, target square and captured role.
type CaptureTable = [[[[i32; Role::MAX]; 64]; Role::MAX]; 2];

/// History scores stay within this bound (the "gravity" update keeps them there).
pub(super) const HISTORY_MAX: i32 = 16_384;

/// Moves `h` towards `bonus` (clamped to [`HISTORY_MAX`]) the more the
/// further it is: scores stay within plus or minus [`HISTORY_MAX`].
#[inline]
fn gravity(h: &mut i32, bonus: i32) {
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *h += b - *h * b.abs() / HISTORY_MAX;
}

/// [`gravity`] for a score kept in 16 bits (within plus or minus
/// [`HISTORY_MAX`], which fits).
#[inline]
fn gravity16(h: &mut i16, bonus: i32) {
    let mut wide = i32::from(*h);
    gravity(&mut wide, bonus);
    *h = wide as i16;
}

impl History {
    /// An empty history.
    pub fn new() -> History {
        History {
            table: Box::new([[[0; 64]; 64]; 2]),
            captures: Box::new([[[[0; Role::MAX]; 64]; Role::MAX]; 2]),
            counters: Box::new([[[0; 64]; 64]; 2]),
            continuation: zeroed_continuation(),
            correction: Correction::new(),
        }
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
        gravity(&mut self.table[color.index()][m.from().index()][m.to().index()], bonus);
    }

    /// The history of a capture by `color`: a piece of role `attacker`
    /// taking a `victim` on the target square of `m`.
    #[inline]
    pub fn capture<M: GameMove>(&self, color: Color, attacker: Role, m: M, victim: Role) -> i32 {
        self.captures[color.index()][attacker.index()][m.to().index()][victim.index()]
    }

    /// Rewards or punishes a capture, as [`History::update`] a quiet move.
    #[inline]
    pub fn update_capture<M: GameMove>(&mut self, color: Color, attacker: Role, m: M, victim: Role, bonus: i32) {
        gravity(&mut self.captures[color.index()][attacker.index()][m.to().index()][victim.index()], bonus);
    }

    /// The move (its [`GameMove::to_bits`]; 0: none) that last refuted
    /// `previous` with `color` to move.
    #[inline]
    pub fn counter<M: GameMove>(&self, color: Color, previous: M) -> u32 {
        self.counters[color.index()][previous.from().index()][previous.to().index()]
    }

    /// Records `m` as the refutation of `previous` with `color` to move.
    #[inline]
    pub fn set_counter<M: GameMove>(&mut self, color: Color, previous: M, m: M) {
        self.counters[color.index()][previous.from().index()][previous.to().index()] = m.to_bits();
    }

    /// The continuation history of a quiet move `m` after the earlier
    /// moves `before` (one and two plies back; `None`: none or not known):
    /// the sum of its scores after each.
    #[inline]
    pub fn continuation(&self, before: [Option<PieceTo>; 2], m: PieceTo) -> i32 {
        before.iter().flatten().map(|b| i32::from(self.continuation[b.index()][m.index()])).sum()
    }

    /// Rewards or punishes the quiet move `m` after each of the earlier
    /// moves `before`, as [`History::update`] does by its squares.
    #[inline]
    pub fn update_continuation(&mut self, before: [Option<PieceTo>; 2], m: PieceTo, bonus: i32) {
        for b in before.iter().flatten() {
            gravity16(&mut self.continuation[b.index()][m.index()], bonus);
        }
    }

    /// Halves every score (between searches, so old knowledge fades).
    /// Each table is halved as one flat slice, which the compiler
    /// vectorises: the continuation table alone is 2.6 MB, halved before
    /// every search.
    pub fn age(&mut self) {
        halve(self.table.as_flattened_mut().as_flattened_mut());
        halve(self.captures.as_flattened_mut().as_flattened_mut().as_flattened_mut());
        halve(self.continuation.as_flattened_mut());
    }

    /// Forgets everything (a new game): the tables zeroed where they are,
    /// rather than made anew, so their memory is not asked of the system
    /// (and faulted in, page by page) again.
    pub fn clear(&mut self) {
        self.table.as_flattened_mut().as_flattened_mut().fill(0);
        self.captures.as_flattened_mut().as_flattened_mut().as_flattened_mut().fill(0);
        self.counters.as_flattened_mut().as_flattened_mut().fill(0);
        self.continuation.as_flattened_mut().fill(0);
        self.correction.clear();
    }
}

/// Halves each score of `scores`, rounding towards zero.
#[inline]
fn halve<T: Copy + std::ops::Div<Output = T> + From<i8>>(scores: &mut [T]) {
    for h in scores {
        *h = *h / T::from(2);
    }
}

/// An empty continuation table, zeroed on the heap (too large for the stack).
fn zeroed_continuation() -> Box<ContinuationTable> {
    let rows = vec![[0i16; PieceTo::COUNT]; PieceTo::COUNT].into_boxed_slice();
    rows.try_into().unwrap_or_else(|_| unreachable!("the table has PieceTo::COUNT rows"))
}

impl Default for History {
    fn default() -> History {
        History::new()
    }
}

/// What a node knows that orders its moves besides their own kind.
#[derive(Clone, Copy, Debug)]
pub struct Hints<M> {
    /// The table move's bits (0: none).
    pub tt_move: u32,
    /// The node's killer moves.
    pub killers: [Option<M>; 2],
    /// The refutation of the previous move, bits (0: none).
    pub counter: u32,
    /// Whether captures are ordered by their history within a victim.
    pub capture_history: bool,
    /// The moves one and two plies earlier, by which quiet moves are
    /// ordered on their continuation history too (`None`: none, not
    /// known, or the continuation history off).
    pub continuation: [Option<PieceTo>; 2],
}

impl<M> Hints<M> {
    /// No table move, killers or counter move; captures by MVV-LVA alone.
    pub fn none() -> Hints<M> {
        Hints { tt_move: 0, killers: [None, None], counter: 0, capture_history: false, continuation: [None, None] }
    }
}

const TT_SCORE: i32 = 3_000_000;
const CAPTURE_SCORE: i32 = 2_000_000;
const KILLER_SCORE: i32 = 1_000_000;
/// Just below the killers: the refutation of the previous move.
const COUNTER_SCORE: i32 = KILLER_SCORE - 1;
/// How much more a capture's MVV-LVA order counts than its history
/// (divided by [`CAPTURE_HISTORY_DIV`]): a capture history at its bound
/// moves a capture by about half a victim step (a pawn's order to a knight's).
const CAPTURE_ORDER_SCALE: i32 = 8;
/// See [`CAPTURE_ORDER_SCALE`].
const CAPTURE_HISTORY_DIV: i32 = 32;
/// Below every quiet move's history score: captures that lose material.
const LOSING_CAPTURE_SCORE: i32 = -1_000_000;

/// Hands out the moves of a node best first (selection sort: cutoffs
/// usually come early, so most of the list is never sorted). Each search
/// thread keeps one picker per ply and reuses it, so the lists are not
/// built anew at every node.
pub struct Picker<P: Searchable> {
    moves: P::SearchList,
    /// The [`order_key`] of each of `moves[..end]`: its ordering score
    /// and its place, grown as needed.
    keys: Vec<i64>,
    next: usize,
    /// The moves handed out are `moves[..end]` (captures only in the quiescence search).
    end: usize,
}

impl<P: Searchable> Default for Picker<P> {
    fn default() -> Picker<P> {
        Picker { moves: P::SearchList::default(), keys: Vec::new(), next: 0, end: 0 }
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
        if self.keys.len() < self.end {
            self.keys.resize(self.end.next_power_of_two(), 0);
        }
    }

    /// Whether there are no moves at all.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Scores the moves for the main search. With `see_order`, captures
    /// that lose material by static exchange
    /// ([`SearchHooks::see`](super::SearchHooks::see)) come after the
    /// quiet moves: each capture is marked, and [`Picker::next_move`]
    /// looks at its exchange only when it comes up (a cutoff before it
    /// spares the look).
    pub fn score_all(&mut self, pos: &P, hints: &Hints<P::Move>, history: &History, see_order: bool) {
        let turn = pos.turn();
        let n = self.end;
        let moves = &self.moves.as_mut_slice()[..n];
        for (i, (key, &m)) in self.keys[..n].iter_mut().zip(moves).enumerate() {
            let bits = m.to_bits();
            let (score, mark) = if bits == hints.tt_move {
                (TT_SCORE, 0)
            } else if let Some(victim) = pos.captured_by(m) {
                let order = capture_score(pos, m, victim.role, history, hints.capture_history);
                (CAPTURE_SCORE + order, i64::from(see_order) * UNCHECKED)
            } else if Some(m) == hints.killers[0] {
                (KILLER_SCORE + 1, 0)
            } else if Some(m) == hints.killers[1] {
                (KILLER_SCORE, 0)
            } else if bits == hints.counter {
                (COUNTER_SCORE, 0)
            } else {
                (quiet_score(pos, m, turn, history, hints.continuation), 0)
            };
            *key = order_key(score, i) | mark;
        }
    }

    /// Generates only the legal captures of `pos`, given its king safety,
    /// scored for the quiescence search.
    #[inline]
    pub fn generate_captures(&mut self, pos: &P, safety: &P::Safety, history: Option<&History>) {
        self.generate(pos, safety, true);
        self.keep_captures(pos, history);
    }

    /// Keeps only the captures, scored (for the quiescence search; by
    /// their `history` too when given).
    pub fn keep_captures(&mut self, pos: &P, history: Option<&History>) {
        let mut n = 0;
        let len = self.end;
        let slice = self.moves.as_mut_slice();
        for i in 0..len {
            let m = slice[i];
            if let Some(victim) = pos.captured_by(m) {
                slice[n] = m;
                let score = match history {
                    Some(h) => capture_score(pos, m, victim.role, h, true),
                    None => capture_order(pos, m, victim.role),
                };
                self.keys[n] = order_key(score, n);
                n += 1;
            }
        }
        self.end = n;
    }

    /// Keeps only the quiet moves (no capture, no promotion) that check
    /// and do not lose material by static exchange (in `pos`, generating
    /// into `scratch`), in the order generated (for the capture search's
    /// checks).
    pub fn keep_quiet_checks(&mut self, pos: &mut P, scratch: &mut P::SearchList) {
        let mut n = 0;
        for i in 0..self.end {
            let m = self.moves.as_mut_slice()[i];
            if pos.captured_by(m).is_none()
                && m.promotion().is_none()
                && gives_check(pos, m)
                && !loses_material(pos, m, scratch)
            {
                self.moves.as_mut_slice()[n] = m;
                self.keys[n] = order_key(0, n);
                n += 1;
            }
        }
        self.end = n;
    }

    /// The next best move, or `None` when all were handed out. A capture
    /// marked by [`Picker::score_all`] is first asked whether it loses
    /// material (in `pos`, generating into `scratch`); if it does, it
    /// takes its place after the quiet moves and the next best comes up.
    /// The order is the one scoring every capture at once would give.
    #[inline]
    pub fn next_move(&mut self, pos: &mut P, scratch: &mut P::SearchList) -> Option<P::Move> {
        let n = self.end;
        if self.next >= n {
            return None;
        }
        let slice = self.moves.as_mut_slice();
        let best = loop {
            let best = best_place(&self.keys[..n], self.next);
            let key = self.keys[best];
            if key & UNCHECKED == 0 {
                break best;
            }
            self.keys[best] = match loses_material(pos, slice[best], scratch) {
                true => order_key(key_score(key) - CAPTURE_SCORE + LOSING_CAPTURE_SCORE, best),
                false => key & !UNCHECKED,
            };
        };
        move_key(&mut self.keys, self.next, best);
        slice.swap(self.next, best);
        let m = slice[self.next];
        self.next += 1;
        Some(m)
    }
}

/// Where the best of `keys[next..]` is: the first of the best scores. The
/// largest key is the one: a maximum, which the compiler vectorises.
#[inline(always)]
fn best_place(keys: &[i64], next: usize) -> usize {
    key_place(keys[next..].iter().copied().max().unwrap_or(i64::MIN))
}

/// The move at `next` swaps places with the one at `best`: its key goes
/// to `best`, with the place in it updated (and its mark kept).
#[inline(always)]
fn move_key(keys: &mut [i64], next: usize, best: usize) {
    keys[best] = order_key(key_score(keys[next]), best) | keys[next] & UNCHECKED;
}

/// The most places a list can have: a key keeps the place's complement
/// in 31 bits.
const PLACES: u32 = u32::MAX >> 1;

/// The mark of a capture whose static exchange is not yet looked at
/// (see [`Picker::next_move`]): the lowest bit of its key.
const UNCHECKED: i64 = 1;

/// A move's ordering `score` and its `place` in the list as one number
/// that orders by the score and, among equal scores, puts the earlier
/// place first: the score in the upper half, the place's complement in
/// the lower, above the [`UNCHECKED`] mark.
#[inline(always)]
fn order_key(score: i32, place: usize) -> i64 {
    (i64::from(score) << 32) | i64::from(PLACES - place as u32) << 1
}

/// The score an [`order_key`] was made with.
#[inline(always)]
fn key_score(key: i64) -> i32 {
    (key >> 32) as i32
}

/// The place an [`order_key`] was made with.
#[inline(always)]
fn key_place(key: i64) -> usize {
    (PLACES - (key as u32 >> 1)) as usize
}

/// A quiet move's history: by its squares and, after the moves `before`,
/// its continuation history (each within [`HISTORY_MAX`], so the sum
/// stays far below the killers' scores).
#[inline]
pub(super) fn quiet_score<P: Searchable>(
    pos: &P,
    m: P::Move,
    turn: Color,
    history: &History,
    before: [Option<PieceTo>; 2],
) -> i32 {
    let continuation = match before {
        [None, None] => 0,
        _ => PieceTo::of(pos, m).map_or(0, |pt| history.continuation(before, pt)),
    };
    history.get(turn, m) + continuation
}

/// Whether the capture `m` loses material by static exchange
/// ([`SearchHooks::see`](super::SearchHooks::see), in the game's judged
/// values), `scratch` a list it may generate into. Played out only when
/// the capturing piece is worth more than what it takes.
#[inline]
pub(super) fn loses_material<P: Searchable>(pos: &mut P, m: P::Move, scratch: &mut P::SearchList) -> bool {
    !see_at_least(pos, m, 0, scratch)
}

/// Whether the move `m` (a capture or not) keeps at least `threshold` by
/// static exchange ([`SearchHooks::see`](super::SearchHooks::see), in the
/// game's judged values): a quiet move's exchange is what the opponent
/// then wins on its square, never more than zero. Played out only when
/// the bound known without playing ([`see_floor`]) falls short.
#[inline]
pub(super) fn see_at_least<P: Searchable>(
    pos: &mut P,
    m: P::Move,
    threshold: i32,
    scratch: &mut P::SearchList,
) -> bool {
    let values = pos.judged_values();
    see_floor(pos, m, values) >= threshold || pos.see(m, values, scratch) >= threshold
}

/// A capture's place among the captures: its MVV-LVA order and, with
/// `by_history`, its capture history.
#[inline]
fn capture_score<P: Searchable>(pos: &P, m: P::Move, victim: Role, history: &History, by_history: bool) -> i32 {
    let order = capture_order(pos, m, victim);
    if !by_history {
        return order;
    }
    let h = moving_role(pos, m).map_or(0, |attacker| history.capture(pos.turn(), attacker, m, victim));
    order * CAPTURE_ORDER_SCALE + h / CAPTURE_HISTORY_DIV
}

/// Whether `m` checks.
pub(super) fn gives_check<P: Searchable>(pos: &mut P, m: P::Move) -> bool {
    let undo = pos.play_unchecked(m);
    let check = pos.is_check();
    pos.undo(m, undo);
    check
}

/// The role of the piece `m` moves (`None` for a move of no piece).
#[inline]
pub(super) fn moving_role<P: Searchable>(pos: &P, m: P::Move) -> Option<Role> {
    pos.boards()[pos.board_to_play()].piece_at(m.from()).map(|p| p.role)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::porthole::{Move, Position};

    fn moves(pos: &Position, san: &[&str]) -> Vec<Move> {
        san.iter().map(|s| pos.parse_move(s).unwrap()).collect()
    }

    #[test]
    fn moves_come_best_first_and_equal_scores_in_the_order_a_selection_sort_leaves_them() {
        // The selection sort of scores (the first of the best, swapped to
        // the front) against `best_place` and `move_key` on keys, over
        // lists with many ties.
        let mut seed = 7u32;
        for len in [1, 2, 5, 17, 40, 90] {
            let mut scores: Vec<i32> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (seed >> 16) as i32 % 5 - 2
                })
                .collect();
            let mut places: Vec<usize> = (0..len).collect();
            let mut keys: Vec<i64> = scores.iter().enumerate().map(|(i, &s)| order_key(s, i)).collect();
            let mut keyed: Vec<usize> = (0..len).collect();
            for next in 0..len {
                let max = *scores[next..].iter().max().unwrap();
                let first = next + scores[next..].iter().position(|&s| s == max).unwrap();
                scores.swap(next, first);
                places.swap(next, first);
                let best = best_place(&keys, next);
                move_key(&mut keys, next, best);
                keyed.swap(next, best);
                assert_eq!(keyed[next], places[next], "list of {len}, move {next}");
            }
        }
    }

    #[test]
    fn capture_history_stays_within_its_bound_and_is_kept_apart_by_side_roles_and_square() {
        let pos = Position::from_fen("4k3/8/8/3p4/4P3/8/8/3QK3 w - - 0 1").unwrap();
        let [exd5, qxd5] = moves(&pos, &["exd5", "Qxd5"])[..] else { unreachable!() };
        let mut h = History::new();
        for _ in 0..1000 {
            h.update_capture(Color::White, Role::Pawn, exd5, Role::Pawn, 4000);
        }
        let top = h.capture(Color::White, Role::Pawn, exd5, Role::Pawn);
        assert!(top > HISTORY_MAX - 4000 && top <= HISTORY_MAX, "{top}");
        // A huge bonus is clamped: the score never leaves the bound.
        h.update_capture(Color::White, Role::Pawn, exd5, Role::Pawn, i32::MAX / 2);
        let top = h.capture(Color::White, Role::Pawn, exd5, Role::Pawn);
        assert!(top <= HISTORY_MAX, "{top}");
        for _ in 0..1000 {
            h.update_capture(Color::White, Role::Queen, qxd5, Role::Pawn, -4000);
        }
        let bottom = h.capture(Color::White, Role::Queen, qxd5, Role::Pawn);
        assert!((-HISTORY_MAX..-HISTORY_MAX + 4000).contains(&bottom), "{bottom}");
        assert_eq!(h.capture(Color::Black, Role::Pawn, exd5, Role::Pawn), 0);
        assert_eq!(h.capture(Color::White, Role::Pawn, exd5, Role::Knight), 0);
        h.age();
        assert_eq!(h.capture(Color::White, Role::Pawn, exd5, Role::Pawn), top / 2);
        assert_eq!(h.capture(Color::White, Role::Queen, qxd5, Role::Pawn), bottom / 2);
    }

    #[test]
    fn a_quiet_move_keeps_by_exchange_what_the_opponent_cannot_win_on_its_square() {
        // The knight to e5 is taken by the d6 pawn; to g5 it stands safe;
        // the rook to d5 is taken by the c6 pawn.
        let mut pos = Position::from_fen("4k3/8/2pp4/8/8/5N2/8/3RK3 w - - 0 1").unwrap();
        let [ne5, ng5, rd5] = moves(&pos, &["Ne5", "Ng5", "Rd5"])[..] else { unreachable!() };
        let mut scratch = Vec::new();
        assert!(see_at_least(&mut pos, ng5, 0, &mut scratch));
        assert!(!see_at_least(&mut pos, ne5, -319, &mut scratch));
        assert!(see_at_least(&mut pos, ne5, -320, &mut scratch));
        assert!(!see_at_least(&mut pos, rd5, -499, &mut scratch));
        assert!(see_at_least(&mut pos, rd5, -500, &mut scratch));
    }

    #[test]
    fn a_counter_move_is_remembered_by_side_and_previous_move() {
        let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        let [e4, d4, nf3] = moves(&pos, &["e4", "d4", "Nf3"])[..] else { unreachable!() };
        let mut h = History::new();
        assert_eq!(h.counter(Color::Black, e4), 0);
        h.set_counter(Color::Black, e4, d4);
        assert_eq!(h.counter(Color::Black, e4), d4.to_bits());
        assert_eq!(h.counter(Color::White, e4), 0);
        assert_eq!(h.counter(Color::Black, d4), 0);
        h.set_counter(Color::Black, e4, nf3);
        assert_eq!(h.counter(Color::Black, e4), nf3.to_bits());
    }

    #[test]
    fn continuation_history_is_kept_apart_by_the_earlier_move_and_orders_quiet_moves_after_it() {
        let start = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        let [e4, d4] = moves(&start, &["e4", "d4"])[..] else { unreachable!() };
        let (e4_pt, d4_pt) = (PieceTo::of(&start, e4).unwrap(), PieceTo::of(&start, d4).unwrap());
        let mut pos = start.clone();
        pos.play_unchecked(e4);
        let [nf6, e5] = moves(&pos, &["Nf6", "e5"])[..] else { unreachable!() };
        let (nf6_pt, e5_pt) = (PieceTo::of(&pos, nf6).unwrap(), PieceTo::of(&pos, e5).unwrap());
        let mut h = History::new();
        for _ in 0..1000 {
            h.update_continuation([Some(e4_pt), None], nf6_pt, 4000);
        }
        let top = h.continuation([Some(e4_pt), None], nf6_pt);
        assert!(top > HISTORY_MAX - 4000 && top <= HISTORY_MAX, "{top}");
        assert_eq!(h.continuation([Some(d4_pt), None], nf6_pt), 0);
        assert_eq!(h.continuation([Some(e4_pt), None], e5_pt), 0);
        // The scores after each earlier move add up; none is no score.
        h.update_continuation([None, Some(d4_pt)], nf6_pt, -4000);
        let after_d4 = h.continuation([Some(d4_pt), None], nf6_pt);
        assert!(after_d4 < 0, "{after_d4}");
        assert_eq!(h.continuation([Some(e4_pt), Some(d4_pt)], nf6_pt), top + after_d4);
        assert_eq!(h.continuation([None, None], nf6_pt), 0);
        // Black's knight to f6 after 1. e4 comes first among the quiet moves.
        let mut picker = Picker::<Position>::default();
        picker.generate(&pos, &pos.king_safety(), false);
        let hints = Hints { continuation: [Some(e4_pt), None], ..Hints::none() };
        picker.score_all(&pos, &hints, &h, false);
        assert_eq!(picker.next_move(&mut pos, &mut Default::default()), Some(nf6));
        h.age();
        assert_eq!(h.continuation([Some(e4_pt), None], nf6_pt), top / 2);
    }

    #[test]
    fn capture_history_orders_captures_of_one_victim_but_not_across_victims() {
        // Two captures of the pawn on d5 (by the e-pawn and the queen) and
        // one of the knight on h5 (by the g-pawn).
        let mut pos = Position::from_fen("4k3/8/8/3p3n/4P1P1/8/8/3QK3 w - - 0 1").unwrap();
        let [exd5, qxd5, gxh5] = moves(&pos, &["exd5", "Qxd5", "gxh5"])[..] else { unreachable!() };
        let mut h = History::new();
        for _ in 0..100 {
            h.update_capture(Color::White, Role::Queen, qxd5, Role::Pawn, 4000);
            h.update_capture(Color::White, Role::Pawn, exd5, Role::Pawn, -4000);
            h.update_capture(Color::White, Role::Pawn, gxh5, Role::Knight, -4000);
        }
        let order = |pos: &mut Position, by_history: bool| {
            let mut picker = Picker::<Position>::default();
            picker.generate(pos, &pos.king_safety(), false);
            let hints = Hints { capture_history: by_history, ..Hints::none() };
            picker.score_all(pos, &hints, &h, false);
            let mut order = Vec::new();
            while let Some(m) = picker.next_move(pos, &mut Default::default()) {
                if pos.captured_by(m).is_some() {
                    order.push(m);
                }
            }
            order
        };
        assert_eq!(order(&mut pos, false), vec![gxh5, exd5, qxd5]);
        assert_eq!(order(&mut pos, true), vec![gxh5, qxd5, exd5]);
    }

    #[test]
    fn with_see_order_a_capture_that_loses_material_comes_after_the_quiet_moves() {
        // Qxb3 wins a knight; Qxd5 takes a pawn that c6 defends.
        let mut pos = Position::from_fen("4k3/8/2p5/3p4/8/1n6/8/3QK3 w - - 0 1").unwrap();
        let [qxb3, qxd5] = moves(&pos, &["Qxb3", "Qxd5"])[..] else { unreachable!() };
        let mut picker = Picker::<Position>::default();
        picker.generate(&pos, &pos.king_safety(), false);
        picker.score_all(&pos, &Hints::none(), &History::new(), true);
        let mut order = Vec::new();
        while let Some(m) = picker.next_move(&mut pos, &mut Default::default()) {
            order.push(m);
        }
        assert!(order.len() > 3, "{order:?}");
        assert_eq!(order.first(), Some(&qxb3));
        assert_eq!(order.last(), Some(&qxd5));
    }
}
