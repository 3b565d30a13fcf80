//! Move notation for Linked-portal chess (docs/linked.md#notation).
//!
//! SAN as in orthodox chess (`Nf3`, `exd5`, `e8=Q`, `O-O`); a move through
//! the portal adds the cell it entered, `>`, and the landing square:
//! `e4>a5`, `Ra4>e8#`, `bxc7>h8=Q+`, `Nxe4>a5` (`x` before the entered cell
//! for a capture of J's resident, before the landing for a capture beyond
//! the portal: `Ra4>xe8`); a portal move is `Z@e5`. A move with several
//! paths is written by its direct path if it has one, else through the
//! first cell in a1..h8 order, and read in any spelling. Readers also accept
//! `→` for `>`, long forms with the origin (`Ra1a4>e8`) and the coordinate
//! form (`e2a5`, `b6h8q`, `e1g1`, `Z@e5`).
//!
//! Reading is two steps: [`MoveText`] is what the text says (syntax only);
//! [`Position::parse_move`] finds the one legal move it names.

use std::fmt;
use std::str::FromStr;

use super::moves::PROMOTIONS;
use super::{CastlingSide, IllegalMoveError, Move, MoveKind, OrthodoxMoveError, Position};
use crate::core::notation::{OnLine, castling_text, one_fitting, push_check_mark, push_origin};
use crate::core::{Role, Square};

crate::rules::move_error! {
    /// Why a typed move was refused. Messages quote at most 80 characters of
    /// the text.
    pub enum MoveError {
        /// No piece of the side to move fits the text.
        #[error("no {}{} can {} {target}", crate::core::Roles::ORTHODOX.name(*.role), OnLine { file: *.from_file, rank: *.from_rank }, if *.through { "enter" } else { "reach" })]
        NoMatch {
            /// The piece written (a pawn when no letter was).
            role: Role,
            /// The origin's file written (0-based), if any.
            from_file: Option<u8>,
            /// The origin's rank written (0-based), if any.
            from_rank: Option<u8>,
            /// The target written (the cell entered, for a move through the portal).
            target: Square,
            /// Whether the text goes through the portal (`>`).
            through: bool,
        },
        /// A move written onto a portal cell: it goes through and must name
        /// where it lands. The legal moves that fit are listed.
        #[error("{cell} is a portal: a move onto it comes out of the other cell ({})", Choices(.sans))]
        NeedsLanding {
            /// The portal cell written as the target.
            cell: Square,
            /// The legal moves through it that fit the text.
            moves: Vec<Move>,
            /// Their SAN, in the same order.
            sans: Vec<String>,
        },
    }
}

/// Displays the moves a text could mean: "write e4>a5", "write one of ...", or "none is legal".
struct Choices<'a>(&'a [String]);

impl fmt::Display for Choices<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [] => f.write_str("no such move is legal now"),
            [one] => write!(f, "write {one}"),
            many => write!(f, "write one of {}", many.join(" ")),
        }
    }
}

/// What is wrong with a text that is not a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxProblem {
    /// Nothing but spaces or check marks.
    #[error("it is empty")]
    Empty,
    /// A character outside ASCII.
    #[error("unexpected character")]
    NotAscii,
    /// `Z@` without a square after it.
    #[error("a portal move is Z@ and a square, such as Z@e5")]
    PortalTarget,
    /// The text does not end with a square (before `>`, or after it).
    #[error("expected a square such as e4")]
    NoSquare,
    /// Something other than a piece letter, an origin file or rank, `x` or `-` before the target.
    #[error("unexpected text before the target square (write a piece letter, an origin, x, then a square)")]
    BeforeTarget,
    /// More than one `>`.
    #[error("a move passes the portal at most once (one '>')")]
    SeveralPortals,
    /// A promotion letter that is no piece.
    #[error("unknown promotion piece (write =Q, =R, =B or =N)")]
    UnknownPromotion,
    /// `O-O` followed by `>`.
    #[error("castling does not go through a portal")]
    CastlingThroughPortal,
}

/// What a move text says, before looking at a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveText {
    /// `O-O` or `O-O-O` (also with zeros).
    Castle(CastlingSide),
    /// `Z@e5`: the mover's portal steps to this square.
    Portal(Square),
    /// A piece move.
    Piece(LinkedPieceText),
}

