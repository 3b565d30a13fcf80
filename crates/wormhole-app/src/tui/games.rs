//! What differs per game in the app's drawing and help, one file per game
//! in `games/`: its rules page, the marks it puts on the board (for the
//! legend), the panel's line about the board, whether the board turns,
//! and for a game of several boards their names, the pieces crossing
//! between them and the moves its rules force. The views look a game up
//! here ([`view`]) and never name one. A new game is its file and its line
//! in the list of [`views!`].

use ::wormhole::{AnyMove, AnyPosition, Color, GameKind, Piece, Role, Rules, Square};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;

use crate::tui::theme::Theme;
use crate::tui::view::board::Crossings;
use crate::tui::view::{help, legend};

/// How the app shows one game.
pub trait GameView: Sync {
    /// The rules page: its heading, the rules in a nutshell and each
    /// piece's move.
    fn rules(&self) -> Vec<Line<'static>>;

    /// Legend lines for marks of the squares themselves, listed before the
    /// target mark (Wormhole chess's holes).
    fn square_marks(&self, _theme: &Theme) -> Vec<Line<'static>> {
        Vec::new()
    }

    /// Legend lines for the game's marks in a square's corner, listed after
    /// the target mark (portholes, portals).
    fn corner_marks(&self, _theme: &Theme) -> Vec<Line<'static>> {
        Vec::new()
    }

    /// The panel's legend of the game's marks, under the pieces when there
    /// is room: the one fact a newcomer misses most (holes are not squares;
    /// the two portals are one square, J), in at most `width` columns.
    fn panel_marks(&self, _theme: &Theme, _width: usize) -> Vec<Line<'static>> {
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

    /// A piece the move `m` of `pos` carries elsewhere besides its own
    /// move: the piece, where it stood and where it lands (Linked-portal
    /// chess: a portal stepping onto a piece teleports it to the other
    /// portal). The board marks both squares as the last move's. None by
    /// default.
    fn carried(&self, _pos: &AnyPosition, _m: AnyMove) -> Option<(Piece, Square, Square)> {
        None
    }

    /// What loading a FEN as `pos` should tell the player before anything
    /// else (Porthole chess: an orthodox FEN read with no portholes);
    /// nothing by default.
    fn fen_note(&self, _pos: &AnyPosition) -> Option<String> {
        None
    }

    /// The choices of the start position the new-game screen offers, one
    /// line each (none by default).
    fn setup_choices(&self) -> &'static [SetupChoice] {
        &[]
    }

    /// What the setup line `choice` shows for `value` (0 to its count).
    fn setup_value(&self, _choice: usize, value: u8) -> String {
        value.to_string()
    }

    /// The start position of `kind` with `values` chosen, one per setup
    /// choice: the game's start by default.
    fn start(&self, kind: GameKind, _values: &[u8]) -> AnyPosition {
        AnyPosition::new(kind)
    }

    /// Whether the board may be turned to show Black's side at the bottom
    /// (Ctrl-F, playing Black); a game whose rules fix the view says no.
    fn flips(&self) -> bool {
        true
    }

    /// The names of the boards, in the order of the position's boards,
    /// for a game of several ("Board A"); none for a game of one.
    fn board_names(&self) -> &'static [&'static str] {
        &[]
    }

    /// What a game of several boards marks on board `board` of `pos`: the
    /// squares joined to another board, the pieces about to leave and
    /// those about to arrive. Nothing by default.
    fn crossings(&self, _pos: &AnyPosition, _board: usize) -> Crossings {
        Crossings::default()
    }

    /// The number of porthole tokens on each square of `pos` (none by default).
    fn portholes(&self, _pos: &AnyPosition) -> [u8; 64] {
        [0; 64]
    }

    /// The portals of `pos` owned by a player (`Some(owner)`) or frozen
    /// (`None`), each on its square (none by default).
    fn portals(&self, _pos: &AnyPosition) -> Vec<(Square, Option<Color>)> {
        Vec::new()
    }

    /// The move the side to move must play, if its rules force one (a
    /// teleport, a lost move, a pass): Enter on an empty line plays it, and
    /// a click on one of its squares. None by default.
    fn forced_move(&self, _pos: &AnyPosition) -> Option<Forced> {
        None
    }

    /// A warning before the legal move `m` is played, when its rules hide
    /// a danger a player may not see (a move played again after its
    /// warning is played). None by default.
    fn warning(&self, _pos: &AnyPosition, _m: AnyMove) -> Option<String> {
        None
    }
}

