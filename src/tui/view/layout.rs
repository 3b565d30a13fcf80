//! Where everything goes on a screen of a given size.

use ratatui::layout::Rect;

use super::board::Geometry;

/// Columns the side panel needs at least.
pub const PANEL_MIN_W: u16 = 30;
/// Rows of the input area under the board.
pub const INPUT_H: u16 = 3;
/// Columns between two boards side by side.
const GAP_W: u16 = 2;
/// Rows the side panel needs at least when it goes under the boards.
pub const PANEL_BELOW_MIN_H: u16 = 9;

/// The boards a game shows: how many, which one is shown alone when only
/// one fits, and whether they are seen from Black's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Boards {
    /// How many boards the game has (1 or 2).
    pub count: usize,
    /// The board shown when only one fits.
    pub alone: usize,
    pub flipped: bool,
    /// The panel needs the screen's height (the review's move list, live
    /// analysis' lines): it stays beside the boards, never under them.
    pub tall_panel: bool,
}

/// How several boards share the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrangement {
    /// One board, the game's only one.
    Single,
    /// Side by side, the first on the left.
    SideBySide,
    /// One above the other, the first on top.
    Stacked,
    /// Only one of them at a time (the terminal is too small for both).
    OneAtATime,
}

/// A board on screen: which of the position's boards, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub board: usize,
    pub geometry: Geometry,
    /// The row of its name above it (games of several boards).
    pub label: Option<Rect>,
}

/// The places of the boards, the panel and the input line.
#[derive(Debug, Clone)]
pub struct ScreenLayout {
    pub boards: Vec<Placed>,
    pub arrangement: Arrangement,
    pub panel: Rect,
    pub input: Rect,
}

impl ScreenLayout {
    /// Everything the boards take, labels included (dialogs centre on it).
    pub fn board_area(&self) -> Rect {
        self.boards.iter().fold(Rect::default(), |all, p| {
            let area = p.label.map_or(p.geometry.area(), |l| l.union(p.geometry.area()));
            if all.is_empty() { area } else { all.union(area) }
        })
    }

    /// The board and square under a screen position, if any.
    pub fn square_at(&self, col: u16, row: u16) -> Option<(usize, wormhole::Square)> {
        self.boards.iter().find_map(|p| p.geometry.square_at(col, row).map(|sq| (p.board, sq)))
    }
}

/// The smallest terminal the game fits in (one board at a time, with its
/// name above it, in a game of several boards).
pub fn min_size(boards: usize) -> (u16, u16) {
    let (bw, bh) = Geometry::min_size();
    let label = u16::from(boards > 1);
    (bw + 1 + PANEL_MIN_W, bh + label + INPUT_H)
}

/// The layout of a screen, or None if it is too small. Several boards go
/// side by side where they fit, else one above the other, else one at a
/// time ([`Boards::alone`]).
pub fn layout(area: Rect, boards: Boards) -> Option<ScreenLayout> {
    let (min_w, min_h) = min_size(boards.count);
    if area.width < min_w || area.height < min_h {
        return None;
    }
    let main = Rect::new(area.x, area.y, area.width, area.height - INPUT_H);
    let room = Rect::new(main.x, main.y, main.width.saturating_sub(PANEL_MIN_W + 1), main.height);
    let input = Rect::new(area.x, area.bottom() - INPUT_H, area.width, INPUT_H);
    if boards.count == 1 {
        let placed = vec![Placed { board: 0, geometry: Geometry::fit(room, boards.flipped)?, label: None }];
        return Some(ScreenLayout {
            panel: panel_beside(main, &placed),
            boards: placed,
            arrangement: Arrangement::Single,
            input,
        });
    }
    let (arrangement, placed) = place_several(room, boards)?;
    // Boards across the whole width with the panel under them, where
    // that gives bigger squares (two boards side by side on a wide
    // screen would leave most of its height empty).
    let below = Rect { height: main.height.saturating_sub(PANEL_BELOW_MIN_H), ..main };
    let across = if boards.tall_panel { None } else { place_several(below, boards) };
    if let Some((across, wide)) = across.filter(|(_, wide)| cell(wide) > cell(&placed)) {
        let bottom = wide.iter().map(|p| p.geometry.area().bottom()).max().unwrap_or(main.y);
        let panel = Rect::new(main.x, bottom, main.width, main.bottom().saturating_sub(bottom));
        return Some(ScreenLayout { boards: wide, arrangement: across, panel, input });
    }
    Some(ScreenLayout { panel: panel_beside(main, &placed), boards: placed, arrangement, input })
}

/// The panel right of the boards, down the whole of `main`.
fn panel_beside(main: Rect, placed: &[Placed]) -> Rect {
    let right = placed.iter().map(|p| p.geometry.area().right()).max().unwrap_or(main.x);
    Rect::new(right + 1, main.y, main.right().saturating_sub(right + 1), main.height)
}

/// The square size of placed boards (columns, rows), 0 without any.
fn cell(placed: &[Placed]) -> (u16, u16) {
    placed.first().map_or((0, 0), |p| (p.geometry.cell_w, p.geometry.cell_h))
}

/// Two boards in `room`, each under its name: side by side, stacked or
/// one at a time, the first that fits.
fn place_several(room: Rect, boards: Boards) -> Option<(Arrangement, Vec<Placed>)> {
    let labelled = |board: usize, x: u16, y: u16, w: u16, h: u16| {
        let geometry = Geometry::fit(Rect::new(x, y + 1, w, h.saturating_sub(1)), boards.flipped)?;
        let label = Rect::new(x, y, geometry.area().width, 1);
        Some(Placed { board, geometry, label: Some(label) })
    };
    let half_w = room.width.saturating_sub(GAP_W) / 2;
    if let Some(first) = labelled(0, room.x, room.y, half_w, room.height) {
        let x = first.geometry.area().right() + GAP_W;
        let second = labelled(1, x, room.y, half_w, room.height)?;
        return Some((Arrangement::SideBySide, vec![first, second]));
    }
    let half_h = room.height / 2;
    if let Some(first) = labelled(0, room.x, room.y, room.width, half_h) {
        let y = first.geometry.area().bottom();
        let second = labelled(1, room.x, y, room.width, half_h)?;
        return Some((Arrangement::Stacked, vec![first, second]));
    }
    let alone = labelled(boards.alone, room.x, room.y, room.width, room.height)?;
    Some((Arrangement::OneAtATime, vec![alone]))
}

/// A box centred in `area`.
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(area.x + (area.width - w) / 2, area.y + (area.height - h) / 2, w, h)
}
