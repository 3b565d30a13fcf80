//! Adds an ordinary-chess engine's score to the positions of a dump, for
//! `fit_eval` (`FIT_EVAL_SHARE`): reads `<FEN>;<result>` lines of Porthole
//! chess without portholes (ordinary chess, as `wormhole match --fen
//! "... -" --dump FILE` writes them), asks the UCI engine `ENGINE` to
//! search every `EVERY`-th position for `NODES` nodes, and prints
//! `<FEN>;<result>;<cp>`, the score in centipawns for White (a mate
//! counts 3,000). A file still being written is read up to its last
//! complete line; positions with portholes are skipped.
//!
//! ```text
//! cargo run --release --example label_positions -- /usr/games/stockfish 1000 2 chess.txt > chess-scored.txt
//! ```

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use uci_client::UciClient;

mod uci_client;

/// The ordinary-chess FEN of a Porthole FEN without portholes, and
/// whether White is to move; `None` when it has portholes.
fn chess_fen(fen: &str) -> Option<(String, bool)> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    (fields.len() == 7 && fields[6] == "-").then(|| (fields[..6].join(" "), fields[1] == "w"))
}

/// Scores every `every`-th line of `files` and prints the scored lines.
fn run(path: &str, nodes: u64, every: usize, files: &[String]) -> std::io::Result<()> {
    let mut engine = UciClient::start(path, &[], &[])?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    for file in files {
        let text = std::fs::read_to_string(file)?;
        let complete = &text[..text.rfind('\n').map_or(0, |end| end + 1)];
        for line in complete.lines().step_by(every) {
            let Some((fen, _)) = line.split_once(';') else { continue };
            let Some((chess, white)) = chess_fen(fen) else { continue };
            if let (_, Some(score)) = engine.search(&format!("fen {chess}"), nodes)? {
                writeln!(out, "{line};{}", if white { score } else { -score })?;
            }
        }
    }
    out.flush()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path, nodes, every, files @ ..] = args.as_slice() else {
        eprintln!("usage: label_positions ENGINE NODES EVERY <dump files...>");
        return ExitCode::from(2);
    };
    let (Ok(nodes), Ok(every)) = (nodes.parse(), every.parse::<usize>()) else {
        eprintln!("NODES and EVERY are numbers");
        return ExitCode::from(2);
    };
    match run(path, nodes, every.max(1), files) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(1)
        }
    }
}
