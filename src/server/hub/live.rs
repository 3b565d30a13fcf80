//! One game being played on the hub: its positions, its moves in the hub's
//! canonical text, the server's clocks, the offers waiting for an answer
//! and who watches. Pure logic: the hub decides when, and stores first.

use std::collections::BTreeSet;

use wormhole::engine::Level;
use wormhole::rules::GameOutcome;
use wormhole::{AnyMove, AnyPosition, Color, GameKind, ListedGame, Rules, WithPosition};

use super::types::{Clocks, Ending, GameView, HubError, LobbyGame, Offer, SessionId};
use crate::server::store::{AccountId, GameId, NewGame, Seat, StoredGame, StoredMove};

/// A game on the hub.
pub struct LiveGame {
    pub id: GameId,
    pub game: NewGame,
    pub created_ms: u64,
    /// The start position, then the position after each move.
    positions: Vec<AnyPosition>,
    /// Each move as stored, with the clocks after it.
    moves: Vec<StoredMove>,
    /// Each move's SAN, where it was played.
    sans: Vec<String>,
    /// Each side's time left when the current turn started.
    left: [i64; 2],
    /// When the current turn started (Unix ms): the running clock counts from it.
    turn_start: u64,
    pub ending: Option<Ending>,
    /// When it ended (Unix ms): a finished game stays for rematches and reviews a while.
    pub ended_at: Option<u64>,
    pub offers: Vec<Offer>,
    /// Sessions watching (players' own sessions are found by account).
    pub watchers: BTreeSet<SessionId>,
    /// Since when each side's player has had no session on the hub.
    pub gone_since: [Option<u64>; 2],
    /// Whether the opponent was told they may claim the win by absence (this turn).
    pub claim_told: bool,
    /// The engine's search in progress, by the ply it plays.
    pub engine_ply: Option<usize>,
    /// A move of this game is with the hub's writer: nothing else touches
    /// the game until it is stored and played (or refused).
    pub saving: bool,
    /// The spectators' chat while the game runs, (from, text): the
    /// players are shown it when the game ends.
    pub spectators_chat: Vec<(String, String)>,
    /// How many takebacks the stored game had when this node last read
    /// it whole, counting this node's own since ([`StoredGame::takebacks`]):
    /// while the store has as many, this game's moves are a beginning of
    /// the stored ones (another node's changes are then only moves added).
    pub takebacks: u32,
}

impl LiveGame {
    /// A new game, its clocks starting at `now`.
    pub fn new(id: GameId, game: NewGame, now: u64) -> Result<LiveGame, HubError> {
        let start = AnyPosition::from_fen(game.kind, &game.start_fen)
            .map_err(|e| HubError::BadStoredGame { game: id, why: e.to_string() })?;
        let initial = game.clock.map_or(0, |(initial, _)| reading(initial));
        Ok(LiveGame {
            id,
            game,
            created_ms: now,
            positions: vec![start],
            moves: Vec::new(),
            sans: Vec::new(),
            left: [initial; 2],
            turn_start: now,
            ending: None,
            ended_at: None,
            offers: Vec::new(),
            watchers: BTreeSet::new(),
            gone_since: [None; 2],
            claim_told: false,
            spectators_chat: Vec::new(),
            engine_ply: None,
            saving: false,
            takebacks: 0,
        })
    }

    /// A stored game rebuilt: every move replayed, the clocks as stored
    /// after the last move, the side to move's running since that move.
    pub fn restore(stored: StoredGame) -> Result<LiveGame, HubError> {
        let id = stored.id;
        let (final_clocks, deadline) = (stored.final_clocks, stored.deadline_ms);
        let mut live = LiveGame::new(id, stored.game, stored.created_ms)?;
        live.takebacks = stored.takebacks;
        for m in stored.moves {
            let bad = |why: String| HubError::BadStoredGame { game: id, why };
            let pos = live.position();
            let mv = pos.parse_move(&m.mv).map_err(|e| bad(format!("move {}: {e}", m.mv)))?;
            let san = pos.san(mv);
            live.push(mv, san, m)?;
        }
        if let Some(clocks) = final_clocks {
            live.left = clocks;
        }
        live.follow_deadline(deadline);
        Ok(live)
    }

