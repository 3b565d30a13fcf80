//! The figures drawn on big squares: one bitmap per piece of both sets,
//! for the marks a game puts on a square (rings, holes, discs), in one
//! table ([`FIGURES`]).
//!
//! A bitmap is [`PIXELS_W`] x [`PIXELS_H`] pixels (`#` set). Drawn at scale
//! 1, a cell holds 2 x 2 pixels as a quadrant block character (U+2580 to
//! U+259F), so a figure takes 5 x 3 cells; at scale 2 a pixel is a whole
//! cell (10 x 6 cells). Colours are the theme's.

use std::sync::OnceLock;

use wormhole::{Color, Role};

/// Pixels across and down a figure.
pub const PIXELS_W: u16 = 10;
pub const PIXELS_H: u16 = 6;

/// What a figure shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Piece(Role),
    /// An empty ring (Porthole chess's portholes, Two-board chess's portals).
    Ring,
    /// A hole (Wormhole chess): the rim of a pit in the shaded square.
    Hole,
    /// An empty disc of its owner (Linked-portal chess's portals), or a
    /// crossed one (`None`, frozen portals): each its own shape, so that
    /// they show without colour.
    Disc(Option<Color>),
}

/// Every figure: a piece stands on a base, a ring is drawn around a
/// centre, a hole a wide open rim; White's disc an open ring, Black's a
/// full disc (it stands out on a dark square by its mass), a crossed one
/// a cross.
pub const FIGURES: [(Shape, [&str; PIXELS_H as usize]); 14] = [
    // King: a cross on a broad crown, the widest and heaviest figure, so
    // that it never reads as the pawn (a slim head on a base) at scale 1.
    (Shape::Piece(Role::King), ["....##....", "..######..", "....##....", ".########.", "..######..", ".########."]),
    // Queen: a crown of three points.
    (Shape::Piece(Role::Queen), [".#..##..#.", ".##.##.##.", "..######..", "...####...", "...####...", ".########."]),
    // Rook: a tower with battlements.
    (Shape::Piece(Role::Rook), ["..#.##.#..", "..######..", "...####...", "...####...", "..######..", ".########."]),
    // Bishop: a mitre with its slit.
    (Shape::Piece(Role::Bishop), ["....##....", "...##.#...", "...###....", "....##....", "...####...", ".########."]),
    // Knight: a horse's head looking left.
    (Shape::Piece(Role::Knight), ["....###...", "..######..", ".####.##..", ".....###..", "....####..", ".########."]),
    // Pawn: a round head on a short body.
    (Shape::Piece(Role::Pawn), ["..........", "....##....", "...####...", "....##....", "...####...", ".########."]),
    // Champion: a helmet with a visor.
    (
        Shape::Piece(Role::Champion),
        ["..#....#..", "..######..", "..#.##.#..", "...####...", "....##....", ".########."],
    ),
    // Wizard: a pointed hat with a brim.
    (Shape::Piece(Role::Wizard), [".....#....", "....###...", "...####...", "..######..", "##########", ".########."]),
    // Lion: a maned face.
    (Shape::Piece(Role::Lion), ["..#.##.#..", ".########.", ".##.##.##.", "..######..", "...#..#...", ".########."]),
    (Shape::Ring, ["...####...", ".##....##.", "##..##..##", "##..##..##", ".##....##.", "...####..."]),
    (Shape::Hole, ["..######..", ".#......#.", "#........#", "#........#", ".#......#.", "..######.."]),
    (
        Shape::Disc(Some(Color::White)),
        ["...####...", ".##....##.", "##......##", "##......##", ".##....##.", "...####..."],
    ),
    (
        Shape::Disc(Some(Color::Black)),
        ["...####...", ".########.", "##########", "##########", ".########.", "...####..."],
    ),
    (Shape::Disc(None), ["##......##", ".##....##.", "...####...", "...####...", ".##....##.", "##......##"]),
];

/// The quadrant characters by their set quarters: top left 1, top right
/// 2, bottom left 4, bottom right 8.
const QUADRANTS: [char; 16] = [' ', '▘', '▝', '▀', '▖', '▌', '▞', '▛', '▗', '▚', '▐', '▜', '▄', '▙', '▟', '█'];

/// The cells a figure takes at `scale` (1 or 2): (columns, rows).
pub const fn size(scale: u16) -> (u16, u16) {
    if scale >= 2 { (PIXELS_W, PIXELS_H) } else { (PIXELS_W / 2, PIXELS_H / 2) }
}

/// A figure's cells: `(column, row, char)`.
type Cells = Vec<(u16, u16, char)>;

