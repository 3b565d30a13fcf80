//! The longest defence of a lost root, and the shortest win of a won
//! one, checked with the time a proof left.
//!
//! A proof that the side to move loses names a defence: the move whose
//! line in the proof tree is longest. But a proof tree holds one winning
//! reply per position, the first the prover found, so its distances are
//! bounds, often loose: a defence the proof holds for 14 moves may lose in
//! 5 to a reply the proof never tried. The winner's search finds such short
//! wins. So a lost engine spends the rest of its time asking of each
//! defence, in proof windows (which prune nothing and so answer exactly),
//! whether it lasts more than 2, 4, 6, ... plies, and plays the one that
//! lasts longest, the table's bound deciding between equals.

use std::sync::atomic::Ordering;
use std::time::Instant;

use super::Searchable;
use super::ordering::History;
use super::prove::MIN_PROOF_TIME;
use super::score::mated_in;
use super::search::{SearchShared, Searcher};
use super::tt::Table;
use super::{ProvedTable, Score, SearchResult};

/// A lost root's defence, as [`longest_defence`] found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Defence<M> {
    /// The move to play.
    pub best: M,
    /// The game's length in plies when the winner's quickest line is
    /// played against the best defence, if the check reached it (every
    /// move then lost within it).
    pub exact: Option<u32>,
}

/// For a `result` lost within a distance not exact, the defence of `pos`
/// (its moves `moves`) that lasts longest ([`longest_defence`]), checked
/// until `deadline` by a search sharing `shared`; `None` when there is
/// nothing to check (a won or open result, an exact loss, one move), too
/// little time, or the check changed nothing.
pub(super) fn defend<P: Searchable>(
    shared: &SearchShared<P>,
    pos: &P,
    moves: &[P::Move],
    result: &SearchResult<P::Move>,
    deadline: Instant,
) -> Option<Defence<P::Move>> {
    let (Score::Loss(plies), false, Some(chosen)) = (result.info.score, result.info.exact, result.best_move) else {
        return None;
    };
    let time_left = deadline.checked_duration_since(Instant::now()).is_some_and(|t| t >= MIN_PROOF_TIME);
    if moves.len() < 2 || !time_left || shared.stop.load(Ordering::Relaxed) {
        return None;
    }
    // A prover's proof stopped the search: this one asks new questions.
    shared.proved.store(false, Ordering::Relaxed);
    let mut history = History::new();
    let mut s = Searcher::new(shared, &mut history, true);
    s.deadline = Some(shared.hard_deadline.map_or(deadline, |hard| hard.min(deadline)));
    let defence = longest_defence(&mut s, pos, moves, chosen, plies);
    s.flush_nodes();
    (defence.best != chosen || defence.exact.is_some()).then_some(defence)
}

/// The defence of `pos` (lost within `plies`, its moves `moves`) that
/// lasts longest, as far as `s` can tell before its deadline; `chosen`
/// (the proof's defence) wins among equals. See the module docs.
pub(super) fn longest_defence<P: Searchable>(
    s: &mut Searcher<P>,
    pos: &P,
    moves: &[P::Move],
    chosen: P::Move,
    plies: u32,
) -> Defence<P::Move> {
    let mut pos = pos.clone();
    let mut alive = ranked(s.tt, &mut pos, moves, chosen);
    let mut exact = None;
    let mut k = 2;
    while alive.len() > 1 && k < plies {
        let (lasting, done) = lasting_beyond(s, &mut pos, moves, &alive, k);
        if lasting.is_empty() && done {
            // All that lasted past k - 2 plies lose at k: the best defence.
            exact = Some(k);
            break;
        }
        alive = lasting;
        if !done {
            break;
        }
        k += 2;
    }
    s.root_excluded.clear();
    Defence { best: alive[0], exact }
}

/// `moves`, the one lasting longest by the table's bounds first (a move
/// the table knows nothing of last), `chosen` first among equals.
fn ranked<P: Searchable>(tt: &Table, pos: &mut P, moves: &[P::Move], chosen: P::Move) -> Vec<P::Move> {
    let mut alive: Vec<P::Move> =
        std::iter::once(chosen).chain(moves.iter().copied().filter(|&m| m != chosen)).collect();
    // A stable sort: `chosen` stays first among equals.
    alive.sort_by_key(|&m| {
        let undo = pos.play_unchecked(m);
        let settled = tt.proved(pos.hash());
        pos.undo(m, undo);
        std::cmp::Reverse(settled.filter(|s| s.won).map_or(0, |s| s.plies + 1))
    });
    alive
}

/// The moves of `alive`, in order, that last more than `k` plies, and
/// whether every one was asked: when the search stops, those not asked
/// stay with those that lasted.
fn lasting_beyond<P: Searchable>(
    s: &mut Searcher<P>,
    pos: &mut P,
    moves: &[P::Move],
    alive: &[P::Move],
    k: u32,
) -> (Vec<P::Move>, bool) {
    let mut lasting = Vec::with_capacity(alive.len());
    for (i, &m) in alive.iter().enumerate() {
        match lasts_beyond(s, pos, moves, m, k) {
            Some(true) => lasting.push(m),
            Some(false) => {}
            None => {
                lasting.extend_from_slice(&alive[i..]);
                return (lasting, false);
            }
        }
    }
    (lasting, true)
}

