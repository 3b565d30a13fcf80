//! Zobrist keys of Two-board portal chess: the pieces of both boards, the
//! side and board to play, per-board castling rights and en passant
//! squares, and the intents. Everything a FEN says but the clocks, so
//! equal hashes mean a repeated position.

use super::{BoardId, CastlingRights, Intent, IntentState};
use crate::core::zobrist::fill;
use crate::core::{Color, Piece, Role, Square};

const PIECES: usize = 0; // [board][color][role 0..6][square]
const CASTLING: usize = PIECES + 2 * 2 * 6 * 64; // [board][rights]
const EN_PASSANT: usize = CASTLING + 2 * 16; // [board][square]
const INTENTS: usize = EN_PASSANT + 2 * 64; // [color][source][state 0..8][square]
const BLACK: usize = INTENTS + 2 * 2 * 8 * 64;
const BOARD_B: usize = BLACK + 1;
const KEYS: usize = BOARD_B + 1;

/// Fixed pseudo-random keys from the crate's one SplitMix64
/// ([`fill`]), computed at compile time.
const fn keys() -> [u64; KEYS] {
    let mut table = [0u64; KEYS];
    fill(&mut table, 0x2b0a_7dc4_e51f_9327);
    table
}

static KEY: [u64; KEYS] = keys();

/// The key of `piece` on `sq` of `board`.
#[inline(always)]
pub fn piece_key(board: BoardId, piece: Piece, sq: Square) -> u64 {
    KEY[PIECES + ((board.index() * 2 + piece.color.index()) * 6 + piece.role.index()) * 64 + sq.index()]
}

/// The key of one board's castling rights.
#[inline(always)]
pub fn castling_key(board: BoardId, rights: CastlingRights) -> u64 {
    KEY[CASTLING + board.index() * 16 + rights.bits() as usize]
}

/// The key of one board's en passant square, if any.
#[inline(always)]
pub fn en_passant_key(board: BoardId, sq: Option<Square>) -> u64 {
    sq.map_or(0, |s| KEY[EN_PASSANT + board.index() * 64 + s.index()])
}

/// The key of an intent, if any.
#[inline(always)]
pub fn intent_key(intent: Option<Intent>) -> u64 {
    let Some(i) = intent else { return 0 };
    let state = match i.state {
        IntentState::Live => 0,
        IntentState::Lost => 1,
        IntentState::InTransit(role) => 2 + role.index().min(Role::King.index()),
    };
    KEY[INTENTS + ((i.owner.index() * 2 + i.source.index()) * 8 + state) * 64 + i.square.index()]
}

/// The key of the side and board to play.
#[inline(always)]
pub fn turn_key(turn: Color, board: BoardId) -> u64 {
    let black = if turn == Color::Black { KEY[BLACK] } else { 0 };
    black ^ if board == BoardId::B { KEY[BOARD_B] } else { 0 }
}
