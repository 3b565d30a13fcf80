//! Every key binding in one table: the key handler, the F1 page, `--help`
//! and the footer all read [`KEYMAP`], so they cannot disagree.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::action::UserAction;

/// Where the session is, as far as keys are concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// Playing (the board and the input line).
    Play,
    /// Stepping through earlier positions.
    Browse,
    /// The game has ended and its banner is up.
    GameOver,
    /// The help overlay.
    Help,
    /// The new-game screen.
    NewGame,
    /// A yes/no question.
    Confirm,
    /// The review screen (the engine's analysis of the game).
    Review,
    /// Live analysis of a position.
    Analyze,
    /// The list of saved games.
    OpenGame,
    /// The puzzle trainer, a puzzle being solved.
    Puzzle,
    /// The puzzle trainer, after a puzzle (solved, failed or shown).
    PuzzleOver,
}

impl Context {
    #[cfg(test)]
    pub const ALL: [Context; 11] = [
        Context::Play,
        Context::Browse,
        Context::GameOver,
        Context::Help,
        Context::NewGame,
        Context::Confirm,
        Context::Review,
        Context::Analyze,
        Context::OpenGame,
        Context::Puzzle,
        Context::PuzzleOver,
    ];
}

/// When a binding applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// In every context.
    Always,
    /// With the game on screen (playing, browsing, game over, the review,
    /// analysis, the puzzle trainer).
    Game,
    /// With the game on screen, when nothing has been typed.
    EmptyInput,
    /// Only in this context.
    Only(Context),
    /// Only in this context, when nothing has been typed (a letter key
    /// beside a `:` command line).
    OnlyEmpty(Context),
}

impl When {
    fn applies(self, ctx: Context, input_empty: bool) -> bool {
        match self {
            When::Always => true,
            When::Game => {
                matches!(
                    ctx,
                    Context::Play
                        | Context::Browse
                        | Context::GameOver
                        | Context::Review
                        | Context::Analyze
                        | Context::Puzzle
                        | Context::PuzzleOver
                )
            }
            When::EmptyInput => When::Game.applies(ctx, input_empty) && input_empty,
            When::Only(c) => c == ctx,
            When::OnlyEmpty(c) => c == ctx && input_empty,
        }
    }
}

/// One key binding.
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    pub code: KeyCode,
    /// Whether Ctrl is held (other modifiers are ignored, so Shift-? is ?).
    pub ctrl: bool,
    pub when: When,
    pub action: UserAction,
    /// What the help says; consecutive rows with the same text share a line.
    pub help: &'static str,
    /// How the footer (and the help's title) shows it, if it does.
    pub footer: Option<Footer>,
}

/// A binding's entry in the footer.
#[derive(Debug, Clone, Copy)]
pub struct Footer {
    /// The keys as written there, when not just this binding's key (`Up/Down`).
    pub keys: Option<&'static str>,
    pub word: &'static str,
    /// 0 is kept longest when the footer is too wide.
    pub rank: u8,
}

const fn key(code: KeyCode, when: When, action: UserAction, help: &'static str) -> Binding {
    Binding { code, ctrl: false, when, action, help, footer: None }
}

const fn ctrl(c: char, action: UserAction, help: &'static str) -> Binding {
    Binding { code: KeyCode::Char(c), ctrl: true, when: When::Game, action, help, footer: None }
}

const fn only(ctx: Context, b: Binding) -> Binding {
    Binding { when: When::Only(ctx), ..b }
}

const fn always(b: Binding) -> Binding {
    Binding { when: When::Always, ..b }
}

const fn footer(b: Binding, word: &'static str, rank: u8) -> Binding {
    Binding { footer: Some(Footer { keys: None, word, rank }), ..b }
}

const fn footer_as(b: Binding, keys: &'static str, word: &'static str, rank: u8) -> Binding {
    Binding { footer: Some(Footer { keys: Some(keys), word, rank }), ..b }
}

use KeyCode as K;
use UserAction as A;

