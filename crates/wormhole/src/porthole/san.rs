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

use std::str::FromStr;

use super::movegen::CastlingObstacle;
use super::{CastlingSide, Move, MoveKind, Position};
use crate::{Role, Square};

pub use crate::MoveError;

/// What a move text says, before looking at a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveText {
    /// `O-O` or `O-O-O` (also with zeros).
    Castle(CastlingSide),
    /// Any other move.
    Piece(PieceText),
}

/// A written move of one piece: a normal move, or a porthole move when
/// `exit` is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceText {
    /// What is written up to the target, read as Wormhole chess reads a
    /// move (piece letter, origin, `x`, target, promotion); the target of a
    /// porthole move is its entry (`Bc2xe4` in `Bc2xe4>h5`).
    pub head: crate::san::MoveText,
    /// The exit of a porthole move.
    pub exit: Option<Square>,
}

fn castling_text(s: &str) -> Option<CastlingSide> {
    match s {
        "O-O" | "0-0" => Some(CastlingSide::King),
        "O-O-O" | "0-0-0" => Some(CastlingSide::Queen),
        _ => None,
    }
}

/// Reads the part before `>` (or a whole normal move) with the long-form
/// reader Wormhole chess uses, keeping to the orthodox piece letters.
fn piece_text(
    part: &str,
    exit: Option<Square>,
    err: &impl Fn(&'static str) -> MoveError,
) -> Result<PieceText, MoveError> {
    if part.starts_with("O-O") || part.starts_with("0-0") {
        return Err(err("castling does not go through a porthole"));
    }
    let t = crate::san::MoveText::from_str(part).map_err(|e| match e {
        MoveError::Syntax { reason, .. } => err(reason),
        other => other,
    })?;
    if t.role.is_some_and(|r| r.index() > Role::King.index()) {
        return Err(err("unknown piece letter"));
    }
    if exit.is_some() && t.promotion.is_some() {
        return Err(err("there is no promotion on a porthole move"));
    }
    Ok(PieceText { head: t, exit })
}

/// The coordinate form of a porthole move, `g1h1d4`.
fn porthole_coordinates(s: &str) -> Option<PieceText> {
    let b = s.as_bytes();
    if b.len() != 6 {
        return None;
    }
    let [from, to, exit] = [0, 2, 4].map(|i| Square::parse_prefix(&b[i..]));
    let (from, to, exit) = (from?, to?, exit?);
    let head = crate::san::MoveText {
        role: None,
        from_file: Some(from.file()),
        from_rank: Some(from.rank()),
        capture: false,
        to,
        promotion: None,
    };
    Some(PieceText { head, exit: Some(exit) })
}

impl FromStr for MoveText {
    type Err = MoveError;

    fn from_str(text: &str) -> Result<MoveText, MoveError> {
        let err = |reason| MoveError::Syntax { text: text.to_string(), reason };
        let s = text.trim().trim_end_matches(['+', '#', '!', '?']).replace('→', ">");
        if s.is_empty() {
            return Err(err("it is empty"));
        }
        if !s.is_ascii() {
            return Err(err("unexpected character"));
        }
        if let Some(side) = castling_text(&s) {
            return Ok(MoveText::Castle(side));
        }
        if let Some(t) = porthole_coordinates(&s) {
            return Ok(MoveText::Piece(t));
        }
        match s.split_once('>') {
            None => piece_text(&s, None, &err).map(MoveText::Piece),
            Some((_, right)) if right.contains('>') => Err(err("a porthole move has one '>'")),
            Some((left, right)) => {
                let exit = match (Square::parse_prefix(right.as_bytes()), right.get(2..)) {
                    (Some(exit), Some("")) => exit,
                    (Some(_), Some(rest)) if rest.starts_with('=') => {
                        return Err(err("there is no promotion on a porthole move"));
                    }
                    _ => return Err(err("expected an exit square after '>', such as c4")),
                };
                piece_text(left, Some(exit), &err).map(MoveText::Piece)
            }
        }
    }
}

impl Position {
    /// Finds the legal move `text` names, in SAN, a long form or coordinates.
    ///
    /// ```
    /// use wormhole::porthole::Position;
    /// let pos = Position::from_fen("6k1/5ppp/8/8/4n3/p7/2B2PPP/6K1 w - - 0 25 h5,e4,a3,c2").unwrap();
    /// let m = pos.parse_move("Bxe4>h5").unwrap();
    /// assert_eq!(pos.parse_move("Bc2xe4→h5").unwrap(), m);
    /// assert_eq!(pos.parse_move("c2e4h5").unwrap(), m);
    /// assert_eq!(pos.parse_move("Bxe4>a3").unwrap_err().to_string(), "a3 is occupied: a piece leaves only from an open porthole");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t: MoveText = text.parse()?;
        let fits = |m: &Move| self.text_fits(&t, *m);
        let candidates: Vec<Move> = self.legal_moves().iter().filter(fits).collect();
        match candidates.as_slice() {
            [m] => Ok(*m),
            [] => Err(match self.pseudo_legal_moves().iter().find(fits) {
                Some(m) => MoveError::LeavesKingAttacked(self.long_form(m)),
                None => MoveError::Unreachable(self.why_unreachable(&t)),
            }),
            many => Err(MoveError::Ambiguous(many.iter().map(|&m| self.san(m)).collect())),
        }
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

    fn why_unreachable(&self, t: &MoveText) -> String {
        let p = match t {
            MoveText::Castle(side) => return self.why_no_castling(*side),
            MoveText::Piece(p) => p,
        };
        let h = &p.head;
        if let Some(from) = h.from_square()
            && self.board.piece_at(from).is_none_or(|piece| piece.color != self.turn)
        {
            return format!("you have no piece on {from}");
        }
        let reason = match p.exit {
            Some(exit) => self.porthole_obstacle(h.to, exit),
            None => self.normal_obstacle(p),
        };
        if let Some(reason) = reason {
            return reason;
        }
        let verb = if p.exit.is_some() { "enter" } else { "reach" };
        if let Some(from) = h.from_square()
            && let Some(piece) = self.board.piece_at(from)
        {
            return format!("the {} on {from} cannot {verb} {}", piece.role.name(), h.to);
        }
        let name = h.role.map_or("pawn", Role::name);
        match (h.from_file, h.from_rank) {
            (Some(f), _) => format!("no {name} on the {}-file can {verb} {}", (b'a' + f) as char, h.to),
            (_, Some(r)) => format!("no {name} on rank {} can {verb} {}", r + 1, h.to),
            _ => format!("no {name} can {verb} {}", h.to),
        }
    }

    /// What is wrong with the entry and exit of a written porthole move, if
    /// anything is wrong with them alone.
    fn porthole_obstacle(&self, entry: Square, exit: Square) -> Option<String> {
        let own = |sq: Square| self.board.piece_at(sq).is_some_and(|p| p.color == self.turn);
        Some(if !self.tokens.contains(entry) {
            format!("{entry} is not a porthole")
        } else if own(entry) {
            format!("your own piece stands on {entry}: it cannot be entered")
        } else if exit == entry {
            format!("a piece cannot leave by the porthole it enters ({entry})")
        } else if !self.tokens.contains(exit) {
            format!("{exit} is not a porthole")
        } else if self.board.piece_at(exit).is_some() {
            format!("{exit} is occupied: a piece leaves only from an open porthole")
        } else {
            return None;
        })
    }

    /// What is wrong with the target of a written normal move, if anything
    /// is wrong with it alone.
    fn normal_obstacle(&self, p: &PieceText) -> Option<String> {
        let h = &p.head;
        if self.tokens.contains(h.to) {
            let through = |m: Move| MoveText::Piece(PieceText { exit: Some(m.to()), ..*p });
            let example =
                self.legal_moves().iter().find(|&m| m.entry() == Some(h.to) && self.text_fits(&through(m), m));
            return Some(match example {
                Some(m) => format!("{} is a porthole: name the exit, as in {}", h.to, self.san(m)),
                None => format!("{} is a porthole: a move onto it must go through it and name the exit", h.to),
            });
        }
        match h.promotion {
            Some(r) if !super::moves::PROMOTIONS.contains(&r) => {
                Some(format!("a pawn cannot promote to a {}: choose Q, R, B or N", r.name()))
            }
            Some(_) if h.to.rank() != self.turn.last_rank() => {
                Some(format!("a pawn promotes only on its last rank, and {} is not on it", h.to))
            }
            _ => None,
        }
    }

    fn why_no_castling(&self, side: CastlingSide) -> String {
        let head = format!("{} cannot castle {}", self.turn, side.name());
        if self.is_check() {
            return format!("{head} while in check");
        }
        match self.castling_obstacle(side, self.blockers().0) {
            Some(CastlingObstacle::NoRight) | None => format!("{head}: the right is lost"),
            Some(CastlingObstacle::Piece) => format!("{head}: a piece stands between king and rook"),
            Some(CastlingObstacle::Token) => format!("{head}: a porthole stands between king and rook"),
            Some(CastlingObstacle::Attacked(sq)) => format!("{head}: the king would cross {sq}, which is attacked"),
        }
    }

    /// The long form with piece letter, `Ng1f3`, `Bc2xe4>h5`, `e7e8=Q`,
    /// `O-O`, for any move whose origin holds a piece (legal or not).
    pub fn long_form(&self, m: Move) -> String {
        if let Some(side) = m.castling_side() {
            return side.san().to_string();
        }
        let letter = match self.role_at(m.from()) {
            Some(Role::Pawn) | None => String::new(),
            Some(r) => r.char().to_string(),
        };
        let x = if self.captured_by(m).is_some() { "x" } else { "" };
        format!("{letter}{}{x}{}", m.from(), self.san_tail(m))
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
        let from = m.from();
        let Some(role) = self.role_at(from) else { return m.to_string() };
        if let Some(side) = m.castling_side() {
            return side.san().to_string();
        }
        let capture = self.captured_by(m).is_some();
        let rivals: Vec<Square> = self
            .legal_moves()
            .iter()
            .filter(|o| {
                o.to() == m.to()
                    && o.entry() == m.entry()
                    && o.from() != from
                    && o.promotion() == m.promotion()
                    && self.role_at(o.from()) == Some(role)
            })
            .map(Move::from)
            .collect();
        let same_file = rivals.iter().any(|r| r.file() == from.file());
        let same_rank = rivals.iter().any(|r| r.rank() == from.rank());
        let mut s = String::new();
        if role != Role::Pawn {
            s.push(role.char());
        }
        let pawn_file = role == Role::Pawn && (capture || m.is_porthole());
        if pawn_file || (!rivals.is_empty() && (!same_file || same_rank)) {
            s.push(from.file_char());
        }
        if !rivals.is_empty() && same_file {
            s.push(from.rank_char());
        }
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
            Some(r) => format!("{target}={}", r.char()),
            None => target,
        }
    }
}
