//! PFEN: the six orthodox FEN fields and a seventh listing the tokens,
//! `-` or squares in FEN order with `*h` for a height of 2 or more:
//! `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b5,c5,f5,g5,b4,c4,f4,g4`.
//!
//! A six-field FEN has no tokens; a four-field FEN also means clocks `0 1`.
//! The en passant field is written `-`; a square there is accepted and
//! ignored (there is no en passant). Reading gives a [`Setup`], what the
//! text says; [`Position::from_setup`] then checks that it is playable.

use super::{CastlingRights, MAX_PIECES_PER_SIDE, MAX_TOKENS, OrthodoxSetupError, Position, Tokens, zobrist};
use crate::core::castling::ParseCastlingError;
use crate::core::excerpt::Excerpt;
use crate::core::fields::{self, FieldError, Fields};
use crate::core::{Board, Color, Square};
use crate::game_info::FenClaim;

/// The default start as a PFEN.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b5,c5,f5,g5,b4,c4,f4,g4";

/// How strongly `fen` says it is a PFEN ([`GameKind::detect_fen`](crate::games::GameKind::detect_fen)):
/// its form when it has four or seven fields or castling letters (`KQkq`).
pub(crate) fn claim(fen: &str) -> FenClaim {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let castling = fields.len() >= 4 && fields[2].chars().any(|c| "KQkq".contains(c));
    match matches!(fields.len(), 4 | 7) || castling {
        true => FenClaim::Form,
        false => FenClaim::No,
    }
}

/// Why a PFEN was refused. Messages say what and where, and quote at most
/// 80 characters of the offending field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// One of the orthodox fields (placement, side, en passant, clocks) is malformed.
    #[error(transparent)]
    Fields(#[from] FieldError),
    /// A Wormhole hole (`x`) on a rank (1..8).
    #[error("'{letter}' on rank {rank}: Porthole chess has no holes (tokens go in the seventh field)")]
    Hole {
        /// The letter as written.
        letter: char,
        /// The rank, 1 to 8.
        rank: u8,
    },
    /// The castling field is malformed.
    #[error(transparent)]
    Castling(#[from] ParseCastlingError),
    /// The token list (quoted) has an empty entry.
    #[error("token list '{}' has an empty entry (separate squares with single commas, or write '-' for none)", Excerpt(.0))]
    EmptyTokenEntry(String),
    /// A token entry that is not `square` or `square*height`.
    #[error("token '{}' is not a square with an optional height (such as c4 or c2*2)", Excerpt(.0))]
    BadToken(String),
    /// A square listed twice in the token list.
    #[error("token square {0} is listed twice (write {0}*2 for a stack of two)")]
    RepeatedToken(Square),
    /// A square given height 0.
    #[error("token square {0} has height 0 (a height is 1 or more)")]
    ZeroHeight(Square),
    /// More than [`MAX_TOKENS`] tokens (the count reached).
    #[error("{0} tokens in all (at most {MAX_TOKENS})")]
    TooManyTokens(u32),
    /// A side with more than [`MAX_PIECES_PER_SIDE`] pieces.
    #[error("{color} has {count} pieces (at most {MAX_PIECES_PER_SIDE})")]
    TooManyPieces {
        /// The side.
        color: Color,
        /// How many it has.
        count: u32,
    },
    /// What orthodox chess refuses too (the kings, castling rights
    /// without their pieces, the side not to move in check).
    #[error(transparent)]
    Setup(#[from] OrthodoxSetupError),
}

/// What a PFEN says, not yet checked for playability.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// The tokens.
    pub tokens: Tokens,
    /// The side to move.
    pub turn: Color,
    /// The castling rights.
    pub castling: CastlingRights,
    /// Plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number.
    pub fullmoves: u32,
}

impl Setup {
    /// Reads a PFEN of 4, 6 or 7 fields.
    ///
    /// ```
    /// use wormhole::porthole::Setup;
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 c2*2,h1").unwrap();
    /// assert_eq!(setup.tokens.count(), 3);
    /// let err = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 c2,c2").unwrap_err();
    /// assert_eq!(err.to_string(), "token square c2 is listed twice (write c2*2 for a stack of two)");
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let fields = Fields::read(fen).map_err(|e| match e {
            FieldError::UnknownPiece { letter: letter @ ('x' | 'X'), rank } => FenError::Hole { letter, rank },
            e => FenError::Fields(e),
        })?;
        let castling = fields.castling.parse()?;
        let tokens = match fields.extra {
            Some(list) => parse_tokens(list)?,
            None => Tokens::empty(),
        };
        let Fields { board, turn, halfmoves, fullmoves, .. } = fields;
        Ok(Setup { board, tokens, turn, castling, halfmoves, fullmoves })
    }
}

