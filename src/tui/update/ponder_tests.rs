//! Thinking on the human's time (issue 44 item 3), as transitions: when
//! pondering starts and stops, the `ponder` setting, the hint it gives at
//! once and the proved result it shows. The engine's side (how fast it
//! stops, the reply after it) is tested in `ai.rs`.

use std::time::Duration;

use wormhole::AnyMove;
use wormhole::Rules;
use wormhole::analysis::AnalysisOptions;
use wormhole::engine::{Info, Score};

use crate::tui::action::{Msg, UserAction};
use crate::tui::ai::{EngineEvent, Finished, Purpose};
use crate::tui::effects::Effect;
use crate::tui::game::PlayerKind;
use crate::tui::state::{AppState, Mode};
use crate::tui::testing::*;

fn typed(s: &mut AppState, text: &str) -> Vec<Effect> {
    let mut effects = Vec::new();
    for c in text.chars() {
        effects.extend(s.update(UserAction::Char(c)));
    }
    effects.extend(s.update(UserAction::Submit));
    effects
}

/// The ponder search the effects start: its ply and threads.
fn ponder_started(effects: &[Effect]) -> Option<(usize, usize)> {
    effects.iter().find_map(|e| match e {
        Effect::Ponder { ply, threads, position, limits } => {
            assert!(limits.infinite && limits.movetime.is_none(), "until stopped: {limits:?}");
            assert_eq!(position.turn(), wormhole::Color::White, "the human's position");
            Some((*ply, *threads))
        }
        _ => None,
    })
}

fn stops(effects: &[Effect]) -> bool {
    effects.iter().any(|e| matches!(e, Effect::CancelSearch))
}

fn pondering(s: &AppState) -> bool {
    s.core().engine.thinking.as_ref().is_some_and(|t| matches!(t.purpose, Purpose::Ponder { .. }))
}

/// A report of the ponder search: depth `depth`, best move `m`, `score`,
/// after `nodes`.
fn report(s: &mut AppState, depth: u32, m: AnyMove, score: Score, nodes: u64) {
    let info = Info { depth, score, exact: true, pv: vec![m], nodes, ..Info::default() };
    s.update(Msg::Engine(EngineEvent::Info(info)));
}

#[test]
fn the_engine_thinks_on_the_humans_turn_and_stops_on_menus_dialogs_and_the_game_end() {
    let mut s = session([PlayerKind::Human, PlayerKind::Engine]);
    assert_eq!(ponder_started(&s.start()), Some((0, 1)), "one core by default");
    assert!(pondering(&s));
    // The help, the new-game screen, the list of games: it stops, and starts again after.
    for (open, close) in [(UserAction::Help, UserAction::Escape), (UserAction::NewGame, UserAction::Escape)] {
        let effects = s.update(open);
        assert!(stops(&effects) && !pondering(&s), "{:?}: {effects:?}", s.mode());
        let effects = s.update(close);
        assert_eq!(s.mode(), Mode::Play);
        assert_eq!(ponder_started(&effects), Some((0, 1)), "{effects:?}");
    }
    // The human moves: it stops at once and the engine's own search starts.
    let effects = typed(&mut s, "e4");
    let at = |f: fn(&Effect) -> bool| effects.iter().position(f);
    let (cancel, reply) = (at(|e| matches!(e, Effect::CancelSearch)), at(|e| matches!(e, Effect::StartSearch { .. })));
    assert!(cancel.is_some() && cancel < reply, "stopped before the reply starts: {effects:?}");
    assert!(ponder_started(&effects).is_none() && !pondering(&s), "not on the engine's turn");
    // In a game without the engine it never thinks.
    let mut hotseat = session([PlayerKind::Human; 2]);
    assert_eq!(ponder_started(&hotseat.start()), None);
    assert_eq!(ponder_started(&typed(&mut hotseat, "e4")), None);
}

