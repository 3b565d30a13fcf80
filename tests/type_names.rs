//! One name for one thing: no two types of the workspace (app, library,
//! their tests and examples) share a name, except the roles every game's
//! folder fills alike, each game's own `Position`, `Move`, ... reached
//! through its folder (`porthole::Position`, as shakmaty names its
//! variants' types), defined once per game folder.

mod common;

use std::collections::BTreeMap;

use common::{files_under, root};

/// The names each game's folder (`crates/wormhole/src/games/<game>/`) may
/// give its own type for a role every game has: its position, move, move
/// list and kind, undo record, FEN reading (`Setup`, `FenError`), move text
/// and its errors, refused move, and game in progress.
const GAME_ROLES: [&str; 12] = [
    "FenError",
    "Game",
    "IllegalMoveError",
    "Move",
    "MoveError",
    "MoveKind",
    "MoveList",
    "MoveText",
    "Position",
    "Setup",
    "SyntaxProblem",
    "Undo",
];

/// The type a line of Rust defines, if any: a `struct`, `enum`, `trait` or
/// `union` at any indentation, a `type` alias only unindented (an indented
/// one is a trait's or an impl's associated type).
fn defined_type(line: &str) -> Option<&str> {
    let code = line.trim_start();
    let mut rest = code.strip_prefix("pub").map_or(code, |after| {
        after.strip_prefix(' ').or_else(|| after.split_once(") ").map(|(_, tail)| tail)).unwrap_or(code)
    });
    rest = ["struct ", "enum ", "trait ", "union "]
        .iter()
        .chain(if code.len() == line.len() { &["type "][..] } else { &[] })
        .find_map(|keyword| rest.strip_prefix(keyword))?;
    let end = rest.find(|c: char| !c.is_ascii_alphanumeric() && c != '_').unwrap_or(rest.len());
    let name = &rest[..end];
    name.starts_with(|c: char| c.is_ascii_uppercase()).then_some(name)
}

/// The game whose folder `path` (from the root) is in.
fn game_folder(path: &str) -> Option<&str> {
    path.strip_prefix("crates/wormhole/src/games/")?.split_once('/').map(|(game, _)| game)
}

/// Every type name of the workspace, with the files defining it.
fn type_names() -> BTreeMap<String, Vec<String>> {
    let mut sources = Vec::new();
    for dir in ["src", "tests", "examples", "crates"] {
        files_under(&root().join(dir), ".rs", &mut sources);
    }
    assert!(sources.len() >= 100, "{} Rust files", sources.len());
    let mut names: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for path in &sources {
        let name = path.strip_prefix(root()).unwrap().display().to_string();
        for line in std::fs::read_to_string(path).unwrap().lines() {
            if let Some(ty) = defined_type(line) {
                names.entry(ty.to_string()).or_default().push(name.clone());
            }
        }
    }
    names
}

#[test]
fn no_two_types_share_a_name_but_the_games_roles() {
    let names = type_names();
    assert!(names.len() >= 300, "{} type names", names.len());
    let shared: Vec<String> = names
        .iter()
        .filter(|(name, files)| {
            let games: Vec<Option<&str>> = files.iter().map(|f| game_folder(f)).collect();
            let distinct_games =
                games.iter().all(Option::is_some) && games.iter().enumerate().all(|(i, g)| !games[..i].contains(g));
            files.len() > 1 && !(GAME_ROLES.contains(&name.as_str()) && distinct_games)
        })
        .map(|(name, files)| format!("{name}: {}", files.join(", ")))
        .collect();
    assert!(shared.is_empty(), "types that share a name:\n{}", shared.join("\n"));
    for role in GAME_ROLES {
        let games = names.get(role).map_or(0, Vec::len);
        assert!(games >= 2, "{role} is a role of {games} game folder(s): take it off GAME_ROLES");
    }
}

#[test]
fn definitions_are_found_where_they_are_written() {
    assert_eq!(defined_type("pub(crate) struct Slot {"), Some("Slot"));
    assert_eq!(defined_type("    pub enum MoveError {"), Some("MoveError"));
    assert_eq!(defined_type("pub(in crate::a) trait Sink: Copy {"), Some("Sink"));
    assert_eq!(defined_type("type Outbox = Vec<u8>;"), Some("Outbox"));
    assert_eq!(defined_type("    type Move = Move;"), None);
    assert_eq!(defined_type("/// struct Doc"), None);
    assert_eq!(defined_type("pub struct $name {"), None);
    assert_eq!(defined_type("pub fn types() {"), None);
    assert_eq!(game_folder("crates/wormhole/src/games/linked/san.rs"), Some("linked"));
    assert_eq!(game_folder("crates/wormhole/src/games/linked.rs"), None);
}
