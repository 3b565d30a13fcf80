//! The side panel's head in the puzzle trainer: the task, the player's
//! rating, the streak and the theme filter; after a puzzle, the rating
//! change, the puzzle's id, rating and themes, and what Enter does.

use ratatui::style::{Modifier, Style};
use ratatui::text::Line;

use crate::glicko::Rating;
use crate::puzzle_record::PuzzleOutcome;
use crate::tui::state::AppState;
use crate::tui::trainer::{Change, Phase, Trainer};

/// `1512 ±290`.
fn rating_text(r: Rating) -> String {
    format!("{:.0} ±{:.0}", r.rating, r.deviation)
}

/// `Rating +12 (1500 -> 1512)`, or why it did not change.
fn change_text(c: &Change) -> String {
    let d = c.after.rating - c.before.rating;
    match c.outcome {
        PuzzleOutcome::Hinted => format!("Rating unchanged: solved with a hint ({:.0})", c.after.rating),
        _ => format!("Rating {d:+.0} ({:.0} -> {:.0})", c.before.rating, c.after.rating),
    }
}

/// The header lines with their priorities (see `panel::header`).
pub fn header(session: &AppState, trainer: &Trainer) -> Vec<(u8, Line<'static>)> {
    let theme = &session.core().look.theme;
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut lines = vec![(4, Line::styled(format!("Puzzles: {}", trainer.game.title()), bold))];
    let (Some(offered), Some(current)) = (trainer.offered(), trainer.current.as_ref()) else { return lines };
    lines.push((0, Line::styled(offered.task(), theme.accent)));
    let status = match current.phase {
        Phase::Solving if current.hinted => Line::from("Your move (hint used: no rating gain)"),
        Phase::Solving => Line::from("Your move"),
        Phase::Wrong(_) => Line::styled("Failed: r retry, s solution", theme.error),
        Phase::Solved => Line::styled("Solved!", theme.result),
        Phase::Shown => Line::from("The solution"),
    };
    lines.push((0, status));
    lines.push((0, Line::from(format!("Your rating: {}", rating_text(trainer.rating())))));
    if let Some(change) = &current.change {
        lines.push((0, Line::styled(change_text(change), bold)));
    }
    if current.phase != Phase::Solving {
        let p = &offered.puzzle;
        let own = if offered.personal { " (from your game)" } else { "" };
        lines.push((0, Line::from(format!("Puzzle {}{own}, rated {}", p.id, p.rating))));
        let themes: Vec<String> = p.themes.iter().map(ToString::to_string).collect();
        lines.push((3, Line::from(format!("Themes: {}", themes.join(" ")))));
        lines.push((0, Line::styled("Enter: next", theme.accent)));
    }
    lines.push((1, Line::from(format!("Streak: {}", trainer.streak))));
    let filter = trainer.filter.as_deref().unwrap_or("all (t or :theme NAME filters)");
    lines.push((2, Line::from(format!("Theme: {filter}"))));
    lines
}
