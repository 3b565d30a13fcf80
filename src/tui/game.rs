//! The game model: start position, moves (with a redo tail), players, clocks
//! and how the game ended. No terminal code and no view state here.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use wormhole::engine::Level;
use wormhole::facts::{Facts, Forced};
use wormhole::pgn::PgnGame;
use wormhole::rules::{self, GameOutcome};
use wormhole::{AnyMove, AnyOutcome, AnyPosition, Color, GameKind, Rules};

use super::choice::{Choice, choice_text};
use super::clock::ChessClock;

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

/// A game: positions after every move, the SAN of every move, the redo tail.
#[derive(Debug, Clone)]
pub struct GameState {
    /// `positions[i]` is the position after `i` moves; one longer than `moves`.
    positions: Vec<AnyPosition>,
    moves: Vec<AnyMove>,
    sans: Vec<String>,
    /// Moves actually in the game; `moves[cursor..]` can be redone.
    cursor: usize,
    players: [PlayerKind; 2],
    /// Resignation or loss on time, at ply `cursor` when it happened.
    manual_end: Option<(usize, GameEnd)>,
    clocks: Option<ChessClock>,
    /// Both clocks when the position after `i` moves was reached (empty
    /// without clocks), so that taking back restores them.
    clock_times: Vec<[Duration; 2]>,
    /// Whether the current game has been saved since its last change.
    saved: bool,
    /// The file it was last saved to (meaningful while `saved`).
    saved_to: Option<PathBuf>,
}