const HELP_SCROLL: &str = "scroll the help";
const HELP_PAGE: &str = "next page: keys, pieces, rules";
const CURSOR: &str = "board cursor; Space picks a piece, then its target";
const BROWSE: &str = "review earlier positions";
const BROWSE_STEP: &str = "while reviewing earlier positions (after PgUp): step back / forward";
const DELETE: &str = "delete a letter / a word / the whole line";
const NEW_FIELD: &str = "choose what to set";
const NEW_VALUE: &str = "change it";
const REVIEW: &str = "review: arrows step, n/N jump to ?! ? ??, a analyse";
const PERSONAL: &str = "review: p on a ?? that missed a win makes it a puzzle of your own (the trainer offers it)";
const PUZZLE_HINT: &str = "puzzles: hint: marks the piece that moves (a solve with a hint gains no rating, loses none)";
const ANALYSIS: &str = "analysis: type moves to try, Ctrl-Z back, Esc leaves";
const PICK_GAME: &str = "saved games: type to filter, arrows choose, Enter opens";
const OPEN_LIST: &str = "saved games and autosaves, newest first: pick one to open";

/// Every binding; the first that applies wins, so specific rows come first.
pub const KEYMAP: &[Binding] = &[
    // The help overlay: any other key closes it.
    footer(key(K::Tab, When::Only(Context::Help), A::TogglePage, HELP_PAGE), "next page", 0),
    key(K::Left, When::Only(Context::Help), A::TogglePage, HELP_PAGE),
    key(K::Right, When::Only(Context::Help), A::TogglePage, HELP_PAGE),
    footer_as(key(K::Up, When::Only(Context::Help), A::Scroll(-1), HELP_SCROLL), "Up/Down", "scroll", 1),
    key(K::Down, When::Only(Context::Help), A::Scroll(1), HELP_SCROLL),
    key(K::PageUp, When::Only(Context::Help), A::Scroll(-10), HELP_SCROLL),
    key(K::PageDown, When::Only(Context::Help), A::Scroll(10), HELP_SCROLL),
    // The new-game screen.
    footer_as(key(K::Up, When::Only(Context::NewGame), A::Cursor(0, 1), NEW_FIELD), "Up/Down", "choose", 1),
    key(K::Down, When::Only(Context::NewGame), A::Cursor(0, -1), NEW_FIELD),
    key(K::Tab, When::Only(Context::NewGame), A::Cursor(0, -1), NEW_FIELD),
    footer_as(key(K::Left, When::Only(Context::NewGame), A::Cursor(-1, 0), NEW_VALUE), "Left/Right", "change", 1),
    key(K::Right, When::Only(Context::NewGame), A::Cursor(1, 0), NEW_VALUE),
    key(K::Char(' '), When::Only(Context::NewGame), A::Cursor(1, 0), NEW_VALUE),
    footer(key(K::Enter, When::Only(Context::NewGame), A::Submit, "start the game"), "start", 0),
    footer(key(K::Esc, When::Only(Context::NewGame), A::Escape, "back to the game"), "back", 0),
    footer(key(K::Char('o'), When::Only(Context::NewGame), A::OpenList, OPEN_LIST), "saved games", 1),
    // The list of saved games: letters filter it.
    footer_as(key(K::Up, When::Only(Context::OpenGame), A::Cursor(0, 1), PICK_GAME), "Up/Down", "choose", 1),
    key(K::Down, When::Only(Context::OpenGame), A::Cursor(0, -1), PICK_GAME),
    key(K::PageUp, When::Only(Context::OpenGame), A::Cursor(0, 10), PICK_GAME),
    key(K::PageDown, When::Only(Context::OpenGame), A::Cursor(0, -10), PICK_GAME),
    key(K::Backspace, When::Only(Context::OpenGame), A::Backspace, PICK_GAME),
    footer(key(K::Enter, When::Only(Context::OpenGame), A::Submit, PICK_GAME), "open", 0),
    footer(key(K::Esc, When::Only(Context::OpenGame), A::Escape, PICK_GAME), "back", 0),
    // A question.
    footer(key(K::Char('y'), When::Only(Context::Confirm), A::Answer(true), "yes"), "yes", 0),
    key(K::Enter, When::Only(Context::Confirm), A::Answer(true), "yes"),
    footer(key(K::Char('n'), When::Only(Context::Confirm), A::Answer(false), "no"), "no", 0),
    key(K::Esc, When::Only(Context::Confirm), A::Answer(false), "no"),
    // After the game.
    footer(
        key(K::Char('n'), When::Only(Context::GameOver), A::NewGame, "new game (when the game is over)"),
        "new game",
        0,
    ),
    footer(
        key(K::Char('r'), When::Only(Context::GameOver), A::Review, "review the game (when the game is over)"),
        "review",
        1,
    ),
    // The review screen.
    footer(key(K::Left, When::Only(Context::Review), A::BrowseBack, REVIEW), "step", 0),
    key(K::Right, When::Only(Context::Review), A::BrowseForward, REVIEW),
    key(K::Up, When::Only(Context::Review), A::BrowseBack, REVIEW),
    key(K::Down, When::Only(Context::Review), A::BrowseForward, REVIEW),
    footer(key(K::Char('n'), When::OnlyEmpty(Context::Review), A::NextJudged, REVIEW), "next mistake", 0),
    key(K::Char('N'), When::OnlyEmpty(Context::Review), A::PreviousJudged, REVIEW),
    footer(key(K::Char('p'), When::OnlyEmpty(Context::Review), A::Personal, PERSONAL), "puzzle", 2),
    footer(key(K::Char('a'), When::OnlyEmpty(Context::Review), A::Analyze, REVIEW), "analyse", 1),
    key(K::Home, When::Only(Context::Review), A::BrowseStart, REVIEW),
    key(K::End, When::Only(Context::Review), A::BrowseEnd, REVIEW),
    key(K::Esc, When::Only(Context::Review), A::Escape, REVIEW),
    footer(only(Context::Review, ctrl('s', A::Save, REVIEW)), "save", 2),
    // The puzzle trainer.
    footer(only(Context::Puzzle, ctrl('t', A::Hint, PUZZLE_HINT)), "hint", 1),
    footer(key(K::Enter, When::OnlyEmpty(Context::PuzzleOver), A::NextPuzzle, "puzzles: the next puzzle"), "next", 0),
    footer(
        key(K::Char('r'), When::OnlyEmpty(Context::PuzzleOver), A::Retry, "puzzles: try it again (it counted already)"),
        "retry",
        0,
    ),
    footer(
        key(K::Char('s'), When::OnlyEmpty(Context::PuzzleOver), A::ShowSolution, "puzzles: show the solution"),
        "solution",
        1,
    ),
    footer(
        key(K::Char('t'), When::OnlyEmpty(Context::PuzzleOver), A::NextTheme, "puzzles: next theme (or :theme mate)"),
        "theme",
        1,
    ),
    // Live analysis.
    footer(key(K::Esc, When::Only(Context::Analyze), A::Escape, ANALYSIS), "leave", 0),
    footer(only(Context::Analyze, ctrl('z', A::Undo, ANALYSIS)), "take back", 1),
    // Reviewing.
    key(K::Left, When::Only(Context::Browse), A::BrowseBack, BROWSE_STEP),
    key(K::Right, When::Only(Context::Browse), A::BrowseForward, BROWSE_STEP),
    // Everywhere.
    key(K::Enter, When::Game, A::Submit, "play the move typed: e4 Nf3 exd5 bxa8=Q Nd3f6 d3f6"),
    key(K::Tab, When::Game, A::Complete, "complete the move or command typed so far"),
    key(K::Backspace, When::Game, A::Backspace, DELETE),
    ctrl('w', A::DeleteWord, DELETE),
    ctrl('u', A::ClearInput, DELETE),
    key(K::Esc, When::Game, A::Escape, "clear input and selection; close; leave review"),
    key(K::Esc, When::Only(Context::Help), A::Escape, "close the help"),
    key(K::Left, When::Game, A::Cursor(-1, 0), CURSOR),
    key(K::Right, When::Game, A::Cursor(1, 0), CURSOR),
    key(K::Up, When::Game, A::Cursor(0, 1), CURSOR),
    key(K::Down, When::Game, A::Cursor(0, -1), CURSOR),
    key(K::Char(' '), When::EmptyInput, A::Select, CURSOR),
    footer(ctrl('z', A::Undo, "undo / redo (against the engine: with its reply)"), "undo", 1),
    footer(ctrl('y', A::Redo, "undo / redo (against the engine: with its reply)"), "redo", 3),
    footer(ctrl('f', A::Flip, "flip the board"), "flip", 4),
    ctrl('b', A::OtherBoard, "a game of two boards on a small terminal: show the other board"),
    footer(ctrl('t', A::Hint, "hint: the engine's move for you, not played"), "hint", 2),
    key(K::F(2), When::Game, A::Hint, "hint: the engine's move for you, not played"),
    ctrl('g', A::MoveNow, "engine: move now with its best move so far"),
    key(K::F(3), When::Game, A::MoveNow, "engine: move now with its best move so far"),
    ctrl('e', A::ShowFen, "show the FEN and copy it to the clipboard"),
    footer(ctrl('s', A::Save, "save the game as PGN"), "save", 2),
    ctrl('o', A::OpenList, OPEN_LIST),
    ctrl('l', A::Prefill(":load "), "type ':load FEN': a position (x = hole)"),
    ctrl('n', A::NewGame, "new game: choose pieces, players, level, clock"),
    key(K::F(4), When::Game, A::Legend, "the pieces in play and how they move"),
    ctrl('a', A::Analyze, "live analysis: the engine's best 3 lines here"),
    key(K::PageUp, When::Game, A::BrowseBack, BROWSE),
    key(K::PageDown, When::Game, A::BrowseForward, BROWSE),
    key(K::Home, When::Game, A::BrowseStart, BROWSE),
    key(K::End, When::Game, A::BrowseEnd, BROWSE),
    footer(key(K::F(1), When::Game, A::Help, "this help (? when the input line is empty)"), "help", 0),
    key(K::Char('?'), When::EmptyInput, A::Help, "this help (? when the input line is empty)"),
    always(footer(ctrl('c', A::Quit, "quit now (an unsaved game is autosaved)"), "quit", 0)),
    always(ctrl('q', A::Quit, "quit now (an unsaved game is autosaved)")),
];