/// The figure of `shape` as cells `(column, row, char)` from its top left
/// at `scale`; cells with no pixel are left out (the square shows through).
/// `outline` leaves out the pixels inside the shape (every neighbour set),
/// so that a White figure reads as hollow when colour cannot tell the sides apart.
/// Each is worked out once: every frame draws dozens.
pub fn cells(shape: Shape, scale: u16, outline: bool) -> &'static [(u16, u16, char)] {
    static DRAWN: OnceLock<Vec<Cells>> = OnceLock::new();
    let drawn = DRAWN.get_or_init(|| {
        let ways = [(1, false), (1, true), (2, false), (2, true)];
        FIGURES.iter().flat_map(|&(shape, _)| ways.map(|(scale, outline)| worked_out(shape, scale, outline))).collect()
    });
    let Some(i) = FIGURES.iter().position(|(s, _)| *s == shape) else { return &[] };
    &drawn[4 * i + 2 * usize::from(scale >= 2) + usize::from(outline)]
}

/// The cells of [`cells`], worked out from the bitmap.
fn worked_out(shape: Shape, scale: u16, outline: bool) -> Cells {
    let rows = FIGURES.iter().find(|(s, _)| *s == shape).map_or([""; PIXELS_H as usize], |(_, rows)| *rows);
    let set = |x: i32, y: i32| {
        let row = if (0..i32::from(PIXELS_H)).contains(&y) { rows[y as usize].as_bytes() } else { &[] };
        (0..row.len() as i32).contains(&x) && row[x as usize] == b'#'
    };
    let inside = |x: i32, y: i32| [(0, -1), (0, 1), (-1, 0), (1, 0)].iter().all(|(dx, dy)| set(x + dx, y + dy));
    let pixel = |x: u16, y: u16| {
        let (x, y) = (i32::from(x), i32::from(y));
        set(x, y) && !(outline && inside(x, y))
    };
    let mut out = Vec::new();
    if scale >= 2 {
        for y in 0..PIXELS_H {
            out.extend((0..PIXELS_W).filter(|&x| pixel(x, y)).map(|x| (x, y, '█')));
        }
        return out;
    }
    for row in 0..PIXELS_H / 2 {
        for col in 0..PIXELS_W / 2 {
            let (x, y) = (2 * col, 2 * row);
            let bits = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
                .iter()
                .enumerate()
                .fold(0, |bits, (i, &(px, py))| if pixel(px, py) { bits | 1 << i } else { bits });
            if bits != 0 {
                out.push((col, row, QUADRANTS[bits]));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The figure as text rows, for the tests.
    fn picture(shape: Shape, scale: u16, outline: bool) -> Vec<String> {
        let (w, h) = size(scale);
        let mut rows = vec![vec![' '; w as usize]; h as usize];
        for &(x, y, c) in cells(shape, scale, outline) {
            rows[y as usize][x as usize] = c;
        }
        rows.into_iter().map(|r| r.into_iter().collect()).collect()
    }

    #[test]
    fn every_figure_is_whole_and_its_own() {
        let mut seen = Vec::new();
        for (shape, rows) in FIGURES {
            assert!(rows.iter().all(|r| r.len() == PIXELS_W as usize && r.bytes().all(|b| b == b'#' || b == b'.')));
            let drawn = picture(shape, 1, false);
            assert!(!seen.contains(&drawn), "{shape:?} looks like another figure");
            seen.push(drawn);
        }
        for role in Role::SLOTS {
            assert!(FIGURES.iter().any(|(s, _)| *s == Shape::Piece(role)), "{role:?} has no figure");
        }
    }

    /// The king and the pawn, alike once, differ in most of their cells
    /// at scale 1 (a 120x40 terminal) and in many pixels at scale 2.
    #[test]
    fn the_king_and_the_pawn_differ_at_every_size() {
        let (king, pawn) = (Shape::Piece(Role::King), Shape::Piece(Role::Pawn));
        for (scale, least) in [(1, 8), (2, 16)] {
            let (k, p) = (picture(king, scale, false).concat(), picture(pawn, scale, false).concat());
            let differ = k.chars().zip(p.chars()).filter(|(a, b)| a != b).count();
            assert!(differ >= least, "scale {scale}: only {differ} cells differ");
        }
        assert_eq!(picture(king, 1, false), [" ▄█▄ ", "▗▄█▄▖", "▗███▖"]);
    }

    #[test]
    fn a_pawn_in_quadrants_and_at_double_size() {
        assert_eq!(picture(Shape::Piece(Role::Pawn), 1, false), ["  ▄  ", " ▝█▘ ", "▗▟█▙▖"]);
        let big = picture(Shape::Piece(Role::Pawn), 2, false);
        assert_eq!(big[2], "   ████   ");
        assert_eq!(big[5], " ████████ ");
        // In outline the inside pixels are left out: the figure differs.
        assert_ne!(picture(Shape::Piece(Role::Rook), 1, true), picture(Shape::Piece(Role::Rook), 1, false));
        assert_eq!(picture(Shape::Piece(Role::Rook), 2, true)[4], "  █    █  ");
    }
}
