//! Drawing a connection's screens from its state alone. The game screen
//! draws the boards with the local app's board widget and layout.

use std::time::Instant;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Stylize};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use wormhole::Color;
use wormhole::Rules;

use super::{App, GAME_COMMANDS, LOBBY_COMMANDS, Screen, Table, inert};
use crate::server::hub::records::{LeaderRow, PlayerPage};
use crate::server::hub::{Clocks, GameInfo};
use crate::tui::highlights::Highlights;
use crate::tui::view::board::BoardView;
use crate::tui::view::layout::{Boards, layout};

/// Rows of the input line and status at the bottom.
const BOTTOM: u16 = 3;

/// Draws the app's screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let main = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(BOTTOM));
    match &app.screen {
        Screen::Register => register(frame, main),
        Screen::Lobby => lobby(frame, main, app),
        Screen::Page { title, lines } => page(frame, main, title, lines),
        Screen::Game(table) => return game(frame, area, app, table),
    }
    bottom(frame, Rect::new(area.x, main.bottom(), area.width, BOTTOM.min(area.height)), app);
}

/// The status line and the input line.
fn bottom(frame: &mut Frame, area: Rect, app: &App) {
    let prompt = match &app.screen {
        Screen::Register => "name> ",
        Screen::Game(_) => "move> ",
        _ => "> ",
    };
    let lines =
        vec![Line::from(inert(&app.status)).style(app.theme.accent), Line::from(format!("{prompt}{}", app.input))];
    frame.render_widget(Paragraph::new(lines).block(Block::default().borders(Borders::TOP)), area);
}

fn register(frame: &mut Frame, area: Rect) {
    let lines = vec![
        Line::from("Welcome to Wormhole chess.").add_modifier(Modifier::BOLD),
        Line::from(""),
        Line::from("This key has no account yet. Type the name you want to play under"),
        Line::from("(3-20 letters, digits, _ or -) and press Enter: this key is then your account."),
        Line::from("Esc watches games as a guest instead. Ctrl-C leaves."),
    ];
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
}

/// A game's line in the lobby's lists.
fn game_line(g: &GameInfo) -> String {
    let clock = g.clock.map_or("untimed".to_string(), clock_text);
    let rated = if g.rated { "rated" } else { "casual" };
    format!(
        "{:>4}  {} - {}  {}  {clock} {rated}, {} moves",
        g.id,
        inert(&g.names[0]),
        inert(&g.names[1]),
        g.kind,
        g.plies
    )
}

/// A clock setting as `5+3` (minutes + seconds).
fn clock_text((initial, inc): (u64, u64)) -> String {
    match initial % 60_000 {
        0 => format!("{}+{}", initial / 60_000, inc / 1000),
        _ => format!("{}s+{}", initial / 1000, inc / 1000),
    }
}

fn lobby(frame: &mut Frame, area: Rect, app: &App) {
    let l = &app.lobby;
    let me = app.account.as_ref().map_or("a guest (watch only)".to_string(), |a| inert(&a.name));
    let drawing = format!("theme {}, pieces {}", app.mine.theme, app.mine.pieces);
    let mut lines = vec![Line::from(format!("Wormhole lobby - you are {me} ({drawing})")).add_modifier(Modifier::BOLD)];
    lines.push(Line::from(format!(
        "Online ({}): {}",
        l.online.len(),
        l.online.iter().map(|n| inert(n)).collect::<Vec<_>>().join(", ")
    )));
    lines.push(Line::from("Open challenges:").style(app.theme.accent));
    for c in &l.challenges {
        let s = &c.spec;
        let clock = s.clock.map_or("untimed".to_string(), clock_text);
        let to = s.to.as_ref().map_or(String::new(), |t| format!(" to {}", inert(t)));
        let rated = if s.rated { "rated" } else { "casual" };
        lines.push(Line::from(format!(
            "{:>4}  {}{to}: {} {clock} {rated}, {:?}",
            c.id,
            inert(&c.from),
            s.kind,
            s.colour
        )));
    }
    lines.push(Line::from("Your games:").style(app.theme.accent));
    lines.extend(l.mine.iter().map(|g| Line::from(game_line(g))));
    lines.push(Line::from("Games being played:").style(app.theme.accent));
    lines.extend(l.live.iter().map(|g| Line::from(game_line(g))));
    lines.push(Line::from(""));
    lines.extend(LOBBY_COMMANDS.iter().map(|(usage, what)| Line::from(format!("  {usage:<52} {what}"))));
    frame.render_widget(Paragraph::new(lines), area);
}