    /// Makes the running clock the stored one: the side to move's flag
    /// falls at `deadline` (its time left as stored with the last move, so
    /// its turn began that long before). `None` (no clock runs, or a game
    /// from before deadlines were stored) changes nothing.
    pub fn follow_deadline(&mut self, deadline: Option<u64>) {
        if let Some(deadline) = deadline
            && self.game.clock.is_some()
            && self.runs(self.turn())
        {
            self.turn_start = deadline.saturating_add_signed(-self.left[self.turn().index()]);
        }
    }

    /// When the side to move's flag falls, while its clock runs (a timed
    /// game going on, after White's first move): what the storage keeps.
    pub fn deadline(&self) -> Option<u64> {
        let turn = self.turn();
        (self.game.clock.is_some() && self.runs(turn))
            .then(|| self.turn_start.saturating_add_signed(self.left[turn.index()]))
    }

    /// The deadline once `stored` (this turn's move) is played: the
    /// opponent's clock starts at the move's time (the sides alternate:
    /// a pass is a move).
    pub fn deadline_after(&self, stored: &StoredMove) -> Option<u64> {
        self.game.clock?;
        let left = if self.turn() == Color::White { stored.black_ms } else { stored.white_ms };
        Some(stored.at_ms.saturating_add_signed(left))
    }

    /// The deadline once the moves from `keep` on are taken back at `now`
    /// (the side to move then has its clock as after move `keep - 1`).
    pub fn deadline_after_takeback(&self, keep: usize, now: u64) -> Option<u64> {
        self.game.clock?;
        let last = self.moves.get(keep.checked_sub(1)?)?;
        let turn = self.positions.get(keep)?.turn();
        let left = if turn == Color::White { last.white_ms } else { last.black_ms };
        Some(now.saturating_add_signed(left))
    }

    /// After a restart at `now`: the side to move's clock had counted up
    /// to `alive` (the last time the server noted it ran), and goes on
    /// from there, so that the time the server was down is charged to
    /// nobody; so does the start window.
    pub fn resume(&mut self, alive: Option<u64>, now: u64) {
        let spent = alive.map_or(0, |alive| alive.saturating_sub(self.turn_start));
        self.turn_start = now.saturating_sub(spent);
    }

    /// A stored game rebuilt with its result, if it has one (to review or export).
    pub fn reread(stored: StoredGame) -> Result<LiveGame, HubError> {
        let ending = stored.result.clone().map(|(result, why)| Ending::new(&result, &why));
        Ok(LiveGame { ending, ..LiveGame::restore(stored)? })
    }

    pub fn kind(&self) -> GameKind {
        self.game.kind
    }

    /// The start position.
    pub fn start(&self) -> &AnyPosition {
        &self.positions[0]
    }

    /// The position now.
    pub fn position(&self) -> &AnyPosition {
        self.positions.last().expect("a game has its start position")
    }

    /// Moves played.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// The canonical text of the move at `ply`, if played.
    pub fn move_text(&self, ply: usize) -> Option<&str> {
        self.moves.get(ply).map(|m| m.mv.as_str())
    }

