//! The board widget. Orientation and highlights are parameters of the view;
//! the game model knows nothing about them.

use std::num::NonZeroU16;

use ratatui::buffer::{Buffer, CellDiffOption};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;
use wormhole::facts::{Facts, MarkKind};
use wormhole::rules::GameMove;
use wormhole::{AnyPosition, Bitboard, Color, Piece, Role, Roles, Rules, Square};

use crate::tui::figures::{self, Shape};
use crate::tui::highlights::Highlights;
use crate::tui::theme::StyleSheet;

/// Square sizes tried from the largest down: (columns, rows) per square,
/// about twice as wide as high so that squares look square.
const CELL_SIZES: [(u16, u16); 7] = [(15, 7), (13, 6), (11, 5), (9, 4), (7, 3), (5, 2), (3, 1)];
/// Columns taken by the rank labels on the left.
const LABEL_W: u16 = 2;

/// Where the board sits on screen and how big a square is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    pub x: u16,
    pub y: u16,
    pub cell_w: u16,
    pub cell_h: u16,
    pub flipped: bool,
}

impl Geometry {
    /// The size of the whole board (labels included) for a cell size.
    pub const fn size(cell: (u16, u16)) -> (u16, u16) {
        (LABEL_W + 8 * cell.0, 8 * cell.1 + 1)
    }

    /// The smallest board, labels included.
    pub const fn min_size() -> (u16, u16) {
        Geometry::size(CELL_SIZES[CELL_SIZES.len() - 1])
    }

    /// The largest board that fits in `area` (None if even the smallest does not).
    pub fn fit(area: Rect, flipped: bool) -> Option<Geometry> {
        CELL_SIZES.iter().find_map(|&cell| {
            let (w, h) = Geometry::size(cell);
            (w <= area.width && h <= area.height).then_some(Geometry {
                x: area.x,
                y: area.y,
                cell_w: cell.0,
                cell_h: cell.1,
                flipped,
            })
        })
    }

    pub fn area(&self) -> Rect {
        let (w, h) = Geometry::size((self.cell_w, self.cell_h));
        Rect::new(self.x, self.y, w, h)
    }

    /// Screen column and row (0..8, top-left first) of a square.
    fn grid(&self, sq: Square) -> (u16, u16) {
        let (f, r) = (sq.file() as u16, sq.rank() as u16);
        if self.flipped { (7 - f, r) } else { (f, 7 - r) }
    }

    /// The cells of one square.
    pub fn rect(&self, sq: Square) -> Rect {
        let (c, r) = self.grid(sq);
        Rect::new(self.x + LABEL_W + c * self.cell_w, self.y + r * self.cell_h, self.cell_w, self.cell_h)
    }

    /// The square under a screen position, if any.
    pub fn square_at(&self, col: u16, row: u16) -> Option<Square> {
        let cx = col.checked_sub(self.x + LABEL_W)? / self.cell_w;
        let cy = row.checked_sub(self.y)? / self.cell_h;
        if cx >= 8 || cy >= 8 {
            return None;
        }
        let (f, r) = if self.flipped { (7 - cx, cy) } else { (cx, 7 - cy) };
        Square::from_coords(f as u8, r as u8)
    }
}

/// What stands on each square of one board, for drawing: the pieces and
/// the game's marks ([`AnyPosition::marks`]), each kind drawn one way for
/// every game: holes, rings with their heights, discs of an owner (or
/// crossed out), pieces crossing from or to another board.
#[derive(Debug, Clone)]
pub struct Picture {
    pub pieces: [Option<Piece>; 64],
    /// The letters and names of the game's pieces.
    pub roles: Roles,
    pub holes: Bitboard,
    /// The height of the ring on each square (0: none).
    pub rings: [u8; 64],
    /// The discs of a player (`Some(owner)`) and the crossed ones
    /// (`None`), each on its square.
    pub discs: Vec<(Square, Option<Color>)>,
    /// Pieces that will leave the board from these squares (arrows).
    pub leaving: Bitboard,
    /// Pieces that will arrive, each on its square.
    pub arriving: Vec<(Square, Piece)>,
    /// Squares where a crossing failed (crosses).
    pub lost: Bitboard,
}

impl Picture {
    /// Board `board` of a position of any game.
    pub fn of(position: &AnyPosition, board: usize) -> Picture {
        let pieces = &position.boards()[board];
        let mut picture = Picture {
            pieces: std::array::from_fn(|i| pieces.piece_at(Square::new(i as u8))),
            roles: position.kind().role_names(),
            holes: Bitboard::EMPTY,
            rings: [0; 64],
            discs: Vec::new(),
            leaving: Bitboard::EMPTY,
            arriving: Vec::new(),
            lost: Bitboard::EMPTY,
        };
        for mark in position.marks().into_iter().filter(|m| m.board == board) {
            let sq = mark.square;
            match mark.kind {
                MarkKind::Hole => picture.holes |= Bitboard::from_square(sq),
                MarkKind::Ring { height } => picture.rings[sq.index()] = height,
                MarkKind::Disc(owner) => picture.discs.push((sq, Some(owner))),
                MarkKind::CrossedDisc => picture.discs.push((sq, None)),
                MarkKind::Arrow => picture.leaving |= Bitboard::from_square(sq),
                MarkKind::Arriving(piece) => picture.arriving.push((sq, piece)),
                MarkKind::Cross => picture.lost |= Bitboard::from_square(sq),
            }
        }
        picture
    }

