//! A server's game in the app: the player's move goes out and is played
//! when the server says so, the server's clocks and ending are shown, the
//! game's commands become calls, and what the server does not offer is refused.

use std::time::{Duration, Instant};

use wormhole::{AnyPosition, Color, GameKind};

use crate::tui::action::{Msg, UserAction};
use crate::tui::config::Config;
use crate::tui::effects::Effect;
use crate::tui::remote::{Opened, OpponentOffer, Remote, RemoteCall, RemoteEvent, ServerClocks};
use crate::tui::state::AppState;
use crate::tui::testing::{contains, error, flipped, screen};

/// Game 9, alice (White, this player) against bob, one minute each.
fn at_the_table(you: Option<Color>) -> AppState {
    let remote = Remote {
        id: 9,
        you,
        names: ["alice".into(), "bob".into()],
        ending: None,
        offer: None,
        chat: Vec::new(),
        presence: None,
    };
    let clocks = Some(ServerClocks { left_ms: [60_000, 60_000], running: None });
    let opened = Opened { start: AnyPosition::new(GameKind::Classic), moves: Vec::new(), clocks, remote };
    AppState::remote(opened, Config::default(), crate::tui::theme::Display::default(), Instant::now())
}

fn calls(effects: Vec<Effect>) -> Vec<RemoteCall> {
    effects.into_iter().filter_map(|e| if let Effect::Remote(c) = e { Some(c) } else { None }).collect()
}

fn typed(s: &mut AppState, text: &str) -> Vec<RemoteCall> {
    text.chars().for_each(|c| drop(s.update(UserAction::Char(c))));
    calls(s.update(UserAction::Submit))
}

#[test]
fn a_move_goes_to_the_server_and_is_played_when_it_comes_back() {
    let mut s = at_the_table(Some(Color::White));
    assert_eq!(typed(&mut s, "e4"), [RemoteCall::Play("e2e4".into())]);
    assert_eq!(s.core().game.line().len(), 0, "not played before the server stored it");
    let clocks = Some(ServerClocks { left_ms: [59_000, 60_000], running: Some(Color::Black) });
    s.update(Msg::Remote(RemoteEvent::Moved { ply: 0, mv: "e2e4".into(), clocks }));
    assert_eq!(s.core().game.line().sans(), ["e4"]);
    let rows = screen(&s, 120, 40);
    assert!(contains(&rows, "Game 9: ") && contains(&rows, "You play White"), "{rows:#?}");
    assert!(contains(&rows, "Moves (1): 1. e4") && contains(&rows, "0:59"), "{rows:#?}");
    // Black's move now: not this player's.
    assert!(typed(&mut s, "e5").iter().all(|c| matches!(c, RemoteCall::Play(_))), "the server refuses it");
    // A move out of step (a takeback crossed it) reads the game again.
    let late = calls(s.update(Msg::Remote(RemoteEvent::Moved { ply: 3, mv: "g1f3".into(), clocks: None })));
    assert_eq!(late, [RemoteCall::Reload]);
}

#[test]
fn the_server_alone_decides_a_flag_and_the_ending() {
    let mut s = at_the_table(Some(Color::White));
    let clocks = Some(ServerClocks { left_ms: [10, 60_000], running: Some(Color::White) });
    s.update(Msg::Remote(RemoteEvent::Moved { ply: 0, mv: "e2e4".into(), clocks }));
    s.update(Msg::Remote(RemoteEvent::Moved { ply: 1, mv: "e7e5".into(), clocks }));
    s.update(Msg::Tick(Instant::now() + Duration::from_secs(5)));
    assert!(!s.core().game.is_over(), "the clock ran out here, but only the server ends the game");
    s.update(Msg::Remote(RemoteEvent::Ended("0-1: you ran out of time: you lose".into())));
    let shown = screen(&s, 120, 40);
    assert!(contains(&shown, "0-1: you ran out of time: you lose"), "the result in words");
    assert!(contains(&shown, "Game over >") && !contains(&shown, "to move"), "never 'to move' once over");
    assert!(typed(&mut s, "Nf3").is_empty(), "no move once the game is over");
}

