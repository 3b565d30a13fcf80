//! Move notation: SAN (`Nf6`, `exd5`, `bxa8=Q`, `Qd3+`, `Nbd7`) and the long
//! forms Wormhole players use because holes distort the board (`Nd3f6`,
//! `Nd3-f6`, `Nd3xf6`, `d3f6`, `b7a8q`, `b7xa8=Q`).
//!
//! Reading is two steps, as in shakmaty: [`PieceMoveText`] is what the text says
//! (syntax only); [`Position::parse_move`] finds the one legal move it names.

use std::fmt;

use crate::core::excerpt::Excerpt;
pub use crate::core::notation::PieceMoveText;
use crate::core::notation::{self, OnLine, one_fitting, push_check_mark, push_origin};
use crate::core::{Role, Square};
use crate::games::wormhole::{IllegalMoveError, Move, Position};

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
    #[error("no {}{} can reach {to}", super::ROLES.name(*.role), OnLine { file: *.from_file, rank: *.from_rank })]
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
    /// The target is a hole: no piece can move there (pieces skip holes).
    #[error("{to} is a hole: no piece can move there (pieces skip holes)")]
    HoleTarget {
        /// The target square, a hole.
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
    /// A problem every game's move text has ([`PieceMoveText`]).
    #[error(transparent)]
    Text(#[from] notation::PieceSyntaxProblem),
    /// `O-O` or `0-0-0`.
    #[error("there is no castling in Wormhole chess")]
    Castling,
}

impl crate::rules::MoveTextError for MoveError {
    fn syntax_problem(&self) -> Option<&dyn std::error::Error> {
        match self {
            MoveError::Syntax { problem, .. } => Some(problem),
            _ => None,
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
            write!(f, "{}", super::ROLES.letter(self.role))?;
        }
        write!(f, "{}{}", self.mv.from(), self.mv.to())?;
        if let Some(p) = self.mv.promotion() {
            write!(f, "={}", super::ROLES.letter(p))?;
        }
        Ok(())
    }
}

/// Reads `text` as a move of one piece ([`PieceMoveText`]), refusing castling.
fn read_text(text: &str) -> Result<PieceMoveText, MoveError> {
    PieceMoveText::read(text, super::ROLES).map_err(|problem| {
        let castling = ["O-O", "0-0"].iter().any(|c| text.trim().starts_with(c));
        let problem = match problem {
            notation::PieceSyntaxProblem::NotAscii => SyntaxProblem::Text(problem),
            _ if castling => SyntaxProblem::Castling,
            _ => SyntaxProblem::Text(problem),
        };
        MoveError::Syntax { text: text.to_string(), problem }
    })
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
    /// assert_eq!(pos.parse_move("Kd8").unwrap_err().to_string(), "d8 is a hole: no piece can move there (pieces skip holes)");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t = read_text(text)?;
        let fits = |m: Move| self.text_fits(&t, m);
        let legal = self.legal_moves();
        one_fitting(
            legal.iter().copied(),
            fits,
            || match self.pseudo_legal_moves().iter().copied().find(|&m| fits(m)) {
                Some(m) => self.why_illegal(m).into(),
                None => self.why_unreachable(&t),
            },
            |moves| MoveError::Ambiguous { sans: moves.iter().map(|&m| self.san_among(m, &legal)).collect(), moves },
        )
    }

    fn text_fits(&self, t: &PieceMoveText, m: Move) -> bool {
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
    fn why_unreachable(&self, t: &PieceMoveText) -> MoveError {
        if self.board.is_hole(t.to) {
            return MoveError::HoleTarget { to: t.to };
        }
        if let Some(from) = t.from_square() {
            return match self.board.piece_at(from) {
                Some(p) if p.color == self.turn => IllegalMoveError::CannotReach { role: p.role, from, to: t.to },
                _ => self.no_piece(from),
            }
            .into();
        }
        if let Some(p) = t.promotion {
            if !self.variant.promotion_roles().contains(&p) {
                return IllegalMoveError::PromotionNotInSet { role: p, variant: self.variant }.into();
            }
            let quiet = PieceMoveText { promotion: None, ..*t };
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
        push_check_mark(&mut s, after.is_check(), || after.has_legal_move());
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
            s.push(super::ROLES.letter(role));
        }
        push_origin(&mut s, from, rivals.map(|r| r.from()), role == Role::Pawn && capture);
        if capture {
            s.push('x');
        }
        s.push_str(&to.to_string());
        if let Some(p) = m.promotion() {
            s.push('=');
            s.push(super::ROLES.letter(p));
        }
        s
    }
}
