//! Move notation for Porthole chess.
//!
//! SAN as in orthodox chess (`Nf3`, `exd5`, `e8=Q`, `O-O`), and for a
//! porthole move: piece letter, disambiguation, `x` only when a piece is
//! captured on the entry, the entry, `>`, the exit: `Kh1>d4`, `Bxe4>h5`,
//! `Nc3>g6+`; pawns always show their file (`fg4>c4`). Readers also accept
//! `→` for `>`, the long forms (`Kg1h1>d4`, `Bc2xe4>h5`, `Ng1-f3`) and the
//! coordinate form (`e2e4`, `e7e8q`, `e1g1`, `g1h1d4`).
//!
//! Reading is two steps, as in shakmaty: [`MoveText`] is what the text says
//! (syntax only); [`Position::parse_move`] finds the one legal move it names.

use std::fmt;
use std::str::FromStr;

use super::illegal::PortholeLongForm;
use super::moves::PROMOTIONS;
use super::{CastlingSide, IllegalMoveError, Move, MoveKind, OrthodoxMoveError, Position};
use crate::core::castling::CastlingSquares;
use crate::core::notation::{self, OnLine, castling_text, one_fitting, push_check_mark, push_origin};
use crate::core::{Role, Square};

crate::rules::move_error! {
    /// Why a typed move was refused. Messages quote at most 80 characters of
    /// the text.
    pub enum MoveError {
        /// No piece of the side to move fits the text.
        #[error("no {}{} can {} {to}", crate::core::Roles::ORTHODOX.name(*.role), OnLine { file: *.from_file, rank: *.from_rank }, if .exit.is_some() { "enter" } else { "reach" })]
        NoMatch {
            /// The piece written (a pawn when no letter was).
            role: Role,
            /// The origin's file written (0-based), if any.
            from_file: Option<u8>,
            /// The origin's rank written (0-based), if any.
            from_rank: Option<u8>,
            /// The target of a normal move, or the entry of a porthole move.
            to: Square,
            /// The exit, for a porthole move.
            exit: Option<Square>,
        },
        /// A normal move written onto a P-square: it must go through and name
        /// the exit. The legal moves through it by a piece that fits the text
        /// are listed, one per exit.
        #[error("{entry} is a porthole: {}", ExitChoices(.sans))]
        NeedsExit {
            /// The P-square written as the target.
            entry: Square,
            /// The legal porthole moves through it that fit the text.
            moves: Vec<Move>,
            /// Their SAN, in the same order.
            sans: Vec<String>,
        },
    }
}

/// Displays the exits a text without one could mean: "name the exit, as
/// in Bxe4>h5", or "name the exit: fg4>b4, fg4>c4 or fg4>b5".
struct ExitChoices<'a>(&'a [String]);

impl fmt::Display for ExitChoices<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [] => f.write_str("a move onto it must go through it and name the exit"),
            [one] => write!(f, "name the exit, as in {one}"),
            [first @ .., last] => write!(f, "name the exit: {} or {last}", first.join(", ")),
        }
    }
}

/// What is wrong with a text that is not a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxProblem {
    /// A problem of the part every game reads the same way (piece letter,
    /// origin, target, promotion).
    #[error(transparent)]
    Text(#[from] notation::PieceSyntaxProblem),
    /// `O-O` followed by `>`.
    #[error("castling does not go through a porthole")]
    CastlingThroughPorthole,
    /// A promotion written on a porthole move (docs/porthole.md#moving: nothing promotes there).
    #[error("there is no promotion on a porthole move")]
    PortholePromotion,
    /// Nothing, or no square, after `>`.
    #[error("expected an exit square after '>', such as c4")]
    NoExit,
    /// More than one `>`.
    #[error("a porthole move has one '>'")]
    SeveralExits,
}

/// What a move text says, before looking at a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveText {
    /// `O-O` or `O-O-O` (also with zeros).
    Castle(CastlingSide),
    /// Any other move.
    Piece(PortholePieceText),
}

/// A written move of one piece: a normal move, or a porthole move when
/// `exit` is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PortholePieceText {
    /// What is written up to the target, read as every game reads a
    /// move (piece letter, origin, `x`, target, promotion); the target of a
    /// porthole move is its entry (`Bc2xe4` in `Bc2xe4>h5`).
    pub head: notation::PieceMoveText,
    /// The exit of a porthole move.
    pub exit: Option<Square>,
}

