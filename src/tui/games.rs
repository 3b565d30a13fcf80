//! What differs per game in the app's words and legends, one file per game
//! in `games/`: its rules page, the legend of the marks it puts on the
//! board, the panel's line about the board, what a move or a FEN says and
//! whether the board turns. The facts of its rules (the marks themselves,
//! forced moves, warnings, the start's choices, the boards' names) come
//! from the library ([`wormhole::facts`], [`GameKind::info`]). The views
//! look a game up here ([`view`]) and never name one. A new game is its
//! file and its line in the list of [`views!`].

use ::wormhole::{AnyMove, AnyPosition, GameKind, Role, Rules};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;

use crate::tui::legend;
use crate::tui::theme::StyleSheet;

/// How the app shows one game.
pub trait GameLook: Sync {
    /// The rules page, in at most `width` columns: its heading, the rules
    /// in a nutshell and each piece's move.
    fn rules(&self, width: usize) -> Vec<Line<'static>>;

    /// Legend lines for marks of the squares themselves, listed before the
    /// target mark (Wormhole chess's holes), in at most `width` columns.
    fn square_marks(&self, _theme: &StyleSheet, _width: usize) -> Vec<Line<'static>> {
        Vec::new()
    }

    /// Legend lines for the game's marks in a square's corner, listed after
    /// the target mark (portholes, portals), in at most `width` columns.
    fn corner_marks(&self, _theme: &StyleSheet, _width: usize) -> Vec<Line<'static>> {
        Vec::new()
    }

    /// The panel's legend of the game's marks, under the pieces when there
    /// is room: the one fact a newcomer misses most (holes are not squares;
    /// the two portals are one square, J), in at most `width` columns.
    fn panel_marks(&self, _theme: &StyleSheet, _width: usize) -> Vec<Line<'static>> {
        Vec::new()
    }

    /// The panel's line about the board now; `None` for a position of
    /// another game (never, as [`board_state`] looks the view up by the
    /// position's game).
    fn board_state(&self, pos: &AnyPosition) -> Option<String>;

    /// What the message line says about the move `m` of `pos` once it is
    /// played, besides the move (Linked-portal chess: what a black hole
    /// swallowed); nothing by default.
    fn move_note(&self, _pos: &AnyPosition, _m: AnyMove) -> Option<String> {
        None
    }

    /// What loading a FEN as `pos` should tell the player before anything
    /// else (Porthole chess: an orthodox FEN read with no portholes);
    /// nothing by default.
    fn fen_note(&self, _pos: &AnyPosition) -> Option<String> {
        None
    }
}

/// Declares each game's module of `games/` and lists its view with one
/// game it shows (every game played by the same rules shares the view)
/// and the file of the repository that gives its full rules, FEN and
/// notation.
macro_rules! views {
    ($($module:ident::$view:ident: $kind:ident, $docs:literal,)+) => {
        $(mod $module;)+

        /// Each game's view, with one game it shows.
        const VIEWS: &[(GameKind, &dyn GameLook)] = &[$((GameKind::$kind, &$module::$view),)+];

        /// Each game's rules file in the repository, with one game it covers.
        const DOCS: &[(GameKind, &str)] = &[$((GameKind::$kind, $docs),)+];
    };
}

views! {
    wormhole::Wormhole: Classic, "docs/wormhole.md",
    porthole::Porthole: Porthole, "docs/porthole.md",
    linked::Linked: Linked, "docs/linked.md",
    twoboard::Twoboard: Twoboard, "docs/twoboard.md",
}

/// The file of the repository that gives the full rules, FEN and notation
/// of the game `kind` (both Wormhole piece sets share one), from [`DOCS`].
pub fn docs(kind: GameKind) -> &'static str {
    DOCS.iter()
        .find(|(shown, _)| shown.same_rules(kind))
        .map(|&(_, docs)| docs)
        .expect("every game has a view (tested)")
}

/// Where the rules of every game are, for `--help`: each rules file and
/// the games it covers.
pub fn docs_help() -> String {
    let files: Vec<String> = DOCS
        .iter()
        .map(|&(shown, docs)| {
            let games: Vec<&str> = GameKind::ALL.iter().filter(|k| k.same_rules(shown)).map(|k| k.name()).collect();
            format!("  {docs:<18} {}", games.join(", "))
        })
        .collect();
    format!("The rules of each game, its FEN and its notation, in the source repository:\n{}", files.join("\n"))
}

