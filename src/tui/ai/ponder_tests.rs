//! Thinking on the human's time, on the engine's thread: it stops within
//! 50 ms, and the reply after the predicted move goes on from it. (The
//! figures of issue 44 are `cargo run --release --example ponder_figures`.)

use std::time::{Duration, Instant};

use wormhole::engine::Level;
use wormhole::{AnyPosition, GameKind, Rules};

use super::{Ai, EngineEvent, EngineReport, Finished, Purpose, SearchLimits};

/// The most a stop may take, from the human's move to the engine's thread
/// returning, on any machine, however loaded (issue 44: "it stops at once
/// when the human moves"; on a quiet machine it takes a few milliseconds,
/// which the test prints).
const STOP_DEADLINE: Duration = Duration::from_secs(5);

/// Thinking on the human's time (as the app starts it) on `threads`.
fn ponder(ai: &mut Ai, pos: &AnyPosition, threads: usize) {
    ai.ponder(pos, SearchLimits::default().pondering(), threads, 0);
}

/// Waits for the search's report of at least `depth` (or its end).
fn report_of_depth(ai: &mut Ai, depth: u32) -> EngineReport {
    let end = Instant::now() + Duration::from_secs(60);
    let mut last = None;
    while Instant::now() < end {
        for event in ai.poll() {
            match event {
                EngineEvent::Info(info) if info.depth >= depth => return info,
                EngineEvent::Info(info) => last = Some(info),
                EngineEvent::Done(done) => return done.info.or(last).expect("a report"),
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("no report of depth {depth} in a minute (last: {last:?})")
}

#[test]
fn a_weak_level_does_not_play_from_what_pondering_learnt() {
    let pos = &positions()[0];
    let limits = SearchLimits { depth: Some(4), ..SearchLimits::default() };
    let mut ai = Ai::new(Some(1));
    ponder(&mut ai, pos, 1);
    report_of_depth(&mut ai, 9);
    ai.cancel();
    ai.start(pos, limits.clone(), Level::MIN, Purpose::Move { ply: 0 });
    let after_pondering = finished(&mut ai);
    let mut fresh = Ai::new(Some(1));
    fresh.start(pos, limits, Level::MIN, Purpose::Move { ply: 0 });
    let fresh = finished(&mut fresh);
    // The same search, node for node, as without the full-strength table.
    let nodes = |f: &Finished| f.info.as_ref().map(|i| i.nodes);
    assert_eq!((after_pondering.best, nodes(&after_pondering)), (fresh.best, nodes(&fresh)));
}

/// Waits for the search's end.
fn finished(ai: &mut Ai) -> Finished {
    let end = Instant::now() + Duration::from_secs(60);
    while Instant::now() < end {
        if let Some(EngineEvent::Done(done)) = ai.poll().into_iter().find(|e| matches!(e, EngineEvent::Done(_))) {
            return done;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("the search did not end in a minute")
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
                let m = pos.parse_move(m).unwrap();
                pos.play(m).unwrap();
            }
            pos
        })
        .collect()
}

#[test]
fn pondering_stops_when_the_human_moves() {
    let mut stops = Vec::new();
    for pos in positions() {
        // One thread, or two with the prover beside the search (Wormhole chess).
        for (threads, after) in [(1, 5), (1, 20), (1, 300), (2, 20), (2, 150)] {
            let mut ai = Ai::new(Some(1));
            ponder(&mut ai, &pos, threads);
            std::thread::sleep(Duration::from_millis(after));
            let t = Instant::now();
            ai.cancel();
            stops.push((t.elapsed(), format!("{} on {threads} thread(s) after {after} ms", pos.kind())));
            assert!(!ai.is_thinking());
        }
    }
    stops.sort();
    println!("{stops:#?}");
    // A pondering search never ends by itself, so a stop that did not reach
    // it would never return: the deadline is far from both that and the
    // milliseconds a stop takes (the figures printed), so a loaded machine
    // cannot fail the test.
    let worst = &stops[stops.len() - 1];
    assert!(worst.0 < STOP_DEADLINE, "the slowest stop: {worst:?}");
}

#[test]
fn the_reply_after_the_predicted_move_goes_on_from_the_ponder_search() {
    let pos = &positions()[0];
    let mut ai = Ai::new(Some(1));
    ponder(&mut ai, pos, 1);
    let pondered = report_of_depth(&mut ai, 10);
    ai.cancel();
    let (predicted, reply) = (pondered.pv[0], pondered.pv[1]);
    let after = pos.after(predicted).unwrap();
    // The human plays the predicted move: the engine's search of its reply,
    // with few nodes (30,000 took it to depth 9, the cold search to 7),
    // is already about as deep as the ponder search saw it.
    let limits = SearchLimits { nodes: Some(60_000), ..SearchLimits::default() };
    ai.start(&after, limits.clone(), Level::MAX, Purpose::Move { ply: 1 });
    let warm = finished(&mut ai);
    let mut cold = Ai::new(Some(1));
    cold.start(&after, limits, Level::MAX, Purpose::Move { ply: 1 });
    let cold = finished(&mut cold);
    let depth = |f: &Finished| f.info.as_ref().map_or(0, |i| i.depth);
    println!("pondered depth {}, reply depth {} (without pondering {})", pondered.depth, depth(&warm), depth(&cold));
    // How far pondering got before the cancel depends on the machine's
    // load (the table holds whatever it reached), so the bounds leave a ply.
    assert!(depth(&warm) + 2 >= pondered.depth, "{} after pondering to {}", depth(&warm), pondered.depth);
    assert!(depth(&warm) > depth(&cold), "{} against {} cold", depth(&warm), depth(&cold));
    assert_eq!(warm.best, Some(reply), "the ponder search's line goes on");
}
