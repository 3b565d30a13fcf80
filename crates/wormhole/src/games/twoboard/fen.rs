//! The FEN of Two-board portal chess:
//! `<A>|<B> <w|b> <A|B> <castling A>|<castling B> <ep A>|<ep B> <intents> <halfmove> <fullmove>`.
//! A FEN with 6 fields means the clocks are `0 1`.

use super::{BoardId, CastlingRights, Intent, IntentState, Position, is_portal};
use crate::core::excerpt::Excerpt;
use crate::core::{Board, Color, Role, Square};
use crate::game_info::FenClaim;

/// The start position.
pub const START: &str =
    "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w A KQ|kq -|- - 0 1";

/// How strongly `fen` says it is one of this game ([`GameKind::detect_fen`](crate::games::GameKind::detect_fen)):
/// two placements joined by `|` mark it.
pub(crate) fn claim(fen: &str) -> FenClaim {
    match fen.contains('|') {
        true => FenClaim::Mark,
        false => FenClaim::No,
    }
}

/// Why a FEN was refused. Messages say what and where, quoting at most 80
/// characters of the offending text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Not 6 or 8 fields (the number found).
    #[error("expected 6 or 8 space-separated fields, found {0}")]
    FieldCount(usize),
    /// A field that must hold one part per board, separated by `|`, does not (its name and text).
    #[error("the {field} field must hold two parts joined by '|' (board A first), found '{}'", Excerpt(.text))]
    NotTwoParts {
        /// Which field.
        field: &'static str,
        /// The field as written.
        text: String,
    },
    /// A board's placement is malformed.
    #[error("board {board}: {problem}")]
    Placement {
        /// The board.
        board: BoardId,
        /// What is wrong.
        problem: PlacementError,
    },
    /// The side to move is not `w` or `b`.
    #[error("side to move must be 'w' or 'b', found '{}'", Excerpt(.0))]
    BadSide(String),
    /// The board to play is not `A` or `B`.
    #[error("board to play must be 'A' or 'B', found '{}'", Excerpt(.0))]
    BadBoard(String),
    /// A board's castling rights are malformed.
    #[error("board {0}: {1}")]
    Castling(BoardId, super::castling::ParseCastlingError),
    /// A board's en passant field is neither `-` nor a square on rank 3 or 6.
    #[error("board {board}: en passant must be '-' or a square on rank 3 or 6, found '{}'", Excerpt(.text))]
    EnPassant {
        /// The board.
        board: BoardId,
        /// The field as written.
        text: String,
    },
    /// An intent token is malformed.
    #[error("intent '{}' is not owner (w/b), board (A/B) and portal (a4, a5, h4, h5) with an optional '!' or '=piece'", Excerpt(.0))]
    BadIntent(String),
    /// More than two intent tokens, two of one side, or Black's first.
    #[error("intents must be '-' or at most one per side, White's first, found '{}'", Excerpt(.0))]
    IntentOrder(String),
    /// The halfmove clock is not a number from 0 to 9999.
    #[error("halfmove clock must be a number from 0 to 9999, found '{}'", Excerpt(.0))]
    BadHalfmoves(String),
    /// The move number is not a number from 1 to 9999.
    #[error("move number must be a number from 1 to 9999, found '{}'", Excerpt(.0))]
    BadMoveNumber(String),
    /// The position breaks a rule of the game.
    #[error(transparent)]
    Invalid(#[from] InvalidPosition),
}

/// What is wrong with one board's placement.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// Not 8 ranks (the number found).
    #[error("expected 8 ranks separated by '/', found {0}")]
    RankCount(usize),
    /// A rank (1..8) that does not cover 8 files.
    #[error("rank {0} does not cover exactly 8 files")]
    RankWidth(u8),
    /// A letter that is no orthodox piece, on a rank (1..8).
    #[error("unknown piece letter '{0}' on rank {1} (expected one of KQRBNP, upper case for White)")]
    UnknownPiece(char, u8),
}

/// A FEN that reads well but breaks a rule of the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidPosition {
    /// A side without exactly one king (a king in transit counts).
    #[error("{0} must have exactly one king on the two boards, found {1}")]
    KingCount(Color, u32),
    /// More than 31 pieces of one side, two sets less a king (the number
    /// found, a piece in transit counted).
    #[error("{0} has {1} pieces (at most 31: two sets with one king)")]
    TooManyPieces(Color, u32),
    /// A pawn on rank 1 or 8.
    #[error("a pawn stands on {1} of board {0} (rank 1 or 8)")]
    PawnOnLastRank(BoardId, Square),
    /// An intent whose source board disagrees with the turn order
    /// (docs/twoboard.md#whose-turn-on-which-board).
    #[error("intent {0}: its owner plays board {1} next, so it must come from the other board")]
    IntentBoard(Intent, BoardId),
    /// A live intent with no piece of its owner on its portal.
    #[error("intent {0}: no piece of its owner stands on its portal")]
    IntentWithoutPiece(Intent),
    /// A live intent whose target holds a piece of its owner (it is blocked: write `!`).
    #[error("intent {0}: its target holds a piece of its owner, so it is blocked (write '!')")]
    IntentBlocked(Intent),
    /// A piece in transit that is not Black's and the side to move's, or whose landing square is not empty.
    #[error("intent {0}: only the side to move's Black piece can be in transit, landing on an empty square")]
    BadTransit(Intent),
    /// A castling right whose king or rook is not at home on that board.
    #[error("board {0}: castling right '{1}' but its king or rook is not on its home square")]
    CastlingWithoutPieces(BoardId, char),
    /// The side that has just moved left its king attacked
    /// (docs/twoboard.md#check-and-legality).
    #[error("{0}, who has just moved, has left its king attacked")]
    KingEnPrise(Color),
}

