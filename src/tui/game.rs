//! The game model: its moves (with a redo tail, [`MoveLine`]), players,
//! clocks ([`GameClocks`]) and how the game ended. No terminal code and no view state here.

use std::path::{Path, PathBuf};
use std::time::Instant;

use wormhole::engine::Level;
use wormhole::facts::{Facts, Forced};
use wormhole::pgn::PgnGame;
use wormhole::rules::{self, GameOutcome};
use wormhole::{AnyMove, AnyOutcome, AnyPosition, Color, Rules};

use super::choice::{Choice, choice_text};
use super::clock::{ChessClock, GameClocks};

mod line;

pub use line::MoveLine;

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerKind {
    Human,
    Engine,
}

impl PlayerKind {
    /// The players when a loaded position is played: with one human, the
    /// human takes the side to move.
    pub fn human_to_move(players: [PlayerKind; 2], turn: Color) -> [PlayerKind; 2] {
        match players {
            [PlayerKind::Human, PlayerKind::Engine] | [PlayerKind::Engine, PlayerKind::Human] => {
                let mut p = [PlayerKind::Engine; 2];
                p[turn.index()] = PlayerKind::Human;
                p
            }
            both => both,
        }
    }
}

/// Who plays which colour: the choice on the new-game screen and in the config.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SideChoice {
    /// You play White against the engine.
    #[default]
    White,
    /// You play Black against the engine.
    Black,
    /// Two people on one keyboard.
    Hotseat,
    /// The engine plays both sides.
    Watch,
}

impl Choice for SideChoice {
    const ALL: &'static [SideChoice] = &[SideChoice::White, SideChoice::Black, SideChoice::Hotseat, SideChoice::Watch];
    const KIND: &'static str = "side";

    fn name(self) -> &'static str {
        match self {
            SideChoice::White => "white",
            SideChoice::Black => "black",
            SideChoice::Hotseat => "hotseat",
            SideChoice::Watch => "watch",
        }
    }
}

choice_text!(SideChoice);

impl SideChoice {
    /// What the new-game screen says.
    pub const fn describe(self) -> &'static str {
        match self {
            SideChoice::White => "you play White",
            SideChoice::Black => "you play Black",
            SideChoice::Hotseat => "two players, one keyboard",
            SideChoice::Watch => "the engine plays both sides",
        }
    }

    pub const fn players(self) -> [PlayerKind; 2] {
        match self {
            SideChoice::White => [PlayerKind::Human, PlayerKind::Engine],
            SideChoice::Black => [PlayerKind::Engine, PlayerKind::Human],
            SideChoice::Hotseat => [PlayerKind::Human, PlayerKind::Human],
            SideChoice::Watch => [PlayerKind::Engine, PlayerKind::Engine],
        }
    }

    pub fn of(players: [PlayerKind; 2]) -> SideChoice {
        SideChoice::ALL.iter().copied().find(|s| s.players() == players).unwrap_or_default()
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEnd {
    /// The game's rules ended it: no legal move (Wormhole chess),
    /// checkmate, or a draw with its reason (Porthole chess).
    Rules(AnyOutcome),
    /// This side resigned.
    Resigned(Color),
    /// This side ran out of time.
    Time(Color),
}

impl GameEnd {
    /// The winner; `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameEnd::Rules(o) => o.winner(),
            GameEnd::Resigned(c) | GameEnd::Time(c) => Some(!c),
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_str(self) -> &'static str {
        rules::result_str(self.winner())
    }

    /// What the PGN `Termination` tag says: why a game ended other than
    /// by a win on the board (resignation, time, a draw and its reason).
    pub fn termination(self) -> Option<String> {
        match self {
            GameEnd::Resigned(_) => Some("resignation".to_string()),
            GameEnd::Time(_) => Some("time forfeit".to_string()),
            GameEnd::Rules(o) if o.winner().is_none() => Some(o.to_string()),
            GameEnd::Rules(_) => None,
        }
    }

    /// A sentence for the game-over banner.
    pub fn describe(self) -> String {
        match self {
            GameEnd::Rules(o) => o.to_string(),
            GameEnd::Resigned(c) => format!("{} wins: {c} resigned", !c),
            GameEnd::Time(c) => format!("{} wins on time: {c}'s clock ran out", !c),
        }
    }
}

/// Why a move could not be added to the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameMoveError {
    #[error("the game is over")]
    GameOver,
    #[error(transparent)]
    Illegal(#[from] wormhole::PlayError),
}

