//! Colours and glyphs, chosen once at start-up from `--ascii` and what the
//! terminal says it supports (truecolor, 256 colours, or the basic 16).

use ratatui::style::Color as Tc;
use wormhole::{Color, Piece, Role};

/// How many colours the terminal can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorDepth {
    True,
    Indexed256,
    Basic16,
}

impl ColorDepth {
    /// Reads `COLORTERM` and `TERM` the way most terminal programs do.
    pub fn detect() -> ColorDepth {
        let colorterm = std::env::var("COLORTERM").unwrap_or_default();
        let term = std::env::var("TERM").unwrap_or_default();
        if colorterm.contains("truecolor") || colorterm.contains("24bit") {
            ColorDepth::True
        } else if term.contains("256") {
            ColorDepth::Indexed256
        } else {
            ColorDepth::Basic16
        }
    }
}

/// Glyphs and colours for everything drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub ascii: bool,
    pub depth: ColorDepth,
}

impl Default for Theme {
    fn default() -> Theme {
        Theme { ascii: false, depth: ColorDepth::True }
    }
}

/// The three ways to say a colour, picked by depth.
fn pick(depth: ColorDepth, rgb: (u8, u8, u8), indexed: u8, basic: Tc) -> Tc {
    match depth {
        ColorDepth::True => Tc::Rgb(rgb.0, rgb.1, rgb.2),
        ColorDepth::Indexed256 => Tc::Indexed(indexed),
        ColorDepth::Basic16 => basic,
    }
}

impl Theme {
    pub fn light_square(&self) -> Tc {
        pick(self.depth, (222, 196, 150), 180, Tc::Yellow)
    }
    pub fn dark_square(&self) -> Tc {
        pick(self.depth, (160, 112, 72), 137, Tc::Green)
    }
    /// A hole: the void under the board, near-black on any terminal background.
    pub fn hole_bg(&self) -> Tc {
        pick(self.depth, (14, 14, 18), 233, Tc::Black)
    }
    pub fn hole_fg(&self) -> Tc {
        pick(self.depth, (70, 70, 80), 238, Tc::DarkGray)
    }
    /// The square a piece left on the last move (now a hole).
    pub fn last_from_bg(&self) -> Tc {
        pick(self.depth, (84, 74, 20), 58, Tc::DarkGray)
    }
    /// Where the last move landed.
    pub fn last_to_light(&self) -> Tc {
        pick(self.depth, (236, 220, 110), 186, Tc::LightYellow)
    }
    pub fn last_to_dark(&self) -> Tc {
        pick(self.depth, (190, 166, 60), 143, Tc::LightYellow)
    }
    pub fn check_bg(&self) -> Tc {
        pick(self.depth, (220, 40, 40), 160, Tc::LightRed)
    }
    pub fn selected_bg(&self) -> Tc {
        pick(self.depth, (90, 170, 200), 74, Tc::LightCyan)
    }
    pub fn target_fg(&self) -> Tc {
        pick(self.depth, (30, 110, 40), 28, Tc::Blue)
    }
    pub fn capture_bg(&self) -> Tc {
        pick(self.depth, (120, 190, 90), 107, Tc::LightMagenta)
    }
    pub fn cursor_bg(&self) -> Tc {
        pick(self.depth, (80, 120, 220), 69, Tc::LightBlue)
    }
    pub fn piece_fg(&self, color: Color) -> Tc {
        match color {
            Color::White => pick(self.depth, (255, 255, 255), 231, Tc::White),
            Color::Black => pick(self.depth, (0, 0, 0), 16, Tc::Black),
        }
    }
    pub fn accent(&self) -> Tc {
        Tc::Cyan
    }

    /// The glyph of a piece: a filled chess symbol (letters for the fairy
    /// pieces, which have none), or the FEN letter in ASCII mode.
    pub fn piece_glyph(&self, p: Piece) -> char {
        if self.ascii {
            return p.char();
        }
        match p.role {
            Role::King => '♚',
            Role::Queen => '♛',
            Role::Rook => '♜',
            Role::Bishop => '♝',
            Role::Knight => '♞',
            Role::Pawn => '♟',
            Role::Champion | Role::Wizard | Role::Lion => p.role.char(),
        }
    }

    /// What fills a hole.
    pub fn hole_char(&self) -> char {
        if self.ascii { ':' } else { '░' }
    }

    /// The marker of an empty legal target.
    pub fn target_char(&self) -> char {
        if self.ascii { '*' } else { '●' }
    }

    pub fn spinner(&self, tick: usize) -> char {
        const UNI: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
        const ASCII: [char; 4] = ['|', '/', '-', '\\'];
        if self.ascii { ASCII[tick % ASCII.len()] } else { UNI[tick % UNI.len()] }
    }
}