    /// The piece that will arrive on `sq`, if any.
    fn arriving_at(&self, sq: Square) -> Option<Piece> {
        self.arriving.iter().find(|&&(s, _)| s == sq).map(|&(_, p)| p)
    }

    /// The disc on `sq`: `Some(Some(owner))`, `Some(None)` for a crossed
    /// one, `None` without one.
    pub fn disc_at(&self, sq: Square) -> Option<Option<Color>> {
        self.discs.iter().find(|&&(s, _)| s == sq).map(|&(_, owner)| owner)
    }
}

/// Draws a picture: squares, pieces, the game's marks, coordinates and
/// highlights (those of its board: [`Highlights::on`]).
pub struct BoardView<'a> {
    pub picture: Picture,
    pub geometry: Geometry,
    pub highlights: Highlights,
    pub theme: &'a StyleSheet,
}

impl BoardView<'_> {
    /// Board `board` of `position` with the marks on it.
    pub fn new<'a>(
        position: &AnyPosition,
        board: usize,
        geometry: Geometry,
        highlights: &Highlights,
        theme: &'a StyleSheet,
    ) -> BoardView<'a> {
        BoardView { picture: Picture::of(position, board), geometry, highlights: highlights.on(board), theme }
    }

    /// The style of the whole square, before the piece or mark on it.
    fn square_style(&self, sq: Square) -> Style {
        let t = self.theme;
        let hl = &self.highlights;
        if self.picture.holes.contains(sq) {
            // A hole looks like a hole at once, also the one just made.
            return t.hole;
        }
        let light = (sq.file() + sq.rank()) % 2 == 1;
        let occupied = self.picture.pieces[sq.index()].is_some();
        if hl.check.is_some_and(|(_, k)| k == sq) {
            t.check
        } else if hl.selected.contains(sq) {
            t.selected
        } else if hl.targets.contains(sq) && occupied {
            t.capture
        } else if hl.last_move.map(|m| m.to()) == Some(sq)
            || hl.last_also.contains(sq)
            || self.picture.leaving.contains(sq)
        {
            if light { t.last_to_light } else { t.last_to_dark }
        } else if light {
            t.light_square
        } else {
            t.dark_square
        }
    }

    fn draw_square(&self, sq: Square, buf: &mut Buffer) {
        let t = self.theme;
        let rect = self.geometry.rect(sq);
        let style = self.square_style(sq);
        self.fill_square(sq, rect, style, buf);
        let (cx, cy) = (rect.x + rect.width / 2, rect.y + rect.height / 2);
        let scale = figure_scale(t, rect);
        match self.picture.pieces[sq.index()] {
            Some(p) => self.draw_piece(p, rect, style, buf),
            None if self.highlights.targets.contains(sq) => {
                buf[(cx, cy)].set_char(t.target_char()).set_style(style.patch(t.target));
            }
            None if self.highlights.exits.contains(sq) => {
                buf[(cx, cy)].set_char(t.exit_char()).set_style(style.patch(t.exit));
            }
            None if let Some(p) = self.picture.arriving_at(sq) => {
                buf[(cx, cy)].set_char(t.piece_glyph(p, self.picture.roles)).set_style(style.patch(t.exit));
            }
            None if self.picture.rings[sq.index()] > 0 => match scale {
                Some(scale) => draw_figure(Shape::Ring, scale, false, rect, style.patch(t.ring), buf),
                None => {
                    buf[(cx, cy)].set_char(t.ring_char()).set_style(style.patch(t.ring));
                }
            },
            None if self.picture.holes.contains(sq) => {
                if let Some(scale) = scale {
                    draw_figure(Shape::Hole, scale, false, rect, style, buf);
                }
            }
            None => self.draw_empty_mark(sq, rect, style, buf),
        }
        // A piece that can be taken: the target mark in its corner too, so
        // that it shows without colour.
        let occupied = self.picture.pieces[sq.index()].is_some();
        if occupied && self.highlights.targets.contains(sq) && rect.width >= 5 {
            buf[(rect.left(), rect.top())].set_char(t.target_char()).set_style(style.patch(t.target));
        }
        self.draw_ring_marks(sq, rect, style, buf);
        self.draw_crossing_marks(sq, rect, style, buf);
        if let Some(owner) = self.picture.disc_at(sq)
            && (occupied || self.highlights.targets.contains(sq))
        {
            let corner = (rect.right() - 1, rect.top());
            buf[corner].set_char(t.disc_char(owner)).set_style(style.patch(t.disc_style(owner)));
        }
        if self.highlights.cursor == Some(sq) {
            buf[(rect.left(), cy)].set_char('[').set_style(t.cursor);
            buf[(rect.right() - 1, cy)].set_char(']').set_style(t.cursor);
        }
    }
}

