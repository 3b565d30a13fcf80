//! The figures of issue 44 item 3, the engine thinking on the human's
//! time (pondering), as the app does it against UCI's way. For positions
//! of each game (a few moves in, and eight plies of the engine's play
//! later), the player thinking 2 s:
//! - the hint: without pondering, a search of the hint's 200,000 nodes
//!   (its time and depth); with pondering, at once (the depth reached);
//! - the engine's reply, 500,000 nodes at full strength: its depth, and
//!   the nodes it took to reach the depth the reply without pondering
//!   reached, without pondering, pondering the player's position (what the
//!   app does) and pondering the position after the predicted move (UCI's
//!   way), the player playing the predicted move (hit) or another (miss).
//!
//! Run with `cargo run --release --example ponder_figures` (one core, about
//! two minutes).

use std::time::{Duration, Instant};

use wormhole::engine::Level;
use wormhole::{AnyMove, AnyPosition, GameKind, Rules};
use wormhole_app::ai::{Ai, EngineEvent, EngineReport, Finished, Purpose, SearchLimits};

/// How long the player thinks (the engine ponders).
const THINK: Duration = Duration::from_secs(2);

fn main() {
    for pos in positions().into_iter().chain(positions().iter().map(played_on)) {
        println!("{}", figures_of(&pos).join("\n"));
    }
}

/// The hint's line and the reply's two lines (hit, miss) for `pos`.
fn figures_of(pos: &AnyPosition) -> Vec<String> {
    // The predicted move and another good one: the best two of a short search.
    let limits = SearchLimits { depth: Some(6), multipv: 2, ..SearchLimits::default() };
    let (first, _) = searched(&mut Ai::new(Some(1)), pos, limits, Purpose::Hint { ply: 0 });
    let lines = first.info.expect("a report").lines;
    let (predicted, other) = (lines[0].pv[0], lines[1].pv[0]);
    let t = Instant::now();
    let hint_limits =
        SearchLimits { nodes: Some(wormhole::analysis::AnalysisOptions::DEFAULT_NODES), ..SearchLimits::default() };
    let (hint, _) = searched(&mut Ai::new(Some(1)), pos, hint_limits, Purpose::Hint { ply: 0 });
    let hint_time = t.elapsed();
    let hint_depth = hint.info.map_or(0, |i| i.depth);
    let (_, pondered) = pondered_for(pos, THINK);
    let mut rows = vec![format!(
        "{}: hint without pondering {:.0} ms, depth {hint_depth}; with pondering 0 ms, depth {}",
        pos.kind(),
        hint_time.as_secs_f64() * 1000.0,
        pondered.depth
    )];
    for (case, m) in [("hit", predicted), ("miss", other)] {
        let (cold_depth, _) = reply(&mut Ai::new(Some(1)), pos, m, 0);
        let (mut own, _) = pondered_for(pos, THINK);
        let (own_depth, own_nodes) = reply(&mut own, pos, m, cold_depth);
        let (mut uci, _) = pondered_for(&pos.after(predicted).expect("a legal move"), THINK);
        let (uci_depth, uci_nodes) = reply(&mut uci, pos, m, cold_depth);
        rows.push(format!(
            "{}, {case}: reply depth without pondering {cold_depth} (500k nodes); pondering the player's \
             position {own_depth} (depth {cold_depth} in {own_nodes:?} nodes); pondering after the \
             predicted move {uci_depth} (depth {cold_depth} in {uci_nodes:?} nodes)",
            pos.kind()
        ));
    }
    rows
}

/// Positions of each game a few moves in.
fn positions() -> Vec<AnyPosition> {
    let lines: [(GameKind, &[&str]); 4] = [
        (GameKind::Classic, &["e4", "e5", "Nf3", "Nc6"]),
        (GameKind::Fairy, &[]),
        (GameKind::Porthole, &[]),
        (GameKind::Linked, &[]),
    ];
    lines
        .iter()
        .map(|(kind, moves)| {
            let mut pos = AnyPosition::new(*kind);
            for m in moves.iter() {
                let m = pos.parse_move(m).expect("a legal move");
                pos.play(m).expect("a legal move");
            }
            pos
        })
        .collect()
}

/// `pos` after eight plies of the engine's shallow play (a middle game).
fn played_on(pos: &AnyPosition) -> AnyPosition {
    let mut pos = pos.clone();
    let mut ai = Ai::new(Some(1));
    for _ in 0..8 {
        let (done, _) = searched(
            &mut ai,
            &pos,
            SearchLimits { depth: Some(4), ..SearchLimits::default() },
            Purpose::Hint { ply: 0 },
        );
        pos = pos.after(done.best.expect("a best move")).expect("a legal move");
    }
    pos
}

/// One search to its end, with every report: (final result, reports).
fn searched(ai: &mut Ai, pos: &AnyPosition, limits: SearchLimits, purpose: Purpose) -> (Finished, Vec<EngineReport>) {
    ai.start(pos, limits, Level::MAX, purpose);
    let (mut infos, end) = (Vec::new(), Instant::now() + Duration::from_secs(120));
    while Instant::now() < end {
        for event in ai.poll() {
            match event {
                EngineEvent::Info(info) => infos.push(info),
                EngineEvent::Done(done) => return (done, infos),
            }
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the search did not end in two minutes")
}

/// Pondering `pos` for `time` on a fresh engine: the engine and its last report.
fn pondered_for(pos: &AnyPosition, time: Duration) -> (Ai, EngineReport) {
    let mut ai = Ai::new(Some(1));
    ai.ponder(pos, SearchLimits::default().pondering(), 1, 0);
    let (end, mut last) = (Instant::now() + time, None);
    while Instant::now() < end {
        for event in ai.poll() {
            if let EngineEvent::Info(info) = event {
                last = Some(info);
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    ai.cancel();
    (ai, last.expect("a report"))
}

/// The reply search (full strength, `REPLY_NODES`) to `m` in `pos` by `ai`:
/// its depth, and the nodes it took to reach `depth` (if it did).
fn reply(ai: &mut Ai, pos: &AnyPosition, m: AnyMove, depth: u32) -> (u32, Option<u64>) {
    const REPLY_NODES: u64 = 500_000;
    let after = pos.after(m).expect("a legal move");
    let limits = SearchLimits { nodes: Some(REPLY_NODES), ..SearchLimits::default() };
    let (done, infos) = searched(ai, &after, limits, Purpose::Move { ply: 1 });
    let reached = infos.iter().find(|i| i.depth >= depth).map(|i| i.nodes);
    (done.info.map_or(0, |i| i.depth), reached)
}
