//! Move notation: SAN (`Nf6`, `exd5`, `bxa8=Q`, `Qd3+`, `Nbd7`) and the long
//! forms Wormhole players use because holes distort the board (`Nd3f6`,
//! `Nd3-f6`, `Nd3xf6`, `d3f6`, `b7a8q`, `b7xa8=Q`).
//!
//! Reading is two steps, as in shakmaty: [`MoveText`] is what the text says
//! (syntax only); [`Position::parse_move`] finds the one legal move it names.

use std::fmt;
use std::str::FromStr;

use crate::excerpt::Excerpt;
use crate::{IllegalMoveError, Move, Position, Role, Square};

/// Why a typed move was refused. Messages quote at most 80 characters of
/// the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in any notation.
    #[error("'{}' is not a move: {problem}", Excerpt(.text))]
    Syntax {
        /// The text as typed.
        text: String,
        /// What is wrong with it.
        problem: SyntaxProblem,
    },
    /// The text names a move that is not legal here.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// No piece of the side to move fits the text (with the from-file or
    /// from-rank it gives, if any).
    #[error("no {}{} can reach {to}", .role.name(), OnLine { file: *.from_file, rank: *.from_rank })]
    NoMatch {
        /// The piece written (a pawn when no letter was).
        role: Role,
        /// The from-file written (0-based), if any.
        from_file: Option<u8>,
        /// The from-rank written (0-based), if any.
        from_rank: Option<u8>,
        /// The target square.
        to: Square,
    },
    /// Several legal moves fit the text.
    #[error("ambiguous: {}", .sans.join(" "))]
    Ambiguous {
        /// The moves that fit.
        moves: Vec<Move>,
        /// Their SAN, in the same order.
        sans: Vec<String>,
    },
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
    /// `O-O` or `0-0-0`.
    #[error("there is no castling in Wormhole chess")]
    Castling,
    /// An upper-case letter that is no piece.
    #[error("unknown piece letter")]
    UnknownPiece,
    /// A promotion letter that is no piece.
    #[error("unknown promotion piece")]
    UnknownPromotion,
    /// The text does not end with a square.
    #[error("expected a target square such as e4")]
    NoTarget,
    /// A piece letter written in lower case (`nf3`).
    #[error("piece letters are upper case (N, not n)")]
    LowerCasePiece,
    /// Something other than a from-square, file or rank, `x` or `-` before the target.
    #[error("unexpected text before the target square")]
    BeforeTarget,
}

/// Displays the restriction of a move text: ` on the b-file`, ` on rank 3` or nothing.
struct OnLine {
    file: Option<u8>,
    rank: Option<u8>,
}

impl fmt::Display for OnLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.file, self.rank) {
            (Some(file), _) => write!(f, " on the {}-file", (b'a' + file) as char),
            (_, Some(rank)) => write!(f, " on rank {}", rank + 1),
            _ => Ok(()),
        }
    }
}

/// Displays a move in the long form with piece letter: `Nd3f6`, `e2e4`, `b7a8=Q`.
pub(crate) struct LongForm {
    pub(crate) role: Role,
    pub(crate) mv: Move,
}

impl fmt::Display for LongForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.role != Role::Pawn {
            write!(f, "{}", self.role.char())?;
        }
        write!(f, "{}{}", self.mv.from(), self.mv.to())?;
        if let Some(p) = self.mv.promotion() {
            write!(f, "={}", p.char())?;
        }
        Ok(())
    }
}

/// What a move text says, before looking at a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveText {
    /// The piece letter, if one was written (upper case only).
    pub role: Option<Role>,
    /// The from-file, if written (`Nbd7`, `exd5`, `d3f6`).
    pub from_file: Option<u8>,
    /// The from-rank, if written (`N3d5`, `d3f6`).
    pub from_rank: Option<u8>,
    /// Whether `x` was written.
    pub capture: bool,
    /// The target square.
    pub to: Square,
    /// The promotion role, if written (`=Q`, or a trailing letter as in `b7a8q`).
    pub promotion: Option<Role>,
}

impl MoveText {
    /// The from-square, if both file and rank were written.
    pub fn from_square(&self) -> Option<Square> {
        Square::from_coords(self.from_file?, self.from_rank?)
    }
}

impl FromStr for MoveText {
    type Err = MoveError;

