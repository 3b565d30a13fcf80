//! The side panel: players, turn, the board's state (squares left, or the
//! portholes), material, clocks, the engine's thinking and the move list.

use std::time::Duration;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use wormhole::engine::Level;
use wormhole::{AnyPosition, Color, Role, Rules};

use super::rows::Rows;
use crate::tui::ai::{self, EngineReport, Purpose, Score};
use crate::tui::clock;
use crate::tui::game::PlayerKind;
use crate::tui::games;
use crate::tui::legend::{self, wrap};
use crate::tui::remote::Remote;
use crate::tui::state::{AppState, LastSearch};
use crate::tui::theme::StyleSheet;

/// Piece values for the material count (the fairy pieces by their reach).
fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Wizard => 4,
        Role::Rook => 5,
        Role::Champion => 6,
        Role::Lion => 7,
        Role::Queen => 9,
        Role::King => 0,
    }
}

fn material(pos: &AnyPosition, color: Color) -> i32 {
    let on = |b: &wormhole::Board| {
        pos.kind().roles().iter().map(|&r| value(r) * b.pieces(color, r).count() as i32).sum::<i32>()
    };
    pos.boards().iter().map(on).sum()
}

fn rate(nps: u64) -> String {
    match nps {
        n if n >= 1_000_000 => format!("{:.1} Mn/s", n as f64 / 1e6),
        n if n >= 1_000 => format!("{:.0} kn/s", n as f64 / 1e3),
        n => format!("{n} n/s"),
    }
}

/// The header lines (everything above the move list), each with a priority:
/// when rows are short the highest numbers are left out first.
fn header(session: &AppState, width: usize) -> Vec<(u8, Line<'static>)> {
    if let Some(trainer) = session.activity().trainer() {
        let mut lines = super::puzzle::header(session, trainer);
        lines.extend(engine_lines(session, width).into_iter().map(|l| (1, l)));
        return lines;
    }
    let game = &session.core().game;
    let pos = session.shown_position();
    let theme = &session.core().look.theme;
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut lines = match session.activity().remote() {
        Some(remote) => header_lines(session, remote),
        None => vec![(4, Line::styled(game.line().kind().title(), bold))],
    };
    for color in [Color::White, Color::Black] {
        lines.push((0, player_line(session, color)));
    }
    if game.players().contains(&PlayerKind::Engine) {
        let level = session.core().settings.level;
        lines.push((0, Line::from(format!("Engine level {}: {}", level.number(), level.name()))));
    }
    let told_end =
        session.activity().remote().and_then(|r| r.ending.clone()).filter(|_| session.shown_ply() == game.line().len());
    let status = match (game.end(), told_end) {
        (_, Some(told)) => Line::styled(told, theme.result),
        (Some(end), None) if session.shown_ply() == game.line().len() => Line::styled(end.describe(), theme.result),
        _ if pos.is_check() => Line::styled(format!("{} to move: check!", pos.turn()), theme.check_text),
        _ => Line::from(format!("{} to move", pos.turn())),
    };
    lines.push((0, status));
    let (w, b) = (material(pos, Color::White), material(pos, Color::Black));
    let diff = match w - b {
        0 => "even".to_string(),
        d if d > 0 => format!("White +{d}"),
        d => format!("Black +{}", -d),
    };
    lines.push((2, Line::from(games::board_state(pos))));
    lines.push((3, Line::from(format!("Material {w}-{b} ({diff})"))));
    lines.extend(engine_lines(session, width).into_iter().enumerate().map(|(i, l)| (if i == 0 { 1 } else { 5 }, l)));
    lines
}

/// `▶ White: You  4:59`; a clock under ten seconds is drawn in the warning style.
fn player_line(session: &AppState, color: Color) -> Line<'static> {
    let game = &session.core().game;
    let theme = &session.core().look.theme;
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let marker = if session.shown_position().turn() == color && !session.activity().game_over(&session.core().game) {
        theme.turn_marker()
    } else {
        "  "
    };
    let name = match game.player(color) {
        PlayerKind::Engine => "Engine".to_string(),
        PlayerKind::Human => session.activity().player_name(&session.core().game, &session.core().settings, color),
    };
    let mut spans = vec![Span::raw(marker), Span::styled(format!("{color}: "), bold), Span::raw(name)];
    if let Some(c) = game.clocks().clock() {
        let t = c.remaining(color, game.line().position().turn(), session.core().now);
        let style = if t < LOW_TIME { theme.clock_low } else { bold };
        spans.push(Span::raw("  "));
        spans.push(Span::styled(clock::text(t), style));
    }
    Line::from(spans)
}

