//! Where everything goes on a screen of a given size.

use ratatui::layout::Rect;

use super::board::Geometry;

/// Columns the side panel needs at least.
pub const PANEL_MIN_W: u16 = 30;
/// Rows of the input area under the board.
pub const INPUT_H: u16 = 3;

/// The places of the board, the panel and the input line.
#[derive(Debug, Clone, Copy)]
pub struct Screen {
    pub board: Geometry,
    pub panel: Rect,
    pub input: Rect,
}

/// The smallest terminal the game fits in.
pub fn min_size() -> (u16, u16) {
    let (bw, bh) = Geometry::min_size();
    (bw + 1 + PANEL_MIN_W, bh + INPUT_H)
}

/// The layout of a screen, or None if it is too small.
pub fn layout(area: Rect, flipped: bool) -> Option<Screen> {
    let (min_w, min_h) = min_size();
    if area.width < min_w || area.height < min_h {
        return None;
    }
    let main = Rect::new(area.x, area.y, area.width, area.height - INPUT_H);
    let room = Rect::new(main.x, main.y, main.width.saturating_sub(PANEL_MIN_W + 1), main.height);
    let board = Geometry::fit(room, flipped)?;
    let bw = board.area().width + 1;
    let panel = Rect::new(main.x + bw, main.y, main.width - bw, main.height);
    let input = Rect::new(area.x, area.bottom() - INPUT_H, area.width, INPUT_H);
    Some(Screen { board, panel, input })
}

/// A box centred in `area`.
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(area.x + (area.width - w) / 2, area.y + (area.height - h) / 2, w, h)
}
