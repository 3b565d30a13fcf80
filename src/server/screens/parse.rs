//! The commands typed in the lobby: their table (what the help lines
//! show) and how a line is read. A game's are the app's own.

use wormhole::GameKind;

use super::HubCall;
use crate::server::hub::{ChallengeId, ChallengeSpec, ColourChoice, GameId};
use crate::tui::theme::{PieceStyle, ThemeName};

/// The lobby's commands: (usage, what it does).
pub const LOBBY_COMMANDS: &[(&str, &str)] = &[
    ("new GAME [MIN+INC] [white|black] [rated] [setup ...]", "open a challenge (setup: linked's portals, setup d4 e5)"),
    ("challenge NAME GAME [MIN+INC] [white|black] [rated] [setup ...]", "challenge a player"),
    ("accept N / decline N / cancel N", "answer or withdraw challenge N"),
    ("open ID", "play or watch game ID"),
    ("engine GAME LEVEL [white|black|random] [MIN+INC]", "play the engine (level 1-12)"),
    ("abort ID", "end an engine game, or a game before both moved (no result)"),
    ("top GAME / player NAME / pgn ID", "leaderboard, a player's page, a game's PGN"),
    ("notices", "your games that ended lately, with your rating"),
    ("addkey KEY / keys / removekey FINGERPRINT", "offer a public key (sign in with it to confirm), list, remove"),
    ("theme dark|light|high-contrast / pieces unicode|letters", "your drawing, kept"),
    ("help / ?", "this list, on a page of its own"),
    ("quit", "leave"),
];

/// A command read from a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LobbyCommand {
    Quit,
    /// The commands' page.
    Help,
    /// A hub call.
    Call(HubCall),
    /// A drawing setting of the player's.
    Setting(Setting),
}

/// A drawing setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    Theme(ThemeName),
    Pieces(PieceStyle),
}

/// The setting command `word` with its value, if `word` is one.
fn setting(word: &str, value: &str) -> Option<Result<LobbyCommand, String>> {
    let read = match word {
        "theme" => value.parse().map(Setting::Theme),
        "pieces" => value.parse().map(Setting::Pieces),
        _ => return None,
    };
    Some(read.map(LobbyCommand::Setting))
}

/// Reads `line`.
pub fn command(line: &str) -> Result<LobbyCommand, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if let Some(command) = setting(words[0], words.get(1).copied().unwrap_or("")) {
        return command;
    }
    let number = |i: usize| -> Result<i64, String> {
        let w = words.get(i).ok_or_else(|| format!("'{}' needs a number", words[0]))?;
        w.parse().map_err(|_| format!("'{w}' is not a number"))
    };
    Ok(LobbyCommand::Call(match words[0] {
        "quit" | "q" => return Ok(LobbyCommand::Quit),
        "help" | "?" => return Ok(LobbyCommand::Help),
        "new" => HubCall::Challenge(spec(&words[1..], None)?),
        "challenge" => {
            let name = words.get(1).ok_or("challenge whom? challenge NAME GAME")?;
            HubCall::Challenge(spec(&words[2..], Some(name.to_string()))?)
        }
        "accept" => HubCall::Accept(ChallengeId(number(1)?)),
        "decline" => HubCall::Decline(ChallengeId(number(1)?)),
        "cancel" => HubCall::Cancel(ChallengeId(number(1)?)),
        "open" | "watch" | "resume" => HubCall::Open(GameId(number(1)?)),
        "engine" => {
            let level = number(2).map_err(|e| format!("{e}: engine GAME LEVEL [white|black|random] [MIN+INC]"))?;
            let level = u8::try_from(level).map_err(|_| format!("level {level} is not from 1 to 12"))?;
            let mut rest = vec![words[1]];
            rest.extend(&words[3..]);
            HubCall::Engine(spec(&rest, None)?, level)
        }
        "abort" => HubCall::Abort(GameId(number(1)?)),
        "top" => HubCall::Leaderboard(kind(words.get(1).copied())?),
        "player" => HubCall::Player(words.get(1).ok_or("player NAME")?.to_string()),
        "pgn" => HubCall::Pgn(GameId(number(1)?)),
        "notices" => HubCall::Notices,
        "addkey" => HubCall::AddKey(words[1..].join(" ")),
        "keys" => HubCall::Keys,
        "removekey" => {
            HubCall::RemoveKey(words.get(1).ok_or("removekey FINGERPRINT (as 'keys' lists it)")?.to_string())
        }
        other => return Err(format!("unknown command '{other}': 'help' lists the commands")),
    }))
}

