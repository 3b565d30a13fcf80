//! Move notation (docs/twoboard.md#notation): SAN naming the board (`A:e4`, `B:Nxf6`, `A:O-O`,
//! `B:e1=Q+`, intents `A:Qa4^`, teleports and landings `QAa4>xBa4`,
//! lost moves and passes `B:--`) and the coordinate form (`Ae2e4`,
//! `Aa4a4`, `Aa4Ba4`, `0000`).
//!
//! Readers also accept the form without the colon (`Ae4`), a move
//! without its board (the board to play is known), `→` for `>`, `0-0` for
//! `O-O`, and any check or annotation marks. Reading is two steps:
//! [`MoveText`] is what the text says (syntax only);
//! [`Position::parse_move`] finds the one legal move it names.
//!
//! Without the colon a leading `B` is the board or the bishop: `Bc4` is
//! the pawn move `B:c4` or the bishop move `Bc4` on the board to play.
//! [`readings`] gives both, and where both are legal the move is
//! ambiguous and the error offers both. What the program writes always
//! has the colon.

use std::str::FromStr;

use super::moves::PROMOTIONS;
use super::{BoardId, CastlingSide, IllegalMoveError, Move, MoveKind, MoveList, Position};
use crate::core::excerpt::Excerpt;
use crate::core::notation::{castling_text, one_fitting, push_origin};
use crate::core::{Role, Square};

crate::rules::move_error! {
    /// Why a typed move was refused. Messages quote at most 80 characters.
    pub enum MoveError {
        /// No legal move fits the text.
        #[error("no legal move fits '{}'", Excerpt(.text))]
        NoMatch {
            /// The text as typed.
            text: String,
        },
    }
    syntax_hint: " (examples: A:e4, A:Qa4^, QAa4>Ba4, B:--, Ae2e4, Aa4Ba4, 0000)"
}

/// What is wrong with the syntax of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxProblem {
    /// Nothing was typed.
    #[error("it is empty")]
    Empty,
    /// No target square where one belongs.
    #[error("it names no target square (a1..h8)")]
    NoSquare,
    /// A teleport that is not piece, board, portal, `>`, board, the same portal.
    #[error("a teleport is written piece, board and portal, '>', the other board and the same portal, as QAa4>Ba4")]
    BadTeleport,
    /// A promotion to something other than Q, R, B or N.
    #[error("a pawn promotes to Q, R, B or N")]
    BadPromotion,
    /// Characters that fit no notation.
    #[error("it does not read as SAN or coordinates")]
    Unreadable,
}

/// What a move's text says, before it is looked up among the legal moves.
/// A board left out means the board to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveText {
    /// The coordinate form (castling and en passant are found from the position).
    Coordinates(Move),
    /// A lost move or pass, `B:--` or `0000`.
    Null(Option<BoardId>),
    /// Castling, `A:O-O`.
    Castle(Option<BoardId>, CastlingSide),
    /// An orthodox move, `A:Nbxd2`, `B:e1=Q`.
    Normal {
        /// The board, if written.
        board: Option<BoardId>,
        /// The piece (a pawn when no letter is written).
        role: Role,
        /// The origin's file (0-based), if written.
        from_file: Option<u8>,
        /// The origin's rank (0-based), if written.
        from_rank: Option<u8>,
        /// The target.
        to: Square,
        /// The promotion, if written.
        promotion: Option<Role>,
    },
    /// An intent, `A:Qa4^`.
    Intent(Option<BoardId>, Square),
    /// A teleport or landing, `QAa4>xBa4`: onto `square` of `target`.
    Teleport {
        /// The board played (where the piece arrives).
        target: BoardId,
        /// The portal.
        square: Square,
    },
}

impl FromStr for MoveText {
    type Err = MoveError;

    /// Reads the syntax of a move.
    ///
    /// ```
    /// use wormhole::twoboard::{BoardId, san::MoveText};
    /// let text: MoveText = "QAa4>xBa4".parse().unwrap();
    /// assert_eq!(text, MoveText::Teleport { target: BoardId::B, square: "a4".parse().unwrap() });
    /// assert_eq!("Ae4".parse::<MoveText>().unwrap(), "A:e4".parse().unwrap());
    /// ```
    /// Of a text with two readings ([`readings`]), this is the first: a
    /// leading `B` is the board.
    fn from_str(text: &str) -> Result<MoveText, MoveError> {
        readings(text).map(|r| r[0])
    }
}