fn parse_tokens(list: &str) -> Result<Tokens, FenError> {
    let mut tokens = Tokens::empty();
    if list == "-" {
        return Ok(tokens);
    }
    let mut total = 0u32;
    for item in list.split(',') {
        if item.is_empty() {
            return Err(FenError::EmptyTokenEntry(list.to_string()));
        }
        let (name, height) = match item.split_once('*') {
            // Digits only: `parse` alone would take a sign (`b4*+2`).
            Some((name, h)) if !h.is_empty() && h.bytes().all(|b| b.is_ascii_digit()) => {
                (name, h.parse::<u32>().map_err(|_| FenError::BadToken(item.to_string()))?)
            }
            Some(_) => return Err(FenError::BadToken(item.to_string())),
            None => (item, 1),
        };
        let sq: Square = name.parse().map_err(|_| FenError::BadToken(item.to_string()))?;
        if tokens.contains(sq) {
            return Err(FenError::RepeatedToken(sq));
        }
        if height == 0 {
            return Err(FenError::ZeroHeight(sq));
        }
        total = total.saturating_add(height);
        if total > MAX_TOKENS {
            return Err(FenError::TooManyTokens(total));
        }
        (0..height).for_each(|_| tokens.add(sq));
    }
    Ok(tokens)
}

impl Position {
    /// Reads a PFEN (4, 6 or 7 fields) as a position.
    ///
    /// ```
    /// use wormhole::porthole::Position;
    /// let err = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 c2*0").unwrap_err();
    /// assert_eq!(err.to_string(), "token square c2 has height 0 (a height is 1 or more)");
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_setup(Setup::from_fen(fen)?)
    }

    /// Checks a [`Setup`]: one king and at most 16 pieces per side,
    /// castling rights only with king and rook at home, the side not to
    /// move not in check.
    pub fn from_setup(setup: Setup) -> Result<Position, FenError> {
        let Setup { board, tokens, turn, castling, halfmoves, fullmoves } = setup;
        for color in Color::ALL {
            OrthodoxSetupError::king_count(&board, color)?;
            let count = board.by_color(color).count();
            if count > MAX_PIECES_PER_SIDE {
                return Err(FenError::TooManyPieces { color, count });
            }
        }
        OrthodoxSetupError::castling(&board, castling)?;
        let hash = zobrist::hash(&board, &tokens, turn, castling);
        let pos = Position { board, tokens, turn, castling, halfmoves, fullmoves, hash };
        let waiting = !turn;
        if let Some(k) = pos.board.king_of(waiting)
            && pos.attackers(k, turn).any()
        {
            return Err(OrthodoxSetupError::OppositeCheck(waiting).into());
        }
        Ok(pos)
    }

    /// The PFEN, always with seven fields.
    pub fn fen(&self) -> String {
        format!("{} {}", self.chess_fields(), self.tokens)
    }

    /// The FEN of ordinary chess, when no porthole is on the board: the
    /// PFEN without its porthole field (en passant is never possible).
    ///
    /// ```
    /// use wormhole::porthole::Position;
    ///
    /// let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// assert_eq!(Position::from_fen(&format!("{chess} -")).unwrap().chess_fen().as_deref(), Some(chess));
    /// assert_eq!(Position::new().chess_fen(), None);
    /// ```
    pub fn chess_fen(&self) -> Option<String> {
        (self.tokens.count() == 0).then(|| self.chess_fields())
    }

    /// The six orthodox fields (en passant always `-`).
    fn chess_fields(&self) -> String {
        fields::write(&self.board, self.turn, self.castling, None, (self.halfmoves, self.fullmoves))
    }
}