/// A game's name.
fn kind(word: Option<&str>) -> Result<GameKind, String> {
    let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    let word = word.ok_or_else(|| format!("which game? {}", names.join(", ")))?;
    word.parse().map_err(|e: wormhole::ParseGameKindError| e.to_string())
}

/// A challenge from `GAME [MIN+INC] [white|black|random] [rated|casual]`.
fn spec(words: &[&str], to: Option<String>) -> Result<ChallengeSpec, String> {
    let kind = kind(words.first().copied())?;
    let mut spec = ChallengeSpec { start_fen: None, kind, clock: None, colour: ColourChoice::Random, rated: false, to };
    let mut words = words.get(1..).unwrap_or_default().to_vec();
    if let Some(at) = words.iter().position(|&w| w == "setup") {
        let choices = kind.info().setup.map_or(0, |s| s.choices.len());
        let chosen: Vec<&str> = words.drain(at..(at + 1 + choices).min(words.len())).skip(1).collect();
        spec.start_fen = Some(setup_fen(kind, &chosen)?);
    }
    let mut colour: Option<&str> = None;
    for &w in &words {
        let chosen = match w {
            "white" => ColourChoice::White,
            "black" => ColourChoice::Black,
            "random" => ColourChoice::Random,
            "rated" | "casual" => {
                spec.rated = w == "rated";
                continue;
            }
            clock if clock.contains('+') || clock.starts_with(|c: char| c.is_ascii_digit()) => {
                spec.clock = Some(read_clock(clock)?);
                continue;
            }
            other => {
                return Err(format!(
                    "'{other}' is not a choice here: after the game come [MIN+INC] [white|black|random] [rated|casual] [setup ...]"
                ));
            }
        };
        if let Some(first) = colour.filter(|&c| c != w) {
            return Err(format!("one colour only, please: '{first}' or '{w}'"));
        }
        colour = Some(w);
        spec.colour = chosen;
    }
    Ok(spec)
}

/// The start of `kind` with its set-up choices `chosen`, each written as
/// the first word of its value (Linked-portal chess: `setup d4 e5`, the
/// portals' squares).
fn setup_fen(kind: GameKind, chosen: &[&str]) -> Result<String, String> {
    let Some(setup) = kind.info().setup else { return Err(format!("{kind} has no set-up choices")) };
    let labels: Vec<&str> = setup.choices.iter().map(|c| c.label).collect();
    if chosen.len() != setup.choices.len() {
        return Err(format!("setup needs {} words: {}", labels.len(), labels.join(", ")));
    }
    let value = |(i, word): (usize, &&str)| {
        let first = |v: u8| (setup.value_text)(i, v).split_whitespace().next().map(str::to_string);
        let count = setup.choices[i].count;
        (0..count).find(|&v| first(v).as_deref() == Some(*word)).ok_or_else(|| {
            let all: Vec<String> = (0..count).filter_map(first).collect();
            format!("'{word}' is not a {}: one of {}", labels[i].to_lowercase(), all.join(" "))
        })
    };
    let values = chosen.iter().enumerate().map(value).collect::<Result<Vec<u8>, String>>()?;
    (setup.fen)(&values).ok_or_else(|| "those choices make no start".to_string())
}

