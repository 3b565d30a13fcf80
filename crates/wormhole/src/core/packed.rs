//! What every game's packed move shares: the origin in bits 0-5 and the
//! target in bits 6-11 of an integer (each game packs its own fields above
//! them), a promotion stored as its role's index plus one (0: none), and
//! the coordinate form's promotion letter (`e7e8q`). Also the orthodox
//! promotion set, the same in the three orthodox games.

use std::fmt;

use crate::core::{Role, Roles, Square};

/// The roles a pawn may promote to in the orthodox games, strongest first.
pub(crate) const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// The origin and target packed into bits 0-11.
#[inline(always)]
pub(crate) const fn squares(from: Square, to: Square) -> u32 {
    from.index() as u32 | (to.index() as u32) << 6
}

/// The origin packed by [`squares`].
#[inline(always)]
pub(crate) const fn from(bits: u32) -> Square {
    Square::new((bits & 63) as u8)
}

/// The target packed by [`squares`].
#[inline(always)]
pub(crate) const fn to(bits: u32) -> Square {
    Square::new((bits >> 6 & 63) as u8)
}

/// A promotion as a number: the role's index plus one, 0 for none.
#[inline(always)]
pub(crate) const fn promotion_code(promotion: Option<Role>) -> u32 {
    match promotion {
        Some(r) => r.index() as u32 + 1,
        None => 0,
    }
}

/// The promotion a [`promotion_code`] stands for.
#[inline(always)]
pub(crate) const fn promotion(code: u32) -> Option<Role> {
    match code {
        0 => None,
        i => Role::from_index(i as usize - 1),
    }
}

/// Writes the coordinate form's promotion letter, lower case (`q` of
/// `e7e8q`), if any, by the game's letters (`names`).
pub(crate) fn write_promotion(f: &mut fmt::Formatter<'_>, promotion: Option<Role>, names: Roles) -> fmt::Result {
    match promotion {
        Some(r) => write!(f, "{}", names.letter(r).to_ascii_lowercase()),
        None => Ok(()),
    }
}