/// Below this a clock is drawn as a warning.
const LOW_TIME: Duration = Duration::from_secs(10);

fn engine_lines(session: &AppState, width: usize) -> Vec<Line<'static>> {
    let game = &session.core().game;
    let theme = &session.core().look.theme;
    let mut lines = Vec::new();
    let pondering = session.core().engine.thinking.as_ref().filter(|t| matches!(t.purpose, Purpose::Ponder { .. }));
    if let Some(thinking) = session.core().engine.thinking.as_ref().filter(|_| pondering.is_none()) {
        let what = match thinking.purpose {
            Purpose::Move { .. } => "Engine thinking",
            Purpose::Hint { .. } => "Finding a hint (full strength)",
            Purpose::Analysis { .. } => "Analysing (full strength)",
            Purpose::Refutation { .. } => "Finding the reply to your move",
            Purpose::Ponder { .. } => "Thinking on your time",
        };
        let elapsed = session.core().now.saturating_duration_since(thinking.started);
        let spin = theme.spinner((elapsed.as_millis() / 100) as usize);
        lines.push(Line::styled(format!("{spin} {what} {:.1}s", elapsed.as_secs_f64()), theme.accent));
        if let Some(info) = &thinking.info {
            let pos = &thinking.position;
            lines.push(Line::from(format!(
                "depth {}/{}  {}  {}",
                info.depth,
                info.seldepth,
                ai::score_text(info.score, info.exact, pos.turn()),
                rate(info.nps)
            )));
            for l in wrap(&format!("PV {}", ai::pv_san(pos, &info.pv, 8)), width).into_iter().take(3) {
                lines.push(Line::from(l));
            }
        }
    } else if let Some(last) = session.core().view.last_search.as_ref()
        && last.ply + 1 == game.line().len()
        && !game.is_over()
    {
        // Only while it is the last move, and not once the game is decided.
        lines.extend(engine_played(last, width).into_iter().map(|l| Line::styled(l, theme.dim)));
    }
    let turn = game.line().position().turn();
    match (pondering, session.core().engine.pondered(session.core().game.line().len())) {
        (Some(thinking), _) => lines.extend(pondering_lines("Thinking", thinking.info.as_ref(), turn, theme)),
        (None, Some(found)) => lines.extend(pondering_lines("Thought", Some(found), turn, theme)),
        (None, None) => {}
    }
    lines
}

/// The engine thinking on the human's time: how deep, and a result once it
/// is proved, but no line and no number (a hint the human did not ask for).
/// `how`: "Thinking" while it searches, "Thought" once it has proved the result.
fn pondering_lines(how: &str, info: Option<&EngineReport>, turn: Color, theme: &StyleSheet) -> Vec<Line<'static>> {
    let Some(info) = info else { return vec![Line::styled(format!("{how} on your time"), theme.dim)] };
    let mut lines = vec![Line::styled(format!("{how} on your time, depth {}", info.depth), theme.dim)];
    if !matches!(info.score, Score::Cp(_)) {
        lines.push(Line::styled(ai::score_text(info.score, info.exact, turn), theme.accent));
    }
    lines
}

/// What the engine played, its score (saying from whose side a number
/// is) and how it searched: short phrases, each on a line of its own when
/// they do not fit on one, so that none is broken. Below full strength
/// the score is left out: a weak level's shallow guess is not the
/// position's worth (the hint and the review judge at full strength).
fn engine_played(last: &LastSearch, width: usize) -> Vec<String> {
    let played = format!("Engine played {} in {:.2}s,", last.san, last.took.as_secs_f64());
    let phrases = if last.level < Level::MAX {
        vec![played, format!("level {}, depth {}, {}", last.level, last.info.depth, rate(last.info.nps))]
    } else {
        let score = ai::score_for_white(last.info.score, last.info.exact, last.mover);
        vec![played, format!("{score},"), format!("depth {}, {}", last.info.depth, rate(last.info.nps))]
    };
    let mut lines: Vec<String> = Vec::new();
    for p in phrases {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + p.chars().count() <= width => {
                l.push(' ');
                l.push_str(&p);
            }
            _ => lines.push(p),
        }
    }
    lines
}

