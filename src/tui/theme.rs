//! Every colour and glyph the screen uses, in one [`StyleSheet`] built at
//! start-up from the chosen [`ThemeName`] and [`PieceStyle`] and from what
//! the terminal can show ([`Display`]: colour depth, `NO_COLOR`, UTF-8).

use ratatui::style::{Color as Tc, Modifier, Style};
use wormhole::analysis::Judgement;
use wormhole::{Color, Piece, Role, Roles};

use super::choice::{Choice, choice_text};

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

/// What the terminal can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Display {
    pub depth: ColorDepth,
    /// False when `NO_COLOR` is set (no-color.org): no colour at all.
    pub color: bool,
    /// False for plain ASCII (`--ascii`, or a locale that is not UTF-8).
    pub unicode: bool,
}

impl Default for Display {
    fn default() -> Display {
        Display { depth: ColorDepth::True, color: true, unicode: true }
    }
}

impl Display {
    /// Reads the environment; `ascii` forces plain ASCII.
    pub fn detect(ascii: bool) -> Display {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        let no_color = var("NO_COLOR").is_some();
        // The locale that decides the character set: LC_ALL, else LC_CTYPE, else LANG.
        let locale = var("LC_ALL").or_else(|| var("LC_CTYPE")).or_else(|| var("LANG")).unwrap_or_default();
        Display { depth: ColorDepth::detect(), color: !no_color, unicode: !ascii && is_utf8_locale(&locale) }
    }
}

/// Whether a locale name such as `en_US.UTF-8` or `C.utf8` uses UTF-8.
pub fn is_utf8_locale(locale: &str) -> bool {
    let l = locale.to_ascii_lowercase();
    l.contains("utf-8") || l.contains("utf8")
}

/// The colour schemes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ThemeName {
    /// Wooden board, light text colours: for dark terminals.
    #[default]
    Dark,
    /// The same board, darker text colours: for light terminals.
    Light,
    /// Black ink on white and grey squares, bold text in the terminal's own colour.
    HighContrast,
}

impl Choice for ThemeName {
    const ALL: &'static [ThemeName] = &[ThemeName::Dark, ThemeName::Light, ThemeName::HighContrast];
    const KIND: &'static str = "theme";

    fn name(self) -> &'static str {
        match self {
            ThemeName::Dark => "dark",
            ThemeName::Light => "light",
            ThemeName::HighContrast => "high-contrast",
        }
    }
}

choice_text!(ThemeName);

impl ThemeName {
    /// The next theme, for `:theme` with no name.
    pub fn next(self) -> ThemeName {
        let all = <ThemeName as Choice>::ALL;
        let i = all.iter().position(|&t| t == self).unwrap_or(0);
        all[(i + 1) % all.len()]
    }
}

/// How pieces are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PieceStyle {
    /// Chess symbols (♚ ♛ ♜ ♝ ♞ ♟), letters for the fairy pieces.
    #[default]
    Unicode,
    /// FEN letters: upper case White, lower case Black.
    Letters,
}

impl Choice for PieceStyle {
    const ALL: &'static [PieceStyle] = &[PieceStyle::Unicode, PieceStyle::Letters];
    const KIND: &'static str = "piece style";

    fn name(self) -> &'static str {
        match self {
            PieceStyle::Unicode => "unicode",
            PieceStyle::Letters => "letters",
        }
    }
}

choice_text!(PieceStyle);

/// One colour, as truecolor and as the nearest basic colour; the 256-colour
/// index is computed.
#[derive(Debug, Clone, Copy)]
struct Shade(u8, u8, u8, Tc);

impl Shade {
    fn at(self, depth: ColorDepth) -> Tc {
        let Shade(r, g, b, basic) = self;
        match depth {
            ColorDepth::True => Tc::Rgb(r, g, b),
            ColorDepth::Indexed256 => Tc::Indexed(xterm_index(r, g, b)),
            ColorDepth::Basic16 => basic,
        }
    }
}

