//! The parser harness, written once and run for every game: arbitrary text
//! (random bytes, random strings, truncated and mutated FENs and moves)
//! never panics the game's FEN, move and PGN readers; each answer is a
//! value (a move read is legal) or an error with a message. A new game joins with one
//! `parsers_never_panic!` line at the end (its tables are above it).

use proptest::prelude::*;
use wormhole::pgn::PgnGame;
use wormhole::{GameKind, ListedGame, Position, Variant};
use wormhole::{linked, porthole, twoboard};

mod common;

/// What one game's readers are fed: the kinds its FENs are read as, the
/// positions moves are read in, and its own readers (`extra`).
struct Readers<P> {
    kinds: &'static [GameKind],
    positions: Vec<P>,
    extra: fn(&str),
}

fn parse_everything<P: ListedGame>(readers: &Readers<P>, text: &str) {
    for &kind in readers.kinds {
        match P::from_fen_in(kind, text) {
            Ok(pos) => drop(pos.fen()),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    for pos in &readers.positions {
        match pos.parse_move(text) {
            Ok(m) => assert!(pos.is_legal(m), "{text} in {}", pos.fen()),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    if let Err(e) = PgnGame::parse(text) {
        assert!(!e.to_string().is_empty());
    }
    (readers.extra)(text);
}

/// The harness for one game: `readers()` gives its [`Readers`], `fens` and
/// `moves` are mutated with bytes of `alphabet`, and `pgn(fen, move)`
/// writes a game around a mutated move.
macro_rules! parsers_never_panic {
    ($game:ident: $pos:ty, cases: $cases:expr, readers: $readers:expr, fens: $fens:expr, moves: $moves:expr,
     alphabet: $alphabet:expr, pgn: $pgn:expr) => {
        mod $game {
            use super::*;

            fn parse_everything(text: &str) {
                let readers: Readers<$pos> = $readers;
                super::parse_everything(&readers, text);
            }

            proptest! {
                #![proptest_config(ProptestConfig { cases: $cases, ..ProptestConfig::default() })]

                #[test]
                fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
                    parse_everything(&String::from_utf8_lossy(&bytes));
                }

                #[test]
                fn random_strings(text in "\\PC{0,80}") {
                    parse_everything(&text);
                }

                #[test]
                fn truncated_fens(i in 0..$fens.len(), cut in 0usize..140) {
                    let fen = $fens[i];
                    parse_everything(&fen[..cut.min(fen.len())]);
                }

                #[test]
                fn mutated_fens_and_moves(
                    i in 0..$fens.len(),
                    j in 0..$moves.len(),
                    edits in proptest::collection::vec((any::<u8>(), any::<usize>(), prop::sample::select($alphabet.to_vec())), 1..4),
                ) {
                    parse_everything(&common::mutate($fens[i], &edits));
                    parse_everything(&common::mutate($moves[j], &edits));
                    let pgn: fn(&str, &str) -> String = $pgn;
                    let _ = PgnGame::parse(&pgn($fens[i], &common::mutate($moves[j], &edits)));
                }
            }
        }
    };
}

const WORMHOLE_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0",
    common::DIAGRAM,
    common::DIAGRAM_FAIRY,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    "kxxxxxxx/xxxxxxxx/2Q5/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxK b 55",
];

const WORMHOLE_MOVES: &[&str] = &["e4", "Nf3", "Nd3xf6", "b7a8q", "bxa8=Q", "d3-f6", "Qd3+", "N3d5", "Nbd7#", "e7e3"];

/// Moves are read in both start positions and in the rules' diagram, and
/// the piece-set hint of a setup is read too.
fn wormhole_readers() -> Readers<Position> {
    Readers {
        kinds: &[GameKind::Classic, GameKind::Fairy],
        positions: vec![
            Position::new(Variant::Classic),
            Position::new(Variant::Fairy),
            common::diagram(Variant::Classic),
        ],
        extra: |text| drop(wormhole::Setup::from_fen(text).map(|s| s.variant_hint())),
    }
}

const PORTHOLE_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b5,c5,f5,g5,b4,c4,f4,g4",
    "6k1/5ppp/8/8/4n3/p7/2B2PPP/6K1 w - - 0 25 h5,e4,a3,c2",
    "r1bqkbnr/pQpppppp/8/8/2n3P1/2N5/PPP1PPPP/R1BpKBNR w KQkq - 0 5 b7,b5,f5,g5*2,c4,g4,d1",
    "n2qkbnr/pb1ppp2/1pQ5/2B4p/P4KP1/8/1PPP1P1P/RNB2N1R b k - 3 14 a8,c5*3,f4*2,f1,g1",
    "4k3/8/8/8/8/8/8/4K3 w - -",
];

const PORTHOLE_MOVES: &[&str] =
    &["e4", "Nf3", "fg4>c4", "Kh1>d4", "Bxe4>h5", "g1h1d4", "Bc2xe4→h5", "e7e8q", "O-O-O", "Nc3>g6+", "exd5"];

/// Moves are read in every position of the table (all valid), and the
/// setup reader's errors carry a message.
fn porthole_readers() -> Readers<porthole::Position> {
    Readers {
        kinds: &[GameKind::Porthole],
        positions: PORTHOLE_FENS.iter().map(|fen| porthole::Position::from_fen(fen).unwrap()).collect(),
        extra: |text| {
            if let Err(e) = porthole::Setup::from_fen(text) {
                assert!(!e.to_string().is_empty());
            }
        },
    }
}

const LINKED_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4,a5",
    "k6r/8/1PP5/8/8/8/8/K7 w - - 0 1 c7,h8",
    "4k2r/1rp2pp1/pp4Pp/3p4/2pPP3/2P3P1/P4P1P/2R2R1K b k d3 0 12 a1,h7",
    "1r1k3r/1ppppppp/p1P5/8/2K3P1/4P3/5P1P/5R2 w - - 2 13 c2,c2",
    "4k3/8/8/8/8/8/8/4K3 w - -",
];

