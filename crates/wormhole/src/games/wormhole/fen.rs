//! FEN: `<placement> <side> <plies>` with `x` for a hole (the vchess form).
//!
//! Reading accepts the placement alone (White to move), placement + side,
//! the 3-field form, and the 6-field chess form
//! `<placement> <side> - - <halfmove> <fullmove>`. Reading gives a
//! [`Setup`], which says what the text says; [`Position::from_setup`] then
//! checks that it is a legal position.

use super::HoleBoard;
pub use crate::core::Placement;
use crate::core::excerpt::Excerpt;
use crate::core::{Color, Role, Square};
use crate::game_info::FenClaim;
use crate::games::wormhole::{Position, Variant, zobrist};

/// How many more plies than holes a position may have. A game from the
/// initial position has exactly as many plies as holes (every ply makes one
/// hole), so it lasts at most 64 plies; a diagram may start mid-game with
/// more plies than holes, but the difference never changes as the game goes
/// on. Allowing a difference of up to 64 accepts every count a hole-free
/// diagram can have (0 to 64) and every count a game continued from an
/// accepted diagram reaches, so every FEN the program writes reads back.
pub const MAX_PLIES_BEYOND_HOLES: u32 = 64;

/// The letter of a hole in a FEN's placement (read in either case).
pub const HOLE: char = 'x';

/// How strongly `fen` says it is a FEN of Wormhole chess with `variant`'s
/// piece set ([`GameKind::detect_fen`](crate::games::GameKind::detect_fen)): its
/// form when it reads and its pieces fit the set ([`Setup::variant_hint`]);
/// the 6-field chess form without holes says nothing (it is an orthodox FEN).
fn claim(fen: &str, variant: Variant) -> FenClaim {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let holes = fields.first().is_some_and(|placement| placement.contains(HOLE));
    if fields.len() == 6 && !holes {
        return FenClaim::No;
    }
    match Setup::from_fen(fen) {
        Ok(setup) if setup.variant_hint().is_none_or(|v| v == variant) => FenClaim::Form,
        _ => FenClaim::No,
    }
}

/// [`claim`] for the classic piece set.
pub(crate) fn claim_classic(fen: &str) -> FenClaim {
    claim(fen, Variant::Classic)
}

/// [`claim`] for the fairy piece set.
pub(crate) fn claim_fairy(fen: &str) -> FenClaim {
    claim(fen, Variant::Fairy)
}

/// Why a FEN was refused. Messages say what and where, and quote at most 80
/// characters of the offending field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The text is empty or only spaces.
    #[error("empty FEN")]
    Empty,
    /// Not 1, 2, 3 or 6 fields.
    #[error("expected 1, 2, 3 or 6 space-separated fields, found {0}")]
    FieldCount(usize),
    /// The placement does not have 8 ranks.
    #[error("expected 8 ranks separated by '/', found {0}")]
    RankCount(usize),
    /// A rank does not describe exactly 8 squares.
    #[error("rank {rank} has {files} files (expected 8)")]
    RankWidth {
        /// The rank, 1 to 8.
        rank: u8,
        /// How many squares it describes.
        files: usize,
    },
    /// A letter that is neither a piece of either set nor `x`.
    #[error("unknown piece letter '{letter}' on rank {rank}")]
    UnknownPiece {
        /// The letter.
        letter: char,
        /// The rank, 1 to 8.
        rank: u8,
    },
    /// The side-to-move field is not `w` or `b`.
    #[error("side to move must be 'w' or 'b', found '{}'", Excerpt(.0))]
    BadSide(String),
    /// The ply-count field is not a number.
    #[error("ply count must be a number, found '{}'", Excerpt(.0))]
    BadPlies(String),
    /// The castling field of the 6-field form is not `-`.
    #[error("castling field must be '-' (there is no castling in Wormhole chess), found '{}'", Excerpt(.0))]
    Castling(String),
    /// The en-passant field of the 6-field form is not `-`.
    #[error("en passant field must be '-' (there is no en passant in Wormhole chess), found '{}'", Excerpt(.0))]
    EnPassant(String),
    /// The halfmove clock of the 6-field form is not a number.
    #[error("halfmove clock must be a number, found '{}'", Excerpt(.0))]
    BadHalfmoveClock(String),
    /// The move number of the 6-field form is not a number from 1 up.
    #[error("move number must be a number from 1 up, found '{}'", Excerpt(.0))]
    BadMoveNumber(String),
    /// Fewer plies than holes: every ply makes exactly one hole.
    #[error("ply count {plies} is below the number of holes ({holes}): every ply makes one hole")]
    PliesBelowHoles {
        /// The ply count the FEN gives.
        plies: u32,
        /// The holes on its board.
        holes: u32,
    },
    /// More plies than holes + [`MAX_PLIES_BEYOND_HOLES`].
    #[error("ply count {plies} exceeds the number of holes ({holes}) by more than {MAX_PLIES_BEYOND_HOLES}")]
    TooManyPlies {
        /// The ply count the FEN gives.
        plies: u32,
        /// The holes on its board.
        holes: u32,
    },
    /// A side does not have exactly one king.
    #[error("{color} has {count} kings (expected exactly 1)")]
    KingCount {
        /// The side.
        color: Color,
        /// Its kings.
        count: u32,
    },
    /// A pawn stands on its own side's first rank.
    #[error("{color} pawn on {square}, its own first rank")]
    PawnOnFirstRank {
        /// The pawn's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// A piece of the other piece set (a queen in a fairy game, say).
    #[error("{} on {square} is not part of the {variant} piece set", super::ROLES.name(*.role))]
    WrongPieceSet {
        /// The piece.
        role: Role,
        /// Where it stands.
        square: Square,
        /// The piece set in play.
        variant: Variant,
    },
    /// The side that just moved left its king attacked.
    #[error("the side not to move ({}) is in check", .0.to_string().to_lowercase())]
    OppositeCheck(Color),
}