#[test]
fn the_games_commands_are_calls_and_the_local_ones_are_refused() {
    let mut s = at_the_table(Some(Color::White));
    assert_eq!(typed(&mut s, ":say hi there"), [RemoteCall::Chat("hi there".into())]);
    assert_eq!(typed(&mut s, "/draw"), [RemoteCall::OfferDraw]);
    assert_eq!(typed(&mut s, ":yes"), []);
    assert_eq!(error(&s), "there is no offer to answer");
    s.update(Msg::Remote(RemoteEvent::Offered(OpponentOffer::Takeback)));
    assert_eq!(typed(&mut s, ":no"), [RemoteCall::AnswerTakeback(false)]);
    assert_eq!(typed(&mut s, ":pgn"), [RemoteCall::Pgn]);
    for refused in [":undo", ":new", ":save"] {
        assert!(typed(&mut s, refused).is_empty());
        assert!(error(&s).contains("the server keeps its games"), "{refused}: {}", error(&s));
    }
    assert!(typed(&mut s, ":open /etc/passwd").is_empty(), "no file is opened");
    assert!(error(&s).contains("files are not opened on the server"), "{}", error(&s));
    s.update(UserAction::NewGame);
    assert!(error(&s).contains("the server keeps its games"));
    // The key bar and F1 list only what works on the server.
    let bar = screen(&at_the_table(Some(Color::White)), 200, 40).join("\n");
    assert!(bar.contains("Ctrl-C lobby") && !bar.contains("quit") && !bar.contains("save"), "{bar}");
    s.update(UserAction::Help);
    let help = screen(&s, 120, 200).join("\n");
    assert!(help.contains("back to the lobby") && !help.contains("Ctrl-N") && !help.contains(":load"), "{help}");
    s.update(UserAction::Escape);
    s.update(Msg::Remote(RemoteEvent::Chat("bob: hello".into())));
    assert!(contains(&screen(&s, 120, 40), "bob: hello"));
    s.update(UserAction::Escape);
    assert!(s.should_quit(), "Esc with nothing to clear goes back to the lobby");
}

#[test]
fn a_watcher_sees_the_game_from_whites_side_and_is_named_so() {
    let s = at_the_table(None);
    let rows = screen(&s, 120, 40);
    assert!(contains(&rows, "Watching") && contains(&rows, "alice") && contains(&rows, "bob"), "{rows:#?}");
    assert!(!flipped(&s));
}

/// An opponent gone: the panel says so, with the claim's countdown on
/// their move, and that they are back.
#[test]
fn the_opponents_absence_shows_with_the_claims_countdown() {
    let mut s = at_the_table(Some(Color::White));
    s.update(Msg::Remote(RemoteEvent::Moved { ply: 0, mv: "e2e4".into(), clocks: None }));
    let absence = Duration::from_secs(120);
    s.update(Msg::Remote(RemoteEvent::OpponentGone { ago: Duration::ZERO, absence }));
    assert!(contains(&screen(&s, 120, 40), "bob has left: :claim the win in 2:00"));
    s.update(Msg::Tick(Instant::now() + Duration::from_secs(121)));
    assert!(contains(&screen(&s, 120, 40), "bob has left: you may :claim the win"));
    s.update(Msg::Remote(RemoteEvent::OpponentBack));
    assert!(!contains(&screen(&s, 120, 40), "has left"));
}

/// `:yes` and `:no` answer a rematch as they answer the other offers.
#[test]
fn yes_and_no_answer_a_rematch() {
    let mut s = at_the_table(Some(Color::White));
    s.update(Msg::Remote(RemoteEvent::Ended("1-0: bob resigned: you win".into())));
    s.update(Msg::Remote(RemoteEvent::Offered(OpponentOffer::Rematch)));
    assert!(contains(&screen(&s, 120, 40), "asks for a rematch: :yes or :no"));
    assert_eq!(typed(&mut s, ":yes"), [RemoteCall::Rematch]);
    s.update(Msg::Remote(RemoteEvent::Offered(OpponentOffer::Rematch)));
    assert_eq!(typed(&mut s, ":no"), [RemoteCall::DeclineRematch]);
    assert_eq!(typed(&mut s, ":yes"), [], "answered");
}

#[test]
fn a_setting_changed_in_a_servers_game_says_what_the_server_keeps() {
    let mut s = at_the_table(Some(Color::White));
    typed(&mut s, ":set level 5");
    let said = crate::tui::testing::info(&s);
    assert!(!said.contains("saved") && said.contains("the server keeps only your theme and pieces"), "{said}");
    typed(&mut s, ":set pieces letters");
    let said = crate::tui::testing::info(&s);
    assert!(said.contains("kept by the server") && !said.contains("saved"), "{said}");
}
