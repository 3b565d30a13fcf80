//! The app's parts, behind its two binaries: `wormhole` (src/main.rs: the
//! game in the terminal, the engine tools and `wormhole serve`) runs
//! [`run`]; `wormhole-load` (src/bin/wormhole-load/: the load benchmarks
//! of the server) drives the [`server`] and measures with [`process_use`];
//! the figures scripts in examples/ use [`server`] and [`ai`].
//! Not a published API: the library of rules and engine is the `wormhole`
//! crate (crates/wormhole).

/// `println!` for commands that must not die of SIGPIPE (they talk to
/// engines through pipes, or own a game): see [`signals::print_or_end`].
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::signals::print_or_end(&format!("{}\n", format_args!($($arg)*)))
    };
}

mod analyze;
mod bench;
mod cli;
mod cli_docs;
mod files;
mod game_arg;
mod glicko;
mod limits;
mod match_cmd;
mod perft_cmd;
mod play;
mod printable;
pub mod process_use;
mod puzzle_record;
mod puzzle_sets;
mod puzzles_cmd;
mod saved_games;
mod search_settings;
pub mod server;
mod signals;
mod solve;
mod term_input;
mod tui;
mod uci;

pub use cli::run;
/// The app's engine thread (searching, thinking on the human's time), for
/// `examples/ponder_figures.rs`.
pub use tui::ai;