    fn from_str(text: &str) -> Result<MoveText, MoveError> {
        let err = |problem| MoveError::Syntax { text: text.to_string(), problem };
        let mut s = text.trim().trim_end_matches(['+', '#', '!', '?']).as_bytes();
        if s.is_empty() {
            return Err(err(SyntaxProblem::Empty));
        }
        if !s.is_ascii() {
            return Err(err(SyntaxProblem::NotAscii));
        }
        if s.starts_with(b"O-O") || s.starts_with(b"0-0") {
            return Err(err(SyntaxProblem::Castling));
        }
        let mut role = None;
        if s[0].is_ascii_uppercase() {
            role = Some(Role::from_char(s[0] as char).ok_or_else(|| err(SyntaxProblem::UnknownPiece))?);
            s = &s[1..];
        }
        let mut promotion = None;
        if let [rest @ .., b'=', p] = s {
            promotion = Some(Role::from_char(*p as char).ok_or_else(|| err(SyntaxProblem::UnknownPromotion))?);
            s = rest;
        } else if let [rest @ .., b'1'..=b'8', p] = s
            && p.is_ascii_alphabetic()
        {
            promotion = Some(Role::from_char(*p as char).ok_or_else(|| err(SyntaxProblem::UnknownPromotion))?);
            s = &s[..rest.len() + 1];
        }
        if s.len() < 2 {
            return Err(err(SyntaxProblem::NoTarget));
        }
        let (rest, target) = s.split_at(s.len() - 2);
        let to = Square::parse_prefix(target).ok_or_else(|| err(SyntaxProblem::NoTarget))?;
        let (rest, capture) = match rest {
            [rest @ .., b'x' | b':'] => (rest, true),
            [rest @ .., b'-'] => (rest, false),
            _ => (rest, false),
        };
        let (from_file, from_rank) = match rest {
            [] => (None, None),
            [f @ b'a'..=b'h'] => (Some(f - b'a'), None),
            [r @ b'1'..=b'8'] => (None, Some(r - b'1')),
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (Some(f - b'a'), Some(r - b'1')),
            [c, ..] if role.is_none() && Role::from_char(*c as char).is_some() => {
                return Err(err(SyntaxProblem::LowerCasePiece));
            }
            _ => return Err(err(SyntaxProblem::BeforeTarget)),
        };
        Ok(MoveText { role, from_file, from_rank, capture, to, promotion })
    }
}

/// Writes what SAN shows of a move's origin: nothing, its file, its rank,
/// or both, the least that tells it apart from the `rivals` (the origins of
/// the other legal moves of the same piece kind to the same place); the
/// file always when `file` (a pawn's capture).
pub(crate) fn push_origin(s: &mut String, from: Square, rivals: impl IntoIterator<Item = Square>, file: bool) {
    let (mut any_rival, mut same_file, mut same_rank) = (false, false, false);
    for r in rivals {
        any_rival = true;
        same_file |= r.file() == from.file();
        same_rank |= r.rank() == from.rank();
    }
    if file || (any_rival && (!same_file || same_rank)) {
        s.push(from.file_char());
    }
    if same_file {
        s.push(from.rank_char());
    }
}

