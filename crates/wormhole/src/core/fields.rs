//! The FEN fields the orthodox games share: piece placement (orthodox
//! pieces only), side to move, castling (as text: each game reads its own
//! rights), en passant, the two clocks, and the game's own field after
//! them, read (`Fields::read`) and written (`write`). Porthole's PFEN
//! and Linked-portal's FEN are an orthodox FEN of 4 or 6 fields with an
//! optional seventh.

use crate::core::castling::CastlingRights;
use crate::core::excerpt::Excerpt;
use crate::core::{Board, Color, Placement, Roles, Square};

/// What is wrong with one of the orthodox fields of a FEN.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    /// The text is empty.
    #[error("empty FEN")]
    Empty,
    /// Not 4, 6 or 7 fields (the number found).
    #[error("expected 4, 6 or 7 space-separated fields, found {0}")]
    FieldCount(usize),
    /// Not 8 ranks (the number found).
    #[error("expected 8 ranks separated by '/', found {0}")]
    RankCount(usize),
    /// A rank (1..8) that does not cover 8 files.
    #[error("rank {rank} has {files} files (expected 8)")]
    RankWidth {
        /// The rank, 1 to 8.
        rank: u8,
        /// The files it covers.
        files: usize,
    },
    /// A letter that is no orthodox piece, on a rank (1..8).
    #[error("unknown piece letter '{letter}' on rank {rank} (expected one of KQRBNP, upper case for White)")]
    UnknownPiece {
        /// The letter as written.
        letter: char,
        /// The rank, 1 to 8.
        rank: u8,
    },
    /// The side to move is not `w` or `b`.
    #[error("side to move must be 'w' or 'b', found '{}'", Excerpt(.0))]
    BadSide(String),
    /// The halfmove clock is not a number from 0 to 9999.
    #[error("halfmove clock must be a number from 0 to 9999, found '{}'", Excerpt(.0))]
    BadHalfmoves(String),
    /// The move number is not a number from 1 to 9999.
    #[error("move number must be a number from 1 to 9999, found '{}'", Excerpt(.0))]
    BadMoveNumber(String),
    /// The en passant field is neither `-` nor a square.
    #[error("en passant field must be '-' or a square, found '{}'", Excerpt(.0))]
    EnPassant(String),
}

/// The orthodox fields of a FEN, read but not checked for playability.
#[derive(Debug, Clone)]
pub(crate) struct Fields<'a> {
    /// The pieces.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The castling field as written.
    pub castling: &'a str,
    /// The en passant square.
    pub ep: Option<Square>,
    /// Plies since the last capture or pawn move (0 when not given).
    pub halfmoves: u32,
    /// The move number (1 when not given).
    pub fullmoves: u32,
    /// The game's own seventh field, if written.
    pub extra: Option<&'a str>,
}

impl Fields<'_> {
    /// Reads a FEN of 4, 6 or 7 fields: placement, side, castling, en
    /// passant, the clocks, and the game's own field.
    pub(crate) fn read(fen: &str) -> Result<Fields<'_>, FieldError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        match fields.len() {
            0 => return Err(FieldError::Empty),
            4 | 6 | 7 => {}
            n => return Err(FieldError::FieldCount(n)),
        }
        let board = placement(fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(FieldError::BadSide(s.to_string())),
        };
        let ep = match fields[3] {
            "-" => None,
            s => Some(s.parse::<Square>().map_err(|_| FieldError::EnPassant(s.to_string()))?),
        };
        let (halfmoves, fullmoves) = match fields.get(4..6) {
            Some([h, f]) => (
                clock(h, 0).ok_or_else(|| FieldError::BadHalfmoves(h.to_string()))?,
                clock(f, 1).ok_or_else(|| FieldError::BadMoveNumber(f.to_string()))?,
            ),
            _ => (0, 1),
        };
        Ok(Fields { board, turn, castling: fields[2], ep, halfmoves, fullmoves, extra: fields.get(6).copied() })
    }
}

/// Writes the six orthodox fields, what [`Fields::read`] reads:
/// placement, side, castling rights, en passant (`-` for none), the clocks.
pub(crate) fn write(
    board: &Board,
    turn: Color,
    castling: CastlingRights,
    ep: Option<Square>,
    (halfmoves, fullmoves): (u32, u32),
) -> String {
    let placement = Placement::new(board, Roles::ORTHODOX);
    let ep = ep.map_or("-".to_string(), |sq| sq.to_string());
    format!("{placement} {} {castling} {ep} {halfmoves} {fullmoves}", turn.char())
}

/// A clock: a number from `min` to 9999.
pub(crate) fn clock(text: &str, min: u32) -> Option<u32> {
    text.parse::<u32>().ok().filter(|n| (min..=9999).contains(n))
}

/// Reads a placement of orthodox pieces (rank 8 first, digits for empty
/// squares).
fn placement(placement: &str) -> Result<Board, FieldError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(FieldError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (text, rank) in ranks.iter().zip((0..8u8).rev()) {
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                file += d as usize;
                continue;
            }
            let piece =
                Roles::ORTHODOX.piece_from_letter(c).ok_or(FieldError::UnknownPiece { letter: c, rank: rank + 1 })?;
            if let Some(sq) = Square::from_coords(file as u8, rank) {
                board.put(sq, piece);
            }
            file += 1;
        }
        if file != 8 {
            return Err(FieldError::RankWidth { rank: rank + 1, files: file });
        }
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_fields_mean_clocks_0_1_and_the_seventh_is_the_games() {
        let f = Fields::read("4k3/8/8/8/8/8/8/4K3 b Kq e3").unwrap();
        assert_eq!((f.turn, f.castling, f.halfmoves, f.fullmoves, f.extra), (Color::Black, "Kq", 0, 1, None));
        assert_eq!(f.ep, Some("e3".parse().unwrap()));
        assert_eq!(f.board.occupied().count(), 2);
        let f = Fields::read("4k3/8/8/8/8/8/8/4K3 w - - 7 30 e4,a5").unwrap();
        assert_eq!((f.halfmoves, f.fullmoves, f.extra), (7, 30, Some("e4,a5")));
    }

    #[test]
    fn each_field_says_what_is_wrong() {
        let err = |fen: &str| Fields::read(fen).unwrap_err();
        assert_eq!(err("  "), FieldError::Empty);
        assert_eq!(err("8/8 w - - 0"), FieldError::FieldCount(5));
        assert_eq!(err("8/8 w - -"), FieldError::RankCount(2));
        assert_eq!(err("4k3/8/8/8/8/8/8/4K4 w - -"), FieldError::RankWidth { rank: 1, files: 9 });
        assert_eq!(err("4k3/8/8/8/8/8/8/3CK3 w - -"), FieldError::UnknownPiece { letter: 'C', rank: 1 });
        assert_eq!(err("4k3/8/8/8/8/8/8/4K3 x - -"), FieldError::BadSide("x".into()));
        assert_eq!(err("4k3/8/8/8/8/8/8/4K3 w - e9"), FieldError::EnPassant("e9".into()));
        assert_eq!(err("4k3/8/8/8/8/8/8/4K3 w - - -1 1"), FieldError::BadHalfmoves("-1".into()));
        assert_eq!(err("4k3/8/8/8/8/8/8/4K3 w - - 0 0"), FieldError::BadMoveNumber("0".into()));
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 0 0").to_string(),
            "move number must be a number from 1 to 9999, found '0'"
        );
    }
}