/// The nearest colour of the xterm 256-colour palette (its 6x6x6 cube or its grey ramp).
fn xterm_index(r: u8, g: u8, b: u8) -> u8 {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let nearest = |v: u8| (0..6).min_by_key(|&i| (i32::from(LEVELS[i]) - i32::from(v)).abs()).unwrap_or(0);
    let (ri, gi, bi) = (nearest(r), nearest(g), nearest(b));
    let cube = (LEVELS[ri], LEVELS[gi], LEVELS[bi]);
    let dist = |c: (u8, u8, u8)| {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
        d(c.0, r) + d(c.1, g) + d(c.2, b)
    };
    let avg = (u16::from(r) + u16::from(g) + u16::from(b)) / 3;
    let grey_i = (avg.saturating_sub(8) / 10).min(23) as u8;
    let grey_v = 8 + 10 * grey_i;
    if dist((grey_v, grey_v, grey_v)) < dist(cube) {
        232 + grey_i
    } else {
        16 + 36 * ri as u8 + 6 * gi as u8 + bi as u8
    }
}

/// The colours of a scheme, before the depth picks how to say them.
struct Palette {
    light_square: Shade,
    dark_square: Shade,
    hole_bg: Shade,
    hole_fg: Shade,
    last_to_light: Shade,
    last_to_dark: Shade,
    check: Shade,
    selected: Shade,
    target: Shade,
    capture: Shade,
    cursor: Shade,
    white_piece: Shade,
    black_piece: Shade,
    /// A ring (Porthole chess's portholes, Two-board chess's portals), and
    /// an exit the chosen piece can leave by.
    ring: Shade,
    exit: Shade,
}

const WOOD: Palette = Palette {
    // Mid-tone wood: white and black pieces both stand out (contrast of
    // at least 3 to 1 on every square colour; see the tests).
    light_square: Shade(181, 136, 96, Tc::Yellow),
    dark_square: Shade(136, 92, 58, Tc::Green),
    hole_bg: Shade(14, 14, 18, Tc::Black),
    hole_fg: Shade(70, 70, 80, Tc::DarkGray),
    last_to_light: Shade(160, 142, 45, Tc::LightYellow),
    last_to_dark: Shade(140, 125, 35, Tc::LightYellow),
    check: Shade(220, 40, 40, Tc::LightRed),
    selected: Shade(60, 140, 175, Tc::LightCyan),
    target: Shade(200, 255, 170, Tc::Blue),
    capture: Shade(90, 150, 60, Tc::LightMagenta),
    cursor: Shade(80, 120, 220, Tc::LightBlue),
    white_piece: Shade(255, 255, 255, Tc::White),
    black_piece: Shade(0, 0, 0, Tc::Black),
    // Deep indigo: 3 to 1 or more on both squares in truecolour and as
    // the 256-colour palette gives it (dark purple, (50, 0, 95), became
    // (95, 0, 95) there, 2.3 to 1 on the dark square; see the tests).
    ring: Shade(30, 0, 70, Tc::Magenta),
    exit: Shade(255, 235, 140, Tc::LightRed),
};

/// White and grey squares, black ink for both sides (White drawn in
/// outline), pure colours for the marks.
const INK: Palette = Palette {
    light_square: Shade(255, 255, 255, Tc::White),
    dark_square: Shade(178, 178, 178, Tc::Gray),
    hole_bg: Shade(0, 0, 0, Tc::Black),
    hole_fg: Shade(110, 110, 110, Tc::DarkGray),
    last_to_light: Shade(255, 255, 0, Tc::LightYellow),
    last_to_dark: Shade(215, 215, 0, Tc::Yellow),
    check: Shade(255, 0, 0, Tc::LightRed),
    selected: Shade(0, 215, 255, Tc::LightCyan),
    target: Shade(0, 0, 215, Tc::Blue),
    capture: Shade(255, 95, 255, Tc::LightMagenta),
    cursor: Shade(0, 0, 255, Tc::Blue),
    white_piece: Shade(0, 0, 0, Tc::Black),
    black_piece: Shade(0, 0, 0, Tc::Black),
    ring: Shade(128, 0, 160, Tc::Magenta),
    exit: Shade(215, 0, 95, Tc::LightRed),
};