/// `5+3` (minutes + seconds) as milliseconds; `30s+0` for seconds.
fn read_clock(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("'{text}' is not a clock: write MIN+INC, e.g. 5+3 (or 30s+0)");
    let (initial, inc) = text.split_once('+').ok_or_else(bad)?;
    let initial_ms = match initial.strip_suffix('s') {
        Some(secs) => secs.parse::<u64>().map_err(|_| bad())? * 1000,
        None => initial.parse::<u64>().map_err(|_| bad())? * 60_000,
    };
    Ok((initial_ms, inc.parse::<u64>().map_err(|_| bad())? * 1000))
}

#[cfg(test)]
mod tests {
    use wormhole::AnyPosition;
    use wormhole::rules::Rules;

    use super::*;

    #[test]
    fn lobby_lines_read_as_hub_calls() {
        let c = command("new classic 5+3 white rated").unwrap();
        let LobbyCommand::Call(HubCall::Challenge(spec)) = c else { panic!("{c:?}") };
        assert_eq!(
            (spec.kind, spec.clock, spec.colour, spec.rated),
            (GameKind::Classic, Some((300_000, 3000)), ColourChoice::White, true)
        );
        assert_eq!(command("accept 7"), Ok(LobbyCommand::Call(HubCall::Accept(ChallengeId(7)))));
        assert!(command("accept x").unwrap_err().contains("not a number"));
        assert!(command("new classic 5").unwrap_err().contains("not a clock"));
        assert_eq!(read_clock("30s+1"), Ok((30_000, 1000)));
    }

    #[test]
    fn an_engine_games_colour_is_honoured_and_anything_else_refused() {
        let engine = |line: &str| match command(line) {
            Ok(LobbyCommand::Call(HubCall::Engine(spec, level))) => Ok((spec.kind, spec.colour, spec.clock, level)),
            other => Err(format!("{other:?}")),
        };
        assert_eq!(engine("engine classic 3 black"), Ok((GameKind::Classic, ColourChoice::Black, None, 3)));
        assert_eq!(
            engine("engine porthole 5 white 5+3"),
            Ok((GameKind::Porthole, ColourChoice::White, Some((300_000, 3000)), 5))
        );
        assert_eq!(engine("engine fairy 1").map(|e| e.1), Ok(ColourChoice::Random));
        let purple = command("engine classic 3 purple").unwrap_err();
        assert!(purple.contains("'purple' is not a choice") && purple.contains("white|black|random"), "{purple}");
        assert!(command("new classic white black").unwrap_err().contains("one colour only"));
        // Linked-portal chess's portals, set up through the game's own choices.
        let LobbyCommand::Call(HubCall::Challenge(c)) = command("challenge bob linked setup d4 e5 5+3").unwrap() else {
            panic!("a challenge")
        };
        let portals = AnyPosition::from_fen(GameKind::Linked, c.start_fen.as_deref().unwrap()).unwrap();
        assert!(portals.fen().ends_with(" d4,e5"), "{}", portals.fen());
        assert_eq!((c.to.as_deref(), c.clock), (Some("bob"), Some((300_000, 3_000))));
        let e = command("new linked setup d4 e9").unwrap_err();
        assert!(e.contains("'e9' is not a black portal: one of a5 b5"), "{e}");
        assert!(
            command("new linked setup d4").unwrap_err().contains("setup needs 2 words: White portal, Black portal")
        );
        assert!(command("new classic setup d4").unwrap_err().contains("classic has no set-up choices"));
        assert!(command("engine classic").unwrap_err().contains("engine GAME LEVEL [white|black|random]"));
        assert_eq!(command("abort 12"), Ok(LobbyCommand::Call(HubCall::Abort(GameId(12)))));
        let which = command("new").unwrap_err();
        assert!(which.starts_with("which game?") && !which.contains("..."), "{which}");
    }

    #[test]
    fn drawing_settings_read_and_unknown_ones_are_named() {
        assert_eq!(command("pieces letters"), Ok(LobbyCommand::Setting(Setting::Pieces(PieceStyle::Letters))));
        assert!(command("theme pink").unwrap_err().contains("unknown theme 'pink'"));
    }
}