/// The width of a move's column in the move list: [`MOVE_W`], or the
/// longest SAN of the game and a space when that is wider (a teleport or a
/// Two-board move such as `QAh5>Bh5A:d6`), so that moves never run together.
fn move_width(sans: &[String]) -> usize {
    sans.iter().map(|san| san.chars().count() + 1).max().unwrap_or(0).max(MOVE_W)
}

/// The narrowest column of a move in the move list.
const MOVE_W: usize = 8;

/// Where the move list's plies go: each ply's row (`12. Nf3  Nc6` holds
/// two), the row of the shown move, and how many rows in all (the result
/// has one of its own). Worked out before any row is written, so that a
/// frame formats only the rows it shows.
struct MoveRows {
    row_of: Vec<usize>,
    shown: Option<usize>,
    total: usize,
}

impl MoveRows {
    fn of(session: &AppState) -> MoveRows {
        let game = &session.core().game;
        let mut row_of = Vec::with_capacity(game.line().len());
        for i in 0..game.line().len() {
            let new_row = game.line().position_at(i).turn() == Color::White || i == 0;
            let row = row_of.last().map_or(0, |&r| r + usize::from(new_row));
            row_of.push(row);
        }
        let shown = session.shown_ply().checked_sub(1).and_then(|ply| row_of.get(ply).copied());
        let total = row_of.last().map_or(0, |&r| r + 1) + usize::from(game.end().is_some());
        MoveRows { row_of, shown, total }
    }

    /// The rows in `window`.
    fn lines(&self, session: &AppState, window: std::ops::Range<usize>) -> Vec<Line<'static>> {
        let game = &session.core().game;
        let shown = session.shown_ply();
        let dim = session.core().look.theme.dim;
        let width = move_width(game.line().sans());
        let mut rows: Vec<Vec<Span<'static>>> = Vec::new();
        for (i, san) in game.line().sans().iter().enumerate().filter(|(i, _)| window.contains(&self.row_of[*i])) {
            let pos = game.line().position_at(i);
            if pos.turn() == Color::White || rows.is_empty() {
                let mut row = vec![Span::styled(format!("{:>3}. ", pos.move_number()), dim)];
                if pos.turn() == Color::Black {
                    row.push(Span::styled(format!("{:<width$}", "..."), dim));
                }
                rows.push(row);
            }
            let style = if i + 1 == shown { session.core().look.theme.current } else { Style::new() };
            let row = rows.last_mut().expect("a row was pushed");
            row.push(Span::styled(format!("{san:<width$}"), style));
        }
        if let Some(end) = game.end().filter(|_| window.contains(&(self.total - 1))) {
            rows.push(vec![Span::styled(
                format!("     {}", end.result_str()),
                Style::new().add_modifier(Modifier::BOLD),
            )]);
        }
        rows.into_iter().map(Line::from).collect()
    }
}