/// A move the rules force ([`GameView::forced_move`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forced {
    /// The move.
    pub m: AnyMove,
    /// Why it is forced, in words that end by saying how to play it.
    pub why: String,
    /// The squares, each with its board's index, a click on which plays
    /// it: the piece and where it arrives (none for a lost move or a pass).
    pub clicks: Vec<(usize, Square)>,
}

/// A choice of the start position on the new-game screen: a line whose
/// value runs from 0 to `count - 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetupChoice {
    /// The line's label.
    pub label: &'static str,
    /// How many values it has.
    pub count: u8,
    /// The value chosen at first.
    pub default: u8,
}

/// Declares each game's module of `games/` and lists its view with one
/// game it shows (every game played by the same rules shares the view)
/// and the file of the repository that gives its full rules, FEN and
/// notation.
macro_rules! views {
    ($($module:ident::$view:ident: $kind:ident, $docs:literal,)+) => {
        $(mod $module;)+

        /// Each game's view, with one game it shows.
        const VIEWS: &[(GameKind, &dyn GameView)] = &[$((GameKind::$kind, &$module::$view),)+];

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

/// The rules page of the game `kind`: its view's page, then where the
/// full rules are.
pub fn rules_with_docs(kind: GameKind) -> Vec<Line<'static>> {
    let mut v = view(kind).rules();
    v.push(Line::from(format!("The full rules, FEN and notation: {} in the source repository.", docs(kind))));
    v
}

/// The view of the game `kind` (from [`VIEWS`]).
pub fn view(kind: GameKind) -> &'static dyn GameView {
    VIEWS
        .iter()
        .find(|(shown, _)| shown.same_rules(kind))
        .map(|&(_, view)| view)
        .expect("every game has a view (tested)")
}

/// The name of board `board` of the game `kind` ("Board A"; "the board"
/// in a game of one).
pub fn board_name(kind: GameKind, board: usize) -> &'static str {
    view(kind).board_names().get(board).copied().unwrap_or("the board")
}

/// What the board of `pos` is like now, in the words of its game.
pub fn board_state(pos: &AnyPosition) -> String {
    view(pos.kind()).board_state(pos).unwrap_or_default()
}

/// What loading the FEN `text` as `pos` says: what its game has to say
/// first ([`GameView::fen_note`]),
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

/// A rules page: `Rules of <title>`, the lines before the pieces, each
/// piece of `kind` and how it moves, the lines after them.
fn rules_page(kind: GameKind, before: &[&'static str], after: &[&'static str]) -> Vec<Line<'static>> {
    let mut v = vec![Line::styled(format!("Rules of {}", kind.title()), bold())];
    v.extend(before.iter().map(|r| Line::from(*r)));
    v.extend(role_lines(kind, kind.roles()));
    v.extend(after.iter().map(|r| Line::from(*r)));
    v
}

/// One entry per role: its name and letter, then how it moves in `kind`.
fn role_lines(kind: GameKind, roles: &[Role]) -> Vec<Line<'static>> {
    let mut v = Vec::new();
    for &role in roles {
        let name = role.name();
        let head = format!("  {}{} ({})", name[..1].to_uppercase(), &name[1..], role.char());
        let lines = legend::wrap(kind.movement(role), usize::from(help::WIDTH) - 18);
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

    #[test]
    fn every_game_has_one_view() {
        for kind in GameKind::ALL {
            assert_eq!(VIEWS.iter().filter(|(shown, _)| shown.same_rules(kind)).count(), 1, "{kind}");
            assert!(!view(kind).rules().is_empty());
            let page: Vec<String> = rules_with_docs(kind).iter().map(|l| l.to_string()).collect();
            assert!(page.last().unwrap().contains(docs(kind)), "{kind}: {page:?}");
            assert!(docs_help().contains(docs(kind)), "{kind}");
            let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(docs(kind));
            assert!(file.is_file(), "{kind}: no {}", file.display());
        }
    }
}