const LINKED_MOVES: &[&str] =
    &["e4>a5", "e2a5", "Nf3", "Ra4>e8#", "bxc7>h8=Q+", "Z@e5", "b6h8q", "O-O-O", "Nxe4>a5", "Ra4>xe8", "z@d3"];

/// Moves are read in every position of the table (all valid), and the
/// setup reader's errors carry a message.
fn linked_readers() -> Readers<linked::Position> {
    Readers {
        kinds: &[GameKind::Linked],
        positions: LINKED_FENS.iter().map(|fen| linked::Position::from_fen(fen).unwrap()).collect(),
        extra: |text| {
            if let Err(e) = linked::Setup::from_fen(text) {
                assert!(!e.to_string().is_empty());
            }
        },
    }
}

const TWOBOARD_FENS: &[&str] = &[
    "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w A KQ|kq -|- - 0 1",
    "rnbq1bnr/pppp1ppp/8/4p3/P7/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/ppppppp1/8/7p/P7/8/1PPPPPPP/RNBQ1BNR w A KQ|kq e6|a3 - 0 3",
    "rnbq1bnr/ppp2ppp/3pp3/P7/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/1pppppp1/7p/p7/8/6PP/PPPPPP2/RNBQ1BNR w B KQ|kq -|- wAa5,bBa5 2 6",
    "rnbq1bnr/ppp2ppp/3pp3/8/8/8/1PPPPPPP/RNBQKBNR|rnbqkbnr/1pppppp1/7p/P7/8/6PP/PPPPPP2/RNBQ1BNR b A KQ|kq -|- bBa5=p 0 6",
    "7K/8/8/7N/8/8/8/7r|k7/8/8/8/8/8/8/8 w B -|- -|- wAh5 0 20",
];

const TWOBOARD_MOVES: &[&str] = &[
    "A:e4",
    "Ae4",
    "Ae2e4",
    "A:Qa4^",
    "QAa4>xBa4",
    "Aa4>Ba4",
    "Aa4Ba4",
    "B:--",
    "0000",
    "A:O-O-O",
    "B:e1=Q+",
    "Bd7d8q",
    "Aa5→Ba5",
];

/// Moves are read in every position of the table (all valid), and a FEN
/// that reads is written back as the same position.
fn twoboard_readers() -> Readers<twoboard::Position> {
    Readers {
        kinds: &[GameKind::Twoboard],
        positions: TWOBOARD_FENS.iter().map(|fen| twoboard::Position::from_fen(fen).unwrap()).collect(),
        extra: |text| {
            if let Ok(pos) = twoboard::Position::from_fen(text) {
                assert_eq!(twoboard::Position::from_fen(&pos.fen()).as_ref(), Ok(&pos));
            }
        },
    }
}

// The instantiations: one line per game.
parsers_never_panic!(wormhole_chess: Position, cases: 3000, readers: wormhole_readers(), fens: WORMHOLE_FENS,
    moves: WORMHOLE_MOVES, alphabet: b"xX/0123456789kqrbnpcwmKQRBNPCWM wb-=+#",
    pgn: |_, m| format!("[Variant \"Wormhole\"]\n\n1. {m} e5 *"));
parsers_never_panic!(porthole_chess: porthole::Position, cases: 2000, readers: porthole_readers(), fens: PORTHOLE_FENS,
    moves: PORTHOLE_MOVES, alphabet: b"xX/0123456789kqrbnpKQRBNP wb-=+#*,>Oabcdefgh",
    pgn: |fen, m| format!("[Variant \"Porthole\"]\n[FEN \"{fen}\"]\n\n1. {m} *"));
parsers_never_panic!(linked_chess: linked::Position, cases: 1500, readers: linked_readers(), fens: LINKED_FENS,
    moves: LINKED_MOVES, alphabet: b"Zz@/0123456789kqrbnpKQRBNP wb-=+#*,>Oabcdefgh",
    pgn: |fen, m| format!("[Variant \"Linked\"]\n[FEN \"{fen}\"]\n\n1. {m} *"));
parsers_never_panic!(twoboard_chess: twoboard::Position, cases: 1500, readers: twoboard_readers(), fens: TWOBOARD_FENS,
    moves: TWOBOARD_MOVES, alphabet: b"|/012345678kqrbnpKQRBNP wbAB-=+#!,>:^Oaeh",
    pgn: |fen, m| format!("[Variant \"Twoboard\"]\n[FEN \"{fen}\"]\n\n1. {m} *"));
