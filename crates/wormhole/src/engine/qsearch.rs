//! Quiescence search: at the horizon, resolve captures before trusting
//! the static evaluation. Positions with no legal move are still losses,
//! and a side in check searches all its evasions.

use super::ordering::Picker;
use super::score::{INFINITY, MAX_PLY, mated_in};
use super::search::Searcher;
use crate::attacks;
use crate::steps::first;
use crate::{Bitboard, Position, Role};

/// Beyond this many capture-search plies, a side in check stands pat too,
/// so long chains of checks cannot blow the search up.
const MAX_CHECK_PLIES: usize = 6;

impl Searcher<'_> {
    /// The value of `pos` once the captures are resolved (fail-soft).
    pub fn qsearch(&mut self, pos: &mut Position, mut alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        self.count_node(ply);
        self.clear_pv(ply);
        if self.stopped {
            return 0;
        }
        let mut picker = Picker::new();
        let mut best = -INFINITY;
        let safety = pos.king_safety();
        let in_check = safety.in_check();
        if !in_check && ply < MAX_PLY - 1 && surely_has_move(pos, safety.path_squares().0) {
            // Not out of moves, so it may stand pat before generating anything.
            let stand = self.eval_lazy(pos, alpha, beta);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            picker.generate_captures(pos, &safety);
        } else {
            picker.generate_with(pos, &safety);
            if picker.is_empty() {
                return mated_in(ply);
            }
            if ply >= MAX_PLY - 1 {
                return self.eval(pos);
            }
            if in_check && qply < MAX_CHECK_PLIES {
                picker.score_all(pos, None, [None; 2], self.history);
            } else {
                let stand = self.eval_lazy(pos, alpha, beta);
                if stand >= beta {
                    return stand;
                }
                alpha = alpha.max(stand);
                best = stand;
                picker.keep_captures(pos);
            }
        }
        while let Some(m) = picker.next_move() {
            let undo = pos.play_unchecked(m);
            let v = -self.qsearch(pos, -beta, -alpha, ply + 1, qply + 1);
            pos.undo(m, undo);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Whether the side to move, not in check, surely has a legal move: a piece
/// standing on none of the `paths` that lead to its king can move without
/// exposing it (pieces never block, only holes shape paths). A `false` says
/// nothing; the caller then generates the moves.
fn surely_has_move(pos: &Position, path: u64) -> bool {
    let b = pos.board();
    let us = pos.turn();
    let open = b.open();
    let own = b.by_color(us).0;
    let enemy = b.by_color(!us).0;
    let occupied = own | enemy;
    let free = b.by_color(us) & !b.by_role(Role::King) & Bitboard(!path);
    for s in free {
        let i = s.index();
        let role = b.piece_at(s).map_or(Role::King, |p| p.role);
        let targets = match role {
            Role::Pawn => {
                let step = first(attacks::pawn_forward(us), i, open) & !occupied;
                step | (attacks::pawn_captures(us, i, open) & enemy)
            }
            r => attacks::piece_moves(r, us, i, open, own, enemy),
        };
        if targets != 0 {
            return true;
        }
    }
    false
}