impl BoardView<'_> {
    /// The square's background: the shade of a hole, dots on a dark square
    /// when colour cannot tell the squares apart, else blank.
    fn fill_square(&self, sq: Square, rect: Rect, style: Style, buf: &mut Buffer) {
        let t = self.theme;
        let hole = self.picture.holes.contains(sq);
        let dark = (sq.file() + sq.rank()).is_multiple_of(2);
        let rect = rect.intersection(buf.area);
        for y in rect.top()..rect.bottom() {
            let start = buf.index_of(rect.x, y);
            for (dx, cell) in buf.content[start..start + usize::from(rect.width)].iter_mut().enumerate() {
                let fill = match t.dark_square_dot() {
                    _ if hole => t.hole_char(),
                    Some(dot) if dark && dx % 2 == 1 => dot,
                    _ => ' ',
                };
                // A blank cell stays (a frame starts blank): setting a
                // symbol costs more than comparing one.
                if fill != ' ' || cell.symbol() != " " {
                    cell.set_char(fill);
                }
                cell.set_style(style);
            }
        }
    }

    /// A piece: its figure on a big square (a fairy piece named under it
    /// where there is room), else its glyph in the middle.
    fn draw_piece(&self, p: Piece, rect: Rect, style: Style, buf: &mut Buffer) {
        let t = self.theme;
        let piece = style.patch(t.piece_style(p.color));
        let (cx, cy) = (rect.x + rect.width / 2, rect.y + rect.height / 2);
        let figure = figure_scale(t, rect);
        match figure {
            Some(scale) => {
                let outline = t.outline_white && p.color == Color::White;
                draw_figure(Shape::Piece(p.role), scale, outline, rect, piece, buf);
            }
            None => {
                buf[(cx, cy)].set_char(t.piece_glyph(p, self.picture.roles)).set_style(piece);
            }
        }
        // The fairy pieces are new to most players: name them where there is room.
        if matches!(p.role, Role::Champion | Role::Wizard | Role::Lion) && rect.width >= 11 && rect.height >= 5 {
            let name = self.picture.roles.name(p.role);
            let y = if figure.is_some() { rect.bottom() - 1 } else { cy + 1 };
            buf.set_string(cx - name.len() as u16 / 2, y, name, piece);
        }
    }

    /// The mark on an empty square: a disc, as a figure on big squares (as
    /// rings are), else one character in the middle.
    fn draw_empty_mark(&self, sq: Square, rect: Rect, style: Style, buf: &mut Buffer) {
        let t = self.theme;
        let centre = (rect.x + rect.width / 2, rect.y + rect.height / 2);
        let scale = figure_scale(t, rect);
        let Some(owner) = self.picture.disc_at(sq) else { return };
        let (shape, c, mark) = (Shape::Disc(owner), t.disc_char(owner), t.disc_style(owner));
        match scale {
            Some(scale) => draw_figure(shape, scale, false, rect, style.patch(mark), buf),
            None => {
                buf[centre].set_char(c).set_style(style.patch(mark));
            }
        }
    }

    /// A crossing's marks in the top corners: the exit mark on the right
    /// where a piece will arrive (over a ring's), the arrow on the left of
    /// a piece that will leave, the cross on the left of the square of a
    /// lost one.
    fn draw_crossing_marks(&self, sq: Square, rect: Rect, style: Style, buf: &mut Buffer) {
        let (t, p) = (self.theme, &self.picture);
        let corner = (rect.right() - 1, rect.top());
        if p.arriving_at(sq).is_some() {
            buf[corner].set_char(t.exit_char()).set_style(style.patch(t.exit));
        }
        if p.leaving.contains(sq) {
            buf[(rect.left(), rect.top())].set_char(t.arrow_char()).set_style(style.patch(t.exit));
        } else if p.lost.contains(sq) {
            buf[(rect.left(), rect.top())].set_char(t.cross_char()).set_style(style.patch(t.exit));
        }
    }

    /// A ring's marks in the top-right corner, when something else takes
    /// the middle of its square (a piece, a target or exit mark): the ring
    /// mark (the exit mark on a piece the chosen one can come out on), and
    /// the height beside it when above one. An empty ring has its mark in
    /// the middle and its height in the corner. On the narrowest squares
    /// the corner holds the height alone.
    fn draw_ring_marks(&self, sq: Square, rect: Rect, style: Style, buf: &mut Buffer) {
        let (t, hl) = (self.theme, &self.highlights);
        let height = self.picture.rings[sq.index()];
        if height == 0 {
            return;
        }
        let occupied = self.picture.pieces[sq.index()].is_some();
        let covered = occupied || hl.targets.contains(sq) || hl.exits.contains(sq);
        let corner = (rect.right() - 1, rect.top());
        let digit = char::from_digit(u32::from(height.min(9)), 10).unwrap_or('+');
        let wide = rect.width >= 5;
        if covered && (height == 1 || wide) {
            let (mark, mark_style) =
                if occupied && hl.exits.contains(sq) { (t.exit_char(), t.exit) } else { (t.ring_char(), t.ring) };
            buf[corner].set_char(mark).set_style(style.patch(mark_style));
            if height > 1 {
                buf[(corner.0 - 1, corner.1)].set_char(digit).set_style(style.patch(t.ring));
            }
        } else if height > 1 {
            buf[corner].set_char(digit).set_style(style.patch(t.ring));
        }
    }
}

