//! Drawing a connection's screens from its state alone (a game is drawn
//! by the local app's own view): the lobby's tables, pages that scroll,
//! the status and the input line.

use std::time::Instant;

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Rect};
use ratatui::style::{Modifier, Style, Stylize};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Cell, Paragraph, Row as TableRow, Table, Wrap};

use super::lobby::{Row, Section, rows};
use super::{ConnectionApp, ConnectionScreen, LOBBY_COMMANDS};
use crate::printable::inert;
use crate::server::hub::{ChallengeInfo, ColourChoice, LobbyGame};
use crate::server::hub::{GameId, LeaderRow, PlayerPage};

/// The lobby's commands a guest may use, by their first word.
const GUEST_COMMANDS: &[&str] = &["open", "top", "theme", "quit", "help"];

/// Rows of the input line and status at the bottom: a status of two
/// rows, so that a refusal wraps instead of being cut at 80 columns.
const BOTTOM: u16 = 4;

/// Rows of the lobby above its table (title, who is online) and below it (the hint).
const LOBBY_TOP: u16 = 2;
const LOBBY_HINT: u16 = 2;

/// The lobby's hint under its table.
const HINT: &str =
    "Up/Down/PgUp/PgDn/Home/End: pick; Enter: open or accept; or type a command ('help' or '?' lists them).";

/// A guest's hint: a guest watches, and accepts nothing.
const GUEST_HINT: &str =
    "Up/Down/PgUp/PgDn/Home/End: pick; Enter: watch the game; or type a command ('help' or '?' lists them).";

/// The hint under the lobby's table, a guest's or a player's.
fn hint_for(guest: bool) -> &'static str {
    if guest { GUEST_HINT } else { HINT }
}

/// The input line's keys, on the help page.
const LINE_KEYS: &str =
    "The input line: Ctrl-U clears it, Ctrl-W deletes a word, Ctrl-P and Ctrl-N recall the lines run before.";

/// The widest the players' column gets: two names of 20 and ' vs '.
const PLAYERS_MAX: u16 = 44;

/// The lobby's table's columns: heading and width (`None`: the rest, up
/// to [`PLAYERS_MAX`]).
const COLUMNS: &[(&str, Option<u16>)] = &[
    ("   ID", Some(5)),
    ("White vs Black", None),
    ("Game", Some(8)),
    ("Clock", Some(7)),
    ("Rated", Some(5)),
    ("Moves", Some(5)),
    ("To move", Some(9)),
    ("Clocks", Some(11)),
];

/// Draws the app's screen.
pub fn draw(frame: &mut Frame, app: &ConnectionApp) {
    let area = frame.area();
    let main = main_area(area);
    match &app.screen {
        ConnectionScreen::Register => register(frame, main),
        ConnectionScreen::Lobby => lobby(frame, main, app),
        ConnectionScreen::Page { title, lines, back_to, top } => {
            page(frame, main, (title, lines), *back_to, *top);
        }
        ConnectionScreen::Game(g) => return crate::tui::view::draw(frame, g.app.session()),
    }
    bottom(frame, Rect::new(area.x, main.bottom(), area.width, BOTTOM.min(area.height)), app);
}

/// The screen above the status and input lines.
fn main_area(area: Rect) -> Rect {
    Rect::new(area.x, area.y, area.width, area.height.saturating_sub(BOTTOM))
}

/// How many rows of its list the lobby shows in a window of `width` x `height`.
pub fn lobby_list_height((width, height): (u16, u16)) -> usize {
    let main = main_area(Rect::new(0, 0, width, height));
    // The table's own heading takes a row.
    usize::from(main.height.saturating_sub(LOBBY_TOP + LOBBY_HINT + 1)).max(1)
}

/// How many rows of text a page shows in a window of `width` x `height`.
pub fn page_height((width, height): (u16, u16)) -> usize {
    usize::from(main_area(Rect::new(0, 0, width, height)).height.saturating_sub(1)).max(1)
}

/// The status line and the input line; a line longer than the window
/// scrolls sideways, its end shown.
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
    let room = usize::from(area.width).saturating_sub(prompt.len() + 1);
    let typed = app.input.chars().count();
    let shown = if typed > room {
        let tail: String = app.input.chars().skip(typed - room.saturating_sub(1)).collect();
        format!("{prompt}<{tail}")
    } else {
        format!("{prompt}{}", app.input)
    };
    frame.render_widget(Paragraph::new(Line::from(shown)), input);
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