/// Reads the part before `>` (or a whole normal move) with the long-form
/// reader every game uses, keeping to the orthodox piece letters.
fn piece_text(part: &str, exit: Option<Square>) -> Result<PortholePieceText, SyntaxProblem> {
    if part.starts_with("O-O") || part.starts_with("0-0") {
        return Err(SyntaxProblem::CastlingThroughPorthole);
    }
    let head = notation::PieceMoveText::read(part, crate::core::Roles::ORTHODOX)?;
    if head.role.is_some_and(|r| r.index() > Role::King.index()) {
        return Err(notation::PieceSyntaxProblem::UnknownPiece.into());
    }
    if exit.is_some() && head.promotion.is_some() {
        return Err(SyntaxProblem::PortholePromotion);
    }
    Ok(PortholePieceText { head, exit })
}

/// The coordinate form of a porthole move, `g1h1d4`.
fn porthole_coordinates(s: &str) -> Option<PortholePieceText> {
    let b = s.as_bytes();
    if b.len() != 6 {
        return None;
    }
    let [from, to, exit] = [0, 2, 4].map(|i| Square::parse_prefix(&b[i..]));
    let (from, to, exit) = (from?, to?, exit?);
    let head = notation::PieceMoveText {
        role: None,
        from_file: Some(from.file()),
        from_rank: Some(from.rank()),
        capture: false,
        to,
        promotion: None,
    };
    Some(PortholePieceText { head, exit: Some(exit) })
}

/// The exit written after `>`: a square and nothing else.
fn exit_text(right: &str) -> Result<Square, SyntaxProblem> {
    match (Square::parse_prefix(right.as_bytes()), right.get(2..)) {
        (Some(exit), Some("")) => Ok(exit),
        (Some(_), Some(rest)) if rest.starts_with('=') => Err(SyntaxProblem::PortholePromotion),
        _ if right.contains('>') => Err(SyntaxProblem::SeveralExits),
        _ => Err(SyntaxProblem::NoExit),
    }
}

impl FromStr for MoveText {
    type Err = MoveError;

    fn from_str(text: &str) -> Result<MoveText, MoveError> {
        let s = text.trim().trim_end_matches(['+', '#', '!', '?']).replace('→', ">");
        let read = || -> Result<MoveText, SyntaxProblem> {
            if s.is_empty() {
                return Err(notation::PieceSyntaxProblem::Empty.into());
            }
            if !s.is_ascii() {
                return Err(notation::PieceSyntaxProblem::NotAscii.into());
            }
            if let Some(side) = castling_text(&s) {
                return Ok(MoveText::Castle(side));
            }
            if let Some(t) = porthole_coordinates(&s) {
                return Ok(MoveText::Piece(t));
            }
            match s.split_once('>') {
                None => piece_text(&s, None).map(MoveText::Piece),
                Some((left, right)) => piece_text(left, Some(exit_text(right)?)).map(MoveText::Piece),
            }
        };
        read().map_err(|problem| MoveError::Syntax { text: text.to_string(), problem })
    }
}