/// Every reading of `text`: one, or two when a leading `B` without the
/// colon may name the board or the bishop (`Bc4`: first the pawn move
/// `B:c4`, then the bishop's move to c4 on the board to play).
///
/// ```
/// use wormhole::Role;
/// use wormhole::twoboard::{BoardId, san::{MoveText, readings}};
/// let both = readings("Bc4").unwrap();
/// assert_eq!(both, ["B:c4".parse::<MoveText>().unwrap(), MoveText::Normal {
///     board: None, role: Role::Bishop, from_file: None, from_rank: None,
///     to: "c4".parse().unwrap(), promotion: None,
/// }]);
/// assert_eq!(readings("B:c4").unwrap().len(), 1);
/// assert_eq!(readings("Ae4").unwrap().len(), 1);
/// ```
pub fn readings(text: &str) -> Result<Vec<MoveText>, MoveError> {
    let fail = |problem| MoveError::Syntax { text: text.to_string(), problem };
    let trimmed = text.trim().trim_end_matches(['+', '#', '!', '?']);
    if trimmed.is_empty() {
        return Err(fail(SyntaxProblem::Empty));
    }
    if trimmed == "0000" || trimmed == "--" {
        return Ok(vec![MoveText::Null(None)]);
    }
    if let Some(m) = coordinates(trimmed) {
        return Ok(vec![MoveText::Coordinates(m)]);
    }
    if trimmed.contains(['>', '→']) {
        return teleport(trimmed).map(|t| vec![t]).ok_or(fail(SyntaxProblem::BadTeleport));
    }
    let (board, body) = split_board(trimmed);
    let first = read_body(board, body).map_err(fail)?;
    // `B` read as the board: the same text may be a bishop's move.
    let bishop = board.filter(|_| body.len() < trimmed.len() && !trimmed[1..].starts_with(':'));
    match bishop.and_then(|_| read_body(None, trimmed).ok()) {
        Some(second) if second != first => Ok(vec![first, second]),
        _ => Ok(vec![first]),
    }
}

/// What `body` says once its board (if written) is split off.
fn read_body(board: Option<BoardId>, body: &str) -> Result<MoveText, SyntaxProblem> {
    match body {
        "--" => Ok(MoveText::Null(board)),
        _ if let Some(side) = castling_text(body) => Ok(MoveText::Castle(board, side)),
        _ => match body.strip_suffix('^') {
            Some(intent) => intent_square(intent).map(|sq| MoveText::Intent(board, sq)).ok_or(SyntaxProblem::NoSquare),
            None => normal(board, body),
        },
    }
}

/// The board prefix `A:`, `B:`, or `A`/`B` without the colon
/// when a move follows (so `Bc4` is first read as the pawn move `B:c4`;
/// [`readings`] adds the bishop's reading).
fn split_board(text: &str) -> (Option<BoardId>, &str) {
    let mut chars = text.chars();
    let Some(board) = chars.next().and_then(BoardId::from_char) else { return (None, text) };
    let rest = chars.as_str();
    match rest.strip_prefix(':') {
        Some(body) => (Some(board), body),
        None if rest.len() >= 2 && normal(None, rest).is_ok()
            || rest == "--"
            || rest.ends_with('^')
            || rest.starts_with("O-O")
            || rest.starts_with("0-0") =>
        {
            (Some(board), rest)
        }
        None => (None, text),
    }
}

impl MoveText {
    /// The board the text names, if it names one.
    fn board(self) -> Option<BoardId> {
        match self {
            MoveText::Coordinates(m) => Some(m.board()),
            MoveText::Teleport { target, .. } => Some(target),
            MoveText::Null(board)
            | MoveText::Castle(board, _)
            | MoveText::Intent(board, _)
            | MoveText::Normal { board, .. } => board,
        }
    }
}

/// The coordinate form: `Ae2e4`, `Bd7d8q`, `Aa4a4`, `Aa4Ba4`.
fn coordinates(text: &str) -> Option<Move> {
    if !text.is_ascii() || !(5..=6).contains(&text.len()) {
        return None;
    }
    let board = BoardId::from_char(char::from(text.as_bytes()[0]))?;
    let from = text.get(1..3)?.parse::<Square>().ok()?;
    if let Some(target) = BoardId::from_char(char::from(*text.as_bytes().get(3)?)) {
        let to = text.get(4..)?.parse::<Square>().ok()?;
        return (target != board && to == from && super::is_portal(to)).then_some(Move::teleport(target, to));
    }
    let to = text.get(3..5)?.parse::<Square>().ok()?;
    let promotion = match text.get(5..)? {
        "" => None,
        p => Some(
            crate::core::Roles::ORTHODOX
                .from_letter(p.chars().next()?)
                .filter(|r| p.len() == 1 && p == p.to_lowercase() && PROMOTIONS.contains(r))?,
        ),
    };
    match (from == to, promotion) {
        (true, None) => Some(Move::intent(board, from)),
        (true, Some(_)) => None,
        (false, _) => Some(Move::normal(board, from, to, promotion)),
    }
}

