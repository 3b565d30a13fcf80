//! Storage in memory for the hub's tests: what the SQLite store keeps, shared
//! between clones so that a test can read it, and start a second hub on it
//! as a restarted server would.

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use wormhole::GameKind;

use crate::glicko::{self, Rating};
use crate::server::store::*;

#[derive(Default)]
pub struct MemoryTables {
    pub accounts: Vec<(Account, Vec<String>)>,
    pub games: Vec<StoredGame>,
    pub ratings: HashMap<(AccountId, GameKind), (Rating, u32)>,
    /// What each rated game changed, as the stores' rating history keeps it.
    pub changes: HashMap<GameId, RatingChange>,
    pub challenges: Vec<StoredChallenge>,
    pub last_challenge: i64,
    /// Keys offered: (fingerprint, account).
    pub offers: Vec<(String, AccountId)>,
    pub alive: Option<u64>,
}

/// Storage in memory; clones share it, and its [`Gate`].
#[derive(Clone, Default)]
pub struct Memory(pub Arc<Mutex<MemoryTables>>, pub Arc<Gate>);

/// What the gate does to commits of moves.
#[derive(Default)]
pub struct GateState {
    /// Commits wait at the gate while this holds.
    pub hold: bool,
    /// Commits fail with this error.
    pub fail: Option<String>,
    /// A commit holding a move of this game panics, as a bug in the code
    /// that writes it would.
    pub panic_game: Option<GameId>,
    /// Ending this game panics, as a bug in the code that stores an end would.
    pub panic_finish: Option<GameId>,
    /// Commits waiting at the gate now.
    pub waiting: usize,
}

/// Holds or fails the commits of moves ([`Records::add_moves`]), as a slow
/// or failing disk would, for the tests of the hub's writer.
#[derive(Default)]
pub struct Gate {
    state: Mutex<GateState>,
    changed: Condvar,
}

impl Gate {
    fn lock(&self) -> MutexGuard<'_, GateState> {
        self.state.lock().unwrap()
    }

    /// Changes what the gate does.
    pub fn set(&self, change: impl FnOnce(&mut GateState)) {
        change(&mut self.lock());
        self.changed.notify_all();
    }

    /// Waits (up to 20 s) until the gate's state is as `pred` says.
    pub fn wait_until(&self, pred: impl Fn(&GateState) -> bool) {
        let start = Instant::now();
        let mut state = self.lock();
        while !pred(&state) {
            assert!(start.elapsed() < Duration::from_secs(20), "the gate never came to that state");
            state = self.changed.wait_timeout(state, Duration::from_millis(10)).unwrap().0;
        }
    }

    /// A commit passes the gate: waits while it holds; its error if it fails.
    fn pass(&self) -> Result<(), StoreError> {
        let mut state = self.lock();
        state.waiting += 1;
        self.changed.notify_all();
        while state.hold {
            state = self.changed.wait(state).unwrap();
        }
        state.waiting -= 1;
        self.changed.notify_all();
        state.fail.as_deref().map_or(Ok(()), |why| Err(StoreError::Injected(why.to_string())))
    }
}

impl Memory {
    pub fn data(&self) -> std::sync::MutexGuard<'_, MemoryTables> {
        self.0.lock().unwrap()
    }
}

impl MemoryTables {
    fn game(&mut self, id: GameId) -> Result<&mut StoredGame, StoreError> {
        self.games.iter_mut().find(|g| g.id == id).ok_or(StoreError::NoGame(id))
    }
}

/// The id after `count` rows: ids count from 1, as SQLite's do.
fn next_id(count: usize) -> i64 {
    i64::try_from(count).unwrap() + 1
}

impl Records for Memory {
    fn open_again(&mut self) -> Result<Box<dyn Records>, StoreError> {
        Ok(Box::new(self.clone()))
    }

