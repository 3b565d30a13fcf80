//! `--variant` on the command line: reads a game's name (or alias) and
//! shows the games' names and descriptions in `--help`, from the one list
//! of games ([`GameKind::ALL`]).

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use wormhole::GameKind;

use crate::tui::drawn;

/// The value parser of a `--variant` option: the games it offers and how
/// it reads a name.
#[derive(Debug, Clone, Copy)]
pub struct GameArg {
    /// Which games it offers.
    games: fn() -> Vec<GameKind>,
    /// How it reads a name (the error says what is wrong).
    read: fn(&str) -> Result<GameKind, String>,
}

/// Every game (the engine tools).
pub fn any_game() -> GameArg {
    GameArg {
        games: || GameKind::ALL.to_vec(),
        read: |s| s.parse().map_err(|e: wormhole::ParseGameKindError| e.to_string()),
    }
}

/// The games the app can draw ([`drawn::drawn_games`]).
pub fn drawn_game() -> GameArg {
    GameArg { games: drawn::drawn_games, read: drawn::parse_drawn }
}

impl TypedValueParser for GameArg {
    type Value = GameKind;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<GameKind, clap::Error> {
        self.read.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let games = (self.games)().into_iter();
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
        let (any, drawn_only) = (shown(any_game()), shown(drawn_game()));
        let cmd = clap::Command::new("t");
        for kind in GameKind::ALL {
            let name = kind.name().to_string();
            assert!(any.contains(&name), "{kind} in {any:?}");
            let read = drawn_game().parse_ref(&cmd, None, OsStr::new(kind.name()));
            assert_eq!(drawn_only.contains(&name), read.is_ok(), "{kind} in {drawn_only:?}");
        }
        assert!(
            any_game().parse_ref(&cmd, None, OsStr::new("atomic")).unwrap_err().to_string().contains("unknown variant")
        );
    }
}