/// The scale figures are drawn at on `rect` (see [`figures::size`]): 2
/// where a double-size figure leaves the square's edges free, 1 on squares
/// of at least 7 x 3 cells, None (a one-character glyph) on smaller
/// squares or when the theme draws no figures.
fn figure_scale(theme: &StyleSheet, rect: Rect) -> Option<u16> {
    let fits = |scale| {
        let (w, h) = figures::size(scale);
        rect.width >= w + 4 && rect.height > h
    };
    if !theme.figures() || rect.width < 7 || rect.height < 3 {
        None
    } else if fits(2) {
        Some(2)
    } else {
        Some(1)
    }
}

/// Draws a figure centred across `rect`, from its top down (the last row
/// of a tall square stays free for a name).
fn draw_figure(shape: Shape, scale: u16, outline: bool, rect: Rect, style: Style, buf: &mut Buffer) {
    let (w, h) = figures::size(scale);
    let (x0, y0) = (rect.x + (rect.width - w) / 2, rect.y + (rect.height - h) / 2);
    for (dx, dy, c) in figures::cells(shape, scale, outline) {
        buf[(x0 + dx, y0 + dy)].set_char(c).set_style(style);
    }
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let g = self.geometry;
        if g.area().intersection(area) != g.area() {
            return;
        }
        for sq in Square::all() {
            self.draw_square(sq, buf);
        }
        one_column_each(g.area(), buf);
        let label = self.theme.accent;
        for i in 0..8u8 {
            let rank = if g.flipped { i } else { 7 - i };
            let y = g.y + i as u16 * g.cell_h + g.cell_h / 2;
            buf.set_string(g.x, y, format!("{:>1} ", rank + 1), label);
            let file = if g.flipped { 7 - i } else { i };
            let x = g.x + LABEL_W + i as u16 * g.cell_w + g.cell_w / 2;
            buf.set_string(x, g.y + 8 * g.cell_h, ((b'a' + file) as char).to_string(), label);
        }
    }
}