/// What a FEN says, not yet checked for legality.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Pieces and holes.
    pub board: HoleBoard,
    /// The side to move.
    pub turn: Color,
    /// Plies played so far.
    pub plies: u32,
}

impl Setup {
    /// Reads a FEN in any of the accepted forms. Without a ply count
    /// (placement alone, or placement and side) the count is the number of
    /// holes, rounded up to the side to move (even for White, odd for Black).
    ///
    /// ```
    /// use wormhole::Setup;
    /// let setup = Setup::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPPxPPP/RNBQKBNR b").unwrap();
    /// assert_eq!(setup.plies, 1);
    /// ```
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
            3 => fields[2].parse().map_err(|_| FenError::BadPlies(fields[2].to_string()))?,
            6 => chess_plies(&fields[2..], turn)?,
            _ => {
                let holes = board.holes().count();
                holes + (holes + turn.index() as u32) % 2
            }
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

/// The ply count of the chess form's last four fields
/// `<castling> <en passant> <halfmove clock> <move number>`.
fn chess_plies(fields: &[&str], turn: Color) -> Result<u32, FenError> {
    let [castling, en_passant, halfmove, full] = fields else { unreachable!("the chess form has 6 fields") };
    if *castling != "-" {
        return Err(FenError::Castling(castling.to_string()));
    }
    if *en_passant != "-" {
        return Err(FenError::EnPassant(en_passant.to_string()));
    }
    halfmove.parse::<u32>().map_err(|_| FenError::BadHalfmoveClock(halfmove.to_string()))?;
    let full = full.parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(|| FenError::BadMoveNumber(full.to_string()))?;
    Ok((full - 1).saturating_mul(2).saturating_add(turn.index() as u32))
}

fn parse_placement(placement: &str) -> Result<HoleBoard, FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut board = HoleBoard::empty();
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0usize;
        for c in text.chars() {
            match c {
                '1'..='8' => file += c as usize - '0' as usize,
                c if c.eq_ignore_ascii_case(&HOLE) => {
                    if let Some(sq) = Square::from_coords(file as u8, rank) {
                        board.toggle_hole(sq);
                    }
                    file += 1;
                }
                _ => {
                    let piece = super::ROLES
                        .piece_from_letter(c)
                        .ok_or(FenError::UnknownPiece { letter: c, rank: rank + 1 })?;
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

    /// Reads a FEN whose pieces tell the piece set (any of C, W, M: fairy;
    /// any of Q, R, B: classic; see [`Setup::variant_hint`]), else
    /// `fallback` (a position of kings, knights and pawns fits both).
    ///
    /// ```
    /// use wormhole::{Position, Variant};
    /// let fairy = Position::from_fen_auto("cnwmkwnc/pppppppp/8/8/8/8/PPPPPPPP/CNWMKWNC w 0", Variant::Classic);
    /// assert_eq!(fairy.unwrap().variant(), Variant::Fairy);
    /// let bare = Position::from_fen_auto("4k3/8/8/8/8/8/8/4K3 w 0", Variant::Fairy);
    /// assert_eq!(bare.unwrap().variant(), Variant::Fairy);
    /// ```
    pub fn from_fen_auto(fen: &str, fallback: Variant) -> Result<Position, FenError> {
        let setup = Setup::from_fen(fen)?;
        let variant = setup.variant_hint().unwrap_or(fallback);
        Position::from_setup(setup, variant)
    }

    /// Checks a [`Setup`]: one king per side, no pawn on its own first rank,
    /// only pieces of `variant`, a ply count from the number of holes to
    /// [`MAX_PLIES_BEYOND_HOLES`] more, the side not to move not in check.
    ///
    /// ```
    /// use wormhole::{FenError, Position, Variant};
    /// // The rules' diagram (docs/wormhole.md#worked-examples, example 2)
    /// // starts mid-game: 17 plies, 14 holes.
    /// let seed = "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17";
    /// assert!(Position::from_fen(seed, Variant::Classic).is_ok());
    /// let early = "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 13";
    /// let err = Position::from_fen(early, Variant::Classic).unwrap_err();
    /// assert_eq!(err, FenError::PliesBelowHoles { plies: 13, holes: 14 });
    /// assert_eq!(err.to_string(), "ply count 13 is below the number of holes (14): every ply makes one hole");
    /// ```
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
                return Err(FenError::WrongPieceSet { role: piece.role, square, variant });
            }
            let first_rank = match piece.color {
                Color::White => 0,
                Color::Black => 7,
            };
            if piece.role == Role::Pawn && square.rank() == first_rank {
                return Err(FenError::PawnOnFirstRank { color: piece.color, square });
            }
        }
        let holes = board.holes().count();
        if plies < holes {
            return Err(FenError::PliesBelowHoles { plies, holes });
        }
        if plies - holes > MAX_PLIES_BEYOND_HOLES {
            return Err(FenError::TooManyPlies { plies, holes });
        }
        let hash = zobrist::hash(&board, turn);
        let pos = Position { board, turn, plies, variant, hash };
        let waiting = !turn;
        if let Some(k) = pos.board.king_of(waiting)
            && pos.attackers(k, turn).any()
        {
            return Err(FenError::OppositeCheck(waiting));
        }
        Ok(pos)
    }

    /// The FEN in the 3-field vchess form `<placement> <side> <plies>`.
    pub fn fen(&self) -> String {
        format!("{} {} {}", self.board.placement(), self.turn.char(), self.plies)
    }
}
