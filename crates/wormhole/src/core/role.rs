//! Piece kinds (their letters and names) and pieces (a kind with a colour).

use crate::Color;

/// A kind of piece: its letter and name. Which roles a game uses, and how
/// each moves, is the game's (Wormhole chess: the classic set K Q R B N P
/// or the fairy set K C W M N P; Porthole chess: K Q R B N P).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn, `P`.
    Pawn = 0,
    /// Knight, `N`.
    Knight = 1,
    /// Bishop, `B`.
    Bishop = 2,
    /// Rook, `R`.
    Rook = 3,
    /// Queen, `Q`.
    Queen = 4,
    /// King, `K`.
    King = 5,
    /// Champion, `C`.
    Champion = 6,
    /// Wizard, `W`.
    Wizard = 7,
    /// Murray Lion, `M`.
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
