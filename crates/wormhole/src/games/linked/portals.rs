//! The two portals: where they stand, and whether they are active, frozen
//! or absent.

use std::fmt;

use crate::core::{Bitboard, Color, Square};

/// Where the players' portals stand (docs/linked.md#the-board-the-pieces-the-portals).
///
/// ```
/// use wormhole::linked::Portals;
/// let p: Portals = "e4,a5".parse().unwrap();
/// assert_eq!(p.cells().count(), 2);
/// assert_eq!(p.other_cell("e4".parse().unwrap()).to_string(), "a5");
/// assert_eq!("e5,e5".parse::<Portals>().unwrap(), Portals::Frozen("e5".parse().unwrap()));
/// assert_eq!(Portals::None.to_string(), "-");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Portals {
    /// No portals: orthodox chess.
    None,
    /// Both portals on different squares: together they form the joined square.
    Active {
        /// White's portal.
        white: Square,
        /// Black's portal.
        black: Square,
    },
    /// After a black hole both portals stand on this square and have no effect.
    Frozen(Square),
}

impl Portals {
    /// The portal cells of active portals (empty otherwise).
    #[inline]
    pub fn cells(self) -> Bitboard {
        match self {
            Portals::Active { white, black } => Bitboard::from_square(white) | Bitboard::from_square(black),
            _ => Bitboard::EMPTY,
        }
    }

    /// Whether the portals are active.
    #[inline]
    pub fn is_active(self) -> bool {
        matches!(self, Portals::Active { .. })
    }

    /// The square of `color`'s portal, active or frozen.
    #[inline]
    pub fn of(self, color: Color) -> Option<Square> {
        match (self, color) {
            (Portals::None, _) => None,
            (Portals::Active { white, .. }, Color::White) => Some(white),
            (Portals::Active { black, .. }, Color::Black) => Some(black),
            (Portals::Frozen(sq), _) => Some(sq),
        }
    }

    /// The other cell of active portals, seen from the cell `cell`.
    #[inline]
    pub fn other_cell(self, cell: Square) -> Square {
        match self {
            Portals::Active { white, black } if cell == white => black,
            Portals::Active { white, .. } => white,
            _ => cell,
        }
    }

    /// These portals with `color`'s portal moved to `to` (active portals).
    #[inline]
    pub(crate) fn with(self, color: Color, to: Square) -> Portals {
        match (self, color) {
            (Portals::Active { black, .. }, Color::White) => Portals::Active { white: to, black },
            (Portals::Active { white, .. }, Color::Black) => Portals::Active { white, black: to },
            (other, _) => other,
        }
    }
}

/// The FEN's portal field: `e4,a5`, `e5,e5` (frozen) or `-`.
impl fmt::Display for Portals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Portals::None => f.write_str("-"),
            Portals::Active { white, black } => write!(f, "{white},{black}"),
            Portals::Frozen(sq) => write!(f, "{sq},{sq}"),
        }
    }
}

/// The error for a portal field that is not `-` or two squares `W,B`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("portal field must be '-' or White's and Black's portal squares such as 'e4,a5', found '{}'", crate::core::excerpt::Excerpt(.0))]
pub struct ParsePortalsError(pub String);

impl std::str::FromStr for Portals {
    type Err = ParsePortalsError;
    fn from_str(s: &str) -> Result<Portals, ParsePortalsError> {
        if s == "-" {
            return Ok(Portals::None);
        }
        let err = || ParsePortalsError(s.to_string());
        let (w, b) = s.split_once(',').ok_or_else(err)?;
        let white: Square = w.parse().map_err(|_| err())?;
        let black: Square = b.parse().map_err(|_| err())?;
        Ok(if white == black { Portals::Frozen(white) } else { Portals::Active { white, black } })
    }
}