impl Position {
    /// Finds the legal move `text` names, in SAN, any long form, or UCI
    /// coordinates (`e2e4`, `b7a8q`): the checked way to get a [`Move`].
    ///
    /// ```
    /// use wormhole::{Position, Variant};
    /// let pos = Position::from_fen(
    ///     "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17",
    ///     Variant::Classic,
    /// ).unwrap();
    /// assert_eq!(pos.parse_move("Nxf6").unwrap(), pos.parse_move("d3f6").unwrap());
    /// assert_eq!(pos.parse_move("Nh6").unwrap_err().to_string(), "no knight can reach h6");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t: MoveText = text.parse()?;
        let fits = |m: &Move| self.text_fits(&t, *m);
        let legal = self.legal_moves();
        let candidates: Vec<Move> = legal.iter().copied().filter(fits).collect();
        match candidates.as_slice() {
            [m] => Ok(*m),
            [] => Err(match self.pseudo_legal_moves().iter().copied().find(fits) {
                Some(m) => self.why_illegal(m).into(),
                None => self.why_unreachable(&t),
            }),
            many => {
                let sans = many.iter().map(|&m| self.san_among(m, &legal)).collect();
                Err(MoveError::Ambiguous { moves: many.to_vec(), sans })
            }
        }
    }

    fn text_fits(&self, t: &MoveText, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        let Some(role) = self.role_at(from) else { return false };
        let role_ok = match t.role {
            Some(r) => r == role,
            None => t.from_square().is_some() || role == Role::Pawn,
        };
        role_ok
            && to == t.to
            && t.from_file.is_none_or(|f| f == from.file())
            && t.from_rank.is_none_or(|r| r == from.rank())
            && (t.promotion.is_none() || t.promotion == m.promotion())
    }

    /// Why no move, legal or not, fits `t`.
    fn why_unreachable(&self, t: &MoveText) -> MoveError {
        if let Some(from) = t.from_square() {
            return match self.board.piece_at(from) {
                Some(p) if p.color == self.turn => IllegalMoveError::CannotReach { role: p.role, from, to: t.to },
                _ => IllegalMoveError::NoPiece { square: from },
            }
            .into();
        }
        if let Some(p) = t.promotion {
            if !self.variant.promotion_roles().contains(&p) {
                return IllegalMoveError::PromotionNotInSet { role: p, variant: self.variant }.into();
            }
            let quiet = MoveText { promotion: None, ..*t };
            if self.legal_moves().iter().any(|&m| self.text_fits(&quiet, m)) {
                return IllegalMoveError::QuietPromotion { to: t.to }.into();
            }
        }
        MoveError::NoMatch {
            role: t.role.unwrap_or(Role::Pawn),
            from_file: t.from_file,
            from_rank: t.from_rank,
            to: t.to,
        }
    }

    /// The long form with piece letter, `Nd3f6` / `e2e4` / `b7a8=Q`, for any
    /// move whose from-square holds a piece (legal or not).
    pub fn long_form(&self, m: Move) -> String {
        LongForm { role: self.role_at(m.from()).unwrap_or(Role::Pawn), mv: m }.to_string()
    }

    /// The SAN of a legal move, with minimal disambiguation, `+` for check
    /// and `#` for checkmate. To write every legal move, use
    /// [`Position::san_moves`], which generates the moves once.
    pub fn san(&self, m: Move) -> String {
        self.san_among(m, &self.legal_moves())
    }

    /// Every legal move with its SAN, in the order of
    /// [`Position::legal_moves`]. The legal moves are generated once for all
    /// of them (calling [`Position::san`] for each would generate them once
    /// per move).
    ///
    /// ```
    /// use wormhole::{Position, Variant};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/1N1NK3 w 0", Variant::Classic).unwrap();
    /// let sans: Vec<String> = pos.san_moves().into_iter().map(|(_, san)| san).collect();
    /// assert!(sans.contains(&"Nbc3".to_string()) && sans.contains(&"Ndc3".to_string()));
    /// assert_eq!(sans.len(), pos.legal_moves().len());
    /// ```
    pub fn san_moves(&self) -> Vec<(Move, String)> {
        let legal = self.legal_moves();
        legal.iter().map(|&m| (m, self.san_among(m, &legal))).collect()
    }

    /// The SAN of a legal move without the check suffix.
    pub fn san_plain(&self, m: Move) -> String {
        self.san_plain_among(m, &self.legal_moves())
    }

    /// [`Position::san`] given the legal moves.
    fn san_among(&self, m: Move, legal: &[Move]) -> String {
        let mut s = self.san_plain_among(m, legal);
        let after = self.after(m);
        if after.is_check() {
            s.push(if after.has_legal_move() { '+' } else { '#' });
        }
        s
    }

    /// [`Position::san_plain`] given the legal moves (`legal`), among which
    /// it finds the pieces of the same kind that reach the same square.
    fn san_plain_among(&self, m: Move, legal: &[Move]) -> String {
        let (from, to) = (m.from(), m.to());
        let Some(role) = self.role_at(from) else { return m.to_string() };
        let capture = self.board.piece_at(to).is_some();
        let rivals = legal.iter().filter(|o| {
            o.to() == to && o.from() != from && o.promotion() == m.promotion() && self.role_at(o.from()) == Some(role)
        });
        let mut s = String::new();
        if role != Role::Pawn {
            s.push(role.char());
        }
        push_origin(&mut s, from, rivals.map(|r| r.from()), role == Role::Pawn && capture);
        if capture {
            s.push('x');
        }
        s.push_str(&to.to_string());
        if let Some(p) = m.promotion() {
            s.push('=');
            s.push(p.char());
        }
        s
    }
}