#[test]
fn the_ponder_setting_gives_it_more_cores_or_turns_it_off() {
    let mut s = session([PlayerKind::Human, PlayerKind::Engine]);
    s.start();
    let effects = typed(&mut s, ":set ponder 2");
    assert!(stops(&effects), "{effects:?}");
    assert_eq!(ponder_started(&effects), Some((0, 2)), "again on two cores: {effects:?}");
    let effects = typed(&mut s, ":set ponder off");
    assert!(stops(&effects) && ponder_started(&effects).is_none() && !pondering(&s), "{effects:?}");
    assert!(info(&s).starts_with("ponder = off (now)"), "{}", info(&s));
    let effects = typed(&mut s, ":set ponder many");
    assert!(error(&s).contains("expected a number of cores up to 64, or off"), "{}", error(&s));
    assert!(ponder_started(&effects).is_none());
}

#[test]
fn a_hint_while_pondering_comes_from_it_at_once() {
    let mut s = session([PlayerKind::Human, PlayerKind::Engine]);
    s.start();
    let e4 = s.core().game.line().position().parse_move("e4").unwrap();
    // Asked before the first report: given with it.
    let effects = s.update(UserAction::Hint);
    assert!(!effects.iter().any(|e| matches!(e, Effect::StartSearch { .. })), "no search of its own: {effects:?}");
    assert!(info(&s).contains("thinking on your time, is finding a hint"), "{}", info(&s));
    // Not before it searched as much as the hint's own search would.
    report(&mut s, 1, e4, Score::Cp(20), 100);
    assert!(info(&s).contains("is finding a hint"), "{}", info(&s));
    report(&mut s, 8, e4, Score::Cp(20), AnalysisOptions::DEFAULT_NODES);
    assert_eq!(info(&s), "Hint (full-strength engine, depth 8 on your time): e4 (+0.2 for White)");
    // Asked again later: at once, from the deepest report so far.
    report(&mut s, 9, e4, Score::Cp(35), 2 * AnalysisOptions::DEFAULT_NODES);
    s.update(UserAction::ClearInput);
    let effects = s.update(UserAction::Hint);
    assert!(effects.is_empty(), "{effects:?}");
    assert_eq!(info(&s), "Hint (full-strength engine, depth 9 on your time): e4 (+0.3 for White)");
    assert!(pondering(&s), "it thinks on");
}

#[test]
fn a_result_proved_while_pondering_is_shown_but_no_line_or_number() {
    let mut s = session([PlayerKind::Human, PlayerKind::Engine]);
    s.start();
    let e4 = s.core().game.line().position().parse_move("e4").unwrap();
    report(&mut s, 7, e4, Score::Cp(35), 1000);
    let text = screen(&s, 120, 40).join("\n");
    assert!(text.contains("Thinking on your time, depth 7"), "{text}");
    assert!(!text.contains("+0.3") && !text.contains("PV"), "no hint unasked:\n{text}");
    report(&mut s, 11, e4, Score::Win(5), 1000);
    let text = screen(&s, 120, 40).join("\n");
    assert!(text.contains("Thinking on your time, depth 11") && text.contains("White wins in 3 moves"), "{text}");
    // A search that ended by itself (it proved the result) is not started
    // again, and its move is still the hint.
    let found = Info { depth: 12, score: Score::Win(5), exact: true, pv: vec![e4], ..Info::default() };
    let done =
        Finished { purpose: Purpose::Ponder { ply: 0 }, best: Some(e4), info: Some(found), elapsed: Duration::ZERO };
    let effects = s.update(Msg::Engine(EngineEvent::Done(done)));
    assert!(effects.is_empty() && s.core().engine.thinking.as_ref().is_none(), "{effects:?}");
    let text = screen(&s, 120, 40).join("\n");
    assert!(text.contains("Thought on your time, depth 12") && text.contains("White wins in 3 moves"), "{text}");
    assert!(s.update(UserAction::Help).is_empty() && s.update(UserAction::Escape).is_empty(), "not started again");
    s.update(UserAction::Hint);
    assert_eq!(info(&s), "Hint (full-strength engine, depth 12 on your time): e4 (White wins in 3 moves)");
}