/// Glyphs and styles for everything drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StyleSheet {
    pub name: ThemeName,
    pub pieces: PieceStyle,
    /// Plain ASCII glyphs only.
    pub ascii: bool,
    /// White pieces drawn as outline symbols (when colour cannot tell the sides apart).
    pub outline_white: bool,
    /// Dark squares dotted (when colour cannot tell the squares apart).
    pub dotted_dark: bool,
    pub light_square: Style,
    pub dark_square: Style,
    /// A hole: the void under the board.
    pub hole: Style,
    /// Where the last move landed, on a light and on a dark square.
    pub last_to_light: Style,
    pub last_to_dark: Style,
    pub check: Style,
    /// The piece about to move.
    pub selected: Style,
    /// The dot on an empty legal target.
    pub target: Style,
    /// A legal target with a piece on it.
    pub capture: Style,
    /// The ring mark and its height ([`MarkKind::Ring`](wormhole::facts::MarkKind::Ring)).
    pub ring: Style,
    /// The mark of a ring the chosen piece can leave by, and of crossings.
    pub exit: Style,
    pub cursor: Style,
    pub white_piece: Style,
    pub black_piece: Style,
    /// Board labels, prompts, the spinner, help borders.
    pub accent: Style,
    /// Hints and secondary text.
    pub dim: Style,
    pub error: Style,
    pub info: Style,
    /// The game's end in the panel, the game-over border.
    pub result: Style,
    /// "check!" in the panel.
    pub check_text: Style,
    /// A clock under ten seconds.
    pub clock_low: Style,
    /// The review banner.
    pub banner: Style,
    /// The highlighted row of a list (the move shown, the field being set).
    pub current: Style,
    /// The review's marks of each judgement: ?! ? ??.
    pub inaccuracy: Style,
    pub mistake: Style,
    pub blunder: Style,
    /// The review's evaluation graph, and the viewed move on it.
    pub graph: Style,
    pub graph_marker: Style,
}

impl Default for StyleSheet {
    fn default() -> StyleSheet {
        StyleSheet::new(ThemeName::Dark, PieceStyle::Unicode, Display::default())
    }
}

impl StyleSheet {
    /// The theme `name` as the terminal `display` can show it.
    pub fn new(name: ThemeName, pieces: PieceStyle, display: Display) -> StyleSheet {
        let mut theme = match name {
            ThemeName::Dark | ThemeName::Light => StyleSheet::wood(name, display.depth),
            ThemeName::HighContrast => StyleSheet::ink(display.depth),
        };
        theme.pieces = pieces;
        theme.ascii = !display.unicode;
        if !display.color {
            theme = theme.without_colour();
        }
        theme
    }

