//! Piece kinds and pieces. Core names the six orthodox roles and their
//! letters and names ([`Roles::ORTHODOX`]); a game with more roles names
//! them in its own folder (Wormhole chess's fairy set: Champion, Wizard and
//! Lion in `games/wormhole/roles.rs`), with its own [`Roles`] table of
//! letters and names that its FEN and notation read and write.

use std::fmt;

use crate::core::Color;

/// A kind of piece, as an index into per-role tables (`0..Role::MAX`).
/// How a role moves, and its letter and name, are the game's: core names
/// the orthodox six as constants (`Role::Pawn` ... `Role::King`, usable in
/// patterns); a game adds its own the same way in its folder.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Role(RoleIndex);

/// The index of a role, as an enum so that `Option<Role>` stays one byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
enum RoleIndex {
    S0,
    S1,
    S2,
    S3,
    S4,
    S5,
    S6,
    S7,
    S8,
}

// Named like the enum variants they replaced, so that matches read as before.
#[allow(non_upper_case_globals)]
impl Role {
    /// Pawn (index 0).
    pub const Pawn: Role = Role(RoleIndex::S0);
    /// Knight (index 1).
    pub const Knight: Role = Role(RoleIndex::S1);
    /// Bishop (index 2).
    pub const Bishop: Role = Role(RoleIndex::S2);
    /// Rook (index 3).
    pub const Rook: Role = Role(RoleIndex::S3);
    /// Queen (index 4).
    pub const Queen: Role = Role(RoleIndex::S4);
    /// King (index 5).
    pub const King: Role = Role(RoleIndex::S5);
}

impl Role {
    /// How many roles per-role tables have room for: the orthodox six and
    /// three a game may add.
    pub const MAX: usize = 9;

    /// Every index a per-role table has, in order (roles no game on the
    /// board uses count nothing).
    pub const SLOTS: [Role; Role::MAX] = [
        Role(RoleIndex::S0),
        Role(RoleIndex::S1),
        Role(RoleIndex::S2),
        Role(RoleIndex::S3),
        Role(RoleIndex::S4),
        Role(RoleIndex::S5),
        Role(RoleIndex::S6),
        Role(RoleIndex::S7),
        Role(RoleIndex::S8),
    ];

    /// The six orthodox roles, pawn first.
    pub const ORTHODOX: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// Index into per-role tables (`0..Role::MAX`).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The role with the given index, if any (`i < Role::MAX`).
    #[inline]
    pub const fn from_index(i: usize) -> Option<Role> {
        if i < Role::MAX { Some(Role::SLOTS[i]) } else { None }
    }

    /// The role of index `i`, for a game naming its own roles as
    /// constants (`i` must be below [`Role::MAX`], checked when the
    /// constant is evaluated).
    pub(crate) const fn new(i: usize) -> Role {
        Role::SLOTS[i]
    }
}

/// A role prints as its orthodox name where it has one, else its index.
impl fmt::Debug for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match Roles::ORTHODOX.find(*self) {
            Some(text) => f.write_str(text.name),
            None => write!(f, "Role({})", self.index()),
        }
    }
}

/// A role's letter and name, as a game writes and reads them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoleText {
    /// The role.
    pub role: Role,
    /// Its upper-case letter in FEN (White's; Black's is lower case) and SAN.
    pub letter: char,
    /// Its English name, lower case.
    pub name: &'static str,
}

/// The letters and names of the roles one game's pieces may have: what its
/// FEN and notation read and write, and what the app shows.
///
/// ```
/// use wormhole::{Color, Piece, Role, Roles};
/// assert_eq!(Roles::ORTHODOX.letter(Role::Knight), 'N');
/// assert_eq!(Roles::ORTHODOX.from_letter('q'), Some(Role::Queen));
/// assert_eq!(Roles::ORTHODOX.from_letter('C'), None);
/// let piece = Roles::ORTHODOX.piece_from_letter('k').unwrap();
/// assert_eq!(piece, Piece { color: Color::Black, role: Role::King });
/// assert_eq!(Roles::ORTHODOX.piece_letter(piece), 'k');
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Roles(&'static [RoleText]);

impl Roles {
    /// The orthodox six: P N B R Q K.
    pub const ORTHODOX: Roles = Roles(&ORTHODOX_TEXT);

    /// A game's table of letters and names.
    pub const fn new(texts: &'static [RoleText]) -> Roles {
        Roles(texts)
    }

    /// The table itself.
    pub const fn texts(self) -> &'static [RoleText] {
        self.0
    }

    /// Every role of the table, with its letter and name.
    pub fn iter(self) -> impl Iterator<Item = RoleText> {
        self.0.iter().copied()
    }

    fn find(self, role: Role) -> Option<RoleText> {
        self.0.iter().find(|t| t.role == role).copied()
    }

    /// The upper-case letter of `role`; `?` for a role the game has not.
    pub fn letter(self, role: Role) -> char {
        self.find(role).map_or('?', |t| t.letter)
    }

    /// The name of `role`, lower case; `piece` for a role the game has not.
    pub fn name(self, role: Role) -> &'static str {
        self.find(role).map_or("piece", |t| t.name)
    }

    /// The role of a letter of either case, if the game has one.
    pub fn from_letter(self, c: char) -> Option<Role> {
        let c = c.to_ascii_uppercase();
        self.0.iter().find(|t| t.letter == c).map(|t| t.role)
    }

    /// The role of a lower-case name (`knight`), if the game has one.
    pub fn from_name(self, name: &str) -> Option<Role> {
        self.0.iter().find(|t| t.name == name).map(|t| t.role)
    }

    /// The FEN letter of a piece: upper case for White, lower case for Black.
    pub fn piece_letter(self, piece: Piece) -> char {
        let c = self.letter(piece.role);
        match piece.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a FEN letter (its case gives the colour), if the game
    /// has its role.
    pub fn piece_from_letter(self, c: char) -> Option<Piece> {
        let role = self.from_letter(c)?;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece { color, role })
    }
}

const ORTHODOX_TEXT: [RoleText; 6] = [
    RoleText { role: Role::Pawn, letter: 'P', name: "pawn" },
    RoleText { role: Role::Knight, letter: 'N', name: "knight" },
    RoleText { role: Role::Bishop, letter: 'B', name: "bishop" },
    RoleText { role: Role::Rook, letter: 'R', name: "rook" },
    RoleText { role: Role::Queen, letter: 'Q', name: "queen" },
    RoleText { role: Role::King, letter: 'K', name: "king" },
];

/// A piece on the board: a role and a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece.
    pub role: Role,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_role_is_one_byte_and_so_is_an_absent_one() {
        // The board keeps an `Option<Piece>` per square: keep it two bytes.
        assert_eq!(std::mem::size_of::<Option<Role>>(), 1);
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 2);
    }

    #[test]
    fn the_orthodox_roles_are_at_their_indices_with_their_letters() {
        for (i, text) in Roles::ORTHODOX.iter().enumerate() {
            assert_eq!((text.role, Role::from_index(i)), (Role::ORTHODOX[i], Some(text.role)));
            assert_eq!(Roles::ORTHODOX.from_letter(text.letter.to_ascii_lowercase()), Some(text.role));
        }
        assert_eq!(Role::from_index(Role::MAX), None);
        assert_eq!(Roles::ORTHODOX.letter(Role::new(6)), '?', "a role the game has not");
        assert_eq!(format!("{:?} {:?}", Role::Knight, Role::new(7)), "knight Role(7)");
    }
}