impl GameState {
    pub fn new(start: AnyPosition, players: [PlayerKind; 2], clocks: Option<ChessClock>) -> GameState {
        let clock_times = clocks.iter().map(ChessClock::times).collect();
        GameState {
            positions: vec![start],
            moves: Vec::new(),
            sans: Vec::new(),
            cursor: 0,
            players,
            manual_end: None,
            clocks,
            clock_times,
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
        game.clock_times = clocks.iter().flat_map(|c| std::iter::repeat_n(c.times(), game.positions.len())).collect();
        game.clocks = clocks;
        let loser = pgn.tag("Result").and_then(rules::winner_of).map(|winner| !winner);
        if let Some(loser) = loser
            && game.end().is_none()
        {
            let end = match pgn.tag("Termination") {
                Some("time forfeit") => GameEnd::Time(loser),
                _ => GameEnd::Resigned(loser),
            };
            game.manual_end = Some((game.cursor, end));
        }
        game.saved = true;
        game
    }

    pub fn start(&self) -> &AnyPosition {
        &self.positions[0]
    }

    /// The game being played.
    pub fn kind(&self) -> GameKind {
        self.start().kind()
    }

    /// The current position.
    pub fn position(&self) -> &AnyPosition {
        &self.positions[self.cursor]
    }

    /// The position after `ply` moves of the game (`ply <= self.len()`).
    pub fn position_at(&self, ply: usize) -> &AnyPosition {
        &self.positions[ply.min(self.cursor)]
    }

    /// Number of moves played.
    pub fn len(&self) -> usize {
        self.cursor
    }

    /// The moves played.
    pub fn moves(&self) -> &[AnyMove] {
        &self.moves[..self.cursor]
    }

    /// The SAN of every move played.
    pub fn sans(&self) -> &[String] {
        &self.sans[..self.cursor]
    }

    /// The move that led to the position after `ply` moves.
    pub fn move_before(&self, ply: usize) -> Option<AnyMove> {
        ply.checked_sub(1).and_then(|i| self.moves().get(i).copied())
    }

    pub fn player(&self, color: Color) -> PlayerKind {
        self.players[color.index()]
    }

    pub fn players(&self) -> [PlayerKind; 2] {
        self.players
    }

    /// Who plays the side to move.
    pub fn player_to_move(&self) -> PlayerKind {
        self.player(self.position().turn())
    }

    pub fn clocks(&self) -> Option<&ChessClock> {
        self.clocks.as_ref()
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
            && ply == self.cursor
        {
            return Some(end);
        }
        self.position().outcome(&self.earlier_hashes()).map(GameEnd::Rules)
    }

    /// The hashes of the positions the game went through before the
    /// current one (repetition draws, in games that have them).
    pub fn earlier_hashes(&self) -> Vec<u64> {
        self.positions[..self.cursor].iter().map(AnyPosition::hash).collect()
    }

    pub fn is_over(&self) -> bool {
        self.end().is_some()
    }

    /// Adds a legal move to the game at time `now`, dropping the redo tail.
    pub fn play(&mut self, m: AnyMove, now: Instant) -> Result<(), GameMoveError> {
        if self.is_over() {
            return Err(GameMoveError::GameOver);
        }
        let pos = self.position();
        let next = pos.after(m)?;
        let san = pos.san(m);
        let mover = pos.turn();
        self.moves.truncate(self.cursor);
        self.sans.truncate(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.moves.push(m);
        self.sans.push(san);
        self.positions.push(next);
        self.cursor += 1;
        self.saved = false;
        self.manual_end = None;
        if let Some(c) = &mut self.clocks {
            c.moved(mover, now);
            self.clock_times.truncate(self.cursor);
            self.clock_times.push(c.times());
        }
        Ok(())
    }

    /// Whether there is a taken-back move to replay.
    pub fn can_redo(&self) -> bool {
        self.cursor < self.moves.len()
    }

    /// Goes back to the position after `ply` moves, keeping later moves for redo.
    /// Returns the number of plies taken back.
    /// The clocks go back to what they showed at that ply.
    pub fn undo_to(&mut self, ply: usize) -> usize {
        let ply = ply.min(self.cursor);
        let n = self.cursor - ply;
        if n > 0 {
            self.cursor = ply;
            self.restore_clocks();
            self.manual_end = None;
            self.saved = false;
        }
        n
    }

    /// Replays taken-back moves up to ply `ply`. Returns the number replayed.
    pub fn redo_to(&mut self, ply: usize) -> usize {
        let ply = ply.min(self.moves.len());
        let n = ply.saturating_sub(self.cursor);
        if n > 0 {
            self.cursor = ply;
            self.restore_clocks();
            self.saved = false;
        }
        n
    }

    /// The length of the game including the redo tail.
    pub fn redo_len(&self) -> usize {
        self.moves.len()
    }

    /// The side to move after `ply` moves (redo tail included).
    pub fn turn_at(&self, ply: usize) -> Color {
        self.positions[ply.min(self.moves.len())].turn()
    }

    /// Whether a game is under way (moves played, not over): ending it asks first.
    pub fn in_progress(&self) -> bool {
        self.len() > 0 && !self.is_over()
    }

    /// The ply a take-back goes to: against the engine, the last position
    /// where the human was to move; in hot-seat, one ply.
    pub fn undo_target(&self) -> Result<usize, &'static str> {
        let len = self.len();
        if len == 0 {
            return Err("nothing to take back");
        }
        if !self.players().contains(&PlayerKind::Engine) {
            return Ok(len - 1);
        }
        (0..len)
            .rev()
            .find(|&p| self.player(self.turn_at(p)) == PlayerKind::Human)
            .ok_or("nothing of yours to take back")
    }

    /// The forced move of the position (while the game goes on), and why
    /// it is forced: the game's words ([`AnyPosition::forced_move`]), then
    /// how to play it.
    pub fn forced(&self) -> Option<Forced<AnyMove>> {
        if self.is_over() {
            return None;
        }
        let forced = self.position().forced_move()?;
        let how = match forced.squares.first() {
            None => "press Enter".to_string(),
            Some(&(board, sq)) => {
                let name = self.kind().info().board_names.get(board).copied().unwrap_or_default();
                format!("press Enter or click {name}{sq}")
            }
        };
        Some(Forced { why: format!("{}; {how}", forced.why), ..forced })
    }

    /// The side to move resigns.
    pub fn resign(&mut self, color: Color, now: Instant) {
        self.stop_clock(now);
        self.manual_end = Some((self.cursor, GameEnd::Resigned(color)));
        self.saved = false;
    }

    /// Sets both clocks (stopped) to what they showed at the current ply.
    fn restore_clocks(&mut self) {
        if let (Some(c), Some(&times)) = (&mut self.clocks, self.clock_times.get(self.cursor)) {
            c.restore(times);
        }
    }

    /// Starts the side to move's clock if the game goes on. No clock runs
    /// before the first move (White's clock starts when White has moved,
    /// as online chess does).
    pub fn start_clock(&mut self, now: Instant) {
        let running = !self.is_over() && self.cursor > 0;
        if let Some(c) = &mut self.clocks
            && running
        {
            c.start(now);
        }
    }

    /// Replaces the clocks (with those a server keeps).
    pub(super) fn set_clocks(&mut self, clocks: Option<ChessClock>) {
        self.clocks = clocks;
    }

    pub fn stop_clock(&mut self, now: Instant) {
        let turn = self.position().turn();
        if let Some(c) = &mut self.clocks {
            c.stop(turn, now);
        }
    }

    /// Ends the game on time if the side to move's clock has run out at `now`.
    pub fn check_flag(&mut self, now: Instant) -> bool {
        let turn = self.position().turn();
        let flagged = match &self.clocks {
            Some(c) => c.is_running() && c.remaining(turn, turn, now).is_zero(),
            None => false,
        };
        if flagged && self.manual_end.is_none() {
            self.stop_clock(now);
            self.manual_end = Some((self.cursor, GameEnd::Time(turn)));
            self.saved = false;
        }
        flagged
    }

    /// The game as PGN, with player names (the engine's: [`Level::player_name`]) and the result.
    pub fn to_pgn(&self, names: [&str; 2], date: &str) -> PgnGame {
        let mut pgn = PgnGame::new(self.start().clone(), self.moves().to_vec());
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
    use super::*;

    fn hotseat() -> GameState {
        GameState::new(AnyPosition::new(GameKind::Classic), [PlayerKind::Human; 2], None)
    }

    fn play(g: &mut GameState, san: &str) {
        let m = g.position().parse_move(san).unwrap();
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
        assert_eq!(g.sans(), ["e4", "e5", "Nf3"]);
        assert_eq!(g.undo_to(1), 2);
        assert_eq!(g.len(), 1);
        assert!(g.can_redo());
        assert_eq!(g.redo_to(3), 2);
        assert_eq!(g.position().fen(), "rnbqkbnr/ppppxppp/8/4p3/4P3/5N2/PPPPxPPP/RNBQKBxR b 3");
        g.undo_to(2);
        play(&mut g, "d4");
        assert!(!g.can_redo());
        assert_eq!(g.sans(), ["e4", "e5", "d4"]);
    }

    #[test]
    fn resignation_ends_the_game_and_undo_revives_it() {
        let mut g = hotseat();
        play(&mut g, "e4");
        g.resign(Color::Black, Instant::now());
        assert_eq!(g.end(), Some(GameEnd::Resigned(Color::Black)));
        assert_eq!(g.end().unwrap().describe(), "White wins: Black resigned");
        assert!(g.play(g.position().parse_move("e5").unwrap(), Instant::now()).is_err());
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
        assert_eq!(back.sans(), g.sans());
        assert_eq!(back.start(), g.start());
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
        let m = g.position().parse_move("e5").unwrap();
        let t1 = t0 + Duration::from_millis(500);
        g.play(m, t1).unwrap();
        let c = g.clocks().unwrap();
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
        assert!(!g.clocks().unwrap().is_running(), "White's clock waits for White's first move");
        let play = |g: &mut GameState, san: &str, t| {
            let m = g.position().parse_move(san).unwrap();
            g.play(m, t).unwrap();
            g.start_clock(t);
        };
        play(&mut g, "e4", at(30));
        play(&mut g, "e5", at(40));
        play(&mut g, "Nf3", at(55));
        let c = g.clocks().unwrap();
        assert_eq!(c.remaining(Color::White, Color::Black, at(55)), Duration::from_secs(45));
        assert_eq!(c.remaining(Color::Black, Color::Black, at(55)), Duration::from_secs(50));
        // Black lets the clock run out, then White takes back Nf3.
        assert!(g.check_flag(at(200)));
        assert_eq!(g.end(), Some(GameEnd::Time(Color::Black)));
        g.undo_to(2);
        assert_eq!(g.end(), None, "the flag is taken back with the move");
        let c = g.clocks().unwrap();
        assert!(!c.is_running());
        assert_eq!(c.times(), [Duration::from_secs(60), Duration::from_secs(50)], "as they were at ply 2");
        g.redo_to(3);
        assert_eq!(g.clocks().unwrap().times(), [Duration::from_secs(45), Duration::from_secs(50)]);
    }
}
