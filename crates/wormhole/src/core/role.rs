//! Piece kinds of both piece sets, and pieces (a kind with a colour).

use crate::Color;

/// A kind of piece. The classic set is K Q R B N P, the fairy set K C W M N P.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn, `P` (both sets): one square forward, two from its first rank,
    /// captures one square diagonally forward, promotes only by capturing.
    Pawn = 0,
    /// Knight, `N` (both sets): one orthogonal step, then one diagonal step
    /// continuing the same way.
    Knight = 1,
    /// Bishop, `B` (classic): the first or second square diagonally.
    Bishop = 2,
    /// Rook, `R` (classic): the first or second square orthogonally.
    Rook = 3,
    /// Queen, `Q` (classic): rook plus bishop.
    Queen = 4,
    /// King, `K` (both sets): the first square in each direction.
    King = 5,
    /// Champion, `C` (fairy): the second square in any direction, or the
    /// first orthogonally.
    Champion = 6,
    /// Wizard, `W` (fairy): the first square diagonally, or the second
    /// orthogonally then one diagonal step continuing the same way.
    Wizard = 7,
    /// Murray Lion, `M` (fairy): moves or captures to the second square in
    /// any direction; captures only on the first.
    Lion = 8,
}

impl Role {
    /// Every role, in index order.
    pub const ALL: [Role; 9] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Champion,
        Role::Wizard,
        Role::Lion,
    ];

    /// Index into per-role tables (`0..9`).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role with the given index, if any.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Role> {
        if i < 9 { Some(Role::ALL[i]) } else { None }
    }

    /// The upper-case letter used in SAN and (for White) in FEN.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
            Role::Champion => 'C',
            Role::Wizard => 'W',
            Role::Lion => 'M',
        }
    }

    /// Parses a piece letter of either case.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            'C' => Role::Champion,
            'W' => Role::Wizard,
            'M' => Role::Lion,
            _ => return None,
        })
    }

    /// The English name, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
            Role::Champion => "champion",
            Role::Wizard => "wizard",
            Role::Lion => "lion",
        }
    }

    /// How the piece moves, in one line (distances count only squares that
    /// are not holes).
    ///
    /// ```
    /// use wormhole::Role;
    /// assert_eq!(Role::King.movement(), "the 1st square in any direction");
    /// ```
    pub const fn movement(self) -> &'static str {
        match self {
            Role::Pawn => "1 forward, 2 from its start (no jumping); captures diagonally",
            Role::Knight => "1 step orthogonally, then 1 diagonally onward, jumping",
            Role::Bishop => "the 1st or 2nd square diagonally, jumping",
            Role::Rook => "the 1st or 2nd square orthogonally, jumping",
            Role::Queen => "the 1st or 2nd square in any direction, jumping",
            Role::King => "the 1st square in any direction",
            Role::Champion => "the 2nd square in any direction, or the 1st orthogonally",
            Role::Wizard => "the 1st diagonally, or the 2nd orthogonally then 1 diagonally on",
            Role::Lion => "the 2nd square in any direction; captures on the 1st too",
        }
    }
}

/// A piece on the board: a role and a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.char(),
            Color::Black => self.role.char().to_ascii_lowercase(),
        }
    }

    /// Parses a FEN letter (case gives the colour).
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece { color, role })
    }
}