impl Position {
    /// Reads and checks a FEN.
    ///
    /// ```
    /// use wormhole::twoboard::{Position, fen::{FenError, InvalidPosition}};
    /// let pos = Position::from_fen(wormhole::twoboard::fen::START).unwrap();
    /// assert_eq!(pos.legal_moves().len(), 20);
    /// let err = Position::from_fen("8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w A -|- -|- -").unwrap_err();
    /// assert!(matches!(err, FenError::Invalid(InvalidPosition::KingCount(..))));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 8 {
            return Err(FenError::FieldCount(fields.len()));
        }
        let [a, b] = two_parts("placement", fields[0])?;
        let boards = [placement(a).map_err(problem(BoardId::A))?, placement(b).map_err(problem(BoardId::B))?];
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::BadSide(other.to_string())),
        };
        let board = match fields[2] {
            "A" => BoardId::A,
            "B" => BoardId::B,
            other => return Err(FenError::BadBoard(other.to_string())),
        };
        let [ca, cb] = two_parts("castling", fields[3])?;
        let castling = [
            ca.parse().map_err(|e| FenError::Castling(BoardId::A, e))?,
            cb.parse().map_err(|e| FenError::Castling(BoardId::B, e))?,
        ];
        let [ea, eb] = two_parts("en passant", fields[4])?;
        let en_passant = [en_passant(BoardId::A, ea)?, en_passant(BoardId::B, eb)?];
        let intents = intents(fields[5])?;
        let (halfmoves, fullmoves) = match fields.get(6..8) {
            Some([h, f]) => (
                clock(h, 0).ok_or(FenError::BadHalfmoves(h.to_string()))?,
                clock(f, 1).ok_or(FenError::BadMoveNumber(f.to_string()))?,
            ),
            _ => (0, 1),
        };
        let mut pos = Position { boards, turn, board, castling, en_passant, intents, halfmoves, fullmoves, hash: 0 };
        pos.validate()?;
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    /// The position as a FEN.
    pub fn fen(&self) -> String {
        let intents: Vec<String> = self.intents.iter().flatten().map(Intent::to_string).collect();
        let ep = |id: BoardId| self.en_passant[id].map_or("-".to_string(), |s| s.to_string());
        format!(
            "{}|{} {} {} {}|{} {}|{} {} {} {}",
            write_placement(&self.boards[0]),
            write_placement(&self.boards[1]),
            self.turn.char(),
            self.board,
            self.castling[0],
            self.castling[1],
            ep(BoardId::A),
            ep(BoardId::B),
            if intents.is_empty() { "-".to_string() } else { intents.join(",") },
            self.halfmoves,
            self.fullmoves
        )
    }

    /// Checks the rules a FEN must keep (the spec's list, in its order).
    fn validate(&self) -> Result<(), InvalidPosition> {
        for color in Color::ALL {
            let transit = self.intents[color.index()].and_then(Intent::in_transit);
            let kings = self.boards.iter().map(|b| b.pieces(color, Role::King).count()).sum::<u32>()
                + u32::from(transit.is_some_and(|p| p.role == Role::King));
            if kings != 1 {
                return Err(InvalidPosition::KingCount(color, kings));
            }
            let pieces =
                self.boards.iter().map(|b| b.by_color(color).count()).sum::<u32>() + u32::from(transit.is_some());
            if pieces > 31 {
                return Err(InvalidPosition::TooManyPieces(color, pieces));
            }
        }
        for id in BoardId::BOTH {
            let pawns =
                self.boards[id].by_role(Role::Pawn) & (crate::core::Bitboard::rank(0) | crate::core::Bitboard::rank(7));
            if let Some(sq) = pawns.first() {
                return Err(InvalidPosition::PawnOnLastRank(id, sq));
            }
        }
        for intent in self.intents.iter().flatten() {
            self.validate_intent(*intent)?;
        }
        self.validate_castling()?;
        let (mover, played) = match self.turn {
            Color::White => (Color::Black, self.board),
            Color::Black => (Color::White, self.board.other()),
        };
        if self.mover_is_safe(mover, played) { Ok(()) } else { Err(InvalidPosition::KingEnPrise(mover)) }
    }

    fn validate_intent(&self, intent: Intent) -> Result<(), InvalidPosition> {
        let next = self.next_board_of(intent.owner);
        if intent.source == next {
            return Err(InvalidPosition::IntentBoard(intent, next));
        }
        let (target, sq) = intent.target();
        let owns = |id: BoardId| self.boards[id].piece_at(sq).is_some_and(|p| p.color == intent.owner);
        match intent.state {
            IntentState::Live if !owns(intent.source) => Err(InvalidPosition::IntentWithoutPiece(intent)),
            IntentState::Live if owns(target) => Err(InvalidPosition::IntentBlocked(intent)),
            IntentState::InTransit(_)
                if intent.owner != Color::Black
                    || self.turn != Color::Black
                    || self.boards[target].piece_at(sq).is_some() =>
            {
                Err(InvalidPosition::BadTransit(intent))
            }
            _ => Ok(()),
        }
    }

    fn validate_castling(&self) -> Result<(), InvalidPosition> {
        for id in BoardId::BOTH {
            if let Some((color, side)) = self.castling[id].first_without_pieces(&self.boards[id]) {
                return Err(InvalidPosition::CastlingWithoutPieces(id, CastlingRights::letter(color, side)));
            }
        }
        Ok(())
    }
}

