//! The `:` commands of the input line: one table that feeds the parser,
//! Tab completion, the hint line and the help page. What each command does
//! is in `update/command.rs`.

use crate::game_arg;

/// A command, as the update code dispatches on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmd {
    New,
    Undo,
    Redo,
    Flip,
    Autoflip,
    Hint,
    Go,
    Fen,
    Load,
    Save,
    Open,
    Review,
    Analyze,
    Level,
    Set,
    Theme,
    Explain,
    Legend,
    Resign,
    Help,
    Rules,
    Quit,
    /// A game on a server: chat, offers, answers, back to the lobby.
    Say,
    Draw,
    Takeback,
    Rematch,
    Claim,
    Abort,
    Yes,
    No,
    Lobby,
}

/// One row of the command table.
#[derive(Debug, Clone, Copy)]
pub struct CommandSpec {
    pub cmd: Cmd,
    /// The name completion offers.
    pub name: &'static str,
    /// Other names that work too.
    pub aliases: &'static [&'static str],
    /// The arguments (empty: none), as the help shows them once
    /// [`CommandSpec::usage`] has put in the games' names for
    /// [`game_arg::GAMES`].
    args: &'static str,
    pub help: &'static str,
}

const fn spec(
    cmd: Cmd,
    name: &'static str,
    aliases: &'static [&'static str],
    args: &'static str,
    help: &'static str,
) -> CommandSpec {
    CommandSpec { cmd, name, aliases, args, help }
}

/// Every command, in the order the help lists them.
pub const COMMANDS: &[CommandSpec] = &[
    spec(
        Cmd::New,
        "new",
        &["n"],
        "[{games}] [white|black|hotseat|watch] [level N] [movetime MS] [clock MIN+INC|off]",
        "new game; what is not given stays as now",
    ),
    spec(Cmd::Undo, "undo", &["u"], "", "take back a move (against the engine: with its reply)"),
    spec(Cmd::Redo, "redo", &[], "", "replay a taken-back move"),
    spec(Cmd::Flip, "flip", &[], "", "turn the board around"),
    spec(Cmd::Autoflip, "autoflip", &[], "", "hot-seat: turn the board to the side to move (toggle)"),
    spec(Cmd::Hint, "hint", &[], "", "ask the engine for a move for you (not played)"),
    spec(Cmd::Go, "go", &["movenow"], "", "make the engine move now with its best move so far"),
    spec(Cmd::Fen, "fen", &[], "[FEN]", "show and copy the FEN; with a FEN, load it"),
    spec(Cmd::Load, "load", &[], "FEN", "start a game from a position (x = hole)"),
    spec(Cmd::Save, "save", &["w"], "[FILE]", "save the game as PGN (no FILE: into the games folder)"),
    spec(Cmd::Open, "open", &["pgn"], "[FILE]", "open a PGN game; no FILE: pick from the saved games (Tab completes)"),
    spec(Cmd::Review, "review", &[], "", "the engine reviews the game: graph, ?! ? ?? marks, better moves"),
    spec(Cmd::Analyze, "analyze", &["analyse"], "", "live analysis here: the best 3 lines; try moves (Esc returns)"),
    spec(Cmd::Level, "level", &[], "[N]", "show or set the engine level, 1 to 12"),
    spec(Cmd::Set, "set", &[], "[KEY [VALUE]]", "show or change a setting; it is saved in the config file"),
    spec(
        Cmd::Theme,
        "theme",
        &[],
        "[NAME]",
        "next colour theme, or dark, light, high-contrast; in the puzzle trainer a puzzle theme \
         (mate, capture, check, quiet-move...; all: every puzzle)",
    ),
    spec(Cmd::Explain, "explain", &["x"], "[SQUARE|PIECE]", "where a piece can go and how it moves: d3, N, wizard"),
    spec(Cmd::Legend, "legend", &["pieces"], "", "the pieces in play and how they move (F4)"),
    spec(Cmd::Resign, "resign", &[], "", "resign the game"),
    spec(Cmd::Help, "help", &["h"], "", "show the keys and commands"),
    spec(Cmd::Rules, "rules", &[], "", "show the rules"),
    spec(Cmd::Quit, "quit", &["q", "exit"], "", "leave (an unsaved game is autosaved)"),
];

/// The commands of a game on a server (`wormhole serve`), besides the
/// others: chat, offers and their answers, back to the lobby.
pub const SERVER_COMMANDS: &[CommandSpec] = &[
    spec(Cmd::Say, "say", &[], "TEXT", "chat with your opponent (/say too, as every command here)"),
    spec(Cmd::Draw, "draw", &[], "", "offer a draw"),
    spec(Cmd::Takeback, "takeback", &[], "", "ask to take back your move"),
    spec(Cmd::Rematch, "rematch", &[], "", "ask for a rematch once the game is over"),
    spec(Cmd::Claim, "claim", &[], "", "claim the win of an opponent gone on their move"),
    spec(Cmd::Abort, "abort", &[], "", "end an engine game, or a game before both moved (no result)"),
    spec(Cmd::Yes, "yes", &[], "", "accept your opponent's offer"),
    spec(Cmd::No, "no", &[], "", "decline your opponent's offer"),
    spec(Cmd::Lobby, "lobby", &[], "", "back to the lobby (Esc too); :pgn shows the game's PGN"),
];