/// A teleport: `QAa4>xBa4`, `Aa4>Ba4`.
fn teleport(text: &str) -> Option<MoveText> {
    let (left, right) = text.split_once(['>', '→'])?;
    let right = right.strip_prefix('x').unwrap_or(right);
    let left = match left.chars().next()? {
        c if "KQRBN".contains(c) && left.len() == 4 => &left[1..],
        _ => left,
    };
    let source = BoardId::from_char(left.chars().next()?)?;
    let target = BoardId::from_char(right.chars().next()?)?;
    let square = left.get(1..)?.parse::<Square>().ok()?;
    (right.get(1..)?.parse::<Square>().ok()? == square && source != target && super::is_portal(square))
        .then_some(MoveText::Teleport { target, square })
}

/// The square of an intent: `Qa4` or `a4`.
fn intent_square(text: &str) -> Option<Square> {
    let text = match text.chars().next()? {
        c if "KQRBNP".contains(c) => &text[1..],
        _ => text,
    };
    text.parse().ok()
}

/// An orthodox SAN move: `Nbxd2`, `exd5`, `e8=Q`, `e8Q`.
fn normal(board: Option<BoardId>, text: &str) -> Result<MoveText, SyntaxProblem> {
    if !text.is_ascii() {
        return Err(SyntaxProblem::Unreadable);
    }
    let (role, rest) = match text.chars().next() {
        Some(c @ ('K' | 'Q' | 'R' | 'B' | 'N')) => {
            (crate::core::Roles::ORTHODOX.from_letter(c).unwrap_or(Role::Pawn), &text[1..])
        }
        _ => (Role::Pawn, text),
    };
    let (rest, promotion) = match rest.char_indices().last() {
        Some((i, c)) if c.is_ascii_uppercase() => {
            let role = crate::core::Roles::ORTHODOX
                .from_letter(c)
                .filter(|r| PROMOTIONS.contains(r))
                .ok_or(SyntaxProblem::BadPromotion)?;
            (rest[..i].trim_end_matches('='), Some(role))
        }
        _ => (rest, None),
    };
    let split = rest.len().checked_sub(2).ok_or(SyntaxProblem::NoSquare)?;
    let to = rest[split..].parse::<Square>().map_err(|_| SyntaxProblem::NoSquare)?;
    let (mut from_file, mut from_rank) = (None, None);
    for c in rest[..split].trim_end_matches('x').trim_end_matches('-').chars() {
        match c {
            'a'..='h' if from_file.is_none() && from_rank.is_none() => from_file = Some(c as u8 - b'a'),
            '1'..='8' if from_rank.is_none() => from_rank = Some(c as u8 - b'1'),
            _ => return Err(SyntaxProblem::Unreadable),
        }
    }
    Ok(MoveText::Normal { board, role, from_file, from_rank, to, promotion })
}