/// A written piece move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkedPieceText {
    /// The piece letter, if written.
    pub role: Option<Role>,
    /// The origin's file (0-based), if written.
    pub from_file: Option<u8>,
    /// The origin's rank (0-based), if written.
    pub from_rank: Option<u8>,
    /// The first square written: the landing of a direct move, or the
    /// portal cell entered when `landing` follows.
    pub target: Square,
    /// The landing written after `>`.
    pub landing: Option<Square>,
    /// The promotion written.
    pub promotion: Option<Role>,
    /// The coordinate form (`e2a5`): origin and landing, whatever the path.
    pub coordinate: bool,
}

/// `e2a5`, `b6h8q`.
fn coordinates(s: &str) -> Option<LinkedPieceText> {
    let b = s.as_bytes();
    let promotion = match b.len() {
        4 => None,
        5 => Some(crate::core::Roles::ORTHODOX.from_letter(b[4] as char).filter(|_| b[4].is_ascii_lowercase())?),
        _ => return None,
    };
    let (from, to) = (Square::parse_prefix(b)?, Square::parse_prefix(&b[2..])?);
    let (from_file, from_rank) = (Some(from.file()), Some(from.rank()));
    Some(LinkedPieceText { role: None, from_file, from_rank, target: to, landing: None, promotion, coordinate: true })
}

/// Splits a promotion (`=Q`, or a piece letter right after the rank) off the end.
fn split_promotion(s: &str) -> Result<(&str, Option<Role>), SyntaxProblem> {
    let b = s.as_bytes();
    match b {
        [.., b'=', c] => crate::core::Roles::ORTHODOX
            .from_letter(*c as char)
            .map(|r| (&s[..s.len() - 2], Some(r)))
            .ok_or(SyntaxProblem::UnknownPromotion),
        [.., b'='] => Err(SyntaxProblem::UnknownPromotion),
        [.., b'1'..=b'8', c @ (b'Q' | b'R' | b'B' | b'N')] => {
            Ok((&s[..s.len() - 1], crate::core::Roles::ORTHODOX.from_letter(*c as char)))
        }
        _ => Ok((s, None)),
    }
}

/// A square and nothing else.
fn square_only(s: &str) -> Result<Square, SyntaxProblem> {
    s.parse().map_err(|_| SyntaxProblem::NoSquare)
}

/// `[piece][file][rank][x|-]square[>[x]square][=promotion]`.
fn piece_text(s: &str) -> Result<LinkedPieceText, SyntaxProblem> {
    let (body, promotion) = split_promotion(s)?;
    let (left, landing) = match body.split_once('>') {
        None => (body, None),
        Some((_, right)) if right.contains('>') => return Err(SyntaxProblem::SeveralPortals),
        Some((left, right)) => (left, Some(square_only(right.strip_prefix('x').unwrap_or(right))?)),
    };
    if castling_text(left).is_some() {
        return Err(SyntaxProblem::CastlingThroughPortal);
    }
    let mut b = left.as_bytes();
    let role = match b.first() {
        Some(&c @ (b'K' | b'Q' | b'R' | b'B' | b'N' | b'P')) => {
            b = &b[1..];
            crate::core::Roles::ORTHODOX.from_letter(c as char)
        }
        _ => None,
    };
    let Some(split) = b.len().checked_sub(2) else { return Err(SyntaxProblem::NoSquare) };
    let target = Square::parse_prefix(&b[split..]).ok_or(SyntaxProblem::NoSquare)?;
    let head = match &b[..split] {
        [rest @ .., b'x' | b'-'] => rest,
        rest => rest,
    };
    let (from_file, from_rank) = match head {
        [] => (None, None),
        [f @ b'a'..=b'h'] => (Some(f - b'a'), None),
        [r @ b'1'..=b'8'] => (None, Some(r - b'1')),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (Some(f - b'a'), Some(r - b'1')),
        _ => return Err(SyntaxProblem::BeforeTarget),
    };
    Ok(LinkedPieceText { role, from_file, from_rank, target, landing, promotion, coordinate: false })
}

impl FromStr for MoveText {
    type Err = MoveError;

