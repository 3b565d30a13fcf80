//! The mate-distance suite (`tests/data/mate_distances.txt`): late-game
//! positions of both piece sets with their exact result within
//! [`HORIZON`] plies, found by a brute-force solver (plain minimax over the
//! rules core: no table, no move ordering, no pruning beyond "one winning
//! move is enough"). `tests/engine_proofs.rs` checks the engine and the
//! solver against it; `examples/mate_suite.rs` writes it and measures the
//! solver's effort on it. Each includes what it needs.
#![allow(dead_code)]

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use wormhole::engine::{Proof, Score};
use wormhole::{Move, Position, Variant};

/// Results are looked for up to this many plies ahead.
pub const HORIZON: u32 = 9;

/// The suite's file, from the package's folder.
pub const DATA: &str = "tests/data/mate_distances.txt";

/// The brute-force solver, counting the positions it visits.
pub struct Brute {
    pub nodes: u64,
    pub budget: u64,
}

impl Brute {
    /// Whether the side to move can leave the opponent without a move
    /// within `plies` plies (`None`: over budget).
    pub fn wins_within(&mut self, pos: &mut Position, plies: u32) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        for &m in pos.legal_moves().iter() {
            let undo = pos.play_unchecked(m);
            let lost = self.loses_within(pos, plies - 1);
            pos.undo(m, undo);
            if lost? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Whether the side to move runs out of moves within `plies` plies
    /// whatever it plays.
    pub fn loses_within(&mut self, pos: &mut Position, plies: u32) -> Option<bool> {
        self.nodes += 1;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Some(true);
        }
        if plies < 2 {
            return Some(false);
        }
        for &m in moves.iter() {
            let undo = pos.play_unchecked(m);
            let won = self.wins_within(pos, plies - 1);
            pos.undo(m, undo);
            if !won? {
                return Some(false);
            }
        }
        Some(true)
    }

    /// The exact result within `horizon` plies: the shortest win, the
    /// longest defence, or `None` if the game is not decided that soon.
    /// `Err(())` when over budget.
    pub fn solve(&mut self, pos: &Position, horizon: u32) -> Result<Option<Score>, ()> {
        let mut pos = pos.clone();
        for plies in 0..=horizon {
            let decided = if plies % 2 == 1 {
                self.wins_within(&mut pos, plies).ok_or(())?.then_some(Score::Win(plies))
            } else {
                self.loses_within(&mut pos, plies).ok_or(())?.then_some(Score::Loss(plies))
            };
            if decided.is_some() {
                return Ok(decided);
            }
        }
        Ok(None)
    }
}

/// One position of the suite with its truth.
pub struct Case {
    pub variant: Variant,
    pub fen: String,
    /// The exact result, or `None`: no game end within [`HORIZON`] plies.
    pub truth: Option<Score>,
    /// Positions the brute force visited to find it.
    pub nodes: u64,
}

pub fn truth_text(truth: Option<Score>) -> String {
    match truth {
        Some(Score::Win(n)) => format!("win {n}"),
        Some(Score::Loss(n)) => format!("loss {n}"),
        _ => format!("none {HORIZON}"),
    }
}

pub fn parse_case(line: &str) -> Case {
    let fields: Vec<&str> = line.split(';').collect();
    assert_eq!(fields.len(), 4, "bad line: {line}");
    let variant: Variant = fields[0].parse().unwrap();
    let (kind, n) = fields[2].split_once(' ').unwrap();
    let n: u32 = n.parse().unwrap();
    let truth = match kind {
        "win" => Some(Score::Win(n)),
        "loss" => Some(Score::Loss(n)),
        _ => None,
    };
    Case { variant, fen: fields[1].to_string(), truth, nodes: fields[3].parse().unwrap() }
}

pub fn cases() -> Vec<Case> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(DATA);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).map(parse_case).collect()
}