/// A game: its moves ([`MoveLine`]), who plays each side, how it ended
/// when a player resigned or lost on time, its clocks, and whether it is
/// saved.
#[derive(Debug, Clone)]
pub struct GameState {
    line: MoveLine,
    players: [PlayerKind; 2],
    /// Resignation or loss on time, at the ply when it happened.
    manual_end: Option<(usize, GameEnd)>,
    clocks: GameClocks,
    /// Whether the current game has been saved since its last change.
    saved: bool,
    /// The file it was last saved to (meaningful while `saved`).
    saved_to: Option<PathBuf>,
}

impl GameState {
    pub fn new(start: AnyPosition, players: [PlayerKind; 2], clocks: Option<ChessClock>) -> GameState {
        GameState {
            line: MoveLine::new(start),
            players,
            manual_end: None,
            clocks: GameClocks::new(clocks, 0),
            saved: true,
            saved_to: None,
        }
    }

    /// A game replayed from PGN; its moves are all played.
    /// The clocks start afresh at the last position.
    pub fn from_pgn(pgn: &PgnGame, players: [PlayerKind; 2], clocks: Option<ChessClock>) -> GameState {
        let mut game = GameState::new(pgn.start.clone(), players, None);
        let now = Instant::now();
        for &m in &pgn.moves {
            if game.play(m, now).is_err() {
                break;
            }
        }
        game.clocks = GameClocks::new(clocks, game.line.len());
        let loser = pgn.tag("Result").and_then(rules::winner_of).map(|winner| !winner);
        if let Some(loser) = loser
            && game.end().is_none()
        {
            let end = match pgn.tag("Termination") {
                Some("time forfeit") => GameEnd::Time(loser),
                _ => GameEnd::Resigned(loser),
            };
            game.manual_end = Some((game.line.len(), end));
        }
        game.saved = true;
        game
    }

    /// The moves: positions, SAN, the redo tail.
    pub fn line(&self) -> &MoveLine {
        &self.line
    }

    pub fn player(&self, color: Color) -> PlayerKind {
        self.players[color.index()]
    }

    pub fn players(&self) -> [PlayerKind; 2] {
        self.players
    }

    /// Who plays the side to move.
    pub fn player_to_move(&self) -> PlayerKind {
        self.player(self.line.position().turn())
    }

    pub fn clocks(&self) -> &GameClocks {
        &self.clocks
    }

    pub fn is_saved(&self) -> bool {
        self.saved
    }

    /// Notes that the game as it is now is in the file `to`.
    pub fn mark_saved(&mut self, to: PathBuf) {
        self.saved = true;
        self.saved_to = Some(to);
    }

    /// The file that holds the game as it is now, if it was saved since its last change.
    pub fn saved_to(&self) -> Option<&Path> {
        self.saved_to.as_deref().filter(|_| self.saved)
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<GameEnd> {
        if let Some((ply, end)) = self.manual_end
            && ply == self.line.len()
        {
            return Some(end);
        }
        self.line.position().outcome(&self.line.earlier_hashes()).map(GameEnd::Rules)
    }

    pub fn is_over(&self) -> bool {
        self.end().is_some()
    }

    /// Adds a legal move to the game at time `now`, dropping the redo tail.
    pub fn play(&mut self, m: AnyMove, now: Instant) -> Result<(), GameMoveError> {
        if self.is_over() {
            return Err(GameMoveError::GameOver);
        }
        let mover = self.line.play(m)?;
        self.saved = false;
        self.manual_end = None;
        self.clocks.moved(mover, self.line.len(), now);
        Ok(())
    }

    /// Goes back to the position after `ply` moves, keeping later moves for redo.
    /// Returns the number of plies taken back.
    /// The clocks go back to what they showed at that ply.
    pub fn undo_to(&mut self, ply: usize) -> usize {
        let n = self.line.go_to(ply.min(self.line.len()));
        if n > 0 {
            self.clocks.restore(self.line.len());
            self.manual_end = None;
            self.saved = false;
        }
        n
    }

    /// Replays taken-back moves up to ply `ply`. Returns the number replayed.
    pub fn redo_to(&mut self, ply: usize) -> usize {
        let n = self.line.go_to(ply.max(self.line.len()));
        if n > 0 {
            self.clocks.restore(self.line.len());
            self.saved = false;
        }
        n
    }

    /// Whether a game is under way (moves played, not over): ending it asks first.
    pub fn in_progress(&self) -> bool {
        self.line.len() > 0 && !self.is_over()
    }

    /// The ply a take-back goes to: against the engine, the last position
    /// where the human was to move; in hot-seat, one ply.
    pub fn undo_target(&self) -> Result<usize, &'static str> {
        let len = self.line.len();
        if len == 0 {
            return Err("nothing to take back");
        }
        if !self.players().contains(&PlayerKind::Engine) {
            return Ok(len - 1);
        }
        (0..len)
            .rev()
            .find(|&p| self.player(self.line.turn_at(p)) == PlayerKind::Human)
            .ok_or("nothing of yours to take back")
    }