/// Whether the root move `m` lasts more than `k` plies against every
/// reply, by a root search of `m` alone in the proof window "does a
/// defence last past k?"; `None` when the search stopped first.
fn lasts_beyond<P: Searchable>(
    s: &mut Searcher<P>,
    pos: &mut P,
    moves: &[P::Move],
    m: P::Move,
    k: u32,
) -> Option<bool> {
    s.root_excluded.clear();
    s.root_excluded.extend(moves.iter().copied().filter(|&x| x != m));
    let alpha = mated_in(k as usize);
    // Deep enough for a proof node (see `negamax::is_proof_node`).
    let v = s.negamax(pos, k as i32 + 2, alpha, alpha + 1, 0, true);
    (!s.stopped).then_some(v > alpha)
}

/// A won root's shortest win, as [`shortest_win`] found it: the mirror
/// of the defence check, for the winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ShortestWin<M> {
    /// The move that wins soonest.
    pub best: M,
    /// The game's length in plies when it is played against the best
    /// defence: exact (no move wins sooner).
    pub plies: u32,
}

/// For a `result` won within a distance not exact (a prover's bound),
/// the shortest win of `pos` (its moves `moves`), checked until
/// `deadline` by a search sharing `shared` ([`shortest_win`]); `None` when
/// there is nothing to check, too little time, or the check ran out of
/// it before it settled the distance.
pub(super) fn shorten<P: Searchable>(
    shared: &SearchShared<P>,
    pos: &P,
    moves: &[P::Move],
    result: &SearchResult<P::Move>,
    deadline: Instant,
) -> Option<ShortestWin<P::Move>> {
    let (Score::Win(plies), false, Some(chosen)) = (result.info.score, result.info.exact, result.best_move) else {
        return None;
    };
    let time_left = deadline.checked_duration_since(Instant::now()).is_some_and(|t| t >= MIN_PROOF_TIME);
    if !time_left || shared.stop.load(Ordering::Relaxed) {
        return None;
    }
    // A prover's proof stopped the search: this one asks new questions.
    shared.proved.store(false, Ordering::Relaxed);
    let mut history = History::new();
    let mut s = Searcher::new(shared, &mut history, true);
    s.deadline = Some(shared.hard_deadline.map_or(deadline, |hard| hard.min(deadline)));
    let win = shortest_win(&mut s, pos, moves, chosen, plies);
    s.flush_nodes();
    win
}

/// The shortest win of `pos`, won within `plies` by `chosen`: asks for k
/// = 1, 3, 5, ... plies, in proof windows (exact answers), whether some
/// move wins within k, and names the first that does; `chosen` within
/// `plies` when no shorter k wins. `None` when `s` stops first.
pub(super) fn shortest_win<P: Searchable>(
    s: &mut Searcher<P>,
    pos: &P,
    moves: &[P::Move],
    chosen: P::Move,
    plies: u32,
) -> Option<ShortestWin<P::Move>> {
    let mut pos = pos.clone();
    let mut k = 1;
    let found = loop {
        if k >= plies {
            break Some(ShortestWin { best: chosen, plies });
        }
        if wins_within(s, &mut pos, moves, None, k)? {
            let mut winning = moves.iter().copied().map(|m| (m, wins_within(s, &mut pos, moves, Some(m), k)));
            let best = winning.find(|&(_, w)| w != Some(false)).and_then(|(m, w)| w.map(|_| m))?;
            break Some(ShortestWin { best, plies: k });
        }
        k += 2;
    };
    s.root_excluded.clear();
    found
}