    fn account_by_key(&mut self, fp: &str) -> Result<Option<Account>, StoreError> {
        Ok(self.data().accounts.iter().find(|(_, keys)| keys.iter().any(|k| k == fp)).map(|(a, _)| a.clone()))
    }

    fn account_by_name(&mut self, name: &str) -> Result<Option<Account>, StoreError> {
        Ok(self.data().accounts.iter().find(|(a, _)| a.name.eq_ignore_ascii_case(name)).map(|(a, _)| a.clone()))
    }

    fn register(&mut self, name: &str, fp: &str, _key_text: &str) -> Result<Account, StoreError> {
        if self.account_by_name(name)?.is_some() {
            return Err(StoreError::NameTaken(name.to_string()));
        }
        let mut data = self.data();
        let account = Account { id: AccountId(next_id(data.accounts.len())), name: name.to_string() };
        data.accounts.push((account.clone(), vec![fp.to_string()]));
        Ok(account)
    }

    fn offer_key(&mut self, account: AccountId, fp: &str, _key_text: &str) -> Result<(), StoreError> {
        if self.account_by_key(fp)?.is_some() {
            return Err(StoreError::KeyTaken(fp.to_string()));
        }
        self.data().offers.push((fp.to_string(), account));
        Ok(())
    }

    fn key_offers(&mut self, fp: &str) -> Result<Vec<Account>, StoreError> {
        let data = self.data();
        let ids: Vec<AccountId> = data.offers.iter().filter(|(f, _)| f == fp).map(|(_, a)| *a).collect();
        Ok(data.accounts.iter().filter(|(a, _)| ids.contains(&a.id)).map(|(a, _)| a.clone()).collect())
    }

    fn confirm_key(&mut self, fp: &str, account: AccountId) -> Result<(), StoreError> {
        if !self.data().offers.iter().any(|(f, a)| f == fp && *a == account) {
            return Err(StoreError::NoKey(fp.to_string()));
        }
        self.refuse_key_offers(fp)?;
        let mut data = self.data();
        let entry = data.accounts.iter_mut().find(|(a, _)| a.id == account).ok_or(StoreError::NoAccount(account))?;
        entry.1.push(fp.to_string());
        Ok(())
    }

    fn refuse_key_offers(&mut self, fp: &str) -> Result<(), StoreError> {
        self.data().offers.retain(|(f, _)| f != fp);
        Ok(())
    }

    fn account_keys(&mut self, account: AccountId) -> Result<Vec<KeyRow>, StoreError> {
        let data = self.data();
        let bound = data.accounts.iter().filter(|(a, _)| a.id == account).flat_map(|(_, k)| k.clone());
        let offered = data.offers.iter().filter(|(_, a)| *a == account).map(|(f, _)| (f.clone(), true));
        let rows = bound.map(|f| (f, false)).chain(offered);
        Ok(rows.map(|(fingerprint, pending)| KeyRow { fingerprint, pending }).collect())
    }

    fn remove_key(&mut self, account: AccountId, fp: &str) -> Result<(), StoreError> {
        let mut data = self.data();
        let entry = data.accounts.iter_mut().find(|(a, _)| a.id == account).ok_or(StoreError::NoAccount(account))?;
        if entry.1.len() <= 1 {
            return Err(StoreError::LastKey(fp.to_string()));
        }
        entry.1.retain(|k| k != fp);
        Ok(())
    }

    fn create_game(&mut self, game: &NewGame, now_ms: u64) -> Result<GameId, StoreError> {
        let mut data = self.data();
        let id = GameId(next_id(data.games.len()));
        let moves = Vec::new();
        data.games.push(StoredGame {
            id,
            game: game.clone(),
            created_ms: now_ms,
            moves,
            result: None,
            final_clocks: None,
            deadline_ms: None,
            takebacks: 0,
        });
        Ok(id)
    }

