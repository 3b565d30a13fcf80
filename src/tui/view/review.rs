//! The review screen's panel: per-side counts, the evaluation graph with
//! the viewed move marked, the viewed move with the engine's better move
//! and line, and the move list with judgement marks.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Borders, Chart, Dataset, GraphType, Paragraph, Wrap};
use wormhole::Color;
use wormhole::Rules;
use wormhole::analysis::{Eval, GameAnalysis, Judgement};

use crate::tui::ai;
use crate::tui::review::Review;
use crate::tui::state::AppState;
use crate::tui::theme::StyleSheet;

/// Rows of the evaluation graph, its border included.
const GRAPH_H: u16 = 9;

pub fn draw(frame: &mut Frame, area: Rect, session: &AppState) {
    let Some(review) = session.study().review.as_ref() else { return };
    let theme = &session.core().look.theme;
    let head = header(review, theme);
    let head_h = (head.len() as u16).min(area.height);
    frame.render_widget(Paragraph::new(head), Rect { height: head_h, ..area });
    let mut y = area.y + head_h;
    let graph_h = GRAPH_H.min(area.bottom().saturating_sub(y) / 2);
    if graph_h >= 4 {
        draw_graph(frame, Rect::new(area.x, y, area.width, graph_h), review, theme);
        y += graph_h;
    }
    let viewed = viewed_move(review, theme);
    // Rows once wrapped (word wrapping may need one more), and a blank row.
    let width = area.width.max(1) as usize;
    let rows: usize = viewed.iter().map(|l| l.width().max(1).div_ceil(width)).sum();
    let viewed_h = (rows as u16 + 2).min(area.bottom().saturating_sub(y));
    let text = Paragraph::new(viewed).wrap(Wrap { trim: true });
    frame.render_widget(text, Rect::new(area.x, y, area.width, viewed_h));
    y += viewed_h;
    if y < area.bottom() {
        draw_moves(frame, Rect::new(area.x, y, area.width, area.bottom() - y), review, theme);
    }
}

/// The title with the analysis' progress, and a line per side.
fn header(review: &Review, theme: &StyleSheet) -> Vec<Line<'static>> {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let a = &review.analysis;
    let progress = if review.running {
        format!("analysing {}/{} positions", a.searched(), a.len())
    } else if a.is_complete() {
        "analysis done".to_string()
    } else {
        format!("analysed {}/{} positions (paused)", a.searched(), a.len())
    };
    let mut lines = vec![
        Line::from(vec![Span::styled("Review  ", bold), Span::styled(progress, theme.dim)]),
        Line::styled("by the full-strength engine,", theme.dim),
        Line::styled(Review::options().limit(), theme.dim),
    ];
    for side in Color::ALL {
        let s = a.summary(side);
        let mut spans = vec![Span::styled(format!("{side:<6}"), bold)];
        for j in Judgement::ALL {
            spans.push(Span::styled(format!(" {}{}", s.count(j), j.symbol()), theme.judgement(j)));
        }
        if let Some(acc) = s.accuracy {
            spans.push(Span::raw(format!("  accuracy {acc:.0}%")));
        }
        lines.push(Line::from(spans));
    }
    lines
}

/// White's winning chances at every analysed position, -1 to 1, as the
/// review shows them ([`GameAnalysis::value`]).
fn points(a: &GameAnalysis) -> Vec<(f64, f64)> {
    (0..a.len())
        .filter_map(|i| {
            let (eval, _) = a.value(i)?;
            let kind = a.position(i)?.kind();
            Some((i as f64, eval.win_chances(Color::White, kind)))
        })
        .collect()
}

/// The evaluation graph: White's winning chances over the game (a proved
/// result sits on the top or bottom edge), the viewed move as a vertical bar.
fn draw_graph(frame: &mut Frame, area: Rect, review: &Review, theme: &StyleSheet) {
    let data = points(&review.analysis);
    let x = review.ply as f64;
    let marker_data = [(x, -1.0), (x, 1.0)];
    let zero = [(0.0, 0.0), (review.len() as f64, 0.0)];
    let marker = if theme.ascii { Marker::Dot } else { Marker::Braille };
    let datasets = vec![
        Dataset::default().marker(marker).graph_type(GraphType::Line).style(theme.dim).data(&zero),
        Dataset::default().marker(marker).graph_type(GraphType::Line).style(theme.graph_marker).data(&marker_data),
        Dataset::default().marker(marker).graph_type(GraphType::Line).style(theme.graph).data(&data),
    ];
    let block = Block::default().borders(Borders::TOP).title(" Evaluation: White up, Black down ");
    let chart = Chart::new(datasets)
        .block(block)
        .x_axis(Axis::default().bounds([0.0, review.len().max(1) as f64]))
        .y_axis(Axis::default().bounds([-1.0, 1.0]));
    frame.render_widget(chart, area);
}

