//! The FEN of Linked-portal chess: the six orthodox fields and a seventh,
//! the portal field: White's portal square then Black's (`e4,a5`), one
//! square twice for frozen portals (`e5,e5`), or `-` for none (orthodox
//! chess). A six-field FEN means `-`; a four-field FEN also means clocks
//! `0 1`. Reading gives a [`Setup`], what the text says;
//! [`Position::from_setup`] then checks that it is playable.

use super::portals::ParsePortalsError;
use super::routes::forward;
use super::{CastlingRights, OrthodoxSetupError, Portals, Position, zobrist};
use crate::core::excerpt::Excerpt;
use crate::core::fields::{self, FieldError, Fields};
use crate::core::{Board, Color, Role, Square};
use crate::game_info::FenClaim;

/// The default start: White's portal on e4, Black's on a5.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4,a5";

/// How strongly `fen` says it is one of this game ([`GameKind::detect_fen`](crate::games::GameKind::detect_fen)):
/// a seventh field of portals (`e4,a5`, or one square twice) marks it,
/// though two single portholes of Porthole chess are written alike
/// ([`GameKind::detect_fen_or`](crate::games::GameKind::detect_fen_or) keeps the game chosen).
pub(crate) fn claim(fen: &str) -> FenClaim {
    match fen.split_whitespace().nth(6).is_some_and(|f| f.parse::<Portals>().is_ok_and(|p| p != Portals::None)) {
        true => FenClaim::Mark,
        false => FenClaim::No,
    }
}

/// The default start with the portals placed elsewhere: White's on
/// `white`, Black's on `black` (the set-up of
/// docs/linked.md#the-board-the-pieces-the-portals: any square of rank 4
/// for White and of rank 5 for Black; other squares are refused).
///
/// ```
/// use wormhole::linked::fen::start_with_portals;
/// let sq = |s: &str| s.parse().unwrap();
/// let fen = start_with_portals(sq("c4"), sq("f5")).unwrap();
/// assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 c4,f5");
/// assert!(start_with_portals(sq("c3"), sq("f5")).is_none());
/// ```
pub fn start_with_portals(white: Square, black: Square) -> Option<String> {
    let (base, _) = START.rsplit_once(' ')?;
    (white.rank() == 3 && black.rank() == 4).then(|| format!("{base} {white},{black}"))
}

