//! Move text every game reads the same way: [`PieceMoveText`], what a written
//! move of one piece says before looking at a position (piece letter,
//! origin, capture mark, target, promotion), with [`PieceSyntaxProblem`] when it
//! is not a move, how SAN tells a move's origin apart from its rivals and
//! marks a check, and how a text is matched to the one legal move it
//! names. Each game's `san` module turns a [`PieceMoveText`] into one of its
//! legal moves.

use std::fmt;

use crate::core::castling::CastlingSide;
use crate::core::{Role, Roles, Square};

/// What is wrong with a text that is not a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PieceSyntaxProblem {
    /// Nothing but spaces or check marks.
    #[error("it is empty")]
    Empty,
    /// A character outside ASCII.
    #[error("unexpected character")]
    NotAscii,
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

/// What a move text says, before looking at a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceMoveText {
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

impl PieceMoveText {
    /// The from-square, if both file and rank were written.
    pub fn from_square(&self) -> Option<Square> {
        Square::from_coords(self.from_file?, self.from_rank?)
    }

    /// Reads a move of one piece: piece letter (upper case), from-file and
    /// from-rank, `x` or `-`, target, promotion (`=Q`, or a trailing letter as
    /// in `b7a8q`); check marks and `!`/`?` at the end are ignored.
    ///
    /// The piece letters are the game's (`roles`).
    ///
    /// ```
    /// use wormhole::Roles;
    /// use wormhole::core::notation::{PieceMoveText, PieceSyntaxProblem};
    /// let t = PieceMoveText::read("Nd3xf6+", Roles::ORTHODOX).unwrap();
    /// assert_eq!((t.from_square().map(|s| s.to_string()), t.capture, t.to.to_string()), (Some("d3".into()), true, "f6".into()));
    /// assert_eq!(PieceMoveText::read("nf3", Roles::ORTHODOX), Err(PieceSyntaxProblem::LowerCasePiece));
    /// assert_eq!(PieceMoveText::read("Cf3", Roles::ORTHODOX), Err(PieceSyntaxProblem::UnknownPiece));
    /// ```
    pub fn read(text: &str, roles: Roles) -> Result<PieceMoveText, PieceSyntaxProblem> {
        let mut s = text.trim().trim_end_matches(['+', '#', '!', '?']).as_bytes();
        if s.is_empty() {
            return Err(PieceSyntaxProblem::Empty);
        }
        if !s.is_ascii() {
            return Err(PieceSyntaxProblem::NotAscii);
        }
        let mut role = None;
        if s[0].is_ascii_uppercase() {
            role = Some(roles.from_letter(s[0] as char).ok_or(PieceSyntaxProblem::UnknownPiece)?);
            s = &s[1..];
        }
        let mut promotion = None;
        if let [rest @ .., b'=', p] = s {
            promotion = Some(roles.from_letter(*p as char).ok_or(PieceSyntaxProblem::UnknownPromotion)?);
            s = rest;
        } else if let [rest @ .., b'1'..=b'8', p] = s
            && p.is_ascii_alphabetic()
        {
            promotion = Some(roles.from_letter(*p as char).ok_or(PieceSyntaxProblem::UnknownPromotion)?);
            s = &s[..rest.len() + 1];
        }
        if s.len() < 2 {
            return Err(PieceSyntaxProblem::NoTarget);
        }
        let (rest, target) = s.split_at(s.len() - 2);
        let to = Square::parse_prefix(target).ok_or(PieceSyntaxProblem::NoTarget)?;
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
            [c, ..] if role.is_none() && roles.from_letter(*c as char).is_some() => {
                return Err(PieceSyntaxProblem::LowerCasePiece);
            }
            _ => return Err(PieceSyntaxProblem::BeforeTarget),
        };
        Ok(PieceMoveText { role, from_file, from_rank, capture, to, promotion })
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

/// Reads castling, `O-O` or `O-O-O` (also with zeros), in the games that have it.
pub(crate) fn castling_text(s: &str) -> Option<CastlingSide> {
    match s {
        "O-O" | "0-0" => Some(CastlingSide::King),
        "O-O-O" | "0-0-0" => Some(CastlingSide::Queen),
        _ => None,
    }
}

/// Adds SAN's mark for a move that gives check (`check`): `+`, or `#` when
/// the side in check has no legal move (asked only then).
pub(crate) fn push_check_mark(s: &mut String, check: bool, has_legal_move: impl FnOnce() -> bool) {
    if check {
        s.push(if has_legal_move() { '+' } else { '#' });
    }
}

/// The one move of `legal` that `fits` a text, or why not: `none()` when
/// no move fits, `many(moves)` when several do (the ambiguity to report).
pub(crate) fn one_fitting<M: Copy, E>(
    legal: impl IntoIterator<Item = M>,
    fits: impl Fn(M) -> bool,
    none: impl FnOnce() -> E,
    many: impl FnOnce(Vec<M>) -> E,
) -> Result<M, E> {
    let fitting: Vec<M> = legal.into_iter().filter(|&m| fits(m)).collect();
    match fitting[..] {
        [m] => Ok(m),
        [] => Err(none()),
        _ => Err(many(fitting)),
    }
}

/// Displays what a move text says of its origin, as an error names it:
/// ` on b3`, ` on the b-file`, ` on rank 3`, or nothing (so "no knight on
/// the b-file can reach d7").
pub(crate) struct OnLine {
    /// The origin's file written (0-based), if any.
    pub(crate) file: Option<u8>,
    /// The origin's rank written (0-based), if any.
    pub(crate) rank: Option<u8>,
}

impl fmt::Display for OnLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.file, self.rank) {
            (Some(file), Some(rank)) => write!(f, " on {}{}", (b'a' + file) as char, rank + 1),
            (Some(file), None) => write!(f, " on the {}-file", (b'a' + file) as char),
            (None, Some(rank)) => write!(f, " on rank {}", rank + 1),
            (None, None) => Ok(()),
        }
    }
}