/// A command of a game on a server, by its whole name: it and its arguments.
pub fn parse_server(line: &str) -> Option<(Cmd, &str)> {
    let line = line.trim();
    let name = line.split_whitespace().next()?;
    let c = SERVER_COMMANDS.iter().find(|c| c.name == name)?;
    Some((c.cmd, line[name.len()..].trim()))
}

impl CommandSpec {
    /// `:name args`, with the names of the games the app draws for
    /// [`game_arg::GAMES`].
    pub fn usage(&self) -> String {
        game_arg::with_games(&format!(":{} {}", self.name, self.args))
    }
}

/// Splits `name args` and finds the command: its name, an alias, or a
/// prefix of one name only (`:res` is `:resign`, as the hint line offers
/// it). The error says what to do.
pub fn parse(line: &str) -> Result<Option<(Cmd, &str)>, String> {
    let line = line.trim();
    let Some(name) = line.split_whitespace().next() else { return Ok(None) };
    let rest = line[name.len()..].trim();
    if let Some(c) = COMMANDS.iter().find(|c| c.name == name || c.aliases.contains(&name)) {
        return Ok(Some((c.cmd, rest)));
    }
    let starting: Vec<&CommandSpec> = COMMANDS.iter().filter(|c| c.name.starts_with(name)).collect();
    match starting[..] {
        [c] => Ok(Some((c.cmd, rest))),
        [] => Err(format!("unknown command ':{name}' (F1 or ? lists the commands)")),
        _ => {
            let names: Vec<&str> = starting.iter().map(|c| c.name).collect();
            Err(format!("':{name}' could be {}: type more", names.join(", ")))
        }
    }
}

/// The command names starting with `prefix`.
pub fn completions(prefix: &str) -> Vec<&'static str> {
    COMMANDS.iter().map(|c| c.name).filter(|n| n.starts_with(prefix)).collect()
}

/// The command names the typed word could still become or already is
/// (`:level 3` still shows `level`), for the hint line.
pub fn matching(word: &str) -> Vec<&'static str> {
    COMMANDS.iter().map(|c| c.name).filter(|n| n.starts_with(word) || word.starts_with(n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_parse_and_unknown_names_are_explained() {
        assert_eq!(parse("save  a.pgn ").unwrap(), Some((Cmd::Save, "a.pgn")));
        assert_eq!(parse("w").unwrap(), Some((Cmd::Save, "")));
        assert_eq!(parse("  ").unwrap(), None);
        assert_eq!(parse("frobnicate x").unwrap_err(), "unknown command ':frobnicate' (F1 or ? lists the commands)");
        assert_eq!(completions("re"), ["redo", "review", "resign"]);
        assert_eq!(parse("x d3").unwrap(), Some((Cmd::Explain, "d3")));
    }

    #[test]
    fn a_prefix_of_one_command_runs_it_and_a_shared_one_lists_them() {
        assert_eq!(parse("res").unwrap(), Some((Cmd::Resign, "")));
        assert_eq!(parse("expl e4").unwrap(), Some((Cmd::Explain, "e4")));
        assert_eq!(parse("re").unwrap_err(), "':re' could be redo, review, resign: type more");
        assert_eq!(parse_server("say hi there"), Some((Cmd::Say, "hi there")));
        assert_eq!(parse_server("re"), None);
        // Every prefix the hint line offers for one command alone runs that command.
        for c in COMMANDS {
            for end in 1..=c.name.len() {
                let prefix = &c.name[..end];
                if matching(prefix) == [c.name] {
                    assert_eq!(parse(prefix).unwrap().map(|(cmd, _)| cmd), Some(c.cmd), ":{prefix}");
                }
            }
        }
    }

    #[test]
    fn new_names_every_game() {
        let usage = COMMANDS.iter().find(|c| c.cmd == Cmd::New).unwrap().usage();
        for kind in wormhole::GameKind::ALL {
            assert!(usage.contains(kind.name()), "{kind} in {usage}");
        }
    }

    #[test]
    fn every_name_and_alias_is_unique() {
        let mut all: Vec<&str> = COMMANDS
            .iter()
            .chain(SERVER_COMMANDS)
            .flat_map(|c| std::iter::once(c.name).chain(c.aliases.iter().copied()))
            .collect();
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