    fn board(name: ThemeName, p: &Palette, depth: ColorDepth) -> StyleSheet {
        let bg = |s: Shade| Style::new().bg(s.at(depth));
        let fg = |s: Shade| Style::new().fg(s.at(depth));
        let bold = Style::new().add_modifier(Modifier::BOLD);
        StyleSheet {
            name,
            pieces: PieceStyle::Unicode,
            ascii: false,
            outline_white: false,
            dotted_dark: false,
            light_square: bg(p.light_square),
            dark_square: bg(p.dark_square),
            hole: bg(p.hole_bg).fg(p.hole_fg.at(depth)),
            last_to_light: bg(p.last_to_light),
            last_to_dark: bg(p.last_to_dark),
            check: bg(p.check),
            selected: bg(p.selected),
            target: fg(p.target),
            capture: bg(p.capture),
            ring: fg(p.ring).add_modifier(Modifier::BOLD),
            exit: fg(p.exit).add_modifier(Modifier::BOLD),
            cursor: fg(p.cursor).add_modifier(Modifier::BOLD),
            white_piece: fg(p.white_piece).add_modifier(Modifier::BOLD),
            black_piece: fg(p.black_piece).add_modifier(Modifier::BOLD),
            accent: bold,
            dim: Style::new(),
            error: bold,
            info: Style::new(),
            result: bold,
            check_text: bold,
            clock_low: bold,
            banner: Style::new().add_modifier(Modifier::REVERSED),
            current: Style::new().add_modifier(Modifier::REVERSED),
            // lichess's colours for ?! ? ??.
            inaccuracy: fg(Shade(86, 180, 233, Tc::LightBlue)).add_modifier(Modifier::BOLD),
            mistake: fg(Shade(230, 159, 0, Tc::Yellow)).add_modifier(Modifier::BOLD),
            blunder: fg(Shade(223, 83, 83, Tc::LightRed)).add_modifier(Modifier::BOLD),
            graph: Style::new(),
            graph_marker: fg(p.selected),
        }
    }

    /// The wooden board with text colours for a dark or a light terminal.
    fn wood(name: ThemeName, depth: ColorDepth) -> StyleSheet {
        let t = StyleSheet::board(name, &WOOD, depth);
        let fg = |s: Shade| Style::new().fg(s.at(depth));
        let banner =
            Style::new().bg(Shade(0, 0, 160, Tc::Blue).at(depth)).fg(Shade(255, 255, 255, Tc::White).at(depth));
        if name == ThemeName::Light {
            return StyleSheet {
                accent: fg(Shade(0, 70, 160, Tc::Blue)),
                dim: fg(Shade(88, 88, 88, Tc::DarkGray)),
                error: fg(Shade(190, 0, 0, Tc::Red)).add_modifier(Modifier::BOLD),
                info: fg(Shade(0, 110, 0, Tc::Green)),
                result: fg(Shade(120, 60, 0, Tc::Magenta)).add_modifier(Modifier::BOLD),
                check_text: fg(Shade(190, 0, 0, Tc::Red)).add_modifier(Modifier::BOLD),
                clock_low: fg(Shade(190, 0, 0, Tc::Red)).add_modifier(Modifier::BOLD),
                banner,
                ..t
            };
        }
        StyleSheet {
            accent: Style::new().fg(Tc::Cyan),
            dim: Style::new().fg(Tc::DarkGray),
            error: Style::new().fg(Tc::LightRed).add_modifier(Modifier::BOLD),
            info: Style::new().fg(Tc::LightGreen),
            result: Style::new().fg(Tc::Yellow).add_modifier(Modifier::BOLD),
            check_text: Style::new().fg(Tc::LightRed).add_modifier(Modifier::BOLD),
            clock_low: Style::new().fg(Tc::LightRed).add_modifier(Modifier::BOLD),
            banner,
            ..t
        }
    }

    /// Black ink on white and grey squares; text in the terminal's own
    /// colour, bold, so it reads on any background.
    fn ink(depth: ColorDepth) -> StyleSheet {
        let red = Style::new().fg(Shade(255, 0, 0, Tc::LightRed).at(depth)).add_modifier(Modifier::BOLD);
        StyleSheet {
            outline_white: true,
            error: red.add_modifier(Modifier::UNDERLINED),
            check_text: red,
            clock_low: red.add_modifier(Modifier::REVERSED),
            ..StyleSheet::board(ThemeName::HighContrast, &INK, depth)
        }
    }