    /// Reads a move text.
    ///
    /// ```
    /// use wormhole::linked::san::{MoveText, SyntaxProblem};
    /// use wormhole::linked::MoveError;
    /// assert!(matches!("Z@e5".parse::<MoveText>(), Ok(MoveText::Portal(_))));
    /// let err = "Ra4>e8>h8".parse::<MoveText>().unwrap_err();
    /// assert!(matches!(err, MoveError::Syntax { problem: SyntaxProblem::SeveralPortals, .. }));
    /// ```
    fn from_str(text: &str) -> Result<MoveText, MoveError> {
        let s = text.trim().trim_end_matches(['+', '#', '!', '?']).replace('→', ">");
        let read = || -> Result<MoveText, SyntaxProblem> {
            if s.is_empty() {
                return Err(SyntaxProblem::Empty);
            }
            if !s.is_ascii() {
                return Err(SyntaxProblem::NotAscii);
            }
            if let Some(side) = castling_text(&s) {
                return Ok(MoveText::Castle(side));
            }
            if let Some(target) = s.strip_prefix("Z@").or_else(|| s.strip_prefix("z@")) {
                return target.parse().map(MoveText::Portal).map_err(|_| SyntaxProblem::PortalTarget);
            }
            if let Some(p) = coordinates(&s) {
                return Ok(MoveText::Piece(p));
            }
            piece_text(&s).map(MoveText::Piece)
        };
        read().map_err(|problem| MoveError::Syntax { text: text.to_string(), problem })
    }
}

/// How a move is written: directly, or through the cell it enters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum WrittenPath {
    Direct,
    Through(Square),
}