/// Splits a field in two at its one `|`.
fn two_parts<'a>(field: &'static str, text: &'a str) -> Result<[&'a str; 2], FenError> {
    match text.split('|').collect::<Vec<_>>()[..] {
        [a, b] => Ok([a, b]),
        _ => Err(FenError::NotTwoParts { field, text: text.to_string() }),
    }
}

fn problem(board: BoardId) -> impl Fn(PlacementError) -> FenError {
    move |problem| FenError::Placement { board, problem }
}

/// Reads one board's placement, rank 8 first.
fn placement(text: &str) -> Result<Board, PlacementError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(PlacementError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                file = file.saturating_add(d as u8);
                if d == 0 || file > 8 {
                    return Err(PlacementError::RankWidth(rank + 1));
                }
                continue;
            }
            let piece =
                crate::core::Roles::ORTHODOX.piece_from_letter(c).ok_or(PlacementError::UnknownPiece(c, rank + 1))?;
            let sq = Square::from_coords(file, rank).ok_or(PlacementError::RankWidth(rank + 1))?;
            board.put(sq, piece);
            file += 1;
        }
        if file != 8 {
            return Err(PlacementError::RankWidth(rank + 1));
        }
    }
    Ok(board)
}

/// Writes one board's placement, rank 8 first.
fn write_placement(board: &Board) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match Square::from_coords(file, rank).and_then(|sq| board.piece_at(sq)) {
                Some(p) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(crate::core::Roles::ORTHODOX.piece_letter(p));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

fn en_passant(board: BoardId, text: &str) -> Result<Option<Square>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    match text.parse::<Square>() {
        Ok(sq) if sq.rank() == 2 || sq.rank() == 5 => Ok(Some(sq)),
        _ => Err(FenError::EnPassant { board, text: text.to_string() }),
    }
}

/// Reads the intents field: `-` or up to two tokens, White's first.
fn intents(text: &str) -> Result<[Option<Intent>; 2], FenError> {
    let mut out = [None, None];
    if text == "-" {
        return Ok(out);
    }
    let mut last = None;
    for token in text.split(',') {
        let intent = intent(token).ok_or_else(|| FenError::BadIntent(token.to_string()))?;
        if last.is_some_and(|c: Color| c == Color::Black || c == intent.owner) {
            return Err(FenError::IntentOrder(text.to_string()));
        }
        last = Some(intent.owner);
        out[intent.owner.index()] = Some(intent);
    }
    Ok(out)
}

/// Reads one intent token: `wAa4`, `wAa4!`, `bBa5=p`.
fn intent(token: &str) -> Option<Intent> {
    let owner = Color::from_char(token.chars().next()?)?;
    let source = BoardId::from_char(token.chars().nth(1)?)?;
    let square = token.get(2..4)?.parse::<Square>().ok().filter(|&s| is_portal(s))?;
    let state = match token.get(4..)? {
        "" => IntentState::Live,
        "!" => IntentState::Lost,
        rest => {
            let letter = rest.strip_prefix('=')?;
            let mut chars = letter.chars();
            let piece = crate::core::Roles::ORTHODOX.piece_from_letter(chars.next()?).filter(|p| p.color == owner)?;
            if chars.next().is_some() {
                return None;
            }
            IntentState::InTransit(piece.role)
        }
    };
    Some(Intent { owner, source, square, state })
}

/// A clock: a number up to 9999, at least `min`.
fn clock(text: &str, min: u32) -> Option<u32> {
    text.parse::<u32>().ok().filter(|n| (min..=9999).contains(n))
}
