//! Lines of text one to a row, each cut at the area's right edge: what
//! ratatui's `Paragraph` draws without wrapping, at a fraction of its cost.
//! The server draws a frame for every screen a move reaches, and the
//! panel's lines were a third of a frame: a `Paragraph` splits every line
//! into graphemes (a vector of them) before it places a cell, where plain
//! ASCII text needs neither (`wormhole bench --draw` measures a frame).

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::Widget;

/// Lines drawn one to a row from the area's top, as many as fit.
pub struct Rows<'a>(pub Vec<Line<'a>>);

impl Widget for Rows<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        for (line, y) in self.0.iter().zip(area.top()..area.bottom()) {
            put(buf, line, Rect { y, height: 1, ..area });
        }
    }
}

/// Draws `line` in the one-row `row`, placed by its alignment and cut at
/// the row's end; ASCII spans cell by cell, others through the buffer's
/// grapheme-aware `set_stringn`. Control characters are left out, as
/// `Paragraph` leaves them.
fn put(buf: &mut Buffer, line: &Line, row: Rect) {
    let offset = match line.alignment {
        Some(Alignment::Center) => (row.width / 2).saturating_sub(line_width(line) / 2),
        Some(Alignment::Right) => row.width.saturating_sub(line_width(line)),
        _ => 0,
    };
    let end = row.right();
    let mut x = row.x + offset;
    for span in &line.spans {
        let style = line.style.patch(span.style);
        if span.content.is_ascii() {
            for byte in span.content.bytes().filter(|b| !b.is_ascii_control()) {
                if x >= end {
                    return;
                }
                buf[(x, row.y)].set_char(char::from(byte)).set_style(style);
                x += 1;
            }
        } else if x < end {
            x = buf.set_stringn(x, row.y, &span.content, usize::from(end - x), style).0;
        }
    }
}

/// The columns `line` takes, at most `u16::MAX`.
fn line_width(line: &Line) -> u16 {
    u16::try_from(line.width()).unwrap_or(u16::MAX)
}

#[cfg(test)]
mod tests {
    use ratatui::style::{Color, Style};
    use ratatui::text::Span;
    use ratatui::widgets::Paragraph;

    use super::*;

    /// The buffer `widget` draws into a `w` x `h` area that starts off the origin.
    fn drawn(widget: impl Widget, w: u16, h: u16) -> Buffer {
        let mut buf = Buffer::empty(Rect::new(0, 0, w + 4, h + 2));
        widget.render(Rect::new(2, 1, w, h), &mut buf);
        buf
    }

    #[test]
    fn rows_draw_what_a_paragraph_draws() {
        let lines = || {
            vec![
                Line::from(vec![Span::styled("12. ", Style::new().fg(Color::Gray)), Span::raw("Nf3     Nc6")]),
                Line::styled("Pieces ♔ ♕ 象 and a tail that does not fit", Style::new().bg(Color::Blue)),
                Line::from("centred").centered(),
                Line::from("right").right_aligned(),
                Line::from("bell\u{7} and tab\t gone"),
                Line::from("a row below the area"),
            ]
        };
        for width in [1, 7, 20, 40] {
            assert_eq!(drawn(Rows(lines()), width, 5), drawn(Paragraph::new(lines()), width, 5), "width {width}");
        }
    }
}