/// Whether `only` (or any move, with `None`) wins `pos` within `k`
/// plies, by a root search in the proof window "is the game won within
/// k?"; `None` when the search stopped first.
fn wins_within<P: Searchable>(
    s: &mut Searcher<P>,
    pos: &mut P,
    moves: &[P::Move],
    only: Option<P::Move>,
    k: u32,
) -> Option<bool> {
    s.root_excluded.clear();
    if let Some(m) = only {
        s.root_excluded.extend(moves.iter().copied().filter(|&x| x != m));
    }
    let beta = -mated_in(k as usize);
    // Deep enough for a proof node (see `negamax::is_proof_node`).
    let v = s.negamax(pos, k as i32 + 2, beta - 1, beta, 0, true);
    (!s.stopped).then_some(v >= beta)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ordering::History;
    use crate::engine::search::with_shared;
    use crate::engine::{Info, PvLine, Settled};
    use crate::games::wormhole::{Position, Variant};

    /// Black to move and lost (self-play, classic): Ra5 and Ba5 last 10
    /// plies, c6, Nh5 and f4 8, Nd5 6 and a5 4 (a search 14 plies deep
    /// with every line).
    const LOST: &str = "rxxxkxnx/pxppxxxx/x2x1xnx/1xxP1px1/xbQPx1xx/x1x1xK1p/xPxxxxxx/RxxxxxNx b 37";

    /// Runs `f` with a searcher of `pos` sharing `tt`.
    fn with_searcher<R>(pos: &Position, tt: &Table, f: impl FnOnce(&mut Searcher<Position>) -> R) -> R {
        let mut history = History::new();
        with_shared(pos, tt, |shared| f(&mut Searcher::new(shared, &mut history, true)))
    }

    fn lost() -> (Position, Vec<crate::games::wormhole::Move>) {
        let pos = Position::from_fen(LOST, Variant::Classic).unwrap();
        let moves = pos.legal_moves().iter().copied().collect();
        (pos, moves)
    }

    #[test]
    fn a_lost_side_plays_the_defence_that_lasts_longest() {
        let (mut pos, moves) = lost();
        let tt = Table::new(16).unwrap();
        let a5 = pos.parse_move("a5").unwrap();
        let longest = [pos.parse_move("Ra5").unwrap(), pos.parse_move("Ba5").unwrap()];
        with_searcher(&pos.clone(), &tt, |s| {
            assert_eq!(lasts_beyond(s, &mut pos, &moves, a5, 2), Some(true));
            assert_eq!(lasts_beyond(s, &mut pos, &moves, a5, 4), Some(false));
            // A proof's loose bound (30 plies) and a poor defence: the check
            // finds the longest, and its exact distance.
            let defence = longest_defence(s, &pos, &moves, a5, 30);
            assert!(longest.contains(&defence.best), "{defence:?}");
            assert_eq!(defence.exact, Some(10));
            assert!(s.root_excluded.is_empty());
        });
    }

    #[test]
    fn a_check_cut_short_keeps_what_it_did_not_ask() {
        let (mut pos, moves) = lost();
        let tt = Table::new(16).unwrap();
        let [a5, nd5] = ["a5", "Nd5"].map(|m| pos.parse_move(m).unwrap());
        with_searcher(&pos.clone(), &tt, |s| {
            s.stopped = true;
            assert_eq!(lasting_beyond(s, &mut pos, &moves, &[nd5, a5], 4), (vec![nd5, a5], false));
            assert_eq!(longest_defence(s, &pos, &moves, a5, 30), Defence { best: a5, exact: None });
        });
    }

    #[test]
    fn the_tables_bounds_rank_the_defences() {
        let (mut pos, moves) = lost();
        let tt = Table::new(16).unwrap();
        let [a5, c6, f4] = ["a5", "c6", "f4"].map(|m| pos.parse_move(m).unwrap());
        let publish = |pos: &Position, m, plies| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            tt.publish(child.hash(), Settled { won: true, plies });
        };
        publish(&pos, c6, 7);
        publish(&pos, f4, 19);
        publish(&pos, a5, 7);
        let order = ranked(&tt, &mut pos, &moves, a5);
        // f4 lasts 20 plies at most, a5 and c6 8: a5, chosen, first of those.
        assert_eq!(order[..3], [f4, a5, c6]);
        assert_eq!(order.len(), moves.len());
    }

    /// A search's result for `m` with `score`, its distance not exact.
    fn searched(m: crate::games::wormhole::Move, score: Score) -> SearchResult<crate::games::wormhole::Move> {
        let line = PvLine { score, exact: false, pv: vec![m] };
        SearchResult { best_move: Some(m), info: Info { score, pv: vec![m], lines: vec![line], ..Info::default() } }
    }

    #[test]
    fn a_loss_not_exact_is_checked_in_the_time_left() {
        let (pos, moves) = lost();
        let tt = Table::new(16).unwrap();
        let a5 = pos.parse_move("a5").unwrap();
        let soon = Instant::now() + std::time::Duration::from_secs(60);
        let check = |result: &SearchResult<crate::games::wormhole::Move>, deadline| {
            with_shared(&pos, &tt, |shared| defend(shared, &pos, &moves, result, deadline))
        };
        let mut result = searched(a5, Score::Loss(30));
        let defence = check(&result, soon).expect("a better defence");
        assert_eq!(defence.exact, Some(10));
        result.take_defence(defence);
        let line = PvLine { score: Score::Loss(10), exact: true, pv: vec![defence.best] };
        assert_eq!((result.best_move, &result.info.lines[..]), (Some(defence.best), &[line][..]));
        assert_eq!(
            (result.info.score, result.info.exact, &result.info.pv),
            (Score::Loss(10), true, &vec![defence.best])
        );
        // Nothing to check: an exact loss, a win, an open game; no time.
        let mut exact = searched(a5, Score::Loss(4));
        exact.info.exact = true;
        for result in [exact, searched(a5, Score::Win(9)), searched(a5, Score::Cp(-300))] {
            assert_eq!(check(&result, soon), None);
        }
        assert_eq!(check(&searched(a5, Score::Loss(30)), Instant::now()), None);
    }
}
