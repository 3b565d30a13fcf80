//! FEN: `<placement> <side> <plies>` with `x` for a hole (the vchess form).
//!
//! Reading accepts the placement alone (White to move), placement + side,
//! the 3-field form, and the 6-field chess form
//! `<placement> <side> - - <halfmove> <fullmove>`. Reading gives a
//! [`Setup`], which says what the text says; [`Position::from_setup`] then
//! checks that it is a legal position.

use std::fmt::{self, Write as _};

use crate::{Board, Color, Piece, Position, Role, Square, Variant, zobrist};

/// Why a FEN was refused. Messages quote the bad input and say where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("empty FEN")]
    Empty,
    #[error("expected 1, 2, 3 or 6 space-separated fields, found {0}")]
    FieldCount(usize),
    #[error("expected 8 ranks separated by '/', found {0}")]
    RankCount(usize),
    #[error("rank {rank} has {files} files (expected 8)")]
    RankWidth { rank: u8, files: usize },
    #[error("unknown piece letter '{letter}' on rank {rank}")]
    UnknownPiece { letter: char, rank: u8 },
    #[error("side to move must be 'w' or 'b', found '{0}'")]
    BadSide(String),
    #[error("ply count must be a number from 0 to 9999, found '{0}'")]
    BadPlies(String),
    #[error("castling field must be '-' (there is no castling in Wormhole chess), found '{0}'")]
    Castling(String),
    #[error("en passant field must be '-' (there is no en passant in Wormhole chess), found '{0}'")]
    EnPassant(String),
    #[error("move number must be a number from 1 to 9999, found '{0}'")]
    BadMoveNumber(String),
    #[error("{color} has {count} kings (expected exactly 1)")]
    KingCount { color: Color, count: u32 },
    #[error("{color} pawn on {square}, its own first rank")]
    PawnOnFirstRank { color: Color, square: Square },
    #[error("{role} on {square} is not part of the {variant} piece set")]
    WrongPieceSet { role: &'static str, square: Square, variant: Variant },
    #[error("the side not to move ({0}) is in check")]
    OppositeCheck(String),
}

/// What a FEN says, not yet checked for legality.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Pieces and holes.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Plies played so far.
    pub plies: u32,
}

impl Setup {
    /// Reads a FEN in any of the accepted forms.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if !matches!(fields.len(), 1 | 2 | 3 | 6) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let board = parse_placement(fields[0])?;
        let turn = match fields.get(1) {
            None => Color::White,
            Some(s) => {
                let mut chars = s.chars();
                match (chars.next().and_then(Color::from_char), chars.next()) {
                    (Some(c), None) => c,
                    _ => return Err(FenError::BadSide(s.to_string())),
                }
            }
        };
        let plies = match fields.len() {
            3 => parse_number(fields[2], 0).ok_or_else(|| FenError::BadPlies(fields[2].to_string()))?,
            6 => {
                if fields[2] != "-" {
                    return Err(FenError::Castling(fields[2].to_string()));
                }
                if fields[3] != "-" {
                    return Err(FenError::EnPassant(fields[3].to_string()));
                }
                parse_number(fields[4], 0).ok_or_else(|| FenError::BadMoveNumber(fields[4].to_string()))?;
                let full = parse_number(fields[5], 1).ok_or_else(|| FenError::BadMoveNumber(fields[5].to_string()))?;
                2 * (full - 1) + turn.index() as u32
            }
            _ => 0,
        };
        Ok(Setup { board, turn, plies })
    }

    /// The piece set the pieces belong to, if they say: any of C, W, M means
    /// fairy, any of Q, R, B classic.
    pub fn variant_hint(&self) -> Option<Variant> {
        let any = |roles: [Role; 3]| roles.iter().any(|&r| self.board.by_role(r).any());
        if any([Role::Champion, Role::Wizard, Role::Lion]) {
            Some(Variant::Fairy)
        } else if any([Role::Queen, Role::Rook, Role::Bishop]) {
            Some(Variant::Classic)
        } else {
            None
        }
    }
}

fn parse_number(s: &str, min: u32) -> Option<u32> {
    let n: u32 = s.parse().ok()?;
    (min..=9999).contains(&n).then_some(n)
}

fn parse_placement(placement: &str) -> Result<Board, FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0usize;
        for c in text.chars() {
            match c {
                '1'..='8' => file += c as usize - '0' as usize,
                'x' | 'X' => {
                    if let Some(sq) = Square::from_coords(file as u8, rank) {
                        board.toggle_hole(sq);
                    }
                    file += 1;
                }
                _ => {
                    let piece = Piece::from_char(c).ok_or(FenError::UnknownPiece { letter: c, rank: rank + 1 })?;
                    if let Some(sq) = Square::from_coords(file as u8, rank) {
                        board.put(sq, piece);
                    }
                    file += 1;
                }
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            let files = text.chars().map(|c| c.to_digit(10).map_or(1, |d| d as usize)).sum();
            return Err(FenError::RankWidth { rank: rank + 1, files });
        }
    }
    Ok(board)
}

impl Position {
    /// Reads a FEN (any accepted form) as a position of `variant`.
    ///
    /// ```
    /// use wormhole::{Position, Variant};
    /// let err = Position::from_fen("8/8/8/8/8/8/8/K6k/8 w 0", Variant::Classic).unwrap_err();
    /// assert_eq!(err.to_string(), "expected 8 ranks separated by '/', found 9");
    /// ```
    pub fn from_fen(fen: &str, variant: Variant) -> Result<Position, FenError> {
        Position::from_setup(Setup::from_fen(fen)?, variant)
    }

    /// Checks a [`Setup`]: one king per side, no pawn on its own first rank,
    /// only pieces of `variant`, the side not to move not in check.
    pub fn from_setup(setup: Setup, variant: Variant) -> Result<Position, FenError> {
        let Setup { board, turn, plies } = setup;
        for color in Color::ALL {
            let count = board.pieces(color, Role::King).count();
            if count != 1 {
                return Err(FenError::KingCount { color, count });
            }
        }
        for square in Square::all() {
            let Some(piece) = board.piece_at(square) else { continue };
            if !variant.has_role(piece.role) {
                return Err(FenError::WrongPieceSet { role: piece.role.name(), square, variant });
            }
            let first_rank = match piece.color {
                Color::White => 0,
                Color::Black => 7,
            };
            if piece.role == Role::Pawn && square.rank() == first_rank {
                return Err(FenError::PawnOnFirstRank { color: piece.color, square });
            }
        }
        let hash = zobrist::hash(&board, turn);
        let pos = Position { board, turn, plies, variant, hash };
        let waiting = !turn;
        if let Some(k) = pos.board.king_of(waiting)
            && pos.attackers(k, turn).any()
        {
            return Err(FenError::OppositeCheck(waiting.to_string().to_lowercase()));
        }
        Ok(pos)
    }

    /// The FEN in the 3-field vchess form `<placement> <side> <plies>`.
    pub fn fen(&self) -> String {
        format!("{} {} {}", Placement(&self.board), self.turn.char(), self.plies)
    }
}

/// Displays a board as a FEN placement field.
pub struct Placement<'a>(pub &'a Board);

impl fmt::Display for Placement<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let Some(sq) = Square::from_coords(file, rank) else { continue };
                let c = if self.0.is_hole(sq) {
                    'x'
                } else if let Some(p) = self.0.piece_at(sq) {
                    p.char()
                } else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                f.write_char(c)?;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_char('/')?;
            }
        }
        Ok(())
    }
}