fn page(frame: &mut Frame, area: Rect, title: &str, lines: &[String]) {
    let mut text = vec![Line::from(format!("{title}   (Esc: back)")).add_modifier(Modifier::BOLD)];
    text.extend(lines.iter().map(|l| Line::from(l.clone())));
    frame.render_widget(Paragraph::new(text), area);
}

/// A leaderboard's lines.
pub fn leaderboard_lines(rows: &[LeaderRow]) -> Vec<String> {
    if rows.is_empty() {
        return vec!["no rated games yet".into()];
    }
    let line = |(i, r): (usize, &LeaderRow)| {
        format!("{:>3}. {:<20} {:>6.0}  {} games", i + 1, inert(&r.name), r.rating.rating, r.games)
    };
    rows.iter().enumerate().map(line).collect()
}

/// A player's page's lines: ratings, then recent games.
pub fn player_lines(page: &PlayerPage) -> Vec<String> {
    let mut lines: Vec<String> =
        page.ratings.iter().map(|(kind, r)| format!("{kind}: {:.0} (±{:.0})", r.rating, r.deviation)).collect();
    lines.push("Recent games (pgn ID exports one):".into());
    for g in &page.recent {
        lines.push(format!("{:>4}  {} - {}  {}  {}", g.id, inert(&g.names[0]), inert(&g.names[1]), g.kind, g.result));
    }
    for (kind, history) in &page.history {
        let ratings: Vec<String> = history.iter().map(|(_, r)| format!("{:.0}", r.rating)).collect();
        lines.push(format!("{kind} rating history: {}", ratings.join(" ")));
    }
    lines
}

/// A clock's time left now, as `m:ss`.
fn clock_left(clocks: &Clocks, read: Instant, color: Color) -> String {
    let i = usize::from(color == Color::Black);
    let mut ms = clocks.left_ms[i];
    if clocks.running == Some(color) {
        ms -= read.elapsed().as_millis() as i64;
    }
    let s = ms.max(0) / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

/// The game screen: the boards as the local app draws them, a panel with
/// both players and clocks, the moves and the chat.
fn game(frame: &mut Frame, area: Rect, app: &App, table: &Table) {
    let pos = &table.position;
    let boards = Boards {
        count: pos.boards().len(),
        alone: pos.board_to_play(),
        flipped: table.view.you == Some(Color::Black),
        tall_panel: false,
    };
    let Some(screen) = layout(area, boards) else {
        let text = format!("Please enlarge the terminal (now {}x{})", area.width, area.height);
        return frame.render_widget(Paragraph::new(text), area);
    };
    let mut highlights = Highlights::of(pos);
    highlights.last_move = table.last;
    for placed in &screen.boards {
        frame.render_widget(BoardView::new(pos, placed.board, placed.geometry, &highlights, &app.theme), area);
        if let Some(label) = placed.label {
            let name = crate::tui::games::board_name(pos.kind(), placed.board);
            frame.render_widget(Paragraph::new(name), label);
        }
    }
    frame.render_widget(Paragraph::new(panel(table)).wrap(Wrap { trim: false }), screen.panel);
    bottom(frame, screen.input, app);
}

/// The panel's lines.
fn panel(table: &Table) -> Vec<Line<'static>> {
    let v = &table.view;
    let mut lines = vec![Line::from(format!("Game {}: {}", v.info.id, v.info.kind)).add_modifier(Modifier::BOLD)];
    for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
        let clock =
            table.clocks.as_ref().map_or(String::new(), |(c, read)| format!("  {}", clock_left(c, *read, color)));
        let turn = if v.ending.is_none() && table.position.turn() == color { " <" } else { "" };
        lines.push(Line::from(format!("{color}: {}{clock}{turn}", inert(&v.info.names[i]))));
    }
    lines.push(Line::from(match (v.you, &v.ending) {
        (_, Some(e)) => format!("Result {} ({})", e.result, inert(&e.why)),
        (Some(c), None) => format!("You play {c}"),
        (None, None) => "Watching".to_string(),
    }));
    let moves: Vec<String> =
        table.san.chunks(2).enumerate().map(|(i, m)| format!("{}. {}", i + 1, m.join(" "))).collect();
    lines.push(Line::from(format!("Moves ({}): {}", v.moves.len(), moves.join(" "))));
    lines.push(Line::from("Chat:"));
    lines.extend(table.chat.iter().map(|c| Line::from(c.clone())));
    lines.extend(GAME_COMMANDS.iter().map(|(usage, what)| Line::from(format!("{usage}: {what}"))));
    lines
}