/// Checks a solver result against the truth: the right winner, a proof
/// no shorter than the shortest game end, and (when short enough to check)
/// a winning move that the brute force confirms.
pub fn check_proof(case: &Case, proof: Proof<Move>) {
    let what = format!("{} {}: solver {proof:?}, truth {:?}", case.variant, case.fen, case.truth);
    let (won, plies) = match proof {
        Proof::Unknown => return,
        Proof::Win { plies, .. } => (true, plies),
        Proof::Loss { plies, .. } => (false, plies),
    };
    match case.truth {
        Some(Score::Win(t)) => assert!(won && plies >= t, "{what}"),
        Some(Score::Loss(t)) => assert!(!won && plies >= t, "{what}"),
        _ => assert!(plies > HORIZON, "{what}"),
    }
    if let Proof::Win { first_move, plies, .. } = proof
        && plies <= HORIZON
    {
        let mut next = Position::from_fen(&case.fen, case.variant).unwrap().after(first_move);
        let mut brute = Brute { nodes: 0, budget: u64::MAX };
        assert_eq!(brute.loses_within(&mut next, plies - 1), Some(true), "{what}: {first_move} does not win");
    }
    if let Proof::Loss { defence, plies, .. } = proof {
        let pos = Position::from_fen(&case.fen, case.variant).unwrap();
        assert_eq!(defence.is_none(), pos.legal_moves().is_empty(), "{what}: a defence iff a move");
        if let Some(d) = defence.filter(|_| plies <= HORIZON) {
            let mut brute = Brute { nodes: 0, budget: u64::MAX };
            assert_eq!(brute.wins_within(&mut pos.after(d), plies - 1), Some(true), "{what}: {d} lasts longer");
        }
    }
}

/// Late-game positions from random play, each solved by the brute force;
/// keeps a mix of wins, losses and undecided positions in both piece sets.
pub fn generate(rng: &mut SmallRng, variant: Variant, wanted: usize) -> Vec<Case> {
    let mut cases = Vec::new();
    let (mut decided, mut undecided) = (0, 0);
    while decided + undecided < wanted {
        let mut pos = Position::new(variant);
        let plies = rng.random_range(20..52);
        while pos.plies() < plies && pos.has_legal_move() {
            let moves = pos.legal_moves();
            pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        if !pos.has_legal_move() {
            continue;
        }
        let mut brute = Brute { nodes: 0, budget: 3_000_000 };
        let Ok(truth) = brute.solve(&pos, HORIZON) else { continue };
        // A few undecided positions; the rest decided, favouring long results.
        let keep = match truth {
            None => undecided < wanted / 6,
            Some(Score::Win(n) | Score::Loss(n)) => {
                decided < wanted - wanted / 6 && (n >= 4 || rng.random_range(0..3) == 0)
            }
            Some(Score::Cp(_)) => false,
        };
        if keep {
            if truth.is_some() {
                decided += 1
            } else {
                undecided += 1
            }
            cases.push(Case { variant, fen: pos.fen(), truth, nodes: brute.nodes });
        }
    }
    cases
}

/// The suite's text: the positions of issue 9 where the engine once
/// reported a wrong distance, then 180 generated positions of each piece
/// set (seed 2026). Takes several minutes.
pub fn write_suite() -> String {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut text = String::from(
        "# variant;FEN;exact result within 9 plies (win N, loss N, none 9);positions the brute force visited\n\
         # Written by `cargo run --release -p wormhole --example mate_suite -- regenerate`.\n",
    );
    // The positions of issue 9 where the engine once reported a wrong distance.
    let mut cases = Vec::new();
    for (fen, variant) in [
        ("xxbqkbnr/pxxxxpxp/xx1Px1p1/Rpxxp2n/xx3xPP/Px2BNx1/xxPPPPxx/xNxQKBxR w 24", Variant::Classic),
        ("xnwmkxxc/pxppxpxx/cp1nx3/1W1pw1px/1x1P2x1/PKx2p1P/xPPxPPPx/CNxMxxNx b 19", Variant::Fairy),
        ("xxxxxxxr/xQpxxxpx/xxxxxnxp/2bxxkPB/pP2x1x1/xx1xxPKb/xPxPPxxx/RNBxxxRx b 35", Variant::Classic),
    ] {
        let mut brute = Brute { nodes: 0, budget: u64::MAX };
        let truth = brute.solve(&Position::from_fen(fen, variant).unwrap(), HORIZON).unwrap();
        cases.push(Case { variant, fen: fen.to_string(), truth, nodes: brute.nodes });
    }
    for variant in Variant::ALL {
        cases.extend(generate(&mut rng, variant, 180));
    }
    for c in &cases {
        text.push_str(&format!("{};{};{};{}\n", c.variant, c.fen, truth_text(c.truth), c.nodes));
    }
    text
}
