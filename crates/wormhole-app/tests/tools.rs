//! The `bench` and `match` commands through the real binary.

mod common;

use common::{stdout_of, wormhole};

/// The node count of `wormhole bench` (default depth). It changes only with
/// a search or evaluation change whose commit says so and gives the new
/// count; a pure refactor keeps it.
const BENCH_NODES: u64 = 6_638_356;

#[test]
fn bench_node_count_is_pinned() {
    let out = stdout_of(&["bench"]);
    let lines: Vec<&str> = out.lines().collect();
    let [.., nodes, speed] = lines[..] else { panic!("bench printed {out}") };
    assert_eq!(nodes, format!("Nodes searched: {BENCH_NODES}"));
    assert!(speed.starts_with("Nodes/second: "), "{speed}");
}

#[test]
fn match_prints_games_and_score() {
    let out =
        stdout_of(&["match", "--engine-a", "level=10,depth=2", "--engine-b", "level=1", "--games", "2", "--seed", "3"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.iter().filter(|l| l.starts_with("Game ")).count(), 2);
    let score = lines.last().unwrap();
    assert!(score.starts_with("Score: ") && score.contains(" / 2 ("), "{score}");
    let out = wormhole(&["match", "--engine-a", "level=eleven", "--engine-b", "level=1"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("level"));
}