impl Position {
    /// Finds the legal move `text` names, in SAN, a long form or
    /// coordinates: the checked way to get a [`Move`].
    ///
    /// ```
    /// use wormhole::porthole::Position;
    /// let pos = Position::from_fen("6k1/5ppp/8/8/4n3/p7/2B2PPP/6K1 w - - 0 25 h5,e4,a3,c2").unwrap();
    /// let m = pos.parse_move("Bxe4>h5").unwrap();
    /// assert_eq!(pos.parse_move("Bc2xe4→h5").unwrap(), m);
    /// assert_eq!(pos.parse_move("c2e4h5").unwrap(), m);
    /// assert_eq!(pos.parse_move("Bxe4").unwrap_err().to_string(), "e4 is a porthole: name the exit, as in Bxe4>h5");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t: MoveText = text.parse()?;
        let fits = |m: Move| self.text_fits(&t, m);
        one_fitting(
            self.legal_moves().iter(),
            fits,
            || match self.pseudo_legal_moves().iter().find(|&m| fits(m)) {
                Some(m) => self.why_illegal(m).into(),
                None => self.why_unreachable(&t),
            },
            |moves| MoveError::Ambiguous { sans: moves.iter().map(|&m| self.san(m)).collect(), moves },
        )
    }

    fn text_fits(&self, t: &MoveText, m: Move) -> bool {
        let p = match t {
            MoveText::Castle(side) => return m.castling_side() == Some(*side),
            MoveText::Piece(p) => p,
        };
        let h = &p.head;
        let Some(role) = self.role_at(m.from()) else { return false };
        let role_ok = match h.role {
            Some(r) => r == role,
            None => h.from_square().is_some() || role == Role::Pawn,
        };
        let target_ok = match (p.exit, m.entry()) {
            (Some(exit), Some(entry)) => h.to == entry && exit == m.to(),
            (None, None) => h.to == m.to() && (m.kind() != MoveKind::Castle || h.from_square().is_some()),
            _ => false,
        };
        role_ok
            && target_ok
            && h.from_file.is_none_or(|f| f == m.from().file())
            && h.from_rank.is_none_or(|r| r == m.from().rank())
            && (h.promotion.is_none() || h.promotion == m.promotion())
    }

    /// Why no move, legal or not, fits `t`.
    fn why_unreachable(&self, t: &MoveText) -> MoveError {
        let p = match t {
            MoveText::Castle(side) => return self.why_illegal(Move::castle(self.turn, *side)).into(),
            MoveText::Piece(p) => p,
        };
        let h = &p.head;
        let no_match = MoveError::NoMatch {
            role: h.role.unwrap_or(Role::Pawn),
            from_file: h.from_file,
            from_rank: h.from_rank,
            to: h.to,
            exit: p.exit,
        };
        if let Some(from) = h.from_square() {
            return match self.board.piece_at(from) {
                Some(piece) if piece.color == self.turn && h.role.is_none_or(|r| r == piece.role) => {
                    self.why_illegal(self.written_move(from, p)).into()
                }
                Some(piece) if piece.color == self.turn => no_match,
                _ => IllegalMoveError::from(OrthodoxMoveError::NoPiece { square: from }).into(),
            };
        }
        let obstacle = match (p.exit, h.promotion) {
            (Some(exit), _) => self.porthole_obstacle(h.to, exit),
            (None, _) if self.tokens.contains(h.to) => {
                let moves = self.moves_through(p);
                if moves.is_empty() {
                    // No piece that fits the text gets through: say so, not how to write an exit.
                    return no_match;
                }
                let sans = moves.iter().map(|&m| self.san(m)).collect();
                return MoveError::NeedsExit { entry: h.to, moves, sans };
            }
            (None, Some(r)) if !PROMOTIONS.contains(&r) => Some(OrthodoxMoveError::PromotionRole { role: r }.into()),
            (None, Some(_)) if h.to.rank() != self.turn.last_rank() => {
                Some(OrthodoxMoveError::PromotionOffLastRank { to: h.to }.into())
            }
            (None, _) => None,
        };
        obstacle.map_or(no_match, MoveError::from)
    }

    /// The one move a text with an origin names (castling when a king on
    /// its home square is sent to its castling square).
    fn written_move(&self, from: Square, p: &PortholePieceText) -> Move {
        let h = &p.head;
        if let Some(exit) = p.exit {
            return Move::porthole(from, h.to, exit);
        }
        let castle = CastlingSide::ALL.into_iter().find(|&side| {
            let s = CastlingSquares::of(self.turn, side);
            self.role_at(from) == Some(Role::King) && s.king_from == from && s.king_to == h.to
        });
        match castle {
            Some(side) => Move::castle(self.turn, side),
            None => Move::normal(from, h.to, h.promotion),
        }
    }

    /// The legal porthole moves through the target of a normal move text
    /// by a piece that fits it: one per exit.
    fn moves_through(&self, p: &PortholePieceText) -> Vec<Move> {
        let through = |m: Move| MoveText::Piece(PortholePieceText { exit: Some(m.to()), ..*p });
        self.legal_moves().iter().filter(|&m| m.entry() == Some(p.head.to) && self.text_fits(&through(m), m)).collect()
    }

    /// The long form with piece letter, `Ng1f3`, `Bc2e4>h5`, `e7e8=Q`,
    /// `O-O`, for any move whose origin holds a piece (legal or not).
    pub fn long_form(&self, m: Move) -> String {
        PortholeLongForm { role: self.role_at(m.from()).unwrap_or(Role::Pawn), mv: m }.to_string()
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
        let Some(role) = self.role_at(from) else { return m.to_string() };
        if let Some(side) = m.castling_side() {
            return side.san().to_string();
        }
        let capture = self.captured_by(m).is_some();
        let legal = self.legal_moves();
        let rivals = legal.iter().filter(|o| {
            o.to() == m.to()
                && o.entry() == m.entry()
                && o.from() != from
                && o.promotion() == m.promotion()
                && self.role_at(o.from()) == Some(role)
        });
        let mut s = String::new();
        if role != Role::Pawn {
            s.push(crate::core::Roles::ORTHODOX.letter(role));
        }
        push_origin(&mut s, from, rivals.map(Move::from), role == Role::Pawn && (capture || m.is_porthole()));
        if capture {
            s.push('x');
        }
        s + &self.san_tail(m)
    }

    /// The part of SAN after the `x`: target or `entry>exit`, and promotion.
    fn san_tail(&self, m: Move) -> String {
        let target = match m.entry() {
            Some(entry) => format!("{entry}>{}", m.to()),
            None => m.to().to_string(),
        };
        match m.promotion() {
            Some(r) => format!("{target}={}", crate::core::Roles::ORTHODOX.letter(r)),
            None => target,
        }
    }
}