/// The commands' help page's lines (a guest's: what a guest may do).
pub fn help_lines(guest: bool) -> Vec<String> {
    let shown = |(usage, _): &&(&str, &str)| !guest || GUEST_COMMANDS.iter().any(|c| usage.starts_with(c));
    let mut lines = vec![hint_for(guest).to_string(), LINE_KEYS.to_string(), String::new()];
    lines.extend(
        LOBBY_COMMANDS.iter().filter(shown).flat_map(|(usage, what)| [usage.to_string(), format!("    {what}")]),
    );
    lines
}

/// Time left as `4:05`.
fn left_text(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

/// A clock setting as `5+3` (minutes + seconds).
fn clock_text(clock: Option<(u64, u64)>) -> String {
    let Some((initial, inc)) = clock else { return "untimed".into() };
    match initial % 60_000 {
        0 => format!("{}+{}", initial / 60_000, inc / 1000),
        _ => format!("{}s+{}", initial / 1000, inc / 1000),
    }
}

/// Moves (not plies) as the lobby counts them: a move is White's and Black's.
fn moves_text(plies: usize) -> String {
    plies.div_ceil(2).to_string()
}

/// A game's cells; `me` is told when it is their move. The clocks run on
/// from when the lobby was read (`read`).
fn game_cells(g: &LobbyGame, me: Option<&str>, read: Instant) -> (Vec<String>, bool) {
    let mine = me.and_then(|me| g.names.iter().position(|n| n == me));
    let yours = mine == Some(g.turn.index());
    let to_move = if yours { "YOUR MOVE".to_string() } else { format!("{:?}", g.turn) };
    let clocks = g.clocks.map_or(String::new(), |c| {
        let ran = i64::try_from(read.elapsed().as_millis()).unwrap_or(i64::MAX);
        let left = |i: usize| c.left_ms[i] - if c.running.map(|s| s.index()) == Some(i) { ran } else { 0 };
        format!("{} {}", left_text(left(0)), left_text(left(1)))
    });
    let names = format!("{} vs {}", inert(&g.names[0]), inert(&g.names[1]));
    let rated = if g.rated { "rated" } else { "" };
    let cells = vec![g.id.to_string(), names, g.kind.to_string(), clock_text(g.clock), rated.into()];
    (cells.into_iter().chain([moves_text(g.plies), to_move, clocks]).collect(), yours)
}

/// A challenge's cells: who plays which side, and what Enter does.
fn challenge_cells(c: &ChallengeInfo, me: Option<&str>) -> Vec<String> {
    let s = &c.spec;
    let from = inert(&c.from);
    let to = match s.to.as_deref() {
        Some(t) if Some(t) == me => "you".to_string(),
        Some(t) => inert(t),
        None => "anyone".into(),
    };
    let names = match s.colour {
        ColourChoice::White => format!("{from} vs {to}"),
        ColourChoice::Black => format!("{to} vs {from}"),
        ColourChoice::Random => format!("{from} or {to}, random"),
    };
    let what = match (c.paused, Some(c.from.as_str()) == me) {
        (_, true) => "yours",
        (Some(_), false) => "waits",
        (None, false) => "accept",
    };
    let rated = if s.rated { "rated" } else { "" };
    // A `*` marks a start the challenger set up (Linked-portal chess's portals).
    let game = if s.start_fen.is_some() { format!("{}*", s.kind) } else { s.kind.to_string() };
    [c.id.to_string(), names, game, clock_text(s.clock), rated.into(), String::new(), what.into()]
        .into_iter()
        .chain([String::new()])
        .collect()
}

fn lobby(frame: &mut Frame, area: Rect, app: &ConnectionApp) {
    let l = &app.lobby;
    let me = app.account.as_ref().map(|a| a.name.as_str());
    let who = me.map_or("a guest (watch only)".to_string(), inert);
    let drawing = format!("theme {}, pieces {}", app.mine.theme, app.mine.pieces);
    let title = Line::from(format!("Wormhole lobby - you are {who} ({drawing})")).add_modifier(Modifier::BOLD);
    let online: Vec<String> = l.online.iter().map(|n| inert(n)).collect();
    let online = Line::from(format!("Online ({}): {}", online.len(), online.join(", ")));
    let [head, table, hint] = lobby_areas(area);
    frame.render_widget(Paragraph::new(vec![title, online]), head);
    let rows = rows(l, me.is_some());
    let height = usize::from(table.height.saturating_sub(1));
    let picked = app.pick.row(&rows);
    let top = app.pick.top.min(rows.len().saturating_sub(height));
    let shown = rows.iter().enumerate().skip(top).take(height);
    let lines: Vec<TableRow> = shown.clone().map(|(i, r)| table_row(r, me, app, picked == Some(i))).collect();
    // The players' column takes the rest, up to two long names.
    let fixed: u16 = COLUMNS.iter().filter_map(|(_, w)| *w).sum::<u16>() + COLUMNS.len() as u16 - 1;
    let players = table.width.saturating_sub(fixed).clamp(12, PLAYERS_MAX);
    let widths = COLUMNS.iter().map(|(_, w)| Constraint::Length(w.unwrap_or(players)));
    let heading = TableRow::new(COLUMNS.iter().map(|(h, _)| Cell::from(*h))).style(app.theme.dim);
    frame.render_widget(Table::new(lines, widths).header(heading).flex(Flex::Start), table);
    // The headings span the table's width: drawn over their rows.
    for (y, (_, row)) in shown.enumerate() {
        if let Row::Heading(section, n) = row {
            let at = Rect { y: table.y + 1 + y as u16, height: 1, ..table };
            let words = Line::from(format!("{} ({n})", section.heading())).style(app.theme.accent);
            frame.render_widget(Paragraph::new(words), at);
        }
    }
    let last = rows.len().min(top + height);
    let more = if rows.len() > height { format!("Rows {}-{last} of {}. ", top + 1, rows.len()) } else { String::new() };
    let hint_text = Line::from(format!("{more}{}", hint_for(me.is_none()))).style(app.theme.dim);
    frame.render_widget(Paragraph::new(hint_text).wrap(Wrap { trim: true }), hint);
}

/// The lobby's parts: the title and who is online, the table, the hint.
fn lobby_areas(area: Rect) -> [Rect; 3] {
    let top = LOBBY_TOP.min(area.height);
    let hint = LOBBY_HINT.min(area.height - top);
    let table = area.height - top - hint;
    [
        Rect { height: top, ..area },
        Rect { y: area.y + top, height: table, ..area },
        Rect { y: area.y + top + table, height: hint, ..area },
    ]
}

/// One row of the lobby's table; the picked one is marked and reversed.
fn table_row<'a>(row: &Row<'_>, me: Option<&str>, app: &ConnectionApp, picked: bool) -> TableRow<'a> {
    let (mut cells, strong) = match row {
        Row::Heading(..) => return TableRow::new(Vec::<Cell>::new()),
        Row::Nothing => return TableRow::new(["", "none"]).style(app.theme.dim),
        Row::Game(g, section) => game_cells(g, me.filter(|_| *section == Section::Mine), app.lobby_read),
        Row::Challenge(c) => (challenge_cells(c, me), false),
    };
    cells[0] = format!("{}{:>4}", if picked { ">" } else { " " }, cells[0]);
    let mut style = if strong { Style::new().add_modifier(Modifier::BOLD) } else { Style::new() };
    if picked {
        style = style.add_modifier(Modifier::REVERSED);
    }
    TableRow::new(cells).style(style)
}

