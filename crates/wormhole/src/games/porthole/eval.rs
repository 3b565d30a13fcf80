//! Static evaluation for Porthole chess: the orthodox terms every Portal
//! game shares ([`crate::engine::orthodox_eval`]: material, piece squares,
//! mobility, pawn structure, king safety, ...), then Porthole's own: the
//! portholes each piece can enter, pieces standing on or next to
//! portholes, and the king's safety against arrivals (open portholes next
//! to it are squares where an enemy piece can arrive from anywhere). A
//! weighted sum of counts, one table of [`TERMS`], so a match can change
//! any weight by name and the weights can be fitted to game results
//! ([`features`]).

use super::{Position, attacks};
use crate::core::{Bitboard, Color, Role};
use crate::engine::orthodox_eval::{self, Forces, Scene};
pub use crate::engine::orthodox_eval::{BISHOP_PAIR, KING_ATTACK, MATERIAL, MOBILITY_N, PASSED, PST, TEMPO, TEMPO_EG};
use crate::engine::{Term, TermShape, TermSink};

/// Portholes a piece can enter, by role.
pub const ENTRIES: Term = TEMPO_EG.then(
    "entry",
    TermShape::PerRole,
    "portholes each role can enter (counted while some porthole is open to leave by)",
);
/// Pieces on portholes.
pub const ON_PORTHOLE: Term = ENTRIES.then("on", TermShape::One, "pieces (not the king) standing on a porthole");
/// Pieces next to open portholes.
pub const BESIDE_PORTHOLE: Term =
    ON_PORTHOLE.then("beside", TermShape::One, "pieces (not the king) next to an open porthole");
/// Open portholes next to the king.
pub const KING_PORTHOLES: Term = BESIDE_PORTHOLE.then(
    "kingholes",
    TermShape::One,
    "open portholes next to the king: squares where an enemy piece can arrive from any entry",
);
/// Open portholes from which a piece would give check.
pub const CHECK_PORTHOLES: Term = KING_PORTHOLES.then(
    "checkholes",
    TermShape::One,
    "open portholes on a line or a knight's jump from the king, while the enemy has a piece that can enter one",
);

/// Every term of the evaluation, in the order of their weights: the
/// orthodox ones, then Porthole's.
pub const TERMS: [Term; orthodox_eval::TERMS.len() + 5] =
    orthodox_eval::terms_then(&[ENTRIES, ON_PORTHOLE, BESIDE_PORTHOLE, KING_PORTHOLES, CHECK_PORTHOLES]);

crate::engine::eval_scaffold!(
    /// The weights of Porthole chess's evaluation, in centipawns, one per
    /// count of [`features`]; [`TERMS`] says where each term's weights are.
    Position,
    orthodox_first,
    CHECK_PORTHOLES
);

impl Default for EvalParams {
    /// The weights the engine plays with: the orthodox table
    /// ([`orthodox_eval::WEIGHTS`]), then Porthole's own, set by hand and
    /// checked by self-play (`wormhole match --variant porthole`, both
    /// sides `level=10,nodes=20000`, 6 random plies; with the evaluation
    /// before the orthodox table): against the porthole terms switched off
    /// (`scale.entry=0,on=0,beside=0,kingholes=0,checkholes=0`) 50/100, no
    /// measured gain yet; weights fitted to 241 self-play games, porthole
    /// terms kept, 40/100.
    fn default() -> EvalParams {
        #[rustfmt::skip]
        let own = [
            8, 10, 10, 8, 6, -5, 0, 0, 0, // entry
            0, 5, // on, beside
            -25, -10, // kingholes, checkholes
        ];
        EvalParams { weights: orthodox_eval::weights_with(&own) }
    }
}

/// The squares next to any of `squares`.
#[inline]
fn neighbours(squares: u64) -> u64 {
    Bitboard(squares).into_iter().fold(0, |n, s| n | attacks::king(s.index()))
}

/// Feeds every term of the evaluation of `pos` to `sink`.
#[inline(always)]
fn terms<S: TermSink>(pos: &Position, sink: &mut S) {
    let b = pos.board();
    let tokens = pos.tokens().squares().0;
    let occupied = b.occupied().0;
    let open_portholes = tokens & !occupied;
    let can_leave = open_portholes != 0;
    sink.set_phase(orthodox_eval::board_phase(b));
    sink.set_scale(orthodox_eval::scales(&Forces::of(b), orthodox_eval::keeps_colour(tokens)));
    let scene = Scene { board: b, blockers: occupied | tokens, closed: tokens };
    let mut entries = [[0i32; Role::MAX]; 2];
    if can_leave {
        orthodox_eval::board_terms(&scene, sink, |_, color, role, reach| {
            entries[color.index()][role.index()] += (reach & tokens & !b.by_color(color).0).count_ones() as i32;
        });
    } else {
        orthodox_eval::board_terms(&scene, sink, |_, _, _, _| {});
    }
    let beside_open = neighbours(open_portholes);
    let mut enters = [false; 2];
    for color in Color::ALL {
        let ci = color.index();
        let own = b.by_color(color).0;
        if can_leave {
            let [west, east] = orthodox_eval::pawn_captures(color, b.pieces(color, Role::Pawn).0);
            let entry = tokens & !own;
            entries[ci][Role::Pawn.index()] = ((west & entry).count_ones() + (east & entry).count_ones()) as i32;
            if let Some(k) = b.king_of(color) {
                entries[ci][Role::King.index()] = (attacks::king(k.index()) & entry).count_ones() as i32;
            }
            for role in Role::ORTHODOX {
                sink.add(ci, ENTRIES.at(role.index()), entries[ci][role.index()]);
            }
            enters[ci] = entries[ci].iter().any(|&n| n > 0);
        }
        let pieces = own & !b.by_role(Role::King).0;
        sink.add(ci, ON_PORTHOLE.start, (pieces & tokens).count_ones() as i32);
        sink.add(ci, BESIDE_PORTHOLE.start, (pieces & beside_open).count_ones() as i32);
    }
    for c in Color::ALL {
        if let Some(k) = b.king_of(c) {
            let k = k.index();
            let ci = c.index();
            sink.add(ci, KING_PORTHOLES.start, (attacks::king(k) & open_portholes).count_ones() as i32);
            if enters[ci ^ 1] {
                let blockers = occupied | tokens;
                let lines = attacks::rook(k, blockers) | attacks::bishop(k, blockers) | attacks::knight(k);
                sink.add(ci, CHECK_PORTHOLES.start, (lines & open_portholes).count_ones() as i32);
            }
        }
    }
    orthodox_eval::tempo(pos.turn(), sink);
}