    /// The same theme with every colour removed (`NO_COLOR`): marks become
    /// text attributes and White is drawn in outline.
    fn without_colour(self) -> StyleSheet {
        let plain = Style::new();
        let bold = plain.add_modifier(Modifier::BOLD);
        let reversed = plain.add_modifier(Modifier::REVERSED);
        StyleSheet {
            outline_white: true,
            dotted_dark: true,
            light_square: plain,
            dark_square: plain,
            hole: plain,
            last_to_light: plain.add_modifier(Modifier::UNDERLINED),
            last_to_dark: plain.add_modifier(Modifier::UNDERLINED),
            check: reversed.add_modifier(Modifier::BOLD),
            selected: reversed,
            target: bold,
            capture: plain.add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
            ring: bold,
            exit: bold.add_modifier(Modifier::UNDERLINED),
            cursor: bold,
            white_piece: bold,
            black_piece: bold,
            accent: bold,
            dim: plain,
            error: bold,
            info: plain,
            result: bold,
            check_text: bold,
            clock_low: reversed.add_modifier(Modifier::BOLD),
            banner: reversed,
            current: reversed,
            inaccuracy: bold,
            mistake: bold,
            blunder: bold.add_modifier(Modifier::UNDERLINED),
            graph: plain,
            graph_marker: bold,
            ..self
        }
    }

    /// The style of a judgement's mark in the review.
    pub fn judgement(&self, j: Judgement) -> Style {
        match j {
            Judgement::Inaccuracy => self.inaccuracy,
            Judgement::Mistake => self.mistake,
            Judgement::Blunder => self.blunder,
        }
    }

    pub fn piece_style(&self, color: Color) -> Style {
        match color {
            Color::White => self.white_piece,
            Color::Black => self.black_piece,
        }
    }

    /// Whether pieces, rings, discs and holes are drawn as figures on squares
    /// big enough (see [`figures`](super::figures)): not in ASCII or letter style.
    pub fn figures(&self) -> bool {
        !self.ascii && self.pieces == PieceStyle::Unicode
    }

    /// What dots a dark square (only without colour), every other column.
    pub fn dark_square_dot(&self) -> Option<char> {
        self.dotted_dark.then_some(if self.ascii { '.' } else { '·' })
    }

    /// The glyph of a piece. Chess symbols, and shapes of their own for the
    /// fairy pieces (White in outline when colour cannot tell the sides
    /// apart); every piece in letter style or ASCII by its FEN letter
    /// (upper case White, lower case Black).
    pub fn piece_glyph(&self, p: Piece, roles: Roles) -> char {
        if self.ascii || self.pieces == PieceStyle::Letters {
            return roles.piece_letter(p);
        }
        let outline = self.outline_white && p.color == Color::White;
        let (filled, hollow) = match p.role {
            Role::King => ('♚', '♔'),
            Role::Queen => ('♛', '♕'),
            Role::Rook => ('♜', '♖'),
            Role::Bishop => ('♝', '♗'),
            Role::Knight => ('♞', '♘'),
            Role::Pawn => ('♟', '♙'),
            Role::Champion => ('▲', '△'),
            Role::Wizard => ('★', '☆'),
            Role::Lion => ('■', '□'),
        };
        if outline { hollow } else { filled }
    }

    /// What fills a hole.
    pub fn hole_char(&self) -> char {
        if self.ascii { ':' } else { '░' }
    }

    /// The marker of an empty legal target.
    pub fn target_char(&self) -> char {
        if self.ascii { '*' } else { '●' }
    }

    /// The mark of a ring (Porthole chess's portholes, Two-board chess's
    /// portals): on its square, or in the corner when a piece stands on it.
    pub fn ring_char(&self) -> char {
        if self.ascii { 'O' } else { '◎' }
    }

    /// The mark of a disc of `owner` (Linked-portal chess's portals), or of
    /// a crossed one (`None`, frozen portals): each its own character, so
    /// that they show without colour.
    pub fn disc_char(&self, owner: Option<Color>) -> char {
        match (owner, self.ascii) {
            (Some(Color::White), false) => '○',
            (Some(Color::Black), false) => '◉',
            (None, false) => '⊗',
            (Some(Color::White), true) => 'o',
            (Some(Color::Black), true) => '@',
            (None, true) => '#',
        }
    }