    /// The moves in the hub's canonical text.
    pub fn move_texts(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.mv.clone()).collect()
    }

    /// The moves as the library's moves (for the PGN writer).
    pub fn any_moves(&self) -> Vec<AnyMove> {
        let mut out = Vec::with_capacity(self.moves.len());
        for (pos, m) in self.positions.iter().zip(&self.moves) {
            out.extend(pos.parse_move(&m.mv).ok());
        }
        out
    }

    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    pub fn seat(&self, color: Color) -> &Seat {
        &self.game.seats[color.index()]
    }

    /// The colour `account` plays here, if any.
    pub fn colour_of(&self, account: AccountId) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| matches!(self.seat(c), Seat::Player(a) if a.id == account))
    }

    /// The players' accounts, White's then Black's (none for the engine).
    pub fn accounts(&self) -> impl Iterator<Item = (Color, AccountId)> + '_ {
        Color::ALL.into_iter().filter_map(|c| match self.seat(c) {
            Seat::Player(a) => Some((c, a.id)),
            Seat::Engine { .. } => None,
        })
    }

    /// The engine's level if the side to move is the engine and the game goes on.
    pub fn engine_to_move(&self) -> Option<Level> {
        match self.seat(self.turn()) {
            Seat::Engine { level } if self.ending.is_none() => Level::new(*level),
            _ => None,
        }
    }

    /// When the current turn started.
    pub fn turn_start(&self) -> u64 {
        self.turn_start
    }

    /// Whether `color`'s clock runs now: on its turn, once White has moved
    /// (White's first move takes no time of its clock), until the end.
    fn runs(&self, color: Color) -> bool {
        self.ending.is_none() && color == self.turn() && !self.moves.is_empty()
    }

    /// `color`'s time left at `now` (its clock runs on its turn).
    pub fn left_at(&self, color: Color, now: u64) -> i64 {
        let running = self.runs(color);
        let spent = if running { reading(now.saturating_sub(self.turn_start)) } else { 0 };
        self.left[color.index()] - spent
    }

    /// Both clocks at `now`, in a timed game.
    pub fn clocks(&self, now: u64) -> Option<Clocks> {
        self.game.clock?;
        let running = self.runs(self.turn()).then(|| self.turn());
        Some(Clocks { left_ms: Color::ALL.map(|c| self.left_at(c, now)), running })
    }

    /// Both clocks if the game ended at `now` (a fallen flag shows 0), in
    /// a timed game: what is kept with the result.
    pub fn final_clocks(&self, now: u64) -> Option<[i64; 2]> {
        self.game.clock?;
        Some(Color::ALL.map(|c| self.left_at(c, now).max(0)))
    }

    /// Stops the clocks at `clocks` ([`LiveGame::final_clocks`]), as the game ends at `now`.
    pub fn stop_clocks(&mut self, clocks: [i64; 2], now: u64) {
        self.left = clocks;
        self.turn_start = now;
    }

    /// When the side to move's first move is due, in a timed game where
    /// it has not moved yet: `window` after its turn began, or the game's
    /// initial time if shorter. Past it the game is aborted.
    pub fn first_move_due(&self, window: u64) -> Option<u64> {
        let (initial, _) = self.game.clock?;
        (self.ending.is_none() && self.moves.len() < 2).then(|| self.turn_start + window.min(initial))
    }

    /// The side whose flag has fallen at `now`, in a timed game going on.
    pub fn flag_fallen(&self, now: u64) -> Option<Color> {
        let turn = self.turn();
        (self.game.clock.is_some() && self.runs(turn) && self.left_at(turn, now) <= 0).then_some(turn)
    }

    /// The legal move `text` names, with its canonical text and SAN.
    pub fn read_move(&self, text: &str) -> Result<(AnyMove, String, String), HubError> {
        let illegal = |why: String| HubError::IllegalMove { text: text.to_string(), why };
        let pos = self.position();
        let mv = pos.parse_move(text.trim()).map_err(|e| illegal(e.to_string()))?;
        let san = pos.san(mv);
        Ok((mv, canonical(mv), san))
    }

    /// The stored form of `mv` played at `now`: the mover's clock less the
    /// time spent, plus the increment.
    pub fn stored_move(&self, text: String, now: u64) -> StoredMove {
        let mut left = self.left;
        if let Some((_, increment)) = self.game.clock {
            let mover = self.turn();
            left[mover.index()] = self.left_at(mover, now) + reading(increment);
        }
        StoredMove { mv: text, white_ms: left[0], black_ms: left[1], at_ms: now }
    }

    /// Plays a move already stored; offers lapse, as a move answers them.
    pub fn push(&mut self, mv: AnyMove, san: String, stored: StoredMove) -> Result<(), HubError> {
        let next = self
            .position()
            .after(mv)
            .map_err(|e| HubError::IllegalMove { text: stored.mv.clone(), why: e.to_string() })?;
        self.positions.push(next);
        self.left = [stored.white_ms, stored.black_ms];
        self.turn_start = stored.at_ms;
        self.moves.push(stored);
        self.sans.push(san);
        self.offers.retain(|o| matches!(o, Offer::Rematch(_)));
        self.claim_told = false;
        Ok(())
    }

    /// Goes back to after `keep` moves; the side to move's clock restarts at `now`.
    pub fn take_back_to(&mut self, keep: usize, now: u64) {
        self.positions.truncate(keep + 1);
        self.moves.truncate(keep);
        self.sans.truncate(keep);
        let initial = self.game.clock.map_or(0, |(initial, _)| reading(initial));
        self.left = self.moves.last().map_or([initial; 2], |m| [m.white_ms, m.black_ms]);
        self.turn_start = now;
        self.offers.clear();
        self.claim_told = false;
    }

    /// How the rules end the game here, if they do.
    pub fn rules_ending(&self) -> Option<Ending> {
        let (last, earlier) = self.positions.split_last()?;
        let hashes: Vec<u64> = earlier.iter().map(AnyPosition::hash).collect();
        let outcome = last.outcome(&hashes)?;
        Some(Ending::new(outcome.result_str(), &outcome.to_string()))
    }

    /// The player's name of each side.
    pub fn names(&self) -> [String; 2] {
        Color::ALL.map(|c| self.seat(c).name())
    }

    /// The game as listed at `now`.
    pub fn info(&self, now: u64) -> LobbyGame {
        LobbyGame {
            id: self.id,
            kind: self.kind(),
            names: self.names(),
            rated: self.game.rated,
            clock: self.game.clock,
            plies: self.plies(),
            turn: self.turn(),
            clocks: self.clocks(now),
        }
    }

    /// The game as `you` (`None`: a watcher) see it at `now`, an opponent
    /// gone for `absence` being claimable.
    pub fn view(&self, you: Option<Color>, now: u64, absence: u64) -> GameView {
        let gone = you.and_then(|c| self.gone_since[(!c).index()]).filter(|_| self.ending.is_none());
        GameView {
            opponent_gone_ms: gone.map(|since| now.saturating_sub(since)),
            turn_ms: now.saturating_sub(self.turn_start),
            absence_ms: absence,
            info: self.info(now),
            start_fen: self.game.start_fen.clone(),
            moves: self.move_texts(),
            clocks: self.clocks(now),
            you,
            ending: self.ending.clone(),
            offers: self.offers.clone(),
        }
    }
}

/// A span of milliseconds as a clock reading (which a flag takes below
/// zero): the same number, or the largest reading for a span beyond it.
fn reading(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// The hub's canonical text of a legal move: the game's coordinate form
/// (`e2e4`, `g1h1d4`, `A:e2e4`), which its own parser reads back as that
/// move and no other (tested for every game).
pub fn canonical(mv: AnyMove) -> String {
    mv.to_string()
}

/// Whether `kind` has draws (Wormhole chess has none: the side without a move loses).
pub fn has_draws(kind: GameKind) -> bool {
    struct Draws;
    impl WithPosition for Draws {
        type Output = bool;
        fn run<P: ListedGame>(self, _: P) -> bool {
            P::DRAWS
        }
    }
    kind.with_position(None, Draws).expect("every game's start FEN reads (tested)")
}
