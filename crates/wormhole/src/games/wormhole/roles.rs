//! The fairy roles of Wormhole chess (Champion, Wizard, Murray Lion), as
//! further constants on [`Role`], and the letters and names of every role
//! its FEN and notation read and write ([`ROLES`]). How each moves is in
//! [`attacks`](super::attacks); which set a game uses is its
//! [`Variant`](super::Variant).

use crate::core::{Role, RoleText, Roles};

// Named like the orthodox roles core names, so that matches read alike.
#[allow(non_upper_case_globals)]
impl Role {
    /// Champion, `C` (Wormhole chess's fairy set).
    pub const Champion: Role = Role::new(6);
    /// Wizard, `W` (Wormhole chess's fairy set).
    pub const Wizard: Role = Role::new(7);
    /// Murray Lion, `M` (Wormhole chess's fairy set).
    pub const Lion: Role = Role::new(8);
}

/// The letters and names of Wormhole chess's roles: the orthodox six and
/// the fairy three, whichever set a position plays (a FEN of one set that
/// names the other's piece is read, then refused with the set named).
///
/// ```
/// use wormhole::Role;
/// use wormhole::games::wormhole::ROLES;
/// assert_eq!(ROLES.from_letter('m'), Some(Role::Lion));
/// assert_eq!((ROLES.letter(Role::Champion), ROLES.name(Role::Wizard)), ('C', "wizard"));
/// assert_eq!(ROLES.letter(Role::Queen), 'Q');
/// ```
pub const ROLES: Roles = Roles::new(&ROLE_TEXT);

const ROLE_TEXT: [RoleText; Role::MAX] = {
    let fairy = [
        RoleText { role: Role::Champion, letter: 'C', name: "champion" },
        RoleText { role: Role::Wizard, letter: 'W', name: "wizard" },
        RoleText { role: Role::Lion, letter: 'M', name: "lion" },
    ];
    let orthodox = Roles::ORTHODOX.texts();
    let mut all = [fairy[0]; Role::MAX];
    let mut i = 0;
    while i < orthodox.len() {
        all[i] = orthodox[i];
        i += 1;
    }
    while i < Role::MAX {
        all[i] = fairy[i - orthodox.len()];
        i += 1;
    }
    all
};

/// Every role's value in the search's move order (by [`Role::index`]):
/// the orthodox values, and Wizard 4 as a rook, Champion 5, Lion 7 as a
/// queen.
pub(crate) const CAPTURE_ORDER: [i32; Role::MAX] = {
    let mut order = crate::engine::ORTHODOX_CAPTURE_ORDER;
    order[Role::Wizard.index()] = 4;
    order[Role::Champion.index()] = 5;
    order[Role::Lion.index()] = 7;
    order
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_is_at_its_index_with_a_letter_of_its_own() {
        for (i, text) in ROLES.iter().enumerate() {
            assert_eq!(text.role.index(), i);
            assert_eq!(ROLES.from_letter(text.letter), Some(text.role));
            assert_eq!(ROLES.from_name(text.name), Some(text.role));
        }
        assert_eq!(ROLES.iter().count(), Role::MAX);
    }
}