    /// The forced move of the position (while the game goes on), and why
    /// it is forced: the game's words ([`AnyPosition::forced_move`]), then
    /// how to play it.
    pub fn forced(&self) -> Option<Forced<AnyMove>> {
        if self.is_over() {
            return None;
        }
        let forced = self.line.position().forced_move()?;
        let how = match forced.squares.first() {
            None => "press Enter".to_string(),
            Some(&(board, sq)) => {
                let name = self.line.kind().info().board_names.get(board).copied().unwrap_or_default();
                format!("press Enter or click {name}{sq}")
            }
        };
        Some(Forced { why: format!("{}; {how}", forced.why), ..forced })
    }

    /// The side to move resigns.
    pub fn resign(&mut self, color: Color, now: Instant) {
        self.stop_clock(now);
        self.manual_end = Some((self.line.len(), GameEnd::Resigned(color)));
        self.saved = false;
    }

    /// Starts the side to move's clock if the game goes on. No clock runs
    /// before the first move (White's clock starts when White has moved,
    /// as online chess does).
    pub fn start_clock(&mut self, now: Instant) {
        if self.in_progress() {
            self.clocks.start(now);
        }
    }

    /// Replaces the clocks (with those a server keeps).
    pub(super) fn set_clocks(&mut self, clocks: Option<ChessClock>) {
        self.clocks.show(clocks);
    }

    pub fn stop_clock(&mut self, now: Instant) {
        self.clocks.stop(self.line.position().turn(), now);
    }

    /// Ends the game on time if the side to move's clock has run out at `now`.
    pub fn check_flag(&mut self, now: Instant) -> bool {
        let turn = self.line.position().turn();
        let flagged = self.clocks.flagged(turn, now);
        if flagged && self.manual_end.is_none() {
            self.stop_clock(now);
            self.manual_end = Some((self.line.len(), GameEnd::Time(turn)));
            self.saved = false;
        }
        flagged
    }

    /// The game as PGN, with player names (the engine's: [`Level::player_name`]) and the result.
    pub fn to_pgn(&self, names: [&str; 2], date: &str) -> PgnGame {
        let mut pgn = PgnGame::new(self.line.start().clone(), self.line.moves().to_vec());
        pgn.set_tag("Event", "Casual game");
        pgn.set_tag("Site", "wormhole terminal");
        pgn.set_tag("Date", date);
        pgn.set_tag("White", names[0]);
        pgn.set_tag("Black", names[1]);
        if let Some(end) = self.end() {
            pgn.set_tag("Result", end.result_str());
            if let Some(why) = end.termination() {
                pgn.set_tag("Termination", &why);
            }
        }
        pgn
    }
}