/// The viewed move: its number and SAN with its mark, the evaluation
/// before and after, what the engine says about it, and its better line.
fn viewed_move(review: &Review, theme: &StyleSheet) -> Vec<Line<'static>> {
    let a = &review.analysis;
    let pos = review.position();
    let Some(&played) = a.moves().get(review.ply) else {
        let end = a.eval(review.ply).map(|e| describe(e.eval, e.exact)).unwrap_or_else(|| "not analysed yet".into());
        return vec![Line::from(format!("Final position: {end}"))];
    };
    let number = if pos.turn() == Color::White {
        format!("{}.", pos.move_number())
    } else {
        format!("{}...", pos.move_number())
    };
    let Some(r) = review.current() else {
        return vec![Line::from(format!("{number} {}  (not analysed yet)", pos.san(played)))];
    };
    // A proved distance is exact only as the verified result of its position.
    let exact = |i: usize| a.value(i).is_some_and(|(_, exact)| exact);
    let mark = r.judgement.map_or(String::new(), |j| j.symbol().to_string());
    let color = r.judgement.map_or(theme.info, |j| theme.judgement(j));
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let before = describe(r.before, exact(review.ply));
    let after = describe(r.after, exact(review.ply + 1));
    // The engine's choice shows no loss: its numbers before and after are one.
    let change = format!("{before} -> {after}");
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("{number} {}{mark}", pos.san(played)), bold.patch(color)),
        Span::raw(format!("  {change}  ({})", r.after.chances(pos.kind()))),
    ])];
    let said = a.explain(&r);
    if !said.is_empty() {
        lines.push(Line::styled(said, color));
    } else if r.is_best() {
        lines.push(Line::styled("The engine's choice.", theme.info));
    }
    if (r.is_best() || r.better_move().is_some()) && !r.best_line.is_empty() {
        lines.push(Line::from(format!("Best line: {}", ai::pv_san(pos, &r.best_line, 10))));
    }
    lines
}

/// An evaluation as the panel says it: White's view in pawns with the two
/// decimals of the annotated PGN (`+0.40`), or who wins in how many moves
/// (`in at most` unless the distance is `exact`).
fn describe(eval: Eval, exact: bool) -> String {
    match eval {
        Eval::Proved { winner, plies: 0 } => format!("{winner} has won"),
        Eval::Cp(cp) if cp > 0 => format!("+{eval}"),
        Eval::Cp(_) => eval.to_string(),
        Eval::Proved { .. } => ai::score_text(eval.for_side(Color::White), exact, Color::White),
    }
}

/// The move list, `12. Nf3?  Nc6??`, marks in their colours, the viewed
/// move reversed, scrolled to keep it in sight.
fn draw_moves(frame: &mut Frame, area: Rect, review: &Review, theme: &StyleSheet) {
    let a = &review.analysis;
    let dim = theme.dim;
    let mut rows: Vec<Vec<Span<'static>>> = Vec::new();
    let mut viewed_row = 0;
    for (ply, &m) in a.moves().iter().enumerate() {
        let Some(pos) = a.position(ply) else { break };
        if pos.turn() == Color::White || rows.is_empty() {
            let mut row = vec![Span::styled(format!("{:>3}. ", pos.move_number()), dim)];
            if pos.turn() == Color::Black {
                row.push(Span::styled(format!("{:<10}", "..."), dim));
            }
            rows.push(row);
        }
        let judgement = a.review(ply).and_then(|r| r.judgement);
        let mark = judgement.map_or("", Judgement::symbol);
        let mut style = judgement.map_or(Style::new(), |j| theme.judgement(j));
        if ply == review.ply {
            style = style.add_modifier(Modifier::REVERSED);
            viewed_row = rows.len() - 1;
        }
        let text = format!("{}{mark}", pos.san(m));
        let row = rows.last_mut().expect("a row was pushed");
        row.push(Span::styled(text.clone(), style));
        // At least one space: a long SAN (a teleport, a promotion with check) never runs into the next.
        row.push(Span::raw(" ".repeat(10usize.saturating_sub(text.chars().count()).max(1))));
    }
    let h = area.height as usize;
    let start = (viewed_row + 1).saturating_sub(h / 2 + 1).min(rows.len().saturating_sub(h));
    let lines: Vec<Line> = rows.into_iter().skip(start).take(h).map(Line::from).collect();
    frame.render_widget(Paragraph::new(lines), area);
}