impl Position {
    /// The legal move `text` names, in SAN or coordinates.
    ///
    /// ```
    /// use wormhole::twoboard::{MoveError, Position};
    /// let pos = Position::new();
    /// assert_eq!(pos.parse_move("A:e4").unwrap().to_string(), "Ae2e4");
    /// assert_eq!(pos.parse_move("Ae4").unwrap(), pos.parse_move("Ae2e4").unwrap());
    /// assert_eq!(pos.parse_move("Nf3").unwrap().to_string(), "Ag1f3");
    /// let err = pos.parse_move("B:e4").unwrap_err();
    /// assert_eq!(err.to_string(), "White must play board A now, not board B");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let readings = readings(text)?;
        one_fitting(
            self.legal_moves().iter(),
            |m| readings.iter().any(|&r| self.fits(r, m)),
            || {
                // Of two readings, the one on the board to play says more.
                let here = |r: &&MoveText| r.board().is_none_or(|b| b == self.board);
                self.refusal(*readings.iter().find(here).unwrap_or(&readings[0]), text)
            },
            |moves| MoveError::Ambiguous { sans: moves.iter().map(|&m| self.san(m)).collect(), moves },
        )
    }

    /// Whether the legal move `m` is one `text` may name.
    fn fits(&self, text: MoveText, m: Move) -> bool {
        let on = |board: Option<BoardId>| board.unwrap_or(self.board) == m.board();
        match text {
            MoveText::Coordinates(c) => {
                c == m
                    || (m.kind() == MoveKind::Castle || m.kind() == MoveKind::EnPassant)
                        && c == Move::normal(m.board(), m.from(), m.to(), None)
            }
            MoveText::Null(board) => m.kind() == MoveKind::Null && board.is_none_or(|b| b == self.board),
            MoveText::Castle(board, side) => {
                m.kind() == MoveKind::Castle && on(board) && (m.to().file() == 6) == (side == CastlingSide::King)
            }
            MoveText::Intent(board, sq) => m.kind() == MoveKind::Intent && on(board) && m.from() == sq,
            MoveText::Teleport { target, square } => {
                m.kind() == MoveKind::Teleport && m.board() == target && m.to() == square
            }
            MoveText::Normal { board, role, from_file, from_rank, to, promotion } => {
                matches!(m.kind(), MoveKind::Normal | MoveKind::EnPassant)
                    && on(board)
                    && m.to() == to
                    && m.promotion() == promotion
                    && self.boards[m.board()].piece_at(m.from()).is_some_and(|p| p.role == role)
                    && from_file.is_none_or(|f| f == m.from().file())
                    && from_rank.is_none_or(|r| r == m.from().rank())
            }
        }
    }

    /// Why no legal move fits `text`: a move the pieces could make but the
    /// rules forbid, or no such move.
    fn refusal(&self, text: MoveText, typed: &str) -> MoveError {
        let mut candidates = MoveList::new();
        self.candidates(&mut candidates);
        if let Some(m) = candidates.iter().find(|&m| self.fits(text, m)) {
            return self.why_illegal(m).into();
        }
        let board = match text {
            MoveText::Coordinates(m) => return self.why_illegal(m).into(),
            MoveText::Null(_) => return self.why_illegal(Move::NULL).into(),
            MoveText::Castle(board, _) | MoveText::Intent(board, _) | MoveText::Normal { board, .. } => board,
            MoveText::Teleport { target, .. } => Some(target),
        };
        let forced = self.intent(self.turn).is_some();
        match board {
            Some(b) if forced || b != self.board => self.why_illegal(Move::intent(b, Square::new(0))).into(),
            _ if forced => self.why_illegal(Move::intent(self.board, Square::new(0))).into(),
            _ => MoveError::NoMatch { text: typed.to_string() },
        }
    }

    /// The SAN of a legal move, with `+` when it newly attacks the enemy
    /// king and `#` when it checkmates.
    ///
    /// ```
    /// use wormhole::twoboard::Position;
    /// let pos = Position::from_fen("7K/8/8/7n/8/8/8/7r|k7/8/8/8/8/8/8/1N6 b B -|- -|- bAh5 0 39").unwrap();
    /// let m = pos.legal_moves().iter().next().unwrap();
    /// assert_eq!(pos.san(m), "NAh5>Bh5#");
    /// ```
    pub fn san(&self, m: Move) -> String {
        let mut san = self.san_body(m);
        let them = !self.turn;
        let mut after = self.clone();
        after.play_unchecked(m);
        if after.is_checkmate() {
            san.push('#');
        } else if after.king_attacked(them) && !self.king_attacked(them) {
            san.push('+');
        }
        san
    }

    /// The SAN of `m` without check marks.
    fn san_body(&self, m: Move) -> String {
        let (board, from, to) = (m.board(), m.from(), m.to());
        let letter = |role: Role| {
            if role == Role::Pawn { String::new() } else { crate::core::Roles::ORTHODOX.letter(role).to_string() }
        };
        let role_on = |id: BoardId, sq: Square| self.boards[id].piece_at(sq).map_or(Role::Pawn, |p| p.role);
        match m.kind() {
            MoveKind::Null => format!("{}:--", self.board),
            MoveKind::Castle if to.file() == 6 => format!("{board}:O-O"),
            MoveKind::Castle => format!("{board}:O-O-O"),
            MoveKind::Intent => format!("{board}:{}{from}^", letter(role_on(board, from))),
            MoveKind::Teleport => {
                let transit = self.intent(self.turn).and_then(|i| i.in_transit());
                let role = transit.map_or_else(|| role_on(board.other(), from), |p| p.role);
                let x = if self.captured_by(m).is_some() { "x" } else { "" };
                format!("{}{}{from}>{x}{board}{to}", letter(role), board.other())
            }
            MoveKind::Normal | MoveKind::EnPassant => {
                let role = role_on(board, from);
                let x = if self.captured_by(m).is_some() { "x" } else { "" };
                let mut origin = String::new();
                push_origin(&mut origin, from, self.rivals(m, role), role == Role::Pawn && !x.is_empty());
                let promotion =
                    m.promotion().map_or(String::new(), |r| format!("={}", crate::core::Roles::ORTHODOX.letter(r)));
                format!("{board}:{}{origin}{x}{to}{promotion}", letter(role))
            }
        }
    }

    /// The origins of the other legal moves of a `role` (not a pawn's: a
    /// pawn capture shows its file anyway) to the target of `m`, which SAN
    /// tells `m` apart from.
    fn rivals(&self, m: Move, role: Role) -> Vec<Square> {
        if role == Role::Pawn {
            return Vec::new();
        }
        let from = m.from();
        self.legal_moves()
            .iter()
            .filter(|&o| o.kind() == MoveKind::Normal && o.to() == m.to() && o.from() != from)
            .map(Move::from)
            .filter(|&sq| self.boards[m.board()].piece_at(sq).is_some_and(|p| p.role == role))
            .collect()
    }
}