/// The level the engine played at in a saved game, read from its player's
/// name ([`Level::player_name`]).
pub fn recorded_level(pgn: &PgnGame) -> Option<Level> {
    ["White", "Black"].iter().find_map(|tag| Level::of_player(pgn.tag(tag)?))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use wormhole::GameKind;

    use super::*;

    fn hotseat() -> GameState {
        GameState::new(AnyPosition::new(GameKind::Classic), [PlayerKind::Human; 2], None)
    }

    fn play(g: &mut GameState, san: &str) {
        let m = g.line().position().parse_move(san).unwrap();
        g.play(m, Instant::now()).unwrap();
    }

    #[test]
    fn a_lone_human_takes_the_side_to_move() {
        let (h, e) = (PlayerKind::Human, PlayerKind::Engine);
        assert_eq!(PlayerKind::human_to_move([h, e], Color::Black), [e, h]);
        assert_eq!(PlayerKind::human_to_move([e, h], Color::White), [h, e]);
        assert_eq!(PlayerKind::human_to_move([h, h], Color::Black), [h, h]);
        assert_eq!(PlayerKind::human_to_move([e, e], Color::Black), [e, e]);
        assert_eq!(SideChoice::of([e, h]), SideChoice::Black);
        assert_eq!("hotseat".parse::<SideChoice>(), Ok(SideChoice::Hotseat));
    }

    #[test]
    fn play_undo_redo_keeps_the_tail_until_a_new_move() {
        let mut g = hotseat();
        for san in ["e4", "e5", "Nf3"] {
            play(&mut g, san);
        }
        assert_eq!(g.line().sans(), ["e4", "e5", "Nf3"]);
        assert_eq!(g.undo_to(1), 2);
        assert_eq!(g.line().len(), 1);
        assert!(g.line().can_redo());
        assert_eq!(g.redo_to(3), 2);
        assert_eq!(g.line().position().fen(), "rnbqkbnr/ppppxppp/8/4p3/4P3/5N2/PPPPxPPP/RNBQKBxR b 3");
        g.undo_to(2);
        play(&mut g, "d4");
        assert!(!g.line().can_redo());
        assert_eq!(g.line().sans(), ["e4", "e5", "d4"]);
    }

    #[test]
    fn resignation_ends_the_game_and_undo_revives_it() {
        let mut g = hotseat();
        play(&mut g, "e4");
        g.resign(Color::Black, Instant::now());
        assert_eq!(g.end(), Some(GameEnd::Resigned(Color::Black)));
        assert_eq!(g.end().unwrap().describe(), "White wins: Black resigned");
        assert!(g.play(g.line().position().parse_move("e5").unwrap(), Instant::now()).is_err());
        g.undo_to(0);
        assert_eq!(g.end(), None);
    }

    #[test]
    fn pgn_round_trip_keeps_moves_result_and_start() {
        let start = AnyPosition::from_fen(
            GameKind::Classic,
            "rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17",
        )
        .unwrap();
        let mut g = GameState::new(start, [PlayerKind::Human; 2], None);
        play(&mut g, "Nxf6");
        play(&mut g, "a3");
        g.resign(Color::Black, Instant::now());
        let text = g.to_pgn(["Ann", "Bob"], "2026.11.29").to_pgn();
        assert!(text.contains("[SetUp \"1\"]"), "{text}");
        assert!(text.contains("[Result \"1-0\"]"), "{text}");
        let back = GameState::from_pgn(&PgnGame::parse(&text).unwrap(), [PlayerKind::Human; 2], None);
        assert_eq!(back.line().sans(), g.line().sans());
        assert_eq!(back.line().start(), g.line().start());
        assert_eq!(back.end(), Some(GameEnd::Resigned(Color::Black)));
        assert!(back.is_saved());
    }

    #[test]
    fn clocks_charge_the_mover_and_add_increment() {
        let clocks = ChessClock::new(Duration::from_secs(60), Duration::from_secs(2));
        let mut g = GameState::new(AnyPosition::new(GameKind::Classic), [PlayerKind::Human; 2], Some(clocks));
        let t0 = Instant::now();
        play(&mut g, "e4");
        g.start_clock(t0);
        let m = g.line().position().parse_move("e5").unwrap();
        let t1 = t0 + Duration::from_millis(500);
        g.play(m, t1).unwrap();
        let c = g.clocks().clock().unwrap();
        assert_eq!(c.remaining(Color::Black, Color::White, t1), Duration::from_millis(61_500));
        assert_eq!(c.remaining(Color::White, Color::White, t1), Duration::from_secs(62), "the first move is free");
    }

    #[test]
    fn no_clock_runs_before_the_first_move_and_taking_back_restores_both() {
        let clocks = ChessClock::new(Duration::from_secs(60), Duration::ZERO);
        let mut g = GameState::new(AnyPosition::new(GameKind::Classic), [PlayerKind::Human; 2], Some(clocks));
        let t0 = Instant::now();
        let at = |s: u64| t0 + Duration::from_secs(s);
        g.start_clock(t0);
        assert!(!g.clocks().clock().unwrap().is_running(), "White's clock waits for White's first move");
        let play = |g: &mut GameState, san: &str, t| {
            let m = g.line().position().parse_move(san).unwrap();
            g.play(m, t).unwrap();
            g.start_clock(t);
        };
        play(&mut g, "e4", at(30));
        play(&mut g, "e5", at(40));
        play(&mut g, "Nf3", at(55));
        let c = g.clocks().clock().unwrap();
        assert_eq!(c.remaining(Color::White, Color::Black, at(55)), Duration::from_secs(45));
        assert_eq!(c.remaining(Color::Black, Color::Black, at(55)), Duration::from_secs(50));
        // Black lets the clock run out, then White takes back Nf3.
        assert!(g.check_flag(at(200)));
        assert_eq!(g.end(), Some(GameEnd::Time(Color::Black)));
        g.undo_to(2);
        assert_eq!(g.end(), None, "the flag is taken back with the move");
        let c = g.clocks().clock().unwrap();
        assert!(!c.is_running());
        assert_eq!(c.times(), [Duration::from_secs(60), Duration::from_secs(50)], "as they were at ply 2");
        g.redo_to(3);
        assert_eq!(g.clocks().clock().unwrap().times(), [Duration::from_secs(45), Duration::from_secs(50)]);
    }
}
