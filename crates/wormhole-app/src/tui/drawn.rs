//! Which games the app can draw: it draws one board, so a game played on
//! more boards ([`GameKind::boards`]) plays in the engine tools only. Every
//! way into the app (the new-game screen, `--variant`, `--fen`, `--pgn`,
//! `:set variant`, `:new`, `:load`, `:open`) asks here.

use std::fmt;

use wormhole::GameKind;

/// A game the app cannot draw; the message says where it plays instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} plays in the engine tools (perft, bench, match, uci, analyze) only; the app cannot draw {} boards yet",
    .0.title(),
    Count(.0.boards())
)]
pub struct NotDrawn(pub GameKind);

/// `kind` if the app can draw its games.
pub fn drawn(kind: GameKind) -> Result<GameKind, NotDrawn> {
    match kind.boards() {
        1 => Ok(kind),
        _ => Err(NotDrawn(kind)),
    }
}

/// The games the app can draw, in the order of [`GameKind::ALL`].
pub fn drawn_games() -> Vec<GameKind> {
    GameKind::ALL.into_iter().filter(|&k| drawn(k).is_ok()).collect()
}

/// The names of the games the app can draw, joined by `sep`:
/// `classic|fairy|porthole|linked` with `"|"`.
pub fn drawn_names(sep: &str) -> String {
    drawn_games().iter().map(|k| k.name()).collect::<Vec<_>>().join(sep)
}

/// Where a help text of the command and settings tables shows the names
/// of the games the app can draw ([`with_games`]).
pub const GAMES: &str = "{games}";

/// `text` with [`GAMES`] replaced by the drawn games' names, `|`-joined.
pub fn with_games(text: &str) -> String {
    text.replace(GAMES, &drawn_names("|"))
}

/// A game as `--variant` reads it: a name of a game the app can draw.
pub fn parse_drawn(text: &str) -> Result<GameKind, String> {
    let kind: GameKind = text.parse().map_err(|e: wormhole::ParseGameKindError| e.to_string())?;
    drawn(kind).map_err(|e| e.to_string())
}

/// A number of boards in words ("two").
struct Count(u8);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            2 => f.write_str("two"),
            3 => f.write_str("three"),
            n => write!(f, "{n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MESSAGE: &str = "Two-board portal chess plays in the engine tools (perft, bench, match, uci, analyze) only; \
                           the app cannot draw two boards yet";

    #[test]
    fn two_board_games_are_refused_with_where_they_play() {
        assert_eq!(drawn(GameKind::Twoboard).unwrap_err().to_string(), MESSAGE);
        assert_eq!(parse_drawn("twoboard").unwrap_err(), MESSAGE);
        assert_eq!(parse_drawn("porthole"), Ok(GameKind::Porthole));
        assert!(parse_drawn("chess").unwrap_err().starts_with("unknown variant 'chess'"));
    }

    #[test]
    fn the_app_offers_every_one_board_game() {
        assert_eq!(drawn_games(), [GameKind::Classic, GameKind::Fairy, GameKind::Porthole, GameKind::Linked]);
    }

    #[test]
    fn the_names_are_those_of_the_drawn_games() {
        let names = with_games(&format!("[{GAMES}] side"));
        for kind in GameKind::ALL {
            assert_eq!(names.contains(kind.name()), drawn(kind).is_ok(), "{kind} in {names}");
        }
        assert!(names.starts_with("[classic|") && names.ends_with("] side") && !names.contains(GAMES), "{names}");
    }
}
