//! `wormhole bench --draw`: what one frame of the game screen costs, as
//! the server pays it for every screen a move reaches (the opponent's and
//! each watcher's). Two states of one game, before and after its last
//! move, are drawn in turn into a terminal at the size `serve-load --ssh`
//! uses, so each frame draws the whole screen, diffs it against the one
//! before and writes the changed cells' escapes, as a relayed move does.

use std::cell::Cell;
use std::io::Write;
use std::rc::Rc;
use std::time::Instant;

use ratatui::backend::CrosstermBackend;
use ratatui::{Terminal, TerminalOptions, Viewport};
use wormhole::rules::Rules;

use super::config::Config;
use super::game::{GameState, PlayerKind};
use super::game_settings::GameSettings;
use super::state::AppState;
use super::theme::Display;

/// The moves of the game drawn, in plies (a game well under way: the
/// move list scrolls).
const PLIES: usize = 60;

/// What the frames cost.
pub struct DrawFigures {
    /// Frames drawn.
    pub frames: u32,
    /// Seconds they took.
    pub seconds: f64,
    /// Bytes of escapes they wrote.
    pub bytes: usize,
}

/// Draws `frames` frames of a Wormhole game of [`PLIES`] plies at `w` x `h`.
pub fn run(frames: u32, (w, h): (u16, u16)) -> anyhow::Result<DrawFigures> {
    let now = Instant::now();
    let settings = GameSettings { players: [PlayerKind::Human; 2], ..GameSettings::default() };
    let after = played(settings.new_game(), now);
    let mut before = after.clone();
    before.undo_to(after.line().len() - 1);
    let states = [before, after].map(|game| AppState::new(settings, game, Config::default(), Display::default(), now));
    let options = TerminalOptions { viewport: Viewport::Fixed(ratatui::layout::Rect::new(0, 0, w, h)) };
    let written = Rc::new(Cell::new(0));
    let mut terminal = Terminal::with_options(CrosstermBackend::new(Counted(written.clone())), options)?;
    let start = Instant::now();
    for frame in 0..frames {
        let state = &states[frame as usize % 2];
        terminal.draw(|f| super::view::draw(f, state))?;
    }
    let seconds = start.elapsed().as_secs_f64();
    Ok(DrawFigures { frames, seconds, bytes: written.get() })
}

/// A writer that keeps only the count of bytes written to it.
struct Counted(Rc<Cell<usize>>);

impl Write for Counted {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.set(self.0.get() + buf.len());
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `game` with [`PLIES`] moves played, each chosen by its ply from the
/// legal moves (the same game every run), fewer if it ends first.
fn played(mut game: GameState, now: Instant) -> GameState {
    for ply in 0..PLIES {
        let moves = game.line().position().legal_moves();
        if moves.is_empty() || game.is_over() {
            break;
        }
        let m = moves[(ply * 7 + 3) % moves.len()];
        game.play(m, now).expect("a legal move plays");
    }
    game
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_draw_benchmark_draws_changed_frames() {
        let figures = super::run(4, (120, 40)).unwrap();
        assert_eq!(figures.frames, 4);
        // The first frame writes the whole screen, each later one the move's change.
        assert!(figures.bytes > 120 * 40, "{} bytes", figures.bytes);
    }
}
