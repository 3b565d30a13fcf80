//! The board widget. Orientation and highlights are parameters of the view;
//! the game model knows nothing about them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;
use wormhole::{Position, Square};

use crate::tui::state::Highlights;
use crate::tui::theme::Theme;

/// Square sizes tried from the largest down: (columns, rows) per square.
const CELL_SIZES: [(u16, u16); 4] = [(9, 4), (7, 3), (5, 2), (3, 1)];
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

/// Draws a position: squares, pieces, holes, coordinates and highlights.
pub struct BoardView<'a> {
    pub position: &'a Position,
    pub geometry: Geometry,
    pub highlights: Highlights,
    pub theme: &'a Theme,
}

impl BoardView<'_> {
    fn square_style(&self, sq: Square) -> (Style, char) {
        let t = self.theme;
        let board = self.position.board();
        let hl = &self.highlights;
        let light = (sq.file() + sq.rank()) % 2 == 1;
        let last_from = hl.last_move.map(|m| m.from()) == Some(sq);
        let last_to = hl.last_move.map(|m| m.to()) == Some(sq);
        if board.is_hole(sq) {
            let bg = if last_from { t.last_from_bg } else { t.hole_bg };
            return (Style::new().bg(bg).fg(t.hole_fg), t.hole_char());
        }
        let bg = if hl.check == Some(sq) {
            t.check_bg
        } else if hl.selected.contains(sq) {
            t.selected_bg
        } else if hl.targets.contains(sq) && board.piece_at(sq).is_some() {
            t.capture_bg
        } else if last_to {
            if light { t.last_to_light } else { t.last_to_dark }
        } else if light {
            t.light_square
        } else {
            t.dark_square
        };
        match board.piece_at(sq) {
            Some(p) => (Style::new().bg(bg).fg(t.piece_fg(p.color)).add_modifier(Modifier::BOLD), t.piece_glyph(p)),
            None if hl.targets.contains(sq) => (Style::new().bg(bg).fg(t.target_fg), t.target_char()),
            None => (Style::new().bg(bg), ' '),
        }
    }
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let g = self.geometry;
        if g.area().intersection(area) != g.area() {
            return;
        }
        let label = Style::new().fg(self.theme.accent);
        for sq in Square::all() {
            let rect = g.rect(sq);
            let (style, glyph) = self.square_style(sq);
            let hole = self.position.board().is_hole(sq);
            for y in rect.top()..rect.bottom() {
                for x in rect.left()..rect.right() {
                    let fill = if hole { glyph } else { ' ' };
                    buf[(x, y)].set_char(fill).set_style(style);
                }
            }
            let (cx, cy) = (rect.x + rect.width / 2, rect.y + rect.height / 2);
            if !hole {
                buf[(cx, cy)].set_char(glyph);
            }
            if self.highlights.cursor == Some(sq) {
                let s = Style::new().fg(self.theme.cursor).add_modifier(Modifier::BOLD);
                buf[(rect.left(), cy)].set_char('[').set_style(s);
                buf[(rect.right() - 1, cy)].set_char(']').set_style(s);
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use wormhole::{Bitboard, Variant};

    /// Draws a board at the smallest size and returns its text rows.
    fn draw(pos: &Position, hl: Highlights, flipped: bool, theme: &Theme) -> (Buffer, Geometry) {
        let (w, h) = Geometry::min_size();
        let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
        let geometry = Geometry::fit(Rect::new(0, 0, w, h), flipped).unwrap();
        term.draw(|f| f.render_widget(BoardView { position: pos, geometry, highlights: hl, theme }, f.area())).unwrap();
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

    #[test]
    fn start_position_in_ascii_and_unicode() {
        let pos = Position::new(Variant::Classic);
        let theme = Theme { ascii: true, ..Theme::default() };
        let (buf, _) = draw(&pos, Highlights::default(), false, &theme);
        let rows = rows(&buf);
        assert_eq!(rows[0], "8  r  n  b  q  k  b  n  r ");
        assert_eq!(rows[7], "1  R  N  B  Q  K  B  N  R ");
        assert_eq!(rows[4], "4                         ");
        assert_eq!(rows[8], "   a  b  c  d  e  f  g  h ");
        let (buf, _) = draw(&pos, Highlights::default(), true, &Theme::default());
        let rows = self::rows(&buf);
        assert_eq!(rows[0], "1  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜ ", "flipped: White at the top");
        assert_eq!(rows[8], "   h  g  f  e  d  c  b  a ");
    }

    #[test]
    fn holes_are_drawn_as_holes_not_as_empty_squares() {
        let fen = "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17";
        let pos = Position::from_fen(fen, Variant::Classic).unwrap();
        let theme = Theme::default();
        let (buf, g) = draw(&pos, Highlights::default(), false, &theme);
        let rows = rows(&buf);
        assert_eq!(rows[0], "8  ♜  ♝  ♚ ░░░░░░░░░ ♝  ♞ ");
        assert_eq!(rows[7], "1  ♜  ♝ ░░░░░░░░░ ♞  ♚  ♜ ");
        for sq in Square::all() {
            let hole = pos.board().is_hole(sq);
            let c = cell(&buf, &g, &sq.to_string());
            assert_eq!(c.symbol() == "░", hole, "{sq}");
            assert_eq!(c.bg == theme.hole_bg, hole, "{sq}");
        }
        let ascii = Theme { ascii: true, ..theme };
        let (buf, _) = draw(&pos, Highlights::default(), false, &ascii);
        assert_eq!(self::rows(&buf)[2], "6        q :::::: B       ");
    }

    #[test]
    fn last_move_check_targets_and_cursor_are_highlighted() {
        let mut pos = Position::from_fen("k7/2Q5/1K6/8/8/8/8/8 w 0", Variant::Classic).unwrap();
        let m = pos.parse_move("Qb7").unwrap();
        pos.play_unchecked(m);
        let last = Some(m);
        assert!(pos.is_check());
        let theme = Theme::default();
        let hl = Highlights {
            last_move: last,
            check: pos.board().king_of(pos.turn()),
            selected: Bitboard::from_square("b6".parse().unwrap()),
            targets: Bitboard::from_square("c6".parse().unwrap()),
            cursor: Some("a1".parse().unwrap()),
        };
        let (buf, g) = draw(&pos, hl, false, &theme);
        assert_eq!(cell(&buf, &g, "a8").bg, theme.check_bg);
        assert_eq!(cell(&buf, &g, "a8").symbol(), "♚");
        assert_eq!(cell(&buf, &g, "b7").bg, theme.last_to_light);
        assert_eq!(cell(&buf, &g, "b7").symbol(), "♛");
        assert_eq!(cell(&buf, &g, "c7").bg, theme.last_from_bg);
        assert_eq!(cell(&buf, &g, "c7").symbol(), "░", "the square left is a hole");
        assert_eq!(cell(&buf, &g, "b6").bg, theme.selected_bg);
        assert_eq!(cell(&buf, &g, "c6").symbol(), "●");
        assert_eq!(cell(&buf, &g, "c6").fg, theme.target_fg);
        assert_eq!(rows(&buf)[7].chars().take(5).collect::<String>(), "1 [ ]");
    }

    #[test]
    fn every_colour_depth_keeps_holes_squares_and_markers_apart() {
        use crate::tui::theme::ColorDepth;
        for depth in [ColorDepth::True, ColorDepth::Indexed256, ColorDepth::Basic16] {
            let t = Theme::dark(depth, false);
            let squares = [t.light_square, t.dark_square];
            assert!(!squares.contains(&t.hole_bg), "{depth:?}");
            assert!(!squares.contains(&t.target_fg), "{depth:?}: target dots must show on both squares");
            for marker in [t.check_bg, t.selected_bg, t.capture_bg, t.last_to_light, t.last_to_dark] {
                assert!(!squares.contains(&marker) && marker != t.hole_bg, "{depth:?}");
            }
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
