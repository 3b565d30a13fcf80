//! Drawing a connection's screens from its state alone (a game is drawn
//! by the local app's own view).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Stylize};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::{ConnectionApp, ConnectionScreen, LOBBY_COMMANDS, inert};
use crate::server::hub::GameInfo;
use crate::server::hub::records::{LeaderRow, PlayerPage};

/// The lobby's commands a guest may use, by their first word.
const GUEST_COMMANDS: &[&str] = &["open", "top", "theme", "quit"];

/// Rows of the input line and status at the bottom: a status of two
/// rows, so that a refusal wraps instead of being cut at 80 columns.
const BOTTOM: u16 = 4;

/// Draws the app's screen.
pub fn draw(frame: &mut Frame, app: &ConnectionApp) {
    let area = frame.area();
    let main = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(BOTTOM));
    match &app.screen {
        ConnectionScreen::Register => register(frame, main),
        ConnectionScreen::Lobby => lobby(frame, main, app),
        ConnectionScreen::Page { title, lines, back_to } => page(frame, main, title, lines, *back_to),
        ConnectionScreen::Game(g) => return crate::tui::view::draw(frame, g.app.session()),
    }
    bottom(frame, Rect::new(area.x, main.bottom(), area.width, BOTTOM.min(area.height)), app);
}

/// The status line and the input line.
fn bottom(frame: &mut Frame, area: Rect, app: &ConnectionApp) {
    let prompt = match &app.screen {
        ConnectionScreen::Register => "name> ",
        _ => "> ",
    };
    let status = Rect { y: area.y + 1, height: area.height.saturating_sub(2), ..area };
    let input = Rect { y: area.bottom().saturating_sub(1), height: 1.min(area.height), ..area };
    frame.render_widget(Block::default().borders(Borders::TOP), area);
    let said = Paragraph::new(Line::from(inert(&app.status)).style(app.theme.accent)).wrap(Wrap { trim: true });
    frame.render_widget(said, status);
    frame.render_widget(Paragraph::new(Line::from(format!("{prompt}{}", app.input))), input);
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

/// A game's line in the lobby's lists; `me` (this player's name) is told
/// whether it is their move, and their time.
fn game_line(g: &GameInfo, me: Option<&str>) -> String {
    let clock = g.clock.map_or("untimed".to_string(), clock_text);
    let rated = if g.rated { "rated" } else { "casual" };
    let moves = g.plies.div_ceil(2);
    let moves = if moves == 1 { "1 move".to_string() } else { format!("{moves} moves") };
    let names = format!("{} (White) vs {} (Black)", inert(&g.names[0]), inert(&g.names[1]));
    let mine = me.and_then(|me| g.names.iter().position(|n| n == me));
    let turn = match (mine, g.clocks) {
        (Some(i), Some(c)) if i == g.turn.index() => format!(", YOUR MOVE, {} left", left_text(c.left_ms[i])),
        (Some(i), None) if i == g.turn.index() => ", YOUR MOVE".to_string(),
        _ => format!(", {:?} to move", g.turn),
    };
    format!("{:>4}  {names}  {}  {clock} {rated}, {moves}{turn}", g.id, g.kind)
}

/// Time left as `4:05`.
fn left_text(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

/// A clock setting as `5+3` (minutes + seconds).
fn clock_text((initial, inc): (u64, u64)) -> String {
    match initial % 60_000 {
        0 => format!("{}+{}", initial / 60_000, inc / 1000),
        _ => format!("{}s+{}", initial / 1000, inc / 1000),
    }
}

fn lobby(frame: &mut Frame, area: Rect, app: &ConnectionApp) {
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
        let waits = c.paused.map_or(String::new(), |g| format!(" (waits: playing game {g})"));
        lines.push(Line::from(format!(
            "{:>4}  {}{to}: {} {clock} {rated}, {:?}{waits}",
            c.id,
            inert(&c.from),
            s.kind,
            s.colour
        )));
    }
    lines.push(Line::from("Your games:").style(app.theme.accent));
    let me = app.account.as_ref().map(|a| a.name.as_str());
    lines.extend(l.mine.iter().map(|g| Line::from(game_line(g, me))));
    lines.push(Line::from("Games being played:").style(app.theme.accent));
    let others = l.live.iter().filter(|g| !l.mine.iter().any(|m| m.id == g.id));
    lines.extend(others.map(|g| Line::from(game_line(g, None))));
    lines.push(Line::from(""));
    // A guest is shown what a guest may do.
    let shown =
        |(usage, _): &&(&str, &str)| app.account.is_some() || GUEST_COMMANDS.iter().any(|c| usage.starts_with(c));
    lines.extend(LOBBY_COMMANDS.iter().filter(shown).map(|(usage, what)| Line::from(format!("  {usage:<52} {what}"))));
    frame.render_widget(Paragraph::new(lines), area);
}

fn page(frame: &mut Frame, area: Rect, title: &str, lines: &[String], back_to: Option<i64>) {
    let back = back_to.map_or("Esc: back to the lobby".to_string(), |g| format!("Esc: back to game {g}"));
    let mut text = vec![Line::from(format!("{title}   ({back})")).add_modifier(Modifier::BOLD)];
    text.extend(lines.iter().map(|l| Line::from(l.clone())));
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: false }), area);
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
    lines.push("Recent games (open ID: the game and its review, :review; pgn ID: its PGN):".into());
    for g in &page.recent {
        lines.push(format!("{:>4}  {} - {}  {}  {}", g.id, inert(&g.names[0]), inert(&g.names[1]), g.kind, g.result));
    }
    for (kind, history) in &page.history {
        let ratings: Vec<String> = history.iter().map(|(_, r)| format!("{:.0}", r.rating)).collect();
        lines.push(format!("{kind} rating history: {}", ratings.join(" ")));
    }
    lines
}