/// A line of the panel's head in rows of at most `width` columns: as it
/// is where it fits, else its words wrapped in its first span's style (a
/// puzzle's theme filter is wider than a narrow panel).
fn fit_line(line: Line<'static>, width: usize) -> Vec<Line<'static>> {
    if line.width() <= width {
        return vec![line];
    }
    let style = line.spans.first().map_or(line.style, |s| line.style.patch(s.style));
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    wrap(&text, width.max(1)).into_iter().map(|row| Line::styled(row, style)).collect()
}

/// Rows the move list keeps before the legend is shown under it.
const MOVE_ROWS_BEFORE_LEGEND: u16 = 10;

pub fn draw(frame: &mut Frame, area: Rect, session: &AppState) {
    let width = area.width as usize;
    let mut head: Vec<(u8, Vec<Line<'static>>)> =
        header(session, width).into_iter().map(|(p, l)| (p, fit_line(l, width))).collect();
    // Keep at least the "Moves" title and two rows of moves.
    let room = area.height.saturating_sub(3) as usize;
    while head.iter().map(|(_, rows)| rows.len()).sum::<usize>() > room {
        let Some(worst) = head.iter().map(|(p, _)| *p).filter(|&p| p > 0).max() else { break };
        let Some(i) = head.iter().rposition(|(p, _)| *p == worst) else { break };
        head.remove(i);
    }
    let head: Vec<Line> = head.into_iter().flat_map(|(_, rows)| rows).collect();
    let head_h = (head.len() as u16).min(area.height);
    frame.render_widget(Rows(head), Rect::new(area.x, area.y, area.width, head_h));
    let mut rest = Rect::new(area.x, area.y + head_h, area.width, area.height - head_h);
    let (theme, kind) = (&session.core().look.theme, session.core().game.line().kind());
    let mut pieces = vec![Line::styled("Pieces (F4: more)", Style::new().add_modifier(Modifier::BOLD))];
    pieces.extend(legend::pieces(theme, kind, width));
    // The game's marks under the pieces where they fit too.
    let marks = games::view(kind).panel_marks(theme, width);
    let fits = |lines: usize| rest.height >= lines as u16 + 1 + MOVE_ROWS_BEFORE_LEGEND;
    if fits(pieces.len() + marks.len()) {
        pieces.extend(marks);
    }
    let legend_h = pieces.len() as u16;
    if fits(pieces.len()) {
        rest.height -= legend_h + 1;
        let at = Rect::new(area.x, rest.bottom() + 1, area.width, legend_h);
        frame.render_widget(Rows(pieces), at);
    }
    if rest.height >= 2 {
        draw_moves(frame, rest, session);
    }
}

/// The move list, following the game (or the position reviewed) unless scrolled.
fn draw_moves(frame: &mut Frame, rest: Rect, session: &AppState) {
    let rows = MoveRows::of(session);
    let title = format!("Moves ({})", session.core().game.line().len());
    frame.render_widget(
        Rows(vec![Line::styled(title, Style::new().add_modifier(Modifier::BOLD))]),
        Rect { height: 1, ..rest },
    );
    let list = Rect::new(rest.x, rest.y + 1, rest.width, rest.height - 1);
    let h = list.height as usize;
    let max_start = rows.total.saturating_sub(h);
    let start = match (session.core().view.scroll, rows.shown) {
        (Some(s), _) => s.min(max_start),
        (None, Some(r)) if session.shown_ply() < session.core().game.line().len() => {
            (r + 1).saturating_sub(h).min(max_start)
        }
        _ => max_start,
    };
    frame.render_widget(Rows(rows.lines(session, start..start + h)), list);
}

/// The panel's lines of a server's game: its number, who plays, the
/// result, the moves' count with the last one, the latest chat.
fn header_lines(session: &AppState, remote: &Remote) -> Vec<(u8, Line<'static>)> {
    let game = &session.core().game;
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut lines = vec![(0, Line::styled(format!("Game {}: {}", remote.id, game.line().kind().title()), bold))];
    let role = match remote.you {
        Some(c) => format!("You play {c}"),
        None => "Watching".to_string(),
    };
    lines.push((0, Line::from(role)));
    if let (Some(you), Some(p), None) = (remote.you, remote.presence, &remote.ending) {
        let them = &remote.names[(!you).index()];
        let text = if game.line().position().turn() == you {
            format!("{them} has left: the claim's wait runs on their move")
        } else {
            match p.claim_in(session.core().now) {
                wait if wait.is_zero() => format!("{them} has left: you may :claim the win"),
                wait => format!("{them} has left: :claim the win in {}", clock::text(wait)),
            }
        };
        lines.push((0, Line::styled(text, session.core().look.theme.check_text)));
    }
    let n = game.line().len();
    let last = match game.line().sans().last() {
        Some(san) if n % 2 == 1 => format!(" {}. {san}", n.div_ceil(2)),
        Some(san) => format!(" {}... {san}", n / 2),
        None => String::new(),
    };
    lines.push((0, Line::from(format!("Moves ({n}):{last}"))));
    let chat = remote.chat.iter().rev().take(3).rev();
    lines.extend(chat.map(|c| (2, Line::from(c.clone()))));
    lines
}
