//! The mate-distance suite of `tests/engine_proofs.rs`, as commands:
//!
//! ```text
//! cargo run --release -p wormhole --example mate_suite -- regenerate
//! cargo run --release -p wormhole --example mate_suite -- effort
//! ```
//!
//! `regenerate` writes `tests/data/mate_distances.txt` (several minutes);
//! `effort` prints how much work the solver's first proof and disproof
//! numbers save: the positions it expands on the whole suite, each with at
//! most 100,000 (load-independent, for comparing estimates), every proof
//! checked against the brute force.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use wormhole::Position;
use wormhole::engine::{Proof, SolveLimits};
use wormhole::solve::Solver;

#[path = "../tests/common/mate_suite.rs"]
mod mate_suite;

use mate_suite::{DATA, cases, check_proof, write_suite};

fn main() -> ExitCode {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(DATA);
    match std::env::args().nth(1).as_deref() {
        Some("regenerate") => match std::fs::write(&path, write_suite()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                ExitCode::FAILURE
            }
        },
        Some("effort") => {
            solver_effort();
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("usage: mate_suite regenerate | effort");
            ExitCode::from(2)
        }
    }
}

/// The solver's work on the whole suite, at most 100,000 positions a case.
fn solver_effort() {
    let (mut nodes, mut proved) = (0, 0);
    for case in cases() {
        let mut solver = Solver::new(16);
        let pos = Position::from_fen(&case.fen, case.variant).unwrap();
        let limits = SolveLimits { nodes: Some(100_000), ..SolveLimits::default() };
        let result = solver.solve(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
        check_proof(&case, result.proof);
        nodes += result.nodes;
        proved += (result.proof != Proof::Unknown) as u32;
    }
    println!("solver effort: {nodes} positions, {proved} of {} proved", cases().len());
}