/// The rules page of the game `kind` in at most `width` columns: its
/// view's page, then where the full rules are.
pub fn rules_with_docs(kind: GameKind, width: usize) -> Vec<Line<'static>> {
    let mut v = view(kind).rules(width);
    v.push(Line::from(format!("The full rules, FEN and notation: {} in the source repository.", docs(kind))));
    v
}

/// The view of the game `kind` (from [`VIEWS`]).
pub fn view(kind: GameKind) -> &'static dyn GameLook {
    VIEWS
        .iter()
        .find(|(shown, _)| shown.same_rules(kind))
        .map(|&(_, view)| view)
        .expect("every game has a view (tested)")
}

/// The name of board `board` of the game `kind` ("Board A"; "the board"
/// in a game of one), from the game's [`GameInfo::board_names`](wormhole::GameInfo::board_names).
pub fn board_name(kind: GameKind, board: usize) -> String {
    kind.info().board_names.get(board).map_or("the board".to_string(), |name| format!("Board {name}"))
}

/// What the board of `pos` is like now, in the words of its game.
pub fn board_state(pos: &AnyPosition) -> String {
    view(pos.kind()).board_state(pos).unwrap_or_default()
}

/// What loading the FEN `text` as `pos` says: what its game has to say
/// first ([`GameLook::fen_note`]),
/// or which fields it left out were assumed (the side to move above all),
/// or just that it loaded.
pub fn fen_note(text: &str, pos: &AnyPosition) -> String {
    if let Some(note) = view(pos.kind()).fen_note(pos) {
        return note;
    }
    let full: Vec<String> = pos.fen().split_whitespace().map(str::to_string).collect();
    let given = text.split_whitespace().count();
    if given >= full.len() {
        return "position loaded".to_string();
    }
    format!(
        "position loaded; the FEN gave {given} of {} fields: assumed '{}' ({} to move)",
        full.len(),
        full[given..].join(" "),
        pos.turn()
    )
}

fn bold() -> Style {
    Style::new().add_modifier(Modifier::BOLD)
}

/// A rules page in at most `width` columns: `Rules of <title>`, the
/// lines before the pieces, each piece of `kind` and how it moves, the
/// lines after them.
fn rules_page(kind: GameKind, before: &[&'static str], after: &[&'static str], width: usize) -> Vec<Line<'static>> {
    let mut v = vec![Line::styled(format!("Rules of {}", kind.title()), bold())];
    v.extend(before.iter().map(|r| Line::from(*r)));
    v.extend(role_lines(kind, kind.roles(), width));
    v.extend(after.iter().map(|r| Line::from(*r)));
    v
}

/// One entry per role: its name and letter, then how it moves in `kind`,
/// in at most `width` columns.
fn role_lines(kind: GameKind, roles: &[Role], width: usize) -> Vec<Line<'static>> {
    let mut v = Vec::new();
    for &role in roles {
        let name = kind.role_names().name(role);
        let head = format!("  {}{} ({})", name[..1].to_uppercase(), &name[1..], kind.role_names().letter(role));
        let lines = legend::wrap(kind.movement(role), width - 16);
        for (i, l) in lines.iter().enumerate() {
            let left = if i == 0 { head.as_str() } else { "" };
            v.push(Line::from(format!("{left:<15} {l}")));
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The help's width, minus its border.
    const WIDTH: usize = 76;

    #[test]
    fn every_game_has_one_view() {
        for kind in GameKind::ALL {
            assert_eq!(VIEWS.iter().filter(|(shown, _)| shown.same_rules(kind)).count(), 1, "{kind}");
            assert!(!view(kind).rules(WIDTH).is_empty());
            let page: Vec<String> = rules_with_docs(kind, WIDTH).iter().map(|l| l.to_string()).collect();
            assert!(page.last().unwrap().contains(docs(kind)), "{kind}: {page:?}");
            assert!(docs_help().contains(docs(kind)), "{kind}");
            let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(docs(kind));
            assert!(file.is_file(), "{kind}: no {}", file.display());
        }
    }
}
