//! The puzzle file format: a line reads back as the puzzle that wrote it,
//! garbage never panics the reader, and each refusal says what is wrong.

use proptest::prelude::*;
use wormhole::GameKind;
use wormhole::puzzles::{HEADER, LineError, ParsePuzzleError, Puzzle, PuzzleFileError, Theme, parse_file};

/// A Wormhole puzzle: White's Nxf4 leaves Black no legal move.
const CLASSIC: &str = "w1\tclassic\txxxxkxxr/ppxxxppp/xxpx1x1x/rxxxxx1P/xQ1xxpnx/1Pxxxx1N/xxxxxPxx/xxxxKxxR w 40\t\
                       h3f4\tNxf4#\t900\tmate-in-1 capture\t120";

fn puzzle() -> Puzzle {
    Puzzle::parse(CLASSIC).unwrap()
}

/// Any theme a classic puzzle may have: generic, or Wormhole chess's own.
fn theme() -> impl Strategy<Value = Theme> {
    let own = GameKind::Classic.info().themes.iter().map(|&t| Theme::Game(t));
    prop_oneof![
        (1..=Theme::MAX_MATE).prop_map(Theme::MateIn),
        (1..=Theme::MAX_MATE).prop_map(Theme::StalemateIn),
        proptest::sample::select(Theme::PLAIN.into_iter().chain(own).collect::<Vec<_>>())
    ]
}

proptest! {
    #[test]
    fn a_line_reads_back_as_the_puzzle(
        id in "[A-Za-z0-9_-]{1,12}",
        rating in any::<u16>(),
        nodes in any::<u64>(),
        themes in proptest::collection::vec(theme(), 0..5),
    ) {
        let p = Puzzle { id, rating, nodes, themes, ..puzzle() };
        prop_assert_eq!(Puzzle::parse(&p.to_line()), Ok(p));
    }

    #[test]
    fn garbage_never_panics_the_reader(text in "\\PC{0,200}", tabs in proptest::collection::vec("[^\t]{0,30}", 0..10)) {
        for line in [text.clone(), tabs.join("\t")] {
            if let Err(e) = Puzzle::parse(&line) {
                prop_assert!(!e.to_string().is_empty());
            }
            if let Ok(lines) = parse_file(&format!("{HEADER}\n{line}")) {
                for (_, p) in lines {
                    if let Ok(p) = p {
                        drop(p.line());
                    }
                }
            }
        }
    }

    #[test]
    fn mutated_puzzles_never_panic(i in 0..CLASSIC.len(), byte in any::<u8>()) {
        let mut bytes = CLASSIC.as_bytes().to_vec();
        bytes[i] = byte;
        let text = String::from_utf8_lossy(&bytes);
        match Puzzle::parse(&text) {
            Ok(p) => drop(p.line()),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

#[test]
fn every_theme_reads_back() {
    for t in Theme::PLAIN.into_iter().chain([Theme::MateIn(1), Theme::MateIn(Theme::MAX_MATE)]) {
        assert_eq!(t.to_string().parse::<Theme>(), Ok(t));
    }
    for bad in ["mate-in-01", "mate-in-+2", "mate-in-100", "Capture", ""] {
        assert!(bad.parse::<Theme>().is_err(), "{bad}");
    }
}

/// Each game's own themes read back in its puzzles, and only there: a
/// theme of another game is refused, saying which.
#[test]
fn every_games_own_themes_read_back_in_its_puzzles_only() {
    for kind in GameKind::ALL {
        let own = kind.info().themes;
        assert!(!own.is_empty(), "{kind} names no theme of its own");
        for &t in own {
            assert_eq!(Theme::read(t.name, own), Ok(Theme::Game(t)), "{kind}");
            assert!(t.name.parse::<Theme>().is_err(), "{}: a game's theme is not generic", t.name);
            assert!(!t.description.is_empty() && Theme::Game(t).to_string() == t.name);
        }
    }
    let line = CLASSIC.replace("mate-in-1 capture", "mate-in-1 through-porthole");
    assert_eq!(Puzzle::parse(&line).unwrap_err().to_string(), "unknown puzzle theme 'through-porthole'");
    let porthole = wormhole::games::porthole::THROUGH_PORTHOLE;
    assert_eq!(Theme::read("through-porthole", GameKind::Porthole.info().themes), Ok(Theme::Game(porthole)));
}

#[test]
fn the_line_plays_from_the_position() {
    let p = puzzle();
    assert_eq!(p.game, GameKind::Classic);
    assert_eq!(p.mate_in(), Some(1));
    assert_eq!(p.solver_moves(), 1);
    let line = p.line().unwrap();
    assert_eq!(line[0].to_string(), "h3f4");
}

#[test]
fn refusals_say_what_is_wrong() {
    let with = |field: usize, text: &str| {
        let mut fields: Vec<&str> = CLASSIC.split('\t').collect();
        fields[field] = text;
        Puzzle::parse(&fields.join("\t"))
    };
    assert_eq!(with(0, "a b"), Err(ParsePuzzleError::Id("a b".into())));
    assert_eq!(
        with(1, "chess").unwrap_err().to_string(),
        "puzzle game: unknown variant 'chess' (expected 'classic', 'fairy', 'porthole', 'linked' or 'twoboard')"
    );
    assert!(matches!(with(2, "8/8 w 0"), Err(ParsePuzzleError::Fen { .. })));
    assert_eq!(with(3, "h3f4 e8d8"), Err(ParsePuzzleError::MoveCount(2)));
    assert_eq!(with(4, "Nxf4# Kd8 Nc3"), Err(ParsePuzzleError::SanCount { moves: 1, san: 3 }));
    assert_eq!(with(5, "hard").unwrap_err().to_string(), "puzzle rating 'hard': invalid digit found in string");
    assert_eq!(with(6, "mate-in-1 skewer").unwrap_err().to_string(), "unknown puzzle theme 'skewer'");
    assert_eq!(Puzzle::parse("a\tb"), Err(ParsePuzzleError::Fields { found: 2 }));
}

#[test]
fn a_move_that_does_not_play_is_named() {
    let mut p = puzzle();
    p.solution = vec!["h3g5".into()];
    let err = p.line().unwrap_err();
    assert!(matches!(&err, LineError::Move { ply: 0, text, .. } if text == "h3g5"), "{err}");
    let mut p = puzzle();
    p.san = vec!["Nf4".into()];
    assert_eq!(p.line().unwrap_err().to_string(), "move 1 of the solution, h3f4, is Nxf4# in SAN, not 'Nf4'");
}

#[test]
fn a_file_needs_its_header() {
    assert_eq!(parse_file("x\n"), Err(PuzzleFileError::Header("x".into())));
    let lines = parse_file(&format!("{HEADER}\r\n{CLASSIC}\r\n\n")).unwrap();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].0, 2);
    assert_eq!(lines[0].1, Ok(puzzle()));
}