impl Position {
    /// Finds the legal move `text` names, in SAN, a long form or
    /// coordinates: the checked way to get a [`Move`].
    ///
    /// ```
    /// use wormhole::linked::Position;
    /// let pos = Position::new();
    /// let m = pos.parse_move("e4>a5").unwrap();
    /// assert_eq!(pos.parse_move("e2a5").unwrap(), m);
    /// // Onto the portal cell e4, the pawn can only come out at a5: that move.
    /// assert_eq!(pos.parse_move("e4").unwrap(), m);
    /// assert_eq!(pos.san(pos.parse_move("Z@f4").unwrap()), "Z@f4");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t: MoveText = text.parse()?;
        let fits = |m: Move| self.text_fits(&t, m);
        let found = one_fitting(
            self.legal_moves().iter(),
            fits,
            || match self.pseudo_legal_moves().iter().find(|&m| fits(m)) {
                Some(m) => self.why_illegal(m).into(),
                None => self.why_unreachable(&t),
            },
            |moves| MoveError::Ambiguous { sans: moves.iter().map(|&m| self.san(m)).collect(), moves },
        );
        match found {
            // A move onto a portal cell with one meaning (one legal landing) is that move.
            Err(MoveError::NeedsLanding { moves, .. }) if moves.len() == 1 => Ok(moves[0]),
            found => found,
        }
    }

    /// Whether the text `t` names the move `m` (of some piece of the side to move).
    fn text_fits(&self, t: &MoveText, m: Move) -> bool {
        let p = match *t {
            MoveText::Castle(side) => return m.castling_side() == Some(side),
            MoveText::Portal(sq) => return m.is_portal() && m.to() == sq,
            MoveText::Piece(p) => p,
        };
        let Some(role) = self.board.piece_at(m.from()).map(|p| p.role) else { return false };
        if m.is_portal() || !p.role.map_or(role == Role::Pawn || p.coordinate, |r| r == role) {
            return false;
        }
        let origin =
            p.from_file.is_none_or(|f| f == m.from().file()) && p.from_rank.is_none_or(|r| r == m.from().rank());
        let promotion = p.promotion.is_none() || p.promotion == m.promotion();
        // A pawn capture is written with the pawn's file.
        let pawn_capture_without_file =
            role == Role::Pawn && !p.coordinate && p.from_file.is_none() && self.captured_by(m).is_some();
        let target = match p.landing {
            _ if p.coordinate => p.target == m.to(),
            Some(landing) => landing == m.to() && self.paths(m).contains(&WrittenPath::Through(p.target)),
            None => p.target == m.to() && m.kind() != MoveKind::Castle && self.paths(m).contains(&WrittenPath::Direct),
        };
        origin && promotion && target && !pawn_capture_without_file
    }

    /// Every way the piece move `m` can be written: directly and through
    /// each cell, in a1..h8 order of the cells.
    fn paths(&self, m: Move) -> Vec<WrittenPath> {
        let Some(routes) = self.routes(m.from()) else { return Vec::new() };
        let bit = 1u64 << m.to().index();
        let mut paths = Vec::new();
        if routes.direct & bit != 0 || m.kind() != MoveKind::Normal {
            paths.push(WrittenPath::Direct);
        }
        let mut cells: Vec<(Square, usize)> = self.portals.cells().zip(0..).collect();
        cells.sort_by_key(|&(sq, _)| sq);
        if let super::Portals::Active { white, .. } = self.portals {
            for (cell, _) in cells {
                let i = usize::from(cell != white);
                if routes.via[i] & bit != 0 {
                    paths.push(WrittenPath::Through(cell));
                }
            }
        }
        paths
    }

    /// Why no move, legal or not, fits `t`.
    fn why_unreachable(&self, t: &MoveText) -> MoveError {
        let p = match *t {
            MoveText::Castle(side) => return self.why_illegal(Move::castle(self.turn, side)).into(),
            MoveText::Portal(to) => {
                let from = self.portals.of(self.turn).unwrap_or(to);
                return self.why_illegal(Move::portal(from, to)).into();
            }
            MoveText::Piece(p) => p,
        };
        if let (Some(f), Some(r)) = (p.from_file, p.from_rank)
            && let Some(from) = Square::from_coords(f, r)
        {
            let to = p.landing.unwrap_or(p.target);
            return match self.board.piece_at(from) {
                Some(piece) if piece.color == self.turn && p.role.is_none_or(|r| r == piece.role) => {
                    self.why_illegal(Move::normal(from, to, p.promotion)).into()
                }
                Some(piece) if piece.color == self.turn => self.no_match(&p),
                _ => IllegalMoveError::from(OrthodoxMoveError::NoPiece { square: from }).into(),
            };
        }
        if p.landing.is_none() && self.portals.cells().contains(p.target) {
            let moves: Vec<Move> = self
                .legal_moves()
                .iter()
                .filter(|&m| self.text_fits(&MoveText::Piece(LinkedPieceText { landing: Some(m.to()), ..p }), m))
                .collect();
            let sans = moves.iter().map(|&m| self.san(m)).collect();
            return MoveError::NeedsLanding { cell: p.target, moves, sans };
        }
        match p.promotion {
            Some(r) if !PROMOTIONS.contains(&r) => {
                IllegalMoveError::from(OrthodoxMoveError::PromotionRole { role: r }).into()
            }
            _ => self.no_match(&p),
        }
    }

    fn no_match(&self, p: &LinkedPieceText) -> MoveError {
        MoveError::NoMatch {
            role: p.role.unwrap_or(Role::Pawn),
            from_file: p.from_file,
            from_rank: p.from_rank,
            target: p.target,
            through: p.landing.is_some(),
        }
    }

    /// The SAN of a legal move, with minimal disambiguation, `+` for check
    /// and `#` for checkmate.
    pub fn san(&self, m: Move) -> String {
        let mut s = self.san_plain(m);
        let after = self.after(m);
        push_check_mark(&mut s, after.is_check(), || after.has_legal_move());
        s
    }

    /// The SAN of a legal move without the check suffix.
    pub fn san_plain(&self, m: Move) -> String {
        let from = m.from();
        match m.kind() {
            MoveKind::Portal => return m.to_string(),
            MoveKind::Castle => return m.castling_side().unwrap_or(CastlingSide::King).san().to_string(),
            MoveKind::Normal | MoveKind::EnPassant => {}
        }
        let Some(role) = self.board.piece_at(from).map(|p| p.role) else { return m.to_string() };
        let path = self.paths(m).first().copied().unwrap_or(WrittenPath::Direct);
        let capture = self.captured_by(m).is_some();
        let legal = self.legal_moves();
        let rivals = legal.iter().filter(|o| {
            o.to() == m.to()
                && o.from() != from
                && !o.is_portal()
                && o.promotion() == m.promotion()
                && self.board.piece_at(o.from()).map(|p| p.role) == Some(role)
                && self.paths(*o).first() == Some(&path)
        });
        let mut s = String::new();
        if role != Role::Pawn {
            s.push(crate::core::Roles::ORTHODOX.letter(role));
        }
        push_origin(&mut s, from, rivals.map(Move::from), role == Role::Pawn && capture);
        match path {
            WrittenPath::Direct if capture => s.push_str(&format!("x{}", m.to())),
            WrittenPath::Direct => s.push_str(&m.to().to_string()),
            // Landing on a cell: the capture, if any, is of J's resident.
            WrittenPath::Through(cell) if capture && self.portals.cells().contains(m.to()) => {
                s.push_str(&format!("x{cell}>{}", m.to()));
            }
            WrittenPath::Through(cell) if capture => s.push_str(&format!("{cell}>x{}", m.to())),
            WrittenPath::Through(cell) => s.push_str(&format!("{cell}>{}", m.to())),
        }
        if let Some(r) = m.promotion() {
            s.push('=');
            s.push(crate::core::Roles::ORTHODOX.letter(r));
        }
        s
    }
}