/// Tells the frame's diff that each glyph on the board takes one column,
/// so that it does not measure the width of every figure's block and
/// every mark again in every frame (it measures each non-ASCII cell's,
/// equal or not; that was a tenth of a frame the server draws for each
/// screen a move reaches). Every glyph the themes draw on a board is one
/// column wide: `every_glyph_on_a_board_is_one_column_wide` checks them.
fn one_column_each(area: Rect, buf: &mut Buffer) {
    let area = area.intersection(buf.area);
    for y in area.top()..area.bottom() {
        let start = buf.index_of(area.x, y);
        for cell in &mut buf.content[start..start + usize::from(area.width)] {
            if !cell.symbol().is_ascii() {
                cell.set_diff_option(CellDiffOption::ForcedWidth(NonZeroU16::MIN));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use wormhole::GameKind;

    use crate::tui::theme::{Display, PieceStyle, ThemeName};

    const SEED: &str = "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17";

    /// Draws a board at the smallest size and returns its buffer.
    fn draw(pos: &AnyPosition, hl: Highlights, flipped: bool, theme: &StyleSheet) -> (Buffer, Geometry) {
        let (w, h) = Geometry::min_size();
        let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
        let geometry = Geometry::fit(Rect::new(0, 0, w, h), flipped).unwrap();
        let view = BoardView { picture: Picture::of(pos, 0), geometry, highlights: hl, theme };
        term.draw(|f| f.render_widget(view, f.area())).unwrap();
        (term.backend().buffer().clone(), geometry)
    }

    fn rows(buf: &Buffer) -> Vec<String> {
        (0..buf.area.height)
            .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>())
            .collect()
    }

    fn cell(buf: &Buffer, g: &Geometry, sq: &str) -> ratatui::buffer::Cell {
        let r = g.rect(sq.parse().unwrap());
        buf[(r.x + r.width / 2, r.y + r.height / 2)].clone()
    }

    fn ascii() -> StyleSheet {
        StyleSheet::new(ThemeName::Dark, PieceStyle::Unicode, Display { unicode: false, ..Display::default() })
    }

    #[test]
    fn start_position_in_ascii_and_unicode() {
        let pos = AnyPosition::new(GameKind::Classic);
        let (buf, _) = draw(&pos, Highlights::default(), false, &ascii());
        let rows = rows(&buf);
        assert_eq!(rows[0], "8  r  n  b  q  k  b  n  r ");
        assert_eq!(rows[7], "1  R  N  B  Q  K  B  N  R ");
        assert_eq!(rows[4], "4                         ");
        assert_eq!(rows[8], "   a  b  c  d  e  f  g  h ");
        let (buf, _) = draw(&pos, Highlights::default(), true, &StyleSheet::default());
        let rows = self::rows(&buf);
        assert_eq!(rows[0], "1  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜ ", "flipped: White at the top");
        assert_eq!(rows[8], "   h  g  f  e  d  c  b  a ");
    }

    #[test]
    fn holes_are_drawn_as_holes_not_as_empty_squares() {
        let pos = AnyPosition::from_fen(GameKind::Classic, SEED).unwrap();
        let theme = StyleSheet::default();
        let (buf, g) = draw(&pos, Highlights::default(), false, &theme);
        let rows = rows(&buf);
        assert_eq!(rows[0], "8  ♜  ♝  ♚ ░░░░░░░░░ ♝  ♞ ");
        assert_eq!(rows[7], "1  ♜  ♝ ░░░░░░░░░ ♞  ♚  ♜ ");
        for sq in Square::all() {
            let hole = pos.mark_on(sq) == Some(MarkKind::Hole);
            let c = cell(&buf, &g, &sq.to_string());
            assert_eq!(c.symbol() == "░", hole, "{sq}");
            assert_eq!(c.bg == theme.hole.bg.unwrap(), hole, "{sq}");
        }
        let (buf, _) = draw(&pos, Highlights::default(), false, &ascii());
        assert_eq!(self::rows(&buf)[2], "6        q :::::: B       ");
    }

    #[test]
    fn the_new_hole_is_a_plain_hole_and_the_last_move_marks_its_target() {
        let mut pos = AnyPosition::from_fen(GameKind::Classic, "k7/2Q5/1K6/8/8/8/8/8 w 0").unwrap();
        let m = pos.parse_move("Qb7").unwrap();
        pos = pos.after(m).unwrap();
        assert!(pos.is_check());
        let theme = StyleSheet::default();
        let hl = Highlights {
            last_move: Some(m),
            check: pos.king(pos.turn()),
            selected: Bitboard::from_square("b6".parse().unwrap()),
            targets: Bitboard::from_square("c6".parse().unwrap()),
            exits: Bitboard::EMPTY,
            cursor: Some("a1".parse().unwrap()),
            board: 0,
            ..Highlights::default()
        };
        let (buf, g) = draw(&pos, hl, false, &theme);
        assert_eq!(cell(&buf, &g, "a8").bg, theme.check.bg.unwrap());
        assert_eq!(cell(&buf, &g, "a8").symbol(), "♚");
        assert_eq!(cell(&buf, &g, "b7").bg, theme.last_to_light.bg.unwrap());
        assert_eq!(cell(&buf, &g, "b7").symbol(), "♛");
        let c7 = cell(&buf, &g, "c7");
        assert_eq!((c7.symbol(), c7.bg, c7.fg), ("░", theme.hole.bg.unwrap(), theme.hole.fg.unwrap()), "just a hole");
        assert_eq!(cell(&buf, &g, "b6").bg, theme.selected.bg.unwrap());
        assert_eq!(cell(&buf, &g, "c6").symbol(), "●");
        assert_eq!(cell(&buf, &g, "c6").fg, theme.target.fg.unwrap());
        assert_eq!(rows(&buf)[7].chars().take(5).collect::<String>(), "1 [ ]");
    }

    #[test]
    fn fairy_pieces_have_glyphs_of_their_own_and_are_named_on_big_squares() {
        let pos = AnyPosition::new(GameKind::Fairy);
        let (buf, g) = draw(&pos, Highlights::default(), false, &StyleSheet::default());
        assert_eq!(cell(&buf, &g, "a1").symbol(), "▲");
        assert_eq!(cell(&buf, &g, "d8").symbol(), "■");
        let theme = StyleSheet::default();
        let (buf, geometry) = draw_at(&pos, Highlights::default(), &theme, (100, 50));
        assert_eq!((geometry.cell_w, geometry.cell_h), (11, 5));
        let text = rows(&buf).join("\n");
        for name in ["champion", "wizard", "lion"] {
            assert!(text.contains(name), "{name} missing:\n{text}");
        }
    }

    /// The cells of the square `sq` as text rows.
    fn square_rows(buf: &Buffer, g: &Geometry, sq: &str) -> Vec<String> {
        let r = g.rect(sq.parse().unwrap());
        (r.y..r.bottom()).map(|y| (r.x..r.right()).map(|x| buf[(x, y)].symbol()).collect()).collect()
    }

    #[test]
    fn big_squares_hold_figures_and_small_squares_one_glyph() {
        let pos = AnyPosition::new(GameKind::Classic);
        let theme = StyleSheet::default();
        // 9 x 4 squares: the 5 x 3 figure from the top, centred.
        let (buf, g) = draw_at(&pos, Highlights::default(), &theme, (80, 40));
        assert_eq!(square_rows(&buf, &g, "e2"), ["    ▄    ", "   ▝█▘   ", "  ▗▟█▙▖  ", "         "]);
        assert_eq!(square_rows(&buf, &g, "e1")[0], "   ▄█▄   ", "the king's cross");
        // 15 x 7 squares: the figure at double size.
        let (buf, g) = draw_at(&pos, Highlights::default(), &theme, (200, 60));
        assert_eq!((g.cell_w, g.cell_h), (15, 7));
        let rook = square_rows(&buf, &g, "a8");
        assert_eq!(rook[0], "    █ ██ █     ");
        assert_eq!(rook[5], "   ████████    ");
        let r = g.rect("a8".parse().unwrap());
        assert_eq!(buf[(r.x + 5, r.y + 1)].fg, theme.black_piece.fg.unwrap(), "in the side's colour");
        // Letters and ASCII keep one character whatever the size.
        let letters = StyleSheet::new(ThemeName::Dark, PieceStyle::Letters, Display::default());
        for theme in [letters, ascii()] {
            let (buf, g) = draw_at(&pos, Highlights::default(), &theme, (200, 60));
            let text = square_rows(&buf, &g, "a8").concat();
            assert_eq!(text.trim(), "r", "{text:?}");
        }
    }

    #[test]
    fn without_colour_dark_squares_are_dotted_and_white_figures_hollow() {
        let pos = AnyPosition::new(GameKind::Classic);
        let plain =
            StyleSheet::new(ThemeName::Dark, PieceStyle::Unicode, Display { color: false, ..Display::default() });
        let (buf, g) = draw_at(&pos, Highlights::default(), &plain, (80, 40));
        assert_eq!(square_rows(&buf, &g, "a3")[0], " · · · · ", "a3 is dark");
        assert_eq!(square_rows(&buf, &g, "b3")[0], "         ", "b3 is light");
        // The same figure, hollow for White: the rooks on a1 (dark) and h8 (dark).
        let (white, black) = (square_rows(&buf, &g, "a1"), square_rows(&buf, &g, "h8"));
        assert_ne!(white[1].replace('·', " "), black[1].replace('·', " "), "{white:?} {black:?}");
        let (buf, g) = draw_at(&pos, Highlights::default(), &plain, Geometry::min_size());
        assert_eq!(square_rows(&buf, &g, "a3"), [" · "]);
        let ascii_plain = StyleSheet::new(
            ThemeName::Dark,
            PieceStyle::Unicode,
            Display { color: false, unicode: false, ..Display::default() },
        );
        let (buf, g) = draw_at(&pos, Highlights::default(), &ascii_plain, Geometry::min_size());
        assert_eq!(square_rows(&buf, &g, "a3"), [" . "]);
        // With colour the squares speak for themselves.
        let (buf, g) = draw_at(&pos, Highlights::default(), &StyleSheet::default(), Geometry::min_size());
        assert_eq!(square_rows(&buf, &g, "a3"), ["   "]);
    }

    #[test]
    fn a_piece_that_can_be_taken_carries_the_target_mark_without_colour() {
        let pos = AnyPosition::new(GameKind::Classic);
        let d7: Square = "d7".parse().unwrap();
        let hl = Highlights { targets: Bitboard::from_square(d7), ..Highlights::default() };
        let geometry = Geometry::fit(Rect::new(0, 0, 80, 40), false).unwrap();
        let mut term = Terminal::new(TestBackend::new(80, 40)).unwrap();
        let theme =
            StyleSheet::new(ThemeName::Dark, PieceStyle::Unicode, Display { color: false, ..Display::default() });
        let view = BoardView { picture: Picture::of(&pos, 0), geometry, highlights: hl, theme: &theme };
        term.draw(|f| f.render_widget(view, f.area())).unwrap();
        let r = geometry.rect(d7);
        assert_eq!(term.backend().buffer()[(r.x, r.y)].symbol(), "●");
    }

    /// Every theme at every colour depth, without colour, and in ASCII.
    fn every_theme() -> Vec<StyleSheet> {
        use crate::tui::choice::Choice;
        use crate::tui::theme::ColorDepth;
        let mut themes = Vec::new();
        for &name in <ThemeName as Choice>::ALL {
            for depth in [ColorDepth::True, ColorDepth::Indexed256, ColorDepth::Basic16] {
                themes.push(StyleSheet::new(name, PieceStyle::Unicode, Display { depth, color: true, unicode: true }));
            }
            themes.push(StyleSheet::new(name, PieceStyle::Unicode, Display { color: false, ..Display::default() }));
            themes.push(StyleSheet::new(name, PieceStyle::Unicode, Display { unicode: false, ..Display::default() }));
        }
        themes
    }

    /// Draws `pos` at `size` with `theme`; returns the buffer and geometry.
    fn draw_at(pos: &AnyPosition, hl: Highlights, theme: &StyleSheet, size: (u16, u16)) -> (Buffer, Geometry) {
        let mut term = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
        let geometry = Geometry::fit(Rect::new(0, 0, size.0, size.1), false).unwrap();
        let view = BoardView { picture: Picture::of(pos, 0), geometry, highlights: hl, theme };
        term.draw(|f| f.render_widget(view, f.area())).unwrap();
        (term.backend().buffer().clone(), geometry)
    }

    #[test]
    fn every_glyph_on_a_board_is_one_column_wide() {
        use ratatui::buffer::CellWidth;
        let positions = [
            AnyPosition::from_fen(GameKind::Classic, SEED).unwrap(),
            AnyPosition::new(GameKind::Fairy),
            AnyPosition::from_fen(GameKind::Porthole, "6k1/8/8/7P/8/p7/4K3/8 w - - 0 1 h5,a3,c2*2,e2*2").unwrap(),
            AnyPosition::from_fen(GameKind::Linked, "4k3/8/8/P7/8/8/8/4K3 w - - 0 1 e4,a5").unwrap(),
            AnyPosition::new(GameKind::Twoboard),
        ];
        for theme in every_theme() {
            for pos in &positions {
                let marked = Highlights { last_move: pos.legal_moves().first().copied(), ..Highlights::default() };
                for size in [Geometry::min_size(), (120, 40), (200, 60)] {
                    let (buf, _) = draw_at(pos, marked, &theme, size);
                    for cell in buf.content.iter().filter(|c| !c.symbol().is_ascii()) {
                        let what = format!("{} {} {size:?}: {:?}", theme.name, pos.kind(), cell.symbol());
                        assert_eq!(cell.symbol().cell_width(), 1, "{what}");
                        assert_eq!(cell.diff_option, CellDiffOption::ForcedWidth(NonZeroU16::MIN), "{what}");
                    }
                }
            }
        }
    }

    #[test]
    fn portholes_are_marked_with_their_height_in_every_theme_without_colour_and_in_ascii() {
        // An empty stack of two on c2, the white king on a stack of two on
        // e2, a black pawn on a lone porthole on a3, an empty lone one on h5.
        let fen = "6k1/8/8/7P/8/p7/4K3/8 w - - 0 1 h5,a3,c2*2,e2*2";
        let pos = AnyPosition::from_fen(GameKind::Porthole, fen).unwrap();
        let sq = |s: &str| -> Square { s.parse().unwrap() };
        for theme in every_theme() {
            let what = format!("{} ascii {} outline {}", theme.name, theme.ascii, theme.outline_white);
            let mark = theme.ring_char().to_string();
            // The smallest squares (3 x 1): the mark in the middle of an
            // empty porthole, its height in the corner; under a piece, the
            // corner holds the mark, or the height for a stack.
            let (buf, g) = draw_at(&pos, Highlights::default(), &theme, Geometry::min_size());
            let at = |s: &str, right: bool| {
                let r = g.rect(sq(s));
                let x = if right { r.right() - 1 } else { r.x + r.width / 2 };
                (buf[(x, r.y + r.height / 2)].symbol().to_string(), buf[(x, r.y)].style())
            };
            assert_eq!(at("c2", false).0, mark, "{what}");
            assert_eq!(at("c2", true).0, "2", "{what}");
            assert_eq!(at("a3", true).0, mark, "{what}: a pawn on a porthole");
            assert_eq!(at("e2", true).0, "2", "{what}: a king on a stack of two");
            assert_eq!(at("d3", false).0, " ", "{what}: no porthole, no mark");
            // Marks stand out from the square by colour or by attribute.
            let style = at("c2", false).1;
            assert!(style.fg != style.bg || !style.add_modifier.is_empty(), "{what}: {style:?}");
            // Bigger squares show the mark and the height under a piece.
            let (buf, g) = draw_at(&pos, Highlights::default(), &theme, (80, 40));
            let r = g.rect(sq("e2"));
            let corner = |dx: u16| buf[(r.right() - 1 - dx, r.y)].symbol().to_string();
            assert_eq!((corner(0), corner(1)), (mark.clone(), "2".to_string()), "{what}");
        }
    }

    #[test]
    fn portals_are_marked_by_owner_and_frozen_ones_distinctly_in_every_theme() {
        // White's portal empty on e4, Black's under a white pawn on a5; then frozen on e5.
        let active = AnyPosition::from_fen(GameKind::Linked, "4k3/8/8/P7/8/8/8/4K3 w - - 0 1 e4,a5").unwrap();
        let frozen = AnyPosition::from_fen(GameKind::Linked, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 e5,e5").unwrap();
        // Black's portal empty on a5, a dark square.
        let black_on_dark = AnyPosition::from_fen(GameKind::Linked, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 e4,a5").unwrap();
        let sq = |s: &str| -> Square { s.parse().unwrap() };
        for theme in every_theme() {
            let what = format!("{} ascii {} outline {}", theme.name, theme.ascii, theme.outline_white);
            let marks = [Some(Color::White), Some(Color::Black), None].map(|o| theme.disc_char(o).to_string());
            assert!(marks[0] != marks[1] && marks[1] != marks[2] && marks[0] != marks[2], "{what}");
            // 80x24, 120x40 and 200x60 give squares of 5x2, 9x4 and 15x7.
            for size in [Geometry::min_size(), (80, 24), (120, 40), (200, 60)] {
                let (buf, g) = draw_at(&active, Highlights::default(), &theme, size);
                let r = g.rect(sq("a5"));
                assert_eq!(buf[(r.right() - 1, r.y)].symbol(), marks[1], "{what}: Black's portal under a pawn");
                let cases = [
                    (&active, "e4", Some(Color::White)),
                    (&frozen, "e5", None),
                    (&black_on_dark, "a5", Some(Color::Black)),
                ];
                for (pos, s, owner) in cases {
                    let (buf, g) = draw_at(pos, Highlights::default(), &theme, size);
                    let what = format!("{what} {size:?} {s}");
                    assert_portal(&buf, g.rect(sq(s)), &theme, owner, &what);
                }
            }
        }
    }

    /// The empty portal of `owner` on `rect`: its figure in its owner's
    /// style on a big square (standing out from the square), else its mark
    /// in the middle.
    fn assert_portal(buf: &Buffer, rect: Rect, theme: &StyleSheet, owner: Option<Color>, what: &str) {
        let style = theme.disc_style(owner);
        let Some(scale) = figure_scale(theme, rect) else {
            let cell = &buf[(rect.x + rect.width / 2, rect.y + rect.height / 2)];
            assert_eq!(cell.symbol(), theme.disc_char(owner).to_string(), "{what}");
            return;
        };
        let (w, h) = figures::size(scale);
        let (x0, y0) = (rect.x + (rect.width - w) / 2, rect.y + (rect.height - h) / 2);
        let cells = figures::cells(Shape::Disc(owner), scale, false);
        assert!(cells.len() >= 6, "{what}: a figure, not one character");
        for (dx, dy, c) in cells {
            let cell = &buf[(x0 + dx, y0 + dy)];
            assert_eq!(cell.symbol(), c.to_string(), "{what}");
            assert_eq!(cell.fg, style.fg.unwrap_or_default(), "{what}: in its owner's colour");
            let stands_out = style.fg.is_some_and(|fg| Some(fg) != Some(cell.bg)) || !cell.modifier.is_empty();
            assert!(stands_out, "{what}: {cell:?}");
        }
    }

    #[test]
    fn two_board_portals_intents_and_arrivals_are_marked_on_their_boards() {
        let theme = ascii();
        let (w, h) = Geometry::min_size();
        let geometry = Geometry::fit(Rect::new(0, 0, w, h), false).unwrap();
        let draw_board = |fen: &str, board: usize| {
            let pos = AnyPosition::from_fen(GameKind::Twoboard, fen).unwrap();
            let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
            let view = BoardView::new(&pos, board, geometry, &Highlights::of(&pos), &theme);
            term.draw(|f| f.render_widget(view, f.area())).unwrap();
            rows(term.backend().buffer())
        };
        // White's pawn on Aa5 intends to go to Ba5, where a black pawn stands.
        let fen = "rnbq1bnr/ppp2ppp/3pp3/P7/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/1pppppp1/7p/p7/8/6PP/PPPPPP2/RNBQ1BNR \
                   b B KQ|kq -|- wAa5 1 5";
        let (a, b) = (draw_board(fen, 0), draw_board(fen, 1));
        assert_eq!(a[3], "5 ^PO                   O ", "A: the pawn that leaves, on its portal; h5 empty");
        assert_eq!(a[4], "4  O                    O ", "A: the empty portals a4 and h4");
        assert_eq!(b[3], "5  p>                   O ", "B: where it arrives, under Black's pawn");
        // Example 1 of the rules: White's intent from Aa4 is blocked by his pawn on Ba4.
        let fen = "rnbq1bnr/pppp1ppp/8/4p3/P7/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/ppppppp1/8/7p/P7/8/1PPPPPPP/RNBQ1BNR \
                   b B KQ|kq -|a3 wAa4! 1 3";
        assert_eq!(draw_board(fen, 0)[4], "4 xPO                   O ", "A: the lost intent, where it was declared");
        assert_eq!(draw_board(fen, 1)[4], "4  PO                   O ", "B: the blocking pawn, no mark");
    }

    #[test]
    fn the_chosen_pieces_exits_are_marked() {
        let pos = AnyPosition::from_fen(GameKind::Porthole, "6k1/8/8/7P/8/p7/4K3/8 w - - 0 1 h5,a3,c2*2,e2*2").unwrap();
        let c2: Square = "c2".parse().unwrap();
        let hl = Highlights { exits: Bitboard::from_square(c2), ..Highlights::default() };
        for theme in [StyleSheet::default(), ascii()] {
            let (buf, g) = draw_at(&pos, hl, &theme, Geometry::min_size());
            let r = g.rect(c2);
            assert_eq!(buf[(r.x + 1, r.y)].symbol(), theme.exit_char().to_string());
            assert_eq!(buf[(r.right() - 1, r.y)].symbol(), "2", "the height stays");
        }
    }

    #[test]
    fn squares_grow_with_the_screen_and_stay_about_twice_as_wide_as_high() {
        let fit = |w, h| Geometry::fit(Rect::new(0, 0, w, h), false).map(|g| (g.cell_w, g.cell_h));
        assert_eq!(fit(120, 37), Some((9, 4)));
        assert_eq!(fit(200, 57), Some((15, 7)));
        assert_eq!(fit(1000, 1000), Some((15, 7)), "a sensible maximum");
        for (w, h) in CELL_SIZES {
            assert!((2 * h..=2 * h + 3).contains(&w), "{w}x{h}");
        }
    }

    #[test]
    fn geometry_maps_screen_cells_to_squares_both_ways() {
        let g = Geometry::fit(Rect::new(3, 2, 80, 40), true).unwrap();
        assert_eq!((g.cell_w, g.cell_h), (9, 4));
        for sq in Square::all() {
            let r = g.rect(sq);
            assert_eq!(g.square_at(r.x + r.width - 1, r.y + r.height - 1), Some(sq));
        }
        assert_eq!(g.square_at(0, 0), None);
        assert!(Geometry::fit(Rect::new(0, 0, 25, 9), false).is_none());
    }
}
