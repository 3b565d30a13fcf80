//! `--variant` on the command line: reads a game's name (or alias) and
//! shows the games' names and descriptions in `--help`, from the one list
//! of games ([`GameKind::ALL`]).

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use wormhole::GameKind;

/// The value parser of a `--variant` option: it offers every game and
/// reads a game's name or alias (the error says what is wrong).
#[derive(Debug, Clone, Copy)]
pub struct GameArg;

/// The value parser of `--variant`.
pub fn any_game() -> GameArg {
    GameArg
}

/// A game's name or alias read, or what is wrong with it.
fn read(text: &str) -> Result<GameKind, String> {
    text.parse().map_err(|e: wormhole::ParseGameKindError| e.to_string())
}

/// The names of every game, joined by `sep`: `classic|fairy|...` with `"|"`.
pub fn names(sep: &str) -> String {
    GameKind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>().join(sep)
}

/// Where a help text of the command and settings tables shows the names
/// of the games ([`with_games`]).
pub const GAMES: &str = "{games}";

/// `text` with [`GAMES`] replaced by the games' names, `|`-joined.
pub fn with_games(text: &str) -> String {
    text.replace(GAMES, &names("|"))
}

/// The long help of a `--fen` option: `head`, then each game's start
/// position as an example of its FEN.
pub fn fen_help(head: &str) -> String {
    let starts: Vec<String> = GameKind::ALL.iter().map(|k| format!("  {}: {}", k.name(), k.start_fen())).collect();
    format!(
        "{head}\nA FEN of the game --variant names; each game's start, for the form of its FEN:\n{}",
        starts.join("\n")
    )
}

impl TypedValueParser for GameArg {
    type Value = GameKind;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<GameKind, clap::Error> {
        read.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let games = GameKind::ALL.into_iter();
        Some(Box::new(games.map(|k| PossibleValue::new(k.name()).help(k.description()))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names `--help` shows for `parser`.
    fn shown(parser: GameArg) -> Vec<String> {
        parser.possible_values().unwrap().map(|v| v.get_name().to_string()).collect()
    }

    #[test]
    fn the_help_names_every_game_it_reads() {
        let any = shown(any_game());
        let cmd = clap::Command::new("t");
        for kind in GameKind::ALL {
            assert!(any.contains(&kind.name().to_string()), "{kind} in {any:?}");
            assert_eq!(any_game().parse_ref(&cmd, None, OsStr::new(kind.name())).unwrap(), kind);
        }
        assert!(
            any_game().parse_ref(&cmd, None, OsStr::new("atomic")).unwrap_err().to_string().contains("unknown variant")
        );
    }

    #[test]
    fn the_fen_help_shows_every_game_s_start() {
        let help = fen_help("Start here.");
        assert!(help.starts_with("Start here.\n"));
        for kind in GameKind::ALL {
            assert!(help.contains(&format!("  {}: {}", kind.name(), kind.start_fen())), "{kind} in {help}");
        }
    }
}
