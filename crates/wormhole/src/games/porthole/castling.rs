//! What stops a castling in Porthole chess (the rights and squares are
//! the orthodox games' own, `core::castling`).

use std::fmt;

use crate::core::Square;

/// What stops a castling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PortholeCastlingObstacle {
    /// The right is lost (or king or rook is not at home).
    NoRight,
    /// The king is in check.
    InCheck,
    /// A piece stands between king and rook.
    Piece,
    /// A token stands between king and rook (docs/porthole.md#moving, castling).
    Token,
    /// This square of the king's way is attacked.
    Attacked(Square),
}

impl fmt::Display for PortholeCastlingObstacle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PortholeCastlingObstacle::NoRight => f.write_str("the right is lost"),
            PortholeCastlingObstacle::InCheck => f.write_str("the king is in check"),
            PortholeCastlingObstacle::Piece => f.write_str("a piece stands between king and rook"),
            PortholeCastlingObstacle::Token => f.write_str("a porthole stands between king and rook"),
            PortholeCastlingObstacle::Attacked(sq) => write!(f, "the king would cross {sq}, which is attacked"),
        }
    }
}