/// `lines` wrapped at `width` columns at spaces; a wrapped line's rest is
/// indented as it was.
pub fn wrapped(lines: &[String], width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut out = Vec::new();
    for line in lines {
        let indent = line.chars().take_while(|c| *c == ' ').count().min(width / 2);
        let mut rest: Vec<char> = line.chars().collect();
        let mut first = true;
        loop {
            let lead = if first { 0 } else { indent };
            let room = width - lead;
            if rest.len() <= room {
                out.push(format!("{}{}", " ".repeat(lead), rest.iter().collect::<String>()));
                break;
            }
            let cut = rest[..=room].iter().rposition(|c| *c == ' ').filter(|&i| i > indent).unwrap_or(room);
            out.push(format!("{}{}", " ".repeat(lead), rest[..cut].iter().collect::<String>().trim_end()));
            let skip = if rest.get(cut) == Some(&' ') { cut + 1 } else { cut };
            rest.drain(..skip);
            first = false;
        }
    }
    out
}

/// A page of text, wrapped at the window's width and scrolled from row `top`.
fn page(frame: &mut Frame, area: Rect, text: (&str, &[String]), back_to: Option<GameId>, top: usize) {
    let (title, lines) = text;
    let rows = wrapped(lines, usize::from(area.width));
    let height = usize::from(area.height.saturating_sub(1)).max(1);
    let top = top.min(rows.len().saturating_sub(height));
    let back = back_to.map_or("Esc: back to the lobby".to_string(), |g| format!("Esc: back to game {g}"));
    let scroll = if rows.len() > height {
        format!("; rows {}-{} of {}: Up/Down, PgUp/PgDn", top + 1, (top + height).min(rows.len()), rows.len())
    } else {
        String::new()
    };
    let mut text = vec![Line::from(format!("{title}   ({back}{scroll})")).add_modifier(Modifier::BOLD)];
    text.extend(rows.into_iter().skip(top).take(height).map(Line::from));
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
