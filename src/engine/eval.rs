//! Static evaluation for Wormhole chess.
//!
//! Running out of moves loses, so besides material the evaluation counts
//! each side's safe moves (targets not held by its own pieces nor attacked
//! by enemy pawns), the king's escape squares, pieces left with no move at
//! all (cut off by holes), and pawns close to a capture-promotion.

use crate::attacks::{self, pawn_captures};
use crate::steps::first;
use crate::{Color, Position, Role};

/// The weights of the evaluation, in centipawns. Indexed by [`Role::index`]
/// where per role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalParams {
    /// The value of each piece.
    pub material: [i32; 9],
    /// The value of each safe move, by the role making it.
    pub mobility: [i32; 9],
    /// Per square the king can step to that no enemy piece attacks.
    pub king_escape: i32,
    /// Penalty when the king has no such square.
    pub king_boxed: i32,
    /// Penalty for a piece (not pawn or king) with no move at all.
    pub trapped: i32,
    /// Bonus for a pawn by the open squares left on its file ahead of it
    /// (index 1: it stands next to the last rank and can promote by capturing).
    pub pawn_ahead: [i32; 8],
    /// Bonus for the side to move.
    pub tempo: i32,
}

impl Default for EvalParams {
    fn default() -> EvalParams {
        let mut material = [0; 9];
        material[Role::Pawn.index()] = 100;
        material[Role::Knight.index()] = 320;
        material[Role::Bishop.index()] = 300;
        material[Role::Rook.index()] = 330;
        material[Role::Queen.index()] = 650;
        material[Role::Champion.index()] = 500;
        material[Role::Wizard.index()] = 420;
        material[Role::Lion.index()] = 650;
        let mut mobility = [0; 9];
        mobility[Role::Knight.index()] = 6;
        mobility[Role::Bishop.index()] = 6;
        mobility[Role::Rook.index()] = 6;
        mobility[Role::Queen.index()] = 4;
        mobility[Role::Champion.index()] = 5;
        mobility[Role::Wizard.index()] = 5;
        mobility[Role::Lion.index()] = 4;
        mobility[Role::Pawn.index()] = 4;
        EvalParams {
            material,
            mobility,
            king_escape: 8,
            king_boxed: 40,
            trapped: 30,
            pawn_ahead: [0, 60, 35, 20, 10, 5, 0, 0],
            tempo: 10,
        }
    }
}

impl EvalParams {
    /// The material value of `role`.
    #[inline]
    pub fn value(&self, role: Role) -> i32 {
        self.material[role.index()]
    }
}

/// The squares of the file of `sq` strictly ahead of it for `color`.
#[inline]
fn file_ahead(color: Color, sq: usize) -> u64 {
    let file = 0x0101_0101_0101_0101u64 << (sq & 7);
    match color {
        Color::White => file & (!1u64).wrapping_shl(sq as u32),
        Color::Black => file & ((1u64 << sq) - 1),
    }
}

/// Material only, from the side to move's point of view.
pub fn material(pos: &Position, params: &EvalParams) -> i32 {
    let b = pos.board();
    let us = pos.turn();
    let mut v = 0;
    for role in Role::ALL {
        let w = params.value(role);
        if w != 0 {
            v += w * (b.pieces(us, role).count() as i32 - b.pieces(!us, role).count() as i32);
        }
    }
    v
}

/// The evaluation of `pos` from the side to move's point of view.
/// With `positional` false, material only.
pub fn evaluate(pos: &Position, params: &EvalParams, positional: bool) -> i32 {
    if !positional {
        return material(pos, params);
    }
    let b = pos.board();
    let open = b.open();
    let occupied = b.occupied().0;
    let mut pawn_att = [0u64; 2];
    for c in Color::ALL {
        for s in b.pieces(c, Role::Pawn) {
            pawn_att[c.index()] |= pawn_captures(c, s.index(), open);
        }
    }
    let mut side = [0i32; 2];
    let mut all_att = pawn_att;
    for c in Color::ALL {
        let ci = c.index();
        let own = b.by_color(c).0;
        let enemy = b.by_color(!c).0;
        let unsafe_sq = pawn_att[ci ^ 1];
        let mut v = 0;
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::Champion, Role::Wizard, Role::Lion] {
            let pieces = b.pieces(c, role);
            if pieces.is_empty() {
                continue;
            }
            let value = params.material[role.index()];
            let w = params.mobility[role.index()];
            for s in pieces {
                let s = s.index();
                let reach = match role {
                    Role::Knight => attacks::knight(s, open),
                    Role::Bishop => attacks::bishop(s, open),
                    Role::Rook => attacks::rook(s, open),
                    Role::Queen => attacks::queen(s, open),
                    Role::Champion => attacks::champion(s, open),
                    Role::Wizard => attacks::wizard(s, open),
                    _ => {
                        let strikes = attacks::lion_strikes(s, open);
                        all_att[ci] |= strikes;
                        attacks::lion_leaps(s, open) | (strikes & enemy)
                    }
                };
                all_att[ci] |= reach;
                let moves = reach & !own;
                v += value + w * (moves & !unsafe_sq).count_ones() as i32;
                if moves == 0 {
                    v -= params.trapped;
                }
            }
        }
        let forward = attacks::pawn_forward(c);
        let pawn_value = params.material[Role::Pawn.index()];
        let pawn_w = params.mobility[Role::Pawn.index()];
        for s in b.pieces(c, Role::Pawn) {
            let s = s.index();
            let step = first(forward, s, open);
            let ahead = (file_ahead(c, s) & open).count_ones() as usize;
            v += pawn_value + params.pawn_ahead[ahead.min(7)];
            if step & !occupied != 0 {
                v += pawn_w;
            }
        }
        side[ci] = v;
    }
    let kings = [b.king_of(Color::White), b.king_of(Color::Black)];
    let mut king_reach = [0u64; 2];
    for ci in 0..2 {
        if let Some(k) = kings[ci] {
            king_reach[ci] = attacks::king(k.index(), open);
            all_att[ci] |= king_reach[ci];
        }
    }
    for c in Color::ALL {
        let ci = c.index();
        if kings[ci].is_some() {
            let escapes = (king_reach[ci] & !b.by_color(c).0 & !all_att[ci ^ 1]).count_ones() as i32;
            side[ci] += params.king_escape * escapes;
            if escapes == 0 {
                side[ci] -= params.king_boxed;
            }
        }
    }
    let us = pos.turn().index();
    side[us] - side[us ^ 1] + params.tempo
}
