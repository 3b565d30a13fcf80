//! Every colour and glyph the screen uses, in one struct chosen at
//! start-up from the options and what the terminal supports (truecolor,
//! 256 colours, or the basic 16).

use ratatui::style::Color as Tc;
use wormhole::analysis::Judgement;
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

/// One colour said three ways; the depth picks one.
#[derive(Debug, Clone, Copy)]
struct Shade {
    rgb: (u8, u8, u8),
    indexed: u8,
    basic: Tc,
}

const fn shade(rgb: (u8, u8, u8), indexed: u8, basic: Tc) -> Shade {
    Shade { rgb, indexed, basic }
}

impl Shade {
    fn at(self, depth: ColorDepth) -> Tc {
        match depth {
            ColorDepth::True => Tc::Rgb(self.rgb.0, self.rgb.1, self.rgb.2),
            ColorDepth::Indexed256 => Tc::Indexed(self.indexed),
            ColorDepth::Basic16 => self.basic,
        }
    }
}

/// Glyphs and colours for everything drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// Plain ASCII glyphs only.
    pub ascii: bool,
    pub light_square: Tc,
    pub dark_square: Tc,
    /// A hole: the void under the board.
    pub hole_bg: Tc,
    pub hole_fg: Tc,
    /// The square a piece left on the last move (now a hole).
    pub last_from_bg: Tc,
    /// Where the last move landed, on a light and on a dark square.
    pub last_to_light: Tc,
    pub last_to_dark: Tc,
    pub check_bg: Tc,
    pub selected_bg: Tc,
    /// The dot on an empty legal target.
    pub target_fg: Tc,
    /// A legal target with a piece on it.
    pub capture_bg: Tc,
    pub cursor: Tc,
    pub white_piece: Tc,
    pub black_piece: Tc,
    /// Board labels, prompts, the spinner, help borders.
    pub accent: Tc,
    /// Hints and secondary text.
    pub dim: Tc,
    pub error: Tc,
    pub info: Tc,
    /// The game's end in the panel, the game-over border.
    pub result: Tc,
    /// "check!" in the panel.
    pub check_text: Tc,
    /// The review banner.
    pub banner_fg: Tc,
    pub banner_bg: Tc,
    /// The review's marks of each judgement: ?! ? ??.
    pub inaccuracy: Tc,
    pub mistake: Tc,
    pub blunder: Tc,
    /// The review's evaluation graph and the viewed move on it.
    pub graph: Tc,
    pub graph_marker: Tc,
}

impl Default for Theme {
    fn default() -> Theme {
        Theme::dark(ColorDepth::True, false)
    }
}

impl Theme {
    /// Warm wooden squares and near-black holes, for dark terminals.
    pub fn dark(depth: ColorDepth, ascii: bool) -> Theme {
        let c = |s: Shade| s.at(depth);
        Theme {
            ascii,
            light_square: c(shade((222, 196, 150), 180, Tc::Yellow)),
            dark_square: c(shade((160, 112, 72), 137, Tc::Green)),
            hole_bg: c(shade((14, 14, 18), 233, Tc::Black)),
            hole_fg: c(shade((70, 70, 80), 238, Tc::DarkGray)),
            last_from_bg: c(shade((84, 74, 20), 58, Tc::DarkGray)),
            last_to_light: c(shade((236, 220, 110), 186, Tc::LightYellow)),
            last_to_dark: c(shade((190, 166, 60), 143, Tc::LightYellow)),
            check_bg: c(shade((220, 40, 40), 160, Tc::LightRed)),
            selected_bg: c(shade((90, 170, 200), 74, Tc::LightCyan)),
            target_fg: c(shade((30, 110, 40), 28, Tc::Blue)),
            capture_bg: c(shade((120, 190, 90), 107, Tc::LightMagenta)),
            cursor: c(shade((80, 120, 220), 69, Tc::LightBlue)),
            white_piece: c(shade((255, 255, 255), 231, Tc::White)),
            black_piece: c(shade((0, 0, 0), 16, Tc::Black)),
            accent: Tc::Cyan,
            dim: Tc::DarkGray,
            error: Tc::LightRed,
            info: Tc::LightGreen,
            result: Tc::Yellow,
            check_text: Tc::LightRed,
            banner_fg: Tc::White,
            banner_bg: Tc::Blue,
            inaccuracy: c(shade((86, 180, 233), 74, Tc::LightBlue)),
            mistake: c(shade((230, 159, 0), 214, Tc::Yellow)),
            blunder: c(shade((223, 83, 83), 167, Tc::LightRed)),
            graph: Tc::White,
            graph_marker: Tc::Cyan,
        }
    }

    /// The colour of a judgement's mark in the review.
    pub fn judgement(&self, j: Judgement) -> Tc {
        match j {
            Judgement::Inaccuracy => self.inaccuracy,
            Judgement::Mistake => self.mistake,
            Judgement::Blunder => self.blunder,
        }
    }

    pub fn piece_fg(&self, color: Color) -> Tc {
        match color {
            Color::White => self.white_piece,
            Color::Black => self.black_piece,
        }
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

    /// The marker of the side to move in the panel.
    pub fn turn_marker(&self) -> &'static str {
        if self.ascii { "> " } else { "▶ " }
    }

    /// The input line's cursor.
    pub fn input_cursor(&self) -> char {
        if self.ascii { '_' } else { '█' }
    }
}
