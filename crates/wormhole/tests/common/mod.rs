//! Helpers shared by the library's integration tests: FEN fixtures,
//! seeded random play, and byte edits for the parser fuzz tests. Each test
//! file includes this module with `mod common;` and uses the part it needs.
#![allow(dead_code)]

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use wormhole::{Move, Position, Variant};

/// The diagram of the rules (docs/wormhole.md#worked-examples, example 2):
/// Black to move, 17 plies played
/// and 14 holes (it starts mid-game).
pub const DIAGRAM: &str = "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17";

/// The same diagram with the fairy pieces (C W M for R B Q).
pub const DIAGRAM_FAIRY: &str = "cwkxxxwn/ppxppppx/2mxxW2/4x2p/3P1x2/3n1x2/PPPxPPPP/CWxxxNKC b 17";

/// The diagram of `variant`'s piece set, as a position.
pub fn diagram(variant: Variant) -> Position {
    let fen = match variant {
        Variant::Classic => DIAGRAM,
        Variant::Fairy => DIAGRAM_FAIRY,
    };
    Position::from_fen(fen, variant).expect("the diagram is valid")
}

/// A seeded generator: the same seed replays the same test.
pub fn rng(seed: u64) -> SmallRng {
    SmallRng::seed_from_u64(seed)
}

/// A random legal move of `pos`; `None` when the game is over.
pub fn random_move(pos: &Position, rng: &mut SmallRng) -> Option<Move> {
    let moves = pos.legal_moves();
    (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
}

/// Plays random moves from `pos` until the game ends, calling `check` on
/// every position reached (the first and the last included); returns the
/// last.
pub fn random_game(mut pos: Position, rng: &mut SmallRng, mut check: impl FnMut(&Position)) -> Position {
    loop {
        check(&pos);
        let Some(m) = random_move(&pos, rng) else { return pos };
        pos.play_unchecked(m);
    }
}

/// Applies byte-level edits (delete, insert, replace) chosen by `edits`.
pub fn mutate(base: &str, edits: &[(u8, usize, u8)]) -> String {
    let mut bytes = base.as_bytes().to_vec();
    for &(kind, at, byte) in edits {
        let at = if bytes.is_empty() { 0 } else { at % (bytes.len() + 1) };
        match kind % 3 {
            0 if at < bytes.len() => {
                bytes.remove(at);
            }
            1 => bytes.insert(at, byte),
            _ if at < bytes.len() => bytes[at] = byte,
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Plays random legal moves of any game from `start` until the game ends or
/// `max_plies` are played, calling `check` on every position reached (the
/// first and the last included); returns the last.
pub fn play_random<P: wormhole::Rules>(start: P, rng: &mut SmallRng, max_plies: usize, mut check: impl FnMut(&P)) -> P {
    use wormhole::rules::MoveSet;
    let mut pos = start;
    let mut earlier = Vec::new();
    for _ in 0..max_plies {
        check(&pos);
        let moves: Vec<P::Move> = pos.legal_moves().iter().collect();
        if moves.is_empty() || pos.outcome(&earlier).is_some() {
            return pos;
        }
        earlier.push(pos.hash());
        pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    check(&pos);
    pos
}