    fn add_moves(&mut self, moves: &[MoveWrite]) -> BatchResult {
        let panic_game = self.1.lock().panic_game;
        if let Some(game) = panic_game.filter(|g| moves.iter().any(|w| w.game == *g)) {
            panic!("test: a bug writing a move of game {game}");
        }
        self.1.pass()?;
        let mut data = self.data();
        let mut add = |w: &MoveWrite| {
            let g = data.game(w.game)?;
            let next_ply = u32::try_from(g.moves.len()).unwrap();
            StoredTurn { over: g.result.is_some(), next_ply, deadline_ms: g.deadline_ms }.check(w)?;
            g.moves.push(w.stored.clone());
            g.deadline_ms = w.deadline_ms;
            Ok(())
        };
        Ok(moves.iter().map(&mut add).collect())
    }

    fn take_back(&mut self, game: GameId, keep: u32, deadline_ms: Option<u64>) -> Result<(), StoreError> {
        let mut data = self.data();
        let g = data.game(game)?;
        g.moves.truncate(usize::try_from(keep).unwrap());
        g.deadline_ms = deadline_ms;
        g.takebacks += 1;
        Ok(())
    }

    fn finish_game(&mut self, game: GameId, end: &Finish) -> Result<Option<RatingChange>, StoreError> {
        let Finish { result, why, clocks, flag, at_ms } = end;
        if self.1.lock().panic_finish == Some(game) {
            panic!("test: a bug storing the end of game {game}");
        }
        let mut data = self.data();
        let g = data.game(game)?;
        if g.result.is_some() {
            return Err(StoreError::GameOver(game));
        }
        let (next, deadline) = (u32::try_from(g.moves.len()).unwrap(), g.deadline_ms);
        if let Some(ply) = *flag
            && (next != ply || deadline.is_none_or(|d| d > *at_ms))
        {
            return Err(StoreError::NotDue { game, ply, at_ms: *at_ms, deadline });
        }
        g.result = Some((result.to_string(), why.to_string()));
        g.final_clocks = *clocks;
        g.deadline_ms = None;
        let (kind, rated, seats) = (g.game.kind, g.game.rated, g.game.seats.clone());
        let [Seat::Player(white), Seat::Player(black)] = seats else { return Ok(None) };
        let score = match result.as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            "1/2-1/2" => 0.5,
            _ => return Ok(None),
        };
        if !rated {
            return Ok(None);
        }
        let get = |id| data.ratings.get(&(id, kind)).copied().unwrap_or_default();
        let ((w, wn), (b, bn)) = (get(white.id), get(black.id));
        let period = |opponent, score| [glicko::RatedGame { opponent, score }];
        let (w2, b2) = (w.after(&period(b, score), glicko::TAU), b.after(&period(w, 1.0 - score), glicko::TAU));
        data.ratings.insert((white.id, kind), (w2, wn + 1));
        data.ratings.insert((black.id, kind), (b2, bn + 1));
        data.changes.insert(game, [(w, w2), (b, b2)]);
        Ok(Some([(w, w2), (b, b2)]))
    }

    fn rating_change(&mut self, game: GameId) -> Result<Option<RatingChange>, StoreError> {
        Ok(self.data().changes.get(&game).copied())
    }

    fn set_alive(&mut self, at_ms: u64) -> Result<(), StoreError> {
        self.data().alive = Some(at_ms);
        Ok(())
    }

    fn last_alive(&mut self) -> Result<Option<u64>, StoreError> {
        Ok(self.data().alive)
    }

    fn resume_clocks(&mut self, now_ms: u64, clocks: &[ResumedClock]) -> Result<usize, StoreError> {
        let mut data = self.data();
        let mut moved = 0;
        for c in clocks {
            let g = data.game(c.game)?;
            if g.result.is_none() && g.deadline_ms == c.from {
                g.deadline_ms = Some(c.to);
                moved += 1;
            }
        }
        data.alive = Some(now_ms);
        Ok(moved)
    }

    fn overdue_games(&mut self, now_ms: u64) -> Result<Vec<GameId>, StoreError> {
        let data = self.data();
        let due = |g: &&StoredGame| g.result.is_none() && g.deadline_ms.is_some_and(|d| d <= now_ms);
        Ok(data.games.iter().filter(due).map(|g| g.id).collect())
    }

    fn add_challenge(&mut self, from: AccountId, spec: &ChallengeSpec, now_ms: u64) -> Result<ChallengeId, StoreError> {
        let mut data = self.data();
        let from = data.accounts.iter().find(|(a, _)| a.id == from).ok_or(StoreError::NoAccount(from))?.0.clone();
        data.last_challenge += 1;
        let id = ChallengeId(data.last_challenge);
        data.challenges.push(StoredChallenge { id, from, spec: spec.clone(), created_ms: now_ms });
        Ok(id)
    }

    fn remove_challenge(&mut self, id: ChallengeId) -> Result<(), StoreError> {
        let mut data = self.data();
        let at = data.challenges.iter().position(|c| c.id == id).ok_or(StoreError::NoChallenge(id))?;
        data.challenges.remove(at);
        Ok(())
    }

    fn accept_challenge(&mut self, id: ChallengeId, game: &NewGame, now_ms: u64) -> Result<GameId, StoreError> {
        self.remove_challenge(id)?;
        self.create_game(game, now_ms)
    }

    fn challenges(&mut self) -> Result<Vec<StoredChallenge>, StoreError> {
        Ok(self.data().challenges.clone())
    }

    fn active_games(&mut self) -> Result<Vec<StoredGame>, StoreError> {
        Ok(self.data().games.iter().filter(|g| g.result.is_none()).cloned().collect())
    }

    fn game(&mut self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        Ok(self.data().games.iter().find(|g| g.id == id).cloned())
    }

    fn game_since(&mut self, id: GameId, from: u32) -> Result<Option<GameTail>, StoreError> {
        let data = self.data();
        let Some(g) = data.games.iter().find(|g| g.id == id) else { return Ok(None) };
        let moves = g.moves.get(usize::try_from(from).unwrap()..).unwrap_or_default().to_vec();
        let next_ply = u32::try_from(g.moves.len()).unwrap();
        let (takebacks, result, deadline_ms) = (g.takebacks, g.result.clone(), g.deadline_ms);
        Ok(Some(GameTail { from, moves, next_ply, takebacks, result, deadline_ms }))
    }

    fn leaderboard(&mut self, kind: GameKind, limit: usize) -> Result<Vec<LeaderRow>, StoreError> {
        let data = self.data();
        let name = |id| data.accounts.iter().find(|(a, _)| a.id == id).map(|(a, _)| a.name.clone()).unwrap_or_default();
        let mut rows: Vec<LeaderRow> = data
            .ratings
            .iter()
            .filter(|((_, k), _)| *k == kind)
            .map(|(&(id, _), &(rating, games))| LeaderRow { name: name(id), rating, games })
            .collect();
        rows.sort_by(|a, b| b.rating.rating.total_cmp(&a.rating.rating));
        rows.truncate(limit);
        Ok(rows)
    }

    fn player(&mut self, name: &str) -> Result<Option<PlayerPage>, StoreError> {
        let Some(account) = self.account_by_name(name)? else { return Ok(None) };
        let data = self.data();
        let ratings = data.ratings.iter().filter(|((id, _), _)| *id == account.id).map(|((_, k), (r, _))| (*k, *r));
        let recent = data
            .games
            .iter()
            .rev()
            .filter(|g| g.game.seats.iter().any(|s| matches!(s, Seat::Player(a) if a.id == account.id)))
            .map(|g| GameSummary {
                id: g.id,
                kind: g.game.kind,
                names: g.game.seats.each_ref().map(Seat::name),
                result: g.result.clone().map_or("*".into(), |r| r.0),
                created_ms: g.created_ms,
            })
            .collect();
        Ok(Some(PlayerPage { ratings: ratings.collect(), recent, history: Vec::new(), account }))
    }
}
