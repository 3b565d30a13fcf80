//! The `wormhole` command: play in the terminal, or use the engine tools
//! (its parts are the app's library, src/lib.rs).

fn main() -> std::process::ExitCode {
    wormhole_app::run()
}