/// Why a FEN was refused. Messages say what and where, and quote at most
/// 80 characters of the offending field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// One of the orthodox fields (placement, side, en passant, clocks) is malformed.
    #[error(transparent)]
    Fields(#[from] FieldError),
    /// The castling field is not `-` or letters from `KQkq`.
    #[error("castling field must be '-' or letters from 'KQkq' (each once), found '{}'", Excerpt(.0))]
    Castling(String),
    /// An en passant square that no double step of the side that just moved can have passed.
    #[error("en passant square {0} does not follow a double step of the side that just moved")]
    EnPassantImpossible(Square),
    /// The portal field is malformed.
    #[error(transparent)]
    Portals(#[from] ParsePortalsError),
    /// Both cells of active portals hold a piece.
    #[error("both portal cells ({0} and {1}) hold a piece: at most one piece stands on the joined square")]
    CrowdedPortals(Square, Square),
    /// A pawn on its own last rank.
    #[error("a {color} pawn stands on {square}, its last rank")]
    PawnOnLastRank {
        /// The pawn's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// What orthodox chess refuses too (the kings, castling rights
    /// without their pieces, the side not to move in check).
    #[error(transparent)]
    Setup(#[from] OrthodoxSetupError),
}

/// What a FEN says, not yet checked for playability.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// The portals.
    pub portals: Portals,
    /// The side to move.
    pub turn: Color,
    /// The castling rights.
    pub castling: CastlingRights,
    /// The en passant square.
    pub ep: Option<Square>,
    /// Plies since the last pawn move, capture or black hole that removed a piece.
    pub halfmoves: u32,
    /// The move number.
    pub fullmoves: u32,
}

impl Setup {
    /// Reads a FEN of 4, 6 or 7 fields.
    ///
    /// ```
    /// use wormhole::linked::{Portals, Setup};
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    /// assert_eq!(setup.portals, Portals::None);
    /// let err = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 e4").unwrap_err();
    /// assert!(err.to_string().starts_with("portal field must be"));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let fields = Fields::read(fen)?;
        let castling = fields.castling.parse().map_err(|_| FenError::Castling(fields.castling.to_string()))?;
        let portals = match fields.extra {
            Some(field) => field.parse()?,
            None => Portals::None,
        };
        let Fields { board, turn, ep, halfmoves, fullmoves, .. } = fields;
        Ok(Setup { board, portals, turn, castling, ep, halfmoves, fullmoves })
    }
}

impl Position {
    /// Reads a FEN (4, 6 or 7 fields) as a position.
    ///
    /// ```
    /// use wormhole::linked::Position;
    /// let err = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w K - 0 1 e4,a5").unwrap_err();
    /// assert_eq!(err.to_string(), "castling right 'K' needs the White king on e1 and a rook on h1");
    /// let err = Position::from_fen("4k3/8/8/P7/4P3/8/8/4K3 w - - 0 1 e4,a5").unwrap_err();
    /// assert_eq!(err.to_string(), "both portal cells (e4 and a5) hold a piece: at most one piece stands on the joined square");
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_setup(Setup::from_fen(fen)?)
    }

    /// Checks a [`Setup`]: one king per side, no pawn on its last rank, at
    /// most one piece on the portal cells, castling rights only with king
    /// and rook at home, an en passant square only behind a pawn that has
    /// just double-stepped, the side not to move not in check.
    pub fn from_setup(setup: Setup) -> Result<Position, FenError> {
        let Setup { board, portals, turn, castling, ep, halfmoves, fullmoves } = setup;
        check_pieces(&board, portals)?;
        OrthodoxSetupError::castling(&board, castling)?;
        if let Some(sq) = ep {
            check_en_passant(&board, turn, sq)?;
        }
        let hash = zobrist::hash(&board, portals, turn, castling, ep);
        let pos = Position { board, portals, turn, castling, ep, halfmoves, fullmoves, hash };
        let waiting = !turn;
        if let Some(k) = pos.board.king_of(waiting)
            && pos.attacked(k, turn)
        {
            return Err(OrthodoxSetupError::OppositeCheck(waiting).into());
        }
        Ok(pos)
    }

    /// The FEN, always with seven fields.
    pub fn fen(&self) -> String {
        let clocks = (self.halfmoves, self.fullmoves);
        format!("{} {}", fields::write(&self.board, self.turn, self.castling, self.ep, clocks), self.portals)
    }
}

/// One king per side, no pawn on its last rank, one piece at most on J.
fn check_pieces(board: &Board, portals: Portals) -> Result<(), FenError> {
    for color in Color::ALL {
        OrthodoxSetupError::king_count(board, color)?;
        let last = crate::core::Bitboard::rank(color.last_rank());
        if let Some(square) = (board.pieces(color, Role::Pawn) & last).first() {
            return Err(FenError::PawnOnLastRank { color, square });
        }
    }
    if let Portals::Active { white, black } = portals
        && board.piece_at(white).is_some()
        && board.piece_at(black).is_some()
    {
        return Err(FenError::CrowdedPortals(white, black));
    }
    Ok(())
}

/// An en passant square lies on the third rank of the side that just moved,
/// empty, with that side's pawn in front of it and the square behind empty.
fn check_en_passant(board: &Board, turn: Color, sq: Square) -> Result<(), FenError> {
    let mover = !turn;
    let bit = 1u64 << sq.index();
    let pawn_ahead = forward(mover, bit);
    let behind = forward(turn, bit);
    let ok = sq.rank() == if mover == Color::White { 2 } else { 5 }
        && board.piece_at(sq).is_none()
        && board.pieces(mover, Role::Pawn).0 & pawn_ahead != 0
        && board.occupied().0 & behind == 0;
    if ok { Ok(()) } else { Err(FenError::EnPassantImpossible(sq)) }
}
