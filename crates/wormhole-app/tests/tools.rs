//! The `bench` and `match` commands through the real binary.

use std::process::Command;

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_wormhole")).args(args).output().expect("the binary runs");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn last_number(line: &str) -> u64 {
    line.rsplit(' ').next().unwrap().parse().unwrap()
}

#[test]
fn bench_node_count_is_stable() {
    let a = run(&["bench", "--depth", "4"]);
    let b = run(&["bench", "--depth", "4"]);
    let la: Vec<&str> = a.lines().collect();
    let lb: Vec<&str> = b.lines().collect();
    let (nodes_a, nodes_b) = (la[la.len() - 2], lb[lb.len() - 2]);
    assert!(nodes_a.starts_with("Nodes searched: "));
    assert!(la[la.len() - 1].starts_with("Nodes/second: "));
    assert_eq!(nodes_a, nodes_b);
    assert!(last_number(nodes_a) > 1000);
}

#[test]
fn match_prints_games_and_score() {
    let out = run(&["match", "--engine-a", "level=10,depth=2", "--engine-b", "level=1", "--games", "2", "--seed", "3"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.iter().filter(|l| l.starts_with("Game ")).count(), 2);
    let score = lines.last().unwrap();
    assert!(score.starts_with("Score: ") && score.contains(" / 2 ("), "{score}");
    let out = Command::new(env!("CARGO_BIN_EXE_wormhole"))
        .args(["match", "--engine-a", "level=eleven", "--engine-b", "level=1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("level"));
}