    /// The style of a disc mark: its owner's piece colour, in bold (the
    /// ring style for a crossed one).
    pub fn disc_style(&self, owner: Option<Color>) -> Style {
        match owner {
            Some(color) => self.piece_style(color).add_modifier(Modifier::BOLD),
            None => self.ring,
        }
    }

    /// The arrow of a piece that will leave its board (a Two-board intent,
    /// as its SAN writes it).
    pub fn arrow_char(&self) -> char {
        '^'
    }

    /// The cross of a failed crossing (a lost Two-board intent: blocked, or its
    /// piece captured), where it was declared.
    pub fn cross_char(&self) -> char {
        if self.ascii { 'x' } else { '✗' }
    }

    /// The mark of a ring the chosen piece can come out of, and of a piece
    /// arriving from another board.
    pub fn exit_char(&self) -> char {
        if self.ascii { '>' } else { '◆' }
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

    /// The lines around dialogs and the help.
    pub fn border_set(&self) -> ratatui::symbols::border::Set<'static> {
        const ASCII: ratatui::symbols::border::Set<'static> = ratatui::symbols::border::Set {
            top_left: "+",
            top_right: "+",
            bottom_left: "+",
            bottom_right: "+",
            vertical_left: "|",
            vertical_right: "|",
            horizontal_top: "-",
            horizontal_bottom: "-",
        };
        if self.ascii { ASCII } else { ratatui::symbols::border::PLAIN }
    }

    /// The input line's cursor.
    pub fn input_cursor(&self) -> char {
        if self.ascii { '_' } else { '█' }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_themes() -> Vec<StyleSheet> {
        let mut v = Vec::new();
        for &name in <ThemeName as Choice>::ALL {
            for depth in [ColorDepth::True, ColorDepth::Indexed256, ColorDepth::Basic16] {
                v.push(StyleSheet::new(name, PieceStyle::Unicode, Display { depth, color: true, unicode: true }));
            }
        }
        v
    }

    #[test]
    fn every_theme_and_depth_keeps_holes_squares_and_marks_apart() {
        for t in all_themes() {
            let what = format!("{} {:?}", t.name, t.light_square.bg);
            let squares = [t.light_square.bg, t.dark_square.bg];
            assert_ne!(squares[0], squares[1], "{what}");
            assert!(!squares.contains(&t.hole.bg), "{what}");
            assert!(!squares.contains(&t.target.fg), "{what}: target dots must show on both squares");
            for mark in [t.check.bg, t.selected.bg, t.capture.bg, t.last_to_light.bg, t.last_to_dark.bg] {
                assert!(!squares.contains(&mark) && mark != t.hole.bg, "{what}: {mark:?}");
            }
            for piece in [t.white_piece.fg, t.black_piece.fg] {
                assert!(!squares.contains(&piece), "{what}: pieces must show on both squares");
            }
        }
    }

    /// The contrast ratio of two truecolor colours (WCAG 2: 1 to 21).
    fn contrast(a: Option<Tc>, b: Option<Tc>) -> f64 {
        let luminance = |c: Option<Tc>| {
            let Some(Tc::Rgb(r, g, b)) = c else { panic!("not a truecolor colour: {c:?}") };
            let lin = |v: u8| {
                let v = f64::from(v) / 255.0;
                if v <= 0.039_28 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
            };
            0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
        };
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    #[test]
    fn both_sides_stand_out_on_every_square_of_the_wood_board() {
        for name in [ThemeName::Dark, ThemeName::Light] {
            let t = StyleSheet::new(name, PieceStyle::Unicode, Display::default());
            let squares =
                [t.light_square, t.dark_square, t.last_to_light, t.last_to_dark, t.selected, t.capture, t.check];
            for (i, square) in squares.iter().enumerate() {
                for piece in [t.white_piece, t.black_piece] {
                    let c = contrast(piece.fg, square.bg);
                    assert!(c >= 2.9, "{name}: square style {i}, piece {:?}: contrast {c:.2}", piece.fg);
                }
            }
            let discs = [Some(Color::White), Some(Color::Black), None].map(|o| t.disc_style(o));
            for mark in [t.target, t.ring, t.exit].into_iter().chain(discs) {
                for square in [t.light_square, t.dark_square] {
                    let c = contrast(mark.fg, square.bg);
                    assert!(c >= 2.5, "{name}: mark {:?} on {:?}: contrast {c:.2}", mark.fg, square.bg);
                }
            }
        }
    }

    /// A colour as truecolour: a 256-colour index as the xterm palette shows it.
    fn as_rgb(c: Option<Tc>) -> Option<Tc> {
        let level = |i: u8| if i == 0 { 0 } else { 55 + 40 * i };
        match c {
            Some(Tc::Indexed(i @ 16..=231)) => {
                let i = i - 16;
                Some(Tc::Rgb(level(i / 36), level(i / 6 % 6), level(i % 6)))
            }
            Some(Tc::Indexed(i @ 232..=255)) => {
                Some(Tc::Rgb(8 + 10 * (i - 232), 8 + 10 * (i - 232), 8 + 10 * (i - 232)))
            }
            other => other,
        }
    }

    #[test]
    fn rings_stand_out_on_both_squares_in_truecolour_and_in_256_colours() {
        for name in <ThemeName as Choice>::ALL.iter().copied() {
            for depth in [ColorDepth::True, ColorDepth::Indexed256] {
                let t = StyleSheet::new(name, PieceStyle::Unicode, Display { depth, color: true, unicode: true });
                for square in [t.light_square, t.dark_square] {
                    let c = contrast(as_rgb(t.ring.fg), as_rgb(square.bg));
                    assert!(c >= 3.0, "{name} {depth:?}: ring {:?} on {:?}: contrast {c:.2}", t.ring.fg, square.bg);
                }
            }
        }
    }

    #[test]
    fn without_colour_the_sides_differ_by_glyph() {
        use wormhole::games::wormhole::ROLES;
        let plain =
            StyleSheet::new(ThemeName::Dark, PieceStyle::Unicode, Display { color: false, ..Display::default() });
        assert_eq!(plain.light_square, Style::new());
        let white = plain.piece_glyph(Piece { color: Color::White, role: Role::Knight }, ROLES);
        let black = plain.piece_glyph(Piece { color: Color::Black, role: Role::Knight }, ROLES);
        assert_eq!((white, black), ('♘', '♞'));
        let lion = |color| plain.piece_glyph(Piece { color, role: Role::Lion }, ROLES);
        assert_eq!((lion(Color::White), lion(Color::Black)), ('□', '■'));
        let ascii =
            StyleSheet::new(ThemeName::Light, PieceStyle::Unicode, Display { unicode: false, ..Display::default() });
        assert_eq!(ascii.piece_glyph(Piece { color: Color::Black, role: Role::Queen }, ROLES), 'q');
        assert_eq!(ascii.hole_char(), ':');
    }

    #[test]
    fn names_parse_and_cycle() {
        assert_eq!("high-contrast".parse::<ThemeName>(), Ok(ThemeName::HighContrast));
        assert!("neon".parse::<ThemeName>().unwrap_err().contains("expected dark, light or high-contrast"));
        assert_eq!(ThemeName::HighContrast.next(), ThemeName::Dark);
        assert_eq!("letters".parse::<PieceStyle>(), Ok(PieceStyle::Letters));
        assert!(is_utf8_locale("en_US.UTF-8") && is_utf8_locale("C.utf8") && !is_utf8_locale("C"));
    }

    #[test]
    fn xterm_indices_are_the_nearest_palette_colours() {
        assert_eq!(xterm_index(0, 0, 0), 16);
        assert_eq!(xterm_index(255, 255, 255), 231);
        assert_eq!(xterm_index(255, 0, 0), 196);
        assert_eq!(xterm_index(128, 128, 128), 244);
    }
}
