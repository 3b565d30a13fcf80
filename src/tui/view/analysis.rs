//! The live analysis panel: the moves tried, and the engine's best lines
//! with their depth and scores as the search deepens.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};
use wormhole::Rules;

use crate::tui::ai;
use crate::tui::explore::{ANALYSIS_LINES, Explore};
use crate::tui::state::AppState;

pub fn draw(frame: &mut Frame, area: Rect, session: &AppState) {
    let Some(explore) = session.study().explore.as_ref() else { return };
    let theme = &session.core().look.theme;
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let dim = theme.dim;
    let pos = &explore.position;
    let mut lines = vec![
        Line::styled(format!("Analysis: best {ANALYSIS_LINES} lines"), bold),
        Line::styled("by the full-strength engine.", dim),
        Line::styled("The game is not changed. Type a move to try it,", dim),
        Line::styled("Ctrl-Z takes it back, Esc leaves.", dim),
        Line::from(""),
        Line::from(format!("{} to move", pos.turn())),
    ];
    if !explore.tried.is_empty() {
        lines.push(Line::from(format!("Tried: {}", tried_san(explore))));
    }
    lines.push(Line::from(""));
    match session.core().engine.thinking.as_ref().and_then(|t| t.info.as_ref()).or(explore.finished.as_ref()) {
        Some(info) => {
            let elapsed = session
                .core()
                .engine
                .thinking
                .as_ref()
                .map(|t| session.core().now.saturating_duration_since(t.started));
            let spin = match elapsed {
                Some(e) => theme.spinner((e.as_millis() / 100) as usize).to_string(),
                None => "proved:".to_string(),
            };
            lines.push(Line::styled(
                format!("{spin} depth {}/{}  {} nodes", info.depth, info.seldepth, info.nodes),
                theme.accent,
            ));
            for (k, line) in info.lines.iter().enumerate() {
                let score = ai::score_text(line.score, line.exact, pos.turn());
                lines.push(Line::from(vec![
                    ratatui::text::Span::styled(format!("{}. {score:<8} ", k + 1), bold),
                    ratatui::text::Span::raw(ai::pv_san(pos, &line.pv, 10)),
                ]));
            }
        }
        None if session.core().engine.thinking.as_ref().is_some() => {
            lines.push(Line::styled("searching...", theme.accent))
        }
        None => lines.push(Line::styled("no search: the side to move has no legal move", dim)),
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), area);
}

/// The moves tried, numbered from the analysis' starting position.
fn tried_san(explore: &Explore) -> String {
    ai::pv_san(&explore.base, &explore.tried, explore.tried.len())
}