/// The mouse, for the help page.
pub const MOUSE: (&str, &str) = ("mouse", "click a piece, then its target; wheel: scroll moves");

/// The action for a key press in a context; printable keys without a
/// binding are typed.
pub fn action_for(key: &KeyEvent, ctx: Context, input_empty: bool) -> Option<UserAction> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let bound = KEYMAP.iter().find(|b| b.code == key.code && b.ctrl == ctrl && b.when.applies(ctx, input_empty));
    let typing = !matches!(ctx, Context::NewGame | Context::Confirm);
    match (bound, key.code) {
        (Some(b), _) => Some(b.action),
        (None, KeyCode::Char(c)) if !ctrl && typing => Some(UserAction::Char(c)),
        _ => None,
    }
}

/// The first key bound to `action`, as the help writes it (`Ctrl-B`).
pub fn key_of(action: UserAction) -> Option<String> {
    KEYMAP.iter().find(|b| b.action == action).map(|b| key_label(b.code, b.ctrl))
}

/// How a key is written in the help: `Ctrl-Z`, `F1`, `PgUp`, `Space`.
pub fn key_label(code: KeyCode, ctrl: bool) -> String {
    let name = match code {
        KeyCode::Char(' ') => "Space".to_string(),
        KeyCode::Char(c) if ctrl => c.to_ascii_uppercase().to_string(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::F(n) => format!("F{n}"),
        KeyCode::Enter => "Enter".into(),
        KeyCode::Tab => "Tab".into(),
        KeyCode::Backspace => "Bksp".into(),
        KeyCode::Esc => "Esc".into(),
        KeyCode::Left => "Left".into(),
        KeyCode::Right => "Right".into(),
        KeyCode::Up => "Up".into(),
        KeyCode::Down => "Down".into(),
        KeyCode::PageUp => "PgUp".into(),
        KeyCode::PageDown => "PgDn".into(),
        KeyCode::Home => "Home".into(),
        KeyCode::End => "End".into(),
        other => format!("{other:?}"),
    };
    if ctrl { format!("Ctrl-{name}") } else { name }
}

/// The help lines for the bindings `pick` selects: the keys that share a
/// help text on one line, `(keys, help)`; the lines of keys for one context
/// only (reviewing, the new-game screen...) come after the general ones.
pub fn help_rows(pick: impl Fn(&Binding) -> bool) -> Vec<(String, &'static str)> {
    let mut rows: Vec<(Vec<String>, &'static str)> = Vec::new();
    let general = |b: &Binding| !matches!(b.when, When::Only(_) | When::OnlyEmpty(_));
    let picked: Vec<&Binding> = KEYMAP.iter().filter(|b| pick(b)).collect();
    let ordered = picked.iter().filter(|b| general(b)).chain(picked.iter().filter(|b| !general(b)));
    for b in ordered {
        let label = key_label(b.code, b.ctrl);
        match rows.iter_mut().find(|(_, help)| *help == b.help) {
            Some((keys, _)) if !keys.contains(&label) => keys.push(label),
            Some(_) => {}
            None => rows.push((vec![label], b.help)),
        }
    }
    rows.into_iter().map(|(keys, help)| (join_keys(&keys), help)).collect()
}

/// Whether a screen that does only its own keys (the review) does
/// `action`: a binding of the context `ctx` alone, or of every context.
pub fn own_action(ctx: Context, action: UserAction) -> bool {
    KEYMAP.iter().filter(|b| b.action == action).any(|b| match b.when {
        When::Always => true,
        When::Only(c) | When::OnlyEmpty(c) => c == ctx,
        When::Game | When::EmptyInput => false,
    })
}

/// The keys of one context only, as its footer shows them: `n new game, r review`.
pub fn context_keys(ctx: Context) -> String {
    let only = |e: &FooterEntry| {
        KEYMAP.iter().any(|b| matches!(b.when, When::Only(c) | When::OnlyEmpty(c) if c == ctx) && b.action == e.action)
    };
    footer_entries(ctx)
        .iter()
        .filter(|e| only(e))
        .map(|e| format!("{} {}", e.keys, e.word))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where each context-only set of keys applies, for the help and `--help`.
pub const CONTEXTS: [(&str, Context); 8] = [
    ("After the game", Context::GameOver),
    ("New-game screen", Context::NewGame),
    ("Questions", Context::Confirm),
    ("Review", Context::Review),
    ("Analysis", Context::Analyze),
    ("Saved games", Context::OpenGame),
    ("Puzzle trainer (a solve after the hint gains no rating and loses none)", Context::Puzzle),
    ("After a puzzle", Context::PuzzleOver),
];

/// `Left Right Up Down` reads better as `arrows`.
fn join_keys(keys: &[String]) -> String {
    let arrows = ["Left", "Right", "Up", "Down"];
    if arrows.iter().all(|a| keys.iter().any(|k| k == a)) {
        let rest: Vec<&str> = keys.iter().map(String::as_str).filter(|k| !arrows.contains(k)).collect();
        return std::iter::once("arrows").chain(rest).collect::<Vec<_>>().join(" ");
    }
    keys.join(" ")
}

/// A footer entry: the keys, what they do, and the action (to leave out
/// what is not on offer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FooterEntry {
    pub keys: String,
    pub word: &'static str,
    pub rank: u8,
    pub action: UserAction,
}

/// The footer entries for a context, in table order: only the bindings
/// that act there (a key bound earlier for the context shadows a later row).
pub fn footer_entries(ctx: Context) -> Vec<FooterEntry> {
    let live: Vec<&Binding> = KEYMAP.iter().filter(|b| b.when.applies(ctx, true)).collect();
    live.iter()
        .enumerate()
        .filter(|&(i, b)| !live[..i].iter().any(|a| a.code == b.code && a.ctrl == b.ctrl))
        .filter_map(|(_, b)| {
            let f = b.footer?;
            let keys = f.keys.map_or_else(|| key_label(b.code, b.ctrl), str::to_string);
            Some(FooterEntry { keys, word: f.word, rank: f.rank, action: b.action })
        })
        .collect()
}

/// The footer line for `entries` in at most `width` columns: the entries
/// with the highest rank are left out first, whole.
pub fn fit_footer(mut entries: Vec<FooterEntry>, width: usize) -> String {
    loop {
        let text = entries.iter().map(|e| format!("{} {}", e.keys, e.word)).collect::<Vec<_>>().join("  ");
        if text.chars().count() <= width || entries.is_empty() {
            return text;
        }
        let worst = entries.iter().map(|e| e.rank).max().unwrap_or(0);
        let i = entries.iter().rposition(|e| e.rank == worst).unwrap_or(entries.len() - 1);
        entries.remove(i);
    }
}

/// What `wormhole play --help` says about the keys.
pub fn cli_help() -> String {
    let mut out = String::from(
        "In the game:\n  Type a move and press Enter: SAN (e4, Nf3, exd5, bxa8=Q) or a long form\n  \
         (Nd3f6, Nd3-f6, Nd3xf6, d3f6, b7a8q). The line under the board lists the\n  \
         legal moves that match what you typed; Tab completes. Or click a piece and\n  \
         its target (or use the arrow keys and Space).\n",
    );
    for (keys, help) in
        help_rows(|b| matches!(b.when, When::Always | When::Game | When::EmptyInput | When::Only(Context::Browse)))
    {
        out.push_str(&format!("  {keys:<18} {help}\n"));
    }
    for (name, ctx) in CONTEXTS {
        out.push_str(&format!("  {name}: {}\n", context_keys(ctx)));
    }
    out.push_str(
        "\nHoles are drawn as shaded squares (':' in ASCII). With no option that sets up a\n\
         game, a new-game screen offers the last choices: Enter starts. Settings (level,\n\
         variant, side, clock, movetime, theme, pieces, autoflip) are kept in\n\
         $XDG_CONFIG_HOME/wormhole/config.toml; --print-config shows them, :set changes one.\n\
         NO_COLOR is honoured; a locale that is not UTF-8 gets plain ASCII.\n\
         Ctrl-S saves into the games folder: $WORMHOLE_GAMES_DIR, else\n\
         $XDG_DATA_HOME/wormhole/games, else ~/.local/share/wormhole/games; ':save FILE'\n\
         saves where you name it. Autosaves go to $WORMHOLE_AUTOSAVE_DIR, else\n\
         $XDG_STATE_HOME/wormhole, else ~/.local/state/wormhole. Ctrl-O lists both.\n\
         Puzzles (the new-game screen's Play line, or `wormhole puzzles`): your rating per\n\
         game and every puzzle tried are kept in $XDG_DATA_HOME/wormhole/puzzles (else\n\
         ~/.local/share/wormhole/puzzles), with your personal set (p in the review);\n\
         $WORMHOLE_PUZZLE_FILE names a puzzle file to solve instead of the shipped sets.\n\
         A bad --fen or --pgn is reported with exit code 2 before the screen changes.",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyEventKind, KeyEventState};

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent { code, modifiers, kind: KeyEventKind::Press, state: KeyEventState::NONE }
    }

    #[test]
    fn the_review_does_its_own_keys_and_quits_but_not_the_games_keys() {
        let own = [A::BrowseBack, A::BrowseEnd, A::NextJudged, A::PreviousJudged, A::Analyze, A::Save, A::Escape];
        for action in own.into_iter().chain([A::Quit]) {
            assert!(own_action(Context::Review, action), "{action:?}");
        }
        for action in [A::Undo, A::Redo, A::Flip, A::Hint, A::Help, A::MoveNow, A::Submit] {
            assert!(!own_action(Context::Review, action), "{action:?}");
        }
        let review = press(KeyCode::Char('s'), KeyModifiers::CONTROL);
        assert_eq!(action_for(&review, Context::Review, true), Some(A::Save));
    }

    #[test]
    fn the_context_decides_what_a_key_does() {
        let up = press(KeyCode::Up, KeyModifiers::NONE);
        assert_eq!(action_for(&up, Context::Help, true), Some(UserAction::Scroll(-1)));
        assert_eq!(action_for(&up, Context::Play, true), Some(UserAction::Cursor(0, 1)));
        let q = press(KeyCode::Char('?'), KeyModifiers::SHIFT);
        assert_eq!(action_for(&q, Context::Play, true), Some(UserAction::Help));
        assert_eq!(action_for(&q, Context::Play, false), Some(UserAction::Char('?')), "? is text once typing");
        let n = press(KeyCode::Char('n'), KeyModifiers::NONE);
        assert_eq!(action_for(&n, Context::GameOver, true), Some(UserAction::NewGame));
        assert_eq!(action_for(&n, Context::Play, true), Some(UserAction::Char('n')));
        let ctrl_c = press(KeyCode::Char('c'), KeyModifiers::CONTROL);
        for ctx in Context::ALL {
            assert_eq!(action_for(&ctrl_c, ctx, true), Some(UserAction::Quit), "{ctx:?}");
        }
        let y = press(KeyCode::Char('y'), KeyModifiers::NONE);
        assert_eq!(action_for(&y, Context::Confirm, true), Some(UserAction::Answer(true)));
        let left = press(KeyCode::Left, KeyModifiers::NONE);
        assert_eq!(action_for(&left, Context::NewGame, true), Some(UserAction::Cursor(-1, 0)));
        assert_eq!(action_for(&press(KeyCode::Char('x'), KeyModifiers::CONTROL), Context::Play, true), None);
    }

    #[test]
    fn no_key_is_bound_twice_in_one_context() {
        for ctx in Context::ALL {
            for empty in [true, false] {
                let live: Vec<&Binding> = KEYMAP.iter().filter(|b| b.when.applies(ctx, empty)).collect();
                for (i, a) in live.iter().enumerate() {
                    // A later duplicate would be dead: the first row wins.
                    let shadowed = live[..i].iter().any(|b| b.code == a.code && b.ctrl == a.ctrl);
                    let specific = matches!(a.when, When::Only(_) | When::OnlyEmpty(_));
                    assert!(!shadowed || !specific, "{ctx:?}: {:?} is shadowed", a.code);
                }
            }
        }
    }

    #[test]
    fn the_footer_drops_whole_entries_by_rank_to_fit() {
        let entries = footer_entries(Context::Play);
        let full = fit_footer(entries.clone(), 200);
        assert_eq!(full, "Ctrl-Z undo  Ctrl-Y redo  Ctrl-F flip  Ctrl-T hint  Ctrl-S save  F1 help  Ctrl-C quit");
        let narrow = fit_footer(entries, 50);
        assert!(narrow.chars().count() <= 50, "{narrow}");
        assert!(
            narrow.contains("F1 help") && narrow.contains("Ctrl-C quit") && narrow.contains("Ctrl-Z undo"),
            "{narrow}"
        );
        assert!(!narrow.contains("flip"), "{narrow}");
    }

    #[test]
    fn each_key_is_in_a_footer_once_and_the_help_says_what_it_does_where() {
        for ctx in Context::ALL {
            let keys: Vec<String> = footer_entries(ctx).into_iter().map(|e| e.keys).collect();
            let mut unique = keys.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), keys.len(), "{ctx:?}: {keys:?}");
        }
        let analysis = fit_footer(footer_entries(Context::Analyze), 200);
        assert_eq!(analysis.matches("Ctrl-Z").count(), 1, "{analysis}");
        assert!(analysis.contains("Ctrl-Z take back"), "{analysis}");
        // In a game Left/Right move the board cursor; only while browsing do they step.
        let rows =
            help_rows(|b| matches!(b.when, When::Always | When::Game | When::EmptyInput | When::Only(Context::Browse)));
        let left: Vec<&str> =
            rows.iter().filter(|r| r.0.split(' ').any(|k| k == "Left" || k == "arrows")).map(|r| r.1).collect();
        assert_eq!(left.len(), 2, "{left:?}");
        assert!(left[0].starts_with("board cursor") && left[1].starts_with("while reviewing"), "{left:?}");
    }

    #[test]
    fn help_rows_merge_keys_with_the_same_text() {
        let rows = help_rows(|b| b.when != When::Only(Context::Help));
        assert!(rows[0].0.starts_with("Ctrl-") || rows[0].0 == "Enter", "general keys first: {rows:?}");
        assert_eq!(context_keys(Context::GameOver), "n new game, r review");
        let find = |help: &str| rows.iter().find(|r| r.1.starts_with(help)).map(|r| r.0.clone());
        assert_eq!(find("hint").as_deref(), Some("Ctrl-T F2"));
        assert_eq!(find("board cursor").as_deref(), Some("arrows Space"));
        assert_eq!(find("delete").as_deref(), Some("Bksp Ctrl-W Ctrl-U"));
    }
}
