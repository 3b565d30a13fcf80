//! Move notation: SAN (`Nf6`, `exd5`, `bxa8=Q`, `Qd3+`, `Nbd7`) and the long
//! forms Wormhole players use because holes distort the board (`Nd3f6`,
//! `Nd3-f6`, `Nd3xf6`, `d3f6`, `b7a8q`, `b7xa8=Q`).
//!
//! Reading is two steps, as in shakmaty: [`MoveText`] is what the text says
//! (syntax only); [`Position::parse_move`] finds the one legal move it names.

use std::str::FromStr;

use crate::{Move, Position, Role, Square};

/// Why a typed move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in any notation.
    #[error("'{text}' is not a move: {reason}")]
    Syntax { text: String, reason: &'static str },
    /// A well-formed move that no piece of the side to move can make.
    #[error("{0}")]
    Unreachable(String),
    /// The piece could make the move, but the king would be left attacked.
    #[error("illegal: {0} leaves your king attacked")]
    LeavesKingAttacked(String),
    /// Several legal moves fit the text; the SAN of each is listed.
    #[error("ambiguous: {}", .0.join(" "))]
    Ambiguous(Vec<String>),
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
        let err = |reason| MoveError::Syntax { text: text.to_string(), reason };
        let mut s = text.trim().trim_end_matches(['+', '#', '!', '?']).as_bytes();
        if s.is_empty() {
            return Err(err("it is empty"));
        }
        if !s.is_ascii() {
            return Err(err("unexpected character"));
        }
        if s.starts_with(b"O-O") || s.starts_with(b"0-0") {
            return Err(err("there is no castling in Wormhole chess"));
        }
        let mut role = None;
        if s[0].is_ascii_uppercase() {
            role = Some(Role::from_char(s[0] as char).ok_or_else(|| err("unknown piece letter"))?);
            s = &s[1..];
        }
        let mut promotion = None;
        if let [rest @ .., b'=', p] = s {
            promotion = Some(Role::from_char(*p as char).ok_or_else(|| err("unknown promotion piece"))?);
            s = rest;
        } else if let [rest @ .., b'1'..=b'8', p] = s
            && p.is_ascii_alphabetic()
        {
            promotion = Some(Role::from_char(*p as char).ok_or_else(|| err("unknown promotion piece"))?);
            s = &s[..rest.len() + 1];
        }
        if s.len() < 2 {
            return Err(err("expected a target square such as e4"));
        }
        let (rest, target) = s.split_at(s.len() - 2);
        let to = Square::parse_prefix(target).ok_or_else(|| err("expected a target square such as e4"))?;
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
                return Err(err("piece letters are upper case (N, not n)"));
            }
            _ => return Err(err("unexpected text before the target square")),
        };
        Ok(MoveText { role, from_file, from_rank, capture, to, promotion })
    }
}

impl Position {
    /// Finds the legal move `text` names, in SAN or any long form.
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
        let candidates: Vec<Move> = self.legal_moves().iter().copied().filter(fits).collect();
        match candidates.as_slice() {
            [m] => Ok(*m),
            [] => Err(match self.pseudo_legal_moves().iter().copied().find(fits) {
                Some(m) => MoveError::LeavesKingAttacked(self.long_form(m)),
                None => MoveError::Unreachable(self.why_unreachable(&t)),
            }),
            many => Err(MoveError::Ambiguous(many.iter().map(|&m| self.san(m)).collect())),
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

    fn why_unreachable(&self, t: &MoveText) -> String {
        if let Some(from) = t.from_square() {
            return match self.board.piece_at(from) {
                Some(p) if p.color == self.turn => format!("the {} on {from} cannot reach {}", p.role.name(), t.to),
                _ => format!("you have no piece on {from}"),
            };
        }
        if let Some(p) = t.promotion {
            if !self.variant.promotion_roles().contains(&p) {
                return format!("a pawn cannot promote to a {} in the {} piece set", p.name(), self.variant);
            }
            let quiet = MoveText { promotion: None, ..*t };
            if self.legal_moves().iter().any(|&m| self.text_fits(&quiet, m)) {
                return format!("a pawn promotes only by capturing: {} would stay a pawn", t.to);
            }
        }
        let name = t.role.map_or("pawn", Role::name);
        match (t.from_file, t.from_rank) {
            (Some(f), _) => format!("no {name} on the {}-file can reach {}", (b'a' + f) as char, t.to),
            (_, Some(r)) => format!("no {name} on rank {} can reach {}", r + 1, t.to),
            _ => format!("no {name} can reach {}", t.to),
        }
    }

    /// The long form with piece letter, `Nd3f6` / `e2e4` / `b7a8=Q`, for any
    /// move whose from-square holds a piece (legal or not).
    pub fn long_form(&self, m: Move) -> String {
        let letter = match self.role_at(m.from()) {
            Some(Role::Pawn) | None => String::new(),
            Some(r) => r.char().to_string(),
        };
        let promo = m.promotion().map(|r| format!("={}", r.char())).unwrap_or_default();
        format!("{letter}{}{}{promo}", m.from(), m.to())
    }

    /// The SAN of a legal move, with minimal disambiguation, `+` for check
    /// and `#` for checkmate.
    pub fn san(&self, m: Move) -> String {
        let mut s = self.san_plain(m);
        let after = self.after(m);
        if after.is_check() {
            s.push(if after.has_legal_move() { '+' } else { '#' });
        }
        s
    }

    /// The SAN of a legal move without the check suffix.
    pub fn san_plain(&self, m: Move) -> String {
        let (from, to) = (m.from(), m.to());
        let Some(role) = self.role_at(from) else { return m.to_string() };
        let capture = self.board.piece_at(to).is_some();
        let rivals: Vec<Square> = self
            .legal_moves()
            .iter()
            .filter(|o| {
                o.to() == to
                    && o.from() != from
                    && o.promotion() == m.promotion()
                    && self.role_at(o.from()) == Some(role)
            })
            .map(|o| o.from())
            .collect();
        let same_file = rivals.iter().any(|r| r.file() == from.file());
        let same_rank = rivals.iter().any(|r| r.rank() == from.rank());
        let mut s = String::new();
        if role != Role::Pawn {
            s.push(role.char());
        }
        let pawn_capture = role == Role::Pawn && capture;
        if pawn_capture || (!rivals.is_empty() && (!same_file || same_rank)) {
            s.push(from.file_char());
        }
        if !rivals.is_empty() && same_file {
            s.push(from.rank_char());
        }
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
